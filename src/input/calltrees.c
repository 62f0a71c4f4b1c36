// SPDX-License-Identifier: GPL-2.0
/*
 * function_graph call trees of a few callbacks, for the HTML page
 * (input.h, input_call_trees()). The model keeps a summary per callback;
 * the trees of the ones the page shows (the slowest, the critical path's)
 * are read again from the trace, with the same graph parser, so they
 * agree with the summary. Bounded: calls of one function under one
 * caller merged, depth and node count capped.
 */
#include <stdlib.h>
#include <string.h>

#include "ftrace.h"

#define SLOTS 4096	/* > 2 * CALLTREE_NODES, a power of two */

struct want_at {
	const char *file;
	unsigned int line;
	size_t tree;	/* index into run->trees */
};

/* One tree being built, as the wanted callback's calls stream by. */
struct build {
	struct pm_run *run;
	struct pm_calltree *t;
	struct { int parent; const char *fn; int node; } slot[SLOTS];
};

/* A wanted callback open on a thread. */
struct capture {
	int pid, cpu;
	struct build *b;
};

struct captures {
	struct capture *v;
	size_t n;
};

static int cmp_place(const void *a, const void *b)
{
	const struct want_at *x = a, *y = b;

	if (x->file != y->file)
		return (uintptr_t)x->file < (uintptr_t)y->file ? -1 : 1;
	return x->line < y->line ? -1 : x->line > y->line;
}

static size_t slot_of(const struct build *b, int parent, const char *fn)
{
	size_t i = (((uintptr_t)fn >> 3) * 31 + (size_t)(parent + 1) * 2654435761u) & (SLOTS - 1);

	while (b->slot[i].fn && (b->slot[i].fn != fn || b->slot[i].parent != parent))
		i = (i + 1) & (SLOTS - 1);
	return i;
}

static struct build *build_of(const struct captures *cs, int key)
{
	size_t i;

	for (i = 0; i < cs->n; i++)
		if (key >= 0 ? cs->v[i].pid == key : cs->v[i].cpu == -key - 1)
			return cs->v[i].b;
	return NULL;
}

/* A call: merged into its caller's node of the same function, or a new
 * node while the tree has room; -1 when not kept (counted as cut). */
static int on_open(void *ctx, int key, const char *fn, int depth, bool has_caller, int caller)
{
	struct build *b = build_of(ctx, key);
	struct pm_calltree *t;
	int node = -1;
	size_t s;

	if (!b)
		return -1;
	t = b->t;
	if (depth >= CALLTREE_DEPTH || (has_caller && caller < 0))
		goto out;	/* too deep, or its caller was not kept */
	s = slot_of(b, caller, fn);
	if (b->slot[s].fn) {
		node = b->slot[s].node;
	} else if (t->n < CALLTREE_NODES) {
		node = (int)t->n++;
		t->nodes[node] = (struct pm_tree_node){
			.fn = strpool_cstr(&b->run->pool, fn), .parent = caller };
		b->slot[s].fn = fn;
		b->slot[s].parent = caller;
		b->slot[s].node = node;
	}
	if (node >= 0)
		t->nodes[node].calls++;
out:
	if (node < 0)
		t->cut++;
	return node;
}

static void on_done(void *ctx, int key, int call, ns_t dur)
{
	struct build *b = build_of(ctx, key);

	if (b && call >= 0 && dur != NS_NONE && dur > 0)
		b->t->nodes[call].total_ns += dur;
}

static struct build *build_new(struct pm_run *run, size_t tree)
{
	struct build *b = xcalloc(1, sizeof(*b));

	b->run = run;
	b->t = &run->trees[tree];
	b->t->nodes = xmalloc(CALLTREE_NODES * sizeof(*b->t->nodes));
	return b;
}

/* The callback ended: its tree shrunk to what it holds. */
static void build_end(struct build *b)
{
	struct pm_calltree *t = b->t;

	if (!t->n) {
		free(t->nodes);
		t->nodes = NULL;
	} else {
		t->nodes = xrealloc(t->nodes, t->n * sizeof(*t->nodes));
	}
	free(b);
}

static bool same_thread(const struct capture *c, const struct ftrace_line *fl)
{
	return fl->pid >= 0 ? c->pid == fl->pid : c->cpu == fl->cpu;
}

/* The pass over one file: its wanted callbacks (@w, by line), the ones
 * open now, and the graph parser watching them. */
struct tree_pass {
	struct pm_run *run;
	const struct want_at *w;
	size_t n, next;
	struct captures cs;
	struct fgraph *g;
};

