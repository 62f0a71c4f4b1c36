// SPDX-License-Identifier: GPL-2.0
/*
 * function_graph text (and kprobe call/return pairs): the calls each device
 * callback made, between its device_pm_callback_start and _end events on
 * the same thread, summed up as they stream by: time per function (total
 * and self), the slowest and the deepest call chain, and where it slept.
 * Nesting comes from the graph's indentation (two spaces a level), so
 * entries or returns lost at the buffer start or to dropped events are
 * repaired and counted. Lines outside callbacks are passed over at once.
 *
 * Memory does not grow with a callback's graph (a callback can make
 * millions of calls): per thread inside a callback only the open call
 * stack is kept, each open call with the slowest chain below it so far,
 * and the per-function totals (fgraph_totals.c). A call's summary is
 * folded into its caller's when it returns; callees always return before
 * their caller (a lost return closes every deeper call first).
 */
#include <stdlib.h>

#include "ftrace_int.h"
#include "fgraph.h"

#define FN_MEMO_BITS 8

/* A call open on a thread: what its summary needs once it returns. */
struct fg_frame {
	const char *fn;		/* interned in the parser's pool */
	bool open;
	bool parent;		/* its caller is the frame one level up */
	bool sleep, in_sleep;	/* a sleeping function / inside one */
	unsigned int seq;	/* its place among the callback's calls */
	int watch;		/* what the watch's open() returned */
	ns_t dur, entry, kids;	/* kids: the known durations of its calls */
	/* its slowest call and that one's slowest call ..., in the thread's
	 * chain buffer at chain_at(depth): the longest call wins, the first
	 * of equals */
	bool has_slow;
	ns_t slow_dur;
	unsigned int slow_seq;
	size_t nslow;
};

/* What a thread inside a callback keeps: allocated at its first callback. */
struct fg_calls {
	int key;		/* the thread's */
	const struct fgraph_watch *watch;	/* NULL: no one watches */
	int base;		/* depth of the callback's outermost calls, -1 */
	int top;		/* deepest depth with an open call, -1 none */
	struct fg_frame frame[FG_MAX_DEPTH];
	/* the slowest chains below the open calls: FG_MAX_DEPTH - 1 - d
	 * names below depth d, all depths one after the other */
	const char **chains;
	unsigned int calls, repaired;
	struct fg_totals fns, sleeps;
	ns_t sleep_ns;
	struct pm_sleep_span spans[CALLGRAPH_SPANS];	/* the longest sleeps */
	size_t nspans;
	/* the slowest outermost call (or call whose caller was lost) and
	 * its chain; the first of the deepest calls and its callers */
	bool has_slow;
	ns_t slow_dur;
	unsigned int slow_seq;
	const char *slow[FG_MAX_DEPTH];
	size_t nslow;
	int deep_depth;
	const char *deep[FG_MAX_DEPTH];
	size_t ndeep;
};

/* A thread's open outermost call outside callbacks (fgraph_work_sink). */
struct fg_outside {
	const char *fn;		/* interned; NULL none open */
	ns_t entry;
	int depth;		/* its function_graph depth, -1 a kprobe */
	bool skip;		/* not told: the PM core's own walk, or a sleep */
};

struct fg_thread {
	int key;		/* pid, or -(cpu + 1) without a task column */
	bool in_cb;
	bool fresh;		/* no call yet in this callback: @c is stale */
	struct fg_calls *c;
	struct fg_outside out;
};

struct fgraph {
	struct strpool names;
	struct fg_thread *th;
	size_t nth, cap, last;
	int *slots;		/* thread key -> index + 1, open addressing */
	size_t nslots;
	unsigned int repaired;	/* all callbacks' */
	unsigned int too_deep;	/* calls inside callbacks deeper than
				 * FG_MAX_DEPTH, not read */
	struct fgraph_watch watch;	/* .open NULL: none */
	struct fgraph_work_sink sink;	/* .work NULL: none */
	struct pm_callgraph out;	/* the summary handed out, reused */
	/* sleeps() of the names seen last, by their interned address */
	struct {
		const char *fn;
		bool sleep;
	} sleep_seen[256];
	/* the names interned last: a graph calls the same few functions
	 * again and again, and the pool's hash is a tenth of a call's cost */
	struct {
		const char *fn;
		size_t len;
	} fn_memo[1u << FN_MEMO_BITS];
};

