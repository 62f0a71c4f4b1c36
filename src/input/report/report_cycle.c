// SPDX-License-Identifier: GPL-2.0
/*
 * A report's cycle back into the model: its own members, then its lists
 * (phases, threads, thread_work, milestones, callbacks, findings) one
 * element at a time. The writer puts phases before callbacks, which name them by
 * place: a callback naming a phase not yet read is an error, so the
 * cycle holds together wherever the report ends.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "report.h"

int rep_cycle_open(struct rep *r)
{
	struct pm_run *run = r->run;
	struct pm_given *g = r->given;
	struct pm_cycle *c;
	size_t i;

	if (!r->devices)
		return rep_error(r, "cycles[] before devices[]: a report of an earlier pmscope, "
				 "which cannot be read back (analyze its logs again)");
	if (run->ncycles >= r->in->ro->max_cycles) {
		r->in->st->bounded = true;
		return rep_error(r, "more than %zu cycles: the rest of the file is not read "
				 "(--max-cycles)", r->in->ro->max_cycles);
	}
	VEC_RESERVE(run->cycles, run->ncycles, run->cycles_cap);
	VEC_RESERVE(g->cycles, g->ncycles, g->cycles_cap);
	memset(&g->cycles[g->ncycles++], 0, sizeof(*g->cycles));
	c = &run->cycles[run->ncycles];
	memset(c, 0, sizeof(*c));
	c->index = (int)++run->ncycles;
	c->start = c->end = c->sleep_ts = c->wake_ts = NS_NONE;
	c->fw_suspend_ns = c->fw_resume_ns = c->wall_start = NS_NONE;
	for (i = 0; i < BM_COUNT; i++)
		c->boot_marks[i] = NS_NONE;
	c->main_pid = -1;
	r->c = c;
	r->in_cycle = true;
	r->completed = false;
	return 0;
}

static int mode_of(struct rep *r, struct json_object *o, const char *key, enum pm_mode *out)
{
	const char *s;
	int m;

	if (rv_str(r, o, key, &s) < 0)
		return -1;
	for (m = MODE_UNKNOWN; s && m <= MODE_BOOT; m++)
		if (!strcmp(s, mode_name((enum pm_mode)m))) {
			*out = (enum pm_mode)m;
			return 0;
		}
	return rep_error(r, "\"%s\": no such mode", key);
}

/* A member of an object member @v of the cycle: its totals' firmware
 * figures, a boot's init, its milestones. */
static int cycle_object(struct rep *r, const char *key, struct json_object *v)
{
	struct pm_cycle *c = r->c;
	char k[64];
	size_t i;

	if (rv_object(r, v, key) < 0)
		return -1;
	if (!strcmp(key, "totals"))
		return rv_ns(r, v, "firmware_suspend_ns", &c->fw_suspend_ns) < 0 ||
		       rv_ns(r, v, "firmware_resume_ns", &c->fw_resume_ns) < 0 ? -1 : 0;
	if (!strcmp(key, "boot_totals"))
		return rv_str(r, v, "init_path", &c->init_path);
	for (i = 0; i < BM_COUNT; i++) {
		snprintf(k, sizeof(k), "%s_ns", boot_mark_name((enum boot_mark)i));
		if (rv_ns(r, v, k, &c->boot_marks[i]) < 0)
			return -1;
	}
	return 0;
}

