// SPDX-License-Identifier: GPL-2.0
/*
 * JSON: a callback's function_graph summary ("callgraph", see pmscope(1)).
 */
#include "report.h"

static void put_stats(struct jw *w, const char *key, const struct pm_fn_stat *s, size_t n,
		      bool self)
{
	size_t i;

	jw_karr(w, key);
	for (i = 0; i < n; i++) {
		jw_obj(w);
		jw_kstr(w, "function", s[i].fn);
		jw_kint(w, "total_ns", s[i].total_ns);
		if (self)
			jw_kint(w, "self_ns", s[i].self_ns);
		jw_kint(w, "calls", s[i].calls);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

static void put_path(struct jw *w, const char *key, const char *const *p, size_t n)
{
	size_t i;

	jw_karr(w, key);
	for (i = 0; i < n; i++)
		jw_str(w, p[i]);
	jw_arr_end(w);
}

void report_json_callgraph(struct jw *w, const struct pm_callgraph *g)
{
	size_t i;

	if (!g)
		return;
	jw_kobj(w, "callgraph");
	jw_kint(w, "calls", g->calls);
	jw_kint(w, "repaired", g->repaired);
	put_stats(w, "functions", g->fns, g->nfns, true);
	put_path(w, "slowest_path", g->slow_path, g->nslow);
	put_path(w, "deepest_path", g->deep_path, g->ndeep);
	jw_kint(w, "sleep_ns", g->sleep_ns);
	put_stats(w, "sleeps", g->sleeps, g->nsleeps, false);
	jw_karr(w, "sleep_spans");
	for (i = 0; i < g->nspans; i++) {
		jw_obj(w);
		jw_kstr(w, "function", g->spans[i].fn);
		jw_kns(w, "start_ns", g->spans[i].start);
		jw_kns(w, "end_ns", g->spans[i].end);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	jw_obj_end(w);
}