/* A wanted callback's start line: its calls are captured from here. */
static void tree_start(struct tree_pass *tp, struct ftrace_item *it)
{
	const struct ftrace_line *fl;

	if (ftrace_item_kind(it) == FK_SPLIT &&
	    str_eq((fl = it->fl)->event, "device_pm_callback_start")) {
		fgraph_cb_start(tp->g, fl);
		tp->cs.v[tp->cs.n++] = (struct capture){ fl->pid, fl->cpu,
							 build_new(tp->run, tp->w[tp->next].tree) };
	}
	while (tp->next < tp->n && tp->w[tp->next].line <= it->lineno)
		tp->next++;
}

/* One line: a call of a captured callback, or the end of one; false once
 * no callback is wanted any more. */
static bool tree_line(void *ctx, struct ftrace_item *it)
{
	struct tree_pass *tp = ctx;
	const struct ftrace_line *fl;
	size_t i;

	if (tp->next == tp->n && !tp->cs.n)
		return false;
	if (tp->next < tp->n && it->lineno == tp->w[tp->next].line) {
		tree_start(tp, it);
		return true;
	}
	if (!tp->cs.n || ftrace_item_kind(it) != FK_SPLIT)
		return true;
	fl = it->fl;
	if (fl->graph) {
		if (fl->ahead == FA_CALL)	/* ftrace_classify() read the call */
			fgraph_call(tp->g, fl, &fl->call);
		return true;
	}
	if (!str_eq(fl->event, "device_pm_callback_end"))
		return true;
	for (i = 0; i < tp->cs.n && !same_thread(&tp->cs.v[i], fl); i++)
		;
	if (i == tp->cs.n)
		return true;
	fgraph_cb_end(tp->g, fl);	/* closes what is open: still watched */
	build_end(tp->cs.v[i].b);
	tp->cs.v[i] = tp->cs.v[--tp->cs.n];
	return true;
}

/* One pass over @w[0].file: the wanted callbacks' calls. */
static int read_trees(struct pm_run *run, const struct want_at *w, size_t n, char *err,
		      size_t errlen)
{
	struct line_reader *r = reader_open(w[0].file, err, errlen);
	struct tree_pass tp = { .run = run, .w = w, .n = n, .g = fgraph_new(),
				.cs = { xcalloc(n, sizeof(*tp.cs.v)), 0 } };
	struct fgraph_watch watch = { on_open, on_done, &tp.cs };
	size_t i;
	int rc = -1;

	if (!r)
		goto out;
	fgraph_set_watch(tp.g, &watch);
	rc = ftrace_each_line(r, tree_line, &tp, NULL);
	if (rc < 0)
		snprintf(err, errlen, "%s", reader_error(r));
	reader_close(r);
out:
	for (i = 0; i < tp.cs.n; i++)	/* callbacks that never ended */
		build_end(tp.cs.v[i].b);
	fgraph_free(tp.g);
	free(tp.cs.v);
	return rc;
}

/* Binary trace.dat files are read through libtracecmd, not again here. */
static bool text_trace(const char *file)
{
	return file && strcmp(file, "-") && !strstr(file, ".dat");
}

int input_call_trees(struct pm_run *run, const struct cb_ref *want, size_t nwant,
		     char *err, size_t errlen)
{
	struct want_at *w = xcalloc(nwant ? nwant : 1, sizeof(*w));
	size_t i, j, k, n = 0;
	int rc = 0;

	run->trees = xcalloc(nwant ? nwant : 1, sizeof(*run->trees));
	for (i = 0; i < nwant; i++) {
		const struct pm_cycle *c = &run->cycles[want[i].cycle];
		const struct pm_callback *cb = &c->cbs[want[i].cb];

		run->trees[i] = (struct pm_calltree){ .cycle = want[i].cycle, .cb = want[i].cb };
		if (cb->graph_id < 0 || !cb->line || !text_trace(cb_file(run, cb)))
			continue;
		w[n++] = (struct want_at){ cb_file(run, cb), cb->line, i };
	}
	run->ntrees = nwant;
	if (n)
		qsort(w, n, sizeof(*w), cmp_place);
	for (i = 0; i < n; i = j) {
		for (j = i; j < n && w[j].file == w[i].file; j++)
			;
		if (read_trees(run, w + i, j - i, err, errlen) < 0)
			rc = -1;
	}
	/* Callbacks whose tree was not found keep no entry. */
	for (i = k = 0; i < run->ntrees; i++)
		if (run->trees[i].n)
			run->trees[k++] = run->trees[i];
	run->ntrees = k;
	free(w);
	return rc;
}
