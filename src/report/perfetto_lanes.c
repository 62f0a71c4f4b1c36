// SPDX-License-Identifier: GPL-2.0
/*
 * Perfetto export: which track each callback's slice goes to (see
 * perfetto.h). A row takes a callback when it nests: the row's open
 * slices that ended by its start are closed, and what is still open must
 * last at least as long as it.
 */
#include <stdlib.h>

#include "perfetto.h"
#include "report.h"

struct item {
	int cb, pid;
	ns_t start, end;
};

struct lane_src {
	struct pf_lane lane;
	size_t first, n;	/* its items */
	struct lane_key key;
};

/* By thread (or, once placed, by row), then start, the outer one first. */
static int cmp_item(const void *a, const void *b)
{
	const struct item *x = a, *y = b;

	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->end != y->end)
		return x->end > y->end ? -1 : 1;	/* the outer one first */
	return x->cb - y->cb;
}

/* The timelines' lane order (report/lanes.c). */
static int cmp_lane(const void *a, const void *b)
{
	return lane_key_cmp(&((const struct lane_src *)a)->key, &((const struct lane_src *)b)->key);
}

bool pf_row_takes(struct pf_row *r, ns_t start, ns_t end)
{
	while (r->n && r->ends[r->n - 1] <= start)
		r->n--;
	return !r->n || end <= r->ends[r->n - 1];
}

void pf_row_push(struct pf_row *r, ns_t end)
{
	VEC_RESERVE(r->ends, r->n, r->cap);
	r->ends[r->n++] = end;
}

/* The rows of one lane; returns how many it took. */
static size_t pack_lane(struct pf_lanes *pl, const struct item *it, size_t n, size_t first_row)
{
	struct pf_row *rows = NULL;
	size_t i, r, nrows = 0, cap = 0;

	for (i = 0; i < n; i++) {
		for (r = 0; r < nrows && !pf_row_takes(&rows[r], it[i].start, it[i].end); r++)
			;
		if (r == nrows) {
			VEC_RESERVE(rows, nrows, cap);
			rows[nrows++] = (struct pf_row){ NULL, 0, 0 };
		}
		pf_row_push(&rows[r], it[i].end);
		pl->row_of_cb[it[i].cb] = (int)(first_row + r);
	}
	for (r = 0; r < nrows; r++)
		free(rows[r].ends);
	free(rows);
	return nrows;
}

static size_t group_lanes(const struct pm_cycle *c, const struct item *it, size_t n,
			  struct lane_src **out)
{
	struct lane_src *ls = NULL;
	size_t i, nl = 0, cap = 0;

	for (i = 0; i < n; i++) {
		if (nl && ls[nl - 1].lane.pid == it[i].pid) {
			ls[nl - 1].n++;
			continue;
		}
		VEC_RESERVE(ls, nl, cap);
		ls[nl] = (struct lane_src){
			.lane = { .pid = it[i].pid,
				  .main = it[i].pid >= 0 && it[i].pid == c->main_pid,
				  .comm = it[i].pid >= 0 ? cycle_thread_comm(c, it[i].pid) : NULL },
			.first = i, .n = 1,
			.key = { it[i].pid, it[i].pid >= 0 && it[i].pid == c->main_pid, it[i].start },
		};
		nl++;
	}
	if (nl)
		qsort(ls, nl, sizeof(*ls), cmp_lane);
	*out = ls;
	return nl;
}

void pf_lanes_build(struct pf_lanes *pl, const struct pm_cycle *c)
{
	struct lane_src *ls = NULL;
	struct item *it = xcalloc(c->ncbs ? c->ncbs : 1, sizeof(*it));
	size_t i, n = 0, nl;

	*pl = (struct pf_lanes){ 0 };
	pl->row_of_cb = xcalloc(c->ncbs ? c->ncbs : 1, sizeof(*pl->row_of_cb));
	pl->end_of_cb = xcalloc(c->ncbs ? c->ncbs : 1, sizeof(*pl->end_of_cb));
	for (i = 0; i < c->ncbs; i++) {
		const struct pm_callback *cb = &c->cbs[i];

		pl->row_of_cb[i] = -1;
		pl->end_of_cb[i] = NS_NONE;
		if (cb->start == NS_NONE)
			continue;
		pl->end_of_cb[i] = cb_drawn_end(c, cb);
		it[n++] = (struct item){ (int)i, cb->pid < 0 ? -1 : cb->pid, cb->start,
					 pl->end_of_cb[i] };
	}
	qsort(it, n, sizeof(*it), cmp_item);
	nl = group_lanes(c, it, n, &ls);
	pl->lanes = xcalloc(nl ? nl : 1, sizeof(*pl->lanes));
	pl->nlanes = nl;
	pl->order = xcalloc(n ? n : 1, sizeof(*pl->order));
	for (i = 0; i < nl; i++) {
		pl->lanes[i] = ls[i].lane;
		pl->lanes[i].first_row = pl->nrows;
		pl->lanes[i].nrows = pack_lane(pl, it + ls[i].first, ls[i].n, pl->nrows);
		pl->nrows += pl->lanes[i].nrows;
	}
	/* by row now, in the same order inside each row */
	for (i = 0; i < n; i++)
		it[i].pid = pl->row_of_cb[it[i].cb];
	qsort(it, n, sizeof(*it), cmp_item);
	for (i = 0; i < n; i++)
		pl->order[pl->norder++] = it[i].cb;
	free(ls);
	free(it);
}

void pf_lanes_free(struct pf_lanes *pl)
{
	free(pl->lanes);
	free(pl->row_of_cb);
	free(pl->end_of_cb);
	free(pl->order);
}
