// SPDX-License-Identifier: GPL-2.0
/*
 * A device phase as the replay sees it: its callbacks in loop order, what
 * each waits for (through devices that ran no callback, as the critical
 * path does), the measured gap before each that no wait explains, and the
 * policy's async flag, length and CPU share for each.
 */
#include <fnmatch.h>
#include <stdlib.h>

#include "critpath_int.h"
#include "whatif_int.h"

static ns_t cb_start(const struct pm_callback *cb)
{
	return cb->start != NS_NONE ? cb->start : cb->end;
}

struct order_key {
	ns_t at;		/* where the loop got to it */
	int async;		/* 0 before 1: scheduled, then the next sync one */
	int seq;		/* sync callbacks from dmesg: their line order */
	ns_t start;
	int cb;
};

static int cmp_key(const void *a, const void *b, void *ctx)
{
	const struct order_key *x = a, *y = b;

	(void)ctx;
	if (x->at != y->at)
		return x->at < y->at ? -1 : 1;
	if (x->async != y->async)
		return y->async - x->async;
	if (x->seq != y->seq)
		return x->seq - y->seq;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->cb - y->cb;
}

static int cmp_ns(const void *a, const void *b, void *ctx)
{
	ns_t x = *(const ns_t *)a, y = *(const ns_t *)b;

	(void)ctx;
	return x < y ? -1 : x > y;
}

static bool ran_async(const struct pm_cycle *c, const struct pm_callback *cb)
{
	return c->main_pid >= 0 && cb->pid >= 0 ? cb->pid != c->main_pid : cb->async;
}

/*
 * Loop order: a sync callback where it started; an async one where the
 * driving thread was when it could have scheduled it, the end of the
 * last sync callback before its start (a worker may start late, after
 * the loop went on to the next sync device).
 */
static int cmp_line(const void *a, const void *b, void *arg)
{
	const struct pm_cycle *c = arg;
	const struct pm_callback *x = &c->cbs[((const struct order_key *)a)->cb];
	const struct pm_callback *y = &c->cbs[((const struct order_key *)b)->cb];

	if (x->file_id != y->file_id)
		return x->file_id - y->file_id;
	return x->line < y->line ? -1 : x->line > y->line;
}

SORT_DEFINE(sort_keys, struct order_key, cmp_key)
SORT_DEFINE(sort_ns, ns_t, cmp_ns)
SORT_DEFINE(sort_lines, struct order_key, cmp_line)

/*
 * A dmesg start is the return stamp less the kernel's figure, which can
 * put it a little before the previous callback's: on the driving thread
 * the "calling" lines' order is the loop's. Its keys are made to follow it.
 */
static void sync_line_order(const struct pm_cycle *c, struct order_key *k, size_t n)
{
	struct order_key *m = xmalloc((n ? n : 1) * sizeof(*m));
	size_t i, nm = 0;

	for (i = 0; i < n; i++) {
		const struct pm_callback *cb = &c->cbs[k[i].cb];

		if (k[i].async)
			continue;
		if (!(cb->flags & CB_FROM_DMESG) || (cb->flags & CB_FROM_TRACE) || !cb->line)
			goto out;
		m[nm++] = k[i];
	}
	sort_lines(m, nm, (void *)c);
	for (i = 0; i < nm; i++) {
		ns_t prev_end = i ? c->cbs[m[i - 1].cb].end : INT64_MIN;

		m[i].seq = (int)i;
		if (i && m[i].at < m[i - 1].at)
			m[i].at = m[i - 1].at;
		if (m[i].at < prev_end)
			m[i].at = prev_end;
	}
	for (i = 0, nm = 0; i < n; i++)
		if (!k[i].async)
			k[i] = m[nm++];
out:
	free(m);
}

