// SPDX-License-Identifier: GPL-2.0
/*
 * The PM core's own lines ("PM: suspend entry (deep)", "... of devices
 * complete after", CONFIG_PM_TEST_SUSPEND's "devices took", the wake's
 * reason, a request turned away at once).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#include "dmesg_parser.h"

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
		dp_note(p, ts, EV_WAKE_REASON, str_c(buf));
		return true;
	}
	return false;
}

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
	if (n)	/* "suspend entry (s2idle" cut short: no label */
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
	dp_emit(p, &ev);
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
	dp_cycle_begin_at(p, ts, label, mode, false, once);
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
	dp_note(p, ts, EV_NOTE, str_c(buf));
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
		dp_end_enter(p, from);
	}
	dp_phase(p, EV_PHASE_BEGIN, from, pk, name, US_NONE);
	dp_phase(p, EV_PHASE_END, to, pk, name, us);
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
	dp_note(p, ts, EV_NOTE, str_c(buf));
	/* no phase line in the cycle: the two lines are where its devices
	 * went down and came up (the rest was the machine's) */
	if (p->in_cycle && !p->phases_seen && ts != NS_NONE &&
	    str_seconds_ns(str_skip(m, suspend ? 21 : 20), &took) > 0 && ns_before(ts, took) != NS_NONE)
		devices_span(p, ns_before(ts, took), ts, suspend);
	return true;
}

/* The PM core's own messages (with "PM: " already removed). */
bool dp_pm_message(struct dmesg_parser *p, ns_t ts, struct str m)
{
	/* "suspend entry (deep)" once a cycle; Android's marker after it,
	 * "suspend entry 2025-07-10 01:19:52.487634359 UTC", is of the same */
	if (str_starts(m, "suspend entry"))
		entry(p, ts, dp_paren(m), MODE_UNKNOWN, str_starts(m, "suspend entry ("));
	else if (str_starts(m, "hibernation entry") || str_starts(m, "hibernation: hibernation entry"))
		entry(p, ts, str_c("disk"), MODE_DISK, true);
	else if (str_starts(m, "Syncing filesystems"))
		dp_cycle_begin(p, ts, STR_NULL, MODE_UNKNOWN);
	else if (str_starts(m, "Preparing system for sleep"))
		dp_cycle_begin(p, ts, dp_paren(m), MODE_UNKNOWN);
	else if (str_starts(m, "Suspending system")) {
		dp_cycle_begin(p, ts, dp_paren(m), MODE_UNKNOWN);
		dp_end_enter(p, ts);
	} else if (str_starts(m, "Preparing system for ") || str_starts(m, "Entering ")) {
		struct str w = str_skip(m, str_starts(m, "Entering ") ? 9 : 21);
		long sp = str_find(w, " ");

		dp_cycle_begin(p, ts, sp > 0 ? str_make(w.p, (size_t)sp) : w, MODE_UNKNOWN);
		if (str_starts(m, "Entering "))
			dp_end_enter(p, ts);
	} else if (str_starts(m, "Creating hibernation image") ||
		   str_starts(m, "hibernation: Creating image") ||
		   str_starts(m, "Loading and decompressing image data") ||
		   str_starts(m, "Loading image data pages") ||
		   str_starts(m, "Preallocating image memory") ||
		   str_starts(m, "hibernation: Preallocating image memory")) {
		dp_set_mode(p, ts, MODE_DISK, "disk");
	} else if (dp_devices_complete(p, ts, m) || devices_took(p, ts, m))
		;
	else if (str_starts(m, "Finishing wakeup"))
		dp_begin_exit(p, ts);
	else if (p->refusal.line && str_starts(m, "suspend exit"))
		refused_exit(p, ts);
	else if (str_starts(m, "suspend exit") || str_starts(m, "hibernation exit") ||
		 str_starts(m, "hibernation: hibernation exit")) {
		p->thaw_cut = false;
		dp_begin_exit(p, ts);
		dp_cycle_end(p, ts, EV_CYCLE_END, STR_NULL);
	} else if (str_starts(m, "suspend-to-idle")) {
		/* s2idle_loop() says it once a cycle: again after its wake, or
		 * with no cycle open, it is a cycle whose start the log lost */
		if (p->in_cycle && p->s2idle_woke)
			dp_new_excerpt_at(p, p->kernel_line);
		if (!p->in_cycle)
			dp_cycle_begin_cut(p, ts, str_c("s2idle"), MODE_S2IDLE);
		dp_machine(p, ts, true);
		dp_mark(p, ts, EV_SLEEP);
	} else if (str_starts(m, "resume from suspend-to-idle")) {
		dp_mark(p, ts, EV_WAKE);
		dp_machine(p, ts, false);
		p->s2idle_woke = p->in_cycle;
	} else if (str_starts(m, "Low-level resume complete")) {
		/* S3: the clock stood still while asleep; this is the instant */
		dp_mark(p, ts, EV_SLEEP);
		dp_mark(p, ts, EV_WAKE);
		if (p->in_cycle)
			p->wake_ts = ts;
	} else if (str_starts(m, "Preparing to enter system sleep state")) {
		dp_machine(p, ts, true);
	} else if (str_starts(m, "Waking up from system sleep state")) {
		dp_machine(p, ts, false);	/* CPUs are back: as far as it goes */
	} else if (str_starts(m, "Some devices failed to") ||
		   str_starts(m, "hibernation: Image allocation is") ||
		   str_starts(m, "Image allocation is") ||
		   str_starts(m, "Cannot find swap device") ||
		   str_starts(m, "Cannot get swap writer")) {
		dp_cycle_end(p, ts, EV_CYCLE_ABORT, m);
	} else if (p->in_cycle && p->mode == MODE_DISK &&
		   (str_starts(m, "hibernation: Wrote ") || str_starts(m, "Wrote "))) {
		image_written(p, ts, m);
	} else
		return wake_reason(p, ts, m);
	return true;
}
