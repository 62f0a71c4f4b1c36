// SPDX-License-Identifier: GPL-2.0
/*
 * sys/sleep-stats.txt (input/facts/residency.c): the hardware sleep of each
 * s2idle cycle from the counters the kernel documents, shaped as the
 * kernel prints them: suspend_stats/total_hw_sleep and slp_s0_residency_usec
 * in microseconds (Documentation/ABI/testing/sysfs-power, pmc_core),
 * amd_pmc's s0ix_stats ("S0ix Entry Time: N" ... "Residency Time: N", us).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <cmocka.h>

#include "input.h"

static char *write_tmp(const char *text)
{
	char *path = xstrdup("/tmp/pmscope-residency-XXXXXX");
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	return path;
}

/* The text of the @n-th warning of @run that holds @part, NULL if none. */
static const char *warning_with(const struct pm_run *run, const char *part, int *level)
{
	size_t i;

	for (i = 0; i < run->nwarns; i++)
		if (strstr(run->warns[i].text, part)) {
			if (level)
				*level = (int)run->warns[i].code;
			return run->warns[i].text;
		}
	return NULL;
}

static struct pm_run *read_stats(const char *text, int want_rc, char *err, size_t errlen)
{
	struct pm_run *run = run_new();
	char *path = write_tmp(text);

	assert_int_equal(residency_read(run, path, err, errlen), want_rc);
	unlink(path);
	free(path);
	return run;
}

/* Intel: 4.213 s of SLP_S0 in a 5.002 s sleep (timekeeping suspended). */
#define INTEL_BEFORE \
	"[cycle 1 before]\n" \
	"mode: s2idle\n" \
	"clock.boottime_ns: 100000000000\n" \
	"clock.monotonic_ns: 90000000000\n" \
	"/sys/power/suspend_stats/success: 3\n" \
	"/sys/power/suspend_stats/fail: 0\n" \
	"/sys/kernel/debug/pmc_core/slp_s0_residency_usec: 1000000\n" \
	"/sys/kernel/debug/pmc_core/substate_residencies:\n" \
	"\tSubstate   Residency\n" \
	"\tS0i2.0     0\n" \
	"\tS0i3.0     1000000\n"

static void test_intel_slp_s0(void **state)
{
	char err[256];
	struct pm_run *run;
	const char *w;
	int level = -1;

	(void)state;
	run = read_stats(INTEL_BEFORE
		"[cycle 1 after]\n"
		"mode: s2idle\n"
		"clock.boottime_ns: 105402000000\n"
		"clock.monotonic_ns: 90400000000\n"
		"/sys/power/suspend_stats/success: 4\n"
		"/sys/power/suspend_stats/fail: 0\n"
		"/sys/kernel/debug/pmc_core/slp_s0_residency_usec: 5213000\n"
		"/sys/kernel/debug/pmc_core/substate_residencies:\n"
		"\tSubstate   Residency\n"
		"\tS0i2.0     0\n"
		"\tS0i3.0     5213000\n"
		"/sys/power/pm_wakeup_irq: 9\n", 0, err, sizeof(err));
	/* boottime +5.402 s, monotonic +0.400 s: asleep 5.002 s */
	assert_string_equal(run_fact(run, "hw_sleep.cycle1"),
			    "4.213 of 5.002 s (84.2%), pmc_core slp_s0_residency_usec");
	w = warning_with(run, "hardware sleep:", &level);
	assert_non_null(w);
	assert_string_equal(w, "cycle 1: hardware sleep: 4.213 of 5.002 s (84.2%), "
			       "pmc_core slp_s0_residency_usec");
	assert_int_equal(level, FC_HW_SLEEP);
	assert_non_null(warning_with(run, "cycle 1: woken by IRQ 9", NULL));
	assert_null(warning_with(run, "never reached", NULL));
	assert_null(warning_with(run, "failed suspend", NULL));
	run_free(run);
}

/* The counter did not move: the platform stayed in a shallow state. */
static void test_no_residency_is_flagged(void **state)
{
	char err[256];
	struct pm_run *run;
	int level = -1;

	(void)state;
	run = read_stats(INTEL_BEFORE
		"[cycle 1 after]\n"
		"mode: s2idle\n"
		"clock.boottime_ns: 110000000000\n"
		"clock.monotonic_ns: 90500000000\n"
		"/sys/kernel/debug/pmc_core/slp_s0_residency_usec: 1000000\n", 0, err, sizeof(err));
	assert_string_equal(run_fact(run, "hw_sleep.cycle1"),
			    "0.000 of 9.500 s (0.0%), pmc_core slp_s0_residency_usec");
	assert_string_equal(warning_with(run, "never reached", &level),
			    "cycle 1: the platform never reached its hardware sleep state: "
			    "pmc_core slp_s0_residency_usec did not increase");
	assert_int_equal(level, FC_NO_HW_SLEEP);
	run_free(run);
}

/* The PM core's own counter (6.5+) wins over the driver's. */
static void test_total_hw_sleep_first(void **state)
{
	char err[256];
	struct pm_run *run;

	(void)state;
	run = read_stats("[cycle 2 before]\nmode: s2idle\n"
		"/sys/power/suspend_stats/total_hw_sleep: 7000000\n"
		"/sys/power/suspend_stats/last_hw_sleep: 7000000\n"
		"/sys/kernel/debug/pmc_core/slp_s0_residency_usec: 7000000\n"
		"[cycle 2 after]\nmode: s2idle\n"
		"/sys/power/suspend_stats/total_hw_sleep: 9500000\n"
		"/sys/power/suspend_stats/last_hw_sleep: 2500000\n"
		"/sys/kernel/debug/pmc_core/slp_s0_residency_usec: 9400000\n", 0, err, sizeof(err));
	/* no clocks: the time asleep is not known */
	assert_string_equal(run_fact(run, "hw_sleep.cycle2"), "2.500 s, suspend_stats total_hw_sleep");
	run_free(run);
}

