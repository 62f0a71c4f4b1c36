// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel log parser: turns pm_print_times / initcall_debug lines and the
 * PM core's phase messages into events. The kernel prints a phase only
 * when it ends, with its own length: the builder takes it from there.
 * This file reads the lines (a prefix, a journal's, a paste's, none),
 * tells what each is and hands it on: to the cycle (dmesg_cycle.c,
 * dmesg_pm.c, dmesg_freezer.c), the boot (dmesg_boot.c) or the pieces of
 * the log (dmesg_excerpt.c); what no rule takes is a message.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#include "dmesg_parser.h"

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
	dp_emit(p, &ev);
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
		dp_initcall_milestone(p, kl->ts, &cb);
		return true;
	}
	if (boot) {
		dp_boot_line(p, kl->ts, &cb);
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
	dp_emit(p, &ev);
	return true;
}

static void classify(struct dmesg_parser *p, const struct kmsg_line *kl)
{
	struct str m = kl->msg;
	long as;

	if (cb_line(p, kl))
		return;
	if (dp_boot_may_open(p) || p->silence_line) {
		struct dmesg_milestone ms;

		if (dmesg_milestone_line(m, &ms))
			dp_milestone(p, kl->ts, &ms);
	}
	if (str_starts(m, "printk: "))
		m = str_skip(m, 8);
	if (str_starts(m, "ACPI: "))
		m = str_skip(m, 6);
	if (str_starts(m, "PM: ") && dp_pm_message(p, kl->ts, str_skip(m, 4)))
		return;
	if (str_starts(m, "Preparing to enter system sleep state") ||
	    str_starts(m, "Waking up from system sleep state") ||
	    str_starts(m, "Low-level resume complete")) {
		dp_pm_message(p, kl->ts, m);	/* "ACPI: " without "PM: " (3.x) */
		return;
	}
	if (str_starts(m, "FPDT "))	/* "ACPI: FPDT 0x...": the table exists */
		dp_boot_mark(p, kl->ts, BM_FPDT);
	if (dp_other_message(p, kl->ts, m))
		return;
	if (str_starts(m, "Run /") && (as = str_find(m, " as init process")) > 0) {
		/* "Run /sbin/init as init process": the init's path */
		dp_boot_shown(p, kl->ts);
		dp_boot_mark_text(p, kl->ts, BM_RUN_INIT, str_make(m.p + 4, (size_t)as - 4));
		dp_boot_userspace(p, kl->ts);
	} else if (str_starts(m, "systemd[1]: ")) {
		dp_systemd_line(p, kl->ts, str_skip(m, 12));
		dp_boot_userspace(p, kl->ts);	/* pid 1 runs: whatever the log left out */
	} else if (str_starts(m, "Freeing unused kernel image") ||
		   str_starts(m, "Freeing unused kernel memory") ||
		   str_starts(m, "Freeing init memory")) {	/* ARM before 3.11 */
		dp_boot_shown(p, kl->ts);
		dp_boot_mark(p, kl->ts, BM_FREE_INITMEM);
		dp_boot_mark(p, kl->ts, BM_FREE_LAST);
		dp_boot_userspace(p, kl->ts);
	} else if (str_starts(m, "Linux version ")) {
		dp_new_boot(p);
		p->seen_banner = true;
		p->banner_ts = kl->ts;
		p->banner_line = p->line;
		dp_fact(p, "kernel", str_make(m.p + 14, str_find(str_skip(m, 14), " ") > 0 ?
					   (size_t)str_find(str_skip(m, 14), " ") : m.len - 14));
	} else if (str_starts(m, "DMI: ") && !p->seen_dmi &&
		   !str_starts(m, "DMI: Memory slots") && !str_starts(m, "DMI: not present")) {
		/* the firmware's ids come first; later "DMI: " lines are other news */
		dp_fact(p, "dmi", str_skip(m, 5));
		p->seen_dmi = true;
	} else if (str_starts(m, "Kernel command line: ")) {
		dp_fact(p, "cmdline", str_skip(m, 21));
		p->calls_coming = str_find(m, "initcall_debug") > 0;
	} else if (str_starts(m, "smp: Brought up ") || str_starts(m, "Brought up ")) {
		dp_brought_up(p, m);
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
	dp_say(p, from, FC_NOTE, buf);
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
	if (dmesg_paste_removed(&p->paste, line)) {
		if (!p->paste.removed_said++)
			dp_say(p, NS_NONE, FC_NOTE, "the mail shows two logs as a diff: its removed "
			       "lines ('-', the other log's) are passed over from this one on, its "
			       "added ('+') and shared ones read");
		return false;
	}
	if (!dmesg_split_bare(line, kl) && !dmesg_paste_line(&p->paste, line, kl))
		return false;
	p->bare_read = true;
	return true;
}

/* A line a console's hand-over printed again: read once, and said once. */
static void replayed(struct dmesg_parser *p, const struct kmsg_line *kl)
{
	if (p->console.from != p->line || p->console.replays != 1)
		return;
	dp_say(p, kl->ts, FC_NOTE, "a boot console's hand-over prints the log again from its "
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
	dp_emit(p, &ev);
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
	dp_excerpt_ends(p, p->elided_after, true);
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
			dp_note_kernel(p, kernel);
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
	if (dp_repeated(p, &kl))
		return line.len;
	dp_lines_left_out(p, &kl);
	dp_check_clock(p, &kl);
	first = p->paste.start;
	p->paste.start = false;
	if (first)
		dp_paste_begins(p, line);
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
	dp_say(p, NS_NONE, FC_NOTE, buf);
}

static void unstamped_note(struct dmesg_parser *p)
{
	if (!p->unstamped || p->stamped)
		return;
	p->line = 0;
	dp_say(p, NS_NONE, FC_TIMING, "the log has no kernel time stamps (journalctl's default "
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
		dp_say(p, kl.ts, FC_NOTE, "lines a mail broke (hard-wrapped) are joined to the "
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
		line = dmesg_paste_text(&p.paste, line);
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
	dp_boot_cut(&p, "the log ends before this boot ran /init (cut short, or hung)");
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
