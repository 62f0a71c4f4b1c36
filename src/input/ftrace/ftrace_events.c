// SPDX-License-Identifier: GPL-2.0
/*
 * ftrace PM events into the event stream: suspend_resume phases, the
 * device_pm_callback_start/end pairs, tracing_mark_write markers and
 * sleepgraph's header lines. Everything else a trace holds (kprobes,
 * sched, rpm, wakeup sources) is skipped without complaint.
 */
#include <stdio.h>
#include <stdlib.h>

#include "ftrace_int.h"
#include "fgraph.h"

#define BAD_LINES_SHOWN 10

static void init(struct ftrace_parser *p, struct pm_event *ev, enum ev_kind k,
		 const struct ftrace_line *fl, ns_t ts)
{
	event_init(ev, k, ts, p->line);
	ev->pid = fl->pid;
	ev->cpu = fl->cpu;
	ev->comm = fl->comm;
}

/* fgraph_work_sink: a thread's outermost call outside callbacks. */
static void on_work(void *ctx, const struct ftrace_line *fl, const char *fn, ns_t start,
		    ns_t end)
{
	struct ftrace_parser *p = ctx;
	struct pm_event ev;

	init(p, &ev, EV_THREAD_WORK, fl, start);
	ev.fn = str_c(fn);
	ev.end = end;
	builder_event(p->b, &ev);
}

struct fgraph *ftrace_fgraph_new(struct ftrace_parser *p)
{
	struct fgraph_work_sink sink = { on_work, p };
	struct fgraph *g = fgraph_new();

	fgraph_set_work_sink(g, &sink);
	return g;
}

static void phase(struct ftrace_parser *p, const struct ftrace_line *fl, ns_t ts,
		  bool begin, enum phase_kind pk, const char *name)
{
	struct pm_event ev;

	init(p, &ev, begin ? EV_PHASE_BEGIN : EV_PHASE_END, fl, ts);
	ev.phase = pk;
	ev.text = str_c(name);
	ftrace_emit(p, &ev);
}

/* @cut: its start is not in the trace. */
static void cycle_begin_at(struct ftrace_parser *p, const struct ftrace_line *fl, ns_t ts,
			   enum pm_mode mode, bool cut)
{
	struct pm_event ev;

	ftrace_boot_end(p, fl);	/* a suspend after boot: boot is over */
	init(p, &ev, EV_CYCLE_BEGIN, fl, ts);
	ev.mode = mode;
	ev.cut = cut;
	ftrace_emit(p, &ev);
	p->in_cycle = true;
	p->in_enter = p->in_machine = p->in_exit = false;
	p->mode = mode;
}

static void cycle_begin(struct ftrace_parser *p, const struct ftrace_line *fl, ns_t ts,
			enum pm_mode mode)
{
	cycle_begin_at(p, fl, ts, mode, false);
}

static void set_mode(struct ftrace_parser *p, const struct ftrace_line *fl, enum pm_mode mode)
{
	struct pm_event ev;

	if (mode == MODE_UNKNOWN || mode == p->mode)
		return;
	init(p, &ev, EV_CYCLE_MODE, fl, fl->ts);
	ev.mode = mode;
	ftrace_emit(p, &ev);
	p->mode = mode;
}

/* Events of a cycle whose start the buffer lost still make one. */
static void ensure_cycle(struct ftrace_parser *p, const struct ftrace_line *fl)
{
	struct pm_event ev;

	if (p->in_cycle)
		return;
	cycle_begin_at(p, fl, fl->ts, p->file_mode, true);
	init(p, &ev, EV_NOTE, fl, fl->ts);
	ev.code = FC_LOG_START_LOST;
	ev.text = str_c("the trace starts inside a cycle: its start is not in the buffer "
			"(it wrapped, or tracing began late)");
	ftrace_emit(p, &ev);
}

/*
 * Phases before the devices: the kernel's suspend_enter, or from the
 * tool's start marker when the kernel has no such event (hibernation).
 */
static void enter_until(struct ftrace_parser *p, const struct ftrace_line *fl)
{
	if (p->start_mark != NS_NONE) {
		phase(p, fl, p->start_mark, true, PK_ENTER, "suspend_enter");
		p->start_mark = NS_NONE;
		p->in_enter = true;
	}
	if (p->in_enter) {
		phase(p, fl, fl->ts, false, PK_ENTER, "suspend_enter");
		p->in_enter = false;
	}
}