static void loop_order(const struct pm_cycle *c, struct order_key *k, size_t n, ns_t p_start)
{
	ns_t *ends = xmalloc((n ? n : 1) * sizeof(ns_t));
	size_t i, ne = 0;

	sync_line_order(c, k, n);

	for (i = 0; i < n; i++)
		if (!k[i].async)
			ends[ne++] = c->cbs[k[i].cb].end;
	sort_ns(ends, ne, NULL);
	for (i = 0; i < n; i++) {
		size_t lo = 0, hi = ne;

		if (!k[i].async)
			continue;
		while (lo < hi) {	/* the last sync end at or before the start */
			size_t mid = (lo + hi) / 2;

			if (ends[mid] <= k[i].start)
				lo = mid + 1;
			else
				hi = mid;
		}
		k[i].at = lo ? ends[lo - 1] : p_start < k[i].start ? p_start : k[i].start;
	}
	sort_keys(k, n, NULL);
	free(ends);
}

/* The phase's callbacks in loop order into @s->it; 1 when one never ended
 * or its end is only bounded (cb_end_inferred()): no length to move. */
static int collect(const struct pm_cycle *c, int phase, struct wi_sim *s)
{
	struct order_key *k = xmalloc((c->ncbs ? c->ncbs : 1) * sizeof(*k));
	size_t i, n = 0;

	for (i = 0; i < c->ncbs; i++) {
		const struct pm_callback *cb = &c->cbs[i];

		if (cb->phase != phase)
			continue;
		if (cb->end == NS_NONE || cb_end_inferred(cb)) {
			free(k);
			return 1;
		}
		k[n].start = k[n].at = cb_start(cb);
		k[n].async = ran_async(c, cb);
		k[n].seq = 0;
		k[n++].cb = (int)i;
	}
	loop_order(c, k, n, c->phases[phase].start);
	s->it = xcalloc(n ? n : 1, sizeof(*s->it));
	s->n = n;
	for (i = 0; i < n; i++) {
		const struct pm_callback *cb = &c->cbs[k[i].cb];

		s->it[i].cb = k[i].cb;
		s->it[i].dev = cb->dev;
		s->it[i].work = (double)(cb->end - cb_start(cb));
		s->it[i].was_async = k[i].async;
		s->it[i].frac = 1.0;
	}
	free(k);
	return 0;
}

/* Devices a device waits for, through devices without a callback here. */
static void deps_of(struct cp_ctx *g, const int *dev_item, int item, int dev,
		    int *stamp, int **out, size_t *n, size_t *cap)
{
	int *stack = NULL;
	size_t ns = 0, scap = 0, k, i;
	struct cp_span r[2];

	VEC_RESERVE(stack, ns, scap);
	stack[ns++] = dev;
	stamp[dev] = item;
	while (ns) {
		int v = stack[--ns];

		cp_rel(g, v, true, r);
		for (k = 0; k < 2; k++) {
			for (i = 0; i < r[k].n; i++) {
				int y = r[k].v[i];

				if (stamp[y] == item)
					continue;
				stamp[y] = item;
				if (dev_item[y] >= 0 && dev_item[y] != item) {
					VEC_RESERVE(*out, *n, *cap);
					(*out)[(*n)++] = dev_item[y];
				} else if (dev_item[y] < 0) {
					VEC_RESERVE(stack, ns, scap);
					stack[ns++] = y;
				}
			}
		}
	}
	free(stack);
}

/* A wait the measured cycle contradicts (the callback started before what
 * it would wait for ended: a wrong parent, a link that did not apply) is
 * dropped: the kernel did not make it. */
static void drop_contradicted(const struct pm_cycle *c, struct wi_sim *s, ns_t skew)
{
	size_t i;
	int k, m = 0;

	for (i = 0; i < s->n; i++) {
		const struct pm_callback *cb = &c->cbs[s->it[i].cb];
		ns_t lim = cb_start(cb) + skew;
		int from = s->deps.off[i];

		if (cb->flags & CB_FROM_DMESG && cb->kernel_us > 0)
			lim += (ns_t)cb->kernel_us * CP_DRIFT_PPM / 1000;
		s->deps.off[i] = m;
		for (k = from; k < s->deps.off[i + 1]; k++)
			if (c->cbs[s->it[s->deps.v[k]].cb].end <= lim)
				s->deps.v[m++] = s->deps.v[k];
	}
	s->deps.off[s->n] = m;
}