static const char **chain_at(struct fg_calls *c, int d)
{
	return c->chains + (size_t)d * (FG_MAX_DEPTH - 1) - (size_t)d * (size_t)(d - 1) / 2;
}

struct fgraph *fgraph_new(void)
{
	struct fgraph *g = xcalloc(1, sizeof(*g));

	strpool_init(&g->names);
	g->out.fns = xmalloc(CALLGRAPH_TOP * sizeof(*g->out.fns));
	g->out.sleeps = xmalloc(CALLGRAPH_TOP * sizeof(*g->out.sleeps));
	g->out.spans = xmalloc(CALLGRAPH_SPANS * sizeof(*g->out.spans));
	return g;
}

static void calls_free(struct fg_calls *c)
{
	if (!c)
		return;
	fg_totals_free(&c->fns);
	fg_totals_free(&c->sleeps);
	free(c->chains);
	free(c);
}

void fgraph_free(struct fgraph *g)
{
	size_t i;

	if (!g)
		return;
	for (i = 0; i < g->nth; i++)
		calls_free(g->th[i].c);
	free(g->th);
	free(g->slots);
	free(g->out.fns);
	free(g->out.sleeps);
	free(g->out.spans);
	strpool_free(&g->names);
	free(g);
}

unsigned int fgraph_repaired(const struct fgraph *g)
{
	return g ? g->repaired : 0;
}

unsigned int fgraph_too_deep(const struct fgraph *g)
{
	return g ? g->too_deep : 0;
}

static size_t slot_of(const struct fgraph *g, int key)
{
	size_t i = int_slot_of((unsigned int)key, g->nslots);

	while (g->slots[i] && g->th[g->slots[i] - 1].key != key)
		i = (i + 1) & (g->nslots - 1);
	return i;
}

/* Keep the table at most half full: lookups stay one or two probes. */
static void grow_slots(struct fgraph *g)
{
	size_t i;

	if (2 * (g->nth + 1) <= g->nslots)
		return;
	free(g->slots);
	g->nslots = g->nslots ? 2 * g->nslots : 64;
	g->slots = xcalloc(g->nslots, sizeof(*g->slots));
	for (i = 0; i < g->nth; i++)
		g->slots[slot_of(g, g->th[i].key)] = (int)i + 1;
}

/* Graph lines of many threads interleave: a thread's state by its key. */
static struct fg_thread *thread(struct fgraph *g, const struct ftrace_line *fl)
{
	int key = fl->pid >= 0 ? fl->pid : -(fl->cpu + 1);
	size_t i;

	if (g->last < g->nth && g->th[g->last].key == key)
		return &g->th[g->last];
	if (g->nslots && g->slots[i = slot_of(g, key)])
		return &g->th[g->last = (size_t)g->slots[i] - 1];
	grow_slots(g);
	g->slots[slot_of(g, key)] = (int)g->nth + 1;
	VEC_RESERVE(g->th, g->nth, g->cap);
	memset(&g->th[g->nth], 0, sizeof(*g->th));
	g->th[g->nth].key = key;
	g->last = g->nth;
	return &g->th[g->nth++];
}

/* The sleeping functions: time in them is time the callback slept. */
static bool sleeps(const char *fn)
{
	static const char *const pre[] = {
		"msleep", "ssleep", "usleep_range", "schedule_timeout", "schedule_hrtimeout",
		"wait_for_completion", "__mutex_lock_slowpath", "mutex_lock_slowpath",
	};
	size_t i;

	switch (fn[0]) {	/* what most functions are rejected by */
	case 'm': case 's': case 'u': case 'w': case 'f': case '_':
		break;
	default:
		return false;
	}
	if (!strcmp(fn, "schedule") || !strcmp(fn, "__mutex_lock") || !strcmp(fn, "fsleep"))
		return true;
	for (i = 0; i < ARRAY_SIZE(pre); i++)
		if (!strncmp(fn, pre[i], strlen(pre[i])))
			return true;
	return false;
}

