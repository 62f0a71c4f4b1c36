// SPDX-License-Identifier: GPL-2.0
/*
 * What the kernel counts about sleep, before and after each cycle, for
 * RUN-DIR/sys/sleep-stats.txt: did the platform really sleep? The file
 * (read back by src/input/facts/residency.c):
 *
 *   [cycle 1 before]
 *   mode: s2idle
 *   clock.boottime_ns: 81234567890
 *   clock.monotonic_ns: 81234560000
 *   /sys/power/suspend_stats/success: 3
 *   /sys/kernel/debug/amd_pmc/s0ix_stats:
 *   	=== S0ix statistics ===
 *   	S0ix Entry Time: 8013862000
 *
 * A file of one line is "path: value"; one of several lines is "path:"
 * and its lines, each after a tab. Files that are missing or unreadable
 * (debugfs not mounted, no such driver, pm_wakeup_irq before any wake-up
 * IRQ) are left out. BOOTTIME counts the time timekeeping was suspended,
 * MONOTONIC does not: their difference over a cycle is the time the
 * kernel slept (s2idle suspends timekeeping only where a cpuidle driver
 * freezes the tick: not in QEMU).
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "capture.h"
#include "util.h"

#define SUSPEND_STATS "/sys/power/suspend_stats"

/* Counters of the platform's low-power residency (see pmscope(1)). */
static const char *const residency_files[] = {
	"/sys/power/pm_wakeup_irq",
	"/sys/kernel/debug/pmc_core/slp_s0_residency_usec",
	"/sys/kernel/debug/pmc_core/substate_residencies",
	"/sys/kernel/debug/amd_pmc/s0ix_stats",
	"/sys/devices/system/cpu/cpuidle/low_power_idle_system_residency_us",
	"/sys/devices/system/cpu/cpuidle/low_power_idle_cpu_residency_us",
};

static void put_file(FILE *f, const struct capture_env *env, const char *path)
{
	char *s = capture_read(env, path), *line, *next;
	size_t len;

	if (!s)
		return;
	len = strlen(s);
	while (len && s[len - 1] == '\n')
		s[--len] = '\0';
	if (!strchr(s, '\n')) {
		fprintf(f, "%s: %s\n", path, s);
		free(s);
		return;
	}
	fprintf(f, "%s:\n", path);
	for (line = s; line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		fprintf(f, "\t%s\n", line);
	}
	free(s);
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static void put_suspend_stats(FILE *f, const struct capture_env *env)
{
	char *dir = capture_path(env, SUSPEND_STATS);
	struct dirent **names;
	int n = scandir(dir, &names, NULL, by_name), i;

	for (i = 0; i < n; i++) {
		if (names[i]->d_name[0] != '.') {
			char *p = xasprintf("%s/%s", SUSPEND_STATS, names[i]->d_name);

			put_file(f, env, p);
			free(p);
		}
		free(names[i]);
	}
	if (n >= 0)
		free(names);
	free(dir);
}

static unsigned long long clock_ns(clockid_t id)
{
	struct timespec ts;

	if (clock_gettime(id, &ts) < 0)
		return 0;
	return (unsigned long long)ts.tv_sec * 1000000000ULL + (unsigned long long)ts.tv_nsec;
}

void capture_sleep_stats(struct capture *c, unsigned int cycle, const char *when)
{
	char *buf = NULL;
	size_t len = 0, i;
	FILE *f = open_memstream(&buf, &len);
	unsigned long long boot, mono;

	if (!f)
		return;
	fprintf(f, "[cycle %u %s]\nmode: %s\n", cycle, when, capture_mode_name(c->mode));
	/* BOOTTIME around MONOTONIC: their gap stays the time suspended */
	boot = clock_ns(CLOCK_BOOTTIME);
	mono = clock_ns(CLOCK_MONOTONIC);
	boot += (clock_ns(CLOCK_BOOTTIME) - boot) / 2;
	fprintf(f, "clock.boottime_ns: %llu\nclock.monotonic_ns: %llu\n", boot, mono);
	put_suspend_stats(f, c->env);
	for (i = 0; i < ARRAY_SIZE(residency_files); i++)
		put_file(f, c->env, residency_files[i]);
	if (fclose(f) == 0) {
		c->sleep_stats = xrealloc(c->sleep_stats, c->sleep_stats_len + len + 1);
		memcpy(c->sleep_stats + c->sleep_stats_len, buf, len + 1);
		c->sleep_stats_len += len;
	}
	free(buf);
}

int sleep_stats_write(FILE *f, const struct capture *c, char *err, size_t errlen)
{
	(void)err;
	(void)errlen;
	fwrite(c->sleep_stats, 1, c->sleep_stats_len, f);
	return 0;
}