/* The PM core's pm_verb() for the event number in "dpm_suspend[2]". */
static const char *pm_verb(uint64_t val, bool resume)
{
	switch (val) {
	case 0x1: return "freeze";
	case 0x2: return "suspend";
	case 0x4: return "hibernate";
	case 0x8: return "quiesce";
	case 0x10: return "resume";
	case 0x20: return "thaw";
	case 0x40: return "restore";
	case 0x80: return "recover";
	default: return resume ? "resume" : "suspend";
	}
}

static const struct dpm_phase {
	const char *event;
	enum phase_kind kind;
	const char *suffix;	/* NULL: the phase has one name */
} dpm_phases[] = {
	{ "dpm_prepare", PK_PREPARE, NULL },
	{ "dpm_suspend", PK_SUSPEND, "" },
	{ "dpm_suspend_late", PK_SUSPEND_LATE, "_late" },
	{ "dpm_suspend_noirq", PK_SUSPEND_NOIRQ, "_noirq" },
	{ "dpm_resume_noirq", PK_RESUME_NOIRQ, "_noirq" },
	{ "dpm_resume_early", PK_RESUME_EARLY, "_early" },
	{ "dpm_resume", PK_RESUME, "" },
	{ "dpm_complete", PK_COMPLETE, NULL },
};

static void machine(struct ftrace_parser *p, const struct ftrace_line *fl, bool begin)
{
	if (begin == p->in_machine)
		return;
	phase(p, fl, fl->ts, begin, PK_MACHINE, "machine");
	p->in_machine = begin;
}

static void device_phase(struct ftrace_parser *p, const struct ftrace_line *fl,
			 const struct dpm_phase *d, uint64_t val, bool begin)
{
	bool resume = phase_kind_is_resume(d->kind);
	char name[48];

	if (val == 0x1 || val == 0x4 || val == 0x40)
		set_mode(p, fl, MODE_DISK);
	if (begin && !resume)
		enter_until(p, fl);
	if (begin && d->kind == PK_RESUME_NOIRQ)
		machine(p, fl, false);
	if (d->suffix)
		snprintf(name, sizeof(name), "%s%s", pm_verb(val, resume), d->suffix);
	else
		snprintf(name, sizeof(name), "%s", d->kind == PK_PREPARE ? "prepare" : "complete");
	phase(p, fl, fl->ts, begin, d->kind, name);
	if (!begin && d->kind == PK_SUSPEND_NOIRQ)
		machine(p, fl, true);
}

/*
 * Where the machine slept: S3 and hibernation stop the clock, so the
 * instant is machine_suspend's end (as sleepgraph has it); suspend to
 * idle and standby sleep from its begin to its end.
 */
static void machine_suspend(struct ftrace_parser *p, const struct ftrace_line *fl,
			    uint64_t val, bool begin)
{
	bool clock_stops = val == 3 || val == 4 || (val == 0 && p->mode == MODE_MEM);
	struct pm_event ev;

	if (begin && clock_stops)
		return;
	init(p, &ev, begin ? EV_SLEEP : EV_WAKE, fl, fl->ts);
	if (!begin && clock_stops) {
		ev.kind = EV_SLEEP;
		ftrace_emit(p, &ev);
		ev.kind = EV_WAKE;
	}
	ftrace_emit(p, &ev);
}

static void suspend_enter(struct ftrace_parser *p, const struct ftrace_line *fl,
			  uint64_t val, bool begin)
{
	/* suspend_state_t: 1 to-idle, 2 standby, 3 mem */
	static const enum pm_mode modes[] = { MODE_UNKNOWN, MODE_S2IDLE, MODE_STANDBY, MODE_MEM };
	enum pm_mode mode = val < ARRAY_SIZE(modes) ? modes[val] : MODE_UNKNOWN;

	if (!begin) {
		if (p->in_enter)
			phase(p, fl, fl->ts, false, PK_ENTER, "suspend_enter");
		p->in_enter = false;
		return;
	}
	if (!p->in_cycle || p->start_mark == NS_NONE)
		cycle_begin(p, fl, fl->ts, mode != MODE_UNKNOWN ? mode : p->file_mode);
	else
		set_mode(p, fl, mode);
	p->start_mark = NS_NONE;
	phase(p, fl, fl->ts, true, PK_ENTER, "suspend_enter");
	p->in_enter = true;
}

static void thaw(struct ftrace_parser *p, const struct ftrace_line *fl, bool begin)
{
	struct pm_event ev;

	if (begin) {
		machine(p, fl, false);
		phase(p, fl, fl->ts, true, PK_EXIT, "thaw_processes");
		p->in_exit = true;
		return;
	}
	if (p->in_exit)
		phase(p, fl, fl->ts, false, PK_EXIT, "thaw_processes");
	init(p, &ev, EV_CYCLE_END, fl, fl->ts);
	ftrace_emit(p, &ev);
	p->in_cycle = p->in_exit = false;
}

