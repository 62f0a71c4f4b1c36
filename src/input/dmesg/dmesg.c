// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel log parser: turns pm_print_times / initcall_debug lines and the
 * PM core's phase messages into events. The kernel prints a phase only
 * when it ends, with its own length: the builder takes it from there.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#include "dmesg.h"

enum boot_state { BOOT_NONE, BOOT_KERNEL, BOOT_USER, BOOT_DONE };

/* How many stamped lines back a line repeated by hand is looked for. */
#define SEEN_LINES 256

struct dmesg_parser {
	struct builder *b;
	struct input_stats *st;
	enum boot_state boot;
	bool in_cycle;		/* between a cycle's start and its end */
	bool in_complete;	/* dpm_complete runs until tasks are thawed */
	bool in_enter;		/* suspend_enter: sync, freeze tasks */
	bool in_machine;	/* devices off, platform or s2idle sleeping */
	/* hibernation's snapshot, the non-boot CPUs down and up: its
	 * machine phase (snapshot_cpus()) */
	enum { SNAP_NONE, SNAP_DOWN, SNAP_DONE } snap;
	bool in_exit;		/* tasks being thawed */
	bool frozen;		/* the open cycle froze user space: no task
				 * of it logs until the thaw */
	bool thaw_cut;		/* "Restarting tasks ... " without its "done." */
	bool cb_seen;		/* a device's PM callback line in the open cycle */
	bool phases_seen;	/* a "... of devices complete" line in it */
	bool seen_cycle;	/* initcalls after this are module loads */
	bool seen_dmi;		/* this boot's "DMI: " line was read */
	bool seen_banner;	/* this boot's "Linux version" line was read */
	ns_t banner_ts;		/* its stamp and line */
	unsigned int banner_line;
	bool calls;		/* this boot printed initcall_debug's calling
				 * lines: its initcalls are callbacks, not
				 * milestones, and they time it */
	bool calls_coming;	/* the command line says initcall_debug: the
				 * boot begins at its first calling line */
	bool rooted;		/* this boot mounted its root */
	bool backed_out;	/* the open cycle was aborted: what is left of
				 * it comes at once */
	bool elided;		/* a paste's mark of lines left out ("...")
				 * since the last timed line */
	unsigned int elided_after;	/* the last line before it */
	unsigned int text_line;		/* the last line not blank */
	struct mail_paste paste;	/* a mail's paste of a bare log */
	bool s2idle_woke;	/* the open cycle's "resume from suspend-to-idle" */
	unsigned int kernel_line;	/* the last kernel line read */
	unsigned int frame_line;	/* the last stack frame read */
	unsigned int piece_line;	/* the first line after lines left out,
					 * while no cycle began since */
	int32_t last_day_s;		/* the last wall-clock time read (syslog) */
	unsigned int report_line;	/* an Oops's or WARN()'s last alarm line,
					 * 0 after its end */
	unsigned int silence_line;	/* a silence ended the boot before this
					 * line; 0 once said, or none */
	ns_t silence_ns;		/* how long it was */
	bool counted;		/* the current line was a boot's milestone */
	ns_t wake_ts;		/* the open cycle's wake, NS_NONE */
	enum pm_mode mode;
	ns_t last_ts;
	unsigned int last_ts_line;	/* the line of last_ts */
	bool entered;		/* the open cycle's "suspend entry (...)" was read */
	ns_t enter_end;		/* where its suspend_enter ended, NS_NONE */
	struct refusal {	/* a request turned away inside the open cycle */
		unsigned int line;	/* its entry's, 0 none */
		ns_t ts;
		enum pm_mode mode;
		char label[16];
	} refusal;
	unsigned int line;
	bool used;		/* the current line produced an event */
	int exact_us;		/* kernel >= 5.14 prints true usecs: 1, 0, -1 unknown */
	char *fixed;		/* a line as the kernel printed it, where mail
				 * changed it (LINE_MAX_BYTES, once needed) */
	struct mail_wrap wrap;	/* lines mail broke, joined */
	struct console_handover console;
	/* the last stamped lines, to know a line pasted twice again */
	struct seen_line {
		ns_t ts;
		uint32_t hash;
		unsigned int line;
	} seen[SEEN_LINES];
	unsigned int nseen;
	unsigned int repeats;	/* lines passed over as repeats */
	struct line_reader *r;	/* its lines, to look ahead at */
	bool stamped;		/* a line with the kernel's stamp was read */
	bool prefixed;		/* one with a prefix (a stamp, the journal's):
				 * bare lines are no kernel's but mail's */
	bool bare_read;		/* a bare kernel line was read */
	unsigned int state_cmd;	/* the last line that wrote /sys/power/state
				 * (a shell's echo of its command) */
	unsigned int cycle_line;	/* the open or last cycle's first line */
	unsigned int stray_line;	/* the one stamped line of a bare log */
	bool unstamped;		/* a cycle's line read without one */
	struct ms_pending pending;	/* milestones before a boot began (last:
					 * 5 KB, apart from the fields of every line) */
};

/* The open cycle ends at @end_line: the log goes on with another piece. */
static void new_excerpt_at(struct dmesg_parser *p, unsigned int end_line);

/* What one piece of a log (an excerpt, a boot) told of itself, forgotten
 * where the next begins: its root, its marks of lines left out, the
 * silence that ended its boot, its open report. */
static void forget_piece(struct dmesg_parser *p)
{
	p->rooted = p->elided = false;
	p->silence_line = p->piece_line = p->report_line = p->refusal.line = 0;
}

static void emit(struct dmesg_parser *p, struct pm_event *ev)
{
	builder_event(p->b, ev);
	p->used = true;
	/* a cycle's timing from a line without the kernel's stamp */
	if (ev->ts == NS_NONE && (ev->kind == EV_CYCLE_BEGIN || ev->kind == EV_CB_END ||
				  ev->kind == EV_PHASE_END))
		p->unstamped = true;
}

static void phase(struct dmesg_parser *p, enum ev_kind kind, ns_t ts,
		  enum phase_kind pk, const char *name, int64_t kernel_us)
{
	struct pm_event ev;

	event_init(&ev, kind, ts, p->line);
	ev.phase = pk;
	ev.text = str_c(name);
	ev.kernel_us = kernel_us;
	emit(p, &ev);
}

/* A cycle from its first line; cycle_begin_cut() from a line well inside
 * it, the log having none before (an excerpt). */
static void cycle_begin_at(struct dmesg_parser *p, ns_t ts, struct str label,
			   enum pm_mode mode, bool cut, bool entry)
{
	struct pm_event ev;

	event_init(&ev, EV_CYCLE_BEGIN, ts, p->line);
	ev.cut = cut && !p->in_cycle;
	ev.entry = entry;
	ev.mode = mode != MODE_UNKNOWN ? mode : mode_from_label(label);
	ev.text = label;
	emit(p, &ev);
	p->thaw_cut = false;
	if (!p->in_cycle) {
		p->cycle_line = p->line;
		phase(p, EV_PHASE_BEGIN, ts, PK_ENTER, "suspend_enter", US_NONE);
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

static void cycle_begin(struct dmesg_parser *p, ns_t ts, struct str label, enum pm_mode mode)
{
	cycle_begin_at(p, ts, label, mode, false, false);
}

static void cycle_begin_cut(struct dmesg_parser *p, ns_t ts, struct str label,
			    enum pm_mode mode)
{
	cycle_begin_at(p, ts, label, mode, true, false);
}

/* The mode of the open cycle, learnt from what it does (hibernation). */
static void set_mode(struct dmesg_parser *p, ns_t ts, enum pm_mode mode, const char *label)
{
	struct pm_event ev;

	if (!p->in_cycle) {
		cycle_begin_cut(p, ts, str_c(label), mode);
		return;
	}
	if (p->mode == mode)
		return;
	event_init(&ev, EV_CYCLE_MODE, ts, p->line);
	ev.mode = mode;
	ev.text = str_c(label);
	emit(p, &ev);
	p->mode = mode;
}

/* The end of the freezing part: devices are next. */
static void end_enter(struct dmesg_parser *p, ns_t ts)
{
	if (!p->in_enter)
		return;
	phase(p, EV_PHASE_END, ts, PK_ENTER, "suspend_enter", US_NONE);
	p->in_enter = false;
	p->enter_end = ts;
}

/*
 * Platform sleep, where the log says so (ACPI S-state, s2idle debug
 * lines): the machine phase of logs that print no device phases.
 */
static void machine(struct dmesg_parser *p, ns_t ts, bool begin)
{
	if (!p->in_cycle || p->mode == MODE_DISK || begin == p->in_machine)
		return;
	end_enter(p, ts);
	phase(p, begin ? EV_PHASE_BEGIN : EV_PHASE_END, ts, PK_MACHINE, "machine", US_NONE);
	p->in_machine = begin;
}

static void cycle_end(struct dmesg_parser *p, ns_t ts, enum ev_kind kind, struct str why)
{
	struct pm_event ev;

	event_init(&ev, kind, ts, p->line);
	ev.text = why;
	emit(p, &ev);
	if (kind == EV_CYCLE_END) {
		p->in_cycle = p->in_complete = p->in_enter = p->in_machine = p->in_exit = false;
		dmesg_paste_forget(&p->paste);
	}
	p->backed_out = kind == EV_CYCLE_ABORT;
	p->frozen = false;
}

/* Text inside the first "(...)" of @s, e.g. "deep" in "(deep)". */
static struct str paren(struct str s)
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
static bool devices_complete(struct dmesg_parser *p, ns_t ts, struct str m)
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
			phase(p, EV_PHASE_BEGIN, began, PK_PREPARE, "prepare", US_NONE);
		return true;
	}
	if (!p->in_cycle)
		cycle_begin_cut(p, began, STR_NULL, MODE_UNKNOWN);
	p->in_enter = false;
	p->phases_seen = true;
	if (is_resume_verb(verb) && p->in_machine) {
		/* machine ends where this phase began */
		phase(p, EV_PHASE_END, began, PK_MACHINE, "machine", US_NONE);
		p->in_machine = false;
	}
	if (is_resume_verb(verb)) {
		pk = !info.len ? PK_RESUME : str_eq(info, "noirq ") ? PK_RESUME_NOIRQ : PK_RESUME_EARLY;
	} else {
		pk = !info.len ? PK_SUSPEND : str_eq(info, "late ") ? PK_SUSPEND_LATE : PK_SUSPEND_NOIRQ;
	}
	snprintf(name, sizeof(name), "%.*s%s%.*s", (int)verb.len, verb.p,
		 info.len ? "_" : "", info.len ? (int)info.len - 1 : 0, info.p);
	phase(p, EV_PHASE_END, ts, pk, name, us);
	if (pk == PK_SUSPEND_NOIRQ && !p->in_machine && !aborted) {
		phase(p, EV_PHASE_BEGIN, ts, PK_MACHINE, "machine", US_NONE);
		p->in_machine = true;
	}
	if (pk == PK_RESUME) {
		phase(p, EV_PHASE_BEGIN, ts, PK_COMPLETE, "complete", US_NONE);
		p->in_complete = true;
	}
	return true;
}

