// SPDX-License-Identifier: GPL-2.0
/*
 * JSON: a callback's function_graph summary ("callgraph", see pmscope(1)).
 */
#include <json-c/json.h>

#include "report.h"

static struct json_object *stats(const struct pm_fn_stat *s, size_t n, bool self)
{
	struct json_object *a = json_object_new_array();
	size_t i;

	for (i = 0; i < n; i++) {
		struct json_object *o = json_object_new_object();

		json_object_object_add(o, "function", json_object_new_string(s[i].fn));
		json_object_object_add(o, "total_ns", json_object_new_int64(s[i].total_ns));
		if (self)
			json_object_object_add(o, "self_ns", json_object_new_int64(s[i].self_ns));
		json_object_object_add(o, "calls", json_object_new_int((int)s[i].calls));
		json_object_array_add(a, o);
	}
	return a;
}

static struct json_object *path(const char *const *p, size_t n)
{
	struct json_object *a = json_object_new_array();
	size_t i;

	for (i = 0; i < n; i++)
		json_object_array_add(a, json_object_new_string(p[i]));
	return a;
}

void report_json_callgraph(struct json_object *cb, const struct pm_callgraph *g)
{
	struct json_object *o;

	if (!g)
		return;
	o = json_object_new_object();
	json_object_object_add(o, "calls", json_object_new_int((int)g->calls));
	json_object_object_add(o, "repaired", json_object_new_int((int)g->repaired));
	json_object_object_add(o, "functions", stats(g->fns, g->nfns, true));
	json_object_object_add(o, "slowest_path", path(g->slow_path, g->nslow));
	json_object_object_add(o, "deepest_path", path(g->deep_path, g->ndeep));
	json_object_object_add(o, "sleep_ns", json_object_new_int64(g->sleep_ns));
	json_object_object_add(o, "sleeps", stats(g->sleeps, g->nsleeps, false));
	json_object_object_add(cb, "callgraph", o);
}
