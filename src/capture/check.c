// SPDX-License-Identifier: GPL-2.0
/*
 * What must hold before pmscope writes anything, each with its own
 * message: root, tracefs, the power events, no capture already armed,
 * the mode, the pm_test level, the RTC.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <tracefs.h>

#include "capture.h"
#include "util.h"

/* @word among the space-separated choices of @list, brackets ignored. */
static bool has_choice(const char *list, const char *word)
{
	size_t n = strlen(word);
	const char *p = list;

	while (*p) {
		size_t len;

		p += strspn(p, " \t\n[");
		len = strcspn(p, " \t\n]");
		if (len == n && !memcmp(p, word, n))
			return true;
		p += len;
		p += strspn(p, "]");
	}
	return false;
}

static int check_events(const char *tdir, char *err, size_t errlen)
{
	static const char *const need[] = {
		"power/suspend_resume", "power/device_pm_callback_start",
		"power/device_pm_callback_end",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(need); i++) {
		char *p = xasprintf("%s/events/%s/enable", tdir, need[i]);
		bool ok = access(p, W_OK) == 0;

		free(p);
		if (!ok) {
			snprintf(err, errlen, "the trace event %s is missing from %s/events "
				 "(a kernel without CONFIG_PM_SLEEP or power events?)", need[i], tdir);
			return -1;
		}
	}
	return 0;
}

static int check_mode(const struct capture_env *env, enum capture_mode m, char *err,
		      size_t errlen)
{
	static const char *const state[] = {
		[CAP_MEM] = "mem", [CAP_S2IDLE] = "freeze", [CAP_STANDBY] = "standby",
		[CAP_DISK] = "disk",
	};
	char *st, *ms = NULL;
	int rc = -1;

	if (m == CAP_NONE)
		return 0;
	st = capture_read(env, "/sys/power/state");
	if (!st) {
		snprintf(err, errlen, "/sys/power/state: %s (a kernel without suspend?)",
			 strerror(errno));
		return -1;
	}
	if (!has_choice(st, state[m])) {
		snprintf(err, errlen, "mode %s: this system offers only '%.*s' in /sys/power/state",
			 capture_mode_name(m), (int)strcspn(st, "\n"), st);
		goto out;
	}
	ms = capture_read(env, "/sys/power/mem_sleep");
	if (m == CAP_MEM && ms && !has_choice(ms, "deep")) {
		snprintf(err, errlen, "mode mem (S3, deep): /sys/power/mem_sleep offers only '%.*s'; "
			 "try -m s2idle", (int)strcspn(ms, "\n"), ms);
		goto out;
	}
	rc = 0;
out:
	free(ms);
	free(st);
	return rc;
}

/* A capture that a live process is at work on, or one armed for collect. */
static void armed_already(const struct capture_env *env, char *err, size_t errlen)
{
	struct capture c;
	char e[512];

	if (capture_state_load(&c, env, e, sizeof(e)) == 0 && capture_owner_alive(&c.owner))
		snprintf(err, errlen, "a capture is armed already, by pmscope %s (pid %d), "
			 "which is at work on it: let it end, or stop it (kill %d) and it puts "
			 "everything back", c.owner.cmd, c.owner.pid, c.owner.pid);
	else
		snprintf(err, errlen, "a capture is armed already (or one was killed): "
			 "'pmscope collect' saves it, 'pmscope collect --restore' only undoes it");
	capture_free(&c);
}

int capture_check(const struct capture_env *env, const struct capture_opts *o,
		  bool need_rtc, char *err, size_t errlen)
{
	char *tdir = NULL, *inst = NULL, *pt;
	int rc = -1;

	if ((!env->root || !*env->root) && geteuid() != 0) {
		snprintf(err, errlen, "must run as root: it writes /sys/power and tracefs");
		return -1;
	}
	tdir = capture_tracing_dir(env);
	if (!tdir) {
		snprintf(err, errlen, "tracefs is not mounted; mount it with "
			 "'mount -t tracefs nodev /sys/kernel/tracing'");
		return -1;
	}
	if (check_events(tdir, err, errlen) < 0)
		goto out;
	inst = xasprintf("%s/instances/%s", tdir, CAPTURE_INSTANCE);
	if (capture_exists(env, CAPTURE_ARMED_FILE) || access(inst, F_OK) == 0) {
		armed_already(env, err, errlen);
		goto out;
	}
	if (check_mode(env, o->mode, err, errlen) < 0)
		goto out;
	if (o->pm_test) {
		pt = capture_read(env, "/sys/power/pm_test");
		if (!pt || !has_choice(pt, o->pm_test)) {
			snprintf(err, errlen, "pm_test level '%s': %s", o->pm_test,
				 pt ? "not offered by /sys/power/pm_test" :
				 "no /sys/power/pm_test (a kernel without CONFIG_PM_DEBUG)");
			free(pt);
			goto out;
		}
		free(pt);
	}
	if (need_rtc && !capture_exists(env, "/sys/class/rtc/rtc0/wakealarm")) {
		snprintf(err, errlen, "no /sys/class/rtc/rtc0/wakealarm to wake the system: "
			 "use -s 0 and wake it yourself, or --cmd");
		goto out;
	}
	rc = 0;
out:
	free(inst);
	free(tdir);
	return rc;
}
