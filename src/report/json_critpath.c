// SPDX-License-Identifier: GPL-2.0
/*
 * JSON report, critical path part (schema pmscope/1, pmscope(1)): every
 * cycles[].phases[] entry gets critical_path[] (empty where no path is
 * computed) and, on device phases, explained_ns, threads[] and
 * off_path[]; every cycle gets blocked[] and critpath_tolerance.
 */
#include <json-c/json.h>
#include <json-c/printbuf.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis.h"
#include "report.h"

static const char *const kind_names[] = {
	[CP_RUN] = "run", [CP_WAIT] = "wait", [CP_GAP] = "gap",
};

/*
 * A cycle's path and blocked lists can hold tens of thousands of entries:
 * one json-c object per field would cost ~1.5 KB each. They are written
 * straight into json-c's output instead, by a serializer on a placeholder
 * array that holds the computed result until the cycle is printed.
 */
struct cp_json {
	struct critpath cp;
	const struct pm_run *run;
	const struct pm_cycle *c;
	int refs;
};

struct cp_ref {
	struct cp_json *h;
	size_t i;		/* index into cp.phases; blocked: unused */
};

static void ref_drop(struct json_object *jso, void *userdata)
{
	struct cp_ref *r = userdata;

	(void)jso;
	if (!--r->h->refs) {
		critpath_free(&r->h->cp);
		free(r->h);
	}
	free(r);
}

/* A JSON string with what must be escaped escaped, or null. */
static void pb_str(struct printbuf *pb, const char *s)
{
	const char *p;

	if (!s) {
		printbuf_strappend(pb, "null");
		return;
	}
	printbuf_strappend(pb, "\"");
	for (p = s; *p; p++) {
		unsigned char ch = (unsigned char)*p;

		if (ch == '"' || ch == '\\')
			sprintbuf(pb, "\\%c", ch);
		else if (ch < 0x20 || ch == 0x7f)
			sprintbuf(pb, "\\u%04x", ch);
		else
			printbuf_memappend(pb, p, 1);
	}
	printbuf_strappend(pb, "\"");
}

static const char *dev_name(const struct pm_run *run, int dev)
{
	return dev >= 0 ? run->devs[dev].name : NULL;
}

static int path_to_json(struct json_object *jso, struct printbuf *pb, int level, int flags)
{
	const struct cp_ref *r = json_object_get_userdata(jso);
	const struct cp_phase *p = &r->h->cp.phases[r->i];
	size_t i;

	(void)level;
	(void)flags;
	printbuf_strappend(pb, "[");
	for (i = 0; i < p->nsegs; i++) {
		const struct cp_segment *s = &p->segs[i];

		sprintbuf(pb, "%s{\"kind\":\"%s\",\"device\":", i ? "," : "", kind_names[s->kind]);
		pb_str(pb, dev_name(r->h->run, s->dev));
		sprintbuf(pb, ",\"start_ns\":%lld,\"end_ns\":%lld,\"pid\":", (long long)s->start,
			  (long long)s->end);
		if (s->kind == CP_RUN && s->pid >= 0)
			sprintbuf(pb, "%d", s->pid);
		else
			printbuf_strappend(pb, "null");
		sprintbuf(pb, ",\"has_callback\":%s,\"inferred\":%s}", s->cb >= 0 ? "true" : "false",
			  s->inferred ? "true" : "false");
	}
	printbuf_strappend(pb, "]");
	return 0;
}

static void blocked_one(struct printbuf *pb, const struct cp_json *h, const struct cp_blocked *b)
{
	const struct pm_cycle *c = h->c;
	const struct pm_callback *x = &c->cbs[b->cb], *w = &c->cbs[b->waited_cb];
	size_t i;

	printbuf_strappend(pb, "{\"device\":");
	pb_str(pb, dev_name(h->run, x->dev));
	printbuf_strappend(pb, ",\"waited_for\":");
	pb_str(pb, dev_name(h->run, b->waited_dev));
	printbuf_strappend(pb, ",\"phase\":");
	pb_str(pb, c->phases[b->phase].name);
	sprintbuf(pb, ",\"lost_ns\":%lld,\"ready_ns\":%lld,\"start_ns\":%lld,"
		  "\"waited_end_ns\":%lld,\"waited_pid\":%d,\"inferred\":%s,\"via\":[",
		  (long long)b->lost_ns, (long long)b->ready,
		  (long long)(x->start != NS_NONE ? x->start : x->end), (long long)w->end, w->pid,
		  b->inferred ? "true" : "false");
	for (i = 0; i < b->nvia; i++) {
		if (i)
			printbuf_strappend(pb, ",");
		pb_str(pb, dev_name(h->run, b->via[i]));
	}
	printbuf_strappend(pb, "],\"delayed\":[");
	for (i = 0; i < b->ndelayed; i++) {
		if (i)
			printbuf_strappend(pb, ",");
		pb_str(pb, dev_name(h->run, c->cbs[b->delayed[i]].dev));
	}
	printbuf_strappend(pb, "]}");
}

