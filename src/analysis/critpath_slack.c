// SPDX-License-Identifier: GPL-2.0
/*
 * Slack of the callbacks off the critical path: how much later a callback
 * could have ended before the phase got longer, everything else taking
 * the time it took. A callback must end before whatever waits for it
 * starts (its parent and suppliers in suspend, children and consumers in
 * resume, through devices without a callback; the next callback of the
 * driving thread), and those in turn have their own slack:
 *   slack(X) = min(phase end, min over waiters W of start(W) + slack(W)) - end(X)
 * Waiters start after X ends, so one pass from the latest start back to
 * the earliest has every waiter's slack at hand.
 */
#include <stdlib.h>

#include "critpath_int.h"

#define LA_DEPTH 64	/* chains of callback-less devices followed */

static ns_t la_cb(struct cp_ctx *x, int cb)
{
	ns_t s = cp_cb_start(x, cb);

	return x->slack[cb] != NS_NONE ? s + x->slack[cb] : s;
}

/* The latest a device could have been done without moving a waiter. */
static ns_t la_device(struct cp_ctx *x, int dev, int from_cb, int depth)
{
	struct cp_span r[2];
	ns_t lim = x->end, v;
	size_t k, i;

	if (x->dev_cb[dev] >= 0)
		return x->dev_cb[dev] == from_cb ? x->end : la_cb(x, x->dev_cb[dev]);
	if (x->la_dev[dev] != NS_NONE)
		return x->la_dev[dev];
	if (depth > LA_DEPTH)
		return x->end;
	x->la_dev[dev] = x->end;	/* a loop in bad facts ends here */
	cp_rel(x, dev, false, r);
	for (k = 0; k < 2; k++) {
		for (i = 0; i < r[k].n; i++) {
			v = la_device(x, r[k].v[i], from_cb, depth + 1);
			if (v < lim)
				lim = v;
		}
	}
	x->la_dev[dev] = lim;
	return lim;
}

static ns_t slack_of(struct cp_ctx *x, int cb)
{
	const struct pm_callback *p = &x->c->cbs[cb];
	ns_t e = cp_cb_end(x, cb), lim = x->end, v;
	struct cp_span r[2];
	size_t k, i;
	int n;

	if (p->end == NS_NONE)
		return 0;
	if (x->has_deps) {
		cp_rel(x, p->dev, false, r);
		for (k = 0; k < 2; k++) {
			for (i = 0; i < r[k].n; i++) {
				int w = x->dev_cb[r[k].v[i]];

				/* a waiter that started first did not wait */
				if (w == cb || (w >= 0 && cp_cb_start(x, w) < e - cp_skew(x, w)))
					continue;
				v = la_device(x, r[k].v[i], cb, 0);
				if (v < lim)
					lim = v;
			}
		}
	}
	n = x->next_same[cb];
	if (cp_cb_main(x, cb) && n >= 0 && la_cb(x, n) < lim)
		lim = la_cb(x, n);
	return lim > e ? lim - e : 0;
}

static int cmp_start_desc(const void *a, const void *b, void *arg)
{
	const struct cp_ctx *x = arg;
	int i = *(const int *)a, j = *(const int *)b;
	ns_t si = cp_cb_start(x, i), sj = cp_cb_start(x, j);

	if (si != sj)
		return si > sj ? -1 : 1;
	return j - i;
}

static int cmp_longest(const void *a, const void *b, void *arg)
{
	const struct cp_ctx *x = arg;
	int i = *(const int *)a, j = *(const int *)b;
	ns_t di = cp_cb_end(x, i) - cp_cb_start(x, i), dj = cp_cb_end(x, j) - cp_cb_start(x, j);

	if (di != dj)
		return di > dj ? -1 : 1;
	return i - j;
}

SORT_DEFINE(sort_start_desc, int, cmp_start_desc)

/* the longest callbacks, longest first */
TOP_DEFINE(keep_longest, int, cmp_longest)

void cp_slack(struct cp_ctx *x, struct cp_phase *out, size_t top)
{
	int *ord = xmalloc((x->ncbs ? x->ncbs : 1) * sizeof(int));
	char *on_path = xcalloc(x->c->ncbs ? x->c->ncbs : 1, 1);
	size_t i, n = 0;

	for (i = 0; i < x->ndevs; i++)
		x->la_dev[i] = NS_NONE;
	memcpy(ord, x->cbs, x->ncbs * sizeof(int));
	sort_start_desc(ord, x->ncbs, x);
	for (i = 0; i < x->ncbs; i++)
		x->slack[ord[i]] = slack_of(x, ord[i]);

	for (i = 0; i < out->nsegs; i++)
		if (out->segs[i].kind == CP_RUN && out->segs[i].cb >= 0)
			on_path[out->segs[i].cb] = 1;
	/* the longest callbacks off the path, finished (an end only
	 * bounded gives no length: cb_end_inferred()) */
	for (i = 0; i < x->ncbs && top; i++)
		if (!on_path[x->cbs[i]] && x->c->cbs[x->cbs[i]].end != NS_NONE &&
		    !cb_end_inferred(&x->c->cbs[x->cbs[i]]))
			n = keep_longest(ord, n, top, x->cbs[i], x);
	out->slack = xmalloc((top ? top : 1) * sizeof(*out->slack));
	for (i = 0; i < n; i++) {
		out->slack[i].cb = ord[i];
		out->slack[i].slack_ns = x->slack[ord[i]];
	}
	out->nslack = n;
	free(on_path);
	free(ord);
}
