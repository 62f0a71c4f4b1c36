// SPDX-License-Identifier: GPL-2.0
/*
 * pmscope's own JSON report read back (src/input/report/) as stats and
 * analyze read it: the run it gives goes through every analysis, the
 * statistics of many runs, and the text, JSON and SVG reports, which
 * must take whatever the report held (a model no log's reading made).
 */
#include "analysis.h"
#include "fuzz.h"
#include "input.h"
#include "report.h"
#include "stats.h"
#include "timeline.h"

static void reports(struct pm_run *run)
{
	const struct results_opts rs = { .top = 10, .hints = true };
	struct report_opts ro = { .top = 10 };
	struct pm_results res = { 0 };
	struct run_stats st;
	FILE *f = fuzz_sink();
	char err[256];

	stats_init(&st, NULL);
	if (results_compute(&res, run, &rs) < 0)
		goto out;
	stats_add_run(&st, run, "report");
	stats_add_findings(&st, &res, "report", NULL);
	stats_finish(&st);
	report_text(f, run, &res, &ro);
	report_json(f, run, &res, &ro);
	if (tl_window_ok(run, &ro, err, sizeof(err)))
		report_svg(f, run, &res, &ro);
	fflush(f);
out:
	stats_free(&st);
	results_free(&res);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd = -1;
	struct read_opts ro = READ_OPTS_DEFAULT;
	struct input_stats st;
	struct pm_run *run;
	char path[64], err[1024];

	if (fuzz_file(&fd, data, size, path, sizeof(path)) < 0)
		abort();
	run = run_new();
	input_read(run, path, &ro, &st, err, sizeof(err));
	reports(run);
	run_free(run);
	return 0;
}