static int blocked_to_json(struct json_object *jso, struct printbuf *pb, int level, int flags)
{
	const struct cp_ref *r = json_object_get_userdata(jso);
	size_t i;

	(void)level;
	(void)flags;
	printbuf_strappend(pb, "[");
	for (i = 0; i < r->h->cp.nblocked; i++) {
		if (i)
			printbuf_strappend(pb, ",");
		blocked_one(pb, r->h, &r->h->cp.blocked[i]);
	}
	printbuf_strappend(pb, "]");
	return 0;
}

static struct json_object *streamed(struct cp_json *h, size_t i, json_object_to_json_string_fn *fn)
{
	struct json_object *o = json_object_new_array();
	struct cp_ref *r = xmalloc(sizeof(*r));

	r->h = h;
	r->i = i;
	h->refs++;
	json_object_set_serializer(o, fn, r, ref_drop);
	return o;
}

static struct json_object *jint(int64_t v)
{
	return json_object_new_int64(v);
}

static void add(struct json_object *o, const char *k, struct json_object *v)
{
	json_object_object_add(o, k, v);
}

static int threads_to_json(struct json_object *jso, struct printbuf *pb, int level, int flags)
{
	const struct cp_ref *r = json_object_get_userdata(jso);
	const struct cp_phase *p = &r->h->cp.phases[r->i];
	size_t i;

	(void)level;
	(void)flags;
	printbuf_strappend(pb, "[");
	for (i = 0; i < p->nthreads; i++) {
		const struct cp_thread *t = &p->threads[i];

		sprintbuf(pb, "%s{\"pid\":%d,\"main\":%s,\"callbacks\":%zu,\"busy_ns\":%lld,"
			  "\"idle_ns\":%lld,\"blocked_ns\":%lld}", i ? "," : "", t->pid,
			  t->main ? "true" : "false", t->ncbs, (long long)t->busy_ns,
			  (long long)t->idle_ns, (long long)t->blocked_ns);
	}
	printbuf_strappend(pb, "]");
	return 0;
}

static int off_path_to_json(struct json_object *jso, struct printbuf *pb, int level, int flags)
{
	const struct cp_ref *r = json_object_get_userdata(jso);
	const struct cp_phase *p = &r->h->cp.phases[r->i];
	size_t i;

	(void)level;
	(void)flags;
	printbuf_strappend(pb, "[");
	for (i = 0; i < p->nslack; i++) {
		const struct pm_callback *cb = &r->h->c->cbs[p->slack[i].cb];

		if (i)
			printbuf_strappend(pb, ",");
		printbuf_strappend(pb, "{\"device\":");
		pb_str(pb, dev_name(r->h->run, cb->dev));
		sprintbuf(pb, ",\"duration_ns\":%lld,\"slack_ns\":%lld}", (long long)cb_duration(cb),
			  (long long)p->slack[i].slack_ns);
	}
	printbuf_strappend(pb, "]");
	return 0;
}

void report_json_critpath(struct json_object *cycle, const struct pm_run *run,
			  const struct pm_cycle *c)
{
	struct cp_json *h = xcalloc(1, sizeof(*h));
	struct json_object *phases, *t;
	size_t i;

	h->run = run;
	h->c = c;
	h->refs = 1;
	if (critpath_compute(run, c, &h->cp) < 0)
		memset(&h->cp, 0, sizeof(h->cp));
	if (json_object_object_get_ex(cycle, "phases", &phases)) {
		for (i = 0; i < json_object_array_length(phases); i++)
			add(json_object_array_get_idx(phases, i), "critical_path",
			    json_object_new_array());
		for (i = 0; i < h->cp.nphases; i++) {
			const struct cp_phase *p = &h->cp.phases[i];
			struct json_object *ph = json_object_array_get_idx(phases, (size_t)p->phase);

			if (!ph)
				continue;
			add(ph, "critical_path", streamed(h, i, path_to_json));
			add(ph, "explained_ns", jint(p->explained_ns));
			add(ph, "threads", streamed(h, i, threads_to_json));
			add(ph, "off_path", streamed(h, i, off_path_to_json));
		}
	}
	add(cycle, "blocked", streamed(h, 0, blocked_to_json));
	t = json_object_new_object();
	add(t, "eps_ns", jint(h->cp.eps_ns));
	add(t, "hop_ns", jint(CP_EPS_HOP_NS));
	add(t, "skew_ns", jint(h->cp.skew_ns));
	add(t, "device_tree", json_object_new_boolean(h->cp.devtree));
	add(cycle, "critpath_tolerance", t);
	if (!--h->refs) {
		critpath_free(&h->cp);
		free(h);
	}
}
