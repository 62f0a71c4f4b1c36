// SPDX-License-Identifier: GPL-2.0
/*
 * pmscope whatif, JSON (schema pmscope-whatif/1, pmscope(1)): the policy
 * and the model's assumptions, then per replayed cycle each phase's
 * measured and predicted length with the predicted critical path in the
 * form of pmscope/1 (critical_path[], explained_ns, threads[], off_path[]).
 */
#include <json-c/json.h>
#include <stdio.h>

#include "analysis.h"
#include "report.h"
#include "whatif.h"

#define JFLAGS (JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE)

static const char *const change_kinds[] = {
	[WI_SET_ASYNC] = "async", [WI_SET_SYNC] = "sync", [WI_DEFER] = "defer",
	[WI_SCALE] = "scale",
};

static void add(struct json_object *o, const char *k, struct json_object *v)
{
	json_object_object_add(o, k, v);
}

static struct json_object *jns(ns_t v)
{
	return v == NS_NONE ? NULL : json_object_new_int64(v);
}

static struct json_object *jstr(const char *s)
{
	return s ? json_object_new_string(s) : NULL;
}

static struct json_object *policy_json(const struct whatif_report *r)
{
	const struct whatif_policy *pol = r->pol;
	struct json_object *o = json_object_new_object(), *a = json_object_new_array();
	size_t i, k;

	add(o, "base", jstr(whatif_base_name(pol->base)));
	add(o, "cpus", pol->cpus ? json_object_new_int(pol->cpus) : NULL);
	for (i = 0; i < pol->nchanges; i++) {
		const struct whatif_change *ch = &pol->changes[i];
		struct json_object *c = json_object_new_object();
		size_t matched = 0;

		for (k = 0; k < r->ncycles; k++)
			matched += r->cycles[k].matched[i];
		add(c, "kind", jstr(change_kinds[ch->kind]));
		add(c, "devices", jstr(ch->glob));
		add(c, "phase", jstr(ch->phase));
		add(c, "factor", ch->kind == WI_SCALE ? json_object_new_double(ch->factor) : NULL);
		add(c, "matched_callbacks", json_object_new_int64((int64_t)matched));
		json_object_array_add(a, c);
	}
	add(o, "changes", a);
	return o;
}

static struct json_object *totals_json(const struct pm_cycle *c)
{
	struct json_object *t = json_object_new_object();
	struct cycle_totals tot;

	cycle_totals(c, &tot);
	add(t, "suspend_ns", jns(tot.suspend_ns));
	add(t, "resume_ns", jns(tot.resume_ns));
	return t;
}

static struct json_object *cycle_json(const struct whatif_report *r, const struct whatif_cycle *w)
{
	struct json_object *o = json_object_new_object(), *a;
	size_t i;

	add(o, "index", json_object_new_int(w->c.index));
	add(o, "mode", jstr(mode_name(w->c.mode)));
	add(o, "rules", jstr(whatif_rules_name(w->rules)));
	add(o, "measured", totals_json(w->measured));
	add(o, "predicted", totals_json(&w->c));
	a = json_object_new_array_ext((int)w->nphases);
	for (i = 0; i < w->nphases; i++) {
		const struct whatif_phase *p = &w->phases[i];
		struct json_object *ph = json_object_new_object();

		add(ph, "name", jstr(w->c.phases[i].name));
		add(ph, "replayed", json_object_new_boolean(p->predicted));
		add(ph, "measured_ns", jns(p->measured_ns));
		add(ph, "predicted_ns", jns(p->predicted_ns));
		add(ph, "start_ns", jns(w->c.phases[i].start));
		add(ph, "callbacks", json_object_new_int64((int64_t)p->ncbs));
		add(ph, "async_callbacks", json_object_new_int64((int64_t)p->nasync));
		add(ph, "kept_gaps_ns", json_object_new_int64(p->kept_gaps_ns));
		add(ph, "dropped_waits", json_object_new_int64((int64_t)p->nforced));
		json_object_array_add(a, ph);
	}
	add(o, "phases", a);
	report_json_critpath(o, r->run, &w->c);
	return o;
}

static void put(FILE *f, struct json_object *o)
{
	fputs(json_object_to_json_string_ext(o, JFLAGS), f);
	json_object_put(o);
}

int report_whatif_json(FILE *f, const void *ctx)
{
	const struct whatif_report *r = ctx;
	struct json_object *x;
	size_t i;

	fprintf(f, "{\"schema\":\"%s\",\"tool\":\"pmscope %s\",\"policy\":", WHATIF_SCHEMA,
		PMSCOPE_VERSION);
	put(f, policy_json(r));
	fputs(",\"assumptions\":", f);
	x = json_object_new_object();
	for (i = 0; i < whatif_nassumptions; i++)
		add(x, whatif_assumptions[i][0], jstr(whatif_assumptions[i][1]));
	put(f, x);
	fputs(",\"cycles\":[", f);
	for (i = 0; i < r->ncycles; i++) {
		if (i)
			fputc(',', f);
		put(f, cycle_json(r, &r->cycles[i]));
	}
	fputs("]}\n", f);
	return ferror(f) ? -1 : 0;
}
