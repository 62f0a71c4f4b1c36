// SPDX-License-Identifier: GPL-2.0
/*
 * Threads of a predicted cycle. Sync callbacks ran on the driving thread;
 * each async one gets a worker: the one it ran on in the measured cycle
 * when that worker is free then, else the lowest-numbered predicted worker
 * that is free (as the kernel's async pool reuses idle kworkers), else a
 * new one. Predicted workers get pids above every pid of the cycle.
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
	size_t n = 0, nm, nnew = 0, cap = 0, i, k;
	int *idx = xmalloc((w->c.ncbs ? w->c.ncbs : 1) * sizeof(int)), maxpid;
	struct lane *ml = measured_lanes(m, &nm, &maxpid), *nl = NULL;

	for (i = 0; i < w->c.ncbs; i++)
		if (cbs[i].pid < 0 && cbs[i].async)
			idx[n++] = (int)i;
	qsort_r(idx, n, sizeof(int), cmp_cb_start, cbs);
	for (i = 0; i < n; i++) {
		struct pm_callback *cb = &cbs[idx[i]];
		struct lane *l = find_lane(ml, nm, m->cbs[idx[i]].pid);

		if (!l || l->free_at > cb->start) {
			for (k = 0, l = NULL; k < nnew && !l; k++)
				if (nl[k].free_at <= cb->start)
					l = &nl[k];
		}
		if (!l) {
			VEC_RESERVE(nl, nnew, cap);
			nl[nnew] = (struct lane){ maxpid + 1 + (int)nnew, INT64_MIN };
			l = &nl[nnew++];
		}
		cb->pid = l->pid > CB_PID_MAX ? -1 : l->pid;
		l->free_at = cb->end;
	}
	free(idx);
	free(ml);
	free(nl);
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
