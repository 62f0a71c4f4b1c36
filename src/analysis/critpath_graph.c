// SPDX-License-Identifier: GPL-2.0
/*
 * The dependency graph the PM core enforces (drivers/base/power/main.c):
 * in suspend a device waits for its children and consumers, in resume for
 * its parent and suppliers. Devices that run no callback in a phase still
 * take part: they are done once what they wait for is done, so a wait can
 * pass through several of them without leaving a trace in any log.
 */
#include <stdlib.h>

#include "critpath_int.h"

enum { ST_NEW, ST_OPEN, ST_DONE };

static void adj_build(struct cp_adj *a, size_t n, const int *from, const int *to, size_t m)
{
	size_t i;

	a->off = xcalloc(n + 1, sizeof(int));
	a->v = xmalloc((m ? m : 1) * sizeof(int));
	for (i = 0; i < m; i++)
		a->off[from[i] + 1]++;
	for (i = 0; i < n; i++)
		a->off[i + 1] += a->off[i];
	for (i = 0; i < m; i++)
		a->v[a->off[from[i]]++] = to[i];
	for (i = n; i > 0; i--)	/* off[] moved one list on: move it back */
		a->off[i] = a->off[i - 1];
	a->off[0] = 0;
}

static void adj_free(struct cp_adj *a)
{
	free(a->off);
	free(a->v);
}

static void build_graph(struct cp_ctx *x)
{
	const struct pm_run *run = x->run;
	size_t n = x->ndevs, m = 0, i;
	int *from = xmalloc((n + run->nlinks + 1) * sizeof(int));
	int *to = xmalloc((n + run->nlinks + 1) * sizeof(int));

	for (i = 0; i < n; i++) {
		int p = run->devs[i].parent_id;

		if (p >= 0 && p != (int)i) {
			from[m] = p;
			to[m++] = (int)i;
		}
	}
	adj_build(&x->children, n, from, to, m);
	/* Dormant links are skipped by dpm_wait_for_suppliers() too. */
	for (i = 0, m = 0; i < run->nlinks; i++) {
		const struct pm_link *l = &run->links[i];

		if (l->supplier == l->consumer || (l->status && !strcmp(l->status, "dormant")))
			continue;
		from[m] = l->consumer;
		to[m++] = l->supplier;
	}
	adj_build(&x->suppliers, n, from, to, m);
	adj_build(&x->consumers, n, to, from, m);
	free(from);
	free(to);
}

static bool waits_phase(const struct pm_phase *p)
{
	return phase_kind_is_device(p->kind) && p->kind != PK_PREPARE && p->kind != PK_COMPLETE;
}

/*
 * Which devices the driving thread handles (drivers/base/power/main.c,
 * dpm_async_fn()): with pm_async 1 those whose power/async is off. A
 * callback on another thread in a phase with waits shows pm_async 1;
 * with none, every device ran sync. A device's own callbacks say it too
 * where the facts do not.
 */
static void find_sync(struct cp_ctx *x)
{
	const struct pm_cycle *c = x->c;
	bool any_async = false;
	size_t i;

	for (i = 0; i < c->ncbs; i++) {
		const struct pm_callback *cb = &c->cbs[i];

		if (cb->phase >= 0 && waits_phase(&c->phases[cb->phase]) && c->main_pid >= 0 &&
		    cb->pid >= 0 && cb->pid != c->main_pid)
			any_async = true;
	}
	for (i = 0; i < x->ndevs; i++) {
		int flag = x->run->devs[i].async_flag;

		x->dev_sync[i] = flag == 0 || (flag == 1 && !any_async && c->main_pid >= 0) ? 1 :
				 flag == 1 ? 0 : -1;
	}
	for (i = 0; i < c->ncbs; i++) {
		const struct pm_callback *cb = &c->cbs[i];

		if (cb->dev < 0 || x->dev_sync[cb->dev] >= 0 || cb->phase < 0 ||
		    !waits_phase(&c->phases[cb->phase]) || c->main_pid < 0 || cb->pid < 0)
			continue;
		x->dev_sync[cb->dev] = cb->pid == c->main_pid;
	}
}

int cp_dev_sync(const struct cp_ctx *x, int dev)
{
	return dev >= 0 ? x->dev_sync[dev] : -1;
}

