// SPDX-License-Identifier: GPL-2.0
/*
 * JSON for statistics (schema "pmscope-stats/1") and comparisons
 * ("pmscope-compare/1"), documented in pmscope(1). Times in ns.
 */
#include <stdio.h>

#include "analysis.h"
#include "stats.h"
#include "report.h"

static void put_summary(struct jw *w, const struct stat_series *s)
{
	const struct stat_summary *m = &s->sum;

	jw_kint(w, "n", (int64_t)m->n);
	jw_kint(w, "missing", (int64_t)s->nmissing);
	jw_kint(w, "from_kernel", (int64_t)s->nkernel);
	jw_kns(w, "min_ns", m->min);
	jw_kns(w, "median_ns", m->median);
	jw_kns(w, "p95_ns", m->p95);
	jw_kns(w, "mean_ns", m->mean);
	jw_kns(w, "max_ns", m->max);
	jw_kns(w, "stddev_ns", m->stddev);
	if (m->n) {
		jw_kstr(w, "max_source", s->worst.source);
		jw_kint(w, "max_cycle", s->worst.cycle);
	}
}

static void put_series(struct jw *w, const char *key, const struct stat_series *s)
{
	jw_kobj(w, key);
	put_summary(w, s);
	jw_obj_end(w);
}

static void put_row(struct jw *w, const struct stat_row *r)
{
	jw_obj(w);
	put_summary(w, &r->s);
	if (r->device) {
		jw_kstr(w, "device", r->device);
		jw_kstr(w, "driver", r->driver);
	}
	jw_kstr(w, "phase", r->phase);
	jw_obj_end(w);
}

/* Phase rows (device NULL) in the order the cycles ran them, or device rows in
 * first-seen order (stats_finish()). */
static void put_rows(struct jw *w, const char *key, const struct run_stats *st, bool devices)
{
	size_t i;

	jw_karr(w, key);
	for (i = 0; i < st->nrows; i++)
		if (!st->rows[i].device == !devices)
			put_row(w, &st->rows[i]);
	jw_arr_end(w);
}

/* Cycles timed by a log's lines and by a trace's events. */
static void put_timed_by(struct jw *w, const struct run_stats *st)
{
	size_t n[SC_COUNT] = { 0 };
	int m, k;

	for (m = 0; m <= MODE_BOOT; m++)
		for (k = 0; k < SC_COUNT; k++)
			n[k] += st->timed[m][k];
	jw_kobj(w, "timed_by");
	jw_kint(w, "log", (int64_t)n[SC_LOG]);
	jw_kint(w, "trace", (int64_t)n[SC_TRACE]);
	jw_obj_end(w);
}

/* A side's median: null where it has no row, or its row no figure. */
static ns_t side_median(const struct stat_row *r)
{
	return r ? r->s.sum.median : NS_NONE;
}

/* Every ranked change, not the --top the text shows: a script picks its
 * own threshold, and the first N are the text's. */