/* A member holding a time, a flag or a line number: where it goes. */
static int cycle_scalar(struct rep *r, const char *key, struct json_object *o)
{
	struct pm_cycle *c = r->c;
	const struct { const char *key; ns_t *ns; bool *flag; unsigned int *line; } f[] = {
		{ "start_ns", &c->start, NULL, NULL }, { "end_ns", &c->end, NULL, NULL },
		{ "sleep_ns", &c->sleep_ts, NULL, NULL }, { "wake_ns", &c->wake_ts, NULL, NULL },
		{ "aborted", NULL, &c->aborted, NULL }, { "start_cut", NULL, &c->start_cut, NULL },
		{ "completed", NULL, &r->completed, NULL },
		{ "first_line", NULL, NULL, &c->first_line },
		{ "last_line", NULL, NULL, &c->last_line },
	};
	int64_t x;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(f) && strcmp(f[i].key, key); i++)
		;
	if (i == ARRAY_SIZE(f))
		return 0;	/* the rest the analyses make again: critical path, hints */
	if (f[i].ns)
		return rv_ns(r, o, key, f[i].ns);
	if (f[i].flag)
		return rv_bool(r, o, key, f[i].flag);
	if (rv_int(r, o, key, 0, UINT32_MAX, 0, &x) < 0)
		return -1;
	*f[i].line = (unsigned int)x;
	return 0;
}

static int cycle_index(struct rep *r, struct json_object *o)
{
	int64_t x;

	if (rv_int(r, o, "index", 1, INT32_MAX, 0, &x) < 0)
		return -1;
	if (x != r->c->index)
		return rep_error(r, "cycle %lld in place %d: a report of some cycles of a run "
				 "(analyze --cycle) is not read back", (long long)x, r->c->index);
	return 0;
}

static int timed_by(struct rep *r, struct json_object *o)
{
	const char *s;

	if (rv_str(r, o, "timed_by", &s) < 0)
		return -1;
	if (!s || (strcmp(s, "log") && strcmp(s, "trace")))
		return rep_error(r, "\"timed_by\": neither log nor trace");
	r->c->from_trace = !strcmp(s, "trace");
	return 0;
}

/* One member @key of @o, which holds it alone. */
static int cycle_member(struct rep *r, const char *key, struct json_object *o)
{
	struct pm_cycle *c = r->c;
	uint16_t id;
	int64_t x;

	if (!strcmp(key, "index"))
		return cycle_index(r, o);
	if (!strcmp(key, "mode"))
		return mode_of(r, o, key, &c->mode);
	if (!strcmp(key, "mode_label"))
		return rv_str(r, o, key, &c->mode_label);
	if (!strcmp(key, "timed_by"))
		return timed_by(r, o);
	if (!strcmp(key, "source"))
		return rv_source(r, o, key, &id, &c->file);
	if (!strcmp(key, "wake_reason"))
		return rv_str(r, o, key, &c->wake_reason);
	if (!strcmp(key, "wall_start_ns"))	/* the epoch's ns: past NS_MAX */
		return rv_int(r, o, key, 0, INT64_MAX, NS_NONE, &c->wall_start);
	if (!strcmp(key, "main_pid")) {
		if (rv_int(r, o, key, -1, CB_PID_MAX, -1, &x) < 0)
			return -1;
		c->main_pid = (int)x;
		return 0;
	}
	if (!strcmp(key, "thread_work_cut") || !strcmp(key, "messages_cut")) {
		if (rv_int(r, o, key, 0, INT64_MAX, 0, &x) < 0)
			return -1;
		*(key[0] == 't' ? &c->works_cut : &c->msgs_cut) = (size_t)x;
		return 0;
	}
	return cycle_scalar(r, key, o);
}

int rep_cycle_member(struct rep *r, const char *key, struct json_object *v)
{
	struct json_object *o;
	int rc;

	if (!strcmp(key, "totals") || !strcmp(key, "boot_totals") || !strcmp(key, "boot_marks"))
		return cycle_object(r, key, v);
	/* the getters take a member of an object: one of its own */
	o = json_object_new_object();
	json_object_object_add(o, key, json_object_get(v));
	rc = cycle_member(r, key, o);
	json_object_put(o);
	return rc;
}

static int kind_of(struct rep *r, struct json_object *v, enum phase_kind *out)
{
	const char *s;
	int k;

	if (rv_str(r, v, "kind", &s) < 0)
		return -1;
	for (k = 0; s && k < PK_COUNT; k++)
		if (!strcmp(s, phase_kind_name((enum phase_kind)k))) {
			*out = (enum phase_kind)k;
			return 0;
		}
	return rep_error(r, "a phase's \"kind\": no such kind");
}