/* amd_pmc: "Residency Time" is the last S0i3's, new when the entry time moved. */
static void test_amd_s0ix_stats(void **state)
{
	char err[256];
	struct pm_run *run;

	(void)state;
	run = read_stats("[cycle 1 before]\nmode: s2idle\n"
		"clock.boottime_ns: 50000000000\nclock.monotonic_ns: 50000000000\n"
		"/sys/kernel/debug/amd_pmc/s0ix_stats:\n"
		"\t=== S0ix statistics ===\n"
		"\tS0ix Entry Time: 8013862000\n"
		"\tS0ix Exit Time: 8157862000\n"
		"\tResidency Time: 3000000\n"
		"[cycle 1 after]\nmode: s2idle\n"
		"clock.boottime_ns: 61000000000\nclock.monotonic_ns: 50600000000\n"
		"/sys/kernel/debug/amd_pmc/s0ix_stats:\n"
		"\t=== S0ix statistics ===\n"
		"\tS0ix Entry Time: 9023862000\n"
		"\tS0ix Exit Time: 9515862000\n"
		"\tResidency Time: 10250000\n"
		"[cycle 2 before]\nmode: s2idle\n"
		"/sys/kernel/debug/amd_pmc/s0ix_stats:\n"
		"\tS0ix Entry Time: 9023862000\n"
		"\tResidency Time: 10250000\n"
		"[cycle 2 after]\nmode: s2idle\n"
		"/sys/kernel/debug/amd_pmc/s0ix_stats:\n"
		"\tS0ix Entry Time: 9023862000\n"
		"\tResidency Time: 10250000\n", 0, err, sizeof(err));
	/* asleep 11.000 - 0.600 = 10.400 s */
	assert_string_equal(run_fact(run, "hw_sleep.cycle1"),
			    "10.250 of 10.400 s (98.6%), amd_pmc s0ix_stats");
	/* the same entry time: no S0i3 in cycle 2, not the old residency */
	assert_string_equal(run_fact(run, "hw_sleep.cycle2"), "0.000 s, amd_pmc s0ix_stats");
	assert_non_null(warning_with(run, "cycle 2: the platform never reached", NULL));
	assert_null(warning_with(run, "cycle 1: the platform never reached", NULL));
	run_free(run);
}

/* A failed suspend the kernel counted; S3 gets no hardware sleep note. */
static void test_failed_suspend_and_s3(void **state)
{
	char err[256];
	struct pm_run *run;
	int level = -1;

	(void)state;
	run = read_stats("[cycle 1 before]\nmode: mem\n"
		"/sys/power/suspend_stats/fail: 2\n"
		"/sys/power/suspend_stats/last_failed_dev: \n"
		"/sys/kernel/debug/pmc_core/slp_s0_residency_usec: 100\n"
		"[cycle 1 after]\nmode: mem\n"
		"/sys/power/suspend_stats/fail: 3\n"
		"/sys/power/suspend_stats/last_failed_dev: 0000:00:14.0\n"
		"/sys/power/suspend_stats/last_failed_errno: -16\n"
		"/sys/power/suspend_stats/last_failed_step: suspend\n"
		"/sys/kernel/debug/pmc_core/slp_s0_residency_usec: 100\n", 0, err, sizeof(err));
	assert_string_equal(warning_with(run, "failed suspend", &level),
			    "cycle 1: the kernel counted 1 failed suspend (suspend_stats: last failed "
			    "device 0000:00:14.0, errno -16, step suspend)");
	assert_int_equal(level, FC_SUSPEND_STATS);
	assert_null(run_fact(run, "hw_sleep.cycle1"));
	assert_null(warning_with(run, "hardware sleep", NULL));
	run_free(run);
}

static void test_bad_line(void **state)
{
	char err[256];
	struct pm_run *run;

	(void)state;
	run = read_stats("[cycle 1 before]\nmode: s2idle\nno colon here\n", -1, err, sizeof(err));
	assert_non_null(strstr(err, ":3: not understood"));
	run_free(run);
	run = read_stats("mode: s2idle\n", -1, err, sizeof(err));
	assert_non_null(strstr(err, ":1: not understood"));
	run_free(run);
}

/* A real S3 cycle in QEMU (6.1): success 1 -> 2, no residency counter. */
static void test_real_s3(void **state)
{
	struct pm_run *run = run_new();
	char err[256];

	(void)state;
	assert_int_equal(residency_read(run, FIXTURES "/pmscope-record-qemu-q35-s3-k6.1-dat"
					"/sys/sleep-stats.txt", err, sizeof(err)), 0);
	assert_int_equal(run->nwarns, 0);
	assert_int_equal(run->nfacts, 0);
	run_free(run);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_intel_slp_s0),
		cmocka_unit_test(test_no_residency_is_flagged),
		cmocka_unit_test(test_total_hw_sleep_first),
		cmocka_unit_test(test_amd_s0ix_stats),
		cmocka_unit_test(test_failed_suspend_and_s3),
		cmocka_unit_test(test_bad_line),
		cmocka_unit_test(test_real_s3),
	};

	return cmocka_run_group_tests_name("residency", tests, NULL, NULL);
}