/* sleeps(@fn) once per name, mostly: a call per graph line otherwise. */
static bool sleeps_cached(struct fgraph *g, const char *fn)
{
	size_t i = (size_t)((uintptr_t)fn * 0x9E3779B97F4A7C15ull >> 56);

	if (g->sleep_seen[i].fn != fn) {
		g->sleep_seen[i].fn = fn;
		g->sleep_seen[i].sleep = sleeps(fn);
	}
	return g->sleep_seen[i].sleep;
}

/* @name interned in the graph's pool. */
static const char *fn_interned(struct fgraph *g, struct str name)
{
	unsigned int i = name_memo_slot(name, FN_MEMO_BITS);

	if (g->fn_memo[i].fn && g->fn_memo[i].len == name.len &&
	    same_bytes(g->fn_memo[i].fn, name.p, name.len))
		return g->fn_memo[i].fn;
	g->fn_memo[i].fn = strpool_get(&g->names, name);
	g->fn_memo[i].len = name.len;
	return g->fn_memo[i].fn;
}

/* Does a call of @dur, the @seq-th, beat the slowest one so far? */
static bool slower(ns_t dur, unsigned int seq, bool has, ns_t best, unsigned int best_seq)
{
	return !has || dur > best || (dur == best && seq < best_seq);
}

static ns_t span_len(const struct pm_sleep_span *s)
{
	return s->end - s->start;
}

/* A sleep whose call the trace stamped, among the CALLGRAPH_SPANS longest:
 * it takes the place of the shortest kept (the first of equals stays). */
static void span_add(struct fg_calls *c, const struct fg_frame *x)
{
	size_t i, min = 0;

	if (x->entry == NS_NONE || x->dur == NS_NONE || x->dur > NS_MAX - x->entry)
		return;
	if (c->nspans < CALLGRAPH_SPANS) {
		i = c->nspans++;
	} else {
		for (i = 1; i < CALLGRAPH_SPANS; i++)
			if (span_len(&c->spans[i]) < span_len(&c->spans[min]))
				min = i;
		if (x->dur <= span_len(&c->spans[min]))
			return;
		i = min;
	}
	c->spans[i] = (struct pm_sleep_span){ x->entry, x->entry + x->dur, x->fn };
}

/* @v (at most CALLGRAPH_SPANS) by start, then end: an insertion sort,
 * since qsort() would allocate at every callback's end. */
static void sort_spans(struct pm_sleep_span *v, size_t n)
{
	size_t i, k;

	for (i = 1; i < n; i++) {
		struct pm_sleep_span x = v[i];

		for (k = i; k > 0 && (v[k - 1].start > x.start ||
				      (v[k - 1].start == x.start && v[k - 1].end > x.end)); k--)
			v[k] = v[k - 1];
		v[k] = x;
	}
}

/* @x at depth @d returned (or is a call without a body): into the totals,
 * its time into its caller's, its chain into its caller's if slowest. */
static void call_done(struct fg_calls *c, int d, const struct fg_frame *x, const char **chain)
{
	const char **to;
	size_t cap;

	if (c->watch)
		c->watch->done(c->watch->ctx, c->key, x->watch, x->dur);
	fg_totals_add(&c->fns, x->fn, x->dur, x->kids);
	if (x->sleep && !x->in_sleep) {
		fg_totals_add(&c->sleeps, x->fn, x->dur, x->kids);
		if (x->dur != NS_NONE)
			c->sleep_ns = ns_sum(c->sleep_ns, x->dur);
		span_add(c, x);
	}
	if (x->dur == NS_NONE)
		return;
	if (x->parent) {
		struct fg_frame *p = &c->frame[d - 1];

		p->kids = ns_sum(p->kids, x->dur);
		if (!slower(x->dur, x->seq, p->has_slow, p->slow_dur, p->slow_seq))
			return;
		p->has_slow = true;
		p->slow_dur = x->dur;
		p->slow_seq = x->seq;
		to = chain_at(c, d - 1);
		cap = FG_MAX_DEPTH - (size_t)d;
		p->nslow = 1 + x->nslow > cap ? cap : 1 + x->nslow;
	} else {
		if (!slower(x->dur, x->seq, c->has_slow, c->slow_dur, c->slow_seq))
			return;
		c->has_slow = true;
		c->slow_dur = x->dur;
		c->slow_seq = x->seq;
		to = c->slow;
		c->nslow = 1 + x->nslow > FG_MAX_DEPTH ? FG_MAX_DEPTH : 1 + x->nslow;
		cap = c->nslow;
	}
	to[0] = x->fn;
	if (cap > 1 && x->nslow)
		memcpy(to + 1, chain, (cap - 1 < x->nslow ? cap - 1 : x->nslow) * sizeof(*chain));
}

