// SPDX-License-Identifier: GPL-2.0
/*
 * The HTML page's device table: per cycle, each device that ran a
 * callback, in device tree order (a child under its nearest parent that
 * also ran one), with its depth, its power/async flag, how its callbacks
 * ran, and its callbacks' time in each phase. A cycle can hold 10^5
 * devices, so rows are flat records; the page sorts them, nothing more.
 */
#include <stdlib.h>

#include "timeline.h"

/* How a device's callbacks ran in the cycle (the "ran" field). */
enum { RAN_SYNC = 1, RAN_ASYNC = 2 };

struct devrow {
	int dev;
	int parent;		/* row of the nearest ancestor in the table, -1 */
	/* Where the PM core's device list has it: resume walks the list in
	 * order, suspend backwards, so its first start in resume, else its
	 * last start in suspend (late is early in the list). */
	ns_t resume_first, suspend_last;
	int ran;		/* RAN_* bits */
	int child, next;	/* first child row, next sibling row, -1 */
};

static int cmp_list_order(const void *a, const void *b, void *ctx)
{
	const struct devrow *r = ctx;
	int x = *(const int *)a, y = *(const int *)b;

	const struct devrow *a1 = &r[x], *b1 = &r[y];

	if ((a1->resume_first == NS_NONE) != (b1->resume_first == NS_NONE))
		return a1->resume_first != NS_NONE ? -1 : 1;
	if (a1->resume_first != b1->resume_first)
		return a1->resume_first < b1->resume_first ? -1 : 1;
	if (a1->suspend_last != b1->suspend_last)
		return a1->suspend_last > b1->suspend_last ? -1 : 1;
	return x - y;
}

static bool resume_side(const struct pm_cycle *c, const struct pm_callback *cb)
{
	return cb->phase >= 0 && (size_t)cb->phase < c->nphases &&
	       phase_kind_is_resume(c->phases[cb->phase].kind);
}

/* Rows of the cycle's devices, row_of[dev] set; returns how many. */
static size_t collect(const struct pm_run *run, const struct tl_cycle *tc, int *row_of,
		      struct devrow **out)
{
	struct devrow *r = NULL;
	size_t n = 0, cap = 0, i;

	for (i = 0; i < tc->nboxes; i++) {
		const struct pm_callback *cb = &tc->c->cbs[tc->boxes[i].cb];
		int k = row_of[cb->dev];

		if (k < 0) {
			VEC_RESERVE(r, n, cap);
			k = row_of[cb->dev] = (int)n;
			r[n++] = (struct devrow){ .dev = cb->dev, .parent = -1, .resume_first = NS_NONE,
						  .suspend_last = NS_NONE, .child = -1, .next = -1 };
		}
		if (cb->start != NS_NONE && resume_side(tc->c, cb)) {
			if (r[k].resume_first == NS_NONE || cb->start < r[k].resume_first)
				r[k].resume_first = cb->start;
		} else if (cb->start != NS_NONE && cb->start > r[k].suspend_last) {
			r[k].suspend_last = cb->start;
		}
		r[k].ran |= cb->async ? RAN_ASYNC : RAN_SYNC;
	}
	for (i = 0; i < n; i++) {
		int p = run->devs[r[i].dev].parent_id, hops = 0;

		while (p >= 0 && row_of[p] < 0 && hops++ < 64)
			p = run->devs[p].parent_id;
		r[i].parent = p >= 0 && row_of[p] >= 0 && row_of[p] != (int)i ? row_of[p] : -1;
	}
	*out = r;
	return n;
}

/* Children listed last first (in the PM core's list order), so pushing
 * them in list order leaves the first on top of tree_order()'s stack. */
static void link_children(struct devrow *r, size_t n, int *order)
{
	size_t i;

	for (i = 0; i < n; i++)
		order[i] = (int)i;
	if (n)
		qsort_r(order, n, sizeof(*order), cmp_list_order, r);
	for (i = 0; i < n; i++) {
		struct devrow *x = &r[order[i]];

		if (x->parent < 0)
			continue;
		x->next = r[x->parent].child;
		r[x->parent].child = order[i];
	}
}

/* Depth-first from the roots, children in the order the PM core met
 * them; every row put out once, so a loop in bad facts cannot hang. */
static void tree_order(const struct devrow *r, size_t n, const int *by_list, int *out,
		       int *depth)
{
	int *stack = xmalloc((n ? n : 1) * 2 * sizeof(*stack));
	char *done = xcalloc(n ? n : 1, 1);
	size_t k = 0, i, sp;
	int ch;

	for (i = 0; i < n; i++) {
		if (r[by_list[i]].parent >= 0)
			continue;
		sp = 0;
		stack[sp++] = by_list[i];
		stack[sp++] = 0;
		while (sp) {
			int d = stack[--sp], x = stack[--sp];

			if (done[x])
				continue;
			done[x] = 1;
			out[k] = x;
			depth[k++] = d;
			for (ch = r[x].child; ch >= 0; ch = r[ch].next)
				if (!done[ch] && sp + 2 <= 2 * n) {
					stack[sp++] = ch;
					stack[sp++] = d + 1;
				}
		}
	}
	for (i = 0; i < n; i++)	/* rows only a loop of parents reaches */
		if (!done[by_list[i]]) {
			out[k] = by_list[i];
			depth[k++] = 0;
		}
	free(stack);
	free(done);
}