int cp_ctx_init(struct cp_ctx *x, const struct pm_run *run, const struct pm_cycle *c)
{
	size_t i, n = run->ndevs;

	memset(x, 0, sizeof(*x));
	x->run = run;
	x->c = c;
	x->ndevs = n;
	x->skew = CP_SKEW_DMESG_NS;
	for (i = 0; i < c->ncbs; i++)
		if (c->cbs[i].flags & CB_FROM_TRACE)
			x->skew = CP_SKEW_TRACE_NS;
	x->eps = CP_EPS_NS;
	build_graph(x);
	x->dev_cb = xmalloc((n ? n : 1) * sizeof(int));
	x->done = xmalloc((n ? n : 1) * sizeof(ns_t));
	x->done_cb = xmalloc((n ? n : 1) * sizeof(int));
	x->done_next = xmalloc((n ? n : 1) * sizeof(int));
	x->la_dev = xmalloc((n ? n : 1) * sizeof(ns_t));
	x->state = xcalloc(n ? n : 1, 1);
	x->dev_sync = xmalloc(n ? n : 1);
	for (i = 0; i < n; i++)
		x->dev_cb[i] = -1;
	find_sync(x);
	n = c->ncbs ? c->ncbs : 1;
	x->cbs = xmalloc(n * sizeof(int));
	x->prev_same = xmalloc(n * sizeof(int));
	x->next_same = xmalloc(n * sizeof(int));
	x->by_end = xmalloc(n * sizeof(int));
	x->by_end_other = xmalloc(n * sizeof(int));
	x->slack = xmalloc(n * sizeof(ns_t));
	return 0;
}

void cp_ctx_free(struct cp_ctx *x)
{
	adj_free(&x->children);
	adj_free(&x->suppliers);
	adj_free(&x->consumers);
	free(x->dev_cb);
	free(x->done);
	free(x->done_cb);
	free(x->done_next);
	free(x->la_dev);
	free(x->state);
	free(x->dev_sync);
	free(x->held);
	free(x->touched);
	free(x->stack);
	free(x->cbs);
	free(x->prev_same);
	free(x->next_same);
	free(x->by_end);
	free(x->by_end_other);
	free(x->slack);
	memset(x, 0, sizeof(*x));
}

ns_t cp_skew(const struct cp_ctx *x, int cb)
{
	const struct pm_callback *p = &x->c->cbs[cb];

	if (!(p->flags & CB_FROM_DMESG) || p->kernel_us == US_NONE || p->kernel_us < 0)
		return x->skew;
	return x->skew + cb_kernel_ns(p) / 1000 * CP_DRIFT_PPM / 1000;	/* ns x ppm / 1e6 */
}

bool cp_cb_main(const struct cp_ctx *x, int cb)
{
	const struct pm_callback *p = &x->c->cbs[cb];

	return p->pid >= 0 && p->pid == x->c->main_pid;
}

/* Thread, then start: each thread's callbacks in the order it ran them. */
static int cmp_thread(const void *a, const void *b, void *arg)
{
	const struct cp_ctx *x = arg;
	int i = *(const int *)a, j = *(const int *)b;
	int pi = x->c->cbs[i].pid, pj = x->c->cbs[j].pid;
	ns_t si = cp_cb_start(x, i), sj = cp_cb_start(x, j);

	if (pi != pj)
		return pi < pj ? -1 : 1;
	if (si != sj)
		return si < sj ? -1 : 1;
	return i - j;
}

static int cmp_end(const void *a, const void *b, void *arg)
{
	const struct cp_ctx *x = arg;
	int i = *(const int *)a, j = *(const int *)b;
	ns_t ei = cp_cb_end(x, i), ej = cp_cb_end(x, j);

	if (ei != ej)
		return ei < ej ? -1 : 1;
	return i - j;
}

SORT_DEFINE(sort_thread, int, cmp_thread)
SORT_DEFINE(sort_end, int, cmp_end)

static void order_threads(struct cp_ctx *x)
{
	int *ord = xmalloc((x->ncbs ? x->ncbs : 1) * sizeof(int));
	size_t i;

	memcpy(ord, x->cbs, x->ncbs * sizeof(int));
	sort_thread(ord, x->ncbs, x);
	for (i = 0; i < x->ncbs; i++) {
		bool same = i && x->c->cbs[ord[i]].pid >= 0 &&
			    x->c->cbs[ord[i]].pid == x->c->cbs[ord[i - 1]].pid;

		x->prev_same[ord[i]] = same ? ord[i - 1] : -1;
		x->next_same[ord[i]] = -1;
		if (same)
			x->next_same[ord[i - 1]] = ord[i];
	}
	free(ord);

	memcpy(x->by_end, x->cbs, x->ncbs * sizeof(int));
	sort_end(x->by_end, x->ncbs, x);
	for (i = 0; i < x->ncbs; i++) {
		int pid = x->c->cbs[x->by_end[i]].pid;

		if (!i)
			x->by_end_other[i] = -1;
		else if (x->c->cbs[x->by_end[i - 1]].pid != pid)
			x->by_end_other[i] = (int)i - 1;
		else
			x->by_end_other[i] = x->by_end_other[i - 1];
	}
}