/* The thaw of a cycle whose start went with the lines a paste left out:
 * that cycle, from the first line after them. */
static void piece_cycle(struct dmesg_parser *p, ns_t ts)
{
	unsigned int at = p->line;

	if (p->in_cycle || !p->piece_line)
		return;
	p->line = p->piece_line;
	cycle_begin_cut(p, ts, STR_NULL, MODE_UNKNOWN);
	p->line = at;
}

/* Tasks are being thawed: dpm_complete is over. */
static void begin_exit(struct dmesg_parser *p, ns_t ts)
{
	piece_cycle(p, ts);
	if (!p->in_cycle || p->in_exit)
		return;
	/* no device phase ended it: the machine woke where the log said so,
	 * device resume no line explains is not the machine's */
	machine(p, p->in_machine && p->wake_ts != NS_NONE ? p->wake_ts : ts, false);
	if (p->in_complete)
		phase(p, EV_PHASE_END, ts, PK_COMPLETE, "complete", US_NONE);
	phase(p, EV_PHASE_BEGIN, ts, PK_EXIT, "thaw_processes", US_NONE);
	p->in_complete = p->frozen = false;
	p->in_exit = true;
}

static void note(struct dmesg_parser *p, ns_t ts, enum ev_kind kind, struct str text)
{
	struct pm_event ev;

	event_init(&ev, kind, ts, p->line);
	ev.text = text;
	emit(p, &ev);
}

/* A note of the reader's own about the log at this line (not a use of
 * the line: its words are still the log's message). */
static void say(struct dmesg_parser *p, ns_t ts, enum finding_code code, const char *text)
{
	struct pm_event ev;

	event_init(&ev, EV_NOTE, ts, p->line);
	ev.code = code;
	ev.text = str_c(text);
	builder_event(p->b, &ev);
}

static void mark(struct dmesg_parser *p, ns_t ts, enum ev_kind kind)
{
	struct pm_event ev;

	if (!p->in_cycle)
		return;
	event_init(&ev, kind, ts, p->line);
	emit(p, &ev);
}

/*
 * What woke the machine, or kept it from sleeping: printed with
 * pm_debug_messages ("PM: Triggering wakeup from IRQ 9", "PM: last active
 * wakeup source: rtc0") and by ACPI ("ACPI: PM: ACPI fixed event wakeup").
 */
static bool wake_reason(struct dmesg_parser *p, ns_t ts, struct str m)
{
	static const struct { const char *msg, *reason; } known[] = {
		{ "Triggering wakeup from ", NULL },
		{ "active wakeup source: ", "wakeup source " },
		{ "last active wakeup source: ", "wakeup source " },
		{ "Wakeup pending, aborting suspend", "wakeup pending" },
		{ "ACPI fixed event wakeup", "ACPI fixed event" },
		{ "Wakeup after ACPI Notify", "ACPI Notify" },
	};
	char buf[128];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(known); i++) {
		size_t n = strlen(known[i].msg);
		struct str rest;

		if (!str_starts(m, known[i].msg))
			continue;
		if (!p->in_cycle)
			return true;
		rest = str_trim(str_make(m.p + n, m.len - n));
		if (!known[i].reason)	/* "IRQ 9" as printed */
			snprintf(buf, sizeof(buf), "%.*s", (int)rest.len, rest.p);
		else if (known[i].reason[strlen(known[i].reason) - 1] == ' ')
			snprintf(buf, sizeof(buf), "%s%.*s", known[i].reason, (int)rest.len, rest.p);
		else
			snprintf(buf, sizeof(buf), "%s", known[i].reason);
		note(p, ts, EV_WAKE_REASON, str_c(buf));
		return true;
	}
	return false;
}

/* The lines an alarm's report (an Oops's, a WARN()'s) runs at most. */
#define REPORT_LINES 100

/* The lines after a second entry line in which its exit shows it was
 * turned away. */
#define REFUSED_LOOK 3
/* ... and how soon it comes: at once (4 ms on KernelCI's serial
 * console); a grep of entry lines whose cycle lost its exit has the next
 * cycle's exit seconds on. */
#define REFUSED_NS 20000000LL

/* Whether the next kernel line the buffer holds, a few on at most, is
 * "PM: suspend exit" within REFUSED_NS of @ts (the entry's stamp; a log
 * without stamps cannot tell). */
static bool exit_next(const struct dmesg_parser *p, ns_t ts)
{
	struct kmsg_line kl;
	struct str next;
	unsigned int k;

	if (ts == NS_NONE)
		return false;
	for (k = 1; p->r && k <= REFUSED_LOOK && reader_peek(p->r, k, NULL, &next) > 0; k++) {
		if (!dmesg_split(next, &kl))
			continue;
		return str_starts(kl.msg, "PM: suspend exit") && kl.ts != NS_NONE && kl.ts >= ts &&
		       kl.ts - ts <= REFUSED_NS;
	}
	return false;
}

/*
 * pm_suspend() prints "suspend entry" before it takes the lock, and
 * "suspend exit" when enter_state() returns: an entry inside a cycle
 * that holds the lock, its exit at once, is a request turned away
 * (EBUSY; KernelCI's rtcwake asking for s2idle inside a deep suspend).
 * The open cycle goes on; the request is a cycle of its own, aborted.
 */
static void refused(struct dmesg_parser *p, ns_t ts, struct str label)
{
	size_t n = label.len < sizeof(p->refusal.label) - 1 ? label.len :
		   sizeof(p->refusal.label) - 1;

	p->refusal.line = p->line;
	p->refusal.ts = ts;
	p->refusal.mode = mode_from_label(label);
	memcpy(p->refusal.label, label.p, n);
	p->refusal.label[n] = '\0';
}

static void refused_exit(struct dmesg_parser *p, ns_t ts)
{
	struct pm_event ev;

	event_init(&ev, EV_CYCLE_REFUSED, p->refusal.ts, p->refusal.line);
	ev.mode = p->refusal.mode;
	ev.text = str_c(p->refusal.label);
	ev.end = ts;
	ev.end_line = p->line;
	emit(p, &ev);
	p->refusal.line = 0;
}

/* "suspend entry" starts every cycle: one in a cycle past its freezing
 * (or with device callbacks) starts the next, and the one open never
 * ended (it hung, or the log lost its end). The next one had no
 * suspend_enter phase. @once: the line a cycle has once (pm_event.entry):
 * a second one is the next cycle even where nothing came between (a grep
 * of the entry lines). */
static void entry(struct dmesg_parser *p, ns_t ts, struct str label, enum pm_mode mode,
		  bool once)
{
	if (once && p->in_cycle && p->entered && mode != MODE_DISK && exit_next(p, ts)) {
		refused(p, ts, label);
		return;
	}
	if (p->in_cycle && (!p->in_enter || p->cb_seen || (once && p->entered)))
		p->in_cycle = false;
	cycle_begin_at(p, ts, label, mode, false, once);
	p->entered |= once;
}

/*
 * Hibernation writes its image after the devices are thawed, before the
 * tasks are: seconds of the resume side that no device line covers. The
 * kernel's own figure, said where the report shows the cycle.
 */
static void image_written(struct dmesg_parser *p, ns_t ts, struct str m)
{
	char buf[160];

	if (str_starts(m, "hibernation: "))
		m = str_skip(m, 13);
	snprintf(buf, sizeof(buf), "hibernation image written (resume side): %.*s",
		 (int)(m.len < 100 ? m.len : 100), m.p);
	note(p, ts, EV_NOTE, str_c(buf));
}

/* Where a cycle without phase lines suspended its devices (@from to
 * @to: prepare and suspend, shown as suspend, where the time goes) or
 * resumed them (resume and complete, as resume). */
static void devices_span(struct dmesg_parser *p, ns_t from, ns_t to, bool suspend)
{
	enum phase_kind pk = suspend ? PK_SUSPEND : PK_RESUME;
	const char *name = suspend ? "suspend" : "resume";
	int64_t us = (to - from) / 1000;

	if (suspend) {
		/* a jiffy's error may start it before the console's suspend,
		 * printed before the kernel began to count */
		if (p->enter_end != NS_NONE && from < p->enter_end)
			from = p->enter_end;
		end_enter(p, from);
	}
	phase(p, EV_PHASE_BEGIN, from, pk, name, US_NONE);
	phase(p, EV_PHASE_END, to, pk, name, us);
}

