// SPDX-License-Identifier: GPL-2.0
/*
 * JSON report, schema "pmscope/2" (documented in pmscope(1)), streamed
 * through the JSON writer: memory does not grow with the run.
 */
#include <stdio.h>
#include <stdlib.h>

#include "analysis.h"
#include "report.h"
#include "whatif.h"

static void put_phase(struct jw *w, const struct pm_run *run, const struct cycle_results *cr,
		      size_t i)
{
	const struct pm_phase *p = &cr->c->phases[i];

	jw_obj(w);
	jw_kstr(w, "name", p->name);
	jw_kstr(w, "kind", phase_kind_name(p->kind));
	jw_kns(w, "start_ns", p->start);
	jw_kns(w, "end_ns", p->end);
	jw_key(w, "kernel_ms");
	jw_ms_us(w, p->kernel_us);
	report_json_phase_path(w, run, cr, i);
	jw_obj_end(w);
}

static const char *cb_kind(const struct pm_cycle *c, const struct pm_callback *cb)
{
	return cb->flags & CB_INITCALL ? "initcall" : cb->flags & CB_PROBE ? "probe" :
	       cb->flags & CB_QUIRK ? "quirk" : c->mode == MODE_BOOT ? "async_work" : "pm";
}

static void put_cb(struct jw *w, const struct pm_run *run, const struct cycle_results *cr,
		   size_t i)
{
	const struct pm_cycle *c = cr->c;
	const struct pm_callback *cb = &c->cbs[i];
	const struct pm_device *d = &run->devs[cb->dev];
	struct pm_callgraph graph;
	bool kern = cb->kernel_us != US_NONE;

	jw_obj(w);
	jw_kstr(w, "device", d->name);
	jw_kstr(w, "driver", d->driver && *d->driver ? d->driver : NULL);
	jw_kstr(w, "parent", d->parent);
	jw_kstr(w, "phase", cb->phase >= 0 ? c->phases[cb->phase].name : NULL);
	jw_kstr(w, "callback", cb_fn(run, cb));
	jw_kns(w, "start_ns", cb->start);
	jw_kns(w, "end_ns", cb->end);
	jw_key(w, "kernel_us");
	kern ? jw_int(w, cb->kernel_us) : jw_null(w);
	jw_key(w, "kernel_unit_ns");
	kern ? jw_int(w, cb->flags & CB_US_1024 ? 1024 : 1000) : jw_null(w);
	jw_key(w, "pid");
	cb->pid >= 0 ? jw_int(w, cb->pid) : jw_null(w);
	jw_kbool(w, "async", cb->async);
	jw_key(w, "ret");
	cb->has_ret ? jw_int(w, cb->ret) : jw_null(w);
	jw_kbool(w, "unfinished", cb->flags & CB_UNFINISHED);
	/* optional: end_ns is the latest it can have ended, not an end seen */
	if (cb_end_inferred(cb))
		jw_kbool(w, "end_inferred", true);
	/* optional: started at its calling line, the kernel's figure off */
	if (cb->from_calling)
		jw_kbool(w, "from_calling_line", true);
	jw_kstr(w, "kind", cb_kind(c, cb));
	jw_kstr(w, "source", cb_file(run, cb));
	jw_kint(w, "line", cb->line);
	report_json_callgraph(w, cb_graph(c, cb, &graph));
	report_json_cb_messages(w, run, cr, i);
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
	const struct pm_cycle *c = cr->c;
	size_t i;

	jw_obj(w);
	jw_kint(w, "index", c->index);
	jw_kstr(w, "mode", mode_name(c->mode));
	jw_kstr(w, "mode_label", c->mode_label);
	jw_kns(w, "start_ns", c->start);
	jw_kns(w, "end_ns", c->end);
	jw_kbool(w, "completed", c->mode == MODE_BOOT || c->resumed);
	jw_kbool(w, "aborted", c->aborted);
	jw_key(w, "main_pid");
	c->main_pid >= 0 ? jw_int(w, c->main_pid) : jw_null(w);
	jw_kstr(w, "source", c->file);
	jw_kint(w, "first_line", c->first_line);
	jw_kint(w, "last_line", c->last_line);
	put_totals(w, cr);
	report_json_boot_totals(w, run, cr);
	jw_kstr(w, "wake_reason", c->wake_reason);
	jw_karr(w, "phases");
	for (i = 0; i < c->nphases; i++)
		put_phase(w, run, cr, i);
	jw_arr_end(w);
	put_threads(w, c);
	put_works(w, c);
	jw_karr(w, "callbacks");
	for (i = 0; i < c->ncbs; i++)
		put_cb(w, run, cr, i);
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

	(void)res;
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
		const struct report_opts *o)
{
	return report_streamed(&report_json_stream, f, run, res, o);
}
