// SPDX-License-Identifier: GPL-2.0
/*
 * JSON for statistics (schema "pmscope-stats/1") and comparisons
 * ("pmscope-compare/1"), documented in pmscope(1). Times in ns.
 */
#include <json-c/json.h>
#include <stdio.h>

#include "analysis.h"
#include "report.h"

static const int JFLAGS = JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE;

static struct json_object *jns(ns_t v)
{
	return v == NS_NONE ? NULL : json_object_new_int64(v);
}

static void add(struct json_object *o, const char *k, struct json_object *v)
{
	json_object_object_add(o, k, v);
}

static struct json_object *summary_json(const struct stat_series *s)
{
	struct json_object *o = json_object_new_object();
	struct stat_summary m;

	stats_summary(s, &m);
	add(o, "n", json_object_new_int64((int64_t)m.n));
	add(o, "min_ns", jns(m.min));
	add(o, "median_ns", jns(m.median));
	add(o, "mean_ns", jns(m.mean));
	add(o, "max_ns", jns(m.max));
	add(o, "stddev_ns", jns(m.stddev));
	if (m.n) {
		add(o, "max_source", json_object_new_string(s->worst.source));
		add(o, "max_cycle", json_object_new_int(s->worst.cycle));
	}
	return o;
}

static struct json_object *row_json(const struct stat_row *r)
{
	struct json_object *o = summary_json(&r->s);

	if (r->device) {
		add(o, "device", json_object_new_string(r->device));
		add(o, "driver", r->driver ? json_object_new_string(r->driver) : NULL);
	}
	add(o, "phase", json_object_new_string(r->phase));
	return o;
}

static struct json_object *stats_json(const struct run_stats *st)
{
	struct json_object *o = json_object_new_object();
	struct json_object *phases = json_object_new_array();
	struct json_object *devs = json_object_new_array();
	size_t i;

	add(o, "mode", st->mode ? json_object_new_string(st->mode) : NULL);
	add(o, "inputs", json_object_new_int64((int64_t)st->ninputs));
	add(o, "cycles", json_object_new_int64((int64_t)st->ncycles));
	add(o, "skipped", json_object_new_int64((int64_t)st->nskipped));
	add(o, "suspend", summary_json(&st->suspend));
	add(o, "resume", summary_json(&st->resume));
	add(o, "boot", summary_json(&st->boot));
	for (i = 0; i < st->nrows; i++)
		json_object_array_add(st->rows[i].device ? devs : phases, row_json(&st->rows[i]));
	add(o, "phases", phases);
	add(o, "devices", devs);
	return o;
}

static struct json_object *gates_json(const struct stats_report *sr)
{
	struct json_object *a = json_object_new_array();
	size_t i;

	for (i = 0; i < sr->ngates; i++) {
		const struct gate_result *g = &sr->gates[i];
		struct json_object *o = json_object_new_object();

		add(o, "what", json_object_new_string(g->what));
		add(o, "unit", json_object_new_string(g->unit));
		add(o, "limit", json_object_new_double(g->limit));
		add(o, "value", json_object_new_double(g->value));
		add(o, "failed", json_object_new_boolean(g->failed));
		add(o, "where", g->where[0] ? json_object_new_string(g->where) : NULL);
		json_object_array_add(a, o);
	}
	return a;
}

int report_stats_json(FILE *f, const void *ctx)
{
	const struct stats_report *sr = ctx;
	struct json_object *o = json_object_new_object();
	int rc = 0;

	if (sr->b) {
		add(o, "schema", json_object_new_string("pmscope-compare/1"));
		add(o, "before_label", json_object_new_string(sr->a_label));
		add(o, "after_label", json_object_new_string(sr->b_label));
		add(o, "before", stats_json(sr->a));
		add(o, "after", stats_json(sr->b));
	} else {
		add(o, "schema", json_object_new_string("pmscope-stats/1"));
		add(o, "stats", stats_json(sr->a));
	}
	add(o, "gates", gates_json(sr));
	if (fputs(json_object_to_json_string_ext(o, JFLAGS), f) < 0 || fputc('\n', f) < 0)
		rc = -1;
	json_object_put(o);
	return rc;
}
