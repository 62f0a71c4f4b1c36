// SPDX-License-Identifier: GPL-2.0
/*
 * The freezer's, the syncer's and the CPUs' lines of every era, with what a
 * failure of the freezer names (the tasks it dumps, a dump before a thaw
 * whose failure line the log lost).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#include "dmesg_parser.h"

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
	dp_machine(p, ts, blocked);
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
		dp_end_enter(p, ts);
		dp_phase(p, EV_PHASE_BEGIN, ts, PK_MACHINE, "machine", US_NONE);
		p->in_machine = true;
		p->snap = SNAP_DOWN;
	} else if (!down && p->in_machine && p->snap == SNAP_DOWN) {
		dp_phase(p, EV_PHASE_END, ts, PK_MACHINE, "machine", US_NONE);
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
	dp_emit(p, &ev);
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
	size_t len, tasks;

	m = str_trim_end(m);
	if (m.len && m.p[m.len - 1] == ':')
		m.len--;
	len = tasks = (size_t)snprintf(out, n, "%.*s", (int)(m.len < 160 ? m.len : 160), m.p);
	for (k = 1; p->r && k <= REFUSING_LOOK && named < REFUSING_NAMED &&
		    reader_peek(p->r, k, NULL, &next) > 0 && str_trim(next).len; k++) {
		if (!dmesg_split(next, &kl)) {
			if (p->prefixed)
				continue;	/* a piece of the line before, mail's words */
			/* a log without stamps (a paste) has its lines bare */
			dmesg_line_init(&kl, dmesg_unindent(str_trim_end(next)));
		}
		if (str_starts(kl.msg, "OOM killer enabled") || str_starts(kl.msg, "Restarting tasks"))
			break;
		if (!dmesg_task_line(kl.msg, task, sizeof(task)) || strstr(out + tasks, task) ||
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
bool dp_other_message(struct dmesg_parser *p, ns_t ts, struct str m)
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
				dp_piece_cycle(p, ts);
			else
				dp_cycle_begin_cut(p, ts, STR_NULL, MODE_UNKNOWN);
			dumped_before_thaw(p, ts);
		}
		dp_begin_exit(p, ts);
	} else if (str_starts(m, "Restarting tasks: Starting")) {
		dp_begin_exit(p, ts);
	} else if (str_starts(m, "Restarting tasks")) {
		dp_piece_cycle(p, ts);
		if (!p->in_cycle)
			return false;
		dp_begin_exit(p, ts);
		if (str_starts(m, "Restarting tasks: Done"))
			dp_phase(p, EV_PHASE_END, ts, PK_EXIT, "thaw_processes", US_NONE);
		dp_cycle_end(p, ts, EV_CYCLE_END, STR_NULL);
		p->thaw_cut = str_find(m, "done") < 0;
	} else if (p->thaw_cut && str_eq(str_trim(m), "done.")) {
		dp_phase(p, EV_PHASE_END, ts, PK_EXIT, "thaw_processes", US_NONE);
		p->thaw_cut = false;
	} else if (str_starts(m, "Restarting kernel threads") ||
		   str_starts(m, "Done restarting kernel threads")) {
		return p->in_cycle;
	} else if (str_starts(m, "Wakeup pending. Abort CPU freeze")) {
		/* freeze_secondary_cpus() gave up: the suspend, or the jump
		 * into a hibernation image, is called off with no other line */
		if (!p->in_cycle)
			return false;
		dp_cycle_end(p, ts, EV_CYCLE_ABORT, m);
	} else if (str_starts(m, "Freezing of tasks failed") ||
		   str_starts(m, "Freezing of tasks aborted") ||
		   (str_starts(m, "Freezing ") && (str_find(m, "failed after") > 0 ||
						   str_find(m, "aborted after") > 0))) {
		char why[256];

		dp_cycle_end(p, ts, EV_CYCLE_ABORT, refusing_tasks(p, m, why, sizeof(why)));
	} else if (str_starts(m, "Filesystems sync:")) {
		/* every kernel that says so (5.1 on) said "PM: suspend entry"
		 * before: a cycle that begins here lost its first line */
		if (p->in_cycle)
			dp_cycle_begin(p, ts, STR_NULL, MODE_UNKNOWN);
		else
			dp_cycle_begin_cut(p, seconds_before(ts, m, "sync: "), STR_NULL, MODE_UNKNOWN);
	} else if (str_starts(m, "Freezing user space processes")) {
		bool began = p->in_cycle;	/* the usual case: the cycle began before */

		if (!began)
			dp_cycle_begin(p, seconds_before(ts, m, "completed (elapsed "), STR_NULL,
				    MODE_UNKNOWN);
		p->frozen = true;
		return !began;
	} else if (str_starts(m, "Suspending console(s)")) {
		dp_end_enter(p, ts);
	} else
		return false;
	return true;
}
