// SPDX-License-Identifier: GPL-2.0
/*
 * The builder: the one place that turns the normalized event stream into
 * the run model. Sources only describe what they read; the rules for
 * cycles, phases, matching callback starts and ends, and threads live here.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "events.h"
#include "busy.h"
#include "probes.h"
#include "comms.h"
#include "milestones.h"
#include "sleeps.h"

/* A machine has a few hundred to a few thousand devices: a phase names
 * them all before it names one again. */
#define DEV_MEMO_BITS 11

/*
 * The builder's own state of each device, beside the model's facts: its
 * open callback, and the lengths of its driver's and parent's names
 * (line_of() compares them on every callback start). One entry per
 * device of the run, taken from the device when first wanted.
 */
struct dev_state {
	int open_cb;		/* unfinished callback of cycle @open_cycle, -1 */
	int open_cycle;
	uint32_t driver_len, parent_len;
};

/* Requests turned away inside one cycle, kept for after it: more are
 * dropped (a log of them is a loop gone wrong, said by the first). */
#define REFUSED_MAX 8
/* A shell's or rtcwake's error this many lines after a request turned
 * away is that request's. */
#define REFUSED_SAID_LINES 3

struct builder {
	struct pm_run *run;
	struct dev_state *dstate;	/* by device index */
	size_t ndstate, dstate_cap;
	const char *file;
	uint16_t file_id;	/* index into run->sources */
	bool names_full;	/* warned: a name table is full */
	bool phases_full;	/* warned: a cycle has CB_PHASES_MAX phases */
	int cur;		/* open cycle index, -1 none */
	bool cur_entry;		/* its begin was an entry line (pm_event.entry) */
	int open_phase;		/* begun, not ended, in the open cycle */
	bool thaw_ended;	/* the last cycle's thaw had an end line of its own */
	unsigned int tail_line;	/* the open cycle's last line of the log's */
	unsigned int tail_near;	/* ... the last before a gap (TAIL_GAP_NS) */
	ns_t tail_ts;		/* its stamp, NS_NONE none */
	bool tail_gap;		/* that gap came */
	/* the first log line no rule took since the last cycle (or its
	 * excerpt's, once the stamps go back), and its stamp: where a cycle
	 * whose start the log lost begins, when it is just before */
	unsigned int lead_line;
	ns_t lead_ts;
	unsigned int lead_last;	/* without stamps: the run's last line */
	unsigned int near_line;	/* the first line no cycle took since a pause
				 * of more than LEAD_NS (the lead of a sleep's
				 * excerpt; a boot's is its excerpt's first) */
	ns_t near_ts;
	size_t unassigned;	/* first callback that may lack a phase */
	/* sleepgraph writes the firmware times of all its tests at the top
	 * of the log: they go to the sleep cycles in order. */
	ns_t (*fw)[2];
	size_t nfw, fw_cap, fw_next;
	struct comm_map comms;	/* task names by pid, from every event */
	struct caught_trees *trees;	/* where call trees go, NULL none */
	struct busy_map busy;	/* what each thread last started */
	/* the callback function and event named last: a trace names the
	 * same ("suspend") callback after callback */
	struct name_memo {
		const char *name;	/* interned */
		size_t len;
		uint32_t id;
	} fn_memo, event_memo;
	/* Devices by the name as the log spells it: a callback's start and
	 * end name the same device a few lines apart, and a phase names the
	 * same few hundred devices; a hit spares hashing the name into the
	 * pool and the pool's name into the device table. */
	struct dev_memo {
		const char *name;	/* interned */
		size_t len;
		int id;
	} dev_memo[1u << DEV_MEMO_BITS];
	/* boot milestones printed before the boot cycle began (the ACPI
	 * tables come before the first initcall): the next boot takes them */
	ns_t boot_marks[BM_COUNT];
	const char *init_path;	/* with them, BM_RUN_INIT's */
	/* the last initcall's "calling" line: initcall_debug's figures
	 * count from it, whichever thread it was (start_of_line()) */
	unsigned int initcall_line;
	/* the open cycle's callbacks timed from their calling lines */
	size_t from_calling[2];	/* [0] coarse clock, [1] another's start */
	struct cycle_probes probes;	/* a suspend cycle's, for its note */
	int probes_said;		/* the last cycle whose note is out */
	int late_said;			/* its probes past its end told since */
	size_t backwards;	/* returns stamped before their calls */
	/* requests turned away inside the open cycle (EV_CYCLE_REFUSED):
	 * cycles of their own once that one is closed, before the next
	 * opens (its late exit line still its own) */
	struct refused_req {
		enum pm_mode mode;
		const char *label;	/* interned */
		ns_t ts, end;
		unsigned int line, end_line;
		int within;		/* the cycle that held the lock */
	} refused[REFUSED_MAX];
	size_t nrefused;
	/* what this input may add (builder_bound()) and has added; past a
	 * bound, no event is taken any more (@stop, at @stop_line) */
	size_t max_cycles, max_cbs, ncycles, ncbs;
	enum builder_stop stop;
	unsigned int stop_line;
};

static struct dev_state *dev_state(struct builder *b, int id)
{
	const struct pm_run *run = b->run;

	if ((size_t)id >= b->ndstate) {
		VEC_RESERVE(b->dstate, run->ndevs - 1, b->dstate_cap);
		for (; b->ndstate < run->ndevs; b->ndstate++) {
			const struct pm_device *d = &run->devs[b->ndstate];

			b->dstate[b->ndstate] = (struct dev_state){
				.open_cb = -1, .open_cycle = -1,
				.driver_len = d->driver ? (uint32_t)strlen(d->driver) : 0,
				.parent_len = d->parent ? (uint32_t)strlen(d->parent) : 0 };
		}
	}
	return &b->dstate[id];
}

/* Device @id's callback open in this builder, -1 none. */
static int open_cb_of(const struct builder *b, int id)
{
	const struct dev_state *st = (size_t)id < b->ndstate ? &b->dstate[id] : NULL;

	return st && st->open_cycle == b->cur ? st->open_cb : -1;
}

void event_init(struct pm_event *ev, enum ev_kind kind, ns_t ts, unsigned int line)
{
	zero_struct(ev, sizeof(*ev));
	ev->kind = kind;
	ev->ts = ts;
	ev->pid = -1;
	ev->cpu = -1;
	ev->kernel_us = US_NONE;
	ev->dev_async = -1;
	ev->code = FC_NOTE;
	ev->line = line;
}

struct builder *builder_new(struct pm_run *run, const char *file)
{
	struct builder *b = xcalloc(1, sizeof(*b));
	size_t i;

	for (i = 0; i < BM_COUNT; i++)
		b->boot_marks[i] = NS_NONE;
	b->run = run;
	b->file = strpool_cstr(&run->pool, file);
	b->cur = -1;
	b->open_phase = -1;
	b->max_cycles = b->max_cbs = SIZE_MAX;
	b->file_id = (uint16_t)(run->nsources < CB_SOURCES_MAX ? run->nsources : CB_SOURCES_MAX);
	run->sources = xrealloc(run->sources, (run->nsources + 1) * sizeof(char *));
	run->sources[run->nsources++] = b->file;
	return b;
}

static struct pm_cycle *cur_cycle(struct builder *b)
{
	return b->cur >= 0 ? &b->run->cycles[b->cur] : NULL;
}

void builder_bound(struct builder *b, size_t max_cycles, size_t max_callbacks)
{
	b->max_cycles = max_cycles;
	b->max_cbs = max_callbacks;
}

enum builder_stop builder_stopped(const struct builder *b, unsigned int *line)
{
	if (line)
		*line = b->stop_line;
	return b->stop;
}

/* One more of what @have counts would pass @max: the builder stops at
 * line @line, and takes no event any more (builder_event()). The model
 * says where it was cut, beside what it did not finish there. */
static bool past_bound(struct builder *b, size_t *have, size_t max, enum builder_stop why,
		       unsigned int line)
{
	const char *what = why == BS_CYCLES ? "cycles" : "callbacks";
	const struct pm_cycle *c = cur_cycle(b);

	if (*have < max) {
		++*have;
		return false;
	}
	b->stop = why;
	b->stop_line = line;
	run_warn(b->run, FC_LIMIT, c ? c->index : 0, b->file, line,
		 "reading stopped here: more than %zu %s in this file (--max-%s); the rest "
		 "of it is not read", max, what, what);
	return true;
}

static void stretch(struct pm_cycle *c, ns_t ts, unsigned int line)
{
	if (ts != NS_NONE) {
		if (c->start == NS_NONE || ts < c->start)
			c->start = ts;
		if (c->end == NS_NONE || ts > c->end)
			c->end = ts;
	}
	if (line > c->last_line)
		c->last_line = line;
}

