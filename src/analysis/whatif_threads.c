// SPDX-License-Identifier: GPL-2.0
/*
 * Threads of a predicted cycle. Sync callbacks ran on the driving thread;
 * each async one gets a worker: the one it ran on in the measured cycle
 * when that worker is free then, else the predicted worker free the
 * longest (as the kernel's async pool reuses idle kworkers), else a new
 * one. Predicted workers get pids above every pid of the cycle.
 */
#include <stdlib.h>

#include "whatif_int.h"

struct lane {
	int pid;
	ns_t free_at;
};

static int cmp_cb_start(const void *a, const void *b, void *arg)
{
	const struct pm_callback *cbs = arg;
	const struct pm_callback *x = &cbs[*(const int *)a], *y = &cbs[*(const int *)b];

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return *(const int *)a - *(const int *)b;
}

static int cmp_lane_pid(const void *a, const void *b)
{
	return ((const struct lane *)a)->pid - ((const struct lane *)b)->pid;
}

/* The measured workers, by pid, free from the start. */
static struct lane *measured_lanes(const struct pm_cycle *m, size_t *n, int *maxpid)
{
	struct lane *l = xmalloc((m->ncbs ? m->ncbs : 1) * sizeof(*l));
	size_t i, k = 0;

	*maxpid = m->main_pid;
	for (i = 0; i < m->ncbs; i++) {
		if (m->cbs[i].pid > *maxpid)
			*maxpid = m->cbs[i].pid;
		if (m->cbs[i].pid >= 0 && m->cbs[i].pid != m->main_pid)
			l[k++] = (struct lane){ m->cbs[i].pid, INT64_MIN };
	}
	qsort(l, k, sizeof(*l), cmp_lane_pid);
	for (i = 0, *n = 0; i < k; i++)
		if (!*n || l[*n - 1].pid != l[i].pid)
			l[(*n)++] = l[i];
	return l;
}

/* Predicted workers, a min-heap on when each is free. */
struct lanes {
	struct lane *v;
	size_t n, cap;
};

static void sift_down(struct lanes *h, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, m = i;
		struct lane t;

		if (l < h->n && h->v[l].free_at < h->v[m].free_at)
			m = l;
		if (r < h->n && h->v[r].free_at < h->v[m].free_at)
			m = r;
		if (m == i)
			return;
		t = h->v[i];
		h->v[i] = h->v[m];
		h->v[m] = t;
		i = m;
	}
}

static void lanes_push(struct lanes *h, struct lane l)
{
	size_t i;

	VEC_RESERVE(h->v, h->n, h->cap);
	i = h->n++;
	h->v[i] = l;
	while (i && h->v[i].free_at < h->v[(i - 1) / 2].free_at) {
		struct lane t = h->v[i];

		h->v[i] = h->v[(i - 1) / 2];
		h->v[(i - 1) / 2] = t;
		i = (i - 1) / 2;
	}
}

/* A predicted worker free at @t (busy from then until @until), or a new one. */
static int lanes_take(struct lanes *h, ns_t t, ns_t until, int *next_pid)
{
	int pid;

	if (h->n && h->v[0].free_at <= t) {
		pid = h->v[0].pid;
		h->v[0].free_at = until;
		sift_down(h, 0);
		return pid;
	}
	pid = (*next_pid)++;
	lanes_push(h, (struct lane){ pid, until });
	return pid;
}

static struct lane *find_lane(struct lane *l, size_t n, int pid)
{
	struct lane key = { pid, 0 };

	return pid < 0 ? NULL : bsearch(&key, l, n, sizeof(*l), cmp_lane_pid);
}

/* Async callbacks (pid -1) onto workers, in start order. */
static void assign(struct whatif_cycle *w)
{
	const struct pm_cycle *m = w->measured;
	struct pm_callback *cbs = w->c.cbs;
	size_t n = 0, nm, i;
	int *idx = xmalloc((w->c.ncbs ? w->c.ncbs : 1) * sizeof(int)), maxpid, next;
	struct lane *ml = measured_lanes(m, &nm, &maxpid);
	struct lanes nl = { 0 };

	for (i = 0; i < w->c.ncbs; i++)
		if (cbs[i].pid < 0 && cbs[i].async)
			idx[n++] = (int)i;
	qsort_r(idx, n, sizeof(int), cmp_cb_start, cbs);
	next = maxpid + 1;
	for (i = 0; i < n; i++) {
		struct pm_callback *cb = &cbs[idx[i]];
		struct lane *l = find_lane(ml, nm, m->cbs[idx[i]].pid);
		int pid;

		if (l && l->free_at <= cb->start) {
			l->free_at = cb->end;
			pid = l->pid;
		} else {
			pid = lanes_take(&nl, cb->start, cb->end, &next);
		}
		cb->pid = pid > CB_PID_MAX ? -1 : pid;
	}
	free(idx);
	free(ml);
	free(nl.v);
}

static int cmp_thread_pid(const void *a, const void *b)
{
	return ((const struct pm_thread *)a)->pid - ((const struct pm_thread *)b)->pid;
}

/* One struct pm_thread per pid: the driving thread first, then by pid. */
static void build_threads(struct whatif_cycle *w)
{
	const struct pm_cycle *m = w->measured;
	struct pm_thread *t = xcalloc(w->c.ncbs + 1, sizeof(*t)), *f;
	size_t n = 0, i, k;

	for (i = 0; i < w->c.ncbs; i++)
		if (w->c.cbs[i].pid >= 0)
			t[n++].pid = w->c.cbs[i].pid;
	qsort(t, n, sizeof(*t), cmp_thread_pid);
	for (i = 0, k = 0; i < n; i++)
		if (!k || t[k - 1].pid != t[i].pid)
			t[k++] = t[i];
	n = k;
	for (i = 0; i < w->c.ncbs; i++) {
		const struct pm_callback *cb = &w->c.cbs[i];
		struct pm_thread key = { .pid = cb->pid };

		f = cb->pid >= 0 ? bsearch(&key, t, n, sizeof(*t), cmp_thread_pid) : NULL;
		if (!f)
			continue;
		f->ncbs++;
		if (cb->start != NS_NONE && cb->end != NS_NONE)
			f->busy_ns += cb->end - cb->start;
	}
	for (i = 0; i < n; i++) {
		t[i].main = t[i].pid == m->main_pid;
		t[i].comm = t[i].main ? m->main_comm : NULL;
		for (k = 0; k < m->nthreads && !t[i].main; k++)
			if (m->threads[k].pid == t[i].pid)
				t[i].comm = m->threads[k].comm;
	}
	for (i = 1; i < n; i++) {	/* the driving thread first */
		if (t[i].main) {
			struct pm_thread x = t[i];

			memmove(&t[1], &t[0], i * sizeof(*t));
			t[0] = x;
		}
	}
	w->c.threads = t;
	w->c.nthreads = n;
}

int whatif_threads(struct whatif_cycle *w)
{
	assign(w);
	build_threads(w);
	return 0;
}