static void transpose(const struct wi_adj *a, size_t n, struct wi_adj *t)
{
	size_t i, m = (size_t)a->off[n];
	int k, *fill = xcalloc(n + 1, sizeof(int));

	t->off = xcalloc(n + 1, sizeof(int));
	t->v = xmalloc((m ? m : 1) * sizeof(int));
	for (i = 0; i < m; i++)
		t->off[a->v[i] + 1]++;
	for (i = 0; i < n; i++)
		t->off[i + 1] += t->off[i];
	for (i = 0; i < n; i++)
		for (k = a->off[i]; k < a->off[i + 1]; k++) {
			int y = a->v[k];

			t->v[t->off[y] + fill[y]++] = (int)i;
		}
	free(fill);
}

static void build_deps(const struct pm_cycle *c, struct cp_ctx *g, struct wi_sim *s,
		       bool has_deps)
{
	size_t n = s->n, ndeps = 0, cap = 0, i, nd = g->ndevs ? g->ndevs : 1;
	int *dev_item = xmalloc(nd * sizeof(int)), *stamp = xmalloc(nd * sizeof(int));
	int *v = NULL;

	for (i = 0; i < nd; i++)
		dev_item[i] = stamp[i] = -1;
	for (i = 0; i < n; i++)
		if (s->it[i].dev >= 0)
			dev_item[s->it[i].dev] = (int)i;	/* the last one counts */
	s->deps.off = xcalloc(n + 1, sizeof(int));
	for (i = 0; i < n; i++) {
		if (has_deps && s->it[i].dev >= 0)
			deps_of(g, dev_item, (int)i, s->it[i].dev, stamp, &v, &ndeps, &cap);
		s->deps.off[i + 1] = (int)ndeps;
	}
	s->deps.v = v ? v : xmalloc(sizeof(int));
	drop_contradicted(c, s, g->skew);
	transpose(&s->deps, n, &s->waiters);
	free(dev_item);
	free(stamp);
}

/*
 * The measured gap before each callback that no wait explains: on the
 * driving thread, since its previous callback and the async work the
 * callback waited for; on a worker, since what it waited for (and, where
 * the loop starts async work, since the loop got there).
 */
static void kept_gaps(const struct pm_cycle *c, const struct pm_phase *p, struct wi_sim *s,
		      bool loop_starts_async)
{
	ns_t main_end = p->start;
	size_t i;
	int k;

	for (i = 0; i < s->n; i++) {
		const struct pm_callback *cb = &c->cbs[s->it[i].cb];
		ns_t start = cb_start(cb), ready = p->start;

		for (k = s->deps.off[i]; k < s->deps.off[i + 1]; k++) {
			const struct wi_item *d = &s->it[s->deps.v[k]];
			ns_t e = c->cbs[d->cb].end;

			if ((d->was_async || s->it[i].was_async) && e > ready)
				ready = e;
		}
		if (!s->it[i].was_async || loop_starts_async)
			ready = ready > main_end ? ready : main_end;
		if (!s->it[i].was_async && cb->end > main_end)
			main_end = cb->end;
		s->it[i].over = start > ready ? (double)(start - ready) : 0;
	}
}

static bool driver_hits(const struct whatif_change *ch, const struct pm_device *d)
{
	const char *drv = d->driver ? d->driver : "";

	return !ch->driver || (*ch->driver ? !fnmatch(ch->driver, drv, 0) : !*drv);
}

static bool change_hits(const struct pm_run *run, const struct pm_phase *p,
			const struct whatif_change *ch, int dev)
{
	if (dev < 0 || (ch->phase && strcmp(ch->phase, p->name)))
		return false;
	if (!ch->glob)
		return ch->dev == dev;
	return !fnmatch(ch->glob, run->devs[dev].name, 0) && driver_hits(ch, &run->devs[dev]);
}

