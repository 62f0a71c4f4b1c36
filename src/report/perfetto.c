// SPDX-License-Identifier: GPL-2.0
/*
 * pmscope analyze --perfetto: the run as a Perfetto trace, protobuf
 * TrackEvents (the format Perfetto's documentation asks other tools to
 * write; its legacy JSON has no flows between arbitrary slices and no
 * track tree). The messages and field numbers written here are those of
 * tests/perfetto/pmscope_trace.proto.
 *
 * Per cycle (tracks: perfetto.h): a slice for the cycle with its facts,
 * one per phase, one per callback with its device, driver, parent, phase,
 * async flag and return value; the critical path (consecutive callbacks
 * on it) and each blocked sync callback's wait as flows between slices;
 * each failure as an instant event; where a callback slept as slices in
 * its own; what threads did outside callbacks on a track per thread after
 * the lanes. Times are the log's own clock.
 */
#include <stdlib.h>

#include "analysis.h"
#include "perfetto.h"
#include "format.h"
#include "report.h"

enum {	/* field numbers, see tests/perfetto/pmscope_trace.proto */
	F_TRACE_PACKET = 1,
	F_PKT_TIMESTAMP = 8, F_PKT_SEQUENCE = 10, F_PKT_EVENT = 11, F_PKT_TRACK = 60,
	F_TRACK_UUID = 1, F_TRACK_NAME = 2, F_TRACK_PARENT = 5, F_TRACK_CHILD_ORDER = 11,
	F_TRACK_RANK = 12,
	F_EV_ARG = 4, F_EV_TYPE = 9, F_EV_TRACK = 11, F_EV_CATEGORY = 22, F_EV_NAME = 23,
	F_EV_FLOW = 47, F_EV_FLOW_END = 48,
	F_ARG_BOOL = 2, F_ARG_INT = 4, F_ARG_DOUBLE = 5, F_ARG_STRING = 6, F_ARG_NAME = 10,
};

enum { EV_BEGIN = 1, EV_END = 2, EV_INSTANT = 3 };	/* TrackEvent.Type */
#define CHILD_ORDER_EXPLICIT 3	/* TrackDescriptor.ChildTracksOrdering */
#define SEQUENCE_ID 1		/* one writer: every packet on one sequence */

enum what { W_CYCLE, W_PHASE, W_CB, W_FAIL, W_WORK, W_SLEEP };
enum { FAIL_NONE = -1, FAIL_CYCLE = -2 };	/* pf_cycle.fail_cb[] besides a callback */

struct event {
	ns_t ts;
	uint64_t track;
	uint32_t ord;		/* keeps a track's events in the order made */
	uint8_t type, what;
	int idx;		/* phase, callback or warning index */
};

struct flow_end {
	int cb;
	bool last;		/* where the flow ends */
	uint64_t id;
};

struct pf_cycle {
	struct pb *pb;
	const struct pm_run *run;
	const struct pm_cycle *c;
	const struct cycle_results *cr;	/* what the analyses found in it */
	ns_t base;		/* subtracted from every time: Perfetto's are unsigned */
	struct pf_lanes lanes;
	uint64_t track_cycle, track_phase0, track_row0;
	struct event *evs;
	size_t nevs, evs_cap;
	struct flow_end *flows;	/* by callback */
	size_t nflows, flows_cap;
	int *fail_cb;		/* cr->warns[i] -> the callback whose failure it
				 * tells, FAIL_CYCLE (none), FAIL_NONE (not a
				 * failure) */
	unsigned char *cb_fails;	/* callback -> has a failure (fail_cb) */
};

static uint64_t track_uuid(const struct pm_cycle *c, uint64_t k)
{
	return (uint64_t)c->index << 32 | k;
}

static void packet_begin(struct pb *pb, ns_t ts)
{
	pb_begin(pb, F_TRACE_PACKET);
	if (ts != NS_NONE)
		pb_uint(pb, F_PKT_TIMESTAMP, (uint64_t)ts);
	pb_uint(pb, F_PKT_SEQUENCE, SEQUENCE_ID);
}

