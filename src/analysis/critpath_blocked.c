// SPDX-License-Identifier: GPL-2.0
/*
 * Sync devices held back by async work. The driving thread handles sync
 * devices one after another; before each it waits for the device's
 * children (suspend) or parent (resume). When one of those runs async and
 * ends after the thread got free, the thread sits idle: the time from the
 * end of its previous callback to this start is lost, and every later sync
 * callback moves back with it, until one of them would have had to wait
 * for async work anyway.
 */
#include <stdlib.h>

#include "critpath_int.h"

static bool other_thread(const struct cp_ctx *x, int cb)
{
	return cb >= 0 && x->c->cbs[cb].pid >= 0 && !cp_cb_main(x, cb);
}

/* What held @cb back, or false: by the device facts, else by timing. */
static bool held_back(struct cp_ctx *x, int cb, ns_t ready, struct cp_pred *p)
{
	ns_t s = cp_cb_start(x, cb);
	int g;

	cp_pred_dep(x, cb, p);
	if (p->kind != PRED_NONE && p->at > ready + x->skew) {
		return other_thread(x, p->cb) && s - p->at <= cp_eps(x, p->hops);
	}
	if (cp_pred_held(x, cb, ready, p))
		return true;
	g = cp_latest_other(x, s + cp_skew(x, cb), x->c->main_pid);
	if (g < 0 || !other_thread(x, g) || cp_cb_end(x, g) <= ready + x->skew ||
	    s - cp_cb_end(x, g) > x->eps)
		return false;
	p->kind = PRED_TIMING;
	p->cb = g;
	p->dev = x->c->cbs[g].dev;
	p->at = cp_cb_end(x, g);
	p->hops = 0;
	return true;
}

static void fill_via(const struct cp_ctx *x, const struct cp_pred *p, struct cp_blocked *b)
{
	int dev = p->dev;
	size_t n = 0;

	b->via = NULL;
	b->nvia = 0;
	if (p->kind == PRED_HELD)	/* the chain after the device held in */
		dev = x->done_next[dev];
	else if (p->kind != PRED_VIA)
		return;
	b->via = xmalloc((size_t)(p->hops ? p->hops : 1) * sizeof(int));
	while (dev >= 0 && x->dev_cb[dev] < 0 && n < (size_t)p->hops) {
		b->via[n++] = dev;
		dev = x->done_next[dev];
	}
	b->nvia = n;
}

/* The later sync callbacks that moved back with @b's lost time. */
static void fill_delayed(struct cp_ctx *x, struct cp_blocked *b)
{
	ns_t shift = b->lost_ns;
	size_t n = 0;
	struct cp_pred d;
	int cb;

	b->delayed_last = -1;
	if (b->held_dev >= 0) {	/* the wait was before it: it moved back */
		b->delayed[n++] = b->cb;
		b->delayed_last = b->cb;
	}
	for (cb = x->next_same[b->cb]; cb >= 0; cb = x->next_same[cb]) {
		ns_t s = cp_cb_start(x, cb), ready = cp_cb_end(x, x->prev_same[cb]);

		if (ready == INT64_MAX)	/* after one that never ended */
			break;
		cp_pred_dep(x, cb, &d);
		/* one held back on its own, as cp_blocked() finds it (idle
		 * before it, what it depends on over by then, timing alone
		 * naming what it waited for), would have waited anyway: its
		 * lost time was counted twice */
		if (s - ready > x->skew && (d.kind == PRED_NONE || d.at <= ready + x->skew))
			held_back(x, cb, ready, &d);
		if (d.kind != PRED_NONE && other_thread(x, d.cb) && s - d.at < shift)
			shift = s - d.at;
		if (shift <= cp_eps(x, d.hops))
			break;
		if (n < CP_DELAYED_KEEP)
			b->delayed[n] = cb;
		b->delayed_last = cb;
		n++;
	}
	b->ndelayed = n;
}

int cp_blocked(struct cp_ctx *x, struct critpath *cp)
{
	size_t i, cap = cp->nblocked;
	struct cp_pred p;

	if (!x->has_deps || x->c->main_pid < 0)
		return 0;
	for (i = 0; i < x->ncbs; i++) {
		int cb = x->cbs[i], prev = x->prev_same[cb];
		ns_t s = cp_cb_start(x, cb), ready;
		struct cp_blocked *b;

		if (!cp_cb_main(x, cb) || s == NS_NONE)
			continue;
		ready = prev >= 0 ? cp_cb_end(x, prev) : x->start;
		if (ready == INT64_MAX || s - ready <= x->skew || !held_back(x, cb, ready, &p))
			continue;
		VEC_RESERVE(cp->blocked, cp->nblocked, cap);
		b = &cp->blocked[cp->nblocked++];
		memset(b, 0, sizeof(*b));
		b->cb = cb;
		b->waited_cb = p.cb;
		b->waited_dev = x->c->cbs[p.cb].dev;
		b->phase = x->phase;
		b->lost_ns = s - ready;
		b->ready = ready;
		b->inferred = p.kind == PRED_TIMING;
		b->held_dev = p.kind == PRED_HELD ? p.dev : -1;
		fill_via(x, &p, b);
		fill_delayed(x, b);
	}
	return 0;
}
