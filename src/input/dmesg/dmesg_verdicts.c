// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's verdicts in its log, whether pm_print_times was on or not
 * (drivers/base/power/main.c, kernel/power/), of every era:
 *   "DRV DEV: PM: failed to suspend async: error -16" (5.x on; before,
 *     "DRV DEV: failed to ..." and, up to 4.x, "PM: Device DEV failed to
 *     suspend async: error -16"); 6.x's "failed to suspend async noirq"
 *   "DRV DEV: PM: dpm_run_callback(): pci_pm_suspend+0x0/0x160 returns -16",
 *     a bus's own "DRV DEV: PM: pci_pm_suspend(): FN [mod] returns -16"
 *     (before 5.x without device or "PM: ")
 *   "PM: noirq suspend of devices failed", "PM: late suspend of devices
 *     aborted after 2.135 msecs"
 * and the kernel's alarms: an Oops, a BUG, a stall, a WARN() in its old
 * and its 6.16 forms.
 */
#include <ctype.h>
#include <stdlib.h>

#include "dmesg.h"

/*
 * "suspend", "resume async noirq" ... -> "suspend", "resume_noirq": the
 * phase as the model names it (dpm_show_time()'s "late suspend" too, with
 * its words the other way round). Only the PM core's words: one verb and
 * the infos it adds, or a driver's "failed to resume the link" would be a
 * verdict.
 */
static bool phase_name(struct str words, char *out, size_t n)
{
	static const char *const verbs[] = {
		"suspend", "resume", "freeze", "quiesce", "hibernate", "thaw", "restore",
		"recover", "poweroff",
	};
	static const char *const infos[] = { "late", "noirq", "early" };
	const char *verb = NULL, *info = NULL;
	size_t i;

	while (words.len) {
		long sp = str_find(words, " ");
		struct str w = str_make(words.p, sp < 0 ? words.len : (size_t)sp);
		/* "start suspend": dpm_suspend_start(), prepare and suspend */
		bool known = str_eq(w, "async") || str_eq(w, "start");

		for (i = 0; i < ARRAY_SIZE(verbs); i++)
			if (str_eq(w, verbs[i]) && !verb)
				verb = verbs[i], known = true;
		for (i = 0; i < ARRAY_SIZE(infos); i++)
			if (str_eq(w, infos[i]) && !info)
				info = infos[i], known = true;
		if (!known)
			return false;
		words = sp < 0 ? STR_NULL : str_skip(words, (size_t)sp + 1);
	}
	if (!verb)
		return false;
	snprintf(out, n, "%s%s%s", verb, info ? "_" : "", info ? info : "");
	return true;
}

/* ": error N" or " returns N" ending @s: N. */
static bool ends_in_error(struct str s, const char *before, int *err)
{
	long at = str_find(s, before);
	int64_t v;
	size_t used;

	while (at >= 0) {
		struct str rest = str_skip(s, (size_t)at + strlen(before));

		used = str_i64(rest, &v);
		if (used && used == rest.len && v >= INT32_MIN && v <= INT32_MAX) {
			*err = (int)v;
			return true;
		}
		s = rest;
		at = str_find(s, before);
	}
	return false;
}

/* "failed to suspend async: error -16" (the device named before it). */
static bool failed_to(struct str m, struct dmesg_verdict *v)
{
	long colon;

	if (!str_starts(m, "failed to ") || !ends_in_error(m, ": error ", &v->err))
		return false;
	colon = str_find(m, ": error ");
	if (!phase_name(str_make(m.p + 10, (size_t)colon - 10), v->phase, sizeof(v->phase)))
		return false;
	v->kind = VK_DEV_FAILED;
	return true;
}

/* "Device DEV failed to suspend async: error -16" (up to 4.x). */
static bool device_failed_to(struct str m, struct dmesg_verdict *v)
{
	long at = str_find(m, " failed to ");

	if (!str_starts(m, "Device ") || at <= 7)
		return false;
	if (!failed_to(str_skip(m, (size_t)at + 1), v))
		return false;
	v->device = str_make(m.p + 7, (size_t)at - 7);
	return true;
}

/* A PM function's report of a callback's error: "dpm_run_callback():
 * pci_pm_suspend+0x0/0x160 returns -16", "pci_pm_suspend(): FN [mod]
 * returns -16". Only functions of PM's own names: a driver's words of
 * that shape are no verdict. */
static bool callback_returns(struct str m, struct dmesg_verdict *v)
{
	static const char *const pm_words[] = {
		"_pm_", "suspend", "resume", "freeze", "thaw", "poweroff", "restore",
		"dpm_run_callback",
	};
	long paren = str_find(m, "(): "), ret;
	struct str fn, who;
	size_t i;

	if (paren <= 0 || !ends_in_error(m, " returns ", &v->err) || !v->err)
		return false;
	who = str_make(m.p, (size_t)paren);
	if (str_find(who, " ") >= 0)
		return false;
	for (i = 0; i < ARRAY_SIZE(pm_words); i++)
		if (str_find(who, pm_words[i]) >= 0)
			break;
	if (i == ARRAY_SIZE(pm_words))
		return false;
	fn = str_skip(m, (size_t)paren + 4);
	ret = str_find(fn, " returns ");
	fn = str_make(fn.p, (size_t)ret);
	if (str_find(fn, " ") > 0)	/* "FN [module]" */
		fn = str_make(fn.p, (size_t)str_find(fn, " "));
	if (str_find(fn, "+") > 0)	/* "pci_pm_suspend+0x0/0x160" */
		fn = str_make(fn.p, (size_t)str_find(fn, "+"));
	v->fn = fn;
	v->kind = VK_CB_RETURNS;
	return true;
}

/* "noirq suspend of devices failed", "late suspend of devices aborted
 * after 2.135 msecs". */
static bool devices_failed(struct str m, struct dmesg_verdict *v)
{
	long of = str_find(m, " of devices ");
	struct str rest;

	if (of <= 0)
		return false;
	rest = str_skip(m, (size_t)of + 12);
	if (!str_eq(rest, "failed") && !str_starts(rest, "aborted after "))
		return false;
	if (!phase_name(str_make(m.p, (size_t)of), v->phase, sizeof(v->phase)))
		return false;
	v->kind = VK_PHASE_FAILED;
	return true;
}

/*
 * A device's verdict is the PM core's only with its "PM: " (dev_fmt,
 * since 5.x); before, the core named the device in its own words ("PM:
 * Device X failed to ...") and reported callbacks without one.
 */
/*
 * "Asix Electronics AX88772C usb-003:002:10: PM: failed to resume: error
 * -22": a driver name of more words than dmesg_msg_prefix() takes (PHY
 * drivers'), read as the callback lines are, when the head before the
 * core's ": PM: " is one "DRIVER DEVICE" (no ": " in it).
 */
static bool spaced_prefix(struct str msg, struct dmesg_verdict *v, struct str *text)
{
	long at = str_find(msg, ": PM: ");
	struct str head;

	if (at <= 0 || at > 192)
		return false;
	head = str_make(msg.p, (size_t)at);
	if (str_find(head, ": ") >= 0 || str_find(head, " ") < 0)
		return false;
	driver_device(head, &v->driver, &v->device);
	if (!v->driver.len || !v->device.len)
		return false;
	*text = str_skip(msg, (size_t)at + 2);
	return true;
}

bool dmesg_verdict_line(struct str msg, struct dmesg_verdict *v)
{
	struct str text = msg;
	bool prefixed;

	memset(v, 0, sizeof(*v));
	prefixed = dmesg_msg_prefix(msg, &v->driver, &v->device, &text);
	if ((prefixed && str_starts(text, "PM: ")) || spaced_prefix(msg, v, &text)) {
		text = str_skip(text, 4);
		v->text = text;
		return failed_to(text, v) || callback_returns(text, v);
	}
	if (prefixed)
		return false;
	v->driver = v->device = STR_NULL;
	if (str_starts(text, "PM: "))
		text = str_skip(text, 4);
	v->text = text;
	return device_failed_to(text, v) || callback_returns(text, v) || devices_failed(text, v);
}

/*
 * A WARN(): "WARNING: CPU: 3 PID: 518 at FILE:LINE FN" and, since 6.19
 * (linux-next from June 2025), "WARNING: FILE:LINE at FN, CPU#3: bash/518";
 * and lockdep's ("WARNING: possible circular locking dependency
 * detected"). Not every "WARNING: " is one: omap8250 prints "WARNING:
 * Your 'console=ttyO0' has been replaced by 'ttyS0'".
 */
static bool is_warn(struct str text)
{
	static const char *const lockdep[] = {
		"WARNING: possible ", "WARNING: suspicious RCU usage", "WARNING: inconsistent lock",
		"WARNING: bad unlock balance", "WARNING: held lock", "WARNING: lock held",
		"WARNING: Nested lock was not taken", "WARNING: bad contention detected",
	};
	struct str w;
	long sp, colon;
	size_t i;

	if (str_starts(text, "WARNING: CPU: "))
		return true;
	for (i = 0; i < ARRAY_SIZE(lockdep); i++)
		if (str_starts(text, lockdep[i]))
			return true;
	if (!str_starts(text, "WARNING: "))
		return false;
	w = str_skip(text, 9);	/* "FILE:LINE at " */
	sp = str_find(w, " ");
	if (sp <= 0 || !str_starts(str_skip(w, (size_t)sp), " at "))
		return false;
	w = str_make(w.p, (size_t)sp);
	colon = str_find(w, ":");
	return colon > 0 && (size_t)colon + 1 < w.len && w.p[colon + 1] >= '0' && w.p[colon + 1] <= '9';
}

static bool is_number(struct str s)
{
	size_t i;

	for (i = 0; i < s.len; i++)
		if (!isdigit((unsigned char)s.p[i]))
			return false;
	return s.len > 0;
}

bool dmesg_task_line(struct str m, char *out, size_t n)
{
	struct str tok[6];
	size_t k = 0;
	long at;

	m = str_trim(m);
	if (str_starts(m, "task:") && (at = str_find(m, " pid:")) > 5) {
		struct str name = str_trim(str_make(m.p + 5, (size_t)at - 5));
		long st = str_find(name, " state:");

		if (st > 0)	/* a name may have blanks: "Web Content" */
			name = str_trim(str_make(name.p, (size_t)st));
		snprintf(out, n, "%.*s (pid %ld)", (int)name.len, name.p,
			 strtol(m.p + at + 5, NULL, 10));
		return name.len > 0;
	}
	while (k < 6 && m.len) {
		long sp = str_find(m, " ");

		tok[k++] = sp < 0 ? m : str_make(m.p, (size_t)sp);
		m = str_trim(str_skip(m, sp < 0 ? m.len : (size_t)sp));
	}
	if (k < 6 || m.len || tok[1].len != 1 || !strchr("RSDTtXZPIK", tok[1].p[0]) ||
	    !str_starts(tok[5], "0x") || !is_number(tok[2]) || !is_number(tok[3]) ||
	    !is_number(tok[4]))
		return false;
	snprintf(out, n, "%.*s (pid %.*s)", (int)tok[0].len, tok[0].p, (int)tok[3].len, tok[3].p);
	return true;
}

bool dmesg_stack_frame(struct str text)
{
	long plus, slash;
	size_t i;

	/* the kernel indents each (" %pS"): one look spares most lines a scan */
	if (!text.len || text.p[0] != ' ')
		return false;
	text = str_trim(text);
	if (str_starts(text, "? "))
		text = str_skip(text, 2);
	plus = str_find(text, "+0x");
	if (plus <= 0)
		return false;
	for (i = 0; i < (size_t)plus; i++)
		if (!isalnum((unsigned char)text.p[i]) && text.p[i] != '_' && text.p[i] != '.' &&
		    text.p[i] != '$')
			return false;
	slash = str_find(text, "/0x");
	if (slash <= plus)
		return false;
	for (i = (size_t)plus + 3; i < (size_t)slash; i++)
		if (!isxdigit((unsigned char)text.p[i]))
			return false;
	text = str_skip(text, (size_t)slash + 3);
	for (i = 0; i < text.len && isxdigit((unsigned char)text.p[i]); i++)
		;
	return i && (i == text.len || str_starts(str_skip(text, i), " ["));
}

bool dmesg_warn_frame(struct str text)
{
	long at = str_find(text, "__warn");
	char before, after;

	if (at < 0 || (size_t)at + 6 >= text.len)
		return false;
	before = at ? text.p[at - 1] : ' ';
	after = text.p[at + 6];
	if (before == '(' && after == ')')
		return str_find(str_skip(text, (size_t)at), ") from ") == 6;
	/* "? __warn+0x81/0x130" is a stale word on the stack, no call: in a
	 * WARN's own trace (x86 since 4.x prints it so) or in any other */
	if (at >= 2 && text.p[at - 2] == '?')
		return false;
	return (before == ' ' || before == ']' || !at) && after == '+' &&
	       str_starts(str_skip(text, (size_t)at + 7), "0x");
}

enum verdict_kind dmesg_alarm(struct str text)
{
	static const struct { const char *start; enum verdict_kind kind; } alarms[] = {
		/* stalls first: some say "BUG:" too */
		{ "watchdog: BUG: soft lockup", VK_STALL },
		{ "watchdog: Watchdog detected hard LOCKUP", VK_STALL },
		{ "watchdog: BUG:", VK_STALL },
		/* pr_fmt "NMI watchdog: " (kernel/watchdog_perf.c, and 4.x's
		 * soft lockups): "NMI watchdog: Watchdog detected hard LOCKUP
		 * on cpu 11" (6.1) */
		{ "NMI watchdog: Watchdog detected hard LOCKUP", VK_STALL },
		{ "NMI watchdog: BUG:", VK_STALL },
		{ "BUG: soft lockup", VK_STALL },
		{ "BUG: workqueue lockup", VK_STALL },
		{ "INFO: task ", VK_STALL },
		{ "rcu: INFO:", VK_STALL },
		{ "INFO: rcu_", VK_STALL },
		{ "BUG: ", VK_OOPS },
		{ "kernel BUG at", VK_OOPS },
		{ "Internal error:", VK_OOPS },
		{ "Oops:", VK_OOPS },	/* not pstore's record names, "Oops#1 Part1" */
		{ "Unable to handle kernel", VK_OOPS },
		{ "Unhandled fault:", VK_OOPS },
		{ "general protection fault", VK_OOPS },
		{ "Kernel panic", VK_OOPS },
	};
	size_t i;

	if (is_warn(text))
		return VK_WARNING;
	for (i = 0; i < ARRAY_SIZE(alarms); i++)
		if (str_starts(text, alarms[i].start))
			return alarms[i].kind;
	return VK_NONE;
}