/* A track; @parent 0 for a cycle's, whose children keep their @rank. */
static void put_track(struct pb *pb, uint64_t uuid, uint64_t parent, int rank, const char *name)
{
	packet_begin(pb, NS_NONE);
	pb_begin(pb, F_PKT_TRACK);
	pb_uint(pb, F_TRACK_UUID, uuid);
	pb_string(pb, F_TRACK_NAME, name);
	if (parent) {
		pb_uint(pb, F_TRACK_PARENT, parent);
		pb_int(pb, F_TRACK_RANK, rank);
	} else {
		pb_uint(pb, F_TRACK_CHILD_ORDER, CHILD_ORDER_EXPLICIT);
	}
	pb_end(pb);
	pb_end(pb);
}

static void arg_str(struct pb *pb, const char *name, const char *v)
{
	if (!v)
		return;
	pb_begin(pb, F_EV_ARG);
	pb_string(pb, F_ARG_NAME, name);
	pb_string(pb, F_ARG_STRING, v);
	pb_end(pb);
}

static void arg_int(struct pb *pb, const char *name, int64_t v)
{
	pb_begin(pb, F_EV_ARG);
	pb_string(pb, F_ARG_NAME, name);
	pb_int(pb, F_ARG_INT, v);
	pb_end(pb);
}

static void arg_bool(struct pb *pb, const char *name, bool v)
{
	pb_begin(pb, F_EV_ARG);
	pb_string(pb, F_ARG_NAME, name);
	pb_uint(pb, F_ARG_BOOL, v);
	pb_end(pb);
}

/* Milliseconds of @ns; nothing when unknown. */
static void arg_ms(struct pb *pb, const char *name, ns_t ns)
{
	if (ns == NS_NONE)
		return;
	pb_begin(pb, F_EV_ARG);
	pb_string(pb, F_ARG_NAME, name);
	pb_double(pb, F_ARG_DOUBLE, ns / 1e6);
	pb_end(pb);
}

static void arg_where(struct pb *pb, const char *file, unsigned int line)
{
	char *s;

	if (!file)
		return;
	s = xasprintf("%s:%u", file, line);
	arg_str(pb, "source", s);
	free(s);
}

static void cycle_args(struct pf_cycle *x)
{
	const struct pm_cycle *c = x->c;
	struct pb *pb = x->pb;
	char *name = xasprintf("cycle %d: %s%s%s%s", c->index, mode_name(c->mode),
			       c->mode_label ? " (" : "", c->mode_label ? c->mode_label : "",
			       c->mode_label ? ")" : "");
	size_t i;

	pb_string(pb, F_EV_CATEGORY, "cycle");
	pb_string(pb, F_EV_NAME, name);
	free(name);
	arg_int(pb, "cycle", c->index);
	arg_str(pb, "mode", mode_name(c->mode));
	arg_str(pb, "mode_label", c->mode_label);
	arg_ms(pb, "suspend_ms", x->cr->totals.suspend_ns);
	arg_ms(pb, "resume_ms", x->cr->totals.resume_ns);
	arg_ms(pb, "machine_ms", x->cr->totals.machine_ns);
	arg_ms(pb, "total_ms", x->cr->totals.total_ns);
	arg_int(pb, "failures", (int64_t)x->cr->nsev[SEV_FAILURE]);
	arg_int(pb, "warnings", (int64_t)x->cr->nsev[SEV_WARNING]);
	arg_ms(pb, "firmware_suspend_ms", c->fw_suspend_ns);
	arg_ms(pb, "firmware_resume_ms", c->fw_resume_ns);
	arg_str(pb, "wake_reason", c->wake_reason);
	arg_bool(pb, "completed", c->resumed || c->mode == MODE_BOOT);
	arg_bool(pb, "aborted", c->aborted);
	if (c->main_pid >= 0)
		arg_int(pb, "driving_pid", c->main_pid);
	arg_str(pb, "driving_thread", c->main_comm);
	arg_where(pb, c->file, c->first_line);
	for (i = 0; i < x->run->nfacts; i++) {
		char *key = xasprintf("fact.%s", x->run->facts[i].key);

		arg_str(pb, key, x->run->facts[i].value);
		free(key);
	}
}

