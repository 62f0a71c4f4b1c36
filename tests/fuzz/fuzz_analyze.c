// SPDX-License-Identifier: GPL-2.0
/*
 * The whole analyze path: any input (dmesg, ftrace text, trace.dat, plain
 * or compressed, told apart by content) read as `pmscope analyze` reads
 * it, then every report: terminal text, JSON, KCIDB, Perfetto, JUnit, and
 * for one input in four SVG, PNG and HTML (with the log excerpts, call
 * trees and cycle logs), written to /dev/null.
 */
#include "analysis.h"
#include "fuzz.h"
#include "input.h"
#include "report.h"
#include "timeline.h"

/* As the output pipeline (cmd/pipeline.c) does: results once, the HTML
 * page's trees (caught while reading, the rest read again) and logs, then
 * every renderer. */
static void reports(struct pm_run *run, struct read_keep *keep, bool drawn)
{
	const struct results_opts rs = { .top = 10 };
	struct page_extras px = { 0 };
	struct report_opts ro = { .top = 10, .page = &px };
	struct pm_results res = { 0 };
	FILE *f = fuzz_sink();
	struct cb_ref *want;
	char err[1024];
	size_t nw;

	if (results_compute(&res, run, &rs) < 0)
		goto out;
	input_excerpts(run, keep, 1u << 20, &px, err, sizeof(err));
	want = tl_html_tree_wants(run, &res, &nw);
	if (nw)
		input_call_trees(run, keep, want, nw, &px, err, sizeof(err));
	free(want);
	input_cycle_logs(run, keep, 1u << 20, &px, err, sizeof(err));
	report_text(f, run, &res, &ro, err, sizeof(err));
	report_json(f, run, &res, &ro, err, sizeof(err));
	report_kcidb(f, run, &res, &ro, err, sizeof(err));
	report_perfetto(f, run, &res, &ro, err, sizeof(err));
	report_junit_run(f, run, &res, &ro, err, sizeof(err));
	if (!drawn || !tl_window_ok(run, &ro, err, sizeof(err)))
		goto out;
	report_svg(f, run, &res, &ro, err, sizeof(err));
	report_png(NULL, run, &res, &ro, err, sizeof(err));	/* drawn; libpng's encoding was 70% */
	report_html(f, run, &res, &ro, err, sizeof(err));
	fflush(f);
out:
	page_extras_free(&px);
	results_free(&res);
}

/*
 * The drawn reports (SVG, PNG, HTML) for one input in four, by a hash of
 * its bytes (so an input always gets the same): they read the same model
 * as the others, and took half of an input's time (with them on every
 * input the target ran 134 inputs a second, on one in two 182, from the
 * same corpus), which kept it under its goal.
 */
static bool drawn(const uint8_t *data, size_t size)
{
#ifdef FUZZ_LIBFUZZER
	return (hash_bytes(data, size) & 3) == 0;
#else	/* the replay of the seeds and kept reproducers draws every one */
	(void)data;
	(void)size;
	return true;
#endif
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd = -1;
	struct read_keep keep = { .want_trees = true };	/* as for an HTML page */
	struct read_opts ro = READ_OPTS_DEFAULT;
	struct input_stats st;
	struct pm_run *run;
	char path[64], err[1024];
	int rc;

	if (fuzz_file(&fd, data, size, path, sizeof(path)) < 0)
		abort();
	run = run_new();
	ro.keep = &keep;
	rc = input_read(run, path, &ro, &st, err, sizeof(err));
	run_merge_sources(run);
	if (rc == 0 || run->ncycles)
		reports(run, &keep, drawn(data, size));
	read_keep_free(&keep);
	run_free(run);
	return 0;
}
