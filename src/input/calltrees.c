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

struct capture {
	int pid, cpu;
	size_t tree;
};

/* One tree being built from the parser's calls. */
struct build {
	struct pm_run *run;
	struct pm_calltree *t;
	int *map;		/* parser call -> node, -1 not kept */
	size_t ncalls, map_cap;
	struct { int parent; const char *fn; int node; } slot[SLOTS];
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

static void on_call(void *ctx, const char *name, int depth, int parent, ns_t dur)
{
	struct build *b = ctx;
	struct pm_calltree *t = b->t;
	int np = -1, node = -1;
	size_t s;

	if (parent >= 0 && (size_t)parent < b->ncalls)
		np = b->map[parent];
	if (depth >= CALLTREE_DEPTH || (parent >= 0 && np < 0))
		goto out;	/* too deep, or its caller was not kept */
	s = slot_of(b, np, name);
	if (b->slot[s].fn) {
		node = b->slot[s].node;
	} else if (t->n < CALLTREE_NODES) {
		node = (int)t->n++;
		t->nodes[node] = (struct pm_tree_node){
			.fn = strpool_cstr(&b->run->pool, name), .parent = np };
		b->slot[s].fn = name;
		b->slot[s].parent = np;
		b->slot[s].node = node;
	}
	if (node >= 0) {
		t->nodes[node].calls++;
		if (dur != NS_NONE && dur > 0)
			t->nodes[node].total_ns += dur;
	}
out:
	if (node < 0)
		t->cut++;
	VEC_RESERVE(b->map, b->ncalls, b->map_cap);
	b->map[b->ncalls++] = node;
}

static void take_tree(struct pm_run *run, struct fgraph *g, const struct ftrace_line *fl,
		      size_t tree)
{
	struct build *b = xcalloc(1, sizeof(*b));

	b->run = run;
	b->t = &run->trees[tree];
	b->t->nodes = xmalloc(CALLTREE_NODES * sizeof(*b->t->nodes));
	fgraph_cb_calls(g, fl, on_call, b);
	if (!b->t->n) {
		free(b->t->nodes);
		b->t->nodes = NULL;
	} else {
		b->t->nodes = xrealloc(b->t->nodes, b->t->n * sizeof(*b->t->nodes));
	}
	free(b->map);
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
	struct capture *cap = xcalloc(n, sizeof(*cap));
	size_t next = 0, ncap = 0, i;
	struct ftrace_line fl;
	struct str line;
	int rc = -1;

	if (!r)
		goto out;
	while ((next < n || ncap) && (rc = reader_next(r, &line)) > 0) {
		unsigned int ln = reader_lineno(r);

		if (next < n && ln == w[next].line) {
			if (ftrace_split(line, &fl) && str_eq(fl.event, "device_pm_callback_start")) {
				fgraph_cb_start(g, &fl);
				cap[ncap++] = (struct capture){ fl.pid, fl.cpu, w[next].tree };
			}
			while (next < n && w[next].line <= ln)
				next++;
			continue;
		}
		if (!ncap || !ftrace_split(line, &fl))
			continue;
		if (fl.graph) {
			fgraph_line(g, &fl);
			continue;
		}
		if (!str_eq(fl.event, "device_pm_callback_end"))
			continue;
		for (i = 0; i < ncap && !same_thread(&cap[i], &fl); i++)
			;
		if (i == ncap)
			continue;
		if (fgraph_cb_end(g, &fl))
			take_tree(run, g, &fl, cap[i].tree);
		cap[i] = cap[--ncap];
	}
	if (rc < 0)
		snprintf(err, errlen, "%s", reader_error(r));
	rc = rc < 0 ? -1 : 0;
	reader_close(r);
out:
	fgraph_free(g);
	free(cap);
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