/*
 * CONFIG_PM_TEST_SUSPEND's own figures, counted in jiffies: "PM: suspend
 * devices took 0.048 seconds" (prepare and suspend: dpm_suspend_start()),
 * "PM: resume devices took 0.260 seconds" (resume and complete:
 * dpm_resume_end()). Two phases each, so no phase's figure: said in a
 * note. In a cycle without phase lines they still say when its devices
 * went down and came up: the suspend side ends, the resume side begins.
 */
static bool devices_took(struct dmesg_parser *p, ns_t ts, struct str m)
{
	bool suspend = str_starts(m, "suspend devices took ");
	char buf[160];
	int64_t took;

	if (!suspend && !str_starts(m, "resume devices took "))
		return false;
	snprintf(buf, sizeof(buf), "the kernel's figure for %s, in jiffies: %.*s",
		 suspend ? "prepare and suspend" : "resume and complete",
		 (int)(m.len < 80 ? m.len : 80), m.p);
	note(p, ts, EV_NOTE, str_c(buf));
	/* no phase line in the cycle: the two lines are where its devices
	 * went down and came up (the rest was the machine's) */
	if (p->in_cycle && !p->phases_seen && ts != NS_NONE &&
	    str_seconds_ns(str_skip(m, suspend ? 21 : 20), &took) > 0 && ns_before(ts, took) != NS_NONE)
		devices_span(p, ns_before(ts, took), ts, suspend);
	return true;
}

/* The PM core's own messages (with "PM: " already removed). */
static bool pm_message(struct dmesg_parser *p, ns_t ts, struct str m)
{
	/* "suspend entry (deep)" once a cycle; Android's marker after it,
	 * "suspend entry 2025-07-10 01:19:52.487634359 UTC", is of the same */
	if (str_starts(m, "suspend entry"))
		entry(p, ts, paren(m), MODE_UNKNOWN, str_starts(m, "suspend entry ("));
	else if (str_starts(m, "hibernation entry") || str_starts(m, "hibernation: hibernation entry"))
		entry(p, ts, str_c("disk"), MODE_DISK, true);
	else if (str_starts(m, "Syncing filesystems"))
		cycle_begin(p, ts, STR_NULL, MODE_UNKNOWN);
	else if (str_starts(m, "Preparing system for sleep"))
		cycle_begin(p, ts, paren(m), MODE_UNKNOWN);
	else if (str_starts(m, "Suspending system")) {
		cycle_begin(p, ts, paren(m), MODE_UNKNOWN);
		end_enter(p, ts);
	} else if (str_starts(m, "Preparing system for ") || str_starts(m, "Entering ")) {
		struct str w = str_skip(m, str_starts(m, "Entering ") ? 9 : 21);
		long sp = str_find(w, " ");

		cycle_begin(p, ts, sp > 0 ? str_make(w.p, (size_t)sp) : w, MODE_UNKNOWN);
		if (str_starts(m, "Entering "))
			end_enter(p, ts);
	} else if (str_starts(m, "Creating hibernation image") ||
		   str_starts(m, "hibernation: Creating image") ||
		   str_starts(m, "Loading and decompressing image data") ||
		   str_starts(m, "Loading image data pages") ||
		   str_starts(m, "Preallocating image memory") ||
		   str_starts(m, "hibernation: Preallocating image memory")) {
		set_mode(p, ts, MODE_DISK, "disk");
	} else if (devices_complete(p, ts, m) || devices_took(p, ts, m))
		;
	else if (str_starts(m, "Finishing wakeup"))
		begin_exit(p, ts);
	else if (p->refusal.line && str_starts(m, "suspend exit"))
		refused_exit(p, ts);
	else if (str_starts(m, "suspend exit") || str_starts(m, "hibernation exit") ||
		 str_starts(m, "hibernation: hibernation exit")) {
		p->thaw_cut = false;
		begin_exit(p, ts);
		cycle_end(p, ts, EV_CYCLE_END, STR_NULL);
	} else if (str_starts(m, "suspend-to-idle")) {
		/* s2idle_loop() says it once a cycle: again after its wake, or
		 * with no cycle open, it is a cycle whose start the log lost */
		if (p->in_cycle && p->s2idle_woke)
			new_excerpt_at(p, p->kernel_line);
		if (!p->in_cycle)
			cycle_begin_cut(p, ts, str_c("s2idle"), MODE_S2IDLE);
		machine(p, ts, true);
		mark(p, ts, EV_SLEEP);
	} else if (str_starts(m, "resume from suspend-to-idle")) {
		mark(p, ts, EV_WAKE);
		machine(p, ts, false);
		p->s2idle_woke = p->in_cycle;
	} else if (str_starts(m, "Low-level resume complete")) {
		/* S3: the clock stood still while asleep; this is the instant */
		mark(p, ts, EV_SLEEP);
		mark(p, ts, EV_WAKE);
		if (p->in_cycle)
			p->wake_ts = ts;
	} else if (str_starts(m, "Preparing to enter system sleep state")) {
		machine(p, ts, true);
	} else if (str_starts(m, "Waking up from system sleep state")) {
		machine(p, ts, false);	/* CPUs are back: as far as it goes */
	} else if (str_starts(m, "Some devices failed to") ||
		   str_starts(m, "hibernation: Image allocation is") ||
		   str_starts(m, "Image allocation is") ||
		   str_starts(m, "Cannot find swap device") ||
		   str_starts(m, "Cannot get swap writer")) {
		cycle_end(p, ts, EV_CYCLE_ABORT, m);
	} else if (p->in_cycle && p->mode == MODE_DISK &&
		   (str_starts(m, "hibernation: Wrote ") || str_starts(m, "Wrote "))) {
		image_written(p, ts, m);
	} else
		return wake_reason(p, ts, m);
	return true;
}

/* "... 0.016 seconds" at the end of @m: when what it timed began. */
static ns_t seconds_before(ns_t ts, struct str m, const char *what)
{
	long at = str_find(m, what);
	ns_t len;

	if (at < 0 || !str_seconds_ns(str_skip(m, (size_t)at + strlen(what)), &len))
		return ts;
	return ns_before(ts, len) != NS_NONE ? ns_before(ts, len) : ts;
}

/*
 * An s2idle cycle whose log prints no device phase nor callback (the ROG
 * Ally's first ones): the ACPI EC's noirq callbacks say "interrupt
 * blocked" late in suspend and "unblocked" early in resume, the nearest
 * edges of the sleep the log has; without them suspend ended at the
 * consoles' suspend and resume was the thaw alone. (S3 logs have ACPI's
 * "Preparing to enter system sleep state", nearer.)
 */
static bool ec_noirq(struct dmesg_parser *p, ns_t ts, bool blocked)
{
	if (!p->in_cycle || p->mode != MODE_S2IDLE || p->phases_seen || p->cb_seen ||
	    blocked == p->in_machine)
		return false;
	machine(p, ts, blocked);
	return true;
}

/*
 * Hibernation makes its image with the other CPUs down: "Disabling
 * non-boot CPUs ..." to "Enabling non-boot CPUs ..." is the machine phase
 * of a disk cycle that no device phase line began (without one, the
 * thaw and the image write that follow were in no phase). The clock
 * stands still over the snapshot itself, as over S3. Only the first
 * pair: the CPUs go down again to power off after the image is written
 * (hibernation_platform_enter()), the machine's end, not a phase.
 */
static bool snapshot_cpus(struct dmesg_parser *p, ns_t ts, bool down)
{
	if (!p->in_cycle || p->mode != MODE_DISK)
		return false;
	if (down && !p->in_machine && p->snap == SNAP_NONE) {
		end_enter(p, ts);
		phase(p, EV_PHASE_BEGIN, ts, PK_MACHINE, "machine", US_NONE);
		p->in_machine = true;
		p->snap = SNAP_DOWN;
	} else if (!down && p->in_machine && p->snap == SNAP_DOWN) {
		phase(p, EV_PHASE_END, ts, PK_MACHINE, "machine", US_NONE);
		p->in_machine = false;
		p->snap = SNAP_DONE;
	}
	return true;
}

/*
 * A thaw that opens a cycle (its start left out) right after a task's
 * stack frame: the freezer's dump of a task refusing to freeze, whose
 * failure line went with the lines left out (the Lenovo 81EU's tail
 * after "... etc ..."). A WARN's or an Oops's trace ends in its "---[
 * end trace" line, not in a frame. The kernel backed out of the cycle.
 */
static void dumped_before_thaw(struct dmesg_parser *p, ns_t ts)
{
	struct pm_event ev;

	if (!p->frame_line || p->frame_line != p->kernel_line)
		return;
	/* an alarm's own trace (a BUG's, lockdep's) is no freezer's dump */
	if (p->report_line && p->frame_line - p->report_line <= REPORT_LINES)
		return;
	event_init(&ev, EV_CYCLE_ABORT, ts, p->frame_line);
	ev.text = str_c("a task's stack dumped right before the thaw, the freezer's report of "
			"a task refusing to freeze (its failure line not in the log)");
	emit(p, &ev);
	p->backed_out = true;
}

/* The lines after a freezer's failure in which it names the tasks that
 * refused to freeze. */
#define REFUSING_LOOK 160
#define REFUSING_NAMED 3

/*
 * A freezer's failure with the tasks it names in the dump right after it
 * ("Freezing of tasks failed after 20.005 seconds (1 tasks refusing to
 * freeze, wq_busy=0); tasks named: btrfs (pid 15156)"), as far as the
 * buffer holds them, up to the thaw or a blank line: which task held the
 * suspend back is what a reader wants.
 */
