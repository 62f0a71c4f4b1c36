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

/* Inside a callback of a known thread (sorted by thread, then start). */
static bool inside_any(const struct bp *b, const struct bp_cb *x)
{
	size_t i;

	for (i = 0; i < b->n; i++)
		if (b->v[i].pid > PID_UNKNOWN && b->v[i].start <= x->start &&
		    b->v[i].end >= x->end)
			return true;
	return false;
}

/* The phase's callbacks with a start, outermost per thread, by end. */
static void collect(struct bp *b, int phase)
{
	const struct pm_cycle *c = b->c;
	size_t i, k = 0;

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
	for (i = 0; i < b->n; i++) {
		if (k && b->v[k - 1].pid == b->v[i].pid && b->v[i].end <= b->v[k - 1].end)
			continue;	/* inside the one before on its thread */
		if (b->v[i].pid <= PID_UNKNOWN && inside_any(b, &b->v[i]))
			continue;
		b->v[k++] = b->v[i];
	}
	b->n = k;
	qsort(b->v, b->n, sizeof(*b->v), cmp_end);
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
	s->pid = kind == CP_RUN && x && x->pid >= 0 ? x->pid : -1;
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
	size_t i = ending_by(b, x->start + b->skew);

	while (i-- > 0) {
		const struct bp_cb *y = &b->v[i];

		if (y != x && y->start < x->start && (pid == BP_ANY || y->pid == pid) &&
		    y->pid != not && (!nowork || !y->work))
			return y;
	}
	return NULL;
}

static const struct bp_cb *before(const struct bp *b, const struct bp_cb *x, int pid, int not)
{
	return before_x(b, x, pid, not, false);
}

/* The pid 1 callback running at @t, else (@any) the latest begun
 * initcall running at @t on a thread but @not; NULL none. */
static const struct bp_cb *running_at(const struct bp *b, ns_t t, bool any, int not)
{
	const struct bp_cb *best = NULL;
	size_t i;

	for (i = 0; i < b->n; i++) {
		const struct bp_cb *y = &b->v[i];

		if (y->start >= t || y->end <= t || y->work || y->pid == not ||
		    (y->pid != b->main_pid && !any))
			continue;
		if (y->pid == b->main_pid)
			return y;
		if (y->pid >= 0 && (!best || y->start > best->start))
			best = y;
	}
	return best;
}

/* Whether thread @pid ran a callback some time in (@from, @to). */
static bool busy_between(const struct bp *b, int pid, ns_t from, ns_t to)
{
	size_t i;

	for (i = 0; i < b->n; i++)
		if (b->v[i].pid == pid && b->v[i].end > from && b->v[i].start < to)
			return true;
	return false;
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

/* Busy time per thread, pid 1 first. */
static void threads(const struct bp *b, struct cp_phase *out)
{
	size_t i, j, cap = 0;

	for (i = 0; i < b->n; i++) {
		const struct bp_cb *x = &b->v[i];
		ns_t s = x->start < b->pstart ? b->pstart : x->start;
		ns_t e = x->end > b->pend ? b->pend : x->end;

		if (x->pid < 0)
			continue;	/* the log named no thread */
		for (j = 0; j < out->nthreads && out->threads[j].pid != x->pid; j++)
			;
		if (j == out->nthreads) {
			VEC_RESERVE(out->threads, out->nthreads, cap);
			memset(&out->threads[out->nthreads++], 0, sizeof(*out->threads));
			out->threads[j].pid = x->pid;
			out->threads[j].main = x->pid == b->main_pid;
		}
		out->threads[j].ncbs++;
		out->threads[j].busy_ns += e > s ? e - s : 0;
	}
	for (j = 0; j < out->nthreads; j++) {
		struct cp_thread *th = &out->threads[j];

		th->idle_ns = b->pend - b->pstart - th->busy_ns;
		if (th->idle_ns < 0)
			th->idle_ns = 0;
		if (th->main && j) {
			struct cp_thread m = *th;

			memmove(&out->threads[1], &out->threads[0], j * sizeof(*th));
			out->threads[0] = m;
		}
	}
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
	threads(&b, out);
	free(b.v);
}

int bootpath_compute(const struct pm_cycle *c, struct critpath *out)
{
	size_t i;

	memset(out, 0, sizeof(*out));
	out->eps_ns = CP_EPS_NS;
	out->skew_ns = c->from_trace ? CP_SKEW_TRACE_NS : CP_SKEW_DMESG_NS;
	if (c->mode != MODE_BOOT)
		return 0;
	out->phases = xcalloc(c->nphases ? c->nphases : 1, sizeof(*out->phases));
	for (i = 0; i < c->nphases; i++) {
		const struct pm_phase *p = &c->phases[i];

		if (p->start == NS_NONE || p->end == NS_NONE || p->end <= p->start)
			continue;
		phase_path(c, (int)i, out->skew_ns, &out->phases[out->nphases++]);
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
