// SPDX-License-Identifier: GPL-2.0
/*
 * RUN-DIR/sys/facts.txt, the "key: value" lines `pmscope record` writes
 * (capture/facts.c): uname, kernel command line, DMI ids, the files of
 * /sys/power, how the trace was taken and what was lost. Each becomes a
 * run fact under its own key; the ones the reports name are derived as
 * a log would have given them, unless the log did: "kernel" and "host"
 * from uname, "dmi" as the kernel's "DMI:" line words it, "trace_clock"
 * the selected clock. Events the trace buffer dropped, kernel log
 * records the log overwrote and files record could not save whole
 * ("capture.cut.FILE: why", a full disk) are warnings: the run lacks them.
 */
#include <stdio.h>
#include <stdlib.h>

#include "input.h"

#define FACT_MAX 4096

static void derive_uname(struct pm_run *run, const char *uname)
{
	char sys[64], node[256], rel[256];

	/* "Linux <nodename> <release> <version...> <machine>" */
	if (sscanf(uname, "%63s %255s %255s", sys, node, rel) != 3)
		return;
	if (!run_fact(run, "kernel"))
		run_set_fact(run, "kernel", rel);
	if (!run_fact(run, "host") && strcmp(node, "(none)"))
		run_set_fact(run, "host", node);
}

/* "QEMU Standard PC (Q35 + ICH9, 2009), BIOS 1.16.2-debian-1.16.2-1 04/01/2014" */
static void derive_dmi(struct pm_run *run)
{
	const char *vendor = run_fact(run, "dmi.sys_vendor");
	const char *product = run_fact(run, "dmi.product_name");
	const char *bios = run_fact(run, "dmi.bios_version");
	const char *date = run_fact(run, "dmi.bios_date");
	char *dmi;

	if (run_fact(run, "dmi") || !vendor || !product)
		return;
	dmi = xasprintf("%s %s%s%s%s%s", vendor, product, bios ? ", BIOS " : "", bios ? bios : "",
			bios && date ? " " : "", bios && date ? date : "");
	run_set_fact(run, "dmi", dmi);
	free(dmi);
}

/* "local [global] counter ..." -> "global" */
static void derive_clock(struct pm_run *run, const char *clocks)
{
	const char *open = strchr(clocks, '['), *close = open ? strchr(open, ']') : NULL;
	char *clock;

	if (!close || run_fact(run, "trace_clock"))
		return;
	clock = xasprintf("%.*s", (int)(close - open - 1), open + 1);
	run_set_fact(run, "trace_clock", clock);
	free(clock);
}

static void lost(struct pm_run *run, const char *file, unsigned int line, const char *key,
		 const char *value)
{
	unsigned long long n = strtoull(value, NULL, 10);

	if (!n)
		return;
	if (!strcmp(key, "capture.trace_overrun"))
		run_warn(run, FC_CAPTURE_LOST, 0, file, line, "the trace buffer was full during the "
			 "capture: %llu events lost (record --buffer-kb)", n);
	else
		run_warn(run, FC_CAPTURE_LOST, 0, file, line, "the kernel log wrapped during the "
			 "capture: %llu records lost (boot with a larger log_buf_len)", n);
}

int capfacts_read(struct pm_run *run, const char *path, char *err, size_t errlen)
{
	struct line_reader *r = reader_open(path, err, errlen);
	const char *file;
	struct str line;
	size_t n = 0;
	int rc;

	if (!r)
		return -1;
	/* warnings keep the name: the caller's buffer does not last */
	file = strpool_cstr(&run->pool, path);
	while ((rc = reader_next(r, &line)) > 0) {
		long colon = str_find(line, ": ");
		char *key, *value;

		if (!line.len)
			continue;
		if (colon <= 0 || ++n > FACT_MAX) {
			snprintf(err, errlen, "%s:%u: %s", path, reader_lineno(r),
				 colon <= 0 ? "not a 'key: value' line" : "too many facts");
			break;
		}
		key = xasprintf("%.*s", (int)colon, line.p);
		value = xasprintf("%.*s", (int)(line.len - (size_t)colon - 2), line.p + colon + 2);
		if (!run_fact(run, key))
			run_set_fact(run, key, value);
		if (!strcmp(key, "uname"))
			derive_uname(run, value);
		else if (!strcmp(key, "capture.trace_clock"))
			derive_clock(run, value);
		else if (!strcmp(key, "capture.trace_overrun") || !strcmp(key, "capture.kmsg_lost"))
			lost(run, file, reader_lineno(r), key, value);
		else if (!strncmp(key, "capture.cut.", 12))
			run_warn(run, FC_CAPTURE_LOST, 0, file, reader_lineno(r), "%s was not saved "
				 "whole (%s): the reports lack what it is missing", key + 12, value);
		free(key);
		free(value);
	}
	if (rc < 0)
		snprintf(err, errlen, "%s", reader_error(r));
	derive_dmi(run);
	reader_close(r);
	return rc ? -1 : 0;
}