/* "dpm_suspend[2] begin": name, event value, begin or end. */
static bool sr_args(struct str a, struct str *name, uint64_t *val, bool *begin)
{
	const char *br = memchr(a.p, '[', a.len);
	struct str tail;

	if (!br)
		return false;
	*name = str_make(a.p, (size_t)(br - a.p));
	a = str_skip(a, (size_t)(br - a.p) + 1);
	if (!str_u64(a, val))
		*val = 0;
	br = memchr(a.p, ']', a.len);
	if (!br)
		return false;
	tail = str_trim(str_skip(a, (size_t)(br - a.p) + 1));
	*begin = str_eq(tail, "begin");
	return *begin || str_eq(tail, "end");
}

/* suspend_resume's "NAME[VAL] begin|end", read. */
static void phase_event(struct ftrace_parser *p, const struct ftrace_line *fl, struct str name,
			uint64_t val, bool begin)
{
	size_t i;

	if (str_eq(name, "suspend_enter")) {
		suspend_enter(p, fl, val, begin);
		return;
	}
	for (i = 0; i < ARRAY_SIZE(dpm_phases); i++) {
		if (str_eq(name, dpm_phases[i].event)) {
			ensure_cycle(p, fl);
			device_phase(p, fl, &dpm_phases[i], val, begin);
			return;
		}
	}
	if (!p->in_cycle) {
		p->used = true;		/* a PM event, outside any cycle */
		return;
	}
	if (str_eq(name, "machine_suspend"))
		machine_suspend(p, fl, val, begin);
	else if (str_eq(name, "thaw_processes"))
		thaw(p, fl, begin);
	p->used = true;		/* CPU_ON, syscore, sync, freeze ... */
}

static bool suspend_resume(struct ftrace_parser *p, const struct ftrace_line *fl)
{
	struct str name;
	uint64_t val;
	bool begin;

	if (!sr_args(fl->args, &name, &val, &begin))
		return false;
	phase_event(p, fl, name, val, begin);
	return true;
}

/* A callback starts or ends, its fields read from text or a record. */
static bool callback(struct ftrace_parser *p, const struct ftrace_line *fl,
		     const struct cb_fields *f)
{
	struct pm_event ev;
	size_t tag;

	if (!f->device.len)
		return false;
	init(p, &ev, f->end ? EV_CB_END : EV_CB_START, fl, fl->ts);
	ev.driver = f->driver;
	ev.device = f->device;
	ev.cb_flags = CB_FROM_TRACE;
	if (!f->end) {
		ev.parent = f->parent;
		ev.event = f->event;
		ensure_cycle(p, fl);
		ftrace_emit(p, &ev);
		if (p->fg)
			fgraph_cb_start(p->fg, fl);
		if (p->tc) {
			tree_catch_end(p->tc, fl, &tag);	/* one that never ended */
			if (builder_keeps_trees(p->b))
				tree_catch_start(p->tc, fl, 0);
		}
		return true;
	}
	ev.has_ret = true;
	ev.ret = f->err;
	ensure_cycle(p, fl);
	if (p->fg)
		ev.graph = fgraph_cb_end(p->fg, fl);
	if (p->tc)	/* after the graph's end closed the calls left open */
		ev.tree = tree_catch_end(p->tc, fl, &tag);
	if (ev.graph) {
		ev.kind = EV_CB_GRAPH;
		ftrace_emit(p, &ev);
		ev.kind = EV_CB_END;
	}
	ftrace_emit(p, &ev);
	return true;
}

static bool cb_start(struct ftrace_parser *p, const struct ftrace_line *fl)
{
	struct cb_fields f;

	return ftrace_cb_args(fl->args, false, &f) && callback(p, fl, &f);
}

static bool cb_end(struct ftrace_parser *p, const struct ftrace_line *fl)
{
	struct cb_fields f;

	return ftrace_cb_args(fl->args, true, &f) && callback(p, fl, &f);
}

