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

/* One allocation: a trace holds a summary per callback, by the million. */
struct pm_callgraph *callgraph_copy(struct strpool *pool, const struct pm_callgraph *g)
{
	size_t stats = (g->nfns + g->nsleeps) * sizeof(struct pm_fn_stat);
	size_t paths = (g->nslow + g->ndeep) * sizeof(char *);
	struct pm_callgraph *d = xmalloc(sizeof(*d) + stats + paths);

	*d = *g;
	d->fns = (struct pm_fn_stat *)(d + 1);
	d->sleeps = d->fns + g->nfns;
	d->slow_path = (const char **)(d->sleeps + g->nsleeps);
	d->deep_path = d->slow_path + g->nslow;
	copy_stats(pool, d->fns, g->fns, g->nfns);
	copy_stats(pool, d->sleeps, g->sleeps, g->nsleeps);
	copy_path(pool, d->slow_path, g->slow_path, g->nslow);
	copy_path(pool, d->deep_path, g->deep_path, g->ndeep);
	return d;
}
