// SPDX-License-Identifier: GPL-2.0
/*
 * One device phase replayed as the PM core would run it: the driving
 * thread walks the items in loop order, running the sync ones after the
 * async work they wait for; async items run on workers once everything
 * they wait for is done (and, with loop_starts_async, once the loop
 * scheduled them). Events in time order; with a CPU limit, the running
 * callbacks share the CPUs, so their progress is tracked in virtual time
 * (all advance at the same rate, min(1, cpus / demand)). A callback on a
 * shared resource runs its part before it asks for it, then waits its
 * turn (first asked, first served) and runs the rest holding it.
 */
#include <math.h>
#include <stdlib.h>

#include "whatif_int.h"

struct heap_ent {
	double key;
	int tie;	/* before the id at equal keys */
	int id;
};

struct heap {
	struct heap_ent *v;
	size_t n, cap;
};

static bool ent_less(const struct heap_ent *a, const struct heap_ent *b)
{
	if (a->key != b->key)
		return a->key < b->key;
	return a->tie != b->tie ? a->tie < b->tie : a->id < b->id;
}

static void heap_push(struct heap *h, double key, int tie, int id)
{
	size_t i;

	VEC_RESERVE(h->v, h->n, h->cap);
	i = h->n++;
	h->v[i] = (struct heap_ent){ key, tie, id };
	while (i && ent_less(&h->v[i], &h->v[(i - 1) / 2])) {
		struct heap_ent t = h->v[i];

		h->v[i] = h->v[(i - 1) / 2];
		h->v[(i - 1) / 2] = t;
		i = (i - 1) / 2;
	}
}

static struct heap_ent heap_pop(struct heap *h)
{
	struct heap_ent top = h->v[0];
	size_t i = 0;

	h->v[0] = h->v[--h->n];
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, m = i;
		struct heap_ent t;

		if (l < h->n && ent_less(&h->v[l], &h->v[m]))
			m = l;
		if (r < h->n && ent_less(&h->v[r], &h->v[m]))
			m = r;
		if (m == i)
			break;
		t = h->v[i];
		h->v[i] = h->v[m];
		h->v[m] = t;
		i = m;
	}
	return top;
}

enum main_state { M_FREE, M_WAIT, M_PENDING, M_RUN, M_DONE };

/* An item on a resource: its part before it asks, its turn, the rest. */
enum stage { ST_ALONE, ST_PRE, ST_QUEUED, ST_HOLD };

struct res_state {
	bool busy;
	struct heap waiting;	/* by when each asked, then measured order */
};

/* Asks of one instant are served together, in order, once every event
 * of that instant is in: two asks a nanosecond apart go by their time. */
#define ASK_INSTANT 0.5

struct sim_state {
	struct wi_sim *s;
	struct heap starts, fins;	/* real start times; virtual finishes */
	int *left;		/* async item: what it waits for, not done */
	bool *eligible, *queued, *done;
	double *reach;		/* async item: when the loop reached it */
	unsigned char *stage;	/* enum stage */
	struct res_state *res;
	bool asked;		/* an ask waits for its instant to end */
	double t, v, demand;	/* real time, virtual time, CPUs wanted */
	enum main_state ms;
	size_t pos;		/* the loop's next item */
	int mk;			/* the item the driving thread is at */
	int mcnt;		/* M_WAIT: async items it still waits for */
	double mt;		/* M_FREE: free since; M_PENDING: starts at */
	size_t ndone;
};

static double rate(const struct sim_state *x)
{
	int cpus = x->s->cpus;

	return cpus > 0 && x->demand > cpus ? cpus / x->demand : 1.0;
}

static void queue_async(struct sim_state *x, int i, double at)
{
	if (x->queued[i] || x->done[i])
		return;
	x->queued[i] = true;
	heap_push(&x->starts, at + x->s->it[i].over, 0, i);
}

static void run_for(struct sim_state *x, int i, double work)
{
	x->demand += x->s->it[i].frac;
	heap_push(&x->fins, x->v + work, 0, i);
}

static void hold(struct sim_state *x, int i)
{
	struct wi_item *it = &x->s->it[i];

	x->res[it->res].busy = true;
	x->stage[i] = ST_HOLD;
	run_for(x, i, it->work - it->pre > 0 ? it->work - it->pre : 0);
}

static void start_item(struct sim_state *x, int i)
{
	struct wi_item *it = &x->s->it[i];

	it->start = x->t;
	/* a callback deferred to nothing needs no resource */
	x->stage[i] = it->res >= 0 && it->work > 0 ? ST_PRE : ST_ALONE;
	run_for(x, i, x->stage[i] == ST_PRE ? it->pre : it->work);
}

static void ask(struct sim_state *x, int i)
{
	struct wi_item *it = &x->s->it[i];

	x->demand -= it->frac;
	if (x->demand < 1e-9)
		x->demand = 0;
	x->stage[i] = ST_QUEUED;
	heap_push(&x->res[it->res].waiting, floor(x->t + 0.5), it->rank, i);
	x->asked = true;
}

static void release(struct sim_state *x, int i)
{
	struct res_state *r = &x->res[x->s->it[i].res];

	r->busy = false;
	if (r->waiting.n)
		hold(x, heap_pop(&r->waiting).id);
}

/* The resources free with asks waiting: to the first asker each. */
static void serve(struct sim_state *x)
{
	size_t i;

	for (i = 0; i < x->s->nshared; i++)
		if (!x->res[i].busy && x->res[i].waiting.n)
			hold(x, heap_pop(&x->res[i].waiting).id);
	x->asked = false;
}

