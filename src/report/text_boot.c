// SPDX-License-Identifier: GPL-2.0
/*
 * A boot cycle's totals in the text summary, each saying what it
 * measures (analysis/boottotals.c; definitions in pmscope(1)).
 */
#include <stdio.h>
#include <string.h>

#include "analysis.h"
#include "report.h"

static const char *cb_name(const struct pm_run *run, const struct pm_cycle *c, int i)
{
	return i >= 0 ? run->devs[c->cbs[i].dev].name : "-";
}

#define WHAT_WIDTH 39	/* 80 columns: 41 before it */

/* label, figure and what it measures in 80 columns */
static void line(FILE *f, const char *label, ns_t ns, const char *what)
{
	char a[24], w[WHAT_WIDTH + 8];

	fprintf(f, "    %-22s %s ms  %s\n", label, text_ms(a, sizeof(a), 9, ns),
		text_fit(w, WHAT_WIDTH, what));
}

/* "N, FIRST to LAST" in WHAT_WIDTH columns: the names cut to fit, never
 * the count (cutting the whole from the left took the count and left a
 * name without its start). */
static const char *count_span(char *out, size_t len, size_t n, const char *first,
			      const char *last)
{
	char num[24], a[WHAT_WIDTH + 8], b[WHAT_WIDTH + 8];
	size_t room = WHAT_WIDTH - (size_t)snprintf(num, sizeof(num), "%zu, ", n) - 4;
	size_t la = strlen(first), lb = strlen(last), wa = la, wb = lb;

	if (la + lb > room) {
		if (la <= room / 2)
			wb = room - la;
		else if (lb <= room / 2)
			wa = room - lb;
		else
			wb = room - (wa = room / 2);
	}
	snprintf(out, len, "%s%s to %s", num, text_fit(a, wa, first), text_fit(b, wb, last));
	return out;
}

/*
 * The boot's headline: from the kernel's start to the milestone that
 * says it is up (init run, the root mounted, systemd on the root), and
 * the modules loaded after it on a line of their own. A boot whose log
 * shows none of those is timed first to last event, as said.
 */
void report_text_boot_headline(FILE *f, const struct pm_run *run, const struct cycle_results *cr)
{
	const struct boot_totals *b = &cr->boot;
	const struct cycle_totals *t = &cr->totals;
	const struct pm_cycle *c = cr->c;
	const char *end = boot_end_words(c, t);
	char a[24], what[WHAT_WIDTH + 8];

	if (!end) {
		fprintf(f, "  boot %s ms, %zu initcalls and probes\n",
			text_ms(a, sizeof(a), 10, t->total_ns), c->ncbs);
		return;
	}
	if (c->ncbs)
		fprintf(f, "  boot  %s ms  to %s (line %u), %zu initcalls and probes\n",
			text_ms(a, sizeof(a), 10, t->boot_ns), end,
			c->milestones[t->boot_end].line, c->ncbs);
	else	/* no initcall_debug: what the log shows is its milestones */
		fprintf(f, "  boot  %s ms  to %s (line %u), %zu milestones\n",
			text_ms(a, sizeof(a), 10, t->boot_ns), end,
			c->milestones[t->boot_end].line, c->nmilestones);
	if (!b->nlate)
		return;
	fprintf(f, "  later %s ms  to the last of %zu begun after it: %s\n",
		text_ms(a, sizeof(a), 10, b->late_end), b->nlate,
		text_fit(what, WHAT_WIDTH - 8, cb_name(run, c, b->late_last)));
}

void report_text_boot_totals(FILE *f, const struct pm_run *run, const struct cycle_results *cr)
{
	const struct boot_totals *t = &cr->boot;
	const struct pm_cycle *c = cr->c;
	char what[256];

	if (!t->boot)
		return;
	fprintf(f, "  boot totals (the kernel's clock from 0; pmscope(1), Boot totals):\n");
	fprintf(f, "    %-22s not in log%s\n", "firmware, loader",
		t->fpdt_table ? " (it lists the ACPI FPDT table)" : "");
	if (t->kernel_ns != NS_NONE) {
		snprintf(what, sizeof(what), "to \"Run %s as init process\"",
			 t->init_path ? t->init_path : "/init");
		line(f, "kernel to /init", t->kernel_ns, what);
	} else {
		fprintf(f, "    %-22s not in log (no \"Run /init\" line)\n", "kernel to /init");
	}
	if (t->freed_ns != NS_NONE)
		line(f, "init memory freed", t->freed_ns, "to the first \"Freeing unused kernel\"");
	if (t->bootgraph_ns != NS_NONE)
		line(f, "bootgraph's init start", t->bootgraph_ns,
		     "to the last \"Freeing unused kernel\"");
	if (t->builtin_ns != NS_NONE)
		line(f, "built-in initcalls", t->builtin_ns,
		     count_span(what, sizeof(what), t->nbuiltin, cb_name(run, c, t->first_initcall),
				cb_name(run, c, t->last_builtin)));
	if (t->user_ns != NS_NONE) {
		char name[WHAT_WIDTH + 8];
		int n = snprintf(what, sizeof(what), "%zu, the last ", t->nmodule);

		snprintf(what + n, sizeof(what) - (size_t)n, "%s",
			 text_fit(name, WHAT_WIDTH - (size_t)n, cb_name(run, c, t->last_initcall)));
		line(f, "/init to last initcall", t->user_ns, what);
	} else if (t->run_init != NS_NONE && t->first_initcall >= 0) {
		fprintf(f, "    %-22s none after /init\n", "/init to last initcall");
	}
	if (t->init_systemd_ns == NS_NONE)
		return;
	if (t->systemd_initrd != NS_NONE)
		snprintf(what, sizeof(what), "to the root's systemd; initrd's %.3f s",
			 t->systemd_initrd / 1e9);
	else
		snprintf(what, sizeof(what), "to the banner of systemd on the root");
	line(f, "/init to systemd", t->init_systemd_ns, what);
}
