// SPDX-License-Identifier: GPL-2.0
/*
 * pmscope's own JSON report as an input (pmscope(1), Reports as inputs):
 * a lab that keeps each machine's report and not its logs gets from
 * stats, compare and --rows what the logs gave. The report is turned
 * back into the model directly, not through the builder's events: it
 * holds the model as the logs' reading left it (its devices, each
 * cycle's phases, callbacks, threads and milestones) and the findings
 * made from it, which the run keeps as given (struct pm_given). What a
 * report does not hold (the log's lines, device links, call trees) is
 * said in pmscope(1).
 */
#include <stdio.h>
#include <stdlib.h>

#include "report.h"

#define SCHEMA "pmscope/2"

/* A JSON object whose "schema" is pmscope/N: what analyze --json
 * writes, pretty-printed or not (jq keeps its members' order). */
static unsigned int detect(struct str w)
{
	long at;

	while (w.len && (w.p[0] == ' ' || w.p[0] == '\t' || w.p[0] == '\n' || w.p[0] == '\r'))
		w = str_skip(w, 1);
	if (!w.len || w.p[0] != '{' || (at = str_find(w, "\"schema\"")) < 0)
		return 0;
	w = str_trim(str_skip(w, (size_t)at + 8));
	if (!w.len || w.p[0] != ':')
		return 0;
	w = str_trim(str_skip(w, 1));
	if (!str_starts(w, "\"pmscope/") || w.len < 10 || w.p[9] < '0' || w.p[9] > '9')
		return 0;
	return DETECT_SURE;
}

static bool is_one_of(const char *key, const char *const *keys)
{
	for (; *keys; keys++)
		if (!strcmp(key, *keys))
			return true;
	return false;
}

/* The top object, its long lists, each cycle and a cycle's lists are
 * walked; every other value comes whole. */
static bool split(void *ctx, int depth, const char *key, char c)
{
	static const char *const top[] = { "cycles", "devices", "sources", "findings", NULL };
	static const char *const lists[] = { "phases", "threads", "thread_work", "milestones",
					     "callbacks", "findings", NULL };
	struct rep *r = ctx;

	switch (depth) {
	case 0:
		return c == '{';
	case 1:
		return c == '[' && is_one_of(key, top);
	case 2:
		return c == '{' && !strcmp(rs_parent(r->split, 2), "cycles");
	case 3:
		return c == '[' && r->in_cycle && is_one_of(key, lists);
	}
	return false;
}

static int on_open(void *ctx, int depth, const char *key)
{
	struct rep *r = ctx;

	if (depth == 2 && !r->schema)
		return rep_error(r, "\"%s\" before \"schema\"", key);
	if (depth == 3 && r->in_cycle == false && !strcmp(rs_parent(r->split, 2), "cycles"))
		return rep_cycle_open(r);
	return 0;
}

/* After devices[]: each device's parent by its place, which of two of
 * its name it is (parent_id holds the place given until then). */
static int devices_done(struct rep *r)
{
	struct pm_run *run = r->run;
	struct pm_device *d;
	size_t i;

	for (i = 0; i < run->ndevs; i++) {
		d = &run->devs[i];
		if (d->parent_id >= (int)run->ndevs || (d->parent_id >= 0 && (!d->parent ||
		    run->devs[d->parent_id].name != d->parent)))
			return rep_error(r, "device %zu: \"parent_index\" is not its parent's", i);
		if (d->parent_id < 0 && d->parent)
			d->parent_id = run_device_find(run, d->parent);
		d->parent_sure = true;
	}
	r->devices = true;
	return 0;
}

static int on_close(void *ctx, int depth, const char *key)
{
	struct rep *r = ctx;

	if (depth == 3 && r->in_cycle)
		return rep_cycle_close(r);
	if (depth == 2 && !strcmp(key, "devices"))
		return devices_done(r);
	if (depth == 1 && !r->schema)
		return rep_error(r, "no \"schema\": not a report of pmscope");
	return 0;
}

static int schema(struct rep *r, struct json_object *v)
{
	const char *s;

	if (rv_str_of(r, v, "\"schema\"", &s) < 0)
		return -1;
	if (!s || strcmp(s, SCHEMA))
		return rep_error(r, "schema \"%s\": this pmscope reads reports of schema "
				 "\"" SCHEMA "\" (analyze their logs again)", s ? s : "null");
	r->schema = true;
	return 0;
}

static int facts(struct rep *r, struct json_object *v)
{
	if (rv_object(r, v, "\"facts\"") < 0)
		return -1;
	json_object_object_foreach(v, key, val) {
		if (json_object_get_type(val) != json_type_string)
			return rep_error(r, "\"facts\": \"%s\" is not a string", key);
		run_set_fact(r->run, key, json_object_get_string(val));
	}
	return 0;
}

/* The run's id and folder: its logs', which the report stands for. */
static int run_ident(struct rep *r, struct json_object *v)
{
	const char *id;
	size_t i, n;

	if (rv_object(r, v, "\"run\"") < 0 || rv_str(r, v, "run_id", &id) < 0 ||
	    rv_str(r, v, "folder", &r->given->folder) < 0)
		return -1;
	n = id ? strlen(id) : 0;
	for (i = 0; i < n && strchr("0123456789abcdef", id[i]); i++)
		;
	if (id && (n != RUN_ID_LEN || i != n))
		return rep_error(r, "\"run_id\": not %d hex digits", RUN_ID_LEN);
	if (id)
		memcpy(r->given->id, id, RUN_ID_LEN + 1);
	return 0;
}