static void say_pending_probes(struct builder *b);

/* NULL past the bound on cycles (builder_bound()). */
/* How long before a cut cycle's first event the lines of its excerpt
 * that no rule took are its own ("Bluetooth: hci0: SSR or FW download
 * time out", 9 us before the verdict that opens the XPS 9310's paste). */
#define LEAD_NS 1000000000LL
/* Without stamps: the lines of its paste right before it (from a mail's
 * fence on), each within this many lines of the next (a continuation
 * mail broke off). */
#define LEAD_LINES 2
/* A cycle that never ended, cut by the next one's start, runs on to the
 * log's last line of it: its lines no rule took, each within this long of
 * the one before (a line a minute on is of another run, the Pixel 6's two
 * hours on). One the log ends in runs on to the log's last line. */
#define TAIL_GAP_NS 60000000000LL

/* A new cycle, the open one, with nothing taken from before it (the
 * caller counted it against the bound on cycles). */
static struct pm_cycle *new_cycle(struct builder *b, enum pm_mode mode, struct str label,
				  ns_t ts, unsigned int line)
{
	struct pm_run *run = b->run;
	struct pm_cycle *c;
	size_t i;

	say_pending_probes(b);
	VEC_RESERVE(run->cycles, run->ncycles, run->cycles_cap);
	c = &run->cycles[run->ncycles];
	memset(c, 0, sizeof(*c));
	c->index = (int)run->ncycles + 1;
	c->mode = mode;
	c->mode_label = label.len ? strpool_get(&run->pool, label) : NULL;
	c->start = c->end = NS_NONE;
	c->sleep_ts = c->wake_ts = NS_NONE;
	c->fw_suspend_ns = c->fw_resume_ns = NS_NONE;
	c->wall_start = NS_NONE;
	for (i = 0; i < BM_COUNT; i++)
		c->boot_marks[i] = NS_NONE;
	c->main_pid = -1;
	c->file = b->file;
	c->first_line = c->last_line = line;
	/* Cycles of one log look alike: size for the last one's callbacks. */
	if (run->ncycles && run->cycles[run->ncycles - 1].ncbs) {
		c->cbs_cap = run->cycles[run->ncycles - 1].ncbs;
		c->cbs = xmalloc(c->cbs_cap * sizeof(*c->cbs));
	}
	b->cur = (int)run->ncycles++;
	b->open_phase = -1;
	b->unassigned = 0;
	b->thaw_ended = false;
	b->tail_line = b->tail_near = 0;
	b->tail_ts = NS_NONE;
	b->tail_gap = false;
	stretch(c, ts, line);
	return c;
}

static void add_refused(struct builder *b);

/* The cycle the log goes on with: it takes what was read before it for
 * it (a boot's marks, the firmware's figures, the lines of its excerpt
 * before its first event), after the requests turned away in the one
 * before. */
static struct pm_cycle *open_cycle(struct builder *b, enum pm_mode mode,
				   struct str label, ns_t ts, unsigned int line, bool cut)
{
	struct pm_cycle *c;
	size_t i;

	if (past_bound(b, &b->ncycles, b->max_cycles, BS_CYCLES, line))
		return NULL;
	add_refused(b);
	c = new_cycle(b, mode, label, ts, line);
	c->start_cut = cut;
	for (i = 0; i < BM_COUNT; i++) {
		if (mode == MODE_BOOT)
			c->boot_marks[i] = b->boot_marks[i];
		b->boot_marks[i] = NS_NONE;
	}
	c->init_path = mode == MODE_BOOT ? b->init_path : NULL;
	b->init_path = NULL;
	if (mode != MODE_BOOT && b->fw_next < b->nfw) {
		c->fw_suspend_ns = b->fw[b->fw_next][0];
		c->fw_resume_ns = b->fw[b->fw_next++][1];
	}
	if (cut && mode != MODE_BOOT && b->near_line && ts != NS_NONE && b->near_ts <= ts &&
	    ts - b->near_ts <= LEAD_NS)
		c->first_line = b->near_line;
	else if (cut && b->lead_line && ts != NS_NONE && b->lead_ts != NS_NONE &&
		 b->lead_ts <= ts && ts - b->lead_ts <= LEAD_NS)
		c->first_line = b->lead_line;
	else if (cut && b->lead_line && ts == NS_NONE && b->lead_ts == NS_NONE &&
		 line <= b->lead_last + LEAD_LINES)
		c->first_line = b->lead_line;
	b->lead_line = b->near_line = 0;
	return c;
}

/* The open cycle, or a new one: NULL past the bound on cycles. */
static struct pm_cycle *need_cycle(struct builder *b, const struct pm_event *ev)
{
	struct pm_cycle *c = cur_cycle(b);

	/* The log starts inside a cycle (wrapped buffer, cut paste). */
	if (!c && !(c = open_cycle(b, MODE_UNKNOWN, STR_NULL, ev->ts, ev->line, true)))
		return NULL;
	stretch(c, ev->ts, ev->line);
	return c;
}

static int add_phase(struct builder *b, struct pm_cycle *c, enum phase_kind kind,
		     struct str name, unsigned int line)
{
	struct pm_phase *p;

	VEC_RESERVE(c->phases, c->nphases, c->phases_cap);
	p = &c->phases[c->nphases];
	p->kind = kind;
	p->name = name.len ? strpool_get(&b->run->pool, name)
			   : strpool_cstr(&b->run->pool, phase_kind_name(kind));
	p->start = p->end = NS_NONE;
	p->kernel_us = US_NONE;
	p->line = line;
	p->end_line = 0;
	return (int)c->nphases++;
}

/* A callback keeps its phase in 16 bits: no log has that many phases in
 * one cycle, so the rest are dropped, once said. */
static bool too_many_phases(struct builder *b, struct pm_cycle *c, const struct pm_event *ev)
{
	if (c->nphases < CB_PHASES_MAX)
		return false;
	if (!b->phases_full)
		run_warn(b->run, FC_LIMIT, c->index, b->file, ev->line,
			 "more than %d phases in one cycle: later ones ignored", CB_PHASES_MAX);
	b->phases_full = true;
	return true;
}

static const char *phase_name(struct builder *b, const struct pm_event *ev)
{
	if (ev->text.len)
		return strpool_get(&b->run->pool, ev->text);
	return strpool_cstr(&b->run->pool, phase_kind_name(ev->phase));
}

/* A cycle is "young" until it has done anything beyond suspend_enter. */
static bool cycle_young(const struct pm_cycle *c)
{
	size_t i;

	if (c->ncbs)
		return false;
	for (i = 0; i < c->nphases; i++)
		if (c->phases[i].kind != PK_ENTER)
			return false;
	return true;
}

static void close_cycle(struct builder *b);

static void on_cycle_begin(struct builder *b, const struct pm_event *ev)
{
	struct pm_cycle *c = cur_cycle(b);

	/* An entry line is a cycle's first: not one whose start the log
	 * lost, nor one that had its own. */
	if (c && c->mode != MODE_BOOT && ev->mode != MODE_BOOT && cycle_young(c) &&
	    !(ev->entry && (b->cur_entry || c->start_cut))) {
		b->cur_entry |= ev->entry;
		/* Old kernels name the mode a few lines after the start. */
		if (ev->mode != MODE_UNKNOWN) {
			c->mode = ev->mode;
			if (ev->text.len)
				c->mode_label = strpool_get(&b->run->pool, ev->text);
		}
		stretch(c, ev->ts, ev->line);
		return;
	}
	if (c) {
		/* one that never ended runs on to the log's last line of it */
		if (!c->resumed && !c->aborted && c->mode != MODE_BOOT && b->tail_near > c->last_line)
			c->last_line = b->tail_near;
		close_cycle(b);
	}
	open_cycle(b, ev->mode, ev->text, ev->ts, ev->line, ev->cut);
	b->cur_entry = ev->entry;
}

static void on_phase_begin(struct builder *b, const struct pm_event *ev)
{
	struct pm_cycle *c = need_cycle(b, ev);
	const char *name = phase_name(b, ev);
	size_t i;
	int idx = -1;

	if (!c)
		return;
	/* A phase known so far only by its end gets its start now. */
	for (i = c->nphases; i-- > 0;) {
		if (c->phases[i].name == name && c->phases[i].start == NS_NONE) {
			idx = (int)i;
			break;
		}
	}
	if (idx < 0 && too_many_phases(b, c, ev))
		return;
	if (idx < 0)
		idx = add_phase(b, c, ev->phase, str_c(name), ev->line);
	c->phases[idx].start = ev->ts;
	if (b->open_phase >= 0 && c->phases[b->open_phase].end == NS_NONE &&
	    ev->ts != NS_NONE && ev->ts >= c->end)
		b->open_phase = -1;	/* a new phase began: the old one is over */
	/*
	 * Callbacks that follow belong to this phase, unless the begin is a
	 * late statement about the past (dmesg learns where prepare began
	 * only after suspend ended) or the phase runs no device callbacks.
	 */
	if ((phase_kind_is_device(ev->phase) || ev->phase >= PK_BOOT_KERNEL) &&
	    (ev->ts == NS_NONE || c->end == NS_NONE || ev->ts >= c->end))
		b->open_phase = idx;
	if (ev->pid >= 0 && c->main_pid < 0 && ev->phase != PK_MACHINE) {
		c->main_pid = ev->pid;
		if (ev->comm.len)
			c->main_comm = strpool_get(&b->run->pool, ev->comm);
	}
}