static struct str refusing_tasks(const struct dmesg_parser *p, struct str m, char *out, size_t n)
{
	struct kmsg_line kl;
	struct str next;
	unsigned int k, named = 0;
	char task[96];
	size_t len;

	m = str_trim_end(m);
	if (m.len && m.p[m.len - 1] == ':')
		m.len--;
	len = (size_t)snprintf(out, n, "%.*s", (int)(m.len < 160 ? m.len : 160), m.p);
	for (k = 1; p->r && k <= REFUSING_LOOK && named < REFUSING_NAMED &&
		    reader_peek(p->r, k, NULL, &next) > 0 && str_trim(next).len; k++) {
		if (!dmesg_split(next, &kl))
			continue;	/* a piece of the line before, mail's words */
		if (str_starts(kl.msg, "OOM killer enabled") || str_starts(kl.msg, "Restarting tasks"))
			break;
		if (!dmesg_task_line(kl.msg, task, sizeof(task)) || strstr(out, task) ||
		    len + strlen(task) + 16 >= n)
			continue;
		len += (size_t)snprintf(out + len, n - len, "%s%s", named++ ? ", " : "; tasks named: ", task);
	}
	return str_make(out, len);
}

/*
 * The freezer's and the syncer's words, of every era:
 *   "Restarting tasks ... done." (one line, stamped when thawing began;
 *     its "done." on a line of its own when other lines came between,
 *     stamped when the thaw ended: the PM_POST_SUSPEND notifiers follow)
 *   "Restarting tasks: Starting" ... "Restarting tasks: Done" (6.16)
 *   "Restarting kernel threads ..." ... "Done restarting kernel threads."
 *     (hibernation thaws kernel threads mid-cycle: not its end)
 *   "Filesystems sync: 0.033 seconds" (printed when the sync is over)
 *   "Freezing user space processes" ... "... completed (elapsed 0.001
 *     seconds)" (6.x; earlier "... (elapsed 0.001 seconds) done.")
 *   "Wakeup pending. Abort CPU freeze" (the non-boot CPUs stay up: the
 *     suspend, or the jump into a hibernation image, is called off)
 * and the ACPI EC's "interrupt blocked" / "unblocked" (ec_noirq()), the
 * CPUs' going down and up around hibernation's snapshot (snapshot_cpus()).
 */
static bool other_message(struct dmesg_parser *p, ns_t ts, struct str m)
{
	if (str_starts(m, "EC: interrupt blocked") || str_starts(m, "EC: interrupt unblocked"))
		return ec_noirq(p, ts, str_starts(m, "EC: interrupt blocked"));
	if (str_starts(m, "Disabling non-boot CPUs") || str_starts(m, "Enabling non-boot CPUs"))
		return snapshot_cpus(p, ts, str_starts(m, "Disabling"));
	if (str_starts(m, "OOM killer enabled")) {
		/* thaw_processes() says it first: with no cycle open, the
		 * log lost the start of the one it ends */
		if (!p->in_cycle) {
			if (p->piece_line)
				piece_cycle(p, ts);
			else
				cycle_begin_cut(p, ts, STR_NULL, MODE_UNKNOWN);
			dumped_before_thaw(p, ts);
		}
		begin_exit(p, ts);
	} else if (str_starts(m, "Restarting tasks: Starting")) {
		begin_exit(p, ts);
	} else if (str_starts(m, "Restarting tasks")) {
		piece_cycle(p, ts);
		if (!p->in_cycle)
			return false;
		begin_exit(p, ts);
		if (str_starts(m, "Restarting tasks: Done"))
			phase(p, EV_PHASE_END, ts, PK_EXIT, "thaw_processes", US_NONE);
		cycle_end(p, ts, EV_CYCLE_END, STR_NULL);
		p->thaw_cut = str_find(m, "done") < 0;
	} else if (p->thaw_cut && str_eq(str_trim(m), "done.")) {
		phase(p, EV_PHASE_END, ts, PK_EXIT, "thaw_processes", US_NONE);
		p->thaw_cut = false;
	} else if (str_starts(m, "Restarting kernel threads") ||
		   str_starts(m, "Done restarting kernel threads")) {
		return p->in_cycle;
	} else if (str_starts(m, "Wakeup pending. Abort CPU freeze")) {
		/* freeze_secondary_cpus() gave up: the suspend, or the jump
		 * into a hibernation image, is called off with no other line */
		if (!p->in_cycle)
			return false;
		cycle_end(p, ts, EV_CYCLE_ABORT, m);
	} else if (str_starts(m, "Freezing of tasks failed") ||
		   str_starts(m, "Freezing of tasks aborted") ||
		   (str_starts(m, "Freezing ") && (str_find(m, "failed after") > 0 ||
						   str_find(m, "aborted after") > 0))) {
		char why[256];

		cycle_end(p, ts, EV_CYCLE_ABORT, refusing_tasks(p, m, why, sizeof(why)));
	} else if (str_starts(m, "Filesystems sync:")) {
		/* every kernel that says so (5.1 on) said "PM: suspend entry"
		 * before: a cycle that begins here lost its first line */
		if (p->in_cycle)
			cycle_begin(p, ts, STR_NULL, MODE_UNKNOWN);
		else
			cycle_begin_cut(p, seconds_before(ts, m, "sync: "), STR_NULL, MODE_UNKNOWN);
	} else if (str_starts(m, "Freezing user space processes")) {
		bool began = p->in_cycle;	/* the usual case: the cycle began before */

		if (!began)
			cycle_begin(p, seconds_before(ts, m, "completed (elapsed "), STR_NULL,
				    MODE_UNKNOWN);
		p->frozen = true;
		return !began;
	} else if (str_starts(m, "Suspending console(s)")) {
		end_enter(p, ts);
	} else
		return false;
	return true;
}

/*
 * Until 5.14 the PM core printed a callback's time as ns >> 10 and
 * called it usecs; the kernel's version tells, else the line shape does.
 */
static void note_kernel(struct dmesg_parser *p, struct str v)
{
	int since = version_since(v, 5, 14);

	if (since >= 0)
		p->exact_us = since;
}

static void fact(struct dmesg_parser *p, const char *key, struct str value)
{
	struct pm_event ev;

	if (!strcmp(key, "kernel"))
		note_kernel(p, str_trim(value));
	event_init(&ev, EV_FACT, NS_NONE, p->line);
	ev.key = str_c(key);
	ev.text = str_trim(value);
	emit(p, &ev);
}

/* "smp: Brought up 1 node, 2 CPUs" (4.15 on), "Brought up 4 CPUs": the
 * CPUs online after boot, what the what-if replay shares by default. */
static void brought_up(struct dmesg_parser *p, struct str m)
{
	long at = str_find(m, " CPU");
	const char *q;
	uint64_t n;

	if (at <= 0)
		return;
	for (q = m.p + at; q > m.p && q[-1] >= '0' && q[-1] <= '9'; q--)
		;
	if (q == m.p + at || str_u64(str_make(q, (size_t)(m.p + at - q)), &n) == 0 || !n ||
	    n > 100000)
		return;
	fact(p, "ncpus", str_make(q, (size_t)(m.p + at - q)));
}

/* A line a boot would have taken, after the silence that ended it:
 * said once, where it is. */
static void after_silence(struct dmesg_parser *p)
{
	char buf[200];

	if (!p->silence_line || p->in_cycle || p->seen_cycle)
		return;
	snprintf(buf, sizeof(buf), "not the boot's, nor any line after it: the boot ended "
		 "before line %u, where %.1f s had passed without a line (hot-plug, or a "
		 "module loaded on demand)", p->silence_line, p->silence_ns / 1e9);
	say(p, NS_NONE, FC_NOTE, buf);
	p->silence_line = 0;
}

/* Whether a line may still be the boot's: no suspend began, and no
 * later line ended the boot. */
static bool boot_may_open(const struct dmesg_parser *p)
{
	return p->boot != BOOT_DONE && !p->in_cycle && !p->seen_cycle;
}

/* The boot's cycle, from @ts at @line; the milestones read before it
 * are its. */
static void open_boot(struct dmesg_parser *p, ns_t ts, unsigned int line)
{
	struct pm_event ev;

	event_init(&ev, EV_CYCLE_BEGIN, ts, line);
	ev.mode = MODE_BOOT;
	ev.text = str_c("boot");
	ev.cut = !p->seen_banner;
	emit(p, &ev);
	phase(p, EV_PHASE_BEGIN, ts, PK_BOOT_KERNEL, "kernel_init", US_NONE);
	p->boot = BOOT_KERNEL;
	if (!p->seen_banner) {
		unsigned int at = p->line;

		p->line = line;	/* said at the boot's first line */
		say(p, ts, FC_LOG_START_LOST, "the log begins inside this boot: the "
		    "kernel's banner (\"Linux version\") and what came before this "
		    "line are not in it (the ring buffer wrapped, or an excerpt)");
		p->line = at;
	}
	p->st->used += ms_pending_flush(&p->pending, p->b, !p->calls);
}

static void boot_line(struct dmesg_parser *p, ns_t ts, const struct dmesg_cb *cb)
{
	if (!boot_may_open(p)) {
		after_silence(p);
		return;	/* a module loaded later: not part of boot */
	}
	if (cb->shape != DS_INITCALL_START)
		return;
	p->calls = true;
	if (p->boot != BOOT_NONE)
		return;
	/* the boot began at its banner, as one without initcall_debug */
	if (p->seen_banner && p->banner_ts != NS_NONE && p->banner_ts <= ts)
		open_boot(p, p->banner_ts, p->banner_line);
	else
		open_boot(p, ts, p->line);
}

