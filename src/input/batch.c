// SPDX-License-Identifier: GPL-2.0
/*
 * Many runs for statistics and comparisons: a lab keeps one run folder
 * (or one log) per suspend test, all in one folder. What is a run is
 * input/discover.c's to say, as for every command.
 */
#include <stdio.h>
#include <stdlib.h>

#include "input.h"

size_t input_each(const char *path, input_run_fn fn, void *ctx, size_t *nbad)
{
	struct input_found f;
	struct input_stats st;
	size_t i, nruns = 0;
	char err[1024];

	input_find(path, &f);
	for (i = 0; i < f.nskips; i++)
		fprintf(stderr, "pmscope: %s: passed over: %s\n", f.skips[i].path,
			f.skips[i].why);
	if (!f.nruns) {
		fprintf(stderr, "pmscope: %s: no log found\n", path);
		++*nbad;
	}
	for (i = 0; i < f.nruns; i++) {
		struct pm_run *run = run_new();
		int rc = input_read_src(run, &f.runs[i], &st, err, sizeof(err));

		if (rc < 0)
			fprintf(stderr, "pmscope: %s\n", err);
		if (rc == 0 || run->ncycles)	/* a partial result still counts */
			fn(run, f.runs[i].name, ctx);
		if (rc == 0)
			nruns++;
		else
			++*nbad;
		run_free(run);
	}
	input_found_free(&f);
	return nruns;
}
