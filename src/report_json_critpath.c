// SPDX-License-Identifier: GPL-2.0
/*
 * JSON report, critical path part (schema pmscope/1, pmscope(1)): every
 * cycles[].phases[] entry gets critical_path[] (empty where no path is
 * computed) and, on device phases, explained_ns, threads[] and
 * off_path[]; every cycle gets blocked[] and critpath_tolerance.
 */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis.h"
#include "report.h"

static const char *const kind_names[] = {
	[CP_RUN] = "run", [CP_WAIT] = "wait", [CP_GAP] = "gap",
};

static struct json_object *jdev(const struct pm_run *run, int dev)
{
	return dev >= 0 ? json_object_new_string(run->devs[dev].name) : NULL;
}

static struct json_object *jint(int64_t v)
{
	return json_object_new_int64(v);
}

static void add(struct json_object *o, const char *k, struct json_object *v)
{
	json_object_object_add(o, k, v);
}

static struct json_object *segments(const struct pm_run *run, const struct cp_phase *p)
{
	struct json_object *a = json_object_new_array_ext((int)p->nsegs);
	size_t i;

	for (i = 0; i < p->nsegs; i++) {
		const struct cp_segment *s = &p->segs[i];
		struct json_object *o = json_object_new_object();

		add(o, "kind", json_object_new_string(kind_names[s->kind]));
		add(o, "device", jdev(run, s->dev));
		add(o, "start_ns", jint(s->start));
		add(o, "end_ns", jint(s->end));
		add(o, "pid", s->kind == CP_RUN && s->pid >= 0 ? json_object_new_int(s->pid) : NULL);
		add(o, "has_callback", json_object_new_boolean(s->cb >= 0));
		add(o, "inferred", json_object_new_boolean(s->inferred));
		json_object_array_add(a, o);
	}
	return a;
}

static struct json_object *threads(const struct cp_phase *p)
{
	struct json_object *a = json_object_new_array_ext((int)p->nthreads);
	size_t i;

	for (i = 0; i < p->nthreads; i++) {
		const struct cp_thread *t = &p->threads[i];
		struct json_object *o = json_object_new_object();

		add(o, "pid", json_object_new_int(t->pid));
		add(o, "main", json_object_new_boolean(t->main));
		add(o, "callbacks", jint((int64_t)t->ncbs));
		add(o, "busy_ns", jint(t->busy_ns));
		add(o, "idle_ns", jint(t->idle_ns));
		add(o, "blocked_ns", jint(t->blocked_ns));
		json_object_array_add(a, o);
	}
	return a;
}

static struct json_object *off_path(const struct pm_run *run, const struct pm_cycle *c,
				    const struct cp_phase *p)
{
	struct json_object *a = json_object_new_array_ext((int)p->nslack);
	size_t i;

	for (i = 0; i < p->nslack; i++) {
		const struct pm_callback *cb = &c->cbs[p->slack[i].cb];
		struct json_object *o = json_object_new_object();

		add(o, "device", jdev(run, cb->dev));
		add(o, "duration_ns", jint(cb_duration(cb)));
		add(o, "slack_ns", jint(p->slack[i].slack_ns));
		json_object_array_add(a, o);
	}
	return a;
}

static struct json_object *blocked(const struct pm_run *run, const struct pm_cycle *c,
				   const struct cp_blocked *b)
{
	struct json_object *o = json_object_new_object(), *a;
	size_t i;

	add(o, "device", jdev(run, c->cbs[b->cb].dev));
	add(o, "waited_for", jdev(run, b->waited_dev));
	add(o, "phase", json_object_new_string(c->phases[b->phase].name));
	add(o, "lost_ns", jint(b->lost_ns));
	add(o, "ready_ns", jint(b->ready));
	add(o, "start_ns", jint(c->cbs[b->cb].start));
	add(o, "waited_end_ns", jint(c->cbs[b->waited_cb].end));
	add(o, "waited_pid", json_object_new_int(c->cbs[b->waited_cb].pid));
	add(o, "inferred", json_object_new_boolean(b->inferred));
	a = json_object_new_array_ext((int)b->nvia);
	for (i = 0; i < b->nvia; i++)
		json_object_array_add(a, jdev(run, b->via[i]));
	add(o, "via", a);
	a = json_object_new_array_ext((int)b->ndelayed);
	for (i = 0; i < b->ndelayed; i++)
		json_object_array_add(a, jdev(run, c->cbs[b->delayed[i]].dev));
	add(o, "delayed", a);
	return o;
}

void report_json_critpath(struct json_object *cycle, const struct pm_run *run,
			  const struct pm_cycle *c)
{
	struct json_object *phases, *a, *t;
	struct critpath cp;
	size_t i;

	if (critpath_compute(run, c, &cp) < 0)
		memset(&cp, 0, sizeof(cp));
	if (json_object_object_get_ex(cycle, "phases", &phases)) {
		for (i = 0; i < json_object_array_length(phases); i++)
			add(json_object_array_get_idx(phases, i), "critical_path",
			    json_object_new_array());
		for (i = 0; i < cp.nphases; i++) {
			const struct cp_phase *p = &cp.phases[i];
			struct json_object *ph = json_object_array_get_idx(phases, (size_t)p->phase);

			if (!ph)
				continue;
			add(ph, "critical_path", segments(run, p));
			add(ph, "explained_ns", jint(p->explained_ns));
			add(ph, "threads", threads(p));
			add(ph, "off_path", off_path(run, c, p));
		}
	}
	a = json_object_new_array_ext((int)cp.nblocked);
	for (i = 0; i < cp.nblocked; i++)
		json_object_array_add(a, blocked(run, c, &cp.blocked[i]));
	add(cycle, "blocked", a);
	t = json_object_new_object();
	add(t, "eps_ns", jint(cp.eps_ns));
	add(t, "hop_ns", jint(CP_EPS_HOP_NS));
	add(t, "skew_ns", jint(cp.skew_ns));
	add(t, "device_tree", json_object_new_boolean(cp.devtree));
	add(cycle, "critpath_tolerance", t);
	critpath_free(&cp);
}
