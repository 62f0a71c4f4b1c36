// SPDX-License-Identifier: GPL-2.0
/*
 * The whole analyze path: any input (dmesg, ftrace text, trace.dat, plain
 * or compressed, told apart by content) read as `pmscope analyze` reads
 * it, then every report: terminal text, JSON, SVG, PNG and HTML (with
 * the log excerpts), written to /dev/null.
 */
#include "fuzz.h"
#include "input.h"
#include "report.h"
#include "timeline.h"

static void reports(const struct pm_run *run)
{
	struct report_opts ro = { .top = 10 };
	FILE *f = fuzz_sink();
	char err[1024];

	report_text(f, run, &ro);
	report_json(f, run, &ro);
	if (!tl_window_ok(run, &ro, err, sizeof(err)))
		return;
	report_svg(f, run, &ro);
	report_png(f, run, &ro);
	report_html(f, run, &ro);
	fflush(f);
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
	rc = input_read(run, path, &st, err, sizeof(err));
	run_merge_sources(run);
	if (rc == 0 || run->ncycles) {
		input_excerpts(run, 1u << 20, err, sizeof(err));
		reports(run);
	}
	run_free(run);
	return 0;
}