/* "kernel_ms": microseconds printed as ms with three decimals. */
static int kernel_ms(struct rep *r, struct json_object *v, int64_t *us)
{
	struct json_object *x = json_object_object_get(v, "kernel_ms");
	double ms;

	*us = US_NONE;
	if (!x)
		return 0;
	ms = json_object_get_double(x);
	if ((json_object_get_type(x) != json_type_double && json_object_get_type(x) != json_type_int) ||
	    !isfinite(ms) || ms < 0 || ms > US_MAX / 1000.0)
		return rep_error(r, "\"kernel_ms\": not a length in ms");
	*us = llround(ms * 1000);
	return 0;
}

static int phase(struct rep *r, struct json_object *v)
{
	struct pm_cycle *c = r->c;
	struct pm_phase p = { 0 };

	if (rv_object(r, v, "a phase") < 0 || rv_str(r, v, "name", &p.name) < 0 ||
	    kind_of(r, v, &p.kind) < 0 || rv_ns(r, v, "start_ns", &p.start) < 0 ||
	    rv_ns(r, v, "end_ns", &p.end) < 0 || kernel_ms(r, v, &p.kernel_us) < 0)
		return -1;
	if (!p.name)
		return rep_error(r, "a phase with no name");
	if (c->nphases >= CB_PHASES_MAX)
		return rep_error(r, "more than %d phases in a cycle", CB_PHASES_MAX);
	VEC_RESERVE(c->phases, c->nphases, c->phases_cap);
	c->phases[c->nphases++] = p;
	return 0;
}

static int thread(struct rep *r, struct json_object *v)
{
	struct pm_cycle *c = r->c;
	struct pm_thread t = { 0 };
	int64_t pid, n;

	if (rv_object(r, v, "a thread") < 0 || rv_int(r, v, "pid", -1, CB_PID_MAX, -1, &pid) < 0 ||
	    rv_str(r, v, "comm", &t.comm) < 0 || rv_bool(r, v, "main", &t.main) < 0 ||
	    rv_int(r, v, "callbacks", 0, INT64_MAX, 0, &n) < 0 ||
	    rv_ns(r, v, "busy_ns", &t.busy_ns) < 0)
		return -1;
	if (c->nthreads >= c->ncbs + 1 && c->nthreads >= 1024)	/* a thread runs callbacks */
		return rep_error(r, "more threads than callbacks");
	t.pid = (int)pid;
	t.ncbs = (size_t)n;
	c->threads = xrealloc(c->threads, (c->nthreads + 1) * sizeof(*c->threads));
	c->threads[c->nthreads++] = t;
	return 0;
}

static int work(struct rep *r, struct json_object *v)
{
	struct pm_cycle *c = r->c;
	struct pm_work w = { 0 };
	int64_t pid;

	if (rv_object(r, v, "a thread's work") < 0 ||
	    rv_int(r, v, "pid", -1, CB_PID_MAX, -1, &pid) < 0 || rv_str(r, v, "comm", &w.comm) < 0 ||
	    rv_str(r, v, "function", &w.fn) < 0 || rv_ns(r, v, "start_ns", &w.start) < 0 ||
	    rv_ns(r, v, "end_ns", &w.end) < 0)
		return -1;
	if (c->nworks >= CYCLE_WORKS_MAX)
		return rep_error(r, "more than %d thread_work[] in a cycle", CYCLE_WORKS_MAX);
	if (!w.fn || w.start == NS_NONE || w.end == NS_NONE || w.end < w.start)
		return rep_error(r, "a thread's work with no function or times");
	w.pid = (int)pid;
	VEC_RESERVE(c->works, c->nworks, c->works_cap);
	c->works[c->nworks++] = w;
	return 0;
}

static int ms_kind(struct rep *r, struct json_object *v, uint8_t *out)
{
	const char *s;
	int k;

	if (rv_str(r, v, "kind", &s) < 0)
		return -1;
	for (k = 0; s && k < MS_COUNT; k++)
		if (!strcmp(s, milestone_kind_name((enum milestone_kind)k))) {
			*out = (uint8_t)k;
			return 0;
		}
	return rep_error(r, "a milestone's \"kind\": no such kind");
}

