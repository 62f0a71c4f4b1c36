// SPDX-License-Identifier: GPL-2.0
/*
 * JSON report, schema "pmscope/1" (documented in pmscope(1)). Built one
 * cycle at a time with json-c and streamed, so memory stays with the
 * largest cycle, not the whole run.
 */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis.h"
#include "report.h"

static const int JFLAGS = JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE;

static struct json_object *jstr(const char *s)
{
	return s ? json_object_new_string(s) : NULL;
}

static struct json_object *jns(ns_t v)
{
	return v == NS_NONE ? NULL : json_object_new_int64(v);
}

/* Milliseconds with the kernel's three decimals, printed exactly. */
static struct json_object *jms_us(int64_t us)
{
	char buf[32];

	if (us == US_NONE)
		return NULL;
	snprintf(buf, sizeof(buf), "%s%lld.%03lld", us < 0 ? "-" : "",
		 (long long)(llabs(us) / 1000), (long long)(llabs(us) % 1000));
	return json_object_new_double_s(us / 1000.0, buf);
}

static void add(struct json_object *o, const char *k, struct json_object *v)
{
	json_object_object_add(o, k, v);
}

static struct json_object *phase_json(const struct pm_phase *p)
{
	struct json_object *o = json_object_new_object();

	add(o, "name", jstr(p->name));
	add(o, "kind", jstr(phase_kind_name(p->kind)));
	add(o, "start_ns", jns(p->start));
	add(o, "end_ns", jns(p->end));
	add(o, "kernel_ms", jms_us(p->kernel_us));
	return o;
}

static struct json_object *cb_json(const struct pm_run *run, const struct pm_cycle *c,
				   const struct pm_callback *cb)
{
	const struct pm_device *d = &run->devs[cb->dev];
	struct json_object *o = json_object_new_object();
	struct pm_callgraph graph;

	add(o, "device", jstr(d->name));
	add(o, "driver", jstr(d->driver && *d->driver ? d->driver : NULL));
	add(o, "parent", jstr(d->parent));
	add(o, "phase", jstr(cb->phase >= 0 ? c->phases[cb->phase].name : NULL));
	add(o, "callback", jstr(cb_fn(run, cb)));
	add(o, "start_ns", jns(cb->start));
	add(o, "end_ns", jns(cb->end));
	add(o, "kernel_us", cb->kernel_us == US_NONE ? NULL : json_object_new_int64(cb->kernel_us));
	add(o, "kernel_unit_ns", cb->kernel_us == US_NONE ? NULL :
	    json_object_new_int(cb->flags & CB_US_1024 ? 1024 : 1000));
	add(o, "pid", cb->pid >= 0 ? json_object_new_int(cb->pid) : NULL);
	add(o, "async", json_object_new_boolean(cb->async));
	add(o, "ret", cb->has_ret ? json_object_new_int(cb->ret) : NULL);
	add(o, "unfinished", json_object_new_boolean(cb->flags & CB_UNFINISHED));
	add(o, "kind", jstr(cb->flags & CB_INITCALL ? "initcall" :
			    cb->flags & CB_PROBE ? "probe" :
			    cb->flags & CB_QUIRK ? "quirk" : "pm"));
	add(o, "source", json_object_new_string(cb_file(run, cb)));
	add(o, "line", json_object_new_int((int)cb->line));
	report_json_callgraph(o, cb_graph(c, cb, &graph));
	return o;
}

static struct json_object *cycle_json(const struct pm_run *run, const struct pm_cycle *c)
{
	struct json_object *o = json_object_new_object(), *a, *t;
	struct cycle_totals tot;
	size_t i;

	add(o, "index", json_object_new_int(c->index));
	add(o, "mode", jstr(mode_name(c->mode)));
	add(o, "mode_label", jstr(c->mode_label));
	add(o, "start_ns", jns(c->start));
	add(o, "end_ns", jns(c->end));
	add(o, "completed", json_object_new_boolean(c->mode == MODE_BOOT || c->resumed));
	add(o, "aborted", json_object_new_boolean(c->aborted));
	add(o, "main_pid", c->main_pid >= 0 ? json_object_new_int(c->main_pid) : NULL);
	add(o, "source", json_object_new_string(c->file));
	add(o, "first_line", json_object_new_int((int)c->first_line));
	add(o, "last_line", json_object_new_int((int)c->last_line));

