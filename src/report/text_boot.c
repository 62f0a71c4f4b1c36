// SPDX-License-Identifier: GPL-2.0
/*
 * A boot cycle's totals in the text summary, each saying what it
 * measures (analysis/boottotals.c; definitions in pmscope(1)).
 */
#include <stdio.h>

#include "analysis.h"
#include "report.h"

static const char *cb_name(const struct pm_run *run, const struct pm_cycle *c, int i)
{
	return i >= 0 ? run->devs[c->cbs[i].dev].name : "-";
}

/* label, figure and what it measures in 80 columns */
static void line(FILE *f, const char *label, ns_t ns, const char *what)
{
	char a[24], w[48];

	fprintf(f, "    %-22s %s ms  %s\n", label, text_ms(a, sizeof(a), 9, ns),
		text_fit(w, 40, what));
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
	if (t->kernel_ns != NS_NONE)
		line(f, "kernel to /init", t->kernel_ns, "to \"Run /init as init process\"");
	else
		fprintf(f, "    %-22s not in log (no \"Run /init\" line)\n", "kernel to /init");
	if (t->freed_ns != NS_NONE)
		line(f, "init memory freed", t->freed_ns, "to the first \"Freeing unused kernel\"");
	if (t->bootgraph_ns != NS_NONE)
		line(f, "bootgraph's init start", t->bootgraph_ns,
		     "to the last \"Freeing unused kernel\"");
	if (t->builtin_ns != NS_NONE) {
		snprintf(what, sizeof(what), "%zu, %s to %s", t->nbuiltin,
			 cb_name(run, c, t->first_initcall), cb_name(run, c, t->last_builtin));
		line(f, "built-in initcalls", t->builtin_ns, what);
	}
	if (t->user_ns != NS_NONE) {
		snprintf(what, sizeof(what), "%zu, the last %s", t->nmodule,
			 cb_name(run, c, t->last_initcall));
		line(f, "/init to last initcall", t->user_ns, what);
	} else if (t->run_init != NS_NONE) {
		fprintf(f, "    %-22s none after /init\n", "/init to last initcall");
	}
}