/* A boot's milestone: the boot's headline and its end are the analyses'
 * again (boot_end, step_ns are not read). */
static int milestone(struct rep *r, struct json_object *v)
{
	struct pm_cycle *c = r->c;
	struct pm_milestone m = { 0 };
	const char *src;
	int64_t line;
	size_t i;

	if (rv_object(r, v, "a milestone") < 0 || rv_str(r, v, "name", &m.name) < 0 ||
	    ms_kind(r, v, &m.kind) < 0 || rv_str(r, v, "device", &m.device) < 0 ||
	    rv_ns(r, v, "ts_ns", &m.ts) < 0 || rv_source(r, v, "source", &m.file_id, &src) < 0 ||
	    rv_int(r, v, "line", 0, UINT32_MAX, 0, &line) < 0)
		return -1;
	if (!m.name || m.ts == NS_NONE)
		return rep_error(r, "a milestone with no name or time");
	if (c->nmilestones >= CYCLE_MILESTONES_MAX)
		return rep_error(r, "more than %d milestones in a cycle", CYCLE_MILESTONES_MAX);
	for (i = 0; i < c->nmilestones; i++)	/* names are interned */
		if (c->milestones[i].name == m.name)
			return rep_error(r, "a second milestone \"%s\"", m.name);
	m.line = (unsigned int)line;
	VEC_RESERVE(c->milestones, c->nmilestones, c->milestones_cap);
	c->milestones[c->nmilestones++] = m;
	return 0;
}

/* A callback's kind back into its flags. */
static int cb_kind(struct rep *r, struct json_object *v, struct pm_callback *cb)
{
	static const struct { const char *name; unsigned int flag; } kinds[] = {
		{ "pm", 0 }, { "async_work", 0 }, { "initcall", CB_INITCALL },
		{ "probe", CB_PROBE }, { "quirk", CB_QUIRK },
	};
	const char *s;
	size_t i;

	if (rv_str(r, v, "kind", &s) < 0)
		return -1;
	for (i = 0; s && i < ARRAY_SIZE(kinds); i++)
		if (!strcmp(s, kinds[i].name)) {
			cb->flags |= kinds[i].flag;
			return 0;
		}
	return rep_error(r, "a callback's \"kind\": no such kind");
}

/* The figures of a callback; the rest is cb_fields(). */
static int cb_times(struct rep *r, struct json_object *v, struct pm_callback *cb)
{
	int64_t us, unit, pid, ret;

	if (rv_ns(r, v, "start_ns", &cb->start) < 0 || rv_ns(r, v, "end_ns", &cb->end) < 0 ||
	    rv_int(r, v, "kernel_us", 0, INT32_MAX, US_NONE, &us) < 0 ||
	    rv_int(r, v, "kernel_unit_ns", 1000, 1024, 1000, &unit) < 0 ||
	    rv_int(r, v, "pid", -1, CB_PID_MAX, -1, &pid) < 0 ||
	    rv_int(r, v, "ret", INT32_MIN, INT32_MAX, INT64_MIN, &ret) < 0)
		return -1;
	if (unit != 1000 && unit != 1024)
		return rep_error(r, "\"kernel_unit_ns\": neither 1000 nor 1024");
	cb->kernel_us = (int32_t)us;
	cb->flags |= unit == 1024 ? CB_US_1024 : 0;
	cb->pid = (int32_t)pid;
	cb->has_ret = ret != INT64_MIN;
	cb->ret = cb->has_ret ? (int32_t)ret : 0;
	return 0;
}