/* The policy's flag, length and CPU share for each item. */
static void apply_policy(const struct wi_phase_in *in, const struct pm_phase *p,
			 struct wi_sim *s)
{
	const struct whatif_policy *pol = in->pol;
	bool never_async = p->kind == PK_PREPARE || p->kind == PK_COMPLETE;
	size_t i, k;

	for (i = 0; i < s->n; i++) {
		struct wi_item *it = &s->it[i];
		int flag = it->dev >= 0 ? in->run->devs[it->dev].async_flag : -1;

		switch (pol->base) {
		case WI_SYNC:
			it->async = false;
			break;
		case WI_ASYNC:
			it->async = true;
			break;
		case WI_UPFRONT:
		case WI_REWORK:
			it->async = flag >= 0 ? flag == 1 : it->was_async;
			break;
		default:
			it->async = it->was_async;
		}
		for (k = 0; k < pol->nchanges; k++) {
			const struct whatif_change *ch = &pol->changes[k];

			if (!change_hits(in->run, p, ch, it->dev))
				continue;
			in->matched[k]++;
			if (ch->kind == WI_SET_ASYNC || ch->kind == WI_SET_SYNC)
				it->async = ch->kind == WI_SET_ASYNC;
			else if (ch->kind == WI_DEFER)
				it->work = 0;
			else
				it->work *= ch->factor;
		}
		if (never_async)
			it->async = false;
	}
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The median kept gap of the measured async items; -1 when none. */
static double median_async_gap(const struct wi_sim *s)
{
	double *v = xmalloc((s->n ? s->n : 1) * sizeof(double)), m = -1;
	size_t i, n = 0;

	for (i = 0; i < s->n; i++)
		if (s->it[i].was_async)
			v[n++] = s->it[i].over;
	if (n) {
		qsort(v, n, sizeof(double), cmp_double);
		m = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	}
	free(v);
	return m;
}

/*
 * A callback that changes thread leaves its gap behind (a worker's wait
 * for a CPU is not the driving thread's, nor the other way round). Onto
 * the driving thread it takes the loop's cost per device: the driving
 * thread's kept gaps over all the phase's callbacks (its gaps also paid
 * for walking past the async ones). Onto a worker it takes the median gap
 * of the phase's async callbacks, and its gap on the driving thread stays
 * there as the loop's step to it: the loop still walks the devices before
 * it (at a phase's start, hundreds without a callback) whoever runs it.
 * Either way it keeps its own when no callback ran on that side.
 */
static void moved_gaps(struct wi_sim *s)
{
	double main_sum = 0, med_async = median_async_gap(s);
	size_t i, nmain = 0;

	for (i = 0; i < s->n; i++) {
		if (!s->it[i].was_async) {
			main_sum += s->it[i].over;
			nmain++;
		}
	}
	for (i = 0; i < s->n; i++) {
		struct wi_item *it = &s->it[i];

		if (it->async == it->was_async)
			continue;
		if (!it->async && nmain) {
			it->over = main_sum / (double)s->n;
		} else if (it->async) {
			it->step = it->over;
			if (med_async >= 0)
				it->over = med_async;
		}
	}
}

/* What function_graph saw a callback sleep needs no CPU. */
static void cpu_shares(const struct pm_cycle *c, struct wi_sim *s)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		const struct pm_callback *cb = &c->cbs[s->it[i].cb];
		struct pm_callgraph view;
		const struct pm_callgraph *g = cb_graph(c, cb, &view);
		ns_t len = cb->end - cb_start(cb);

		if (g && len > 0 && g->sleep_ns > 0)
			s->it[i].frac = g->sleep_ns >= len ? 0 : 1.0 - (double)g->sleep_ns / (double)len;
	}
}

struct sweep_ev {
	ns_t t;
	double d;
};

static int cmp_ev(const void *a, const void *b, void *ctx)
{
	const struct sweep_ev *x = a, *y = b;

	(void)ctx;
	return x->t < y->t ? -1 : x->t > y->t;
}

/* stable, as glibc's qsort(): events of one stamp stay in their order */
SORT_DEFINE(sort_events, struct sweep_ev, cmp_ev)

