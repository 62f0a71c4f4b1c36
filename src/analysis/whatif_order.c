// SPDX-License-Identifier: GPL-2.0
/*
 * A device phase's items in loop order: its callbacks, and the sync
 * devices that run no callback in it but still wait, on the driving
 * thread, for what they depend on (dpm_wait_for_subordinate() in
 * suspend, the parent and suppliers in resume) before the loop goes on.
 * No log shows where those sit in dpm_list; each is put where the
 * measured cycle allows it first: once what it waits for was done, before
 * the first sync callback that started after that (had it sat earlier,
 * the driving thread would have waited there, and that callback with
 * it). The critical path names the same devices (critpath_held.c).
 */
#include <stdlib.h>

#include "critpath_int.h"
#include "whatif_int.h"

enum key_kind { K_SYNC, K_HELD, K_ASYNC };

struct order_key {
	ns_t at;		/* where the loop got to it */
	int kind;		/* enum key_kind: at one place, the async work
				 * scheduled, a held device, then the next
				 * sync callback */
	int seq;		/* sync callbacks from dmesg: their line
				 * order; held devices: their depth, the one
				 * the others wait for first */
	ns_t start;
	int cb;			/* -1 for a held device */
	int dev;
};

static ns_t cb_start(const struct pm_callback *cb)
{
	return cb->start != NS_NONE ? cb->start : cb->end;
}

static int cmp_key(const void *a, const void *b, void *ctx)
{
	const struct order_key *x = a, *y = b;

	(void)ctx;
	if (x->at != y->at)
		return x->at < y->at ? -1 : 1;
	if (x->kind != y->kind)
		return y->kind - x->kind;
	if (x->seq != y->seq)
		return x->seq - y->seq;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->cb != y->cb)
		return x->cb - y->cb;
	return x->dev - y->dev;
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

		if (k[i].kind != K_SYNC)
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
		if (k[i].kind == K_SYNC)
			k[i] = m[nm++];
out:
	free(m);
}

/*
 * Loop order: a sync callback where it started; an async one where the
 * driving thread was when it could have scheduled it, the end of the
 * last sync callback before its start (a worker may start late, after
 * the loop went on to the next sync device).
 */
static void async_places(const struct pm_cycle *c, struct order_key *k, size_t n, ns_t p_start)
{
	ns_t *ends = xmalloc((n ? n : 1) * sizeof(ns_t));
	size_t i, ne = 0;

	sync_line_order(c, k, n);
	for (i = 0; i < n; i++)
		if (k[i].kind == K_SYNC)
			ends[ne++] = c->cbs[k[i].cb].end;
	sort_ns(ends, ne, NULL);
	for (i = 0; i < n; i++) {
		size_t lo = 0, hi = ne;

		if (k[i].kind != K_ASYNC)
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
	free(ends);
}

static int depth(const struct pm_run *run, int dev)
{
	int d = 0;

	while (dev >= 0 && d < 1 << 16) {
		dev = run->devs[dev].parent_id;
		d++;
	}
	return d;
}

/* The sync devices without a callback here that wait for one, each where
 * it was done; @k has room for every device. */
static size_t held_keys(struct cp_ctx *g, struct order_key *k, bool resume)
{
	size_t d, n = 0;

	if (!g->has_deps)
		return 0;
	for (d = 0; d < g->ndevs; d++) {
		ns_t done;

		if (g->dev_cb[d] >= 0 || cp_dev_sync(g, (int)d) != 1)
			continue;
		done = cp_done(g, (int)d);
		if (done == NS_NONE || done == INT64_MAX)
			continue;
		/* in suspend children first, in resume parents */
		k[n++] = (struct order_key){ .at = done, .kind = K_HELD, .start = done, .cb = -1,
					     .dev = (int)d,
					     .seq = resume ? depth(g->run, (int)d) :
							     -depth(g->run, (int)d) };
	}
	return n;
}

static void fill_item(const struct pm_cycle *c, const struct order_key *k, struct wi_item *it)
{
	memset(it, 0, sizeof(*it));
	it->res = -1;
	it->cb = k->cb;
	it->dev = k->dev;
	if (k->cb < 0) {	/* a held device: no work, done when reached */
		it->m_start = it->m_end = k->at;
		return;
	}
	it->m_start = cb_start(&c->cbs[k->cb]);
	it->m_end = c->cbs[k->cb].end;
	it->work = (double)(it->m_end - it->m_start);
	it->was_async = k->kind == K_ASYNC;
	it->frac = 1.0;
}

/* The phase's items in loop order into @s->it; 1 when a callback never
 * ended or its end is only bounded (cb_end_inferred()): no length to
 * move. @g is in phase @phase (cp_phase_begin()). */
int wi_collect(struct cp_ctx *g, int phase, struct wi_sim *s)
{
	const struct pm_cycle *c = g->c;
	const struct pm_phase *p = &c->phases[phase];
	struct order_key *k = xmalloc((c->ncbs + g->ndevs + 1) * sizeof(*k));
	size_t i, n = 0;

	for (i = 0; i < c->ncbs; i++) {
		const struct pm_callback *cb = &c->cbs[i];

		if (cb->phase != phase)
			continue;
		if (cb->end == NS_NONE || cb_end_inferred(cb)) {
			free(k);
			return 1;
		}
		k[n] = (struct order_key){ .at = cb_start(cb), .start = cb_start(cb),
					   .kind = ran_async(c, cb) ? K_ASYNC : K_SYNC,
					   .cb = (int)i, .dev = cb->dev };
		n++;
	}
	async_places(c, k, n, p->start);
	n += held_keys(g, k + n, phase_kind_is_resume(p->kind));
	sort_keys(k, n, NULL);
	s->it = xcalloc(n ? n : 1, sizeof(*s->it));
	s->n = n;
	for (i = 0; i < n; i++) {
		fill_item(c, &k[i], &s->it[i]);
		s->ncbs += k[i].cb >= 0;
	}
	free(k);
	return 0;
}