static void phase_args(struct pf_cycle *x, int phase)
{
	const struct pm_phase *p = &x->c->phases[phase];

	pb_string(x->pb, F_EV_CATEGORY, "phase");
	pb_string(x->pb, F_EV_NAME, p->name);
	arg_str(x->pb, "kind", phase_kind_name(p->kind));
	if (x->cr->phase_cbs)
		arg_int(x->pb, "callbacks", (int64_t)x->cr->phase_cbs[phase]);
	if (p->kernel_us != US_NONE)
		arg_ms(x->pb, "kernel_ms", p->kernel_us * 1000);
	arg_where(x->pb, x->c->file, p->line);
}

static const char *cb_kind(const struct pm_callback *cb)
{
	return cb->flags & CB_INITCALL ? "initcall" : cb->flags & CB_PROBE ? "probe" :
	       cb->flags & CB_QUIRK ? "quirk" : "pm";
}

/* The flows that start or end at callback @cb's slice. */
static void cb_flows(struct pf_cycle *x, int cb)
{
	size_t lo = 0, hi = x->nflows, i;

	while (lo < hi) {	/* the first of @cb's */
		size_t mid = lo + (hi - lo) / 2;

		if (x->flows[mid].cb < cb)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (i = lo; i < x->nflows && x->flows[i].cb == cb; i++)
		pb_fixed64(x->pb, x->flows[i].last ? F_EV_FLOW_END : F_EV_FLOW, x->flows[i].id);
}

static void cb_args(struct pf_cycle *x, int i)
{
	const struct pm_callback *cb = &x->c->cbs[i];
	const struct pm_device *d = &x->run->devs[cb->dev];
	struct pb *pb = x->pb;

	pb_string(pb, F_EV_CATEGORY, cb_kind(cb));
	pb_string(pb, F_EV_NAME, d->name);
	arg_str(pb, "device", d->name);
	arg_str(pb, "driver", d->driver && *d->driver ? d->driver : NULL);
	arg_str(pb, "parent", d->parent);
	arg_str(pb, "phase", cb->phase >= 0 ? x->c->phases[cb->phase].name : NULL);
	arg_str(pb, "callback", cb_fn(x->run, cb));
	arg_str(pb, "event", cb_event(x->run, cb));
	arg_bool(pb, "async", cb->async);
	if (cb->has_ret)
		arg_int(pb, "return", cb->ret);
	if (cb->flags & CB_UNFINISHED)
		arg_bool(pb, "unfinished", true);
	if (cb->pid >= 0)
		arg_int(pb, "pid", cb->pid);
	if (cb->kernel_us != US_NONE)
		arg_ms(pb, "kernel_ms", (ns_t)cb->kernel_us * (cb->flags & CB_US_1024 ? 1024 : 1000));
	arg_where(pb, cb_file(x->run, cb), cb->line);
	cb_flows(x, i);
}

static void fail_args(struct pf_cycle *x, int k)
{
	const struct finding *f = &x->cr->findings.v[k];

	pb_string(x->pb, F_EV_CATEGORY, "failure");
	pb_string(x->pb, F_EV_NAME, f->text);
	arg_str(x->pb, "code", finding_codes[f->code].name);
	if (f->nsrcs)
		arg_where(x->pb, f->srcs[0].file, f->srcs[0].line);
}

/* A thread's work outside callbacks, named by its function. */
static void work_args(struct pf_cycle *x, int k)
{
	const struct pm_work *w = &x->c->works[k];
	int ph = x->cr->works.phase ? x->cr->works.phase[k] : -1;

	pb_string(x->pb, F_EV_CATEGORY, "outside_callbacks");
	pb_string(x->pb, F_EV_NAME, w->fn);
	arg_int(x->pb, "pid", w->pid);
	arg_str(x->pb, "comm", w->comm);
	arg_str(x->pb, "phase", ph >= 0 ? x->c->phases[ph].name : NULL);
}

/* Sleep @idx (callback * CALLGRAPH_SPANS + span): a slice inside its
 * callback's, named by the sleeping function. */
static void sleep_args(struct pf_cycle *x, int idx)
{
	struct pm_callgraph view;
	const struct pm_callgraph *g = cb_graph(x->c, &x->c->cbs[idx / CALLGRAPH_SPANS], &view);

	pb_string(x->pb, F_EV_CATEGORY, "sleep");
	pb_string(x->pb, F_EV_NAME, g ? g->spans[idx % CALLGRAPH_SPANS].fn : "sleep");
}

static void put_event(struct pf_cycle *x, const struct event *e)
{
	struct pb *pb = x->pb;

	packet_begin(pb, e->ts - x->base);
	pb_begin(pb, F_PKT_EVENT);
	pb_uint(pb, F_EV_TYPE, e->type);
	pb_uint(pb, F_EV_TRACK, e->track);
	if (e->type != EV_END) {
		switch (e->what) {
		case W_CYCLE: cycle_args(x); break;
		case W_PHASE: phase_args(x, e->idx); break;
		case W_CB: cb_args(x, e->idx); break;
		case W_FAIL: fail_args(x, e->idx); break;
		case W_WORK: work_args(x, e->idx); break;
		case W_SLEEP: sleep_args(x, e->idx); break;
		}
	}
	pb_end(pb);
	pb_end(pb);
}

static void add_event(struct pf_cycle *x, ns_t ts, uint64_t track, int type, enum what what,
		      int idx)
{
	VEC_RESERVE(x->evs, x->nevs, x->evs_cap);
	x->evs[x->nevs] = (struct event){ ts, track, (uint32_t)x->nevs, (uint8_t)type,
					  (uint8_t)what, idx };
	x->nevs++;
}

/* The failures a slice carries, at its end: a callback's own, or (the
 * cycle's slice) those that name no callback. */
static void slice_failures(struct pf_cycle *x, enum what what, int idx, uint64_t track, ns_t end)
{
	int want = what == W_CB ? idx : what == W_CYCLE ? FAIL_CYCLE : FAIL_NONE;
	size_t i;

	if (want == FAIL_NONE || (what == W_CB && !x->cb_fails[idx]))
		return;
	for (i = 0; i < x->cr->findings.n; i++)
		if (x->fail_cb[i] == want)
			add_event(x, end, track, EV_INSTANT, W_FAIL, (int)i);
}

/* Where callback @cb slept, as slices right after its own begins: made
 * in this order, they sort inside it even where a sleep ends as it does. */
static void cb_sleeps(struct pf_cycle *x, uint64_t track, int cb)
{
	struct pm_callgraph view;
	const struct pm_callgraph *g = cb_graph(x->c, &x->c->cbs[cb], &view);
	ns_t lo = x->c->cbs[cb].start, hi = x->lanes.end_of_cb[cb], last = lo;
	size_t k;

	for (k = 0; g && k < g->nspans; k++) {
		ns_t a = g->spans[k].start < last ? last : g->spans[k].start;
		ns_t b = g->spans[k].end > hi ? hi : g->spans[k].end;

		if (b <= a)
			continue;
		add_event(x, a, track, EV_BEGIN, W_SLEEP, cb * CALLGRAPH_SPANS + (int)k);
		add_event(x, b, track, EV_END, W_SLEEP, cb * CALLGRAPH_SPANS + (int)k);
		last = b;
	}
}

/* One row's slices in nesting order: @idx in start order, the outer one
 * first when two start together. */
static void row_events(struct pf_cycle *x, uint64_t track, enum what what, const int *idx,
		       const ns_t *start, const ns_t *end, size_t n)
{
	size_t *open = xcalloc(n ? n : 1, sizeof(*open));
	size_t i, k, nopen = 0;

	for (i = 0; i <= n; i++) {
		while (nopen && (i == n || end[open[nopen - 1]] <= start[i])) {
			k = open[--nopen];
			slice_failures(x, what, idx[k], track, end[k]);
			add_event(x, end[k], track, EV_END, what, idx[k]);
		}
		if (i == n)
			break;
		add_event(x, start[i], track, EV_BEGIN, what, idx[i]);
		if (what == W_CB)
			cb_sleeps(x, track, idx[i]);
		open[nopen++] = i;
	}
	free(open);
}

/* The callback a failure of the cycle is about, as the findings say,
 * when it has a slice; else the cycle's. */
static int failed_cb(const struct pf_cycle *x, const struct finding *f)
{
	return f->cb >= 0 && x->lanes.row_of_cb[f->cb] >= 0 ? f->cb : FAIL_CYCLE;
}

static void map_failures(struct pf_cycle *x)
{
	const struct findings *fs = &x->cr->findings;
	size_t i;

	x->fail_cb = xcalloc(fs->n + 1, sizeof(*x->fail_cb));
	x->cb_fails = xcalloc(x->c->ncbs + 1, 1);
	for (i = 0; i < fs->n; i++) {
		x->fail_cb[i] = finding_sev(&fs->v[i]) == SEV_FAILURE ?
				failed_cb(x, &fs->v[i]) : FAIL_NONE;
		if (x->fail_cb[i] >= 0)
			x->cb_fails[x->fail_cb[i]] = 1;
	}
}

static void add_flow(struct pf_cycle *x, int from, int to, uint64_t *next_id)
{
	if (x->lanes.row_of_cb[from] < 0 || x->lanes.row_of_cb[to] < 0)
		return;
	++*next_id;
	VEC_RESERVE(x->flows, x->nflows + 1, x->flows_cap);
	x->flows[x->nflows++] = (struct flow_end){ from, false, *next_id };
	x->flows[x->nflows++] = (struct flow_end){ to, true, *next_id };
}

static int cmp_flow(const void *a, const void *b)
{
	const struct flow_end *x = a, *y = b;

	if (x->cb != y->cb)
		return x->cb < y->cb ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id;
}

/* The critical path, from each of its callbacks to the next one on it,
 * and each blocked sync callback's wait, from the callback it waited for. */
static void add_flows(struct pf_cycle *x, const struct critpath *cp, uint64_t *next_id)
{
	size_t p, s;

	for (p = 0; cp && p < cp->nphases; p++) {
		int prev = -1;

		for (s = 0; s < cp->phases[p].nsegs; s++) {
			const struct cp_segment *seg = &cp->phases[p].segs[s];

			if (seg->kind != CP_RUN || seg->cb < 0)
				continue;
			if (prev >= 0 && prev != seg->cb)
				add_flow(x, prev, seg->cb, next_id);
			prev = seg->cb;
		}
	}
	for (s = 0; cp && s < cp->nblocked; s++)
		if (cp->blocked[s].waited_cb >= 0)
			add_flow(x, cp->blocked[s].waited_cb, cp->blocked[s].cb, next_id);
	if (x->nflows)
		qsort(x->flows, x->nflows, sizeof(*x->flows), cmp_flow);
}

struct span {
	int idx;
	ns_t start, end;
};

/* Start order, the outer one first when two start together. */
static int cmp_span(const void *a, const void *b)
{
	const struct span *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->end != y->end)
		return x->end > y->end ? -1 : 1;
	return x->idx - y->idx;
}

