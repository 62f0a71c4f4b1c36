/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internal to input/fgraph*.c: per-function totals of one callback's
 * calls, kept as the calls return.
 */
#ifndef PMSCOPE_FGRAPH_H
#define PMSCOPE_FGRAPH_H

#include "model.h"
#include "util.h"

#define FG_MAX_DEPTH 128

/* Totals by function name (interned: compared by address). Emptied in
 * O(1) by moving to the next generation: a slot of an older one is free. */
struct fg_totals {
	struct pm_fn_stat *st;
	size_t n, cap;
	struct fg_slot {
		uint32_t gen, idx;
	} *slot;
	size_t nslots;
	uint32_t gen;
};

void fg_totals_init(struct fg_totals *t);
void fg_totals_free(struct fg_totals *t);
void fg_totals_reset(struct fg_totals *t);
/* One call of @fn: @dur (NS_NONE: not known) less @kids is its own time. */
void fg_totals_add(struct fg_totals *t, const char *fn, ns_t dur, ns_t kids);
/* The @max longest by total (then by name) into @out; how many. The
 * totals are left in that order: reset before adding again. */
size_t fg_totals_top(struct fg_totals *t, struct pm_fn_stat *out, size_t max);

#endif
