// SPDX-License-Identifier: GPL-2.0
/*
 * A callback's call tree summary into the model: the parser's copy holds
 * strings of its own, the model's are interned in the run's pool.
 */
#include <stdlib.h>

#include "events.h"

static struct pm_fn_stat *copy_stats(struct strpool *pool, const struct pm_fn_stat *s, size_t n)
{
	struct pm_fn_stat *d = xmalloc((n ? n : 1) * sizeof(*d));
	size_t i;

	for (i = 0; i < n; i++) {
		d[i] = s[i];
		d[i].fn = strpool_cstr(pool, s[i].fn);
	}
	return d;
}

static const char **copy_path(struct strpool *pool, const char *const *p, size_t n)
{
	const char **d = xmalloc((n ? n : 1) * sizeof(*d));
	size_t i;

	for (i = 0; i < n; i++)
		d[i] = strpool_cstr(pool, p[i]);
	return d;
}

struct pm_callgraph *callgraph_copy(struct strpool *pool, const struct pm_callgraph *g)
{
	struct pm_callgraph *d = xcalloc(1, sizeof(*d));

	*d = *g;
	d->fns = copy_stats(pool, g->fns, g->nfns);
	d->sleeps = copy_stats(pool, g->sleeps, g->nsleeps);
	d->slow_path = copy_path(pool, g->slow_path, g->nslow);
	d->deep_path = copy_path(pool, g->deep_path, g->ndeep);
	return d;
}
