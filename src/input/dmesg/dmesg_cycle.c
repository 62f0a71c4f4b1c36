// SPDX-License-Identifier: GPL-2.0
/*
 * The open cycle as the kernel log tells it: its start, its mode, its
 * phases as the PM core prints them ending, its end; the events that say
 * so, and the parser's notes.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#include "dmesg_parser.h"

void dp_emit(struct dmesg_parser *p, struct pm_event *ev)
{
	builder_event(p->b, ev);
	p->used = true;
	/* a cycle's timing from a line without the kernel's stamp */
	if (ev->ts == NS_NONE && (ev->kind == EV_CYCLE_BEGIN || ev->kind == EV_CB_END ||
				  ev->kind == EV_PHASE_END))
		p->unstamped = true;
}

void dp_phase(struct dmesg_parser *p, enum ev_kind kind, ns_t ts,
	      enum phase_kind pk, const char *name, int64_t kernel_us)
{
	struct pm_event ev;

	event_init(&ev, kind, ts, p->line);
	ev.phase = pk;
	ev.text = str_c(name);
	ev.kernel_us = kernel_us;
	dp_emit(p, &ev);
}

/* A cycle from its first line; dp_cycle_begin_cut() from a line well inside
 * it, the log having none before (an excerpt). */
void dp_cycle_begin_at(struct dmesg_parser *p, ns_t ts, struct str label,
		       enum pm_mode mode, bool cut, bool entry)
{
	struct pm_event ev;

	event_init(&ev, EV_CYCLE_BEGIN, ts, p->line);
	ev.cut = cut && !p->in_cycle;
	ev.entry = entry;
	ev.mode = mode != MODE_UNKNOWN ? mode : mode_from_label(label);
	ev.text = label;
	dp_emit(p, &ev);
	p->thaw_cut = false;
	if (!p->in_cycle) {
		p->cycle_line = p->line;
		dp_phase(p, EV_PHASE_BEGIN, ts, PK_ENTER, "suspend_enter", US_NONE);
		p->in_enter = true;
		p->entered = false;
		p->in_machine = p->in_exit = p->cb_seen = p->phases_seen = false;
		p->enter_end = NS_NONE;
		p->snap = SNAP_NONE;
		p->mode = MODE_UNKNOWN;
		p->wake_ts = NS_NONE;
		p->backed_out = p->s2idle_woke = p->frozen = false;
		p->piece_line = 0;
		dmesg_paste_forget(&p->paste);
	}
	if (ev.mode != MODE_UNKNOWN)
		p->mode = ev.mode;
	p->in_cycle = true;
	p->in_complete = false;
	p->seen_cycle = true;
	p->boot = BOOT_DONE;
}

void dp_cycle_begin(struct dmesg_parser *p, ns_t ts, struct str label, enum pm_mode mode)
{
	dp_cycle_begin_at(p, ts, label, mode, false, false);
}

void dp_cycle_begin_cut(struct dmesg_parser *p, ns_t ts, struct str label,
			enum pm_mode mode)
{
	dp_cycle_begin_at(p, ts, label, mode, true, false);
}

/* The mode of the open cycle, learnt from what it does (hibernation). */
void dp_set_mode(struct dmesg_parser *p, ns_t ts, enum pm_mode mode, const char *label)
{
	struct pm_event ev;

	if (!p->in_cycle) {
		dp_cycle_begin_cut(p, ts, str_c(label), mode);
		return;
	}
	if (p->mode == mode)
		return;
	event_init(&ev, EV_CYCLE_MODE, ts, p->line);
	ev.mode = mode;
	ev.text = str_c(label);
	dp_emit(p, &ev);
	p->mode = mode;
}

/* The end of the freezing part: devices are next. */
void dp_end_enter(struct dmesg_parser *p, ns_t ts)
{
	if (!p->in_enter)
		return;
	dp_phase(p, EV_PHASE_END, ts, PK_ENTER, "suspend_enter", US_NONE);
	p->in_enter = false;
	p->enter_end = ts;
}

/*
 * Platform sleep, where the log says so (ACPI S-state, s2idle debug
 * lines): the machine phase of logs that print no device phases.
 */
void dp_machine(struct dmesg_parser *p, ns_t ts, bool begin)
{
	if (!p->in_cycle || p->mode == MODE_DISK || begin == p->in_machine)
		return;
	dp_end_enter(p, ts);
	dp_phase(p, begin ? EV_PHASE_BEGIN : EV_PHASE_END, ts, PK_MACHINE, "machine", US_NONE);
	p->in_machine = begin;
}

void dp_cycle_end(struct dmesg_parser *p, ns_t ts, enum ev_kind kind, struct str why)
{
	dp_note(p, ts, kind, why);
	if (kind == EV_CYCLE_END) {
		p->in_cycle = p->in_complete = p->in_enter = p->in_machine = p->in_exit = false;
		dmesg_paste_forget(&p->paste);
	}
	p->backed_out = kind == EV_CYCLE_ABORT;
	p->frozen = false;
}

/* Text inside the first "(...)" of @s, e.g. "deep" in "(deep)". */
struct str dp_paren(struct str s)
{
	long o = str_find(s, "("), c;

	if (o < 0)
		return STR_NULL;
	s = str_skip(s, (size_t)o + 1);
	c = str_find(s, ")");
	return c < 0 ? STR_NULL : str_make(s.p, (size_t)c);
}

/* "12.345 msecs" -> usecs */
static int64_t msecs_us(struct str s)
{
	ns_t ns;

	if (!str_seconds_ns(s, &ns) || ns / 1000000 > US_MAX)
		return US_NONE;
	return ns / 1000000;	/* seconds parser: "12.345" s -> ns; ms -> us */
}

