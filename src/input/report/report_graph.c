// SPDX-License-Identifier: GPL-2.0
/*
 * A callback's "callgraph" (what function_graph saw inside it) back into
 * the run's graph arena, as a trace's reading packs it.
 */
#include <stdlib.h>

#include "report.h"

/* A list member of @g, NULL when absent; an error when not a list. */
static int list_of(struct rep *r, struct json_object *g, const char *key,
		   struct json_object **out, size_t *n)
{
	*out = json_object_object_get(g, key);
	*n = 0;
	if (!*out)
		return 0;
	if (json_object_get_type(*out) != json_type_array)
		return rep_error(r, "callgraph \"%s\": not a list", key);
	*n = json_object_array_length(*out);
	if (*n > UINT16_MAX)
		return rep_error(r, "callgraph \"%s\": more than %u", key, UINT16_MAX);
	return 0;
}

static int fn_stats(struct rep *r, struct json_object *g, const char *key,
		    struct pm_fn_stat **out, size_t *n)
{
	struct json_object *list;
	int64_t total, self, calls;
	size_t i;

	if (list_of(r, g, key, &list, n) < 0)
		return -1;
	*out = xcalloc(*n ? *n : 1, sizeof(**out));
	for (i = 0; i < *n; i++) {
		struct json_object *s = json_object_array_get_idx(list, i);

		if (rv_object(r, s, "a callgraph function") < 0 ||
		    rv_str(r, s, "function", &(*out)[i].fn) < 0 ||
		    rv_int(r, s, "total_ns", 0, NS_MAX, 0, &total) < 0 ||
		    rv_int(r, s, "self_ns", 0, NS_MAX, 0, &self) < 0 ||
		    rv_int(r, s, "calls", 0, UINT32_MAX, 0, &calls) < 0)
			return -1;
		(*out)[i] = (struct pm_fn_stat){ (*out)[i].fn ? (*out)[i].fn : "", total, self,
						 (unsigned int)calls };
	}
	return 0;
}

static int path(struct rep *r, struct json_object *g, const char *key, const char ***out,
		size_t *n)
{
	struct json_object *list;
	size_t i;

	if (list_of(r, g, key, &list, n) < 0)
		return -1;
	*out = xcalloc(*n ? *n : 1, sizeof(**out));
	for (i = 0; i < *n; i++) {
		if (rv_str_of(r, json_object_array_get_idx(list, i), "a callgraph path", &(*out)[i]) < 0)
			return -1;
		if (!(*out)[i])
			(*out)[i] = "";
	}
	return 0;
}

static int spans(struct rep *r, struct json_object *g, struct pm_callgraph *cg)
{
	struct json_object *list;
	size_t i;

	if (list_of(r, g, "sleep_spans", &list, &cg->nspans) < 0)
		return -1;
	cg->spans = xcalloc(cg->nspans ? cg->nspans : 1, sizeof(*cg->spans));
	for (i = 0; i < cg->nspans; i++) {
		struct json_object *s = json_object_array_get_idx(list, i);
		struct pm_sleep_span *sp = &cg->spans[i];

		if (rv_object(r, s, "a sleep span") < 0 || rv_str(r, s, "function", &sp->fn) < 0 ||
		    rv_ns(r, s, "start_ns", &sp->start) < 0 || rv_ns(r, s, "end_ns", &sp->end) < 0)
			return -1;
		if (!sp->fn || sp->start == NS_NONE || sp->end == NS_NONE || sp->end < sp->start)
			return rep_error(r, "a sleep span with no function or times");
	}
	return 0;
}

static int graph_fields(struct rep *r, struct json_object *g, struct pm_callgraph *cg)
{
	int64_t calls, repaired;

	if (rv_object(r, g, "\"callgraph\"") < 0 ||
	    rv_int(r, g, "calls", 0, UINT32_MAX, 0, &calls) < 0 ||
	    rv_int(r, g, "repaired", 0, UINT32_MAX, 0, &repaired) < 0 ||
	    rv_int(r, g, "sleep_ns", 0, NS_MAX, 0, &cg->sleep_ns) < 0 ||
	    fn_stats(r, g, "functions", &cg->fns, &cg->nfns) < 0 ||
	    fn_stats(r, g, "sleeps", &cg->sleeps, &cg->nsleeps) < 0 ||
	    path(r, g, "slowest_path", &cg->slow_path, &cg->nslow) < 0 ||
	    path(r, g, "deepest_path", &cg->deep_path, &cg->ndeep) < 0 || spans(r, g, cg) < 0)
		return -1;
	cg->calls = (unsigned int)calls;
	cg->repaired = (unsigned int)repaired;
	return 0;
}

int rep_cb_graph(struct rep *r, struct json_object *cb, struct pm_callback *out)
{
	struct json_object *g = json_object_object_get(cb, "callgraph");
	struct pm_cycle *c = r->c;
	struct pm_callgraph cg = { 0 };
	int rc;

	out->graph_id = -1;
	if (!g)
		return 0;
	if (c->ngraphs >= CB_GRAPHS_MAX)
		return rep_error(r, "more than %d call graphs in a cycle", CB_GRAPHS_MAX);
	rc = graph_fields(r, g, &cg);
	if (rc == 0) {
		VEC_RESERVE(c->graphs, c->ngraphs, c->graphs_cap);
		c->graphs[c->ngraphs] = callgraph_copy(&r->run->pool, &r->run->graph_arena, &cg);
		out->graph_id = (int32_t)c->ngraphs++;
	}
	free(cg.fns);
	free(cg.sleeps);
	free(cg.spans);
	free(cg.slow_path);
	free(cg.deep_path);
	return rc;
}
