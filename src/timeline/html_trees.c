// SPDX-License-Identifier: GPL-2.0
/*
 * The HTML page's call trees: which callbacks get one (the slowest and
 * the critical path's, that function_graph traced: a page of 10^5 traced
 * callbacks cannot carry them all), and the trees as data.
 */
#include <stdlib.h>

#include "timeline.h"

#define TREES_PER_CYCLE 24
#define TREES_MAX 240

static int cmp_ref(const void *a, const void *b)
{
	const struct cb_ref *x = a, *y = b;

	return x->cycle != y->cycle ? x->cycle - y->cycle : x->cb - y->cb;
}

static void want(struct cb_ref **v, size_t *n, size_t *cap, const struct pm_cycle *c, int ci,
		 int cb, size_t from)
{
	size_t i;

	if (cb < 0 || c->cbs[cb].graph_id < 0 || *n - from >= TREES_PER_CYCLE || *n >= TREES_MAX)
		return;
	for (i = from; i < *n; i++)
		if ((*v)[i].cb == cb)
			return;
	VEC_RESERVE(*v, *n, *cap);
	(*v)[(*n)++] = (struct cb_ref){ ci, cb };
}

struct cb_ref *tl_html_tree_wants(const struct pm_run *run, const struct pm_results *res,
				  size_t *nout)
{
	struct cb_ref *v = NULL;
	size_t n = 0, cap = 0, i, k, s;

	for (i = 0; i < res->ncycles && i < run->ncycles; i++) {
		const struct cycle_results *cr = &res->cycles[i];
		const struct pm_cycle *c = &run->cycles[i];
		size_t from = n;

		if (cr->c != c || !c->ngraphs)
			continue;
		for (k = 0; k < cr->nslowest; k++)
			want(&v, &n, &cap, c, (int)i, (int)cr->slowest[k], from);
		for (k = 0; k < cr->cp.nphases; k++)
			for (s = 0; s < cr->cp.phases[k].nsegs; s++)
				if (cr->cp.phases[k].segs[s].kind == CP_RUN)
					want(&v, &n, &cap, c, (int)i, cr->cp.phases[k].segs[s].cb, from);
	}
	if (n)
		qsort(v, n, sizeof(*v), cmp_ref);
	*nout = n;
	return v;
}

/* The trees of cycle @tc's callbacks drawn (by row of the callbacks
 * table): nodes as flat records
 * [fn, parent, calls, total] (fn an index into the page's "fns"). */
void tl_put_trees(struct jw *w, const struct pm_run *run, const struct page_extras *px,
		  const struct tl_cycle *tc, int (*fn_index)(void *ctx, const char *fn), void *ctx)
{
	size_t ci = (size_t)(tc->c - run->cycles), i, k;

	jw_karr(w, "trees");
	for (i = 0; px && i < px->ntrees; i++) {
		const struct pm_calltree *t = &px->trees[i];

		if ((size_t)t->cycle != ci || tc->box_of_cb[t->cb] < 0)
			continue;
		jw_obj(w);
		jw_kint(w, "cb", t->cb);
		jw_kint(w, "cut", t->cut);
		jw_karr(w, "nodes");
		for (k = 0; k < t->n; k++) {
			jw_int(w, fn_index(ctx, t->nodes[k].fn));
			jw_int(w, t->nodes[k].parent);
			jw_int(w, t->nodes[k].calls);
			jw_int(w, t->nodes[k].total_ns);
		}
		jw_arr_end(w);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}
