// SPDX-License-Identifier: GPL-2.0
/*
 * A device phase as the replay sees it: its items in loop order
 * (whatif_order.c), what each waits for (through devices that ran no
 * callback, as the critical path does), the measured gap before each that
 * no wait explains, and the policy's async flag, length and CPU share for
 * each.
 */
#include <fnmatch.h>
#include <stdlib.h>

#include "critpath_int.h"
#include "whatif_int.h"

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
		const struct pm_callback *cb = s->it[i].cb >= 0 ? &c->cbs[s->it[i].cb] : NULL;
		ns_t lim = s->it[i].m_start + skew;
		int from = s->deps.off[i];

		if (cb && cb->flags & CB_FROM_DMESG && cb->kernel_us > 0)
			lim += (ns_t)cb->kernel_us * CP_DRIFT_PPM / 1000;
		s->deps.off[i] = m;
		for (k = from; k < s->deps.off[i + 1]; k++)
			if (s->it[s->deps.v[k]].m_end <= lim)
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
 * callback waited for (in it, or in a held device before it); on a
 * worker, since what it waited for (and, where the loop starts async
 * work, since the loop got there). A held device has none: the driving
 * thread is done with it once what it waits for is.
 */
static void kept_gaps(const struct pm_phase *p, struct wi_sim *s, bool loop_starts_async)
{
	ns_t main_end = p->start;
	size_t i;
	int k;

	for (i = 0; i < s->n; i++) {
		struct wi_item *it = &s->it[i];
		ns_t ready = p->start;

		for (k = s->deps.off[i]; k < s->deps.off[i + 1]; k++) {
			const struct wi_item *d = &s->it[s->deps.v[k]];

			if ((d->was_async || it->was_async) && d->m_end > ready)
				ready = d->m_end;
		}
		if (!it->was_async || loop_starts_async)
			ready = ready > main_end ? ready : main_end;
		if (it->cb < 0)
			it->m_start = it->m_end = ready;
		if (!it->was_async && it->m_end > main_end)
			main_end = it->m_end;
		it->over = it->m_start > ready ? (double)(it->m_start - ready) : 0;
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

		switch (it->cb < 0 && pol->base == WI_MEASURED ? WI_SYNC : pol->base) {
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
			in->matched[k] += it->cb >= 0;
			if (ch->kind == WI_SET_ASYNC || ch->kind == WI_SET_SYNC)
				it->async = ch->kind == WI_SET_ASYNC;
			else if (ch->kind == WI_DEFER)
				it->work = it->pre = 0;
			else {
				it->work *= ch->factor;
				it->pre *= ch->factor;
			}
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
		if (s->it[i].was_async && s->it[i].cb >= 0)
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
 * for walking past the async ones; its waits in held devices are no
 * gaps). Onto a worker it takes the median gap
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
		if (!s->it[i].was_async && s->it[i].cb >= 0) {
			main_sum += s->it[i].over;
			nmain++;
		}
	}
	for (i = 0; i < s->n; i++) {
		struct wi_item *it = &s->it[i];

		if (it->async == it->was_async || it->cb < 0)
			continue;
		if (!it->async && nmain) {
			it->over = main_sum / (double)s->ncbs;
		} else if (it->async) {
			it->step = it->over;
			if (med_async >= 0)
				it->over = med_async;
		}
	}
}

void wi_phase_policy(const struct wi_phase_in *in, int phase, struct wi_sim *s)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		s->it[i].work = s->it[i].work0;
		s->it[i].over = s->it[i].over0;
		s->it[i].pre = s->it[i].pre0;
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
	cp_phase_begin(g, phase);
	if (wi_collect(g, phase, s)) {
		cp_phase_end(g);
		return 1;
	}
	build_deps(c, g, s, has_deps);
	cp_phase_end(g);
	kept_gaps(p, s, has_deps && !resume && in->run_rules == WI_RULES_UPFRONT);
	wi_share(in->run, phase, s);
	wi_cpu_shares(c, s);
	if (in->pol->cpus > 0)
		wi_deflate(s, in->pol->cpus);
	for (i = 0; i < s->n; i++) {
		s->it[i].work0 = s->it[i].work;
		s->it[i].over0 = s->it[i].over;
		s->it[i].pre0 = s->it[i].pre;
	}
	wi_phase_policy(in, phase, s);
	s->loop_starts_async = has_deps && !resume && in->rules == WI_RULES_UPFRONT;
	s->cpus = in->pol->cpus;
	for (i = 0; i < s->n; i++)
		if (s->it[i].cb >= 0 && s->it[i].m_end > last)
			last = s->it[i].m_end;
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
	free(s->shared);
	memset(s, 0, sizeof(*s));
}
