// SPDX-License-Identifier: GPL-2.0
/*
 * pmscope's own JSON report read back (src/input/report/) as stats and
 * analyze read it: the run it gives goes through every analysis, the
 * statistics of many runs, and the text, JSON, KCIDB, SVG reports and
 * every table's rows, which must take whatever the report held (a model
 * no log's reading made).
 */
#include "analysis.h"
#include "fuzz.h"
#include "input.h"
#include "report.h"
#include "stats.h"
#include "table.h"
#include "timeline.h"

/* Every row of every table, as --rows writes them (report/rows.c). */
static void rows(FILE *f, const struct pm_run *run, const struct pm_results *res)
{
	const struct run_rows rr = { run, res };
	size_t i, k;

	table_ndjson_row(f, &runs_table, &rr, 0);
	for (i = 0; i < run->ndevs; i++)
		table_csv_row(f, &devices_table, &rr, i);
	for (i = 0; i < res->findings.n; i++)
		table_ndjson_row(f, &findings_table,
				 &(struct finding_rows){ &res->findings, &res->ident, 0 }, i);
	for (i = 0; i < res->ncycles; i++) {
		const struct cycle_rows cr = { run, &res->cycles[i], &res->ident };

		table_ndjson_row(f, &cycles_table, &cr, 0);
		for (k = 0; k < run->cycles[i].nphases; k++)
			table_csv_row(f, &phases_table, &cr, k);
		for (k = 0; k < run->cycles[i].ncbs; k++)
			table_ndjson_row(f, &callbacks_table, &cr, k);
	}
}

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
	report_text(f, run, &res, &ro, err, sizeof(err));
	report_json(f, run, &res, &ro, err, sizeof(err));
	report_kcidb(f, run, &res, &ro, err, sizeof(err));
	input_run_id(run, res.ident.id);
	rows(f, run, &res);
	if (tl_window_ok(run, &ro, err, sizeof(err)))
		report_svg(f, run, &res, &ro, err, sizeof(err));
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