static int cb_fields(struct rep *r, struct json_object *v, struct pm_callback *cb)
{
	struct pm_run *run = r->run;
	const char *fn, *src;
	int64_t dev, phase, line;
	bool async, unfinished, calling, no_start;

	if (rv_object(r, v, "a callback") < 0 ||
	    rv_int(r, v, "device_index", 0, (int64_t)run->ndevs - 1, -1, &dev) < 0 ||
	    rv_int(r, v, "phase_index", 0, (int64_t)r->c->nphases - 1, -1, &phase) < 0 ||
	    rv_str(r, v, "callback", &fn) < 0 || rv_bool(r, v, "async", &async) < 0 ||
	    rv_bool(r, v, "unfinished", &unfinished) < 0 ||
	    rv_bool(r, v, "no_start", &no_start) < 0 ||
	    rv_bool(r, v, "from_calling_line", &calling) < 0 || cb_kind(r, v, cb) < 0 ||
	    rv_source(r, v, "source", &cb->file_id, &src) < 0 ||
	    rv_int(r, v, "line", 0, UINT32_MAX, 0, &line) < 0 || cb_times(r, v, cb) < 0)
		return -1;
	if (dev < 0)
		return rep_error(r, "a callback with no \"device_index\"");
	cb->dev = (int32_t)dev;
	cb->phase = (int16_t)phase;
	cb->fn_id = name_table_id(&run->cb_fns, fn, CB_FNS_MAX);
	cb->async = async;
	cb->flags |= (unfinished ? CB_UNFINISHED : 0) | (no_start ? CB_NO_START : 0);
	cb->from_calling = calling;
	cb->line = (uint32_t)line;
	return 0;
}

static int callback(struct rep *r, struct json_object *v)
{
	struct pm_cycle *c = r->c;
	struct pm_callback cb = { 0 };

	if (r->ncbs >= r->in->ro->max_callbacks) {
		r->in->st->bounded = true;
		return rep_error(r, "more than %zu callbacks: the rest of the file is not read "
				 "(--max-callbacks)", r->in->ro->max_callbacks);
	}
	cb.file_id = CB_SOURCES_MAX;
	if (cb_fields(r, v, &cb) < 0 || rep_cb_messages(r, v) < 0 || rep_cb_graph(r, v, &cb) < 0)
		return -1;
	VEC_RESERVE(c->cbs, c->ncbs, c->cbs_cap);
	c->cbs[c->ncbs++] = cb;
	r->ncbs++;
	return 0;
}

int rep_cycle_element(struct rep *r, const char *list, struct json_object *v)
{
	if (!strcmp(list, "phases"))
		return phase(r, v);
	if (!strcmp(list, "threads"))
		return thread(r, v);
	if (!strcmp(list, "thread_work"))
		return work(r, v);
	if (!strcmp(list, "milestones"))
		return milestone(r, v);
	if (!strcmp(list, "callbacks"))
		return callback(r, v);
	if (!strcmp(list, "findings"))
		return rep_finding(r, &r->given->cycles[r->c - r->run->cycles], v);
	return 0;
}

/* What the cycle's members and lists together say: a suspend that
 * resumed, the driving thread's name, which clock timed its callbacks. */
int rep_cycle_close(struct rep *r)
{
	struct pm_cycle *c = r->c;
	size_t i;

	c->resumed = c->mode != MODE_BOOT && r->completed;
	for (i = 0; i < c->nthreads; i++)
		if (c->threads[i].main && c->threads[i].pid == c->main_pid)
			c->main_comm = c->threads[i].comm;
	for (i = 0; i < c->ncbs; i++)
		c->cbs[i].flags |= c->from_trace ? CB_FROM_TRACE : CB_FROM_DMESG;
	rep_msgs_settle(c);
	r->c = NULL;
	r->in_cycle = false;
	return 0;
}

void rep_cycle_drop(struct rep *r)
{
	struct pm_run *run = r->run;
	struct pm_given *g = r->given;
	struct findings *fs = &g->cycles[--g->ncycles];
	struct pm_cycle *c = &run->cycles[--run->ncycles];
	size_t i;

	for (i = 0; i < fs->n; i++)
		free(fs->v[i].text);
	free(fs->v);
	r->ncbs -= c->ncbs;
	cycle_free(c);
	r->c = NULL;
	r->in_cycle = false;
}