/* The device phase that comes right before @k in a suspend/resume. */
static enum phase_kind phase_before(enum phase_kind k)
{
	switch (k) {
	case PK_RESUME_NOIRQ: return PK_SUSPEND_NOIRQ;
	case PK_SUSPEND: return PK_PREPARE;
	default: return k - 1;
	}
}

/* Did the log skip the lines of the phases just before phase @idx? */
static bool phases_missing_before(const struct pm_cycle *c, int idx)
{
	const struct pm_phase *p = &c->phases[idx], *prev = NULL;
	size_t i;

	for (i = 0; i < c->nphases; i++) {
		const struct pm_phase *q = &c->phases[i];

		if ((int)i == idx || !phase_kind_is_device(q->kind) || q->end == NS_NONE ||
		    (p->end != NS_NONE && q->end > p->end))
			continue;
		if (!prev || q->end >= prev->end)
			prev = q;
	}
	return prev && prev->kind != p->kind && prev->kind != phase_before(p->kind);
}

static struct pm_cycle *late_cycle(struct builder *b, ns_t ts);

/* The first of the verdicts this file gave after its line @line: the
 * tail the alarms below hand from one cycle to another. */
static size_t verdicts_after(const struct builder *b, unsigned int line)
{
	size_t i = b->run->nverdicts;

	while (i > 0 && b->run->verdicts[i - 1].file_id == b->file_id &&
	       b->run->verdicts[i - 1].line > line)
		i--;
	return i;
}

/* The alarms read since @c closed (taken for none: a WARN() while the
 * tasks thawed, after "Restarting tasks ... "), now that its exit line at
 * @line says it went on: @c's. */
static void rehome_alarms(struct builder *b, const struct pm_cycle *c, unsigned int line)
{
	size_t i;

	for (i = verdicts_after(b, c->last_line); i < b->run->nverdicts; i++)
		if (!b->run->verdicts[i].cycle && b->run->verdicts[i].line <= line)
			b->run->verdicts[i].cycle = c->index;
}

/*
 * The thaw's own end, after the log closed its cycle at "Restarting tasks
 * ... " (the "done." that other lines cut off it): what follows until
 * "PM: suspend exit" is the PM_POST_SUSPEND notifiers (on_cycle_end()).
 */
static void late_thaw_end(struct builder *b, const struct pm_event *ev)
{
	struct pm_cycle *c = late_cycle(b, ev->ts);
	struct pm_phase *p = c && c->nphases ? &c->phases[c->nphases - 1] : NULL;

	if (!p || p->kind != PK_EXIT || p->start == NS_NONE || ev->ts < p->start)
		return;
	p->end = ev->ts;
	rehome_alarms(b, c, ev->line);
	stretch(c, ev->ts, ev->line);
	b->thaw_ended = true;
}

static void on_phase_end(struct builder *b, const struct pm_event *ev)
{
	struct pm_cycle *c;
	const char *name = phase_name(b, ev);
	struct pm_phase *p;
	size_t i;
	int idx = -1;

	if (ev->phase == PK_EXIT && !cur_cycle(b)) {
		late_thaw_end(b, ev);
		return;
	}
	c = need_cycle(b, ev);
	if (!c)
		return;
	for (i = c->nphases; i-- > 0;) {
		if (c->phases[i].name == name && c->phases[i].end == NS_NONE) {
			idx = (int)i;
			break;
		}
	}
	if (idx < 0 && too_many_phases(b, c, ev))
		return;
	if (idx < 0) {
		idx = add_phase(b, c, ev->phase, str_c(name), ev->line);
		/* The kernel's printed length says where the phase began. */
		c->phases[idx].start = ns_before(ev->ts, kernel_us_ns(ev->kernel_us, false));
	}
	p = &c->phases[idx];
	p->end = ev->ts;
	p->end_line = ev->line;
	if (p->kind == PK_EXIT)
		b->thaw_ended = true;
	if (ev->kernel_us != US_NONE)
		p->kernel_us = ev->kernel_us;
	if (p->start != NS_NONE)
		stretch(c, p->start, 0);

	/*
	 * dmesg tells a callback's phase only when the phase ends. When the
	 * log lacks the lines of the phases before this one, only what ran
	 * inside this one is its; cycle_finish() places the rest.
	 */
	if (phase_kind_is_device(p->kind)) {
		bool gap = phases_missing_before(c, idx);

		for (i = b->unassigned; i < c->ncbs; i++) {
			struct pm_callback *cb = &c->cbs[i];

			if (cb->phase != -1)
				continue;
			if (gap && cb->start != NS_NONE && p->start != NS_NONE &&
			    cb->start < p->start - PHASE_SLACK_NS) {
				/* ran in a phase the log has no line for: no later
				 * phase takes it, cycle_finish() infers it */
				cb->phase = PHASE_INFER;
				continue;
			}
			cb->phase = idx;
		}
		b->unassigned = c->ncbs;
	}
	if (b->open_phase == idx)
		b->open_phase = -1;
}

/* A PM callback line names the driver bound when it ran; boot lines
 * name the bus that enumerated the device ("pci 0000:00:14.2"). */
static bool pm_line(const struct pm_event *ev)
{
	return !(ev->cb_flags & (CB_INITCALL | CB_PROBE | CB_QUIRK));
}

static void set_device_facts(struct builder *b, int id, const struct pm_event *ev)
{
	struct pm_run *run = b->run;
	struct pm_device *d = &run->devs[id];
	const char *parent;
	int pid;

	if (ev->driver.p && ev->driver.len && pm_line(ev) && !d->driver_pm) {
		d->driver = strpool_get(&run->pool, ev->driver);
		dev_state(b, id)->driver_len = (uint32_t)ev->driver.len;
		d->driver_pm = true;
	} else if (ev->driver.p && (!d->driver || !*d->driver)) {
		d->driver = strpool_get(&run->pool, ev->driver);
		dev_state(b, id)->driver_len = (uint32_t)ev->driver.len;
	}
	if (!d->parent && ev->parent.len && !str_eq(ev->parent, "none")) {
		parent = strpool_get(&run->pool, ev->parent);
		pid = run_device(run, parent);	/* may move run->devs */
		d = &run->devs[id];
		d->parent_id = pid;
		d->parent = parent;
		dev_state(b, id)->parent_len = (uint32_t)ev->parent.len;
	}
}

/* @name's index in @t; a full table drops the name, once said. */
static uint32_t cb_name(struct builder *b, struct name_table *t, struct name_memo *memo,
			struct str name, uint32_t max, unsigned int line)
{
	const char *interned;
	uint32_t id;

	if (!name.len)
		return 0;
	if (memo->name && memo->len == name.len && same_bytes(memo->name, name.p, name.len))
		return memo->id;
	interned = strpool_get(&b->run->pool, name);
	id = name_table_id(t, interned, max);
	if (id)
		*memo = (struct name_memo){ interned, name.len, id };
	if (!id && !b->names_full) {
		b->names_full = true;
		run_warn(b->run, FC_LIMIT, 0, b->file, line,
			 "more than %u distinct callback names: later ones not kept", max);
	}
	return id;
}

/* The kernel's figure fits 35 minutes; longer ones say at least that. */
static int32_t kernel_us_field(int64_t us)
{
	return us > INT32_MAX ? INT32_MAX : us < 0 ? US_NONE : (int32_t)us;
}

