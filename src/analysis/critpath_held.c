// SPDX-License-Identifier: GPL-2.0
/*
 * The driving thread idle in a device that prints nothing. A sync device
 * without a callback in a phase still waits, on the driving thread, for
 * what it depends on (dpm_wait_for_subordinate() in suspend, its parent
 * and suppliers in resume) before the loop goes on to the next device: a
 * virtio device waiting for its async SCSI host, a class device for its
 * async parent. No line of any log shows it; the gap before the next
 * sync callback ends when that wait did. Such a device explains the gap
 * when it was done then, what it waited for ran on another thread, and
 * it can sit there in dpm_list order: no device that must come after it
 * in the loop had its sync callback before the gap.
 */
#include <stdlib.h>

#include "critpath_int.h"

static int cmp_held(const void *a, const void *b)
{
	const struct cp_held *x = a, *y = b;

	if (x->done != y->done)
		return x->done < y->done ? -1 : 1;
	return x->dev - y->dev;
}

static bool on_worker(const struct cp_ctx *x, int cb)
{
	return cb >= 0 && x->c->cbs[cb].pid >= 0 && !cp_cb_main(x, cb);
}

static void build(struct cp_ctx *x)
{
	size_t cap = 0, d;

	x->nheld = 0;
	for (d = 0; d < x->ndevs; d++) {
		ns_t done;

		if (x->dev_cb[d] >= 0 || x->dev_sync[d] != 1)
			continue;
		done = cp_done(x, (int)d);
		if (done == NS_NONE || done == INT64_MAX || !on_worker(x, x->done_cb[d]))
			continue;
		VEC_RESERVE(x->held, x->nheld, cap);
		x->held[x->nheld++] = (struct cp_held){ done, (int)d };
	}
	if (x->nheld)
		qsort(x->held, x->nheld, sizeof(*x->held), cmp_held);
	x->held_built = true;
}

/* No device that comes after @dev in the loop (its parent in suspend,
 * its children in resume, its link partners) ran its sync callback
 * before @ready: @dev can lie between the two callbacks. */
static bool placeable(const struct cp_ctx *x, int dev, ns_t ready)
{
	struct cp_span r[2];
	size_t k, i;

	cp_rel(x, dev, false, r);
	for (k = 0; k < 2; k++) {
		for (i = 0; i < r[k].n; i++) {
			int cb = x->dev_cb[r[k].v[i]];

			if (cb >= 0 && cp_cb_main(x, cb) && cp_cb_start(x, cb) < ready)
				return false;
		}
	}
	return true;
}

bool cp_pred_held(struct cp_ctx *x, int cb, ns_t ready, struct cp_pred *p)
{
	ns_t s = cp_cb_start(x, cb), lim = s + cp_skew(x, cb), best_done = 0;
	size_t lo = 0, hi, i;
	int best = -1, best_hops = 0;

	if (!x->has_deps || s == NS_NONE)
		return false;
	if (!x->held_built)
		build(x);
	hi = x->nheld;
	while (lo < hi) {	/* the first done after @ready */
		size_t mid = lo + (hi - lo) / 2;

		if (x->held[mid].done <= ready + x->skew)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (i = lo; i < x->nheld && x->held[i].done <= lim; i++) {
		int dev = x->held[i].dev, hops = cp_chain_hops(x, dev);
		ns_t done = x->held[i].done;

		if (s - done > cp_eps(x, hops) || !placeable(x, dev, ready))
			continue;
		/* the last wait to end released the thread; at a tie, the
		 * device nearest what it waited for came first in the loop */
		if (best < 0 || done > best_done || (done == best_done && hops < best_hops)) {
			best = dev;
			best_done = done;
			best_hops = hops;
		}
	}
	if (best < 0)
		return false;
	p->kind = PRED_HELD;
	p->dev = best;
	p->cb = x->done_cb[best];
	p->at = best_done;
	p->hops = best_hops;
	return true;
}