/* Phases with both ends known, in rows as the callbacks; returns the rows. */
static size_t phase_rows(struct pf_cycle *x, int *row_of)
{
	const struct pm_cycle *c = x->c;
	struct span *sp = xcalloc(c->nphases + 1, sizeof(*sp));
	struct pf_row *rows = NULL;
	size_t i, r, n = 0, nrows = 0, cap = 0;

	for (i = 0; i < c->nphases; i++) {
		const struct pm_phase *p = &c->phases[i];

		row_of[i] = -1;
		if (p->start != NS_NONE && p->end != NS_NONE && p->end >= p->start)
			sp[n++] = (struct span){ (int)i, p->start, p->end };
	}
	qsort(sp, n, sizeof(*sp), cmp_span);
	for (i = 0; i < n; i++) {
		for (r = 0; r < nrows && !pf_row_takes(&rows[r], sp[i].start, sp[i].end); r++)
			;
		if (r == nrows) {
			VEC_RESERVE(rows, nrows, cap);
			rows[nrows++] = (struct pf_row){ NULL, 0, 0 };
		}
		pf_row_push(&rows[r], sp[i].end);
		row_of[sp[i].idx] = (int)r;
	}
	for (r = 0; r < nrows; r++)
		free(rows[r].ends);
	free(rows);
	free(sp);
	return nrows;
}