/* NULL past the bound on callbacks (builder_bound()). */
static struct pm_callback *add_cb(struct builder *b, struct pm_cycle *c,
				  int dev, const struct pm_event *ev)
{
	uint32_t fn, event;

	if (past_bound(b, &b->ncbs, b->max_cbs, BS_CALLBACKS, ev->line))
		return NULL;
	fn = cb_name(b, &b->run->cb_fns, &b->fn_memo, ev->fn, CB_FNS_MAX, ev->line);
	event = cb_name(b, &b->run->cb_events, &b->event_memo, ev->event, CB_EVENTS_MAX,
			ev->line);
	VEC_RESERVE(c->cbs, c->ncbs, c->cbs_cap);
	/* Built whole, not field by field into the array: the bit fields
	 * share words, and each one's store was read back by the next as a
	 * wider load the CPU cannot forward (perf: stalls there, a third of
	 * add_cb()'s time). */
	c->cbs[c->ncbs] = (struct pm_callback){
		.start = NS_NONE,
		.end = NS_NONE,
		.kernel_us = US_NONE,
		.line = ev->line,
		.dev = dev,
		.pid = ev->pid >= 0 && ev->pid <= CB_PID_MAX ? ev->pid : -1,
		.event_id = event,
		.graph_id = -1,
		.flags = ev->cb_flags,
		.fn_id = fn,
		.phase = (int16_t)b->open_phase,
		.file_id = b->file_id,
	};
	return &c->cbs[c->ncbs++];
}

/* The device named @name, added when new. */
static int device_named(struct builder *b, struct str name)
{
	struct dev_memo *m;
	const char *interned;

	if (!name.len)
		return run_device(b->run, strpool_get(&b->run->pool, name));
	m = &b->dev_memo[name_memo_slot(name, DEV_MEMO_BITS)];
	if (m->name && m->len == name.len && same_bytes(m->name, name.p, name.len))
		return m->id;
	interned = strpool_get(&b->run->pool, name);
	*m = (struct dev_memo){ interned, name.len, run_device(b->run, interned) };
	return m->id;
}

/* Could @ev's line be of device @d: no other parent, no other driver
 * (of a PM line) than @d has, where both are known. */
static bool line_of(struct builder *b, int id, const struct pm_event *ev)
{
	const struct pm_device *d = &b->run->devs[id];
	const struct dev_state *st = dev_state(b, id);
	bool parent = !d->parent || !ev->parent.len ||
		      (ev->parent.len == st->parent_len &&
		       same_bytes(ev->parent.p, d->parent, st->parent_len)) ||
		      str_eq(ev->parent, "none");
	bool driver = !d->driver_pm || !ev->driver.len || !pm_line(ev) ||
		      (ev->driver.len == st->driver_len &&
		       same_bytes(ev->driver.p, d->driver, st->driver_len));

	return parent && driver;
}

/*
 * The device of @id's name that a callback's start line is of: one that
 * names another parent or driver than the device of its name has is
 * another device of that name (model.h, twin), kept apart (its callbacks
 * had the first one's driver and parent).
 */
static int device_of_line(struct builder *b, int id, const struct pm_event *ev)
{
	struct pm_run *run = b->run;
	int d;

	for (d = id; d >= 0; d = run->devs[d].twin)
		if (line_of(b, d, ev))
			return d;
	return run_device_twin(run, id);
}

/* Device @d has a callback open in this cycle that a line of @pid ends. */
static bool open_here(const struct builder *b, const struct pm_cycle *c, int id, int pid)
{
	int i = open_cb_of(b, id);

	return i >= 0 && (pid < 0 || c->cbs[i].pid < 0 || c->cbs[i].pid == pid);
}

/* The device of @id's name (or a twin) with a callback that @pid ends. */
static int device_open(const struct builder *b, const struct pm_cycle *c, int id, int pid)
{
	const struct pm_run *run = b->run;
	int d;

	for (d = run->devs[id].twin >= 0 ? id : -1; d >= 0; d = run->devs[d].twin)
		if (open_here(b, c, d, pid))
			return d;
	return id;
}

/* Callback @i of @c, left open, ended by @t at the latest. */
static void end_by(struct pm_cycle *c, int i, ns_t t)
{
	struct pm_callback *cb = &c->cbs[i];

	if ((cb->flags & CB_UNFINISHED) && cb->end == NS_NONE && cb->start != NS_NONE &&
	    t >= cb->start)
		cb->end = t;
}

/*
 * Callback @i of @c runs on its thread from @t: what that thread ran
 * before (busy_step()) has ended by then, its return line lost (a serial
 * console's dropped bytes). Its end stays unseen (CB_UNFINISHED,
 * cb_end_inferred()): a bound, never a length.
 */
static void thread_moves_on(struct builder *b, struct pm_cycle *c, size_t i, ns_t t)
{
	const struct pm_callback *cb = &c->cbs[i];
	int k = busy_kind(cb->flags), ended[2], n;

	if (k < 0 || cb->pid < 0 || t == NS_NONE)
		return;
	n = busy_step(busy_get(&b->busy, cb->pid, b->cur), k, (int)i, ended);
	while (n-- > 0)
		end_by(c, ended[n], t);
}

static void on_cb_start(struct builder *b, const struct pm_event *ev)
{
	struct pm_cycle *c = need_cycle(b, ev);
	struct pm_callback *cb;
	struct dev_state *st;
	int dev;

	if (!c)
		return;
	dev = device_of_line(b, device_named(b, ev->device), ev);
	set_device_facts(b, dev, ev);
	if (!(cb = add_cb(b, c, dev, ev)))
		return;
	cb->start = ev->ts;
	cb->flags |= CB_UNFINISHED;
	if (cb->flags & CB_INITCALL)
		b->initcall_line = ev->line;
	st = dev_state(b, dev);
	st->open_cb = (int)c->ncbs - 1;
	st->open_cycle = b->cur;
	thread_moves_on(b, c, c->ncbs - 1, ev->ts);
}

/*
 * Where @cb, ended by @ev, began. dmesg prints "calling" before the
 * kernel starts its clock and the return line right after it stops: the
 * end line's time minus the kernel's own figure is the closest start
 * there is (the figure is ns >> 10 before 5.14: CB_US_1024), but for two
 * figures the calling line is nearer:
 * - one longer than the lines are apart: before the clocksource switch
 *   the kernel's clock moves in jiffies (acpi_init "after 120000 usecs",
 *   118.7 ms between its lines), and the start would come before the
 *   line that announced it, over the previous initcall of its thread;
 * - an initcall's after another initcall's calling line: initcall_debug
 *   keeps one start time for all threads (init/main.c,
 *   initcall_calltime), so modules loaded in parallel count from the
 *   last one's start (e1000_init_module: 85.8 ms printed, 450.9 ms
 *   between its lines).
 */
#define CALLING_SKEW_NS 50000	/* us stamps and figures, plus 0.1% of the
				 * length: the figure is on ktime, the
				 * stamps on printk's clock */

static ns_t start_of_line(struct builder *b, struct pm_callback *cb, const struct pm_event *ev)
{
	ns_t start = ns_before(ev->ts, kernel_us_ns(ev->kernel_us, cb->flags & CB_US_1024));
	int why;

	if (start == NS_NONE || !(cb->flags & CB_FROM_DMESG) || cb->start == NS_NONE ||
	    (cb->flags & CB_NO_START))
		return start;
	if (start + CALLING_SKEW_NS + (ev->ts - start) / 1000 < cb->start)
		why = 0;
	else if ((cb->flags & CB_INITCALL) && b->initcall_line != cb->line)
		why = 1;
	else
		return start;
	b->from_calling[why]++;
	cb->from_calling = 1;
	return cb->start;
}

/*
 * The error a boot's initcall or probe returned, 0 when none: a positive
 * initcall return is no error (cpuhp_setup_state()'s state number,
 * set_hardened_usercopy's 1). really_probe() returned 1 for bound before
 * 5.15, 0 when the driver failed (ignored); since, 0 for bound and the
 * driver's own error negated, positive; its -517 is the driver core
 * deferring before the driver ran (a supplier not ready).
 */
static int driver_error(struct builder *b, const struct pm_event *ev)
{
	/* 1: bound before 5.15, the driver's -EPERM since */
	bool negated = (ev->cb_flags & CB_PROBE) &&
		       (ev->ret > 1 || (ev->ret == 1 && run_kernel_since(b->run, 5, 15) == 1));
	int err = negated ? -ev->ret : ev->ret;

	return err < 0 ? err : 0;
}

/*
 * A line where the kernel said something went wrong, kept as it said it
 * for the findings (analysis/findings.c): @v's kind, device, phase and
 * error set by the caller, the rest here.
 */
static void keep_verdict(struct builder *b, const struct pm_event *ev, struct pm_verdict *v)
{
	struct pm_cycle *c = cur_cycle(b);
	struct strpool *pool = &b->run->pool;

	v->ts = ev->ts;
	if (c)
		v->cycle = c->index;
	v->line = ev->line;
	v->file_id = (uint16_t)b->file_id;
	if (!v->device && ev->device.len)
		v->device = strpool_get(pool, ev->device);
	if (!v->driver && ev->driver.len)
		v->driver = strpool_get(pool, ev->driver);
	if (!v->fn && ev->fn.len)
		v->fn = strpool_get(pool, ev->fn);
	if (!v->text && ev->text.len)
		v->text = strpool_get(pool, ev->text);
	run_verdict(b->run, v);
}

