// SPDX-License-Identifier: GPL-2.0
/*
 * The single change per device phase that would save the most: every sync
 * callback the measured critical path runs through or that was blocked on
 * async work is made async in turn (the longest first, WHATIF_HINT_TRIES
 * of them), and the phase replayed with everything else as measured.
 */
#include <stdlib.h>

#include "analyses.h"
#include "critpath_int.h"
#include "whatif_int.h"

struct cand {
	int cb;
	ns_t len;
	int dev;
};

static int cmp_len(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;

	if (x->len != y->len)
		return x->len > y->len ? -1 : 1;
	return x->cb - y->cb;
}

static bool is_sync(const struct pm_cycle *c, int cb)
{
	const struct pm_callback *p = &c->cbs[cb];

	return c->main_pid >= 0 && p->pid >= 0 ? p->pid == c->main_pid : !p->async;
}

bool whatif_cycle_all_sync(const struct pm_cycle *c)
{
	size_t i, n = 0;

	if (c->main_pid < 0)
		return false;
	for (i = 0; i < c->ncbs; i++) {
		const struct pm_callback *cb = &c->cbs[i];
		const struct pm_phase *p = cb->phase >= 0 ? &c->phases[cb->phase] : NULL;

		if (!p || !phase_kind_is_device(p->kind) || p->kind == PK_PREPARE ||
		    p->kind == PK_COMPLETE || cb->pid < 0)
			continue;
		if (cb->pid != c->main_pid)
			return false;
		n++;
	}
	return n > 0;
}

/* A device the driving thread ran, or held in (its callback @cb, or -1,
 * and @len of the phase it took). One whose power/async the run folder
 * shows enabled ran sync for pm_async 0 (or pm_trace), and so may any
 * device whose flag is unknown when no callback ran async: no
 * per-device change makes it async, so it is no hint (whatif -p upfront
 * replays pm_async 1). */
static void add_cand(const struct pm_run *run, bool all_sync, struct cand *v, size_t *n, int cb,
		     int dev, ns_t len)
{
	int flag = dev >= 0 ? run->devs[dev].async_flag : 1;

	if (flag != 1 && !(flag < 0 && all_sync))
		v[(*n)++] = (struct cand){ cb, len, dev };
}

static int cmp_dev(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;

	return x->dev != y->dev ? x->dev - y->dev : cmp_len(a, b);
}

/* Sync callbacks on the phase's path or blocked in it, and the sync
 * devices without a callback the driving thread waited in, longest
 * first. */
static size_t candidates(const struct pm_run *run, const struct pm_cycle *c,
			 const struct critpath *cp, const struct cp_phase *p, struct cand *v)
{
	bool all_sync = whatif_cycle_all_sync(c);
	size_t n = 0, i, k;

	for (i = 0; i < p->nsegs; i++) {
		int cb = p->segs[i].cb;

		if (p->segs[i].kind == CP_RUN && cb >= 0 && is_sync(c, cb))
			add_cand(run, all_sync, v, &n, cb, c->cbs[cb].dev, cb_duration(&c->cbs[cb]));
	}
	for (i = 0; i < cp->nblocked; i++) {
		const struct cp_blocked *b = &cp->blocked[i];

		if (b->phase != p->phase)
			continue;
		if (b->held_dev >= 0)
			add_cand(run, all_sync, v, &n, -1, b->held_dev, b->lost_ns);
		else if (is_sync(c, b->cb))
			add_cand(run, all_sync, v, &n, b->cb, c->cbs[b->cb].dev,
				 cb_duration(&c->cbs[b->cb]));
	}
	qsort(v, n, sizeof(*v), cmp_dev);	/* each device once, its longest */
	for (i = 0, k = 0; i < n; i++)
		if (!k || v[k - 1].dev != v[i].dev)
			v[k++] = v[i];
	n = k;
	qsort(v, n, sizeof(*v), cmp_len);
	return n < WHATIF_HINT_TRIES ? n : WHATIF_HINT_TRIES;
}

