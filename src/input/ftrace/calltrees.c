// SPDX-License-Identifier: GPL-2.0
/*
 * function_graph call trees of a few callbacks, for the HTML page
 * (input.h, input_call_trees()): the ones the page shows (the slowest,
 * the critical path's). The trace parser catches the trees as it reads
 * when the page wants them (struct read_keep, tree_catch.c), within a
 * bound; a tree it did not keep is read again from the trace with the
 * same graph parser, so either way they agree with the summary.
 */
#include <stdlib.h>
#include <string.h>

#include "ftrace_int.h"

struct want_at {
	const char *file;
	unsigned int line;
	size_t tree;	/* index into px->trees */
};

static int cmp_place(const void *a, const void *b)
{
	const struct want_at *x = a, *y = b;

	return place_cmp(x->file, x->line, y->file, y->line);
}

/* The pass over one file: its wanted callbacks (@w, by line), and the
 * graph parser catching the trees of the ones open. */
struct tree_pass {
	struct pm_run *run;	/* its pool names the trees' calls */
	struct page_extras *px;
	const struct want_at *w;
	size_t n, next;
	struct fgraph *g;
	struct tree_catch *tc;
};

/* The tree of wanted callback @tag, caught. */
static void keep(struct tree_pass *tp, const struct pm_calltree *t, size_t tag)
{
	struct pm_calltree *to = &tp->px->trees[tp->w[tag].tree];

	calltree_copy(&tp->run->pool, to, t);
}

/* A wanted callback's start line: its calls are captured from here. */
static void tree_start(struct tree_pass *tp, struct ftrace_item *it)
{
	const struct ftrace_line *fl;

	if (ftrace_item_kind(it) == FK_SPLIT &&
	    str_eq((fl = it->fl)->event, "device_pm_callback_start")) {
		fgraph_cb_start(tp->g, fl);
		tree_catch_start(tp->tc, fl, tp->next);
	}
	while (tp->next < tp->n && tp->w[tp->next].line <= it->lineno)
		tp->next++;
}

/* One line: a call of a captured callback, or the end of one; false once
 * no callback is wanted any more. */
static bool tree_line(void *ctx, struct ftrace_item *it)
{
	struct tree_pass *tp = ctx;
	const struct pm_calltree *t;
	const struct ftrace_line *fl;
	size_t tag;

	if (tp->next == tp->n && !tree_catch_open(tp->tc))
		return false;
	if (tp->next < tp->n && it->lineno == tp->w[tp->next].line) {
		tree_start(tp, it);
		return true;
	}
	if (!tree_catch_open(tp->tc) || ftrace_item_kind(it) != FK_SPLIT)
		return true;
	fl = it->fl;
	if (fl->graph) {
		if (fl->ahead == FA_CALL)	/* ftrace_classify() read the call */
			fgraph_call(tp->g, fl, &fl->call);
		return true;
	}
	if (!str_eq(fl->event, "device_pm_callback_end"))
		return true;
	fgraph_cb_end(tp->g, fl);	/* closes what is open: still watched */
	if ((t = tree_catch_end(tp->tc, fl, &tag)))
		keep(tp, t, tag);
	return true;
}

/* One pass over @w[0].file: the wanted callbacks' calls. */
static int read_trees(struct pm_run *run, struct page_extras *px, const struct want_at *w,
		      size_t n, char *err, size_t errlen)
{
	struct line_reader *r = reader_open(w[0].file, err, errlen);
	struct tree_pass tp = { .run = run, .px = px, .w = w, .n = n, .g = fgraph_new() };
	const struct pm_calltree *t;
	size_t tag;
	int rc = -1;

	tp.tc = tree_catch_new(tp.g);
	if (!r)
		goto out;
	rc = ftrace_each_line(r, tree_line, &tp, NULL);
	rc = reader_close_again(r, rc, err, errlen);
out:
	while ((t = tree_catch_any(tp.tc, &tag)))	/* callbacks that never ended */
		keep(&tp, t, tag);
	tree_catch_free(tp.tc);
	fgraph_free(tp.g);
	return rc;
}

/* Binary trace.dat files are read through libtracecmd, not again here. */
static bool text_trace(const char *file)
{
	return file && strcmp(file, "-") && !strstr(file, ".dat");
}

static int cmp_read(const void *a, const void *b)
{
	const struct caught_tree *x = a, *y = b;

	return place_cmp(x->file, x->line, y->file, y->line);
}

/* @cb's tree as the first reading caught it (@ct, sorted) into @t, its
 * nodes taken over; false when it was not caught. */
static bool caught(const struct pm_run *run, struct caught_trees *ct,
		   const struct pm_callback *cb, struct pm_calltree *t)
{
	struct caught_tree key = { .file = cb_file(run, cb), .line = cb->line }, *r;

	if (!ct || !ct->n)
		return false;	/* bsearch() wants an array, even of none */
	r = bsearch(&key, ct->v, ct->n, sizeof(key), cmp_read);
	if (!r || !r->tree.nodes)
		return false;
	t->nodes = r->tree.nodes;
	t->n = r->tree.n;
	t->cut = r->tree.cut;
	r->tree.nodes = NULL;
	return true;
}

int input_call_trees(struct pm_run *run, struct read_keep *keep, const struct cb_ref *want,
		     size_t nwant, struct page_extras *px, char *err, size_t errlen)
{
	struct caught_trees *ct = keep ? &keep->trees : NULL;
	struct want_at *w = xcalloc(nwant ? nwant : 1, sizeof(*w));
	size_t i, j, k, n = 0;
	int rc = 0;

	px->trees = xcalloc(nwant ? nwant : 1, sizeof(*px->trees));
	if (ct && ct->n)
		qsort(ct->v, ct->n, sizeof(*ct->v), cmp_read);
	for (i = 0; i < nwant; i++) {
		const struct pm_cycle *c = &run->cycles[want[i].cycle];
		const struct pm_callback *cb = &c->cbs[want[i].cb];

		px->trees[i] = (struct pm_calltree){ .cycle = want[i].cycle, .cb = want[i].cb };
		if (cb->graph_id < 0 || !cb->line || caught(run, ct, cb, &px->trees[i]) ||
		    !text_trace(cb_file(run, cb)))
			continue;
		w[n++] = (struct want_at){ cb_file(run, cb), cb->line, i };
	}
	px->ntrees = nwant;
	if (ct)
		caught_trees_drop(ct, 0);	/* the page took the ones it wanted */
	if (n)
		qsort(w, n, sizeof(*w), cmp_place);
	for (i = 0; i < n; i = j) {
		for (j = i; j < n && w[j].file == w[i].file; j++)
			;
		if (read_trees(run, px, w + i, j - i, err, errlen) < 0)
			rc = -1;
	}
	/* Callbacks whose tree was not found keep no entry. */
	for (i = k = 0; i < px->ntrees; i++)
		if (px->trees[i].n)
			px->trees[k++] = px->trees[i];
	px->ntrees = k;
	free(w);
	return rc;
}