static bool is_resume_verb(struct str v)
{
	return str_eq(v, "resume") || str_eq(v, "thaw") || str_eq(v, "restore") ||
	       str_eq(v, "recover");
}

/* "[late |noirq |early |start ]VERB of devices complete after X msecs",
 * or "aborted after": the phase ends either way (the failure is a verdict
 * of its own, kernel_verdict()). */
bool dp_devices_complete(struct dmesg_parser *p, ns_t ts, struct str m)
{
	static const char *const infos[] = { "late ", "noirq ", "early ", "start " };
	long of = str_find(m, " of devices complete after ");
	bool aborted = of <= 0 && (of = str_find(m, " of devices aborted after ")) > 0;
	struct str info = STR_NULL, verb;
	char name[48];
	enum phase_kind pk;
	int64_t us;
	ns_t began;
	size_t i;

	if (of <= 0)
		return false;
	us = msecs_us(str_skip(m, (size_t)of + (aborted ? 26 : 27)));
	began = us == US_NONE ? ts : ns_before(ts, kernel_us_ns(us, false));
	verb = str_make(m.p, (size_t)of);
	for (i = 0; i < ARRAY_SIZE(infos); i++) {
		if (str_starts(verb, infos[i])) {
			info = str_c(infos[i]);
			verb = str_skip(verb, strlen(infos[i]));
			break;
		}
	}
	if (!verb.len || verb.len > 20 || str_find(verb, " ") >= 0)
		return false;
	if (str_eq(info, "start ")) {
		/* dpm_suspend_start: prepare plus suspend, printed after both. */
		if (us != US_NONE && began != NS_NONE)
			dp_phase(p, EV_PHASE_BEGIN, began, PK_PREPARE, "prepare", US_NONE);
		return true;
	}
	if (!p->in_cycle)
		dp_cycle_begin_cut(p, began, STR_NULL, MODE_UNKNOWN);
	p->in_enter = false;
	p->phases_seen = true;
	if (is_resume_verb(verb) && p->in_machine) {
		/* machine ends where this phase began */
		dp_phase(p, EV_PHASE_END, began, PK_MACHINE, "machine", US_NONE);
		p->in_machine = false;
	}
	if (is_resume_verb(verb)) {
		pk = !info.len ? PK_RESUME : str_eq(info, "noirq ") ? PK_RESUME_NOIRQ : PK_RESUME_EARLY;
	} else {
		pk = !info.len ? PK_SUSPEND : str_eq(info, "late ") ? PK_SUSPEND_LATE : PK_SUSPEND_NOIRQ;
	}
	snprintf(name, sizeof(name), "%.*s%s%.*s", (int)verb.len, verb.p,
		 info.len ? "_" : "", info.len ? (int)info.len - 1 : 0, info.p);
	dp_phase(p, EV_PHASE_END, ts, pk, name, us);
	if (pk == PK_SUSPEND_NOIRQ && !p->in_machine && !aborted) {
		dp_phase(p, EV_PHASE_BEGIN, ts, PK_MACHINE, "machine", US_NONE);
		p->in_machine = true;
	}
	if (pk == PK_RESUME) {
		dp_phase(p, EV_PHASE_BEGIN, ts, PK_COMPLETE, "complete", US_NONE);
		p->in_complete = true;
	}
	return true;
}

/* The thaw of a cycle whose start went with the lines a paste left out:
 * that cycle, from the first line after them. */
void dp_piece_cycle(struct dmesg_parser *p, ns_t ts)
{
	unsigned int at = p->line;

	if (p->in_cycle || !p->piece_line)
		return;
	p->line = p->piece_line;
	dp_cycle_begin_cut(p, ts, STR_NULL, MODE_UNKNOWN);
	p->line = at;
}

/* Tasks are being thawed: dpm_complete is over. */
void dp_begin_exit(struct dmesg_parser *p, ns_t ts)
{
	dp_piece_cycle(p, ts);
	if (!p->in_cycle || p->in_exit)
		return;
	/* no device phase ended it: the machine woke where the log said so,
	 * device resume no line explains is not the machine's */
	dp_machine(p, p->in_machine && p->wake_ts != NS_NONE ? p->wake_ts : ts, false);
	if (p->in_complete)
		dp_phase(p, EV_PHASE_END, ts, PK_COMPLETE, "complete", US_NONE);
	dp_phase(p, EV_PHASE_BEGIN, ts, PK_EXIT, "thaw_processes", US_NONE);
	p->in_complete = p->frozen = false;
	p->in_exit = true;
}

void dp_note(struct dmesg_parser *p, ns_t ts, enum ev_kind kind, struct str text)
{
	struct pm_event ev;

	event_init(&ev, kind, ts, p->line);
	ev.text = text;
	dp_emit(p, &ev);
}

/* A note of the reader's own about the log at this line (not a use of
 * the line: its words are still the log's message). */
void dp_say(struct dmesg_parser *p, ns_t ts, enum finding_code code, const char *text)
{
	struct pm_event ev;

	event_init(&ev, EV_NOTE, ts, p->line);
	ev.code = code;
	ev.text = str_c(text);
	builder_event(p->b, &ev);
}

void dp_mark(struct dmesg_parser *p, ns_t ts, enum ev_kind kind)
{
	struct pm_event ev;

	if (!p->in_cycle)
		return;
	event_init(&ev, kind, ts, p->line);
	dp_emit(p, &ev);
}
