/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The analyses the results stage runs (analysis/results.c), one entry
 * each: @run fills its part of @cr for the cycle @cr->c, @free releases
 * it. Internal to the analysis stage; renderers see analysis.h only.
 */
#ifndef PMSCOPE_ANALYSES_H
#define PMSCOPE_ANALYSES_H

#include "analysis.h"

struct analysis {
	const char *name;
	int (*run)(const struct pm_run *run, struct cycle_results *cr,
		   const struct results_opts *o);
	void (*free)(struct cycle_results *cr);
	bool verdict;		/* run for every cycle: the verdict needs it */
};

/* analysis/totals.c */
int an_totals(const struct pm_run *run, struct cycle_results *cr, const struct results_opts *o);
int an_slowest(const struct pm_run *run, struct cycle_results *cr, const struct results_opts *o);
void an_slowest_free(struct cycle_results *cr);
/* analysis/critpath.c */
int an_critpath(const struct pm_run *run, struct cycle_results *cr, const struct results_opts *o);
void an_critpath_free(struct cycle_results *cr);
/* analysis/messages.c */
int an_messages(const struct pm_run *run, struct cycle_results *cr, const struct results_opts *o);
void an_messages_free(struct cycle_results *cr);

/* analysis/findings.c: after messages, whose said_error it reads */
int an_findings(const struct pm_run *run, struct cycle_results *cr, const struct results_opts *o);
void an_findings_free(struct cycle_results *cr);

/* analysis/works.c */
int an_works(const struct pm_run *run, struct cycle_results *cr, const struct results_opts *o);
void an_works_free(struct cycle_results *cr);

/* analysis/whatif_hint.c */
int an_whatif_hints(const struct pm_run *run, struct cycle_results *cr,
		    const struct results_opts *o);
void an_whatif_hints_free(struct cycle_results *cr);
/* analysis/boottotals.c: boot cycles' totals into cr->boot */
int an_boottotals(const struct pm_run *run, struct cycle_results *cr,
		  const struct results_opts *o);
/* analysis/bootpath.c: boot cycles' critical path into cr->cp */
int an_bootpath(const struct pm_run *run, struct cycle_results *cr, const struct results_opts *o);
int bootpath_compute(const struct pm_cycle *c, struct critpath *out);

#endif