/* F(t): the progress a callback alone on a CPU makes from the first
 * event to @t while the measured callbacks share @cpus CPUs. */
static double progress_at(const struct sweep_ev *ev, const double *f, size_t n, ns_t t)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {	/* the last event at or before t */
		size_t mid = (lo + hi) / 2;

		if (ev[mid].t <= t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? f[lo - 1] : 0;
}

/* Measured lengths into CPU-alone lengths: a callback that ran while the
 * running ones wanted more than @cpus CPUs progressed at cpus / demand. */
static void deflate(const struct pm_cycle *c, struct wi_sim *s, int cpus)
{
	size_t n = 2 * s->n, i;
	struct sweep_ev *ev = xmalloc((n ? n : 1) * sizeof(*ev));
	double *f = xmalloc((n ? n : 1) * sizeof(double)), demand = 0;

	for (i = 0; i < s->n; i++) {
		const struct pm_callback *cb = &c->cbs[s->it[i].cb];

		ev[2 * i] = (struct sweep_ev){ cb_start(cb), s->it[i].frac };
		ev[2 * i + 1] = (struct sweep_ev){ cb->end, -s->it[i].frac };
	}
	sort_events(ev, n, NULL);
	for (i = 0; i < n; i++) {
		double before = i ? f[i - 1] : 0;
		double r = demand > cpus ? cpus / demand : 1.0;

		f[i] = before + (i ? (double)(ev[i].t - ev[i - 1].t) * r : 0);
		demand += ev[i].d;
		if (demand < 1e-9)
			demand = 0;
	}
	/* equal times: every event at t must give the same F(t) */
	for (i = n; i-- > 1;)
		if (ev[i - 1].t == ev[i].t)
			f[i - 1] = f[i];
	for (i = 0; i < s->n; i++) {
		const struct pm_callback *cb = &c->cbs[s->it[i].cb];

		s->it[i].work = progress_at(ev, f, n, cb->end) - progress_at(ev, f, n, cb_start(cb));
	}
	free(ev);
	free(f);
}

void wi_phase_policy(const struct wi_phase_in *in, int phase, struct wi_sim *s)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		s->it[i].work = s->it[i].work0;
		s->it[i].over = s->it[i].over0;
		s->it[i].step = 0;
	}
	apply_policy(in, &in->c->phases[phase], s);
	moved_gaps(s);
}

int wi_phase_build(const struct wi_phase_in *in, struct cp_ctx *g, int phase,
		   struct wi_sim *s, ns_t *tail)
{
	const struct pm_cycle *c = in->c;
	const struct pm_phase *p = &c->phases[phase];
	bool has_deps = p->kind != PK_PREPARE && p->kind != PK_COMPLETE;
	bool resume = phase_kind_is_resume(p->kind);
	ns_t last = p->start;
	size_t i;

	memset(s, 0, sizeof(*s));
	if (collect(c, phase, s))
		return 1;
	g->up = resume;
	build_deps(c, g, s, has_deps);
	kept_gaps(c, p, s, has_deps && !resume && in->run_rules == WI_RULES_UPFRONT);
	cpu_shares(c, s);
	if (in->pol->cpus > 0)
		deflate(c, s, in->pol->cpus);
	for (i = 0; i < s->n; i++) {
		s->it[i].work0 = s->it[i].work;
		s->it[i].over0 = s->it[i].over;
	}
	wi_phase_policy(in, phase, s);
	s->loop_starts_async = has_deps && !resume && in->rules == WI_RULES_UPFRONT;
	s->cpus = in->pol->cpus;
	for (i = 0; i < s->n; i++)
		if (c->cbs[s->it[i].cb].end > last)
			last = c->cbs[s->it[i].cb].end;
	*tail = p->end > last ? p->end - last : 0;
	return 0;
}

void wi_sim_free(struct wi_sim *s)
{
	free(s->it);
	free(s->deps.off);
	free(s->deps.v);
	free(s->waiters.off);
	free(s->waiters.v);
	memset(s, 0, sizeof(*s));
}