/*
 * A boot without initcall_debug begins where its log shows it is one:
 * the kernel's banner, then its first milestone; without the banner (an
 * excerpt), at its first milestone once a line only a boot prints comes
 * (the root mounted, init memory freed, init run). It starts where the
 * kernel's clock does, the banner's time; an excerpt's stamps are on
 * that clock too: its kernel_init is from 0 to init, as the boot totals
 * count, not from whichever line its author pasted first.
 */
static void boot_shown(struct dmesg_parser *p, ns_t ts)
{
	unsigned int line = p->line;
	ns_t start = ts;

	if (p->boot != BOOT_NONE || !boot_may_open(p) || ts == NS_NONE)
		return;
	if (p->pending.n && p->pending.v[0].ts <= start) {
		start = p->pending.v[0].ts;
		line = p->pending.v[0].line;
	}
	if (p->seen_banner && p->banner_ts != NS_NONE && p->banner_ts <= start) {
		start = p->banner_ts;
		line = p->banner_line;
	} else if (!p->seen_banner && start > 0) {
		start = 0;
	}
	open_boot(p, start, line);
}

/* Milestone @m at @ts (dmesg_milestones.c): the open boot's, or kept
 * until one begins. */
static void milestone(struct dmesg_parser *p, ns_t ts, const struct dmesg_milestone *m)
{
	char name[MS_NAME_MAX];
	struct pm_event ev;

	if (!boot_may_open(p) || ts == NS_NONE) {
		after_silence(p);
		return;
	}
	if (m->kind == MS_ROOT || (m->kind == MS_MOUNT && p->boot == BOOT_USER))
		p->rooted = true;	/* the kernel's, or the one /init mounted */
	dmesg_milestone_name(m, name, sizeof(name));
	if (p->boot == BOOT_NONE && (m->kind == MS_ROOT || (p->seen_banner && !p->calls_coming)))
		boot_shown(p, ts);
	if (p->boot == BOOT_NONE) {
		ms_pending_add(&p->pending, ts, p->line, m->kind, name, m->device);
		return;
	}
	event_init(&ev, EV_MILESTONE, ts, p->line);
	ev.milestone = (uint8_t)m->kind;
	ev.text = str_c(name);
	ev.device = m->device;
	ev.extent = !p->calls;
	builder_event(p->b, &ev);
	p->counted = true;
}

/* An initcall's return with no calling line before it in this boot (an
 * excerpt, a log without initcall_debug's first half): a milestone. */
static void initcall_milestone(struct dmesg_parser *p, ns_t ts, const struct dmesg_cb *cb)
{
	struct dmesg_milestone m = { .kind = MS_INITCALL, .device = cb->fn };

	if (cb->fn.len && cb->fn.len <= MS_DEVICE_MAX)
		milestone(p, ts, &m);
}

/* Milestone @m at @ts; @text what the line names (the init run). */
static void boot_mark_text(struct dmesg_parser *p, ns_t ts, enum boot_mark m, struct str text)
{
	struct pm_event ev;

	if (p->in_cycle || p->seen_cycle || p->boot == BOOT_DONE)
		return;	/* a suspend's lines, or a later boot's */
	event_init(&ev, EV_BOOT_MARK, ts, p->line);
	ev.boot_mark = m;
	ev.text = text;
	ev.extent = !p->calls;
	builder_event(p->b, &ev);
}

static void boot_mark(struct dmesg_parser *p, ns_t ts, enum boot_mark m)
{
	boot_mark_text(p, ts, m, STR_NULL);
}

/*
 * systemd writes its first lines to the kernel's buffer, before journald
 * runs: its banner, "systemd 247.9-1 running in system mode. (+PAM ...)",
 * each time it starts, in the initrd and again on the real root; in the
 * initrd the next line says so ("Running in initrd.", before systemd 246
 * "Running in initial RAM disk."), and the builder then takes the banner
 * for the initrd's.
 */
static void systemd_line(struct dmesg_parser *p, ns_t ts, struct str m)
{
	if (str_starts(m, "systemd ") && str_find(m, " running in system mode") > 0)
		boot_mark(p, ts, BM_SYSTEMD);
	else if (str_starts(m, "Running in initrd") || str_starts(m, "Running in initial RAM disk"))
		boot_mark(p, ts, BM_SYSTEMD_INITRD);
}

static void boot_userspace(struct dmesg_parser *p, ns_t ts)
{
	if (p->boot != BOOT_KERNEL)
		return;
	phase(p, EV_PHASE_END, ts, PK_BOOT_KERNEL, "kernel_init", US_NONE);
	phase(p, EV_PHASE_BEGIN, ts, PK_BOOT_USER, "user_init", US_NONE);
	p->boot = BOOT_USER;
}

/* A boot whose kernel never ran /init: cut short, or it hung, and the
 * log says no more of it than that it ended. */
static void boot_cut(struct dmesg_parser *p, const char *what)
{
	if (p->boot == BOOT_KERNEL)
		say(p, NS_NONE, FC_BOOT_CUT, what);
}

/* A kernel starts again in the same file (serial captures, reboots). */
static void new_boot(struct dmesg_parser *p)
{
	struct pm_event ev;

	boot_cut(p, "a new boot begins here, before the boot above ran /init");
	if (p->boot == BOOT_KERNEL || p->boot == BOOT_USER || p->in_cycle) {
		/* at no time of its own: the new kernel's clock starts again,
		 * and the line is the new boot's; a suspend or resume open
		 * here never ended: the machine restarted inside it */
		event_init(&ev, EV_CYCLE_END, NS_NONE, 0);
		ev.cut = p->in_cycle;
		builder_event(p->b, &ev);
	}
	p->boot = BOOT_NONE;
	p->seen_cycle = p->in_cycle = p->seen_dmi = p->calls = p->calls_coming = false;
	forget_piece(p);
	p->pending.n = 0;	/* an earlier boot's, or none's */
	p->in_enter = p->in_machine = p->in_exit = p->in_complete = false;
	p->last_ts = NS_NONE;	/* the clock starts again too */
}

/* A probe a suspend or resume cycle's log shows: not a PM callback. */
static void probe_beside(struct dmesg_parser *p, const struct kmsg_line *kl,
			 const struct dmesg_cb *cb)
{
	struct pm_event ev;

	event_init(&ev, EV_PROBE, kl->ts, p->line);
	ev.device = cb->device;
	ev.has_ret = cb->has_ret;
	ev.ret = cb->ret;
	ev.kernel_us = cb->usecs;
	ev.cb_flags = CB_FROM_DMESG | CB_PROBE;
	emit(p, &ev);
}

static bool cb_line(struct dmesg_parser *p, const struct kmsg_line *kl)
{
	struct dmesg_cb cb;
	struct pm_event ev;
	enum dmesg_shape shape = dmesg_cb_line(kl->msg, &cb);

	if (shape == DS_NONE && cb.refused)
		input_refuse(p->b, p->st, p->line, cb.refused);
	if (shape == DS_NONE)
		return cb.refused;
	bool boot = shape == DS_INITCALL_START || shape == DS_INITCALL_END ||
		    shape == DS_PROBE_END || shape == DS_QUIRK_START || shape == DS_QUIRK_END;

	if (!boot) {
		p->seen_cycle = true;	/* a suspend, even if its start is cut off */
		p->boot = BOOT_DONE;
		p->cb_seen = true;
	}
	if (shape == DS_INITCALL_END && !p->calls) {
		initcall_milestone(p, kl->ts, &cb);
		return true;
	}
	if (boot) {
		boot_line(p, kl->ts, &cb);
		if (shape == DS_PROBE_END && p->seen_cycle && p->boot == BOOT_DONE) {
			probe_beside(p, kl, &cb);
			return true;
		}
		if (p->boot != BOOT_KERNEL && p->boot != BOOT_USER)
			return true;
	}
	event_init(&ev, shape == DS_CB_START || shape == DS_INITCALL_START ||
			shape == DS_QUIRK_START ? EV_CB_START : EV_CB_END, kl->ts, p->line);
	ev.device = cb.device;
	ev.driver = cb.driver.p ? cb.driver : cb.module;
	ev.parent = cb.parent;
	ev.fn = cb.fn;
	ev.pid = cb.pid >= 0 ? cb.pid : kl->caller_tid;
	ev.has_ret = cb.has_ret;
	ev.ret = cb.ret;
	ev.kernel_us = cb.usecs;
	ev.cb_flags = CB_FROM_DMESG;
	if (shape == DS_INITCALL_START || shape == DS_INITCALL_END)
		ev.cb_flags |= CB_INITCALL;
	if (shape == DS_PROBE_END)
		ev.cb_flags |= CB_PROBE;
	if (shape == DS_QUIRK_START || shape == DS_QUIRK_END)
		ev.cb_flags |= CB_QUIRK;
	if (shape == DS_CB_END && !(p->exact_us >= 0 ? p->exact_us : cb.pm_prefix))
		ev.cb_flags |= CB_US_1024;
	/* initcall_debug too printed ns >> 10 as usecs before 5.14 (5.13's
	 * figures are 1/1.024 of the time between its own lines): only
	 * when the log says its version */
	if (shape == DS_INITCALL_END && p->exact_us == 0)
		ev.cb_flags |= CB_US_1024;
	emit(p, &ev);
	return true;
}

