/* SPDX-License-Identifier: GPL-2.0 */
/* For the unit tests: a fixture log (and device tree) read into a run. */
#ifndef PMSCOPE_TEST_LOAD_RUN_H
#define PMSCOPE_TEST_LOAD_RUN_H

#include "input.h"

static inline struct pm_run *load(const char *log, const char *devices)
{
	struct pm_run *run = run_new();
	struct input_stats st;
	char err[512];

	assert_int_equal(input_read(run, log, NULL, &st, err, sizeof(err)), 0);
	if (devices)
		assert_int_equal(sysfacts_devices(run, devices, err, sizeof(err)), 0);
	return run;
}

#endif
