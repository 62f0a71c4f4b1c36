// SPDX-License-Identifier: GPL-2.0
/*
 * The whole analyze path: any input (dmesg, ftrace text, trace.dat, plain
 * or compressed, told apart by content) read as `pmscope analyze` reads
 * it, then every report: terminal text, JSON, Perfetto, JUnit, SVG, PNG
 * and HTML (with the log excerpts, call trees and cycle logs), written to
 * /dev/null.
 */
#include "analysis.h"
#include "fuzz.h"
#include "input.h"
#include "report.h"
#include "timeline.h"

/* As the output pipeline (cmd/pipeline.c) does: results once, the HTML
 * page's trees (caught while reading, the rest read again) and logs, then
 * every renderer. */
static void reports(struct pm_run *run)
{
	const struct results_opts rs = { .top = 10 };
	struct report_opts ro = { .top = 10 };
	struct pm_results res = { 0 };
	FILE *f = fuzz_sink();
	struct cb_ref *want;
	char err[1024];
	size_t nw;

	if (results_compute(&res, run, &rs) < 0)
		goto out;
	want = tl_html_tree_wants(run, &res, &nw);
	if (nw)
		input_call_trees(run, want, nw, err, sizeof(err));
	free(want);
	input_cycle_logs(run, 1u << 20, err, sizeof(err));
	report_text(f, run, &res, &ro);
	report_json(f, run, &res, &ro);
	report_perfetto(f, run, &res, &ro);
	report_junit_run(f, run, &res, &ro);
	if (!tl_window_ok(run, &ro, err, sizeof(err)))
		goto out;
	report_svg(f, run, &res, &ro);
	report_png(NULL, run, &res, &ro);	/* drawn; libpng's encoding was 70% */
	report_html(f, run, &res, &ro);
	fflush(f);
out:
	results_free(&res);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd = -1;
	struct input_stats st;
	struct pm_run *run;
	char path[64], err[1024];
	int rc;

	if (fuzz_file(&fd, data, size, path, sizeof(path)) < 0)
		abort();
	run = run_new();
	run->keep_trees = true;	/* as for an HTML page */
	rc = input_read(run, path, NULL, &st, err, sizeof(err));
	run_merge_sources(run);
	if (rc == 0 || run->ncycles) {
		input_excerpts(run, 1u << 20, err, sizeof(err));
		reports(run);
	}
	run_free(run);
	return 0;
}
