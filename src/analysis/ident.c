// SPDX-License-Identifier: GPL-2.0
/*
 * Who and what a run is: its machine and kernel as the inputs said them,
 * and the folder its sources are named from (the rows name them from
 * there). A run folder's facts name each DMI id; a log's "DMI:" line is
 * the kernel's dmi_dump_ids(), "VENDOR PRODUCT/BOARD, BIOS VERSION DATE",
 * where vendor and product cannot be told apart (both hold blanks): the
 * machine is those words, the board what follows the slash.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis.h"

/* The first of @keys the run has a fact for. */
static const char *fact_of(const struct pm_run *run, const char *const *keys)
{
	const char *v = NULL;

	for (; *keys && !v; keys++)
		v = run_fact(run, *keys);
	return v && *v ? v : NULL;
}

#define FACT(run, ...) fact_of(run, (const char *const[]){ __VA_ARGS__, NULL })

/* @n bytes of @s, kept in @ri's pool. */
static const char *keep(struct run_ident *ri, const char *s, size_t n)
{
	while (n && s[n - 1] == ' ')
		n--;
	return n ? strpool_get(&ri->pool, str_make(s, n)) : NULL;
}

/* From the kernel's "DMI:" words: the machine and, after its slash, the
 * board; after ", BIOS " the firmware's version and date. */
static void from_dmi_line(struct run_ident *ri, const char *dmi)
{
	const char *bios = strstr(dmi, ", BIOS ");
	size_t n = bios ? (size_t)(bios - dmi) : strlen(dmi);
	const char *slash = memrchr(dmi, '/', n);

	ri->machine = keep(ri, dmi, n);
	if (!ri->board && slash)
		ri->board = keep(ri, slash + 1, n - (size_t)(slash + 1 - dmi));
	if (!ri->bios && bios)
		ri->bios = keep(ri, bios + 7, strlen(bios + 7));
}

static void machine(const struct pm_run *run, struct run_ident *ri)
{
	const char *dmi = FACT(run, "dmi");
	char *both;

	ri->vendor = FACT(run, "dmi.sys_vendor", "vendor");
	ri->product = FACT(run, "dmi.product_name", "product");
	ri->board = FACT(run, "dmi.board_name");
	ri->bios = FACT(run, "dmi.bios_version", "bios");
	ri->machine_id = FACT(run, "machine_id");
	if (dmi) {
		from_dmi_line(ri, dmi);
	} else if (ri->vendor || ri->product) {
		both = xasprintf("%s%s%s", ri->vendor ? ri->vendor : "",
				 ri->vendor && ri->product ? " " : "", ri->product ? ri->product : "");
		ri->machine = keep(ri, both, strlen(both));
		free(both);
	}
}

/* The longest folder every source (standard input aside) lies in, as
 * they were named: "." when they were named without one. */
static void folder(const struct pm_run *run, struct run_ident *ri)
{
	const char *first = NULL;
	size_t n = 0, i, k;

	for (i = 0; i < run->nsources; i++) {
		const char *s = run->sources[i], *slash;

		if (!strcmp(s, "-"))
			continue;
		if (!first) {
			first = s;
			slash = strrchr(s, '/');
			n = slash ? (size_t)(slash - s) : 0;
			continue;
		}
		for (k = 0; k < n && s[k] == first[k]; k++)
			;
		if (k == n && s[n] == '/')
			continue;
		slash = memrchr(first, '/', k);
		n = slash ? (size_t)(slash - first) : 0;
	}
	ri->folder = n ? keep(ri, first, n) : first && first[0] == '/' ? "/" : ".";
}

void run_ident_fill(const struct pm_run *run, struct run_ident *ri)
{
	memset(ri, 0, sizeof(*ri));
	strpool_init(&ri->pool);
	ri->host = FACT(run, "host");
	ri->kernel = FACT(run, "kernel");
	ri->cmdline = FACT(run, "cmdline");
	ri->date = FACT(run, "date");
	machine(run, ri);
	folder(run, ri);
	if (run->given && run->given->folder)	/* a report's: its logs' */
		ri->folder = run->given->folder;
}

void run_ident_free(struct run_ident *ri)
{
	strpool_free(&ri->pool);
}

const char *run_ident_rel(const struct run_ident *ri, const char *path)
{
	size_t n = ri->folder ? strlen(ri->folder) : 0;

	if (!path || !n || !strcmp(ri->folder, "."))
		return path;
	if (!strcmp(ri->folder, "/"))
		return path[0] == '/' ? path + 1 : path;
	return !strncmp(path, ri->folder, n) && path[n] == '/' ? path + n + 1 : path;
}