static void marker(struct ftrace_parser *p, const struct ftrace_line *fl)
{
	struct str a = str_trim(fl->args);
	struct pm_event ev;
	long m;

	if (str_find(a, "SUSPEND START") >= 0) {
		enum pm_mode mode = p->file_mode;

		m = str_find(a, "mode=");
		if (m >= 0) {
			struct str w = str_skip(a, (size_t)m + 5);
			const char *sp = memchr(w.p, ' ', w.len);

			if (mode_from_label(sp ? str_make(w.p, (size_t)(sp - w.p)) : w) != MODE_UNKNOWN)
				mode = mode_from_label(sp ? str_make(w.p, (size_t)(sp - w.p)) : w);
		}
		cycle_begin(p, fl, fl->ts, mode);
		p->start_mark = fl->ts;
		return;
	}
	if (p->in_cycle && (str_find(a, "RESUME COMPLETE") >= 0 || str_find(a, "CMD COMPLETE") >= 0)) {
		/*
		 * The tool's end of resume closes a cycle the kernel's events
		 * did not (no thaw_processes event); after them it is only a
		 * marker: the totals do not depend on a test tool's marker.
		 */
		init(p, &ev, EV_CYCLE_END, fl, fl->ts);
		ftrace_emit(p, &ev);
		p->in_cycle = p->in_exit = false;
		p->start_mark = NS_NONE;
		return;
	}
	if (!p->in_cycle)
		return;		/* the tool's own notes between cycles */
	init(p, &ev, EV_MARKER, fl, fl->ts);
	ev.text = a;
	ftrace_emit(p, &ev);
}

static void bad_line(struct ftrace_parser *p, const struct ftrace_line *fl)
{
	struct pm_event ev;
	char *t;

	if (++p->bad > BAD_LINES_SHOWN)
		return;
	t = xasprintf("unreadable %.*s event: '%.*s'", (int)fl->event.len, fl->event.p,
		      (int)(fl->args.len > 80 ? 80 : fl->args.len), fl->args.p);
	init(p, &ev, EV_NOTE, fl, fl->ts);
	ev.code = FC_LINES_SKIPPED;
	ev.text = str_c(t);
	builder_event(p->b, &ev);
	free(t);
}

static bool marker_event(struct ftrace_parser *p, const struct ftrace_line *fl)
{
	marker(p, fl);
	return true;
}

/* A kprobe pair sleepgraph sets on a function: "NAME_cal" and "NAME_ret". */
static bool kprobe_event(struct ftrace_parser *p, const struct ftrace_line *fl)
{
	if (p->fg && fl->event.len > 4 && fl->args.len && fl->args.p[0] == '(')
		fgraph_kprobe(p->fg, fl, str_make(fl->event.p, fl->event.len - 4),
			      fl->event.p[fl->event.len - 3] == 'r');
	return true;
}

/* false: a line of that event that could not be read */
typedef bool (*ftrace_handler)(struct ftrace_parser *p, const struct ftrace_line *fl);

enum name_match { NAME_IS, NAME_STARTS, NAME_ENDS };

static const struct event_handler {
	const char *name;
	enum name_match match;
	ftrace_handler fn;
} handlers[] = {
	{ "suspend_resume", NAME_IS, suspend_resume },
	{ "device_pm_callback_start", NAME_IS, cb_start },
	{ "device_pm_callback_end", NAME_IS, cb_end },
	{ "initcall_", NAME_STARTS, ftrace_initcall },
	{ "sched_switch", NAME_IS, ftrace_sched_switch },
	{ "sched_waking", NAME_IS, ftrace_sched_waking },
	{ "tracing_mark_write", NAME_IS, marker_event },
	{ "print", NAME_IS, marker_event },	/* trace-cmd report's marker */
	{ "_cal", NAME_ENDS, kprobe_event },
	{ "_ret", NAME_ENDS, kprobe_event },
};

static ftrace_handler handler_of(struct str name)
{
	size_t i, n;

	for (i = 0; i < ARRAY_SIZE(handlers); i++) {
		const struct event_handler *h = &handlers[i];

		n = strlen(h->name);
		if (h->match == NAME_IS ? str_eq(name, h->name) :
		    h->match == NAME_STARTS ? str_starts(name, h->name) :
		    name.len > n && !memcmp(name.p + name.len - n, h->name, n))
			return h->fn;
	}
	return NULL;
}

/*
 * A trace holds a few event names over and over: each name is looked up
 * in the table once and kept with its handler (NULL: not ours).
 */
static ftrace_handler handler_cached(struct ftrace_parser *p, struct str name)
{
	struct ftrace_seen *s;
	size_t i;

	for (i = 0; i < p->nseen; i++) {
		s = &p->seen[i];
		if (s->len == name.len && !memcmp(s->name, name.p, name.len))
			return s->fn;
	}
	if (name.len >= sizeof(s->name) || p->nseen == ARRAY_SIZE(p->seen))
		return handler_of(name);
	s = &p->seen[p->nseen++];
	memcpy(s->name, name.p, name.len);
	s->len = name.len;
	s->fn = handler_of(name);
	return s->fn;
}

