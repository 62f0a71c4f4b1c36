// SPDX-License-Identifier: GPL-2.0
/*
 * The critical path of a boot phase (issue 13), in the shapes of the
 * suspend one (struct cp_phase), walked back from the phase end: for
 * kernel_init the moment pid 1 freed init memory or ran /init, for
 * user_init the end of the last module initcall.
 *
 * What the kernel does: pid 1 runs the built-in initcalls one after
 * another in level order; async work (async_schedule: the SCSI and ATA
 * scans; drivers that probe asynchronously) runs on other threads; before
 * freeing init memory pid 1 waits for all of it (async_synchronize_full),
 * and an initcall may wait for some of it. After /init, udev's workers
 * load modules: each module initcall runs on the worker that loaded it.
 * So a callback started when one of these released it:
 *   - the previous callback on its own thread, when it followed at once;
 *   - else a callback on another thread that ended just before (within
 *     CP_EPS_NS): its thread waited for that work (CP_WAIT, timing only);
 *   - else, for work off pid 1, the pid 1 initcall running when it began:
 *     that initcall queued it (its part up to then is on the path); for
 *     async work (a trace's async_run_entry_fn), the initcall of any other
 *     thread running when it began (a module's, after /init);
 *   - async work that ended after the thread that queued it (pid 1, or the
 *     module loader) had finished its last callback: that thread waited
 *     for it (async_synchronize_full) from then to the work's end, a
 *     CP_WAIT on the work (timing only), the work running before;
 *   - else its own previous callback with a gap between (CP_GAP: user
 *     space between two module loads, pid 1 between initcalls).
 * Callbacks nested in another of the same thread (probes inside their
 * driver's initcall) are part of it and left out of the walk.
 */
#include <stdlib.h>

#include "analyses.h"

/* Callbacks whose thread the log does not name get pids below this. */
#define PID_UNKNOWN (-2)
#define BP_ANY INT32_MIN

struct bp_cb {
	int cb;
	int pid;
	bool work;		/* async work, not an initcall, probe or fixup */
	ns_t start, end;
};

struct bp {
	const struct pm_cycle *c;
	struct bp_cb *v;	/* the phase's outermost callbacks, by end */
	size_t n;
	/* Indices into v, so that every lookup of the walk is a binary search
	 * or a short scan (a boot has 10^5 initcalls): by thread then end
	 * (a thread's outermost callbacks do not overlap), by start, and for
	 * each callback the last one before it (by end) on another thread. */
	size_t *by_thread, *by_start;
	long *other;
	int main_pid;
	ns_t pstart, pend, eps, skew;
	struct cp_segment *segs;
	size_t nsegs, cap;
};

static int cmp_end(const void *a, const void *b)
{
	const struct bp_cb *x = a, *y = b;

	if (x->end != y->end)
		return x->end < y->end ? -1 : 1;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->cb - y->cb;
}

static int cmp_start(const void *a, const void *b)
{
	const struct bp_cb *x = a, *y = b;

	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->end > y->end ? -1 : x->end < y->end;	/* the outer one first */
}

struct span {
	ns_t start, max_end;	/* max_end: the latest end of any span up to here */
};

