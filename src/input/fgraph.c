// SPDX-License-Identifier: GPL-2.0
/*
 * function_graph text (and kprobe call/return pairs): the calls each device
 * callback made, between its device_pm_callback_start and _end events on
 * the same thread, summed up
 * when it ends: time per function (total and self), the slowest and the
 * deepest call chain, and where it slept. Nesting comes from the graph's
 * indentation (two spaces a level), so entries or returns lost at the
 * buffer start or to dropped events are repaired and counted. Lines
 * outside callbacks are passed over at once: traces reach gigabytes.
 */
#include <stdlib.h>

#include "ftrace.h"

#define FG_MAX_DEPTH 128

struct fg_node {
	const char *fn;		/* interned in the parser's pool */
	int depth, parent;	/* parent node, -1 an outermost call */
	ns_t dur, entry, kids;	/* kids: the known durations of its calls */
	bool sleep, in_sleep;	/* a sleeping function / inside one */
};

struct fg_thread {
	int key;		/* pid, or -(cpu + 1) without a task column */
	bool in_cb;
	int base;		/* depth of the callback's outermost calls, -1 */
	struct fg_node *nodes;
	size_t n, cap;
	int open[FG_MAX_DEPTH];	/* node entered at each depth, -1 */
	int top;		/* deepest depth with an open node, -1 none */
	unsigned int repaired;
};

struct fgraph {
	struct strpool names;
	struct fg_thread *th;
	size_t nth, cap, last;
	int *slots;		/* thread key -> index + 1, open addressing */
	size_t nslots;
	unsigned int repaired;	/* all callbacks' */
	struct pm_callgraph out;	/* the summary handed out, reused */
	struct pm_fn_stat *stats;
	size_t stats_cap;
	size_t *order;
	size_t order_cap;
	const char **path;
};

struct fgraph *fgraph_new(void)
{
	struct fgraph *g = xcalloc(1, sizeof(*g));

	strpool_init(&g->names);
	g->path = xmalloc(2 * FG_MAX_DEPTH * sizeof(*g->path));
	g->out.fns = xmalloc(CALLGRAPH_TOP * sizeof(*g->out.fns));
	g->out.sleeps = xmalloc(CALLGRAPH_TOP * sizeof(*g->out.sleeps));
	return g;
}

void fgraph_free(struct fgraph *g)
{
	size_t i;

	if (!g)
		return;
	for (i = 0; i < g->nth; i++)
		free(g->th[i].nodes);
	free(g->th);
	free(g->slots);
	free(g->out.fns);
	free(g->out.sleeps);
	free(g->stats);
	free(g->order);
	free(g->path);
	strpool_free(&g->names);
	free(g);
}

unsigned int fgraph_repaired(const struct fgraph *g)
{
	return g ? g->repaired : 0;
}

static size_t slot_of(const struct fgraph *g, int key)
{
	size_t i = ((size_t)(unsigned int)key * 2654435761u) & (g->nslots - 1);

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
	g->th[g->nth].top = -1;
	for (i = 0; i < FG_MAX_DEPTH; i++)
		g->th[g->nth].open[i] = -1;
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

	if (!strchr("msuwf_", fn[0]))
		return false;	/* what most functions are rejected by */
	if (!strcmp(fn, "schedule") || !strcmp(fn, "__mutex_lock") || !strcmp(fn, "fsleep"))
		return true;
	for (i = 0; i < ARRAY_SIZE(pre); i++)
		if (!strncmp(fn, pre[i], strlen(pre[i])))
			return true;
	return false;
}

/* "546.656 us", "+ 14.992 us" -> ns; NS_NONE when empty. */
static ns_t duration(struct str d)
{
	ns_t v;

	if (d.len && strchr("+!#*@$", d.p[0]))
		d = str_trim(str_make(d.p + 1, d.len - 1));
	if (!d.len || !str_seconds_ns(d, &v))
		return NS_NONE;
	return v / 1000000;	/* read as seconds: the number is in us */
}

/* Frames open at @d or deeper lost their return: close them. */
static void close_from(struct fg_thread *t, int d, ns_t ts)
{
	int i;

	for (i = d < 0 ? 0 : d; i <= t->top; i++) {
		struct fg_node *n;

		if (t->open[i] < 0)
			continue;
		n = &t->nodes[t->open[i]];
		if (ts != NS_NONE && n->entry != NS_NONE && ts >= n->entry)
			n->dur = ts - n->entry;
		t->open[i] = -1;
		t->repaired++;
	}
	if (t->top >= d)
		t->top = d - 1;
}

