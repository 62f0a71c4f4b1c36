// SPDX-License-Identifier: GPL-2.0
/*
 * JSON report, schema "pmscope/2" (documented in pmscope(1)), streamed
 * through the JSON writer: memory does not grow with the run.
 */
#include <stdio.h>
#include <stdlib.h>

#include "analysis.h"
#include "report.h"
#include "table.h"
#include "whatif.h"

/* A phase: its row of the phases table, then its critical path. */
static void put_phase(struct jw *w, const struct cycle_rows *rows, size_t i)
{
	jw_obj(w);
	table_json_members(w, &phases_table, rows, i);
	report_json_phase_path(w, rows->run, rows->cr, i);
	jw_obj_end(w);
}

/* A callback: its row of the callbacks table, then what it called and
 * what the log said while it ran. */
static void put_cb(struct jw *w, const struct cycle_rows *rows, size_t i)
{
	const struct pm_cycle *c = rows->cr->c;
	struct pm_callgraph graph;

	jw_obj(w);
	table_json_members(w, &callbacks_table, rows, i);
	report_json_callgraph(w, cb_graph(c, &c->cbs[i], &graph));
	report_json_cb_messages(w, rows->run, rows->cr, i);
	jw_obj_end(w);
}

static void put_totals(struct jw *w, const struct cycle_results *cr)
{
	jw_kobj(w, "totals");
	jw_kns(w, "suspend_ns", cr->totals.suspend_ns);
	jw_kns(w, "resume_ns", cr->totals.resume_ns);
	jw_kns(w, "machine_ns", cr->totals.machine_ns);
	jw_kns(w, "total_ns", cr->totals.total_ns);
	jw_kns(w, "firmware_suspend_ns", cr->c->fw_suspend_ns);
	jw_kns(w, "firmware_resume_ns", cr->c->fw_resume_ns);
	jw_obj_end(w);
}

static void put_threads(struct jw *w, const struct pm_cycle *c)
{
	size_t i;

	jw_karr(w, "threads");
	for (i = 0; i < c->nthreads; i++) {
		jw_obj(w);
		jw_kint(w, "pid", c->threads[i].pid);
		jw_kstr(w, "comm", c->threads[i].comm);
		jw_kbool(w, "main", c->threads[i].main);
		jw_kint(w, "callbacks", (int64_t)c->threads[i].ncbs);
		jw_kint(w, "busy_ns", c->threads[i].busy_ns);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

/* What the trace saw threads do outside callbacks (pmscope(1): thread_work). */
static void put_works(struct jw *w, const struct pm_cycle *c)
{
	size_t i;

	jw_karr(w, "thread_work");
	for (i = 0; i < c->nworks; i++) {
		const struct pm_work *x = &c->works[i];

		jw_obj(w);
		jw_kint(w, "pid", x->pid);
		jw_kstr(w, "comm", x->comm);
		jw_kstr(w, "function", x->fn);
		jw_kns(w, "start_ns", x->start);
		jw_kns(w, "end_ns", x->end);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	jw_kint(w, "thread_work_cut", (int64_t)c->works_cut);
}

static void put_cycle(struct jw *w, const struct pm_run *run, const struct cycle_results *cr)
{
	const struct cycle_rows rows = { run, cr, NULL };
	const struct pm_cycle *c = cr->c;
	size_t i;

	jw_obj(w);
	table_json_members(w, &cycles_table, &rows, 0);
	put_totals(w, cr);
	report_json_boot_totals(w, run, cr);
	report_json_boot_marks(w, c);
	if (c->mode == MODE_BOOT) {
		jw_karr(w, "milestones");
		for (i = 0; i < c->nmilestones; i++) {
			jw_obj(w);
			table_json_members(w, &milestones_table, &rows, i);
			jw_obj_end(w);
		}
		jw_arr_end(w);
	}
	jw_kstr(w, "wake_reason", c->wake_reason);
	jw_karr(w, "phases");
	for (i = 0; i < c->nphases; i++)
		put_phase(w, &rows, i);
	jw_arr_end(w);
	put_threads(w, c);
	put_works(w, c);
	jw_karr(w, "callbacks");
	for (i = 0; i < c->ncbs; i++)
		put_cb(w, &rows, i);
	jw_arr_end(w);
	report_json_said_error(w, cr);
	report_json_findings(w, &cr->findings);
	report_json_blocked(w, run, cr);
	report_json_hints(w, run, cr);
	jw_obj_end(w);
}

static void json_head(struct report_cursor *rc, const struct pm_run *run,
		      const struct pm_results *res, const struct report_opts *o)
{
	struct jw *w = &rc->jw;
	size_t i;

	(void)o;
	jw_init(w, rc->f);
	jw_obj(w);
	jw_kstr(w, "schema", JSON_SCHEMA);
	jw_kstr(w, "tool", "pmscope " PMSCOPE_VERSION);
	jw_karr(w, "sources");
	for (i = 0; i < run->nsources; i++)
		jw_str(w, run->sources[i]);
	jw_arr_end(w);
	jw_kobj(w, "facts");
	for (i = 0; i < run->nfacts; i++)
		jw_kstr(w, run->facts[i].key, run->facts[i].value);
	jw_obj_end(w);
	/* who and what the run is: the runs table's row (the rows' runs) */
	jw_kobj(w, "run");
	table_json_members(w, &runs_table, &(struct run_rows){ run, res }, 0);
	jw_obj_end(w);
	/* before the cycles, whose callbacks name them by place */
	jw_karr(w, "devices");
	for (i = 0; i < run->ndevs; i++) {
		jw_obj(w);
		table_json_members(w, &devices_table, &(struct run_rows){ run, res }, i);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	jw_karr(w, "cycles");
}

static void json_cycle(struct report_cursor *rc, const struct pm_run *run,
		       const struct cycle_results *cr, const struct report_opts *o)
{
	(void)o;
	put_cycle(&rc->jw, run, cr);
}

static int json_tail(struct report_cursor *rc, const struct pm_run *run,
		     const struct pm_results *res, const struct report_opts *o)
{
	struct jw *w = &rc->jw;

	(void)o;
	(void)run;
	jw_arr_end(w);
	report_json_findings(w, &res->findings);
	report_json_verdict(w, res);
	jw_obj_end(w);
	fputc('\n', rc->f);
	return ferror(rc->f) ? -1 : 0;
}

const struct report_stream report_json_stream = { json_head, json_cycle, json_tail };

int report_json(FILE *f, const struct pm_run *run, const struct pm_results *res,
		const struct report_opts *o, char *err, size_t errlen)
{
	(void)err;	/* it fails only writing */
	(void)errlen;
	return report_streamed(&report_json_stream, f, run, res, o);
}