/* Each row's callbacks' time in phase @p, into @t. */
static void phase_times(const struct tl_cycle *tc, const int *row_of, int p, ns_t *t)
{
	size_t i;

	for (i = 0; i < tc->nboxes; i++) {
		const struct pm_callback *cb = &tc->c->cbs[tc->boxes[i].cb];
		ns_t d = cb_duration(cb);

		if (cb->phase == p && d != NS_NONE && d > 0)
			t[row_of[cb->dev]] += d;
	}
}

enum { DTF_DEV, DTF_DEPTH, DTF_ASYNC_FLAG, DTF_RAN, DTF_NCBS, DTF_TOTAL, DTF_COUNT };
static const char *const devtab_fields[DTF_COUNT] = {
	[DTF_DEV] = "dev", [DTF_DEPTH] = "depth", [DTF_ASYNC_FLAG] = "async_flag",
	[DTF_RAN] = "ran", [DTF_NCBS] = "callbacks", [DTF_TOTAL] = "total",
};

/* Which phases get a column: those where a callback ran. */
static size_t table_phases(const struct tl_cycle *tc, int *ph)
{
	const struct pm_cycle *c = tc->c;
	char *used = xcalloc(c->nphases ? c->nphases : 1, 1);
	size_t i, n = 0;

	for (i = 0; i < tc->nboxes; i++) {
		int p = c->cbs[tc->boxes[i].cb].phase;

		if (p >= 0 && (size_t)p < c->nphases)
			used[p] = 1;
	}
	for (i = 0; i < c->nphases; i++)
		if (used[i])
			ph[n++] = (int)i;
	free(used);
	return n;
}

void tl_put_devtab(struct jw *w, const struct pm_run *run, const struct tl_cycle *tc)
{
	int *row_of = xmalloc((run->ndevs ? run->ndevs : 1) * sizeof(*row_of));
	int *ph = xmalloc((tc->c->nphases ? tc->c->nphases : 1) * sizeof(*ph));
	struct devrow *r = NULL;
	int *by_list, *order, *depth, *ncbs;
	ns_t *t, *total;
	size_t n, nph, i, k;

	for (i = 0; i < run->ndevs; i++)
		row_of[i] = -1;
	n = collect(run, tc, row_of, &r);
	nph = table_phases(tc, ph);
	by_list = xmalloc((n ? n : 1) * sizeof(int));
	order = xmalloc((n ? n : 1) * sizeof(int));
	depth = xmalloc((n ? n : 1) * sizeof(int));
	ncbs = xcalloc(n ? n : 1, sizeof(int));
	t = xcalloc((n ? n : 1) * (nph ? nph : 1), sizeof(ns_t));
	total = xcalloc(n ? n : 1, sizeof(ns_t));
	link_children(r, n, by_list);
	tree_order(r, n, by_list, order, depth);
	for (k = 0; k < nph; k++)
		phase_times(tc, row_of, ph[k], t + k * n);
	for (i = 0; i < tc->nboxes; i++) {
		const struct pm_callback *cb = &tc->c->cbs[tc->boxes[i].cb];
		ns_t d = cb_duration(cb);

		ncbs[row_of[cb->dev]]++;
		if (d != NS_NONE && d > 0)
			total[row_of[cb->dev]] += d;
	}

	jw_kobj(w, "devtab");
	jw_karr(w, "fields");
	for (i = 0; i < DTF_COUNT; i++)
		jw_str(w, devtab_fields[i]);
	jw_arr_end(w);
	jw_karr(w, "phases");	/* a time column per phase, after the fields */
	for (k = 0; k < nph; k++)
		jw_int(w, ph[k]);
	jw_arr_end(w);
	jw_karr(w, "rows");
	for (i = 0; i < n; i++) {
		const struct devrow *x = &r[order[i]];

		jw_int(w, x->dev);
		jw_int(w, depth[i]);
		jw_int(w, run->devs[x->dev].async_flag);
		jw_int(w, x->ran);
		jw_int(w, ncbs[order[i]]);
		jw_int(w, total[order[i]]);
		for (k = 0; k < nph; k++)
			jw_int(w, t[k * n + (size_t)order[i]]);
	}
	jw_arr_end(w);
	jw_kobj(w, "ran");
	jw_kint(w, "sync", RAN_SYNC);
	jw_kint(w, "async", RAN_ASYNC);
	jw_obj_end(w);
	jw_obj_end(w);
	free(row_of);
	free(ph);
	free(r);
	free(by_list);
	free(order);
	free(depth);
	free(ncbs);
	free(t);
	free(total);
}
