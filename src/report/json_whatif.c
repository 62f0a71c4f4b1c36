// SPDX-License-Identifier: GPL-2.0
/*
 * pmscope whatif, JSON (schema pmscope-whatif/1, pmscope(1)): the policy
 * and the model's assumptions, then per replayed cycle each phase's
 * measured and predicted length with the predicted critical path in the
 * form of pmscope/1 (critical_path[], explained_ns, threads[], off_path[],
 * blocked[]), through the one JSON writer.
 */
#include <stdio.h>

#include "analysis.h"
#include "report.h"
#include "table.h"
#include "whatif.h"

static const char *const change_kinds[] = {
	[WI_SET_ASYNC] = "async", [WI_SET_SYNC] = "sync", [WI_DEFER] = "defer",
	[WI_SCALE] = "scale",
};

static void put_policy(struct jw *w, const struct whatif_report *r)
{
	const struct whatif_policy *pol = r->pol;
	size_t i, k;

	jw_kobj(w, "policy");
	jw_kstr(w, "base", whatif_base_name(pol->base));
	jw_key(w, "cpus");
	if (pol->cpus)
		jw_int(w, pol->cpus);
	else
		jw_null(w);
	jw_kstr(w, "cpus_from", pol->cpus ? (pol->cpus_from_run ? "run" : "option") : NULL);
	jw_karr(w, "changes");
	for (i = 0; i < pol->nchanges; i++) {
		const struct whatif_change *ch = &pol->changes[i];
		size_t matched = 0;

		for (k = 0; k < r->ncycles; k++)
			matched += r->cycles[k].matched[i];
		jw_obj(w);
		jw_kstr(w, "kind", change_kinds[ch->kind]);
		jw_kstr(w, "devices", ch->glob);
		jw_kstr(w, "driver", ch->driver);
		jw_kstr(w, "phase", ch->phase);
		jw_key(w, "factor");
		if (ch->kind == WI_SCALE)
			jw_double(w, ch->factor);
		else
			jw_null(w);
		jw_kint(w, "matched_callbacks", (int64_t)matched);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	jw_obj_end(w);
}

static void put_totals(struct jw *w, const char *key, const struct cycle_totals *t)
{
	jw_kobj(w, key);
	jw_kns(w, "suspend_ns", t->suspend_ns);
	jw_kns(w, "resume_ns", t->resume_ns);
	jw_obj_end(w);
}

/* Each predicted callback as pmscope/1's callbacks[] write one (the
 * line is the measured one's), then where and when it ran as measured. */
static void put_callbacks(struct jw *w, const struct pm_run *run, const struct whatif_cycle *wc,
			  const struct cycle_results *cr)
{
	const struct cycle_rows rows = { run, cr, NULL };
	size_t i;

	jw_karr(w, "callbacks");
	for (i = 0; i < wc->c.ncbs; i++) {
		const struct pm_callback *m = &wc->measured->cbs[i];

		jw_obj(w);
		table_json_members(w, &callbacks_table, &rows, i);
		jw_kns(w, "measured_start_ns", m->start);
		jw_kns(w, "measured_end_ns", m->end);
		jw_key(w, "measured_pid");
		if (m->pid >= 0)
			jw_int(w, m->pid);
		else
			jw_null(w);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

/* The resources inferred (whatif_share.c) and their members. */
static void put_shared(struct jw *w, const struct pm_run *run, const struct whatif_cycle *wc)
{
	size_t i;

	jw_karr(w, "shared");
	for (i = 0; i < wc->nshared; i++) {
		const struct whatif_shared *sh = &wc->shared[i];
		const char *drv = run->devs[sh->dev].driver;

		jw_obj(w);
		jw_kstr(w, "phase", wc->c.phases[sh->phase].name);
		jw_kstr(w, "device", run->devs[sh->dev].name);
		jw_kstr(w, "driver", drv && *drv ? drv : NULL);
		jw_kstr(w, "from", "ends");
		jw_kint(w, "callbacks", (int64_t)sh->ncbs);
		jw_kns(w, "queued_ns", sh->queued_ns);
		jw_kns(w, "length_ns", sh->length_ns);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

static void put_cycle(struct jw *w, const struct whatif_report *r, size_t k)
{
	const struct whatif_cycle *wc = &r->cycles[k];
	const struct cycle_results *cr = &r->pred->cycles[k];
	size_t i;

	jw_obj(w);
	jw_kint(w, "index", wc->c.index);
	jw_kstr(w, "mode", mode_name(wc->c.mode));
	jw_kstr(w, "rules", whatif_rules_name(wc->rules));
	put_totals(w, "measured", &wc->measured_tot);
	put_totals(w, "predicted", &wc->predicted_tot);
	jw_karr(w, "phases");
	for (i = 0; i < wc->nphases; i++) {
		const struct whatif_phase *p = &wc->phases[i];

		jw_obj(w);
		jw_kstr(w, "name", wc->c.phases[i].name);
		jw_kbool(w, "replayed", p->predicted);
		jw_kns(w, "measured_ns", p->measured_ns);
		jw_kns(w, "predicted_ns", p->predicted_ns);
		jw_kns(w, "start_ns", wc->c.phases[i].start);
		jw_kint(w, "callbacks", (int64_t)p->ncbs);
		jw_kint(w, "async_callbacks", (int64_t)p->nasync);
		jw_kns(w, "kept_gaps_ns", p->kept_gaps_ns);
		jw_kint(w, "dropped_waits", (int64_t)p->nforced);
		report_json_phase_path(w, r->run, cr, i);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	put_shared(w, r->run, wc);
	put_callbacks(w, r->run, wc, cr);
	report_json_blocked(w, r->run, cr);
	jw_obj_end(w);
}

int report_whatif_json(FILE *f, const void *ctx)
{
	const struct whatif_report *r = ctx;
	struct jw w;
	size_t i;

	jw_init(&w, f);
	jw_obj(&w);
	jw_kstr(&w, "schema", WHATIF_SCHEMA);
	jw_kstr(&w, "tool", "pmscope " PMSCOPE_VERSION);
	put_policy(&w, r);
	/* sys/devices.txt read: the tree and each device's power/async */
	jw_kbool(&w, "device_facts", r->ncycles && r->pred->cycles[0].cp.devtree);
	jw_kobj(&w, "assumptions");
	for (i = 0; i < whatif_nassumptions; i++)
		jw_kstr(&w, whatif_assumptions[i][0], whatif_assumptions[i][1]);
	jw_obj_end(&w);
	jw_karr(&w, "cycles");
	for (i = 0; i < r->ncycles; i++)
		put_cycle(&w, r, i);
	jw_arr_end(&w);
	jw_obj_end(&w);
	fputc('\n', f);
	return ferror(f) ? -1 : 0;
}

void report_json_hints(struct jw *w, const struct pm_run *run, const struct cycle_results *cr)
{
	size_t i;

	jw_karr(w, "hints");
	for (i = 0; i < cr->nhints; i++) {
		const struct whatif_hint *h = &cr->hints[i];
		const char *driver = run->devs[h->dev].driver;

		jw_obj(w);
		jw_kstr(w, "phase", cr->c->phases[h->phase].name);
		jw_kstr(w, "device", run->devs[h->dev].name);
		/* as callbacks[] name it: with the name, what whatif's
		 * DEV{DRIVER} picks it by when another has that name */
		jw_kstr(w, "driver", driver && *driver ? driver : NULL);
		jw_kstr(w, "change", "async");
		jw_kns(w, "measured_ns", h->measured_ns);
		jw_kns(w, "predicted_ns", h->predicted_ns);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}