/* The open call at @d returned after @dur (NS_NONE: not known). */
static void frame_close(struct fg_calls *c, int d, ns_t dur)
{
	struct fg_frame *x = &c->frame[d];

	x->dur = dur;
	x->open = false;
	call_done(c, d, x, chain_at(c, d));
}

/* Calls open at @d or deeper lost their return: close them, deepest
 * first, with the time up to @ts when known. */
static void close_from(struct fg_calls *c, int d, ns_t ts)
{
	int i;

	if (d < 0)
		d = 0;
	for (i = c->top; i >= d; i--) {
		struct fg_frame *x = &c->frame[i];

		if (!x->open)
			continue;
		frame_close(c, i, ts != NS_NONE && x->entry != NS_NONE && ts >= x->entry ?
				  ts - x->entry : x->dur);
		c->repaired++;
	}
	if (c->top >= d)
		c->top = d - 1;
}

/* The first call deepest in the callback, and its callers. */
static void note_deepest(struct fg_calls *c, int d, const char *fn, bool parent)
{
	size_t n = 0, i;
	int k = d;

	if (d <= c->deep_depth)
		return;
	c->deep_depth = d;
	c->deep[n++] = fn;
	while (parent && k > 0 && n < FG_MAX_DEPTH) {
		k--;
		c->deep[n++] = c->frame[k].fn;
		parent = c->frame[k].parent;
	}
	for (i = 0; i < n / 2; i++) {
		const char *x = c->deep[i];

		c->deep[i] = c->deep[n - 1 - i];
		c->deep[n - 1 - i] = x;
	}
	c->ndeep = n;
}

/* A call at depth @d: kept open when @open (its body follows), else done.
 * The watch sees function_graph's calls only (@watched): the call trees
 * were always read from the graph's lines. */
static void add_call(struct fgraph *g, struct fg_calls *c, struct str name, int d,
		     ns_t dur, ns_t ts, bool open, bool watched)
{
	struct fg_frame call, *x = open ? &c->frame[d] : &call;
	struct fg_frame *up = d > 0 ? &c->frame[d - 1] : NULL;

	x->fn = fn_interned(g, name);
	x->open = open;
	x->parent = d > c->base && up && up->open;
	x->sleep = sleeps_cached(g, x->fn);
	x->in_sleep = x->parent && (up->sleep || up->in_sleep);
	x->seq = c->calls++;
	x->dur = dur;
	x->entry = ts;
	x->kids = 0;
	x->has_slow = false;
	x->nslow = 0;
	x->watch = c->watch && watched ?
		c->watch->open(c->watch->ctx, c->key, x->fn, d - c->base, x->parent,
			       x->parent ? up->watch : -1) : -1;
	note_deepest(c, d, x->fn, x->parent);
	if (open)
		c->top = d;
	else
		call_done(c, d, x, NULL);
}

void fgraph_cb_start(struct fgraph *g, const struct ftrace_line *fl)
{
	struct fg_thread *t = thread(g, fl);

	t->in_cb = true;
	t->fresh = true;	/* most callbacks have no graph: set up at its first call */
	t->out.fn = NULL;	/* a call around a callback is not outside one */
}

/* The PM core walking its device list (device_suspend() of a device with
 * no callback, dpm_run_callback() around one): the callbacks tell that
 * work already, so it is no thread's work outside them. */
static bool pm_core(const char *fn)
{
	return !strncmp(fn, "dpm_", 4) || !strncmp(fn, "device_", 7) ||
	       !strncmp(fn, "__device_", 9) || !strncmp(fn, "async_suspend", 13) ||
	       !strncmp(fn, "async_resume", 12);
}

/* An outermost call outside callbacks that is no work to tell: the PM
 * core's walk, or a sleep (a kthread waiting for work is idle). */