	cycle_totals(c, &tot);
	t = json_object_new_object();
	add(t, "suspend_ns", jns(tot.suspend_ns));
	add(t, "resume_ns", jns(tot.resume_ns));
	add(t, "machine_ns", jns(tot.machine_ns));
	add(t, "total_ns", jns(tot.total_ns));
	add(t, "firmware_suspend_ns", jns(c->fw_suspend_ns));
	add(t, "firmware_resume_ns", jns(c->fw_resume_ns));
	add(o, "totals", t);
	add(o, "wake_reason", jstr(c->wake_reason));

	a = json_object_new_array_ext((int)c->nphases);
	for (i = 0; i < c->nphases; i++)
		json_object_array_add(a, phase_json(&c->phases[i]));
	add(o, "phases", a);

	a = json_object_new_array_ext((int)c->nthreads);
	for (i = 0; i < c->nthreads; i++) {
		struct json_object *th = json_object_new_object();

		add(th, "pid", json_object_new_int(c->threads[i].pid));
		add(th, "comm", jstr(c->threads[i].comm));
		add(th, "main", json_object_new_boolean(c->threads[i].main));
		add(th, "callbacks", json_object_new_int64((int64_t)c->threads[i].ncbs));
		add(th, "busy_ns", json_object_new_int64(c->threads[i].busy_ns));
		json_object_array_add(a, th);
	}
	add(o, "threads", a);

	a = json_object_new_array_ext((int)c->ncbs);
	for (i = 0; i < c->ncbs; i++)
		json_object_array_add(a, cb_json(run, c, &c->cbs[i]));
	add(o, "callbacks", a);
	report_json_critpath(o, run, c);
	return o;
}

static void put(FILE *f, struct json_object *o)
{
	fputs(json_object_to_json_string_ext(o, JFLAGS), f);
	json_object_put(o);
}

int report_json(FILE *f, const struct pm_run *run, const struct report_opts *o)
{
	static const char *const level[] = { "info", "warning", "failure" };
	struct json_object *x;
	size_t i;
	bool first = true;

	fprintf(f, "{\"schema\":\"%s\",\"tool\":\"pmscope %s\",\"sources\":", JSON_SCHEMA,
		PMSCOPE_VERSION);
	x = json_object_new_array();
	for (i = 0; i < run->nsources; i++)
		json_object_array_add(x, json_object_new_string(run->sources[i]));
	put(f, x);
	fputs(",\"facts\":", f);
	x = json_object_new_object();
	for (i = 0; i < run->nfacts; i++)
		add(x, run->facts[i].key, json_object_new_string(run->facts[i].value));
	put(f, x);
	fputs(",\"cycles\":[", f);
	for (i = 0; i < run->ncycles; i++) {
		if (o->cycle && o->cycle != run->cycles[i].index)
			continue;
		if (!first)
			fputc(',', f);
		first = false;
		put(f, cycle_json(run, &run->cycles[i]));
	}
	fputs("],\"warnings\":", f);
	x = json_object_new_array();
	for (i = 0; i < run->nwarns; i++) {
		const struct pm_warning *w = &run->warns[i];
		struct json_object *jw = json_object_new_object();

		add(jw, "level", jstr(level[w->level]));
		add(jw, "cycle", w->cycle ? json_object_new_int(w->cycle) : NULL);
		add(jw, "source", jstr(w->file));
		add(jw, "line", w->line ? json_object_new_int((int)w->line) : NULL);
		add(jw, "text", jstr(w->text));
		json_object_array_add(x, jw);
	}
	put(f, x);
	fprintf(f, ",\"failed\":%s}\n", run_failed(run) ? "true" : "false");
	return ferror(f) ? -1 : 0;
}