void cp_phase_begin(struct cp_ctx *x, int phase)
{
	const struct pm_cycle *c = x->c;
	const struct pm_phase *p = &c->phases[phase];
	size_t i;

	x->phase = phase;
	x->start = p->start;
	x->end = p->end;
	x->has_deps = phase_kind_is_device(p->kind) && p->kind != PK_PREPARE &&
		      p->kind != PK_COMPLETE;
	x->up = phase_kind_is_resume(p->kind);
	x->ncbs = 0;
	for (i = 0; i < c->ncbs; i++) {
		const struct pm_callback *cb = &c->cbs[i];
		int old;

		if (cb->phase != phase || (cb->start == NS_NONE && cb->end == NS_NONE))
			continue;
		x->cbs[x->ncbs++] = (int)i;
		/* A device seen twice in one phase: its last end counts. */
		old = x->dev_cb[cb->dev];
		if (old < 0 || cp_cb_end(x, old) < cp_cb_end(x, (int)i))
			x->dev_cb[cb->dev] = (int)i;
		x->slack[i] = NS_NONE;
	}
	order_threads(x);
}

static void touch(struct cp_ctx *x, int dev)
{
	VEC_RESERVE(x->touched, x->ntouched, x->touched_cap);
	x->touched[x->ntouched++] = dev;
}

void cp_phase_end(struct cp_ctx *x)
{
	size_t i;

	for (i = 0; i < x->ncbs; i++)
		x->dev_cb[x->c->cbs[x->cbs[i]].dev] = -1;
	for (i = 0; i < x->ntouched; i++)
		x->state[x->touched[i]] = ST_NEW;
	x->ntouched = 0;
	x->nheld = 0;
	x->held_built = false;
}

void cp_rel(const struct cp_ctx *x, int dev, bool waits, struct cp_span r[2])
{
	const struct pm_device *d = &x->run->devs[dev];
	bool up = waits == x->up;	/* toward the parent */

	if (up) {
		r[0].v = &d->parent_id;
		r[0].n = d->parent_id >= 0 && d->parent_id != dev;
		r[1].v = x->suppliers.v + x->suppliers.off[dev];
		r[1].n = (size_t)(x->suppliers.off[dev + 1] - x->suppliers.off[dev]);
	} else {
		r[0].v = x->children.v + x->children.off[dev];
		r[0].n = (size_t)(x->children.off[dev + 1] - x->children.off[dev]);
		r[1].v = x->consumers.v + x->consumers.off[dev];
		r[1].n = (size_t)(x->consumers.off[dev + 1] - x->consumers.off[dev]);
	}
}

static void push(struct cp_ctx *x, int v)
{
	VEC_RESERVE(x->stack, x->nstack, x->stack_cap);
	x->stack[x->nstack++] = v;
}

/* A device without a callback is done when the last thing it waits for is. */
static void settle(struct cp_ctx *x, int dev)
{
	struct cp_span r[2];
	size_t k, i;

	x->done[dev] = NS_NONE;
	x->done_cb[dev] = -1;
	x->done_next[dev] = -1;
	cp_rel(x, dev, true, r);
	for (k = 0; k < 2; k++) {
		for (i = 0; i < r[k].n; i++) {
			int y = r[k].v[i];

			if (x->state[y] != ST_DONE || x->done[y] == NS_NONE)
				continue;	/* a loop in bad facts: ignore it */
			if (x->done[dev] == NS_NONE || x->done[y] > x->done[dev]) {
				x->done[dev] = x->done[y];
				x->done_cb[dev] = x->done_cb[y];
				x->done_next[dev] = y;
			}
		}
	}
	x->state[dev] = ST_DONE;
}

ns_t cp_eps(const struct cp_ctx *x, int hops)
{
	return x->eps + (ns_t)hops * CP_EPS_HOP_NS;
}

int cp_chain_hops(const struct cp_ctx *x, int dev)
{
	int hops = 0;

	while (dev >= 0 && x->dev_cb[dev] < 0 && hops < 1 << 20) {
		dev = x->done_next[dev];
		hops++;
	}
	return hops;
}

ns_t cp_done(struct cp_ctx *x, int dev)
{
	struct cp_span r[2];
	size_t k, i;

	if (x->state[dev] == ST_DONE)
		return x->done[dev];
	x->nstack = 0;
	push(x, dev);
	while (x->nstack) {
		int v = x->stack[--x->nstack];

		if (v < 0) {
			settle(x, ~v);
			continue;
		}
		if (x->state[v] != ST_NEW)
			continue;
		touch(x, v);
		if (x->dev_cb[v] >= 0) {
			x->done[v] = cp_cb_end(x, x->dev_cb[v]);
			x->done_cb[v] = x->dev_cb[v];
			x->done_next[v] = -1;
			x->state[v] = ST_DONE;
			continue;
		}
		x->state[v] = ST_OPEN;
		push(x, ~v);
		cp_rel(x, v, true, r);
		for (k = 0; k < 2; k++)
			for (i = 0; i < r[k].n; i++)
				if (x->state[r[k].v[i]] == ST_NEW)
					push(x, r[k].v[i]);
	}
	return x->done[dev];
}