static bool not_work(struct fgraph *g, const char *fn)
{
	return pm_core(fn) || sleeps_cached(g, fn);
}

/* The open outside call of @t returned at @end. */
static void outside_done(struct fgraph *g, struct fg_thread *t, const struct ftrace_line *fl,
			 ns_t end)
{
	if (end >= t->out.entry && !t->out.skip)
		g->sink.work(g->sink.ctx, fl, t->out.fn, t->out.entry, end);
	t->out.fn = NULL;
}

static void outside_open(struct fgraph *g, struct fg_thread *t, const char *fn, ns_t entry,
			 int depth)
{
	t->out.fn = fn;
	t->out.entry = entry;
	t->out.depth = depth;
	t->out.skip = not_work(g, fn);
}

/* A call at depth @d of a thread outside callbacks: only its outermost
 * calls are kept. */
static void outside_call(struct fgraph *g, struct fg_thread *t, const struct ftrace_line *fl,
			 int d, const struct graph_call *gc)
{
	const char *fn;

	if (fl->ts == NS_NONE)
		return;
	if (gc->kind == GL_RETURN) {
		if (t->out.fn && t->out.depth == d) {
			outside_done(g, t, fl, gc->dur != NS_NONE && gc->dur <= NS_MAX - t->out.entry ?
					      t->out.entry + gc->dur : fl->ts);
		} else if (t->out.fn && d < t->out.depth) {
			t->out.fn = NULL;	/* lost its return */
		}
		return;
	}
	if (t->out.fn && d > t->out.depth)
		return;		/* inside the open one */
	fn = fn_interned(g, gc->fn);
	if (gc->kind == GL_ENTRY) {
		outside_open(g, t, fn, fl->ts, d);
		return;
	}
	t->out.fn = NULL;
	if (gc->dur != NS_NONE && gc->dur <= NS_MAX - fl->ts && !not_work(g, fn))
		g->sink.work(g->sink.ctx, fl, fn, fl->ts, fl->ts + gc->dur);
}

/* A kprobe of a thread outside callbacks: its outermost pair is kept. */
static void outside_kprobe(struct fgraph *g, struct fg_thread *t, const struct ftrace_line *fl,
			   struct str name, bool ret)
{
	const char *fn = fn_interned(g, name);

	if (!ret) {
		if (!t->out.fn)
			outside_open(g, t, fn, fl->ts, -1);
		return;
	}
	if (t->out.fn == fn && t->out.depth < 0)
		outside_done(g, t, fl, fl->ts);
}

void fgraph_set_work_sink(struct fgraph *g, const struct fgraph_work_sink *s)
{
	g->sink = *s;
}

/* The thread's first call in this callback: what the last one kept
 * (or a callback that never ended left open) is dropped. */
static struct fg_calls *calls_begin(const struct fgraph *g, struct fg_thread *t)
{
	struct fg_calls *c = t->c;
	int d;

	if (!c) {
		c = t->c = xcalloc(1, sizeof(*c));
		c->chains = xmalloc((size_t)FG_MAX_DEPTH * (FG_MAX_DEPTH - 1) / 2 *
				    sizeof(*c->chains));
		fg_totals_init(&c->fns);
		fg_totals_init(&c->sleeps);
		c->top = -1;
	}
	for (d = 0; d <= c->top; d++)	/* none is open deeper than top */
		c->frame[d].open = false;
	t->fresh = false;
	c->key = t->key;
	c->watch = g->watch.open ? &g->watch : NULL;
	c->base = c->top = c->deep_depth = -1;
	c->calls = c->repaired = 0;
	c->sleep_ns = 0;
	c->nspans = 0;
	c->has_slow = false;
	c->nslow = c->ndeep = 0;
	fg_totals_reset(&c->fns);
	fg_totals_reset(&c->sleeps);
	return c;
}

/* The calls of @fl's thread when it is inside a callback, else NULL. */
/* The calls of thread @t, inside a callback. */
static struct fg_calls *calls_of(const struct fgraph *g, struct fg_thread *t)
{
	return t->fresh ? calls_begin(g, t) : t->c;
}