static void classify(struct dmesg_parser *p, const struct kmsg_line *kl)
{
	struct str m = kl->msg;
	long as;

	if (cb_line(p, kl))
		return;
	if (boot_may_open(p) || p->silence_line) {
		struct dmesg_milestone ms;

		if (dmesg_milestone_line(m, &ms))
			milestone(p, kl->ts, &ms);
	}
	if (str_starts(m, "printk: "))
		m = str_skip(m, 8);
	if (str_starts(m, "ACPI: "))
		m = str_skip(m, 6);
	if (str_starts(m, "PM: ") && pm_message(p, kl->ts, str_skip(m, 4)))
		return;
	if (str_starts(m, "Preparing to enter system sleep state") ||
	    str_starts(m, "Waking up from system sleep state") ||
	    str_starts(m, "Low-level resume complete")) {
		pm_message(p, kl->ts, m);	/* "ACPI: " without "PM: " (3.x) */
		return;
	}
	if (str_starts(m, "FPDT "))	/* "ACPI: FPDT 0x...": the table exists */
		boot_mark(p, kl->ts, BM_FPDT);
	if (other_message(p, kl->ts, m))
		return;
	if (str_starts(m, "Run /") && (as = str_find(m, " as init process")) > 0) {
		/* "Run /sbin/init as init process": the init's path */
		boot_shown(p, kl->ts);
		boot_mark_text(p, kl->ts, BM_RUN_INIT, str_make(m.p + 4, (size_t)as - 4));
		boot_userspace(p, kl->ts);
	} else if (str_starts(m, "systemd[1]: ")) {
		systemd_line(p, kl->ts, str_skip(m, 12));
	} else if (str_starts(m, "Freeing unused kernel image") ||
		   str_starts(m, "Freeing unused kernel memory")) {
		boot_shown(p, kl->ts);
		boot_mark(p, kl->ts, BM_FREE_INITMEM);
		boot_mark(p, kl->ts, BM_FREE_LAST);
		boot_userspace(p, kl->ts);
	} else if (str_starts(m, "Linux version ")) {
		new_boot(p);
		p->seen_banner = true;
		p->banner_ts = kl->ts;
		p->banner_line = p->line;
		fact(p, "kernel", str_make(m.p + 14, str_find(str_skip(m, 14), " ") > 0 ?
					   (size_t)str_find(str_skip(m, 14), " ") : m.len - 14));
	} else if (str_starts(m, "DMI: ") && !p->seen_dmi &&
		   !str_starts(m, "DMI: Memory slots") && !str_starts(m, "DMI: not present")) {
		/* the firmware's ids come first; later "DMI: " lines are other news */
		fact(p, "dmi", str_skip(m, 5));
		p->seen_dmi = true;
	} else if (str_starts(m, "Kernel command line: ")) {
		fact(p, "cmdline", str_skip(m, 21));
		p->calls_coming = str_find(m, "initcall_debug") > 0;
	} else if (str_starts(m, "smp: Brought up ") || str_starts(m, "Brought up ")) {
		brought_up(p, m);
	}
}

/*
 * A line where the kernel said a device or a phase failed
 * (dmesg_verdicts.c), to the builder as it said it; true when it was one.
 */
static bool kernel_verdict(struct dmesg_parser *p, const struct kmsg_line *kl)
{
	struct dmesg_verdict v;
	struct pm_event ev;

	if (!dmesg_verdict_line(kl->msg, &v))
		return false;
	dmesg_paste_failed(&p->paste, &v);
	event_init(&ev, EV_VERDICT, kl->ts, p->line);
	ev.verdict = (uint8_t)v.kind;
	ev.device = v.device;
	ev.driver = v.driver;
	ev.fn = v.fn;
	ev.event = str_c(v.phase);
	ev.ret = v.err;
	ev.text = kl->msg;
	builder_event(p->b, &ev);
	return true;
}

/*
 * The alarm @kl raises, if any. A report (an Oops, a WARN()) runs from
 * its first line to its "---[ end trace"; a frame of __warn() outside
 * one is a WARN() whose first line printk dropped ("** 43 printk
 * messages dropped **", the am437x's console during suspend).
 */

static enum verdict_kind alarm(struct dmesg_parser *p, const struct kmsg_line *kl)
{
	enum verdict_kind kind = dmesg_alarm(kl->msg);

	if (kind == VK_NONE && dmesg_warn_frame(kl->msg) &&
	    (!p->report_line || p->line - p->report_line > REPORT_LINES))
		kind = VK_WARNING;
	if (kind != VK_NONE)
		p->report_line = p->line;
	else if (str_starts(kl->msg, "---[ end "))
		p->report_line = 0;
	return kind;
}

/* A line no rule took is the log's own words: the builder keeps them. A
 * verdict is both: the device's words stay its messages. */
static void message(struct dmesg_parser *p, const struct kmsg_line *kl, bool first)
{
	bool verdict = kernel_verdict(p, kl);

	classify(p, kl);
	if (!p->used)
		dmesg_message(p->b, kl, p->line, alarm(p, kl), first);
	p->used |= verdict;
}

/* The lines after a step back inside a hibernation in which the image's
 * clock may come back. */
#define IMAGE_BACK_LOOK 64

static bool image_comes_back(const struct dmesg_parser *p)
{
	struct kmsg_line kl;
	struct str next;
	unsigned int k;

	for (k = 1; p->r && k <= IMAGE_BACK_LOOK && reader_peek(p->r, k, NULL, &next) > 0; k++)
		if (dmesg_split(next, &kl) && kl.ts != NS_NONE && kl.ts >= p->last_ts)
			return true;
	return false;
}

/*
 * Whether a step back of the clock to the line @kl is the log's own:
 * a hibernation's image restored (the clock is the image's again), a
 * boot's CPUs and clocksources starting ("masked ExtINT on CPU#1" at
 * the secondary's clock, "tsc: Marking TSC unstable" from a new base).
 * A boot goes back to a new excerpt only at an initcall's start (one
 * grep over the initcalls of several boots). A hibernation that went no
 * further than its first line wrote no image to restore: a step back
 * there is another excerpt (the Fedora mac's two pastes, each ending at
 * its "hibernation entry"), unless the log comes back to its time within
 * the next lines (a grep of a hibernation's lines: the boot kernel's,
 * then the image's again).
 */
static bool same_excerpt(const struct dmesg_parser *p, const struct kmsg_line *kl)
{
	struct dmesg_cb cb;

	if (p->in_cycle && p->mode == MODE_DISK)
		return p->kernel_line > p->cycle_line || image_comes_back(p);
	return p->boot == BOOT_KERNEL && dmesg_cb_line(kl->msg, &cb) != DS_INITCALL_START;
}

/*
 * The log begins again at an earlier time: a mail with two pastes,
 * pstore's parts newest first, one grep over several runs. What is
 * open ends here, cut (its end is not in this excerpt): no cycle takes
 * lines of another time, so none has a phase of negative length.
 */
static void excerpt_ends(struct dmesg_parser *p, unsigned int end_line, bool pasted)
{
	struct pm_event ev;

	/* the builder's cycle, if one is open: callback lines open one
	 * without a start line. It ends at the excerpt's last stamped
	 * line, not at the next one's first. */
	event_init(&ev, EV_CYCLE_END, NS_NONE, end_line);
	ev.cut = true;
	ev.pasted = pasted;
	builder_event(p->b, &ev);
	dmesg_paste_forget(&p->paste);
	if (p->boot == BOOT_KERNEL || p->boot == BOOT_USER)
		p->boot = BOOT_NONE;
	p->in_cycle = p->in_enter = p->in_machine = p->in_exit = p->in_complete = false;
	forget_piece(p);	/* another piece: of another boot, maybe */
}

static void new_excerpt_at(struct dmesg_parser *p, unsigned int end_line)
{
	excerpt_ends(p, end_line, false);
}

/* Another paste begins, in a mail's log without stamps: where it says a
 * device's failure of the piece before again, that piece ended where its
 * author cut it (an excerpt), and this is another cycle's. */
static void paste_begins(struct dmesg_parser *p, struct str line)
{
	if (!p->stamped && p->kernel_line && dmesg_paste_again(&p->paste, p->r, line))
		excerpt_ends(p, p->kernel_line, true);
}

static void new_excerpt(struct dmesg_parser *p)
{
	new_excerpt_at(p, p->last_ts_line ? p->last_ts_line : p->line);
}

/* A step back this long is no printk's jitter nor a line stored late
 * (a continuation's stamp is its first part's): another excerpt. */
#define EXCERPT_STEP_NS 1000000000LL
/* The lines after this one that show whether a step back sticks. */
#define STEP_BACK_LOOK 16

/*
 * The clock went back to @kl's stamp from p->last_ts: whether the log
 * comes back to where it was within the next lines (what the buffer
 * holds of them): one CPU's early clock ("[0.021155] numa_add_cpu cpu 1
 * node 0" among lines at 1.4 s as the CPUs come up), not a new excerpt,
 * whose lines go on from the earlier time.
 */
static bool comes_back(const struct dmesg_parser *p, ns_t back)
{
	struct kmsg_line kl;
	struct str next;
	unsigned int k;

	if (!p->r)
		return false;
	for (k = 1; k <= STEP_BACK_LOOK && reader_peek(p->r, k, NULL, &next) > 0; k++) {
		if (!dmesg_split(next, &kl) || kl.ts == NS_NONE)
			continue;
		if (kl.ts + CLOCK_STEP_BACK_NS >= p->last_ts)
			return true;
		/* the earlier time goes on for seconds: another excerpt
		 * (a second grep of the same log, 37 s back), however soon
		 * it passes the first */
		if (kl.ts > back + EXCERPT_STEP_NS)
			return false;
	}
	return false;
}

/*
 * A line the stamps step back at that is one read a little before, stamp
 * and words (a paste that repeats a line: "[ 122.742365] PM: suspend of
 * devices complete ..." again after its cycle's exit, in the am335x
 * mail): said, and passed over; no excerpt begins there. True when it is.
 * (Not at the same stamp: the E7250's log has a line twice in a
 * microsecond, and the kernel printed both.)
 */
