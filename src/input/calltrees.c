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

/* One pass over @w[0].file: the wanted callbacks' calls. */
static int read_trees(struct pm_run *run, const struct want_at *w, size_t n, char *err,
		      size_t errlen)
{
	struct line_reader *r = reader_open(w[0].file, err, errlen);
	struct fgraph *g = fgraph_new();
	struct captures cs = { xcalloc(n, sizeof(*cs.v)), 0 };
	struct fgraph_watch watch = { on_open, on_done, &cs };
	size_t next = 0, i;
	struct ftrace_line fl;
	struct str line;
	int rc = -1;

	if (!r)
		goto out;
	fgraph_set_watch(g, &watch);
	while ((next < n || cs.n) && (rc = reader_next(r, &line)) > 0) {
		unsigned int ln = reader_lineno(r);

		if (next < n && ln == w[next].line) {
			if (ftrace_split(line, &fl) && str_eq(fl.event, "device_pm_callback_start")) {
				fgraph_cb_start(g, &fl);
				cs.v[cs.n++] = (struct capture){ fl.pid, fl.cpu,
								 build_new(run, w[next].tree) };
			}
			while (next < n && w[next].line <= ln)
				next++;
			continue;
		}
		if (!cs.n || !ftrace_split(line, &fl))
			continue;
		if (fl.graph) {
			fgraph_line(g, &fl);
			continue;
		}
		if (!str_eq(fl.event, "device_pm_callback_end"))
			continue;
		for (i = 0; i < cs.n && !same_thread(&cs.v[i], &fl); i++)
			;
		if (i == cs.n)
			continue;
		fgraph_cb_end(g, &fl);	/* closes what is open: still watched */
		build_end(cs.v[i].b);
		cs.v[i] = cs.v[--cs.n];
	}
	if (rc < 0)
		snprintf(err, errlen, "%s", reader_error(r));
	rc = rc < 0 ? -1 : 0;
	reader_close(r);
out:
	for (i = 0; i < cs.n; i++)	/* callbacks that never ended */
		build_end(cs.v[i].b);
	fgraph_free(g);
	free(cs.v);
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
