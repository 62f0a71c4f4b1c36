// SPDX-License-Identifier: GPL-2.0
/*
 * What-if replay (issue 11): each device phase of a measured cycle
 * replayed under another async policy (whatif_phase.c builds the phase,
 * whatif_sim.c runs it); the other phases keep their measured lengths and
 * everything after a phase moves by what the phase gained or lost. The
 * predicted cycle then has the measured cycle's shape, so critpath and the
 * timelines take it as they take any cycle.
 */
#include <math.h>
#include <stdlib.h>

#include "critpath_int.h"
#include "whatif_int.h"

static const char *const base_names[WI_NBASES] = {
	[WI_MEASURED] = "measured", [WI_SYNC] = "sync", [WI_UPFRONT] = "upfront",
	[WI_REWORK] = "rework", [WI_ASYNC] = "async",
};

const char *whatif_base_name(enum whatif_base b)
{
	return (unsigned)b < WI_NBASES ? base_names[b] : "?";
}

int whatif_base_parse(const char *s, enum whatif_base *out)
{
	int i;

	for (i = 0; i < WI_NBASES; i++) {
		if (!strcmp(s, base_names[i])) {
			*out = (enum whatif_base)i;
			return 0;
		}
	}
	return -1;
}

const char *whatif_rules_name(enum whatif_rules r)
{
	return r == WI_RULES_REWORK ? "6.16" : "2.6.33-6.15";
}

enum whatif_rules whatif_run_rules(const struct pm_run *run)
{
	return run_kernel_since(run, 6, 16) == 1 ? WI_RULES_REWORK : WI_RULES_UPFRONT;
}

enum whatif_rules whatif_base_rules(const struct pm_run *run, enum whatif_base b)
{
	switch (b) {
	case WI_UPFRONT:
		return WI_RULES_UPFRONT;
	case WI_REWORK:
	case WI_ASYNC:
		return WI_RULES_REWORK;
	default:
		return whatif_run_rules(run);
	}
}

static bool replayable(const struct pm_phase *p)
{
	return phase_kind_is_device(p->kind) && p->start != NS_NONE && p->end != NS_NONE &&
	       p->end >= p->start;
}

/* How far everything at measured time @t moved: as far as the last phase
 * that started at or before it (shift[i]), or, past its end, as far as
 * what follows it (shift[n + i]). */
static ns_t shift_at(const struct whatif_cycle *w, const ns_t *shift, ns_t t)
{
	const struct pm_cycle *m = w->measured;
	ns_t best = 0, at = INT64_MIN;
	size_t i;

	if (t == NS_NONE)
		return 0;
	for (i = 0; i < m->nphases; i++) {
		const struct pm_phase *p = &m->phases[i];

		if (p->start != NS_NONE && p->start <= t && p->start >= at) {
			at = p->start;
			best = p->end != NS_NONE && t >= p->end ? shift[m->nphases + i] : shift[i];
		}
	}
	return best;
}

static ns_t moved(const struct whatif_cycle *w, const ns_t *shift, ns_t t)
{
	return t == NS_NONE ? NS_NONE : t + shift_at(w, shift, t);
}

/* Replay phase @i into the predicted cycle; its predicted length. */
static int replay_phase(const struct wi_phase_in *in, struct cp_ctx *g, struct whatif_cycle *w,
			int i, ns_t shift)
{
	struct pm_phase *p = &w->c.phases[i];
	struct whatif_phase *wp = &w->phases[i];
	struct wi_sim s;
	ns_t tail;
	size_t k;
	int rc = wi_phase_build(in, g, i, &s, &tail);

	if (rc)
		return rc;
	s.t0 = (double)(p->start + shift);
	wi_simulate(&s);
	wp->predicted = true;
	wp->ncbs = s.ncbs;
	wp->nforced = s.nforced;
	for (k = 0; k < s.n; k++) {
		struct pm_callback *cb;

		if (s.it[k].cb < 0)	/* a held device: no callback */
			continue;
		cb = &w->c.cbs[s.it[k].cb];

		cb->start = llround(s.it[k].start);
		cb->end = llround(s.it[k].end);
		cb->async = s.it[k].async;
		cb->pid = s.it[k].async ? -1 : w->measured->main_pid;
		cb->kernel_us = (int32_t)((cb->end - cb->start) / 1000);
		wp->nasync += s.it[k].async;
		wp->kept_gaps_ns += llround(s.it[k].over + s.it[k].step);
	}
	wp->predicted_ns = llround(s.end) + tail - (p->start + shift);
	if (s.nshared) {
		w->shared = xrealloc(w->shared, (w->nshared + s.nshared) * sizeof(*w->shared));
		memcpy(w->shared + w->nshared, s.shared, s.nshared * sizeof(*s.shared));
		w->nshared += s.nshared;
	}
	wi_sim_free(&s);
	return 0;
}

static void shift_rest(struct whatif_cycle *w, const ns_t *shift)
{
	const struct pm_cycle *m = w->measured;
	size_t i;

	for (i = 0; i < m->ncbs; i++) {
		const struct pm_callback *cb = &m->cbs[i];
		int ph = cb->phase;

		if (ph >= 0 && (size_t)ph < m->nphases && w->phases[ph].predicted)
			continue;
		w->c.cbs[i].start = moved(w, shift, cb->start);
		w->c.cbs[i].end = moved(w, shift, cb->end);
	}
	w->c.end = moved(w, shift, m->end);
	w->c.sleep_ts = moved(w, shift, m->sleep_ts);
	w->c.wake_ts = moved(w, shift, m->wake_ts);
}