static int device(struct rep *r, struct json_object *v)
{
	struct pm_run *run = r->run;
	const char *name, *driver, *parent;
	struct pm_device *d;
	int64_t parent_id;
	bool tree;
	int async;
	int id;

	if (rv_object(r, v, "a device") < 0 || rv_str(r, v, "device", &name) < 0 ||
	    rv_str(r, v, "driver", &driver) < 0 || rv_str(r, v, "parent", &parent) < 0 ||
	    rv_int(r, v, "parent_index", 0, INT32_MAX, -1, &parent_id) < 0 ||
	    rv_flag(r, v, "async", &async) < 0 || rv_bool(r, v, "in_device_tree", &tree) < 0)
		return -1;
	if (!name)
		return rep_error(r, "a device with no name");
	if (run->ndevs >= r->in->ro->max_callbacks + REP_DEVICES_MORE) {
		r->in->st->bounded = true;
		return rep_error(r, "more than %zu devices: the rest of the file is not read "
				 "(--max-callbacks, and %d devices more)",
				 r->in->ro->max_callbacks + REP_DEVICES_MORE, REP_DEVICES_MORE);
	}
	id = run_device_find(run, name);
	id = id >= 0 ? run_device_twin(run, id) : run_device(run, name);
	d = &run->devs[id];
	d->driver = driver;
	d->driver_pm = driver != NULL;
	d->parent = parent;
	d->parent_id = (int)parent_id;
	d->async_flag = async;
	d->in_devtree = tree;
	return 0;
}

static int top_member(struct rep *r, const char *key, struct json_object *v)
{
	if (!strcmp(key, "schema"))
		return schema(r, v);
	if (!r->schema)
		return rep_error(r, "\"%s\" before \"schema\"", key);
	if (!strcmp(key, "facts"))
		return facts(r, v);
	if (!strcmp(key, "run"))
		return run_ident(r, v);
	if (is_one_of(key, (const char *const[]){ "cycles", "devices", "sources", "findings",
						  NULL }))
		return rep_error(r, "\"%s\": not a list", key);
	return 0;	/* its tool, verdict and counts: the findings say them */
}

static int on_value(void *ctx, int depth, const char *key, struct json_object *v)
{
	struct rep *r = ctx;
	const char *list = rs_parent(r->split, depth), *s;

	if (depth == 1)
		return top_member(r, key, v);
	if (depth == 2 && !strcmp(list, "sources")) {
		if (rv_str_of(r, v, "a source", &s) < 0)
			return -1;
		if (s && run_source(r->run, s) >= REP_SOURCES_MAX)
			return rep_error(r, "more than %u source files", REP_SOURCES_MAX);
		return 0;
	}
	if (depth == 2 && !strcmp(list, "devices"))
		return r->devices ? rep_error(r, "a second devices[]") : device(r, v);
	if (depth == 2 && !strcmp(list, "findings"))
		return rep_finding(r, &r->given->run, v);
	if (depth == 2)
		return rep_error(r, "%s[]: an element that is not an object", list);
	if (depth == 3 && r->in_cycle)
		return rep_cycle_member(r, key, v);
	if (depth == 4 && r->in_cycle)
		return rep_cycle_element(r, list, v);
	return 0;
}

static const struct rs_ops ops = { split, on_open, on_close, on_value };

/* The bytes of @in's file through the splitter; -1 and in->err. */
static int feed(struct rep *r)
{
	struct input_ctx *in = r->in;
	struct str chunk;
	int rc;

	while ((rc = reader_chunk(in->r, &chunk)) > 0)
		if (rs_feed(r->split, chunk.p, chunk.len) < 0)
			break;
	if (rc < 0)
		snprintf(in->err, in->errlen, "%s", reader_error(in->r));
	else if (rc > 0 || rs_end(r->split) < 0) {
		if (*rs_error(r->split))	/* else the reader said it */
			snprintf(in->err, in->errlen, "%s: %s", in->path, rs_error(r->split));
		rc = -1;
	}
	return rc < 0 ? -1 : 0;
}

static int report_read(struct input_ctx *in)
{
	struct pm_run *run = in->run;
	struct rep r = { .in = in, .run = run };
	int rc;

	/* its findings are the run's: no other file can be of it */
	if (run->ncycles || run->ndevs || run->nsources > 1) {
		snprintf(in->err, in->errlen, "%s: a report is a run of its own: give it apart "
			 "from other logs", in->path);
		return -1;
	}
	r.given = run->given = xcalloc(1, sizeof(*run->given));
	r.split = rs_new(&ops, &r);
	rc = feed(&r);
	if (r.in_cycle)		/* stopped inside a cycle: half a cycle is none */
		rep_cycle_drop(&r);
	rep_findings_callbacks(&r);
	rs_free(r.split);
	in->st->bytes = reader_bytes(in->r);
	in->st->lines = 1;
	in->st->used = r.schema;
	return rc;
}

const struct input_format report_format = { INPUT_REPORT, "pmscope report", false, detect,
					    report_read };