/* A phase name of the resume side: "resume_noirq", "thaw", "restore". */
static bool resume_side(struct str phase)
{
	return str_starts(phase, "resume") || str_starts(phase, "thaw") ||
	       str_starts(phase, "restore") || str_starts(phase, "recover");
}

/* A callback that ended with an error: a PM callback's any error, a
 * boot's initcall or probe's error as driver_error() reads it. */
static void cb_error(struct builder *b, const struct pm_callback *cb, const struct pm_device *d,
		     const struct pm_event *ev)
{
	bool boot = cb->flags & (CB_INITCALL | CB_PROBE | CB_QUIRK);
	struct pm_verdict v = { .kind = VK_CB_ERROR, .device = d->name, .cb_line = cb->line,
				.cb_flags = (uint8_t)(cb->flags & (CB_INITCALL | CB_PROBE | CB_QUIRK)) };

	v.err = boot ? driver_error(b, ev) : ev->ret;
	if (v.err)
		keep_verdict(b, ev, &v);
}

/*
 * @cb's return was stamped before its call (two CPUs' clocks, a garbled
 * stamp, a made-up log): no callback ends before it starts, or a
 * Perfetto trace would close it before opening it. It ends its kernel's
 * own length after its start (at its start without one); the first few
 * are named, the rest counted when the file ends (builder_finish()).
 */
#define BACKWARDS_NAMED 5

static void end_before_start(struct builder *b, const struct pm_cycle *c,
			     struct pm_callback *cb, const struct pm_event *ev)
{
	ns_t len = cb_kernel_ns(cb), back = cb->start - cb->end;

	cb->end = len != NS_NONE && len <= NS_MAX - cb->start ? cb->start + len : cb->start;
	if (b->backwards++ < BACKWARDS_NAMED)
		run_warn(b->run, FC_CLOCK_BACKWARDS, c->index, b->file, ev->line,
			 "%s: its return is stamped %.6f s before its call (line %u): taken "
			 "to end %s", b->run->devs[cb->dev].name, back / 1e9, cb->line,
			 len != NS_NONE ? "the kernel's own length after its start" :
			 "where it started");
}

static void on_cb_end(struct builder *b, const struct pm_event *ev)
{
	struct pm_cycle *c = need_cycle(b, ev);
	struct pm_run *run = b->run;
	struct pm_callback *cb;
	struct pm_device *d;
	ns_t start;
	int dev;

	if (!c)
		return;
	dev = device_open(b, c, device_named(b, ev->device), ev->pid);
	set_device_facts(b, dev, ev);
	d = &run->devs[dev];
	if (open_here(b, c, dev, ev->pid)) {
		cb = &c->cbs[open_cb_of(b, dev)];
	} else if ((cb = add_cb(b, c, dev, ev))) {
		cb->flags |= CB_NO_START;
	} else {
		return;
	}
	dev_state(b, dev)->open_cb = -1;
	/* the function first: its bit field shares a word with has_ret's,
	 * and reading it after has_ret's store waits for that store */
	if (!cb->fn_id)
		cb->fn_id = cb_name(b, &run->cb_fns, &b->fn_memo, ev->fn, CB_FNS_MAX, ev->line);
	cb->flags = (cb->flags & ~CB_UNFINISHED) | ev->cb_flags;
	cb->end = ev->ts;
	cb->kernel_us = kernel_us_field(ev->kernel_us);
	cb->has_ret = ev->has_ret;
	cb->ret = ev->ret;
	start = start_of_line(b, cb, ev);
	if (start != NS_NONE && ((cb->flags & CB_FROM_DMESG) || cb->start == NS_NONE))
		cb->start = start;
	/* an end line whose stamp was garbled: the kernel's figure after
	 * the start is when it ended */
	if (ev->ts == NS_NONE && cb->start != NS_NONE && ev->kernel_us != US_NONE)
		cb->end = cb->start + kernel_us_ns(ev->kernel_us, cb->flags & CB_US_1024);
	if (cb->start != NS_NONE && cb->end != NS_NONE && cb->end < cb->start)
		end_before_start(b, c, cb, ev);
	if (cb->start != NS_NONE)
		stretch(c, cb->start, 0);
	/* another callback's end: its thread ran it, after what it ran before */
	if (cb->flags & CB_NO_START)
		thread_moves_on(b, c, (size_t)(cb - c->cbs),
				cb->start != NS_NONE ? cb->start : ev->ts);
	if (ev->has_ret && ev->ret != 0)
		cb_error(b, cb, d, ev);
}

/* Probe @p of @c, when it ran past @c's end: a note of its own, at its
 * line, the first few of a cycle. */
static void say_late_probe(struct builder *b, const struct pm_cycle *c,
			   const struct probe_seen *p)
{
	char note[PROBES_NOTE_MAX];

	if (b->late_said < PROBES_LATE_TOLD && probes_late_note(c, p, note, sizeof(note))) {
		run_warn(b->run, FC_PROBE_LATE, c->index, b->file, p->line, "%s", note);
		b->late_said++;
	}
}

/*
 * A probe beside a suspend or resume cycle's callbacks, no callback of
 * it: kept for the cycle's note. The log's cycle closed at "Restarting
 * tasks"; until "PM: suspend exit" (on_cycle_end()) or the next cycle,
 * probes are the last cycle's, those by its final end told.
 */
static void on_probe(struct builder *b, const struct pm_event *ev)
{
	struct pm_cycle *c = cur_cycle(b);
	struct probe_seen p;

	if (!c)
		c = late_cycle(b, ev->ts);
	if (!c || c->mode == MODE_BOOT || !ev->device.len)
		return;
	p.name = strpool_get(&b->run->pool, ev->device);
	p.err = ev->has_ret ? driver_error(b, ev) : 0;
	p.unbound = ev->has_ret && ev->ret == 0 && run_kernel_since(b->run, 5, 15) == 0;
	p.us = ev->kernel_us;
	p.end = ev->ts;
	p.line = ev->line;
	if (c->index == b->probes_said)	/* its note is out: its end is final */
		say_late_probe(b, c, &p);
	else
		probes_add(&b->probes, c->index, &p);
}

/* The note of the probes beside cycle @c, once its end is final, and of
 * those that ran past it. */
static void say_probes(struct builder *b, const struct pm_cycle *c)
{
	char note[PROBES_NOTE_MAX];
	size_t i;

	b->probes_said = c->index;
	b->late_said = 0;
	if (b->probes.cycle != c->index)
		return;
	if (probes_note(&b->probes, c, note, sizeof(note)))
		run_warn(b->run, FC_PROBE_LATE, c->index, b->file, c->first_line, "%s", note);
	for (i = 0; i < b->probes.n; i++)
		say_late_probe(b, c, &b->probes.seen[i]);
	probes_forget(&b->probes);
}

/* The probes kept for a cycle closed before: no more are its. */
static void say_pending_probes(struct builder *b)
{
	if (b->probes.cycle > 0 && (size_t)b->probes.cycle <= b->run->ncycles)
		say_probes(b, &b->run->cycles[b->probes.cycle - 1]);
}

/*
 * The system facts' device tree: it fills what the logs did not say. A
 * parent the log printed stays: it named the very device that ran.
 */
static void on_device(struct builder *b, const struct pm_event *ev)
{
	struct pm_run *run = b->run;
	int id = run_device(run, strpool_get(&run->pool, ev->device));
	struct pm_device *d;
	const char *parent;
	int pid;

	if (ev->parent.len && !run->devs[id].parent) {
		parent = strpool_get(&run->pool, ev->parent);
		pid = run_device(run, parent);
		run->devs[id].parent = parent;
		dev_state(b, id)->parent_len = (uint32_t)ev->parent.len;
		run->devs[id].parent_id = pid;
	}
	d = &run->devs[id];
	d->in_devtree = true;
	if (ev->dev_async >= 0)
		d->async_flag = ev->dev_async;
}

static void on_link(struct builder *b, const struct pm_event *ev)
{
	struct pm_run *run = b->run;
	int s = run_device(run, strpool_get(&run->pool, ev->supplier));
	int c = run_device(run, strpool_get(&run->pool, ev->device));

	VEC_RESERVE(run->links, run->nlinks, run->links_cap);
	run->links[run->nlinks].supplier = s;
	run->links[run->nlinks].consumer = c;
	run->links[run->nlinks++].status = ev->text.len ? strpool_get(&run->pool, ev->text) : NULL;
}