static void finish_item(struct sim_state *x, int j)
{
	const struct wi_adj *w = &x->s->waiters;
	struct wi_item *it = &x->s->it[j];
	int k;

	it->end = x->t;
	x->demand -= it->frac;
	if (x->demand < 1e-9)
		x->demand = 0;
	x->done[j] = true;
	x->ndone++;
	for (k = w->off[j]; k < w->off[j + 1]; k++) {
		int y = w->v[k];

		if (x->s->it[y].async && !x->queued[y] && --x->left[y] == 0 && x->eligible[y])
			queue_async(x, y, fmax(x->t, x->reach[y]));
		if (x->ms == M_WAIT && y == x->mk && it->async && --x->mcnt == 0) {
			x->ms = M_PENDING;
			x->mt = fmax(x->t, x->mt) + x->s->it[y].over;
		}
	}
	if (x->ms == M_RUN && j == x->mk) {
		x->ms = M_FREE;
		x->mt = x->t;
		x->pos++;
	}
}

/* The loop at the driving thread's current time: schedule async items
 * (each after the loop's step to it), stop at the next sync one. In
 * M_WAIT, .mt is when the loop reached the sync item. */
static void main_step(struct sim_state *x)
{
	const struct wi_adj *d = &x->s->deps;

	while (x->ms == M_FREE && x->pos < x->s->n) {
		int i = (int)x->pos, k;

		if (x->s->it[i].async) {
			x->mt += x->s->it[i].step;
			x->eligible[i] = true;
			x->reach[i] = x->mt;
			if (!x->left[i])
				queue_async(x, i, x->mt);
			x->pos++;
			continue;
		}
		x->mk = i;
		x->mcnt = 0;
		for (k = d->off[i]; k < d->off[i + 1]; k++)
			if (x->s->it[d->v[k]].async && !x->done[d->v[k]])
				x->mcnt++;
		x->ms = x->mcnt ? M_WAIT : M_PENDING;
		x->mt = x->mt + (x->mcnt ? 0 : x->s->it[i].over);
	}
	if (x->ms == M_FREE && x->pos >= x->s->n)
		x->ms = M_DONE;
}

/* Inconsistent facts (a wait loop) would stop the replay: drop a wait. */
static void force(struct sim_state *x)
{
	size_t i;

	x->s->nforced++;
	if (x->ms == M_WAIT) {
		x->ms = M_PENDING;
		x->mt = fmax(x->t, x->mt) + x->s->it[x->mk].over;
		return;
	}
	for (i = 0; i < x->s->n; i++) {
		if (x->s->it[i].async && !x->queued[i] && !x->done[i]) {
			x->eligible[i] = true;
			queue_async(x, (int)i, x->t);
			return;
		}
	}
}

/* The next event: 0 a finish, 1 the driving thread, 2 an async start. */
static int next_event(struct sim_state *x, double *when)
{
	double best = INFINITY;
	int what = -1;

	if (x->fins.n) {
		best = x->t + (x->fins.v[0].key - x->v) / rate(x);
		what = 0;
	}
	if ((x->ms == M_PENDING || x->ms == M_FREE) && x->mt < best) {
		best = x->mt;
		what = 1;
	}
	if (x->starts.n && x->starts.v[0].key < best) {
		best = x->starts.v[0].key;
		what = 2;
	}
	*when = best;
	return what;
}

static void advance(struct sim_state *x, double to)
{
	if (to > x->t) {
		x->v += (to - x->t) * rate(x);
		x->t = to;
	}
}

static void run_events(struct sim_state *x)
{
	while (x->ndone < x->s->n) {
		double when;
		int what;

		main_step(x);
		what = next_event(x, &when);
		if (x->asked && (what < 0 || when > x->t + ASK_INSTANT)) {
			serve(x);
			continue;
		}
		if (what < 0) {
			force(x);
			continue;
		}
		advance(x, when);
		if (what == 0) {
			struct heap_ent e = heap_pop(&x->fins);

			x->v = fmax(x->v, e.key);
			if (x->stage[e.id] == ST_PRE) {
				ask(x, e.id);
				continue;
			}
			if (x->stage[e.id] == ST_HOLD)
				release(x, e.id);
			finish_item(x, e.id);
		} else if (what == 1) {
			if (x->ms == M_PENDING) {
				x->ms = M_RUN;
				start_item(x, x->mk);
			}
		} else {
			start_item(x, heap_pop(&x->starts).id);
		}
	}
	main_step(x);
}

int wi_simulate(struct wi_sim *s)
{
	struct sim_state x = { .s = s, .t = s->t0, .mt = s->t0, .ms = M_FREE };
	size_t n = s->n ? s->n : 1, i;

	x.left = xcalloc(n, sizeof(int));
	x.eligible = xcalloc(n, sizeof(bool));
	x.queued = xcalloc(n, sizeof(bool));
	x.done = xcalloc(n, sizeof(bool));
	x.reach = xmalloc(n * sizeof(double));
	x.stage = xcalloc(n, 1);
	x.res = xcalloc(s->nshared ? s->nshared : 1, sizeof(*x.res));
	s->nforced = 0;
	for (i = 0; i < s->n; i++) {
		x.left[i] = s->deps.off[i + 1] - s->deps.off[i];
		x.eligible[i] = !s->loop_starts_async;
		x.reach[i] = s->t0;
		s->it[i].start = s->it[i].end = s->t0;
	}
	for (i = 0; i < s->n; i++)
		if (s->it[i].async && x.eligible[i] && !x.left[i])
			queue_async(&x, (int)i, s->t0);
	run_events(&x);
	s->end = fmax(x.t, x.mt);
	free(x.left);
	free(x.eligible);
	free(x.queued);
	free(x.done);
	free(x.reach);
	free(x.stage);
	for (i = 0; i < s->nshared; i++)
		free(x.res[i].waiting.v);
	free(x.res);
	free(x.starts.v);
	free(x.fins.v);
	return 0;
}