static void copy_cycle(struct whatif_cycle *w, const struct pm_cycle *m)
{
	w->c = *m;
	w->c.phases = xmalloc((m->nphases ? m->nphases : 1) * sizeof(*m->phases));
	if (m->nphases)	/* a cycle without phases or callbacks: NULL arrays */
		memcpy(w->c.phases, m->phases, m->nphases * sizeof(*m->phases));
	w->c.phases_cap = m->nphases;
	w->c.cbs = xmalloc((m->ncbs ? m->ncbs : 1) * sizeof(*m->cbs));
	if (m->ncbs)
		memcpy(w->c.cbs, m->cbs, m->ncbs * sizeof(*m->cbs));
	w->c.cbs_cap = m->ncbs;
	w->c.threads = NULL;
	w->c.nthreads = 0;
	w->phases = xcalloc(m->nphases ? m->nphases : 1, sizeof(*w->phases));
	w->nphases = m->nphases;
}

int whatif_replay(const struct pm_run *run, const struct pm_cycle *m,
		  const struct whatif_policy *pol, struct whatif_cycle *out)
{
	struct wi_phase_in in = { .run = run, .c = m, .pol = pol };
	ns_t *shift = xcalloc(2 * m->nphases + 1, sizeof(ns_t)), acc = 0;
	struct cp_ctx g;
	size_t i;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	out->measured = m;
	out->rules = whatif_base_rules(run, pol->base);
	out->nchanges = pol->nchanges;
	out->matched = xcalloc(pol->nchanges ? pol->nchanges : 1, sizeof(size_t));
	in.run_rules = whatif_run_rules(run);
	in.rules = out->rules;
	in.matched = out->matched;
	copy_cycle(out, m);
	if (cp_ctx_init(&g, run, m) < 0) {
		rc = -1;
		goto out;
	}
	for (i = 0; i < m->nphases; i++) {
		const struct pm_phase *p = &m->phases[i];
		struct whatif_phase *wp = &out->phases[i];

		wp->phase = (int)i;
		wp->measured_ns = wp->predicted_ns =
			p->start != NS_NONE && p->end != NS_NONE ? p->end - p->start : NS_NONE;
		shift[i] = acc;
		if (m->mode != MODE_BOOT && replayable(p) &&
		    replay_phase(&in, &g, out, (int)i, acc) < 0) {
			rc = -1;
			break;
		}
		if (wp->predicted)
			acc += wp->predicted_ns - wp->measured_ns;
		shift[m->nphases + i] = acc;
		if (p->start != NS_NONE) {
			out->c.phases[i].start = p->start + shift[i];
			out->c.phases[i].end = out->c.phases[i].start +
					       (wp->predicted_ns != NS_NONE ? wp->predicted_ns : 0);
		}
		if (p->end == NS_NONE)
			out->c.phases[i].end = NS_NONE;
		out->c.phases[i].kernel_us = wp->predicted ? wp->predicted_ns / 1000 : p->kernel_us;
	}
	cp_ctx_free(&g);
	if (!rc) {
		shift_rest(out, shift);
		rc = whatif_threads(out);
		cycle_totals(m, &out->measured_tot);
		cycle_totals(&out->c, &out->predicted_tot);
	}
out:
	free(shift);
	if (rc)
		whatif_cycle_free(out);
	return rc;
}

void whatif_cycle_free(struct whatif_cycle *w)
{
	free(w->c.phases);
	free(w->c.cbs);
	free(w->c.threads);
	free(w->phases);
	free(w->matched);
	free(w->shared);
	memset(w, 0, sizeof(*w));
}

const char *const whatif_assumptions[][2] = {
	{ "order", "a phase's callbacks are taken in the order they started in the "
		   "measured cycle: dpm_list order on the driving thread" },
	{ "waits", "in suspend a device waits for its children and device-link consumers, "
		   "in resume for its parent and suppliers; a sync device without a callback "
		   "in the phase waits so on the driving thread, which reaches it once what it "
		   "waits for was done as measured, before the next sync callback that started "
		   "after that; an async one (or one the facts do not show sync) passes a wait "
		   "on at once" },
	{ "lengths", "each callback keeps its measured length (times --scale, 0 with "
		     "--defer) whatever thread runs it" },
	{ "gaps", "the gap before each callback that no wait explains (printk, PM core "
		  "work, worker wake-up) is kept with it; a callback that moves between the "
		  "driving thread and the workers takes instead, onto the driving thread, its "
		  "gaps in the phase per callback of the phase and, onto a worker, the median "
		  "gap of the phase's async callbacks (its own when there were none), its gap on the "
		  "driving thread staying there as the loop's walk to it; each phase keeps its tail "
		  "after the last callback; phases without device callbacks keep their "
		  "measured length" },
	{ "shared", "async callbacks of a phase under one host controller (the nearest PCI "
		    "function above them; not its USB root hubs) that ended one after another, "
		    "the later ones waiting for a fifth or more of their summed lengths, queued "
		    "on it: each keeps only "
		    "the time before it asked and its service, and queues again on a resource of "
		    "capacity one, first asked first served" },
	{ "workers", "unlimited async workers; the callbacks running at once share the "
		     "run's CPUs as its log counts them (--cpus N: N, 0: no limit), measured "
		     "lengths being turned into CPU-alone lengths the same way first (a queued "
		     "callback's while it ran, not while it waited)" },
	{ "sleep", "time a callback's thread slept waiting on a device or a timer needs "
		   "no CPU: switched out asleep where the trace has sched_switch (a sleep "
		   "sched_waking shows another task woke it from is that task's CPU time), "
		   "else in schedule() where it has function_graph; without either all of a "
		   "callback's time is CPU time" },
};
const size_t whatif_nassumptions = ARRAY_SIZE(whatif_assumptions);
