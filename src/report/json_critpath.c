// SPDX-License-Identifier: GPL-2.0
/*
 * JSON report, critical path part (schema pmscope/2, pmscope(1)): every
 * cycles[].phases[] entry gets critical_path[] (empty where no path was
 * computed) and, on device phases, explained_ns, threads[] and
 * off_path[]; every cycle gets blocked[] and critpath_tolerance.
 */
#include <stdio.h>

#include "analysis.h"
#include "report.h"

static const char *const kind_names[] = {
	[CP_RUN] = "run", [CP_WAIT] = "wait", [CP_GAP] = "gap",
};

/* A gap's why (critpath_gaps.c); null for runs and waits. */
static const char *const gap_whys[CPG_COUNT] = {
	[CPG_PHASE_START] = "phase_start",
	[CPG_PHASE_END] = "phase_end",
	[CPG_THREAD] = "thread",
	[CPG_UNEXPLAINED] = "unexplained",
	[CPG_KERNEL_USER] = "kernel_then_user_space",
	[CPG_INITRD] = "initrd",
	[CPG_INITRD_SYSTEMD] = "initrd_then_systemd",
	[CPG_SYSTEMD_STARTING] = "systemd_starting",
	[CPG_SYSTEMD_STARTING_UP] = "systemd_starting_then_up",
	[CPG_SYSTEMD] = "systemd",
};

static const char *dev_name(const struct pm_run *run, int dev)
{
	return dev >= 0 ? run->devs[dev].name : NULL;
}

static const struct cp_phase *path_of(const struct critpath *cp, size_t phase)
{
	size_t i;

	for (i = 0; i < cp->nphases; i++)
		if ((size_t)cp->phases[i].phase == phase)
			return &cp->phases[i];
	return NULL;
}

static void put_segs(struct jw *w, const struct pm_run *run, const struct pm_cycle *c,
		     const struct cp_phase *p)
{
	size_t i;

	for (i = 0; i < p->nsegs; i++) {
		const struct cp_segment *s = &p->segs[i];

		jw_obj(w);
		jw_kstr(w, "kind", kind_names[s->kind]);
		jw_kstr(w, "device", dev_name(run, s->dev));
		jw_kns(w, "start_ns", s->start);
		jw_kns(w, "end_ns", s->end);
		jw_key(w, "pid");
		cp_seg_pid(c, s) >= 0 ? jw_int(w, cp_seg_pid(c, s)) : jw_null(w);
		jw_kbool(w, "has_callback", s->cb >= 0);
		jw_kbool(w, "inferred", s->inferred);
		jw_kstr(w, "why", s->why < CPG_COUNT ? gap_whys[s->why] : NULL);
		jw_obj_end(w);
	}
}

static void put_threads(struct jw *w, const struct cp_phase *p)
{
	size_t i;

	jw_karr(w, "threads");
	for (i = 0; i < p->nthreads; i++) {
		const struct cp_thread *t = &p->threads[i];

		jw_obj(w);
		jw_kint(w, "pid", t->pid);
		jw_kbool(w, "main", t->main);
		jw_kint(w, "callbacks", (int64_t)t->ncbs);
		jw_kns(w, "busy_ns", t->busy_ns);
		jw_kns(w, "idle_ns", t->idle_ns);
		jw_kns(w, "blocked_ns", t->blocked_ns);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

static void put_off_path(struct jw *w, const struct pm_run *run, const struct pm_cycle *c,
			 const struct cp_phase *p)
{
	size_t i;

	jw_karr(w, "off_path");
	for (i = 0; i < p->nslack; i++) {
		const struct pm_callback *cb = &c->cbs[p->slack[i].cb];

		jw_obj(w);
		jw_kstr(w, "device", dev_name(run, cb->dev));
		jw_kns(w, "duration_ns", cb_duration(cb));
		jw_kns(w, "slack_ns", p->slack[i].slack_ns);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

void report_json_phase_path(struct jw *w, const struct pm_run *run,
			    const struct cycle_results *cr, size_t phase)
{
	const struct cp_phase *p = path_of(&cr->cp, phase);

	jw_karr(w, "critical_path");
	if (p)
		put_segs(w, run, cr->c, p);
	jw_arr_end(w);
	if (!p)
		return;
	jw_kns(w, "explained_ns", p->explained_ns);
	put_threads(w, p);
	put_off_path(w, run, cr->c, p);
}

static void put_blocked(struct jw *w, const struct pm_run *run, const struct pm_cycle *c,
			const struct cp_blocked *b)
{
	const struct pm_callback *x = &c->cbs[b->cb], *wc = &c->cbs[b->waited_cb];
	size_t i;

	jw_obj(w);
	jw_kstr(w, "device", dev_name(run, b->held_dev >= 0 ? b->held_dev : x->dev));
	/* the driving thread waited in a device that ran no callback */
	jw_kbool(w, "no_callback", b->held_dev >= 0);
	jw_kstr(w, "waited_for", dev_name(run, b->waited_dev));
	jw_kstr(w, "phase", c->phases[b->phase].name);
	jw_kns(w, "lost_ns", b->lost_ns);
	jw_kns(w, "ready_ns", b->ready);
	jw_kns(w, "start_ns", x->start != NS_NONE ? x->start : x->end);
	jw_kns(w, "waited_end_ns", wc->end);
	jw_kint(w, "waited_pid", wc->pid);
	jw_kbool(w, "inferred", b->inferred);
	jw_karr(w, "via");
	for (i = 0; i < b->nvia; i++)
		jw_str(w, dev_name(run, b->via[i]));
	jw_arr_end(w);
	jw_karr(w, "delayed");
	for (i = 0; i < b->ndelayed && i < CP_DELAYED_KEEP; i++)
		jw_str(w, dev_name(run, c->cbs[b->delayed[i]].dev));
	jw_arr_end(w);
	jw_kint(w, "delayed_count", (int64_t)b->ndelayed);
	jw_obj_end(w);
}

void report_json_blocked(struct jw *w, const struct pm_run *run, const struct cycle_results *cr)
{
	const struct critpath *cp = &cr->cp;
	size_t i;

	jw_karr(w, "blocked");
	for (i = 0; i < cp->nblocked; i++)
		put_blocked(w, run, cr->c, &cp->blocked[i]);
	jw_arr_end(w);
	jw_kobj(w, "critpath_tolerance");
	jw_kint(w, "eps_ns", cp->eps_ns);
	jw_kint(w, "hop_ns", CP_EPS_HOP_NS);
	jw_kint(w, "skew_ns", cp->skew_ns);
	jw_kbool(w, "device_tree", cp->devtree);
	jw_obj_end(w);
}