static void phase_events(struct pf_cycle *x, const int *row_of, size_t nrows)
{
	const struct pm_cycle *c = x->c;
	struct span *sp = xcalloc(c->nphases + 1, sizeof(*sp));
	int *idx = xcalloc(c->nphases + 1, sizeof(*idx));
	ns_t *start = xcalloc(c->nphases + 1, sizeof(*start));
	ns_t *end = xcalloc(c->nphases + 1, sizeof(*end));
	size_t r, i, n;

	for (r = 0; r < nrows; r++) {
		for (i = n = 0; i < c->nphases; i++)
			if (row_of[i] == (int)r)
				sp[n++] = (struct span){ (int)i, c->phases[i].start, c->phases[i].end };
		qsort(sp, n, sizeof(*sp), cmp_span);
		for (i = 0; i < n; i++) {
			idx[i] = sp[i].idx;
			start[i] = sp[i].start;
			end[i] = sp[i].end;
		}
		row_events(x, x->track_phase0 + r, W_PHASE, idx, start, end, n);
	}
	free(sp);
	free(idx);
	free(start);
	free(end);
}

static void cb_events(struct pf_cycle *x)
{
	const struct pf_lanes *pl = &x->lanes;
	size_t n = pl->norder ? pl->norder : 1, i, j, k;
	int *idx = xcalloc(n, sizeof(*idx));
	ns_t *start = xcalloc(n, sizeof(*start));
	ns_t *end = xcalloc(n, sizeof(*end));

	for (i = 0; i < pl->norder; i = j) {
		int row = pl->row_of_cb[pl->order[i]];

		for (j = i, k = 0; j < pl->norder && pl->row_of_cb[pl->order[j]] == row; j++, k++) {
			idx[k] = pl->order[j];
			start[k] = x->c->cbs[idx[k]].start;
			end[k] = pl->end_of_cb[idx[k]];
		}
		row_events(x, x->track_row0 + (uint64_t)row, W_CB, idx, start, end, k);
	}
	free(idx);
	free(start);
	free(end);
}