static void put_changes(struct jw *w, const struct stats_diff *d)
{
	size_t i;

	jw_karr(w, "device_changes");
	for (i = 0; i < d->nchanges; i++) {
		const struct stats_change *c = &d->changes[i];
		const struct stat_row *row = c->a ? c->a : c->b;

		jw_obj(w);
		jw_kstr(w, "device", row->device);
		jw_kstr(w, "driver", row->driver);
		jw_kstr(w, "phase", row->phase);
		jw_kns(w, "before_ns", side_median(c->a));
		jw_kns(w, "after_ns", side_median(c->b));
		jw_kns(w, "change_ns", c->change_ns);
		jw_kstr(w, "kind", stats_change_kind_name(c->kind));
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

/* A side's boot milestones, first seen first: their stamps' spread. */
static void put_milestones(struct jw *w, const struct run_stats *st)
{
	size_t i;

	jw_karr(w, "milestones");
	for (i = 0; i < st->nmilestones; i++) {
		jw_obj(w);
		jw_kstr(w, "name", st->milestones[i].name);
		jw_kstr(w, "kind", milestone_kind_name(st->milestones[i].kind));
		put_summary(w, &st->milestones[i].s);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

static ns_t ms_median(const struct stat_milestone *m)
{
	return m ? m->s.sum.median : NS_NONE;
}

/* Both sides' milestones by time, each step, and the one that moved
 * the boot (stats_diff_milestones()). */
static void put_ms_diff(struct jw *w, const struct stats_diff *d)
{
	size_t i;

	jw_karr(w, "milestones");
	for (i = 0; i < d->nmilestones; i++) {
		const struct stats_ms_pair *p = &d->milestones[i];

		jw_obj(w);
		jw_kstr(w, "name", p->a ? p->a->name : p->b->name);
		jw_kstr(w, "kind", milestone_kind_name(p->a ? p->a->kind : p->b->kind));
		jw_kns(w, "before_ns", ms_median(p->a));
		jw_kns(w, "after_ns", ms_median(p->b));
		jw_kns(w, "change_ns", p->change_ns);
		jw_kstr(w, "step_from", p->prev ? p->prev->a->name : NULL);
		jw_kns(w, "step_before_ns", p->step_a);
		jw_kns(w, "step_after_ns", p->step_b);
		jw_kbool(w, "moved", p->moved);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	jw_kstr(w, "milestone_moved", d->ms_mover >= 0 ? d->milestones[d->ms_mover].a->name : NULL);
	jw_kstr(w, "milestone_boot_end", d->ms_end >= 0 ? d->milestones[d->ms_end].a->name : NULL);
}

/* How the two sides differ in what they could see (stats_diff()). */
static void put_diff(struct jw *w, const struct stats_diff *d)
{
	size_t i;
	int m;

	jw_karr(w, "timing_differs");
	for (m = 0; m <= MODE_BOOT; m++)
		if (d->clock_differs & 1u << m)
			jw_str(w, mode_name(m));
	jw_arr_end(w);
	jw_karr(w, "one_sided");
	for (i = 0; i < d->none_sided; i++) {
		jw_obj(w);
		jw_kstr(w, "phase", d->one_sided[i].phase);
		jw_kstr(w, "only", d->one_sided[i].side ? "after" : "before");
		jw_kint(w, "devices", (int64_t)d->one_sided[i].ndevices);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	put_changes(w, d);
	put_ms_diff(w, d);
}

static void put_stats(struct jw *w, const char *key, const struct run_stats *st)
{
	size_t i;

	jw_kobj(w, key);
	jw_kstr(w, "mode", st->mode);
	jw_kint(w, "inputs", (int64_t)st->ninputs);
	jw_kint(w, "cycles", (int64_t)st->ncycles);
	jw_kint(w, "skipped", (int64_t)st->nskipped);
	jw_kint(w, "untimed", (int64_t)st->nuntimed);
	put_timed_by(w, st);
	put_series(w, "suspend", &st->suspend);
	put_series(w, "resume", &st->resume);
	put_series(w, "boot", &st->boot);
	jw_kobj(w, "boot_totals");
	for (i = 0; i < SB_COUNT; i++)
		put_series(w, stat_boot_names[i].key, &st->boot_totals[i]);
	jw_obj_end(w);
	put_milestones(w, st);
	put_rows(w, "phases", st, false);
	put_rows(w, "devices", st, true);
	report_stats_findings_json(w, st);
	jw_obj_end(w);
}

static void put_gates(struct jw *w, const struct stats_report *sr)
{
	size_t i;

	jw_karr(w, "gates");
	for (i = 0; i < sr->ngates; i++) {
		const struct gate_result *g = &sr->gates[i];

		jw_obj(w);
		jw_kstr(w, "what", g->what);
		jw_kstr(w, "unit", g->unit);
		jw_key(w, "limit");
		jw_double(w, g->limit);
		jw_key(w, "value");
		jw_double(w, g->value);
		jw_kbool(w, "failed", g->failed);
		jw_kstr(w, "where", g->where[0] ? g->where : NULL);
		jw_kint(w, "unchecked", (int64_t)g->unchecked);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

int report_stats_json(FILE *f, const void *ctx)
{
	const struct stats_report *sr = ctx;
	struct jw w;

	jw_init(&w, f);
	jw_obj(&w);
	if (sr->b) {
		jw_kstr(&w, "schema", "pmscope-compare/1");
		jw_kstr(&w, "before_label", sr->a_label);
		jw_kstr(&w, "after_label", sr->b_label);
		put_diff(&w, sr->diff);
		put_stats(&w, "before", sr->a);
		put_stats(&w, "after", sr->b);
	} else {
		jw_kstr(&w, "schema", "pmscope-stats/1");
		put_stats(&w, "stats", sr->a);
	}
	put_gates(&w, sr);
	jw_obj_end(&w);
	fputc('\n', f);
	return ferror(f) ? -1 : 0;
}
