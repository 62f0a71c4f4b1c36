// SPDX-License-Identifier: GPL-2.0
/*
 * What released a callback's start. A callback starts once everything it
 * waits for is done and its thread is free; the one of those that ended
 * last is what it waited for:
 *   - the devices it depends on (children/consumers in suspend,
 *     parent/suppliers in resume), through devices without a callback;
 *   - for the driving thread, its previous callback (sync devices run one
 *     after another); for an async worker, its previous callback only when
 *     the new one followed at once (the work was queued, waiting for it).
 * When a callback started later than the tolerance after all that and
 * nothing known explains it, the callback that ended on another thread
 * just before is taken, marked as inferred from timing alone: the wait
 * went through something the facts do not show (no device tree; a sync
 * device with no callback, as dpm_list order is in no log; the driving
 * thread queueing async suspend work as its loop reaches each device).
 * A callback that started within the tolerance of the phase start with
 * nothing to wait for was started by the phase.
 */
#include "critpath_int.h"

void cp_pred_dep(struct cp_ctx *x, int cb, struct cp_pred *p)
{
	ns_t s = cp_cb_start(x, cb);
	struct cp_span r[2];
	size_t k, i;
	int best = -1;

	memset(p, 0, sizeof(*p));
	p->kind = PRED_NONE;
	p->cb = p->dev = -1;
	p->at = NS_NONE;
	if (!x->has_deps)
		return;
	cp_rel(x, x->c->cbs[cb].dev, true, r);
	for (k = 0; k < 2; k++) {
		for (i = 0; i < r[k].n; i++) {
			int y = r[k].v[i];
			ns_t d = cp_done(x, y);

			if (d == NS_NONE || d > s + cp_skew(x, cb) || x->done_cb[y] == cb)
				continue;
			/* on a tie the direct wait beats one through others */
			if (best < 0 || d > p->at ||
			    (d == p->at && x->dev_cb[y] >= 0 && x->dev_cb[best] < 0)) {
				best = y;
				p->at = d;
			}
		}
	}
	if (best < 0)
		return;
	p->dev = best;
	p->cb = x->done_cb[best];
	p->kind = x->dev_cb[best] >= 0 ? PRED_DEP : PRED_VIA;
	p->hops = p->kind == PRED_VIA ? cp_chain_hops(x, best) : 0;
}

int cp_latest_other(const struct cp_ctx *x, ns_t t, int pid)
{
	size_t lo = 0, hi = x->ncbs;
	int i, steps = 0;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (cp_cb_end(x, x->by_end[mid]) <= t)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (i = (int)lo - 1; i >= 0 && steps < 64; steps++) {
		int q = x->c->cbs[x->by_end[i]].pid;

		if (q >= 0 && q != pid)
			return x->by_end[i];
		i = q == pid ? x->by_end_other[i] : i - 1;
	}
	return -1;
}

static void pred_thread(const struct cp_ctx *x, int cb, bool main, struct cp_pred *p)
{
	int prev = x->prev_same[cb];
	ns_t s = cp_cb_start(x, cb), e;

	p->kind = PRED_NONE;
	if (prev < 0 || (e = cp_cb_end(x, prev)) > s + cp_skew(x, cb))
		return;
	if (!main && s - e > x->eps)
		return;
	p->kind = PRED_THREAD;
	p->cb = prev;
	p->dev = x->c->cbs[prev].dev;
	p->at = e;
	p->hops = 0;
}

void cp_pred(struct cp_ctx *x, int cb, struct cp_pred *p)
{
	ns_t s = cp_cb_start(x, cb), from;
	struct cp_pred t;
	int g;

	cp_pred_dep(x, cb, p);
	pred_thread(x, cb, cp_cb_main(x, cb), &t);
	if (t.kind != PRED_NONE && (p->kind == PRED_NONE || t.at > p->at))
		*p = t;
	from = p->kind != PRED_NONE ? p->at : x->start;
	if (s - from <= cp_eps(x, p->hops))
		return;
	if (cp_cb_main(x, cb) && cp_pred_held(x, cb, from, &t)) {
		*p = t;
		return;
	}
	g = cp_latest_other(x, s + cp_skew(x, cb), x->c->cbs[cb].pid);
	if (g < 0 || g == cb || cp_cb_end(x, g) <= from || s - cp_cb_end(x, g) > x->eps)
		return;
	p->kind = PRED_TIMING;
	p->cb = g;
	p->dev = x->c->cbs[g].dev;
	p->at = cp_cb_end(x, g);
	p->hops = 0;
}
