// SPDX-License-Identifier: GPL-2.0
/*
 * The CPU a phase's callbacks need: what the scheduler (sched_switch) or
 * function_graph saw them sleep needs none, and with --cpus the measured
 * lengths become lengths alone on a CPU, undoing the sharing the measured
 * overlap implies.
 */
#include <stdlib.h>

#include "whatif_int.h"

/* How long @cb slept waiting on a device or a timer, or -1 not known:
 * the scheduler's switches of its thread where the trace has them, else
 * function_graph's. A sleep another task woke it from was that task's
 * work (a lock's owner, a kthread), which wanted a CPU. */
static ns_t cb_slept(const struct pm_cycle *c, const struct pm_callback *cb, ns_t a, ns_t b)
{
	struct pm_callgraph view;
	const struct pm_callgraph *g;
	ns_t slept = cb->pid >= 0 ? cycle_slept(c, cb->pid, a, b, SLEPT_DEVICE) : -1;

	if (slept >= 0)
		return slept;
	g = cb_graph(c, cb, &view);
	return g ? g->sleep_ns : -1;
}

/* What a callback slept needs no CPU. */
void wi_cpu_shares(const struct pm_cycle *c, struct wi_sim *s)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		ns_t len = s->it[i].m_end - s->it[i].m_start, slept;

		if (s->it[i].cb < 0 || len <= 0)
			continue;
		slept = cb_slept(c, &c->cbs[s->it[i].cb], s->it[i].m_start, s->it[i].m_end);
		if (slept > 0)
			s->it[i].frac = slept >= len ? 0 : 1.0 - (double)slept / (double)len;
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
void wi_deflate(struct wi_sim *s, int cpus)
{
	size_t n = 4 * s->n, i;
	struct sweep_ev *ev = xmalloc((n ? n : 1) * sizeof(*ev));
	double *f = xmalloc((n ? n : 1) * sizeof(double)), demand = 0;

	/* a held device's item takes no time and no CPU (frac 0); one on a
	 * shared resource none while it queued */
	for (i = 0; i < s->n; i++) {
		const struct wi_item *it = &s->it[i];
		ns_t a = it->res >= 0 ? it->req : it->m_end, b = it->res >= 0 ? it->svc : it->m_end;

		ev[4 * i] = (struct sweep_ev){ it->m_start, it->frac };
		ev[4 * i + 1] = (struct sweep_ev){ a, -it->frac };
		ev[4 * i + 2] = (struct sweep_ev){ b, it->frac };
		ev[4 * i + 3] = (struct sweep_ev){ it->m_end, -it->frac };
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
		struct wi_item *it = &s->it[i];

		if (it->res < 0) {
			it->work = progress_at(ev, f, n, it->m_end) - progress_at(ev, f, n, it->m_start);
			continue;
		}
		it->pre = progress_at(ev, f, n, it->req) - progress_at(ev, f, n, it->m_start);
		it->work = it->pre + progress_at(ev, f, n, it->m_end) - progress_at(ev, f, n, it->svc);
	}
	free(ev);
	free(f);
}