static int cmp_work_idx(const void *a, const void *b, void *ctx)
{
	const struct pm_work *v = ctx, *x = &v[*(const int *)a], *y = &v[*(const int *)b];

	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return *(const int *)a - *(const int *)b;
}

/* What threads did outside callbacks: a track per thread after the
 * lanes (from @track, ranks from @rank), its works as slices (one that
 * overlaps the one before, which outermost calls do not, is left out). */
static void work_events(struct pf_cycle *x, uint64_t track, int rank)
{
	const struct pm_cycle *c = x->c;
	size_t n = c->nworks ? c->nworks : 1, i, j, k;
	int *idx = xmalloc(n * sizeof(*idx)), *row = xmalloc(n * sizeof(*row));
	ns_t *start = xmalloc(n * sizeof(*start)), *end = xmalloc(n * sizeof(*end));

	for (i = 0; i < c->nworks; i++)
		idx[i] = (int)i;
	qsort_r(idx, c->nworks, sizeof(*idx), cmp_work_idx, c->works);
	for (i = 0; i < c->nworks; i = j, track++, rank++) {
		const struct pm_work *w = &c->works[idx[i]];
		char *name = w->comm ? xasprintf("outside callbacks: %d %.120s", w->pid, w->comm) :
				       xasprintf("outside callbacks: %d", w->pid);

		put_track(x->pb, track, x->track_cycle, rank, name);
		free(name);
		for (j = i, k = 0; j < c->nworks && c->works[idx[j]].pid == w->pid; j++) {
			const struct pm_work *y = &c->works[idx[j]];

			if (k && y->start < end[k - 1])
				continue;
			row[k] = idx[j];
			start[k] = y->start;
			end[k++] = y->end;
		}
		row_events(x, track, W_WORK, row, start, end, k);
	}
	free(idx);
	free(row);
	free(start);
	free(end);
}

static void lane_tracks(struct pf_cycle *x, int rank)
{
	size_t l, r;

	for (l = 0; l < x->lanes.nlanes; l++) {
		const struct pf_lane *ln = &x->lanes.lanes[l];
		char name[160];

		if (ln->pid < 0)
			snprintf(name, sizeof(name), "thread unknown");
		else if (ln->main)
			snprintf(name, sizeof(name), "%d driving", ln->pid);
		else if (ln->comm)
			snprintf(name, sizeof(name), "%d %.120s", ln->pid, ln->comm);
		else
			snprintf(name, sizeof(name), "%d", ln->pid);
		for (r = 0; r < ln->nrows; r++) {
			char *row_name = r ? xasprintf("%s (row %zu)", name, r + 1) : xstrdup(name);

			put_track(x->pb, x->track_row0 + ln->first_row + r, x->track_cycle, rank++,
				  row_name);
			free(row_name);
		}
	}
}