static bool repeated(struct dmesg_parser *p, const struct kmsg_line *kl)
{
	uint32_t h;
	unsigned int i, n = p->nseen < SEEN_LINES ? p->nseen : SEEN_LINES;
	char buf[96];

	if (kl->ts == NS_NONE || p->last_ts == NS_NONE || kl->ts + CLOCK_STEP_BACK_NS >= p->last_ts)
		return false;
	h = hash_bytes(kl->msg.p, kl->msg.len);
	for (i = 0; i < n; i++) {
		const struct seen_line *s = &p->seen[i];

		if (s->ts != kl->ts || s->hash != h)
			continue;
		if (!p->repeats++) {	/* the first at its line; the count at the end */
			snprintf(buf, sizeof(buf), "line %u repeats line %u (stamp and words): "
				 "passed over", p->line, s->line);
			say(p, kl->ts, FC_NOTE, buf);
		}
		return true;
	}
	return false;
}

/*
 * A booted machine's log falls silent until someone uses it: a line more
 * than BOOT_SILENCE_NS after the one before, once the boot ran init and
 * mounted its root, is no boot's (a dock or a USB disk plugged in, a
 * module loaded on demand), and nor is any after it. Before the root a
 * boot may wait that long for a disk's passphrase; before init, a boot
 * that stops is cut short or hung (boot_cut()).
 */
#define BOOT_SILENCE_NS 30000000000LL

static void boot_silence(struct dmesg_parser *p, ns_t ts)
{
	if (p->boot != BOOT_USER || !p->rooted || p->last_ts == NS_NONE ||
	    ts - p->last_ts <= BOOT_SILENCE_NS)
		return;
	p->boot = BOOT_DONE;
	p->silence_line = p->line;
	p->silence_ns = ts - p->last_ts;
}

/*
 * A paste's mark of lines left out ("... etc ...") in a cycle the kernel
 * backed out of: its last lines come within seconds of its failure (the
 * freezer gives up after 20 s), so lines stamped a minute later are
 * another attempt's (the Lenovo 81EU's fifth, then one six minutes on).
 */
#define BACK_OUT_NS 60000000000LL

/* From one wall-clock second of the day to the next line's: across
 * midnight when it went back by more than half a day; none when it went
 * back less (a clock set back). */
static ns_t day_gap(int32_t from, int32_t to)
{
	int32_t d = to - from;

	if (d < -43200)
		d += 86400;
	return d < 0 ? NS_NONE : (ns_t)d * 1000000000LL;
}

static void lines_left_out(struct dmesg_parser *p, const struct kmsg_line *kl)
{
	ns_t gap = NS_NONE;

	if (kl->ts != NS_NONE && p->last_ts != NS_NONE)
		gap = kl->ts - p->last_ts;
	else if (kl->ts == NS_NONE && kl->day_s >= 0 && p->last_day_s >= 0)
		gap = day_gap(p->last_day_s, kl->day_s);
	if (kl->day_s >= 0)
		p->last_day_s = kl->day_s;
	if (kl->ts == NS_NONE && kl->day_s < 0)
		return;	/* no time: it says nothing of the gap */
	if (p->elided && p->in_cycle && p->backed_out && gap != NS_NONE && gap > BACK_OUT_NS) {
		new_excerpt_at(p, p->elided_after);
		p->piece_line = p->line;
	}
	p->elided = false;
}

static void check_clock(struct dmesg_parser *p, const struct kmsg_line *kl)
{
	ns_t ts = kl->ts;
	bool same;
	char buf[128];

	if (ts == NS_NONE)
		return;
	/* Tiny steps back happen (printk from several CPUs); larger ones mean
	 * a restored hibernation image, a new boot in the same file, or a
	 * new excerpt. */
	if (p->last_ts != NS_NONE && ts + CLOCK_STEP_BACK_NS < p->last_ts) {
		same = ts + EXCERPT_STEP_NS >= p->last_ts || same_excerpt(p, kl) || comes_back(p, ts);
		if (!same)
			new_excerpt(p);
		snprintf(buf, sizeof(buf), "time stamps go back from %.6f to %.6f s%s",
			 p->last_ts / 1e9, ts / 1e9,
			 same ? "" : ": the log starts again here (another excerpt)");
		say(p, ts, FC_NOTE, buf);
	}
	boot_silence(p, ts);
	p->last_ts = ts;
	p->last_ts_line = p->line;
	p->seen[p->nseen % SEEN_LINES] =
		(struct seen_line){ ts, hash_bytes(kl->msg.p, kl->msg.len), p->line };
	p->nseen++;
}

/*
 * A record whose stamp a serial console garbled: a callback's end line
 * is read, whole as it is (the kernel's figure after its start says when
 * it ended); other words without a time tie to nothing.
 */
static bool damaged(struct dmesg_parser *p, struct str line)
{
	struct kmsg_line kl;
	struct dmesg_cb cb;
	enum dmesg_shape s;

	if (!dmesg_split_damaged(line, &kl))
		return false;
	s = dmesg_cb_line(kl.msg, &cb);
	if (s != DS_CB_END && s != DS_INITCALL_END && s != DS_PROBE_END && s != DS_QUIRK_END)
		return false;
	cb_line(p, &kl);
	return true;
}

/* Garbled bytes glued the next record onto a record cut short: what
 * the console printed between them is lost. */
static void glued(struct dmesg_parser *p, ns_t from, ns_t to)
{
	char buf[160];

	snprintf(buf, sizeof(buf), "a record cut short and the next glued to it: the log "
		 "lost what came between %.6f and %.6f s", from / 1e9, to / 1e9);
	say(p, from, FC_NOTE, buf);
}

/* A kernel log line, with its prefix or (in a log that has none) bare. */
static bool split_any(struct dmesg_parser *p, struct str line, struct kmsg_line *kl)
{
	if (dmesg_split(line, kl)) {
		/* In a log read bare so far, one stamped line is a console's
		 * stray ("root@target:~# time rtcwake -s10 -mmem[   35.451572]
		 * vdd_ldo12: disabling"): read, and the log stays bare; a
		 * second makes it a stamped one. */
		if (!p->prefixed && p->bare_read && (!p->stray_line || p->stray_line == p->line))
			p->stray_line = p->line;
		else
			p->prefixed = true;
		return true;
	}
	if (p->prefixed)
		return false;
	if (!dmesg_split_bare(line, kl) && !dmesg_paste_line(&p->paste, line, kl)) {
		if (p->paste.removed && !p->paste.removed_said) {
			p->paste.removed_said = true;
			say(p, NS_NONE, FC_NOTE, "the mail shows two logs as a diff: its removed "
			    "lines ('-', the other log's) are passed over from this one on, its "
			    "added ('+') and shared ones read");
		}
		return false;
	}
	p->bare_read = true;
	return true;
}

/* A line a console's hand-over printed again: read once, and said once. */
static void replayed(struct dmesg_parser *p, const struct kmsg_line *kl)
{
	if (p->console.from != p->line || p->console.replays != 1)
		return;
	say(p, kl->ts, FC_NOTE, "a boot console's hand-over prints the log again from its "
	    "start here (\"bootconsole [...] disabled\" just before): the same records, "
	    "read once, not a second boot");
}

/*
 * A shell's lines about the suspend, in a console's log: its command
 * ("root@imx8mpevk:~# echo mem > /sys/power/state") and, after a cycle
 * that began since, its error ("-sh: echo: write error: Operation not
 * supported", bash's "bash: echo: write error: Device or resource busy"):
 * the write failed, the suspend did not happen. rtcwake's likewise
 * ("rtcwake: wakeup from \"freeze\" using rtc0 at ...", "rtcwake: write
 * error").
 */
static void shell_line(struct dmesg_parser *p, struct str line)
{
	bool rtcwake = str_find(line, "rtcwake: ") >= 0;
	struct pm_event ev;
	char buf[256];

	if (!rtcwake && str_find(line, "echo") < 0)	/* most lines: one scan */
		return;
	if ((str_find(line, "/sys/power/state") >= 0 && str_find(line, "echo ") >= 0) ||
	    (rtcwake && str_find(line, "rtcwake: wakeup from ") >= 0)) {
		p->state_cmd = p->line;
		return;
	}
	if (!p->state_cmd || p->cycle_line <= p->state_cmd ||
	    (str_find(line, "echo: write error: ") < 0 && str_find(line, "rtcwake: write error") < 0))
		return;
	line = str_trim(line);
	snprintf(buf, sizeof(buf), "its write to /sys/power/state failed, as %s said "
		 "(\"%.*s\")", rtcwake ? "rtcwake" : "the shell", (int)(line.len < 160 ? line.len : 160),
		 line.p);
	event_init(&ev, EV_STATE_FAILED, p->last_ts, p->line);
	ev.text = str_c(buf);
	emit(p, &ev);
	p->state_cmd = 0;
}

/*
 * A mark where a paste left lines out: "...", "[...]", "... etc ...",
 * "<snip>", "-- cut --", "8<----", "[ 200 lines omitted ]", KernelCI's
 * "... (14 line(s) more)": dots, dashes and brackets around a few such
 * words, with an ellipsis or a word that says it.
 */
/* Whether the @n bytes at @w are one of the @nwords @words. */
static bool one_of(const char *w, size_t n, const char *const *words, size_t nwords)
{
	size_t k;

	for (k = 0; n && k < nwords; k++)
		if (strlen(words[k]) == n && !memcmp(w, words[k], n))
			return true;
	return false;
}