/* Reasons add up ("IRQ 9; ACPI fixed event"), each once. */
static void on_wake_reason(struct builder *b, const struct pm_event *ev)
{
	struct pm_cycle *c = need_cycle(b, ev);
	const char *old = c ? c->wake_reason : NULL;
	char *s;

	if (!c || (old && (strlen(old) > 200 || memmem(old, strlen(old), ev->text.p, ev->text.len))))
		return;
	s = old ? xasprintf("%s; %.*s", old, (int)ev->text.len, ev->text.p) :
		  xasprintf("%.*s", (int)ev->text.len, ev->text.p);
	c->wake_reason = strpool_cstr(&b->run->pool, s);
	free(s);
}

void builder_catch_trees(struct builder *b, struct caught_trees *ct)
{
	b->trees = ct;
}

bool builder_keeps_trees(const struct builder *b)
{
	return b->trees && b->trees->nodes < CAUGHT_TREE_NODES;
}

/* The call tree of the callback that started at @line, for the HTML page. */
static void keep_tree(struct builder *b, unsigned int line, const struct pm_calltree *t)
{
	struct caught_trees *ct = b->trees;
	struct caught_tree *r;

	VEC_RESERVE(ct->v, ct->n, ct->cap);
	r = &ct->v[ct->n++];
	r->file = b->file;
	r->line = line;
	calltree_copy(&b->run->pool, &r->tree, t);
	ct->nodes += CAUGHT_TREE_WEIGHT(t);
}

/* function_graph's summary of the callback @ev's device has open. */
static void on_cb_graph(struct builder *b, const struct pm_event *ev)
{
	struct pm_cycle *c = cur_cycle(b);
	int dev = run_device_find(b->run, strpool_get(&b->run->pool, ev->device));
	struct pm_callback *cb;

	if (!c || dev < 0)
		return;
	dev = device_open(b, c, dev, ev->pid);
	if (!open_here(b, c, dev, ev->pid))
		return;
	cb = &c->cbs[open_cb_of(b, dev)];
	if (cb->graph_id >= 0 || c->ngraphs >= CB_GRAPHS_MAX)
		return;
	VEC_RESERVE(c->graphs, c->ngraphs, c->graphs_cap);
	c->graphs[c->ngraphs] = callgraph_copy(&b->run->pool, &b->run->graph_arena, ev->graph);
	cb->graph_id = (int32_t)c->ngraphs++;
	if (ev->tree && ev->tree->n && cb->line && builder_keeps_trees(b))
		keep_tree(b, cb->line, ev->tree);
}

/* c->works as a min-heap by length while the cycle is built: the shortest
 * kept is the one a longer work replaces. */
static void works_sift_down(struct pm_work *v, size_t n, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, m = i;
		struct pm_work t;

		if (l < n && pm_work_len(&v[l]) < pm_work_len(&v[m]))
			m = l;
		if (l + 1 < n && pm_work_len(&v[l + 1]) < pm_work_len(&v[m]))
			m = l + 1;
		if (m == i)
			return;
		t = v[i];
		v[i] = v[m];
		v[m] = t;
		i = m;
	}
}

static void works_push(struct pm_cycle *c, const struct pm_work *w)
{
	size_t i;

	if (c->nworks == CYCLE_WORKS_MAX) {
		c->works_cut++;
		if (pm_work_len(w) <= pm_work_len(&c->works[0]))
			return;
		c->works[0] = *w;
		works_sift_down(c->works, c->nworks, 0);
		return;
	}
	VEC_RESERVE(c->works, c->nworks, c->works_cap);
	i = c->nworks++;
	c->works[i] = *w;
	while (i && pm_work_len(&c->works[(i - 1) / 2]) > pm_work_len(&c->works[i])) {
		struct pm_work t = c->works[i];

		c->works[i] = c->works[(i - 1) / 2];
		c->works[(i - 1) / 2] = t;
		i = (i - 1) / 2;
	}
}

/* A thread's outermost call outside callbacks, kept by the open cycle. */
static void on_thread_work(struct builder *b, const struct pm_event *ev)
{
	struct pm_cycle *c = cur_cycle(b);
	struct pm_work w;

	if (!c || ev->ts == NS_NONE || ev->end < ev->ts || ev->pid < 0)
		return;
	w.start = ev->ts;
	w.end = ev->end;
	w.pid = ev->pid;
	w.fn = strpool_get(&b->run->pool, ev->fn);
	w.comm = comm_map_get(&b->comms, ev->pid);	/* "<...>" names no one */
	works_push(c, &w);
}

static int cmp_work(const void *a, const void *b)
{
	const struct pm_work *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	return x->end < y->end ? -1 : x->end > y->end;
}

/* A line no rule took and no cycle holds: where the next cycle begins if
 * the log lost its start (open_cycle()). */
static void lead(struct builder *b, const struct pm_event *ev)
{
	if (ev->ts != NS_NONE) {
		if (!b->near_line || ev->ts < b->near_ts || ev->ts - b->near_ts > LEAD_NS) {
			b->near_line = ev->line;	/* the first since a pause */
			b->near_ts = ev->ts;
		}
		if (!b->lead_line || b->lead_ts == NS_NONE || ev->ts < b->lead_ts) {
			b->lead_line = ev->line;	/* the first, or another excerpt's */
			b->lead_ts = ev->ts;
		}
		return;
	}
	if (ev->cut) {		/* a paste's first line: its run begins */
		b->lead_line = ev->line;
		b->lead_ts = NS_NONE;
	} else if (b->lead_ts == NS_NONE && ev->line > b->lead_last + LEAD_LINES) {
		b->lead_line = 0;	/* the run broke */
	}
	b->lead_last = ev->line;
}

/* @ev's line as the open cycle's last of the log's; and its last before
 * a gap of TAIL_GAP_NS since its last event or such line. */
static void tail(struct builder *b, const struct pm_cycle *c, const struct pm_event *ev)
{
	ns_t last = b->tail_ts != NS_NONE && (c->end == NS_NONE || b->tail_ts > c->end) ?
		    b->tail_ts : c->end;

	b->tail_line = ev->line;
	if (b->tail_gap || ev->ts == NS_NONE)
		return;	/* without a stamp no gap can be told */
	if (last != NS_NONE && ev->ts > last + TAIL_GAP_NS) {
		b->tail_gap = true;
		return;
	}
	b->tail_near = ev->line;
	b->tail_ts = ev->ts;
}

/*
 * A log line no rule took, kept by the open cycle (not stretching it):
 * the analyses tell which callbacks it explains. Bounded per cycle.
 */
static void on_message(struct builder *b, const struct pm_event *ev)
{
	struct pm_cycle *c = cur_cycle(b);
	struct pm_run *run = b->run;
	size_t len = ev->text.len < MSG_TEXT_MAX ? ev->text.len : MSG_TEXT_MAX;
	size_t cost = sizeof(struct pm_message) + len + 1;
	struct pm_message *m;
	char *text;

	if (len < ev->text.len)
		len = utf8_cut(ev->text.p, len);	/* not inside a UTF-8 sequence */
	if (!c && ev->line)
		lead(b, ev);
	if (ev->verdict)	/* an alarm: a finding, whatever the budget, in a cycle or not */
		keep_verdict(b, ev, &(struct pm_verdict){
			.kind = ev->verdict,
			.text = strpool_get(&run->pool, str_make(ev->text.p, len)) });
	if (!c)
		return;
	tail(b, c, ev);
	if (c->msg_bytes + cost >
	    CYCLE_MSG_BYTES - (ev->verdict ? 0 : CYCLE_ALARM_BYTES)) {
		c->msgs_cut++;
		return;
	}
	VEC_RESERVE(c->msgs, c->nmsgs, c->msgs_cap);
	m = &c->msgs[c->nmsgs++];
	c->msg_bytes += cost;
	text = arena_alloc(&run->msg_arena, len + 1, 1);
	memcpy(text, ev->text.p, len);
	text[len] = '\0';
	m->ts = ev->ts;
	m->device = ev->device.len ? strpool_get(&run->pool, ev->device) : NULL;
	m->driver = ev->driver.len ? strpool_get(&run->pool, ev->driver) : NULL;
	m->text = text;
	m->line = ev->line;
	m->file_id = b->file_id;
	m->alarm = ev->verdict != VK_NONE;
}

/*
 * Milestone @m at @ts into @marks: the first of each counts (systemd's
 * banner comes again at each daemon-reexec), but BM_FREE_LAST ("Freeing
 * unused kernel image" comes up to three times); "Running in initrd"
 * makes the banner before it the initrd's, and the next one the root's.
 */