static int cmp_event(const void *a, const void *b)
{
	const struct event *x = a, *y = b;

	if (x->ts != y->ts)
		return x->ts < y->ts ? -1 : 1;
	if (x->track != y->track)
		return x->track < y->track ? -1 : 1;
	return x->ord < y->ord ? -1 : x->ord > y->ord;
}

static void write_cycle(struct pf_cycle *x, uint64_t *next_flow)
{
	const struct pm_cycle *c = x->c;
	int *phase_row = xcalloc(c->nphases + 1, sizeof(*phase_row));
	size_t nprows, i;
	char *name;

	pf_lanes_build(&x->lanes, c);
	map_failures(x);
	add_flows(x, &x->cr->cp, next_flow);
	nprows = phase_rows(x, phase_row);
	x->track_cycle = track_uuid(c, 1);
	x->track_phase0 = track_uuid(c, 2);
	x->track_row0 = x->track_phase0 + (nprows ? nprows : 1);

	name = xasprintf("cycle %d: %s", c->index, mode_name(c->mode));
	put_track(x->pb, x->track_cycle, 0, 0, name);
	free(name);
	for (i = 0; i < nprows; i++) {
		name = i ? xasprintf("phases (row %zu)", i + 1) : xstrdup("phases");
		put_track(x->pb, x->track_phase0 + i, x->track_cycle, (int)i, name);
		free(name);
	}
	lane_tracks(x, (int)nprows);

	if (c->start != NS_NONE && c->end != NS_NONE) {
		int zero = 0;
		ns_t end = c->end > c->start ? c->end : c->start;

		row_events(x, x->track_cycle, W_CYCLE, &zero, &c->start, &end, 1);
	}
	phase_events(x, phase_row, nprows);
	cb_events(x);
	work_events(x, x->track_row0 + x->lanes.nrows, (int)(nprows + x->lanes.nrows));
	if (x->nevs)	/* a cycle without events has no array to sort */
		qsort(x->evs, x->nevs, sizeof(*x->evs), cmp_event);
	for (i = 0; i < x->nevs; i++)
		put_event(x, &x->evs[i]);

	free(phase_row);
	free(x->evs);
	free(x->flows);
	free(x->fail_cb);
	free(x->cb_fails);
	pf_lanes_free(&x->lanes);
}

/* The earliest time in the run, when it is below zero (Perfetto's
 * timestamps are unsigned); else 0, so times stay the log's. */
static ns_t run_base(const struct pm_run *run)
{
	ns_t base = 0;
	size_t i, k;

	for (i = 0; i < run->ncycles; i++) {
		const struct pm_cycle *c = &run->cycles[i];

		if (c->start != NS_NONE && c->start < base)
			base = c->start;
		for (k = 0; k < c->nphases; k++)
			if (c->phases[k].start != NS_NONE && c->phases[k].start < base)
				base = c->phases[k].start;
		for (k = 0; k < c->ncbs; k++)
			if (c->cbs[k].start != NS_NONE && c->cbs[k].start < base)
				base = c->cbs[k].start;
	}
	return base;
}

int report_perfetto(FILE *f, const struct pm_run *run, const struct pm_results *res,
		    const struct report_opts *o, char *err, size_t errlen)
{
	ns_t base = run_base(run);
	uint64_t next_flow = 0;
	struct pb pb;
	size_t i;

	(void)o;	/* the results hold the cycles the options selected */
	(void)err;	/* it fails only writing */
	(void)errlen;
	pb_init(&pb, f);
	for (i = 0; i < res->ncycles; i++) {
		struct pf_cycle x = { .pb = &pb, .run = run, .c = res->cycles[i].c,
				      .cr = &res->cycles[i], .base = base };

		if (res->cycles[i].shown)
			write_cycle(&x, &next_flow);
	}
	return pb_finish(&pb);
}
