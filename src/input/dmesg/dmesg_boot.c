// SPDX-License-Identifier: GPL-2.0
/*
 * A boot in the kernel log: its banner, its initcalls and milestones, its
 * user space, and where it ends (a new banner, a silence once rooted).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#include "dmesg_parser.h"

/*
 * Until 5.14 the PM core printed a callback's time as ns >> 10 and
 * called it usecs; the kernel's version tells, else the line shape does.
 */
void dp_note_kernel(struct dmesg_parser *p, struct str v)
{
	int since = version_since(v, 5, 14);

	if (since >= 0)
		p->exact_us = since;
}

void dp_fact(struct dmesg_parser *p, const char *key, struct str value)
{
	struct pm_event ev;

	if (!strcmp(key, "kernel"))
		dp_note_kernel(p, str_trim(value));
	event_init(&ev, EV_FACT, NS_NONE, p->line);
	ev.key = str_c(key);
	ev.text = str_trim(value);
	dp_emit(p, &ev);
}

/* "smp: Brought up 1 node, 2 CPUs" (4.15 on), "Brought up 4 CPUs": the
 * CPUs online after boot, what the what-if replay shares by default. */
void dp_brought_up(struct dmesg_parser *p, struct str m)
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
	dp_fact(p, "ncpus", str_make(q, (size_t)(m.p + at - q)));
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
	dp_say(p, NS_NONE, FC_NOTE, buf);
	p->silence_line = 0;
}

/* Whether a line may still be the boot's: no suspend began, and no
 * later line ended the boot. */
bool dp_boot_may_open(const struct dmesg_parser *p)
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
	dp_emit(p, &ev);
	dp_phase(p, EV_PHASE_BEGIN, ts, PK_BOOT_KERNEL, "kernel_init", US_NONE);
	p->boot = BOOT_KERNEL;
	if (!p->seen_banner) {
		unsigned int at = p->line;

		p->line = line;	/* said at the boot's first line */
		dp_say(p, ts, FC_LOG_START_LOST, "the log begins inside this boot: the "
		    "kernel's banner (\"Linux version\") and what came before this "
		    "line are not in it (the ring buffer wrapped, or an excerpt)");
		p->line = at;
	}
	p->st->used += ms_pending_flush(&p->pending, p->b, !p->calls);
}

void dp_boot_line(struct dmesg_parser *p, ns_t ts, const struct dmesg_cb *cb)
{
	if (!dp_boot_may_open(p)) {
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
void dp_boot_shown(struct dmesg_parser *p, ns_t ts)
{
	unsigned int line = p->line;
	ns_t start = ts;

	if (p->boot != BOOT_NONE || !dp_boot_may_open(p) || ts == NS_NONE)
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
void dp_milestone(struct dmesg_parser *p, ns_t ts, const struct dmesg_milestone *m)
{
	char name[MS_NAME_MAX];
	struct pm_event ev;

	if (!dp_boot_may_open(p) || ts == NS_NONE) {
		after_silence(p);
		return;
	}
	if (m->kind == MS_ROOT || (m->kind == MS_MOUNT && p->boot == BOOT_USER))
		p->rooted = true;	/* the kernel's, or the one /init mounted */
	dmesg_milestone_name(m, name, sizeof(name));
	if (p->boot == BOOT_NONE && (m->kind == MS_ROOT || (p->seen_banner && !p->calls_coming)))
		dp_boot_shown(p, ts);
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
void dp_initcall_milestone(struct dmesg_parser *p, ns_t ts, const struct dmesg_cb *cb)
{
	struct dmesg_milestone m = { .kind = MS_INITCALL, .device = cb->fn };

	if (cb->fn.len && cb->fn.len <= MS_DEVICE_MAX)
		dp_milestone(p, ts, &m);
}

/* Milestone @m at @ts; @text what the line names (the init run). */
void dp_boot_mark_text(struct dmesg_parser *p, ns_t ts, enum boot_mark m, struct str text)
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

void dp_boot_mark(struct dmesg_parser *p, ns_t ts, enum boot_mark m)
{
	dp_boot_mark_text(p, ts, m, STR_NULL);
}

/*
 * systemd writes its first lines to the kernel's buffer, before journald
 * runs: its banner, "systemd 247.9-1 running in system mode. (+PAM ...)",
 * each time it starts, in the initrd and again on the real root; in the
 * initrd the next line says so ("Running in initrd.", before systemd 246
 * "Running in initial RAM disk."), and the builder then takes the banner
 * for the initrd's.
 */
void dp_systemd_line(struct dmesg_parser *p, ns_t ts, struct str m)
{
	if (str_starts(m, "systemd ") && str_find(m, " running in system mode") > 0)
		dp_boot_mark(p, ts, BM_SYSTEMD);
	else if (str_starts(m, "Running in initrd") || str_starts(m, "Running in initial RAM disk"))
		dp_boot_mark(p, ts, BM_SYSTEMD_INITRD);
}

void dp_boot_userspace(struct dmesg_parser *p, ns_t ts)
{
	if (p->boot != BOOT_KERNEL)
		return;
	dp_phase(p, EV_PHASE_END, ts, PK_BOOT_KERNEL, "kernel_init", US_NONE);
	dp_phase(p, EV_PHASE_BEGIN, ts, PK_BOOT_USER, "user_init", US_NONE);
	p->boot = BOOT_USER;
}

/* A boot whose kernel never ran /init: cut short, or it hung, and the
 * log says no more of it than that it ended. One whose banner the log
 * shows is a failure, as a suspend whose start it shows; one it begins
 * inside too is an excerpt (a paste of initcall lines). A boot may only
 * lack its banner when it is the log's first, so seen_banner is this
 * boot's until the next banner sets it. */
void dp_boot_cut(struct dmesg_parser *p, const char *what)
{
	if (p->boot != BOOT_KERNEL)
		return;
	if (p->seen_banner)
		dp_say(p, NS_NONE, FC_BOOT_CUT, what);
	else
		dp_say(p, NS_NONE, FC_EXCERPT, "the boot is an excerpt: the log begins inside "
		       "it and ends before it ran /init");
}

/* A kernel starts again in the same file (serial captures, reboots). */
void dp_new_boot(struct dmesg_parser *p)
{
	struct pm_event ev;

	dp_boot_cut(p, "a new boot begins here, before the boot above ran /init");
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
	dp_forget_piece(p);
	p->pending.n = 0;	/* an earlier boot's, or none's */
	p->in_enter = p->in_machine = p->in_exit = p->in_complete = false;
	p->last_ts = NS_NONE;	/* the clock starts again too */
}

/*
 * A booted machine's log falls silent until someone uses it: a line more
 * than BOOT_SILENCE_NS after the one before, once the boot ran init and
 * mounted its root, is no boot's (a dock or a USB disk plugged in, a
 * module loaded on demand), and nor is any after it. Before the root a
 * boot may wait that long for a disk's passphrase; before init, a boot
 * that stops is cut short or hung (dp_boot_cut()).
 */
#define BOOT_SILENCE_NS 30000000000LL

void dp_boot_silence(struct dmesg_parser *p, ns_t ts)
{
	if (p->boot != BOOT_USER || !p->rooted || p->last_ts == NS_NONE ||
	    ts - p->last_ts <= BOOT_SILENCE_NS)
		return;
	p->boot = BOOT_DONE;
	p->silence_line = p->line;
	p->silence_ns = ts - p->last_ts;
}