static void set_boot_mark(ns_t *marks, enum boot_mark m, ns_t ts, bool first)
{
	if (m == BM_SYSTEMD_INITRD) {
		if (marks[BM_SYSTEMD_INITRD] == NS_NONE)
			marks[BM_SYSTEMD_INITRD] = marks[BM_SYSTEMD] != NS_NONE ?
						   marks[BM_SYSTEMD] : ts;
		marks[BM_SYSTEMD] = NS_NONE;
	} else if (!first || marks[m] == NS_NONE || m == BM_FREE_LAST) {
		marks[m] = ts;
	}
}

static void on_boot_mark(struct builder *b, const struct pm_event *ev)
{
	struct pm_cycle *c = cur_cycle(b);
	const char *path;

	if ((unsigned int)ev->boot_mark >= BM_COUNT || ev->ts == NS_NONE)
		return;
	path = ev->boot_mark == BM_RUN_INIT && ev->text.len ?
	       strpool_get(&b->run->pool, ev->text) : NULL;
	if (!c) {	/* before the boot's first initcall: the latest boot's */
		set_boot_mark(b->boot_marks, ev->boot_mark, ev->ts, false);
		b->init_path = path ? path : b->init_path;
	} else if (c->mode == MODE_BOOT) {
		if (path && c->boot_marks[BM_RUN_INIT] == NS_NONE)
			c->init_path = path;
		set_boot_mark(c->boot_marks, ev->boot_mark, ev->ts, true);
		milestone_of_mark(b->run, c, ev, b->file_id);
		stretch(c, ev->extent ? ev->ts : NS_NONE, ev->line);
	}
}

static void on_milestone(struct builder *b, const struct pm_event *ev)
{
	struct pm_cycle *c = cur_cycle(b);

	if (!c || c->mode != MODE_BOOT || ev->ts == NS_NONE)
		return;
	milestone_take(b->run, c, ev, b->file_id);
	/* its lines run to its last milestone; where initcalls time the
	 * boot (initcall_debug), its time does not */
	stretch(c, ev->extent ? ev->ts : NS_NONE, ev->line);
}

/*
 * The suspend cycle the log closed at "Restarting tasks" that a line at
 * @ts, with no cycle open, may still be of: "PM: suspend exit" and the
 * probes before it come up to LATE_LINE_NS later. A line stamped before
 * the cycle's end is another clock's (it went back, or another log),
 * but for printk's order across CPUs (LATE_SKEW_NS). NULL: none.
 */
#define LATE_LINE_NS 5000000000LL
#define LATE_SKEW_NS 1000000LL

static struct pm_cycle *late_cycle(struct builder *b, ns_t ts)
{
	struct pm_cycle *c;

	if (b->cur >= 0 || !b->run->ncycles || ts == NS_NONE)
		return NULL;
	c = &b->run->cycles[b->run->ncycles - 1];
	if (c->mode == MODE_BOOT || c->end == NS_NONE || ts - c->end > LATE_LINE_NS ||
	    ts < c->end - LATE_SKEW_NS)
		return NULL;
	return c;
}

/*
 * The kernel calls the PM_POST_SUSPEND notifiers (PM_POST_HIBERNATION)
 * after the thaw, before "PM: suspend exit": @c's time from its thaw's end
 * to @ev, a phase of its own where the thaw's end was printed.
 */
static void post_notifiers(struct builder *b, struct pm_cycle *c, const struct pm_event *ev)
{
	struct pm_phase *p = c->nphases ? &c->phases[c->nphases - 1] : NULL;
	ns_t from;
	int idx;

	if (p && p->kind == PK_NOTIFY && ev->ts > p->end) {
		p->end = ev->ts;	/* Android's dated "suspend exit", then the kernel's */
		return;
	}
	if (!p || p->kind != PK_EXIT || p->end == NS_NONE || ev->ts <= p->end)
		return;
	if (!b->thaw_ended || c->nphases >= CB_PHASES_MAX) {
		p->end = ev->ts;	/* the log does not tell them apart */
		return;
	}
	from = p->end;
	idx = add_phase(b, c, PK_NOTIFY, str_c(c->mode == MODE_DISK ? "post_hibernation" :
					       "post_suspend"), ev->line);
	c->phases[idx].start = from;
	c->phases[idx].end = ev->ts;
}

static void on_cycle_end(struct builder *b, const struct pm_event *ev)
{
	struct pm_cycle *c = cur_cycle(b);

	if (!c && !ev->cut && ev->ts == NS_NONE) {
		/* no stamps: the last cycle's, when it has none either (no
		 * cycle began since) */
		c = b->run->ncycles ? &b->run->cycles[b->run->ncycles - 1] : NULL;
		if (c && c->mode != MODE_BOOT && c->end == NS_NONE)
			stretch(c, ev->ts, ev->line);
		return;
	}
	if (!c) {
		/* "PM: suspend exit" after "Restarting tasks ... done." */
		if (ev->cut || !(c = late_cycle(b, ev->ts)) || ev->ts < c->end)
			return;
		post_notifiers(b, c, ev);
		rehome_alarms(b, c, ev->line);
		stretch(c, ev->ts, ev->line);
		/* even with none kept: those after it are told at their lines */
		say_probes(b, c);
		return;
	}
	stretch(c, ev->ts, ev->line);
	c->resumed = !ev->cut;	/* an excerpt's end is not the cycle's */
	c->end_cut = ev->cut;
	c->end_pasted = ev->cut && ev->pasted;
	close_cycle(b);
}

/* Cycle-level events, each into the open cycle or a new one. */
static void on_cycle_event(struct builder *b, const struct pm_event *ev)
{
	struct pm_cycle *c = need_cycle(b, ev);

	if (!c)
		return;
	switch (ev->kind) {
	case EV_CYCLE_MODE:
		if (c->mode == MODE_UNKNOWN || c->mode != ev->mode) {
			c->mode = ev->mode;
			if (ev->text.len)
				c->mode_label = strpool_get(&b->run->pool, ev->text);
		}
		break;
	case EV_CYCLE_ABORT:
		c->aborted = true;
		keep_verdict(b, ev, &(struct pm_verdict){ .kind = VK_ABORT });
		break;
	case EV_SLEEP:
		if (c->sleep_ts == NS_NONE)
			c->sleep_ts = ev->ts;
		break;
	case EV_WAKE:
		c->wake_ts = ev->ts;
		break;
	default:
		break;
	}
}

/* One request turned away (EV_CYCLE_REFUSED), as its own cycle: it
 * took no firmware figures, and nothing after it is its. */
static void add_one_refused(struct builder *b, const struct refused_req *r)
{
	struct pm_event ev;
	struct pm_cycle *c;
	char why[128];

	if (past_bound(b, &b->ncycles, b->max_cycles, BS_CYCLES, r->line))
		return;
	c = new_cycle(b, r->mode, r->label ? str_c(r->label) : STR_NULL, r->ts, r->line);
	stretch(c, r->end, r->end_line);
	c->aborted = c->resumed = true;
	if (r->within)
		snprintf(why, sizeof(why), "the request came while cycle %d held the lock and was "
			 "turned away at once (EBUSY): nothing was suspended", r->within);
	else
		snprintf(why, sizeof(why), "the request came while another held the lock and was "
			 "turned away at once (EBUSY): nothing was suspended");
	event_init(&ev, EV_CYCLE_ABORT, r->ts, r->line);
	ev.text = str_c(why);
	keep_verdict(b, &ev, &(struct pm_verdict){ .kind = VK_ABORT });
	close_cycle(b);
}

/* The requests turned away inside the cycle that just closed, before
 * the next cycle opens or the log ends: cycles of their own, which take
 * nothing that was read for the next one (new_cycle()). */
static void add_refused(struct builder *b)
{
	size_t i;

	if (b->cur >= 0)
		return;
	for (i = 0; i < b->nrefused; i++)
		add_one_refused(b, &b->refused[i]);
	b->nrefused = 0;
}

/*
 * pm_suspend() says "suspend entry" before it takes the lock: a request
 * while the open cycle holds it comes back at once. It is kept for after
 * that cycle, whose lines go on around it.
 */
static void on_cycle_refused(struct builder *b, const struct pm_event *ev)
{
	struct pm_cycle *c = cur_cycle(b);

	if (b->nrefused >= REFUSED_MAX)
		return;
	b->refused[b->nrefused++] = (struct refused_req){
		.mode = ev->mode, .ts = ev->ts, .end = ev->end, .line = ev->line,
		.end_line = ev->end_line, .within = c ? c->index : 0,
		.label = ev->text.len ? strpool_get(&b->run->pool, ev->text) : NULL,
	};
	add_refused(b);	/* with no cycle open, at once */
}

/*
 * The suspend's write to /sys/power/state returned an error, which only
 * the shell said (the platform refused to enter the state: the kernel
 * backs out of it and prints nothing): the open cycle, or the one that
 * just ended, did not suspend.
 */
