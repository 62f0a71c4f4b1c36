// SPDX-License-Identifier: GPL-2.0
/*
 * A callback's call tree summary into the model: the parser's copy holds
 * strings of its own, the model's are interned in the run's pool.
 */
#include <stdlib.h>

#include "events.h"

static void copy_stats(struct strpool *pool, struct pm_fn_stat *d,
		       const struct pm_fn_stat *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		d[i] = s[i];
		d[i].fn = strpool_cstr(pool, s[i].fn);
	}
}

static void copy_path(struct strpool *pool, const char **d, const char *const *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		d[i] = strpool_cstr(pool, p[i]);
}

/* The parser keeps at most CALLGRAPH_TOP functions and FG_MAX_DEPTH calls
 * per path: 16 bits is room to spare, and more is cut, not wrapped. */
static uint16_t count16(size_t n)
{
	return n > UINT16_MAX ? UINT16_MAX : (uint16_t)n;
}

/* One block in @arena: a trace holds a summary per callback, by the
 * hundred thousand. */
const struct pm_callgraph_packed *callgraph_copy(struct strpool *pool, struct arena *arena,
						 const struct pm_callgraph *g)
{
	struct pm_callgraph_packed h = {
		.sleep_ns = g->sleep_ns, .calls = g->calls, .repaired = g->repaired,
		.nfns = count16(g->nfns), .nsleeps = count16(g->nsleeps),
		.nslow = count16(g->nslow), .ndeep = count16(g->ndeep),
		.nspans = count16(g->nspans),
	};
	size_t stats = (size_t)(h.nfns + h.nsleeps) * sizeof(struct pm_fn_stat);
	size_t spans = (size_t)h.nspans * sizeof(struct pm_sleep_span);
	size_t paths = (size_t)(h.nslow + h.ndeep) * sizeof(char *);
	struct pm_callgraph_packed *d = arena_alloc(arena, sizeof(*d) + stats + spans + paths, 8);
	struct pm_fn_stat *fns = (struct pm_fn_stat *)(d + 1);
	struct pm_sleep_span *sp = (struct pm_sleep_span *)(fns + h.nfns + h.nsleeps);
	const char **slow = (const char **)(sp + h.nspans);
	size_t i;

	*d = h;
	copy_stats(pool, fns, g->fns, h.nfns);
	copy_stats(pool, fns + h.nfns, g->sleeps, h.nsleeps);
	for (i = 0; i < h.nspans; i++) {
		sp[i] = g->spans[i];
		sp[i].fn = strpool_cstr(pool, g->spans[i].fn);
	}
	copy_path(pool, slow, g->slow_path, h.nslow);
	copy_path(pool, slow + h.nslow, g->deep_path, h.ndeep);
	return d;
}

void calltree_copy(struct strpool *pool, struct pm_calltree *to, const struct pm_calltree *from)
{
	size_t i;

	to->n = from->n;
	to->cut = from->cut;
	to->nodes = NULL;
	if (!from->n)
		return;
	to->nodes = xmalloc(from->n * sizeof(*to->nodes));
	for (i = 0; i < from->n; i++) {
		to->nodes[i] = from->nodes[i];
		to->nodes[i].fn = strpool_cstr(pool, from->nodes[i].fn);
	}
}

void caught_trees_drop(struct caught_trees *ct, size_t keep)
{
	while (ct->n > keep) {
		struct pm_calltree *t = &ct->v[--ct->n].tree;

		ct->nodes -= CAUGHT_TREE_WEIGHT(t);
		free(t->nodes);
	}
	if (!ct->n) {
		free(ct->v);
		*ct = (struct caught_trees){ 0 };
	}
}
