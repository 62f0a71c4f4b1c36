/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Analyses: figures derived from the run model. They read the model and
 * never change it; renderers show what they return.
 */
#ifndef PMSCOPE_ANALYSIS_H
#define PMSCOPE_ANALYSIS_H

#include "model.h"

/*
 * Headline lengths (defined in pmscope(1)):
 * suspend: from the start of the cycle's first phase to the start of the
 *   machine phase (or the end of the last suspend-side phase);
 * resume: from the end of the machine phase (or the start of the first
 *   resume-side phase) to the end of the last resume-side phase.
 */
struct cycle_totals {
	ns_t suspend_ns;	/* NS_NONE when not seen */
	ns_t resume_ns;
	ns_t machine_ns;
	ns_t total_ns;		/* boot: first to last event */
};

void cycle_totals(const struct pm_cycle *c, struct cycle_totals *t);

/* Indices of the @n longest callbacks of @c (optionally in one phase,
 * @phase >= 0), longest first; returns how many. */
size_t cycle_slowest(const struct pm_cycle *c, int phase, size_t *idx, size_t n);

/* Callbacks counted per phase into @counts (c->nphases entries). */
void cycle_phase_counts(const struct pm_cycle *c, size_t *counts);

#endif