static void on_state_failed(struct builder *b, const struct pm_event *ev)
{
	struct pm_cycle *c = cur_cycle(b);

	if (b->nrefused && c && b->refused[b->nrefused - 1].within == c->index &&
	    ev->line <= b->refused[b->nrefused - 1].end_line + REFUSED_SAID_LINES)
		return;	/* the request turned away just now: it says so */
	if (!c)
		c = late_cycle(b, ev->ts);
	if (!c || c->mode == MODE_BOOT || c->aborted)
		return;
	c->aborted = true;
	keep_verdict(b, ev, &(struct pm_verdict){ .kind = VK_ABORT, .cycle = c->index });
}

void builder_event(struct builder *b, const struct pm_event *ev)
{
	struct pm_cycle *c;

	if (b->stop)	/* past a bound: the rest of the input is not read */
		return;
	comm_map_set(&b->comms, &b->run->pool, ev->pid, ev->comm);
	switch (ev->kind) {
	case EV_CYCLE_BEGIN:
		on_cycle_begin(b, ev);
		break;
	case EV_CYCLE_END:
		on_cycle_end(b, ev);
		break;
	case EV_CYCLE_MODE:
	case EV_CYCLE_ABORT:
	case EV_SLEEP:
	case EV_WAKE:
		on_cycle_event(b, ev);
		break;
	case EV_STATE_FAILED:
		on_state_failed(b, ev);
		break;
	case EV_CYCLE_REFUSED:
		on_cycle_refused(b, ev);
		break;
	case EV_PHASE_BEGIN:
		on_phase_begin(b, ev);
		break;
	case EV_PHASE_END:
		on_phase_end(b, ev);
		break;
	case EV_CB_START:
		on_cb_start(b, ev);
		break;
	case EV_CB_END:
		on_cb_end(b, ev);
		break;
	case EV_VERDICT:
		/* a device or a phase failing is a cycle, its start cut off or
		 * not (an excerpt): the verdict is that cycle's */
		if (!(c = need_cycle(b, ev)))
			break;
		keep_verdict(b, ev, &(struct pm_verdict){
			.kind = ev->verdict, .err = ev->ret,
			.phase = ev->event.len ? strpool_get(&b->run->pool, ev->event) : NULL });
		/* a suspend-side phase that failed: the kernel backs out (it
		 * resumes the devices, then "suspend exit") */
		if (ev->verdict == VK_PHASE_FAILED && !resume_side(ev->event))
			c->aborted = true;
		/* hibernation_snapshot() backs out when a device fails to
		 * freeze: no image, the devices thawed, "hibernation exit" */
		if (ev->verdict == VK_DEV_FAILED && c->mode == MODE_DISK &&
		    str_starts(ev->event, "freeze"))
			c->aborted = true;
		break;
	case EV_MARKER:
		if (cur_cycle(b))
			stretch(cur_cycle(b), ev->ts, ev->line);
		break;
	case EV_FACT: {
		char *k = xasprintf("%.*s", (int)ev->key.len, ev->key.p);
		char *v = xasprintf("%.*s", (int)ev->text.len, ev->text.p);

		run_set_fact(b->run, k, v);
		free(k);
		free(v);
		break;
	}
	case EV_DEVICE:
		on_device(b, ev);
		break;
	case EV_FIRMWARE:
		VEC_RESERVE(b->fw, b->nfw, b->fw_cap);
		b->fw[b->nfw][0] = ev->fw_suspend;
		b->fw[b->nfw++][1] = ev->fw_resume;
		break;
	case EV_WAKE_REASON:
		on_wake_reason(b, ev);
		break;
	case EV_DEV_LINK:
		on_link(b, ev);
		break;
	case EV_CB_GRAPH:
		on_cb_graph(b, ev);
		break;
	case EV_BOOT_MARK:
		on_boot_mark(b, ev);
		break;
	case EV_MILESTONE:
		on_milestone(b, ev);
		break;
	case EV_MESSAGE:
		on_message(b, ev);
		break;
	case EV_THREAD_WORK:
		on_thread_work(b, ev);
		break;
	case EV_THREAD_SLEEP:
		if ((c = cur_cycle(b)))
			sleeps_push(c, ev->pid, ev->ts, ev->end, ev->woke);
		break;
	case EV_PROBE:
		on_probe(b, ev);
		break;
	case EV_NOTE:
		c = cur_cycle(b);
		run_warn(b->run, ev->code, c ? c->index : 0, b->file, ev->line,
			 "%.*s", (int)ev->text.len, ev->text.p);
		break;
	}
}

/* What start_of_line() counted in cycle @c, said once. */
static void say_counted(struct builder *b, const struct pm_cycle *c)
{
	if (b->from_calling[0])
		run_warn(b->run, FC_TIMING, c->index, b->file, c->first_line,
			 "cycle %d: %zu callbacks timed from their calling lines: the kernel's "
			 "figure is longer than its lines are apart (early in boot its clock "
			 "moves in jiffies)", c->index, b->from_calling[0]);
	if (b->from_calling[1])
		run_warn(b->run, FC_TIMING, c->index, b->file, c->first_line,
			 "cycle %d: %zu initcalls timed from their calling lines: the kernel's "
			 "figure counts from another initcall's start (initcall_debug keeps one "
			 "start time for all threads)", c->index, b->from_calling[1]);
	b->from_calling[0] = b->from_calling[1] = 0;
}

/*
 * A boot stays open after its last line (a module may load later); once
 * it ran init, an Oops, a stall or a WARN() read after that line and
 * before the next cycle came between them, and is outside every cycle
 * (the Latitude E7250's hung tasks, tens of seconds after its boot,
 * before a suspend). A boot that never ran init is still booting: what
 * goes wrong then is its own (the BeagleBone's fault after its hang).
 */
static void alarms_after_boot(struct builder *b, const struct pm_cycle *c)
{
	struct pm_verdict *v;
	size_t i;

	if (c->boot_marks[BM_RUN_INIT] == NS_NONE && c->boot_marks[BM_FREE_INITMEM] == NS_NONE)
		return;
	for (i = verdicts_after(b, c->last_line); i < b->run->nverdicts; i++) {
		v = &b->run->verdicts[i];
		if (v->cycle == c->index && (v->kind == VK_OOPS || v->kind == VK_STALL ||
					     v->kind == VK_WARNING))
			v->cycle = 0;
	}
}

static void close_cycle(struct builder *b)
{
	struct pm_cycle *c = cur_cycle(b);
	size_t i;

	if (!c)
		return;
	/* Starts with no end stay in the model, flagged, for the report. */
	for (i = 0; i < c->ncbs; i++)
		if (c->cbs[i].flags & CB_UNFINISHED)
			dev_state(b, c->cbs[i].dev)->open_cb = -1;
	say_counted(b, c);
	if (c->mode == MODE_BOOT)
		alarms_after_boot(b, c);
	if (c->sleeps_cut)
		run_warn(b->run, FC_LIMIT, c->index, b->file, c->last_line,
			 "cycle %d: more than %d threads' sleeps (sched_switch): whatif takes "
			 "none of them", c->index, CYCLE_SLEEPS_MAX);
	if (c->msgs_cut)
		run_warn(b->run, FC_MESSAGES_CUT, c->index, b->file, c->last_line,
			 "cycle %d: %zu log lines not kept as callbacks' messages "
			 "(over %d KiB of them)", c->index, c->msgs_cut, CYCLE_MSG_BYTES / 1024);
	if (c->nworks) {
		c->works = xrealloc(c->works, c->nworks * sizeof(*c->works));
		c->works_cap = c->nworks;
		qsort(c->works, c->nworks, sizeof(*c->works), cmp_work);
	}
	sleeps_settle(c);
	cycle_finish(b->run, c);
	comm_map_name_threads(&b->comms, c);
	b->cur = -1;
	b->open_phase = -1;
}

void builder_finish(struct builder *b)
{
	struct pm_cycle *c;

	if (!b)
		return;
	/* a sleep the log ends inside runs on to the log's last line of it
	 * (a paste stopped, a hang), not to its last event's */
	c = cur_cycle(b);
	if (c && c->mode != MODE_BOOT && b->tail_line > c->last_line)
		c->last_line = b->tail_line;
	close_cycle(b);
	add_refused(b);
	say_pending_probes(b);
	if (b->backwards > BACKWARDS_NAMED)
		run_warn(b->run, FC_CLOCK_BACKWARDS, 0, b->file, 0,
			 "%zu callbacks' returns stamped before their calls in all (the first "
			 "%d named): each taken to end its kernel's length after its start",
			 b->backwards, BACKWARDS_NAMED);
	comm_map_free(&b->comms);
	busy_free(&b->busy);
	free(b->dstate);
	free(b->fw);
	free(b);
}
