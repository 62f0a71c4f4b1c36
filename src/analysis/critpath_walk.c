// SPDX-License-Identifier: GPL-2.0
/*
 * The critical path of one phase, walked back from its end: the phase
 * ended when its last callback did (the PM core waits for all async work
 * before it reports the phase done); that callback started when what it
 * waited for released it (critpath_pred.c); and so on back to the phase
 * start. Each step leaves a running segment, and between two callbacks a
 * hand-off: a wait for a device, or a gap nothing explains. The cursor
 * only moves back, so the segments tile the phase exactly.
 */
#include <stdlib.h>

#include "critpath_int.h"

struct seg_vec {
	struct cp_segment *v;
	size_t n, cap;
};

static void seg(struct seg_vec *sv, enum cp_kind kind, int cb, int dev, ns_t start,
		ns_t end, bool inferred)
{
	struct cp_segment *s;

	/* A callback that took no time is still a link of the chain, and a
	 * hand-off timing alone found still was found so; a gap or a known
	 * wait of no length says nothing. */
	if (end < start || (end == start && kind != CP_RUN && !inferred))
		return;
	VEC_RESERVE(sv->v, sv->n, sv->cap);
	s = &sv->v[sv->n++];
	s->kind = kind;
	s->cb = cb;
	s->dev = dev;
	s->start = start;
	s->end = end;
	s->inferred = inferred;
}

static ns_t clamp(ns_t v, ns_t lo, ns_t hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* The callback that ended last: the one the phase end waited for. */
static int last_cb(const struct cp_ctx *x)
{
	int best = -1;
	size_t i;

	for (i = 0; i < x->ncbs; i++) {
		int cb = x->cbs[i];
		ns_t e = cp_cb_end(x, cb);

		if (cp_cb_start(x, cb) > x->end)
			continue;
		if (best < 0 || e > cp_cb_end(x, best))
			best = cb;
	}
	return best;
}

/* The hand-off segment between @p's end and the start it released. */
static void handoff(struct cp_ctx *x, struct seg_vec *sv, const struct cp_pred *p,
		    ns_t from, ns_t to, ns_t start)
{
	bool explained = start - p->at <= cp_eps(x, p->hops);

	switch (p->kind) {
	case PRED_DEP:
		if (explained) {
			seg(sv, CP_WAIT, p->cb, p->dev, from, to, false);
			return;
		}
		break;
	case PRED_VIA:
	case PRED_HELD:
		if (explained) {
			seg(sv, CP_WAIT, -1, p->dev, from, to, false);
			return;
		}
		break;
	case PRED_TIMING:
		seg(sv, CP_WAIT, p->cb, p->dev, from, to, true);
		return;
	default:
		break;
	}
	seg(sv, CP_GAP, -1, -1, from, to, false);
}

static void reverse(struct seg_vec *sv)
{
	size_t i;

	for (i = 0; i < sv->n / 2; i++) {
		struct cp_segment t = sv->v[i];

		sv->v[i] = sv->v[sv->n - 1 - i];
		sv->v[sv->n - 1 - i] = t;
	}
}

static void walk(struct cp_ctx *x, struct seg_vec *sv, char *seen)
{
	int cb = last_cb(x);
	ns_t t = x->end, s;
	struct cp_pred p;

	if (cb < 0) {
		seg(sv, CP_GAP, -1, -1, x->start, t, false);
		return;
	}
	s = clamp(cp_cb_end(x, cb), x->start, t);
	seg(sv, CP_GAP, -1, -1, s, t, false);
	t = s;
	for (;;) {
		seen[cb] = 1;
		s = clamp(cp_cb_start(x, cb), x->start, t);
		seg(sv, CP_RUN, cb, x->c->cbs[cb].dev, s, t, false);
		t = s;
		if (t <= x->start)
			return;
		cp_pred(x, cb, &p);
		if (p.kind == PRED_NONE || p.cb < 0 || seen[p.cb])
			break;
		s = clamp(p.at, x->start, t);
		handoff(x, sv, &p, s, t, cp_cb_start(x, cb));
		t = s;
		cb = p.cb;
	}
	seg(sv, CP_GAP, -1, -1, x->start, t, false);
}

int cp_walk(struct cp_ctx *x, struct cp_phase *out)
{
	struct seg_vec sv = { 0 };
	char *seen = xcalloc(x->c->ncbs ? x->c->ncbs : 1, 1);
	size_t i;

	walk(x, &sv, seen);
	free(seen);
	reverse(&sv);
	if (sv.n < sv.cap)	/* kept until the reports are written */
		sv.v = xrealloc(sv.v, (sv.n ? sv.n : 1) * sizeof(*sv.v));
	out->segs = sv.v;
	out->nsegs = sv.n;
	out->length_ns = x->end - x->start;
	for (i = 0; i < sv.n; i++) {
		ns_t len = sv.v[i].end - sv.v[i].start;

		if (sv.v[i].kind == CP_RUN)
			out->run_ns += len;
		else if (sv.v[i].kind == CP_WAIT)
			out->wait_ns += len;
		else
			out->gap_ns += len;
	}
	out->explained_ns = out->run_ns + out->wait_ns;
	return 0;
}

static int cmp_thread_out(const void *a, const void *b)
{
	const struct cp_thread *x = a, *y = b;

	if (x->main != y->main)
		return x->main ? -1 : 1;
	if (x->busy_ns != y->busy_ns)
		return x->busy_ns > y->busy_ns ? -1 : 1;
	return x->pid - y->pid;
}

/* Busy and idle time of each thread within the phase. */
void cp_threads(struct cp_ctx *x, struct cp_phase *out)
{
	struct cp_thread *t = NULL;
	struct int_index by_pid = { 0 };
	size_t n = 0, cap = 0, i, j = 0;

	for (i = 0; i < x->ncbs; i++) {
		const struct pm_callback *cb = &x->c->cbs[x->cbs[i]];
		ns_t s = clamp(cp_cb_start(x, x->cbs[i]), x->start, x->end);
		ns_t e = clamp(cp_cb_end(x, x->cbs[i]), x->start, x->end);

		if (cb->pid < 0)
			continue;
		/* a thread's callbacks come in runs: its last first */
		if (!n || t[j].pid != cb->pid)
			j = (size_t)int_index_get(&by_pid, cb->pid, (int)n);
		if (j == n) {
			VEC_RESERVE(t, n, cap);
			memset(&t[n++], 0, sizeof(*t));
			t[j].pid = cb->pid;
			t[j].main = cb->pid == x->c->main_pid;
		}
		t[j].ncbs++;
		t[j].busy_ns += e - s;
	}
	int_index_free(&by_pid);
	for (j = 0; j < n; j++) {
		t[j].idle_ns = x->end - x->start - t[j].busy_ns;
		if (t[j].idle_ns < 0)
			t[j].idle_ns = 0;
	}
	if (n)
		qsort(t, n, sizeof(*t), cmp_thread_out);
	out->threads = t;
	out->nthreads = n;
}