/* The phase's length with the policy @in->pol applied to built phase @s. */
static ns_t replay_len(const struct wi_phase_in *in, int phase, struct wi_sim *s, ns_t tail)
{
	wi_phase_policy(in, phase, s);
	s->t0 = (double)in->c->phases[phase].start;
	wi_simulate(s);
	return (ns_t)(s->end - s->t0 + 0.5) + tail;
}

static void best_of_phase(struct wi_phase_in *in, struct cp_ctx *g, const struct critpath *cp,
			  const struct cp_phase *p, struct cand *v, struct whatif_hint *h)
{
	const struct pm_phase *ph = &in->c->phases[p->phase];
	struct whatif_change ch = { .kind = WI_SET_ASYNC, .phase = ph->name };
	struct whatif_policy pol = { .base = WI_MEASURED, .changes = &ch };
	ns_t base, tail, meas = ph->end - ph->start;
	size_t n = candidates(in->run, in->c, cp, p, v), i;
	struct wi_sim s;

	h->dev = -1;
	h->phase = p->phase;
	h->measured_ns = meas;
	in->pol = &pol;
	if (!n || wi_phase_build(in, g, p->phase, &s, &tail)) {
		if (n)
			wi_sim_free(&s);
		in->pol = NULL;
		return;
	}
	/* the model's own length as the base, so the gain is the change's */
	base = replay_len(in, p->phase, &s, tail);
	pol.nchanges = 1;
	for (i = 0; i < n; i++) {
		ns_t len;

		ch.dev = v[i].dev;
		len = replay_len(in, p->phase, &s, tail);
		if (base - len < WHATIF_HINT_MIN_NS || (base - len) * 100 < meas)
			continue;
		if (h->dev < 0 || meas - (base - len) < h->predicted_ns) {
			h->dev = ch.dev;
			h->predicted_ns = meas - (base - len);
		}
	}
	wi_sim_free(&s);
	in->pol = NULL;	/* @pol is ours */
}

int whatif_hints(const struct pm_run *run, const struct pm_cycle *c, const struct critpath *cp,
		 struct whatif_hint **out, size_t *n)
{
	size_t matched = 0, i;
	struct wi_phase_in in = { .run = run, .c = c, .matched = &matched };
	struct cand *v = xmalloc((c->ncbs + cp->nblocked + 1) * sizeof(*v));
	struct cp_ctx g;

	*out = NULL;
	*n = 0;
	in.run_rules = in.rules = whatif_run_rules(run);
	if (c->mode == MODE_BOOT || !cp->nphases || cp_ctx_init(&g, run, c) < 0) {
		free(v);
		return 0;
	}
	*out = xcalloc(cp->nphases, sizeof(**out));
	for (i = 0; i < cp->nphases; i++) {
		const struct pm_phase *ph = &c->phases[cp->phases[i].phase];

		if (ph->kind == PK_PREPARE || ph->kind == PK_COMPLETE)
			continue;
		best_of_phase(&in, &g, cp, &cp->phases[i], v, &(*out)[*n]);
		if ((*out)[*n].dev >= 0)
			(*n)++;
	}
	cp_ctx_free(&g);
	free(v);
	return 0;
}

/* The results stage's entry: after the critical path, whose result it reads. */
int an_whatif_hints(const struct pm_run *run, struct cycle_results *cr,
		    const struct results_opts *o)
{
	size_t i;

	if (!o->hints)
		return 0;
	/* no callback ran async and no flag is known: pm_async was 0 */
	cr->hints_all_sync = cr->c->mode != MODE_BOOT && whatif_cycle_all_sync(cr->c);
	for (i = 0; i < run->ndevs && cr->hints_all_sync; i++)
		cr->hints_all_sync = run->devs[i].async_flag < 0;
	return whatif_hints(run, cr->c, &cr->cp, &cr->hints, &cr->nhints);
}

void an_whatif_hints_free(struct cycle_results *cr)
{
	free(cr->hints);
	cr->hints = NULL;
	cr->nhints = 0;
	cr->hints_all_sync = false;
}