/* An event line needs a time stamp, and one the model can hold. */
static bool event_time(struct ftrace_parser *p, const struct ftrace_line *fl)
{
	if (fl->ts == NS_NONE)
		return false;
	if (fl->ts > NS_MAX) {
		input_refuse(p->b, p->st, p->line, "a time stamp beyond 100000000 s");
		return false;
	}
	return true;
}

void ftrace_event(struct ftrace_parser *p, const struct ftrace_line *fl)
{
	ftrace_handler fn;

	if (!event_time(p, fl))
		return;
	if (fl->ahead == FA_CALLBACK) {	/* read already */
		if (!callback(p, fl, &fl->cb))
			bad_line(p, fl);
		return;
	}
	fn = handler_cached(p, fl->event);
	if (fn && !fn(p, fl))
		bad_line(p, fl);
}

void ftrace_suspend_resume(struct ftrace_parser *p, const struct ftrace_line *fl,
			   struct str name, uint64_t val, bool begin)
{
	if (event_time(p, fl))
		phase_event(p, fl, name, val, begin);
}

void ftrace_callback(struct ftrace_parser *p, const struct ftrace_line *fl,
		     const struct cb_fields *f)
{
	if (event_time(p, fl) && !callback(p, fl, f))
		bad_line(p, fl);
}

/* sleepgraph's header lines (input/sleepgraph/sleepgraph.c); the stamp's mode word
 * is the mode of cycles whose events do not say it (hibernation). */
/* "# entries-in-buffer/entries-written: 2260/2260   #P:2" (the CPUs
 * online when the trace was read) and trace-cmd report's first line
 * "cpus=4": how many CPUs the run had, a fact for the what-if replay. */
void ftrace_cpus_line(struct ftrace_parser *p, struct str line)
{
	long at = str_find(line, "#P:");
	struct str v = STR_NULL;
	uint64_t n = 0;
	size_t len;
	struct pm_event ev;

	if (at > 0 && str_starts(line, "# entries-in-buffer"))
		v = str_skip(line, (size_t)at + 3);
	else if (str_starts(line, "cpus="))
		v = str_skip(line, 5);
	len = str_u64(v, &n);
	if (!len || !n || n > 100000 || len != str_trim(v).len)
		return;
	event_init(&ev, EV_FACT, NS_NONE, p->line);
	ev.key = str_c("ncpus");
	ev.text = str_make(v.p, len);
	builder_event(p->b, &ev);
	p->used = true;
}

void ftrace_header(struct ftrace_parser *p, struct str line)
{
	struct str kernel = STR_NULL, w = line;
	int i;

	if (str_starts(line, "##### CPU ")) {	/* "##### CPU 1 buffer started ####" */
		ftrace_sched_lost(p);
		return;
	}
	if (!sleepgraph_line(p->b, line, p->line, &kernel)) {
		ftrace_cpus_line(p, line);
		return;
	}
	p->used = true;
	if (!kernel.len)
		return;
	for (i = 0; i < 3 && w.len; i++) {	/* "#", the stamp, the host */
		const char *sp = memchr(w.p, ' ', w.len);

		w = sp ? str_skip(w, (size_t)(sp - w.p) + 1) : str_skip(w, w.len);
	}
	if (memchr(w.p, ' ', w.len))
		w.len = (size_t)((const char *)memchr(w.p, ' ', w.len) - w.p);
	p->file_mode = mode_from_label(w);
}

/* A note of the file's, no line's: @t freed. */
static void file_note(struct ftrace_parser *p, enum finding_code code, char *t)
{
	struct pm_event ev;

	event_init(&ev, EV_NOTE, NS_NONE, 0);
	ev.code = code;
	ev.text = str_c(t);
	builder_event(p->b, &ev);
	free(t);
}

void ftrace_finish(struct ftrace_parser *p)
{
	unsigned int repaired = fgraph_repaired(p->fg), deep = fgraph_too_deep(p->fg);

	ftrace_boot_end(p, NULL);
	ftrace_sched_free(p);	/* no sleep ends after the last line */
	if (repaired)
		file_note(p, FC_NOTE, xasprintf("traced calls: %u inside callbacks lost their "
						"entry or return line; nesting repaired",
						repaired));
	if (deep)
		file_note(p, FC_LIMIT, xasprintf("traced calls: %u inside callbacks deeper "
						 "than %d levels not read (no kernel nests "
						 "calls that deep)", deep, FG_MAX_DEPTH));

	if (p->bad > BAD_LINES_SHOWN)
		file_note(p, FC_LINES_SKIPPED, xasprintf("%u PM event lines could not be read (the "
							 "first %d are listed)", p->bad,
							 BAD_LINES_SHOWN));
}