static int cmp_span(const void *a, const void *b)
{
	const struct span *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

/* The callbacks of known threads by start, each with the latest end so
 * far: @x lies inside one of them when the latest end among those begun
 * by its start reaches its end. */
static struct span *known_spans(const struct bp *b, size_t *n)
{
	struct span *v = xmalloc((b->n ? b->n : 1) * sizeof(*v));
	size_t i, k = 0;

	for (i = 0; i < b->n; i++)
		if (b->v[i].pid > PID_UNKNOWN) {
			v[k].start = b->v[i].start;
			v[k++].max_end = b->v[i].end;
		}
	qsort(v, k, sizeof(*v), cmp_span);
	for (i = 1; i < k; i++)
		if (v[i].max_end < v[i - 1].max_end)
			v[i].max_end = v[i - 1].max_end;
	*n = k;
	return v;
}

static bool inside_known(const struct span *v, size_t n, const struct bp_cb *x)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {	/* spans begun by x's start */
		size_t mid = lo + (hi - lo) / 2;

		if (v[mid].start <= x->start)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo && v[lo - 1].max_end >= x->end;
}

static int cmp_thread(const void *a, const void *b, void *arg)
{
	const struct bp_cb *v = arg, *x = &v[*(const size_t *)a], *y = &v[*(const size_t *)b];

	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	return *(const size_t *)a < *(const size_t *)b ? -1 : 1;	/* by end */
}

static int cmp_by_start(const void *a, const void *b, void *arg)
{
	const struct bp_cb *v = arg, *x = &v[*(const size_t *)a], *y = &v[*(const size_t *)b];

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

static void index_callbacks(struct bp *b)
{
	size_t i, n = b->n ? b->n : 1;

	b->by_thread = xmalloc(n * sizeof(size_t));
	b->by_start = xmalloc(n * sizeof(size_t));
	b->other = xmalloc(n * sizeof(long));
	for (i = 0; i < b->n; i++)
		b->by_thread[i] = b->by_start[i] = i;
	qsort_r(b->by_thread, b->n, sizeof(size_t), cmp_thread, b->v);
	qsort_r(b->by_start, b->n, sizeof(size_t), cmp_by_start, b->v);
	for (i = 0; i < b->n; i++)
		b->other[i] = !i ? -1 : b->v[i - 1].pid != b->v[i].pid ? (long)i - 1 :
			      b->other[i - 1];
}

/* The first by_thread position whose thread is above @pid (@above) or
 * at least @pid. */
static size_t thread_bound(const struct bp *b, int pid, bool above)
{
	size_t l = 0, h = b->n;

	while (l < h) {
		size_t mid = l + (h - l) / 2;
		int p = b->v[b->by_thread[mid]].pid;

		if (p < pid || (above && p == pid))
			l = mid + 1;
		else
			h = mid;
	}
	return l;
}

/* Thread @pid's callbacks are by_thread[*lo] up to by_thread[*hi] (by
 * end); returns the position of the first of them ending after @t. */
static size_t thread_after(const struct bp *b, int pid, ns_t t, size_t *lo, size_t *hi)
{
	size_t l, h;

	*lo = l = thread_bound(b, pid, false);
	*hi = h = thread_bound(b, pid, true);
	while (l < h) {
		size_t mid = l + (h - l) / 2;

		if (b->v[b->by_thread[mid]].end <= t)
			l = mid + 1;
		else
			h = mid;
	}
	return l;
}

/* The phase's callbacks with a start, outermost per thread, by end. */
static void collect(struct bp *b, int phase)
{
	const struct pm_cycle *c = b->c;
	struct span *spans;
	size_t i, k = 0, nspans;

	b->v = xmalloc((c->ncbs ? c->ncbs : 1) * sizeof(*b->v));
	for (i = 0; i < c->ncbs; i++) {
		const struct pm_callback *cb = &c->cbs[i];

		if (cb->phase != phase || cb->start == NS_NONE)
			continue;
		b->v[b->n].cb = (int)i;
		/* a probe line names no thread: a thread of its own, and one
		 * inside another callback is part of that callback */
		b->v[b->n].pid = cb->pid >= 0 ? cb->pid : PID_UNKNOWN - (int)b->n;
		b->v[b->n].work = !(cb->flags & (CB_INITCALL | CB_PROBE | CB_QUIRK));
		b->v[b->n].start = cb->start;
		b->v[b->n++].end = cb->end != NS_NONE ? cb->end : b->pend;
	}
	qsort(b->v, b->n, sizeof(*b->v), cmp_start);
	spans = known_spans(b, &nspans);
	for (i = 0; i < b->n; i++) {
		if (k && b->v[k - 1].pid == b->v[i].pid && b->v[i].end <= b->v[k - 1].end)
			continue;	/* inside the one before on its thread */
		if (b->v[i].pid <= PID_UNKNOWN && inside_known(spans, nspans, &b->v[i]))
			continue;
		b->v[k++] = b->v[i];
	}
	free(spans);
	b->n = k;
	qsort(b->v, b->n, sizeof(*b->v), cmp_end);
	index_callbacks(b);
}

static void seg(struct bp *b, enum cp_kind kind, const struct bp_cb *x, ns_t start, ns_t end,
		bool inferred)
{
	struct cp_segment *s;

	if (start < b->pstart)
		start = b->pstart;
	if (end < start || (end == start && kind != CP_RUN))
		return;	/* a 0 us initcall stays: it is a member of the path */
	VEC_RESERVE(b->segs, b->nsegs, b->cap);
	s = &b->segs[b->nsegs++];
	s->kind = kind;
	s->cb = x ? x->cb : -1;
	s->dev = x ? b->c->cbs[x->cb].dev : -1;
	s->start = start;
	s->end = end;
	s->inferred = inferred;
}

/* How many callbacks end by @t (they are sorted by end). */
static size_t ending_by(const struct bp *b, ns_t t)
{
	size_t lo = 0, hi = b->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (b->v[mid].end <= t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The last callback but @x ending by @x's start (plus the skew), on
 * thread @pid (or BP_ANY) and not on @not (or BP_ANY), that started before
 * @x, and is no async work when @nowork; NULL none. */
static const struct bp_cb *before_x(const struct bp *b, const struct bp_cb *x, int pid, int not,
				    bool nowork)
{
	ns_t t = x->start + b->skew;
	size_t lo, hi, i;
	long k;

	if (pid != BP_ANY) {	/* along the thread's own callbacks */
		if (pid == not)
			return NULL;
		for (i = thread_after(b, pid, t, &lo, &hi); i-- > lo;) {
			const struct bp_cb *y = &b->v[b->by_thread[i]];

			if (y != x && y->start < x->start && (!nowork || !y->work))
				return y;
		}
		return NULL;
	}
	for (k = (long)ending_by(b, t) - 1; k >= 0;) {
		const struct bp_cb *y = &b->v[k];

		if (y->pid == not) {	/* jump over that thread's run */
			k = b->other[k];
			continue;
		}
		if (y != x && y->start < x->start && (!nowork || !y->work))
			return y;
		k--;
	}
	return NULL;
}

static const struct bp_cb *before(const struct bp *b, const struct bp_cb *x, int pid, int not)
{
	return before_x(b, x, pid, not, false);
}

/* Thread @pid's callback running at @t, NULL none. */
static const struct bp_cb *thread_at(const struct bp *b, int pid, ns_t t)
{
	size_t lo, hi, i = thread_after(b, pid, t, &lo, &hi);

	return i < hi && b->v[b->by_thread[i]].start < t ? &b->v[b->by_thread[i]] : NULL;
}

/* How far back from @t running_at() looks for a thread's initcall that
 * queued async work; the one that did began shortly before it. */
#define BP_SPAWNER_SCAN 256

/* The pid 1 callback running at @t, else (@any) the latest begun
 * initcall running at @t on a thread but @not; NULL none. */
static const struct bp_cb *running_at(const struct bp *b, ns_t t, bool any, int not)
{
	const struct bp_cb *m = not != b->main_pid ? thread_at(b, b->main_pid, t) : NULL;
	size_t lo = 0, hi = b->n, seen;

	if (m || !any)
		return m;
	while (lo < hi) {	/* callbacks begun before @t */
		size_t mid = lo + (hi - lo) / 2;

		if (b->v[b->by_start[mid]].start < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (seen = 0; lo-- > 0 && seen < BP_SPAWNER_SCAN; seen++) {
		const struct bp_cb *y = &b->v[b->by_start[lo]];

		if (y->end > t && !y->work && y->pid != not && y->pid >= 0)
			return y;
	}
	return NULL;
}

/* Whether thread @pid ran a callback some time in (@from, @to). */
static bool busy_between(const struct bp *b, int pid, ns_t from, ns_t to)
{
	size_t lo, hi, i = thread_after(b, pid, from, &lo, &hi);

	return i < hi && b->v[b->by_thread[i]].start < to;
}

/*
 * Who waited for async work @x, which ended at @t: the thread whose
 * initcall @spawner ran when @x began (it queued @x), else the thread that
 * ended a callback last before @x began; its last callback before @t, when
 * it stayed idle from then to @t (async_synchronize_full: pid 1 before
 * freeing init memory, a module loader after the module's init). NULL none.
 */
static const struct bp_cb *waiter(const struct bp *b, const struct bp_cb *x,
				  const struct bp_cb *spawner, ns_t t)
{
	struct bp_cb at = { .cb = -1, .start = t, .end = t };
	const struct bp_cb *m;

	m = spawner ? before(b, &at, spawner->pid, BP_ANY) : before_x(b, x, BP_ANY, x->pid, true);
	if (!m || m->work || m->pid < 0 || m->end >= t || busy_between(b, m->pid, m->end, t))
		return NULL;
	return m;
}

static void walk(struct bp *b)
{
	struct bp_cb end = { .cb = -1, .pid = -1, .start = b->pend + 1, .end = b->pend };
	const struct bp_cb *x = before(b, &end, BP_ANY, BP_ANY), *own, *other;
	ns_t t = b->pend;
	size_t steps;

	if (!x) {
		seg(b, CP_GAP, NULL, b->pstart, t, false);
		return;
	}
	seg(b, CP_GAP, NULL, x->end < t ? x->end : t, t, false);
	if (x->end < t)
		t = x->end;
	for (steps = 0; x && steps <= b->n; steps++) {
		ns_t s = x->start;
		const struct bp_cb *spawner = x->pid != b->main_pid ?
			running_at(b, s, x->work, x->pid) : NULL;
		const struct bp_cb *w = x->work ? waiter(b, x, spawner, t) : NULL;

		if (w) {	/* async work someone waited for */
			seg(b, CP_WAIT, x, w->end, t, true);
			t = w->end;
			if (t <= s) {	/* it waited from before the work began */
				x = w;
				continue;
			}
		}
		seg(b, CP_RUN, x, s, t, false);
		t = s < b->pstart ? b->pstart : s;
		if (t <= b->pstart)
			return;
		own = before(b, x, x->pid, BP_ANY);
		if (own && s - own->end <= b->eps) {
			seg(b, CP_GAP, NULL, own->end, t, false);
			t = own->end < t ? own->end : t;
			x = own;
			continue;
		}
		other = before(b, x, BP_ANY, x->pid);
		if (other && s - other->end <= b->eps && (!own || other->end > own->end)) {
			seg(b, CP_WAIT, other, other->end, t, true);
			t = other->end < t ? other->end : t;
			x = other;
			continue;
		}
		if (spawner) {
			seg(b, CP_RUN, spawner, spawner->start, t, true);
			t = spawner->start;
			if (t <= b->pstart)
				return;
			/* go on from the spawner as from any pid 1 callback */
			own = before(b, spawner, b->main_pid, BP_ANY);
		}
		if (!own)	/* user space between two module loads, ... */
			own = before(b, spawner ? spawner : x, BP_ANY, BP_ANY);
		if (!own)
			break;
		seg(b, CP_GAP, NULL, own->end, t, false);
		t = own->end < t ? own->end : t;
		x = own;
	}
	seg(b, CP_GAP, NULL, b->pstart, t, false);
}

static void reverse(struct cp_segment *v, size_t n)
{
	size_t i;

	for (i = 0; i < n / 2; i++) {
		struct cp_segment t = v[i];

		v[i] = v[n - 1 - i];
		v[n - 1 - i] = t;
	}
}

/* Busy time per thread, pid 1 first, the others in the order their first
 * callback ended. */
static void threads(const struct bp *b, struct cp_phase *out)
{
	size_t i, j, *first = xmalloc((b->n ? b->n : 1) * sizeof(*first));
	struct cp_thread *th = xcalloc(b->n ? b->n : 1, sizeof(*th));
	size_t nth = 0;

	for (i = 0; i < b->n; i++) {	/* by thread: one run each */
		const struct bp_cb *x = &b->v[b->by_thread[i]];
		ns_t s = x->start < b->pstart ? b->pstart : x->start;
		ns_t e = x->end > b->pend ? b->pend : x->end;

		if (x->pid < 0)
			continue;	/* the log named no thread */
		if (!nth || th[nth - 1].pid != x->pid) {
			th[nth].pid = x->pid;
			th[nth].main = x->pid == b->main_pid;
			first[nth++] = b->by_thread[i];	/* the thread's first by end */
		}
		th[nth - 1].ncbs++;
		th[nth - 1].busy_ns += e > s ? e - s : 0;
	}
	out->threads = xmalloc((nth ? nth : 1) * sizeof(*out->threads));
	for (i = 0; i < b->n; i++)	/* in the order of first[]: mark v */
		b->by_start[i] = SIZE_MAX;
	for (j = 0; j < nth; j++)
		b->by_start[first[j]] = j;
	out->nthreads = 0;
	for (i = 0; i < b->n; i++) {
		struct cp_thread *t;

		if (b->by_start[i] == SIZE_MAX)
			continue;
		t = &out->threads[out->nthreads];
		*t = th[b->by_start[i]];
		t->idle_ns = b->pend - b->pstart - t->busy_ns;
		if (t->idle_ns < 0)
			t->idle_ns = 0;
		if (t->main && out->nthreads) {
			struct cp_thread m = *t;

			memmove(&out->threads[1], &out->threads[0], out->nthreads * sizeof(*t));
			out->threads[0] = m;
		}
		out->nthreads++;
	}
	free(first);
	free(th);
}

static void phase_path(const struct pm_cycle *c, int phase, ns_t skew, struct cp_phase *out)
{
	struct bp b = { .c = c, .main_pid = c->main_pid >= 0 ? c->main_pid : 1,
			.pstart = c->phases[phase].start, .pend = c->phases[phase].end,
			.eps = CP_EPS_NS, .skew = skew };
	size_t i;

	collect(&b, phase);
	walk(&b);
	reverse(b.segs, b.nsegs);
	if (b.nsegs < b.cap)
		b.segs = xrealloc(b.segs, (b.nsegs ? b.nsegs : 1) * sizeof(*b.segs));
	out->phase = phase;
	out->segs = b.segs;
	out->nsegs = b.nsegs;
	out->length_ns = b.pend - b.pstart;
	for (i = 0; i < b.nsegs; i++) {
		ns_t len = b.segs[i].end - b.segs[i].start;

		if (b.segs[i].kind == CP_RUN)
			out->run_ns += len;
		else if (b.segs[i].kind == CP_WAIT)
			out->wait_ns += len;
		else
			out->gap_ns += len;
	}
	out->explained_ns = out->run_ns + out->wait_ns;
	threads(&b, out);	/* last: it reuses by_start */
	free(b.v);
	free(b.by_thread);
	free(b.by_start);
	free(b.other);
}

int bootpath_compute(const struct pm_cycle *c, struct critpath *out)
{
	size_t i;

	memset(out, 0, sizeof(*out));
	out->eps_ns = CP_EPS_NS;
	out->skew_ns = c->from_trace ? CP_SKEW_TRACE_NS : CP_SKEW_DMESG_NS;
	/* a boot read from its milestones alone (no initcall_debug) has no
	 * callback to walk: a path of one gap says nothing */
	if (c->mode != MODE_BOOT || !c->ncbs)
		return 0;
	out->phases = xcalloc(c->nphases ? c->nphases : 1, sizeof(*out->phases));
	for (i = 0; i < c->nphases; i++) {
		const struct pm_phase *p = &c->phases[i];

		if (p->start == NS_NONE || p->end == NS_NONE || p->end <= p->start)
			continue;
		phase_path(c, (int)i, out->skew_ns, &out->phases[out->nphases]);
		cp_gap_reasons(c, &out->phases[out->nphases++]);
	}
	return 0;
}

int an_bootpath(const struct pm_run *run, struct cycle_results *cr,
		const struct results_opts *o)
{
	(void)run;
	(void)o;
	if (cr->c->mode != MODE_BOOT)
		return 0;
	critpath_free(&cr->cp);	/* critpath leaves boot cycles empty */
	return bootpath_compute(cr->c, &cr->cp);
}
