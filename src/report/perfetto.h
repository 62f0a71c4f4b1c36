/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internals of the Perfetto export (report/perfetto*.c).
 *
 * A cycle becomes a group of tracks: the cycle itself (its facts on one
 * slice), its phases, then one track per thread as in the HTML lanes (the
 * driving thread first, then the workers by their first callback,
 * callbacks of unnamed threads last). Perfetto nests the slices of a track
 * by time, so callbacks of one thread that overlap without nesting (a log
 * that names no threads, probes) go to further rows of their lane, each a
 * track of its own.
 */
#ifndef PMSCOPE_PERFETTO_H
#define PMSCOPE_PERFETTO_H

#include "model.h"

struct pf_lane {
	int pid;		/* -1: the log did not name the thread */
	const char *comm;
	bool main;
	size_t first_row, nrows;
};

struct pf_lanes {
	struct pf_lane *lanes;
	size_t nlanes, nrows;
	int *row_of_cb;		/* c->cbs index -> row, -1: no slice (no start) */
	ns_t *end_of_cb;	/* where its slice ends (cb_drawn_end()) */
	int *order;		/* callbacks with a slice, by row, then start,
				 * the longer first when two start together */
	size_t norder;
};

/* A row's open slices (their ends, innermost last): pf_row_takes() closes
 * those ended by @start and says whether [@start, @end] nests in what is
 * still open; pf_row_push() opens it. Items come in start order. */
struct pf_row {
	ns_t *ends;
	size_t n, cap;
};

bool pf_row_takes(struct pf_row *r, ns_t start, ns_t end);
void pf_row_push(struct pf_row *r, ns_t end);

/* Lanes and rows of @c's callbacks. */
void pf_lanes_build(struct pf_lanes *pl, const struct pm_cycle *c);
void pf_lanes_free(struct pf_lanes *pl);

#endif