void fgraph_call(struct fgraph *g, const struct ftrace_line *fl, const struct graph_call *gc)
{
	struct fg_thread *t = thread(g, fl);
	struct fg_calls *c;
	int d = gc->depth < 0 ? 0 : gc->depth;

	if (!t->in_cb && !g->sink.work)
		return;
	if (d >= FG_MAX_DEPTH) {	/* deeper than kernels nest: said at the end */
		g->too_deep += t->in_cb && gc->kind != GL_RETURN;
		return;
	}
	if (!t->in_cb) {
		outside_call(g, t, fl, d, gc);
		return;
	}
	c = calls_of(g, t);
	if (gc->kind == GL_RETURN) {
		if (c->base < 0 || d < c->base) {
			c->repaired++;	/* returns from calls whose entry is lost */
			return;
		}
		close_from(c, d + 1, fl->ts);
		if (!c->frame[d].open) {
			c->repaired++;	/* its entry was lost */
			return;
		}
		frame_close(c, d, gc->dur);
		c->top = d - 1;
		return;
	}
	if (c->base < 0)
		c->base = d;
	if (d < c->base)
		return;
	close_from(c, d, fl->ts);
	add_call(g, c, gc->fn, d, gc->dur, fl->ts, gc->kind == GL_ENTRY, true);
}

void fgraph_line(struct fgraph *g, const struct ftrace_line *fl)
{
	struct graph_call gc;

	if (graph_call_parse(fl, &gc))
		fgraph_call(g, fl, &gc);
}

/*
 * A kprobe pair (sleepgraph's dev mode: "msleep_cal:" ... "msleep_ret:")
 * inside a callback: a call one level below the deepest one open.
 */
void fgraph_kprobe(struct fgraph *g, const struct ftrace_line *fl, struct str name, bool ret)
{
	struct fg_thread *t;
	struct fg_calls *c;
	const char *fn;
	int d;

	if (fl->ts == NS_NONE)
		return;
	t = thread(g, fl);
	if (!t->in_cb) {
		if (g->sink.work)
			outside_kprobe(g, t, fl, name, ret);
		return;
	}
	c = calls_of(g, t);
	if (!ret) {
		d = c->top + 1;
		if (d >= FG_MAX_DEPTH) {
			g->too_deep++;
			return;
		}
		if (c->base < 0)
			c->base = d;
		add_call(g, c, name, d, NS_NONE, fl->ts, true, false);
		return;
	}
	fn = fn_interned(g, name);
	for (d = c->top; d >= 0 && (!c->frame[d].open || c->frame[d].fn != fn); d--)
		;
	if (d < 0) {
		c->repaired++;	/* its call was before the callback or lost */
		return;
	}
	close_from(c, d + 1, fl->ts);
	/* a return stamped before its call has no length to add up */
	frame_close(c, d, fl->ts >= c->frame[d].entry ? fl->ts - c->frame[d].entry : NS_NONE);
	c->top = d - 1;
}

const struct pm_callgraph *fgraph_cb_end(struct fgraph *g, const struct ftrace_line *fl)
{
	struct fg_thread *t = thread(g, fl);
	struct fg_calls *c = t->c;
	struct pm_callgraph *o = &g->out;

	if (!t->in_cb)
		return NULL;
	t->in_cb = false;
	if (t->fresh)
		return NULL;	/* no call in it */
	close_from(c, 0, fl->ts);
	g->repaired += c->repaired;
	if (!c->calls)
		return NULL;
	o->nfns = fg_totals_top(&c->fns, o->fns, CALLGRAPH_TOP);
	o->nsleeps = fg_totals_top(&c->sleeps, o->sleeps, CALLGRAPH_TOP);
	o->sleep_ns = c->sleep_ns;
	o->nspans = c->nspans;
	memcpy(o->spans, c->spans, c->nspans * sizeof(*o->spans));
	sort_spans(o->spans, o->nspans);
	o->slow_path = c->slow;
	o->nslow = c->nslow;
	o->deep_path = c->deep;
	o->ndeep = c->ndeep;
	o->calls = c->calls;
	o->repaired = c->repaired;
	return o;
}

void fgraph_set_watch(struct fgraph *g, const struct fgraph_watch *w)
{
	g->watch = *w;
}