static void add_node(struct fgraph *g, struct fg_thread *t, struct str name, int d,
		     ns_t dur, ns_t ts)
{
	struct fg_node *n;
	int parent = d > t->base && d > 0 ? t->open[d - 1] : -1;

	VEC_RESERVE(t->nodes, t->n, t->cap);
	n = &t->nodes[t->n];
	n->fn = strpool_get(&g->names, name);
	n->depth = d;
	n->parent = parent;
	n->dur = dur;
	n->entry = ts;
	n->kids = 0;
	n->sleep = sleeps(n->fn);
	n->in_sleep = parent >= 0 && (t->nodes[parent].sleep || t->nodes[parent].in_sleep);
	t->n++;
}

void fgraph_line(struct fgraph *g, const struct ftrace_line *fl)
{
	struct fg_thread *t = thread(g, fl);
	struct str s = fl->func;
	const char *paren;
	size_t sp = 0;
	int d;

	if (!t->in_cb)
		return;
	while (sp < s.len && s.p[sp] == ' ')
		sp++;
	d = (int)(sp / 2) - 1;
	if (d < 0)
		d = 0;
	if (d >= FG_MAX_DEPTH)
		return;
	s = str_trim(str_make(s.p + sp, s.len - sp));
	if (s.len && s.p[0] == '}') {
		if (t->base < 0 || d < t->base) {
			t->repaired++;	/* returns from calls whose entry is lost */
			return;
		}
		close_from(t, d + 1, fl->ts);
		if (t->open[d] < 0) {
			t->repaired++;	/* its entry was lost */
			return;
		}
		t->nodes[t->open[d]].dur = duration(fl->duration);
		t->open[d] = -1;
		t->top = d - 1;
		return;
	}
	paren = memchr(s.p, '(', s.len);
	if (!paren || paren == s.p)
		return;		/* irq arrows, context switches */
	if (t->base < 0)
		t->base = d;
	if (d < t->base)
		return;
	close_from(t, d, fl->ts);
	add_node(g, t, str_make(s.p, (size_t)(paren - s.p)), d,
		 duration(fl->duration), fl->ts);
	if (s.p[s.len - 1] == '{') {
		t->open[d] = (int)t->n - 1;
		t->top = d;
	}
}

/*
 * A kprobe pair (sleepgraph's dev mode: "msleep_cal:" ... "msleep_ret:")
 * inside a callback: a call one level below the deepest one open.
 */
void fgraph_kprobe(struct fgraph *g, const struct ftrace_line *fl, struct str name, bool ret)
{
	struct fg_thread *t = thread(g, fl);
	const char *fn;
	int d;

	if (!t->in_cb || fl->ts == NS_NONE)
		return;
	if (!ret) {
		d = t->top + 1;
		if (d >= FG_MAX_DEPTH)
			return;
		if (t->base < 0)
			t->base = d;
		add_node(g, t, name, d, NS_NONE, fl->ts);
		t->open[d] = (int)t->n - 1;
		t->top = d;
		return;
	}
	fn = strpool_get(&g->names, name);
	for (d = t->top; d >= 0 && (t->open[d] < 0 || t->nodes[t->open[d]].fn != fn); d--)
		;
	if (d < 0) {
		t->repaired++;	/* its call was before the callback or lost */
		return;
	}
	close_from(t, d + 1, fl->ts);
	t->nodes[t->open[d]].dur = fl->ts - t->nodes[t->open[d]].entry;
	t->open[d] = -1;
	t->top = d - 1;
}

void fgraph_cb_start(struct fgraph *g, const struct ftrace_line *fl)
{
	struct fg_thread *t = thread(g, fl);

	close_from(t, 0, NS_NONE);	/* none open after a callback ends */
	t->in_cb = true;
	t->base = -1;
	t->n = 0;
	t->repaired = 0;
}

static int cmp_fn(const void *a, const void *b, void *nodes)
{
	const struct fg_node *n = nodes;
	const char *x = n[*(const size_t *)a].fn, *y = n[*(const size_t *)b].fn;

	return x == y ? 0 : x < y ? -1 : 1;
}

static int cmp_total(const void *a, const void *b)
{
	const struct pm_fn_stat *x = a, *y = b;

	if (x->total_ns != y->total_ns)
		return x->total_ns > y->total_ns ? -1 : 1;
	return strcmp(x->fn, y->fn);
}

/* Per function totals of the nodes @keep selects, longest first. */
static size_t aggregate(struct fgraph *g, const struct fg_thread *t, bool sleeping,
			struct pm_fn_stat *out, size_t max)
{
	size_t i, k = 0, n = 0;