static bool elision(struct str line)
{
	static const char *const says[] = {	/* that lines were left out */
		"snip", "snipped", "cut", "omitted", "skipped", "trimmed", "elided",
	};
	static const char *const fills[] = { "etc", "more", "line", "lines", "s" };
	bool said = false;
	size_t i = 0, n;

	line = str_trim(line);
	if (!line.len || line.len > 60)
		return false;
	for (; i < line.len; i += n) {
		const char *c = line.p + i;

		n = 1;
		if (i + 3 <= line.len && (!memcmp(c, "...", 3) || !memcmp(c, "\xe2\x80\xa6", 3))) {
			said = true;	/* an ellipsis, or U+2026 */
			n = 3;
		} else if (i + 2 <= line.len && !memcmp(c, "8<", 2)) {
			said = true;	/* scissors */
			n = 2;
		} else if (strchr(" \t.-=~*_[]<>()>0123456789", *c)) {
			continue;
		} else {
			for (n = 0; i + n < line.len && islower((unsigned char)c[n]); n++)
				;
			if (one_of(c, n, says, ARRAY_SIZE(says)))
				said = true;
			else if (!one_of(c, n, fills, ARRAY_SIZE(fills)))
				return false;
		}
	}
	return said;
}

/*
 * A journal's line of user space after a paste's mark of lines left out,
 * in a cycle that froze user space: no task logs before the thaw, so the
 * paste left out the cycle's rest (the XPS 9360's "[…]", then sudo and
 * cron minutes on). The cycle ends at the line before the mark, cut by
 * the paste's author.
 */
static bool rest_left_out(struct dmesg_parser *p, struct str line)
{
	/* journalctl's line between boots: the user space after it is the
	 * next boot's, and the cycle may have hung */
	if (str_starts(line, "-- Boot ") || str_starts(line, "-- Reboot --"))
		p->elided = false;
	if (!p->elided || !p->in_cycle || !p->frozen || !dmesg_user_line(line))
		return false;
	excerpt_ends(p, p->elided_after, true);
	p->elided = false;
	return true;
}

/* The first record of @line (more may be glued on): the bytes it took;
 * @read set when it was a kernel log line. */
static size_t record_part(struct dmesg_parser *p, struct str line, bool *read)
{
	struct str kernel = STR_NULL;
	struct kmsg_line kl;
	bool first;
	size_t at;

	if (str_starts(line, "# ") && sleepgraph_line(p->b, line, p->line, &kernel)) {
		if (kernel.len)
			note_kernel(p, kernel);
		*read = true;
		return line.len;
	}
	if (!split_any(p, line, &kl)) {
		if (damaged(p, line))
			*read = true;
		else if (rest_left_out(p, line))
			;
		else if (p->in_cycle && elision(line) && p->text_line) {
			p->elided = true;
			p->elided_after = p->text_line;
		}
		else
			shell_line(p, line);
		return line.len;
	}
	*read = true;
	if (kl.ts != NS_NONE)
		p->stamped = true;
	if (kl.refused) {
		input_refuse(p->b, p->st, p->line, kl.refused);
		return line.len;
	}
	if (console_replayed(&p->console, &kl, p->line)) {
		replayed(p, &kl);
		return line.len;
	}
	at = dmesg_glued_at(&kl);
	if (at < kl.msg.len) {
		struct kmsg_line next;

		kl.msg.len = at;
		if (dmesg_split(str_skip(line, (size_t)(kl.msg.p + at - line.p)), &next))
			glued(p, kl.ts, next.ts);
	}
	if (repeated(p, &kl))
		return line.len;
	lines_left_out(p, &kl);
	check_clock(p, &kl);
	first = p->paste.start;
	p->paste.start = false;
	if (first)
		paste_begins(p, line);
	message(p, &kl, first);
	if (dmesg_stack_frame(kl.msg))
		p->frame_line = p->line;
	p->kernel_line = p->line;
	return (size_t)(kl.msg.p + kl.msg.len - line.p);
}

/* One line's records; false when it holds no kernel log line at all. */
static bool record(struct dmesg_parser *p, struct str line)
{
	bool read = false;

	while (line.len)
		line = str_skip(line, record_part(p, line, &read));
	return read;
}

/*
 * Records glued by NULs (a record cut short, a NUL, the next record: seen
 * in logs copied out of a crashed or mailed buffer): each piece that is
 * a log line is read. False when none was; *@lost when a piece was not
 * (a NUL inside a record: what follows it is no line of its own).
 */
static bool glued_records(struct dmesg_parser *p, struct str line, bool *lost)
{
	bool any = false;

	while (line.len) {
		const char *nul = memchr(line.p, '\0', line.len);
		struct str piece = str_make(line.p, nul ? (size_t)(nul - line.p) : line.len);

		if (piece.len && record(p, piece))
			any = true;
		else if (piece.len)
			*lost = true;
		line = str_skip(line, piece.len + 1);
	}
	return any;
}

/* A line holding a NUL: read piece by piece, or counted as skipped (none
 * read) or as read in part, so that no line goes without a word. */
static void nul_line(struct dmesg_parser *p, struct str line)
{
	bool lost = false;

	if (!glued_records(p, line, &lost))
		p->st->skipped++;
	else if (lost && !p->st->partial++)
		p->st->first_partial = p->line;
}

/* A line with a mail client's non-breaking spaces, as the kernel
 * printed it: its stamp, and its words where they had two blanks. */
static struct str unnbsp(struct dmesg_parser *p, struct str line)
{
	if (!p->fixed)
		p->fixed = xmalloc(LINE_MAX_BYTES);
	return str_make(p->fixed, dmesg_unnbsp(line, p->fixed));
}

/*
 * A log read without the kernel's stamps (journalctl's default form,
 * dmesg -t): what it gives, the kernel's own figures, and what it
 * cannot, said once.
 */
static void repeats_note(struct dmesg_parser *p)
{
	char buf[96];

	if (p->repeats < 2)
		return;
	p->line = 0;
	snprintf(buf, sizeof(buf), "%u lines repeat earlier ones (stamp and words): passed over",
		 p->repeats);
	say(p, NS_NONE, FC_NOTE, buf);
}

static void unstamped_note(struct dmesg_parser *p)
{
	if (!p->unstamped || p->stamped)
		return;
	p->line = 0;
	say(p, NS_NONE, FC_TIMING, "the log has no kernel time stamps (journalctl's default "
	    "form, dmesg -t): callbacks and phases are the kernel's own figures; when they ran, "
	    "the critical path and the lines logged while each ran are not in it (dmesg, or "
	    "journalctl -k -o short-monotonic, keeps the stamps)");
}

/*
 * @line (@raw as the reader gave it) with the pieces of it a mail's hard
 * wrap broke off (dmesg_unwrap()), and the note at the first.
 */
static struct str unwrap(struct dmesg_parser *p, struct line_reader *r, struct str *raw,
			 struct str line)
{
	struct kmsg_line kl;
	unsigned int taken;

	/* a line indented where the paste is not is a piece itself */
	if (!dmesg_may_continue(r, *raw) ||
	    (!p->prefixed && !p->paste.indented && str_starts(line, "  ")))
		return line;
	line = dmesg_unwrap(&p->wrap, r, raw, line, p->prefixed, &taken);
	if (!taken)
		return line;
	p->st->lines += taken;
	if (!p->wrap.said && split_any(p, line, &kl))
		say(p, kl.ts, FC_NOTE, "lines a mail broke (hard-wrapped) are joined to the "
		    "line before where the joined line reads whole, from this one on");
	p->wrap.said = true;
	return line;
}

int dmesg_read(struct line_reader *r, struct builder *b, struct input_stats *st)
{
	struct dmesg_parser p = { .b = b, .st = st, .r = r, .last_ts = NS_NONE, .last_day_s = -1, .exact_us = -1,
				  .wake_ts = NS_NONE, .banner_ts = NS_NONE, .enter_end = NS_NONE,
				  .console = { .ts = NS_NONE } };
	struct progress pg;
	struct str line, raw;
	int rc = 0;

	progress_init(&pg, reader_path(r));
	reader_find_nbsp(r);
	/* past a bound of the builder's, the rest is not read */
	while (!builder_stopped(b, NULL) && (rc = reader_next(r, &line)) > 0) {
		p.line = reader_lineno(r);
		p.used = p.counted = false;
		if (!(p.line & 0xffff))
			progress_tick(&pg, reader_bytes(r), reader_compressed(r));
		st->lines++;
		if (reader_line_too_long(r)) {
			st->skipped++;
			continue;
		}
		raw = line;
		if (dmesg_paste_see(&p.paste, r, &raw, p.prefixed)) {
			p.text_line = p.line;
			continue;
		}
		line = raw;
		if (reader_line_has_nbsp(r))
			line = unnbsp(&p, line);
		if (p.paste.indented)
			line = dmesg_unindent(line);
		line = unwrap(&p, r, &raw, line);
		if (reader_line_has_nul(r))
			nul_line(&p, line);
		else
			record(&p, line);
		if (p.used || p.counted)
			st->used++;
		if (str_trim(line).len)
			p.text_line = p.line;
	}
	progress_done(&pg);
	unstamped_note(&p);
	repeats_note(&p);
	free(p.fixed);
	free(p.wrap.buf);
	/* a read that failed ends the log there too (and says why) */
	boot_cut(&p, "the log ends before this boot ran /init (cut short, or hung)");
	st->bytes = reader_bytes(r);
	return rc;
}

/* A line that splits as a trace line is the trace's (ftrace/ftrace.c). */
static unsigned int line_score(struct str line)
{
	struct kmsg_line kl;

	if (ftrace_line_score(line) || memchr(line.p, '\0', line.len))
		return 0;
	return dmesg_split(line, &kl) || dmesg_split_bare(line, &kl);
}

static unsigned int detect(struct str window)
{
	return detect_lines(window, line_score);
}

static int read_file(struct input_ctx *in)
{
	return input_read_lines(in, dmesg_read);
}

const struct input_format dmesg_format = { INPUT_DMESG, "kernel log", false, detect, read_file };