	for (i = 0; i < t->n; i++)
		if (!sleeping || (t->nodes[i].sleep && !t->nodes[i].in_sleep))
			g->order[n++] = i;
	qsort_r(g->order, n, sizeof(size_t), cmp_fn, t->nodes);
	for (i = 0; i < n; i++) {
		const struct fg_node *x = &t->nodes[g->order[i]];
		ns_t self = x->dur == NS_NONE ? 0 : x->dur - x->kids;

		if (!k || g->stats[k - 1].fn != x->fn) {
			g->stats[k].fn = x->fn;
			g->stats[k].total_ns = g->stats[k].self_ns = 0;
			g->stats[k++].calls = 0;
		}
		g->stats[k - 1].calls++;
		g->stats[k - 1].total_ns += x->dur == NS_NONE ? 0 : x->dur;
		g->stats[k - 1].self_ns += self > 0 ? self : 0;
	}
	qsort(g->stats, k, sizeof(*g->stats), cmp_total);
	if (k > max)
		k = max;
	memcpy(out, g->stats, k * sizeof(*out));
	return k;
}

/* The chain of the longest call at each level, from the outermost. */
static size_t slowest_path(const struct fg_thread *t, const char **path)
{
	size_t n = 0, i;
	int cur = -1;

	for (;;) {
		int best = -1;

		for (i = cur < 0 ? 0 : (size_t)cur + 1; i < t->n; i++) {
			const struct fg_node *x = &t->nodes[i];

			if (cur >= 0 && x->depth <= t->nodes[cur].depth)
				break;	/* past @cur's subtree */
			if (x->parent == cur && x->dur != NS_NONE &&
			    (best < 0 || x->dur > t->nodes[best].dur))
				best = (int)i;
		}
		if (best < 0 || n >= FG_MAX_DEPTH)
			return n;
		path[n++] = t->nodes[best].fn;
		cur = best;
	}
}

static size_t deepest_path(const struct fg_thread *t, const char **path)
{
	size_t i, n = 0, deep = 0;
	int cur;

	for (i = 1; i < t->n; i++)
		if (t->nodes[i].depth > t->nodes[deep].depth)
			deep = i;
	for (cur = (int)deep; cur >= 0 && n < FG_MAX_DEPTH; cur = t->nodes[cur].parent)
		path[n++] = t->nodes[cur].fn;
	for (i = 0; i < n / 2; i++) {
		const char *x = path[i];

		path[i] = path[n - 1 - i];
		path[n - 1 - i] = x;
	}
	return n;
}

const struct pm_callgraph *fgraph_cb_end(struct fgraph *g, const struct ftrace_line *fl)
{
	struct fg_thread *t = thread(g, fl);
	struct pm_callgraph *o = &g->out;
	size_t i, cap;

	if (!t->in_cb)
		return NULL;
	t->in_cb = false;
	close_from(t, 0, fl->ts);
	g->repaired += t->repaired;
	if (!t->n)
		return NULL;
	for (i = 0; i < t->n; i++) {
		const struct fg_node *x = &t->nodes[i];

		if (x->parent >= 0 && x->dur != NS_NONE)
			t->nodes[x->parent].kids += x->dur;
	}
	cap = t->n + 2 * CALLGRAPH_TOP;
	if (g->stats_cap < cap) {
		g->stats = xrealloc(g->stats, cap * sizeof(*g->stats));
		g->order = xrealloc(g->order, cap * sizeof(*g->order));
		g->stats_cap = cap;
	}
	o->sleep_ns = 0;
	o->nfns = aggregate(g, t, false, o->fns, CALLGRAPH_TOP);
	o->nsleeps = aggregate(g, t, true, o->sleeps, CALLGRAPH_TOP);
	for (i = 0; i < t->n; i++)
		if (t->nodes[i].sleep && !t->nodes[i].in_sleep && t->nodes[i].dur != NS_NONE)
			o->sleep_ns += t->nodes[i].dur;
	o->slow_path = g->path;
	o->nslow = slowest_path(t, o->slow_path);
	o->deep_path = g->path + FG_MAX_DEPTH;
	o->ndeep = deepest_path(t, o->deep_path);
	o->calls = (unsigned int)t->n;
	o->repaired = t->repaired;
	return o;
}

void fgraph_cb_calls(struct fgraph *g, const struct ftrace_line *fl, fgraph_call_fn fn, void *ctx)
{
	const struct fg_thread *t = thread(g, fl);
	size_t i;

	for (i = 0; i < t->n && !t->in_cb; i++)
		fn(ctx, t->nodes[i].fn, t->nodes[i].depth - t->base, t->nodes[i].parent,
		   t->nodes[i].dur);
}
