// SPDX-License-Identifier: GPL-2.0
/*
 * pmscope stats and pmscope compare: many cycles as distributions, two
 * sets side by side, and limits a CI job can gate on.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis.h"
#include "stats.h"
#include "cmd.h"
#include "input.h"
#include "report.h"
#include "timeline.h"

static void stats_usage(FILE *f, bool compare)
{
	if (compare)
		fprintf(f, "usage: pmscope compare [options] BEFORE AFTER\n\n"
			"Compare two sets of runs (a patch's before and after): the medians\n"
			"of the suspend and resume totals, of each phase and of each device.\n"
			"Says when the sides were timed differently (a log, a trace), and\n"
			"sets apart devices of phases one side timed no callback in.\n");
	else
		fprintf(f, "usage: pmscope stats [options] INPUT...\n\n"
			"Statistics over every cycle of the inputs: n, min, median, mean,\n"
			"max and standard deviation of the totals, phases and devices, and\n"
			"how many cycles had no figure for each (none).\n");
	fprintf(f, "Each input is a log, a run folder, a JSON report of pmscope's\n"
		"(analyze --json, read back: pmscope(1), Reports as inputs), or a\n"
		"folder of those.\n"
		"\noptions:\n"
		"  -j, --json FILE        write JSON (schema pmscope-%s/1); - for stdout\n"
		"  -n, --top N            list N devices in the text (default 10)\n"
		"  -m, --mode MODE        take only cycles of MODE (mem, s2idle, standby,\n"
		"                         disk, boot)\n"
		"  -q, --quiet            no terminal summary\n"
		"      --max-suspend MS   fail when a cycle's suspend took longer%s\n"
		"      --max-resume MS    fail when a cycle's resume took longer%s\n"
		"      --junit FILE       write a JUnit XML report: a test case per cycle\n"
		"                         and per limit\n",
		compare ? "compare" : "stats", compare ? " (after)" : "",
		compare ? " (after)" : "");
	read_options_usage(f, 25);
	if (!compare)
		fprintf(f, "      --since DATE       only the runs since DATE: 2026-12-01, 2026-12-01\n"
			"                         08:00 (local time), -7d, -12h (before now)\n"
			"      --last N           only the N newest runs\n"
			"                         (both: by the run folder's wall-clock time;\n"
			"                         pmscope watch's store has it)\n"
			"      --html FILE        write a summary page: totals per mode and over\n"
			"                         time (kernel changes marked), every run (linked\n"
			"                         to its report.html), devices, issues\n"
			"      --rows DIR         write every run's rows for a warehouse into DIR\n"
			"      --rows-format FMT  the rows' format: ndjson (default) or csv\n");
	if (compare)
		fprintf(f, "      --html FILE        write the comparison as a page: medians, boot\n"
			"                         milestones side by side, phases, devices\n"
			"      --max-regress PCT  fail when the median suspend or resume grew\n"
			"                         by more than PCT percent\n");
	fprintf(f, "  -h, --help             this text\n\n"
		"exit status: 0 ok, 1 a limit was exceeded or a run failed (a failure\n"
		"finding, as analyze says of it, or a run without data among others),\n"
		"2 bad usage or an input that could not be read (in full), 4 no data\n"
		"(no run held a cycle, and nothing failed).\n");
}

struct stats_args {
	const char *json, *mode, *junit, *html, *rows;
	enum rows_format rows_format;
	size_t top;
	bool quiet;
	double max_suspend, max_resume, max_regress;	/* NAN: not set */
	struct read_opts bounds;	/* on each input */
	struct stats_when when;		/* --since, --last */
};

/* Where each run read goes: one side's statistics and the JUnit cases. */
struct take {
	struct run_stats *st;
	struct junit_suite *junit;	/* NULL: no --junit */
	struct tl_summary *html;	/* NULL: no --html */
	struct rows_out *rows;		/* NULL: no --rows */
	const struct stats_args *a;
	bool gated;		/* the side --max-suspend/--max-resume judge */
};

/* A test case per cycle: failed by its failures and by the limits it
 * broke, skipped when of another mode than --mode. */
static void junit_cycles(const struct take *t, const struct pm_run *run,
			 const struct pm_results *res, const char *source)
{
	size_t i;

	junit_add_run(t->junit, &res->findings, source);
	for (i = 0; i < run->ncycles; i++) {
		const struct pm_cycle *c = &run->cycles[i];
		const char *mode = mode_name(c->mode);
		struct cycle_totals tt;
		struct junit_case *jc;
		char *skip = NULL;

		cycle_totals(c, &tt);
		if (t->a->mode && strcmp(t->a->mode, mode))
			skip = xasprintf("mode %s, not %s", mode, t->a->mode);
		jc = junit_add_cycle(t->junit, c, &tt, &res->cycles[i].findings, source, skip);
		free(skip);
		if (!t->gated || !stats_takes_cycle(t->st, c))
			continue;
		if (!isnan(t->a->max_suspend) && tt.suspend_ns != NS_NONE &&
		    tt.suspend_ns / 1e6 > t->a->max_suspend)
			junit_fail(jc, "suspend %.3f ms > --max-suspend %g ms", tt.suspend_ns / 1e6,
				   t->a->max_suspend);
		if (!isnan(t->a->max_resume) && tt.resume_ns != NS_NONE &&
		    tt.resume_ns / 1e6 > t->a->max_resume)
			junit_fail(jc, "resume %.3f ms > --max-resume %g ms", tt.resume_ns / 1e6,
				   t->a->max_resume);
	}
}

/* An input no cycle could be read from: a run that failed, in every
 * output. */
static void take_unread(const struct take *t, const char *source, const char *why)
{
	stats_add_unread(t->st, source, why);
	if (t->junit)
		junit_fail(junit_add(t->junit, source, "the inputs", -1), "not-read: %s", why);
}

/* A run, with its findings: what analyze's exit status and JSON say of
 * it, computed alike. */
static void take_run(const struct pm_run *run, const char *source, const char *err, void *ctx)
{
	const struct results_opts ro = { .verdict_only = true };
	const struct take *t = ctx;
	struct pm_results res;

	if (err && !run->ncycles) {
		take_unread(t, source, err);
		return;
	}
	if (results_compute(&res, run, &ro) < 0) {
		take_unread(t, source, "the analyses failed");
		return;
	}
	stats_add_run(t->st, run, source);
	stats_add_findings(t->st, &res, source, err);
	if (t->html)
		tl_summary_add(t->html, run, &res, source);
	if (t->rows) {
		input_run_id(run, res.ident.id);
		rows_add_run(t->rows, run, &res);
	}
	if (t->junit)
		junit_cycles(t, run, &res, source);
	results_free(&res);
}

static int parse_ms(const char *s, double *out)
{
	char *end;
	double v = strtod(s, &end);

	if (!*s || *end || !(v >= 0) || v > 1e9)
		return -1;
	*out = v;
	return 0;
}

/* 1 ok, 0 done (help), -1 usage error. */
static int parse_args(int argc, char **argv, bool compare, struct stats_args *a)
{
	static const struct option opts[] = {
		{ "json", required_argument, NULL, 'j' },
		{ "top", required_argument, NULL, 'n' },
		{ "mode", required_argument, NULL, 'm' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "max-suspend", required_argument, NULL, 'S' },
		{ "max-resume", required_argument, NULL, 'R' },
		{ "max-regress", required_argument, NULL, 'P' },
		{ "junit", required_argument, NULL, 'U' },
		{ "html", required_argument, NULL, 'H' },
		{ "rows", required_argument, NULL, 'W' },
		{ "rows-format", required_argument, NULL, 'F' },
		{ "since", required_argument, NULL, 'D' },
		{ "last", required_argument, NULL, 'L' },
		{ "help", no_argument, NULL, 'h' },
		READ_OPTIONS,
		{ NULL, 0, NULL, 0 },
	};
	double v;
	long n;
	int c;

	*a = (struct stats_args){ .top = 10, .max_suspend = NAN, .max_resume = NAN,
				  .max_regress = NAN, .bounds = READ_OPTS_DEFAULT };
	optind = 1;
	while ((c = getopt_long(argc, argv, "j:n:m:qh", opts, NULL)) != -1) {
		switch (c) {
		case 'j': a->json = optarg; break;
		case 'U': a->junit = optarg; break;
		case 'H':
			a->html = optarg;
			break;
		case 'W':
		case 'F':
			if (compare || (c == 'W' && (!*optarg || !strcmp(optarg, "-"))) ||
			    (c == 'F' && rows_format_arg(optarg, &a->rows_format) < 0)) {
				fprintf(stderr, "pmscope: %s\n", compare ? "--rows is for stats" :
					c == 'W' ? "--rows takes a folder" :
					"--rows-format takes ndjson or csv");
				return -1;
			}
			if (c == 'W')
				a->rows = optarg;
			break;
		case 'D':
		case 'L':
			if (compare) {
				fprintf(stderr, "pmscope: --since and --last are for stats\n");
				return -1;
			}
			if (c == 'D' && stats_when_date(optarg, &a->when.since_ns) < 0) {
				fprintf(stderr, "pmscope: bad date '%s' (2026-12-01, 2026-12-01 "
					"08:00, -7d)\n", optarg);
				return -1;
			}
			if (c == 'L' && arg_count(optarg, 1, 100000000, &n) < 0) {
				fprintf(stderr, "pmscope: bad number '%s'\n", optarg);
				return -1;
			}
			if (c == 'D')
				a->when.since_set = true;
			else
				a->when.last = (size_t)n;
			break;
		case 'm': a->mode = optarg; break;
		case 'q': a->quiet = true; break;
		case 'h': stats_usage(stdout, compare); return 0;
		case 'n':
			if (arg_count(optarg, 0, 100000, &n) < 0) {
				fprintf(stderr, "pmscope: bad number '%s'\n", optarg);
				return -1;
			}
			a->top = (size_t)n;
			break;
		case 'S':
		case 'R':
		case 'P':
			if (parse_ms(optarg, &v) < 0 || (c == 'P' && !compare)) {
				fprintf(stderr, "pmscope: bad value '%s'\n", optarg);
				return -1;
			}
			*(c == 'S' ? &a->max_suspend : c == 'R' ? &a->max_resume : &a->max_regress) = v;
			break;
		default:
			if (read_option(&a->bounds, c, optarg) > 0)
				break;
			return -1;
		}
	}
	return 1;
}

static void gate_max(struct stats_report *sr, const char *what, const struct stat_series *s,
		     double limit)
{
	struct gate_result *g = &sr->gates[sr->ngates];
	const struct stat_summary m = s->sum;

	if (isnan(limit))
		return;
	memset(g, 0, sizeof(*g));
	g->what = what;
	g->unit = "ms";
	g->limit = limit;
	g->value = m.n ? m.max / 1e6 : NAN;
	g->failed = !m.n || g->value > limit;	/* nothing measured passes nothing */
	g->unchecked = s->nmissing;
	if (m.n)
		snprintf(g->where, sizeof(g->where), "%s cycle %d", s->worst.source, s->worst.cycle);
	sr->ngates++;
}

static void gate_regress(struct stats_report *sr, const char *what,
			 const struct stat_series *a, const struct stat_series *b, double pct)
{
	struct gate_result *g = &sr->gates[sr->ngates];
	const struct stat_summary ma = a->sum, mb = b->sum;

	if (isnan(pct))
		return;
	memset(g, 0, sizeof(*g));
	g->what = what;
	g->unit = "%";
	g->limit = pct;
	g->value = ma.n && mb.n && ma.median > 0 ?
		100.0 * (double)(mb.median - ma.median) / (double)ma.median : NAN;
	g->failed = isnan(g->value) || g->value > pct;
	g->unchecked = a->nmissing + b->nmissing;
	sr->ngates++;
}

static bool any_failed(const struct stats_report *sr)
{
	size_t i;

	for (i = 0; i < sr->ngates; i++)
		if (sr->gates[i].failed)
			return true;
	return false;
}

/*
 * What stats or compare comes to: failed when a limit was exceeded or a
 * run failed (the kernel's or the reading's failure, as analyze says it
 * of the run), no data when no run held a cycle, else ok. A run without
 * data beside runs with some failed too (a box that hung before its log
 * was written), as its JUnit test case does.
 */
static enum verdict stats_verdict(const struct stats_report *sr, const struct run_stats *side,
				  size_t nsides)
{
	size_t s, ncycles = 0, nodata = 0;

	if (any_failed(sr))
		return VERDICT_FAILED;
	for (s = 0; s < nsides; s++) {
		if (side[s].nverdict[VERDICT_FAILED])
			return VERDICT_FAILED;
		ncycles += side[s].ncycles + side[s].nfailed;	/* of --mode */
		nodata += side[s].nverdict[VERDICT_NO_DATA];
	}
	if (!ncycles)
		return VERDICT_NO_DATA;
	return nodata ? VERDICT_FAILED : VERDICT_OK;
}

/* A test case per limit, failed when it was exceeded. */
static void junit_gates(struct junit_suite *ju, const struct stats_report *sr)
{
	size_t i;

	for (i = 0; i < sr->ngates; i++) {
		const struct gate_result *g = &sr->gates[i];
		char *name = xasprintf("%s at most %g %s", g->what, g->limit, g->unit);
		struct junit_case *jc = junit_add(ju, "pmscope.limits", name, -1);

		free(name);
		if (!g->failed)
			continue;
		if (isnan(g->value))
			junit_fail(jc, "%s: nothing measured", g->what);
		else
			junit_fail(jc, "%s %.3f %s > %g %s%s%s", g->what, g->value, g->unit, g->limit,
				   g->unit, g->where[0] ? ", worst: " : "", g->where);
	}
}

static int write_junit(struct junit_suite *ju, const struct stats_report *sr, const char *path)
{
	char err[1024];

	junit_gates(ju, sr);
	ju->system_out = junit_capture(report_stats_text, sr);
	if (write_atomic(path, report_junit, ju, err, sizeof(err)) < 0) {
		fprintf(stderr, "pmscope: %s\n", err);
		return -1;
	}
	return 0;
}

/* An output to standard output: the summary stays off it. */
static bool on_stdout(const char *path)
{
	return path && !strcmp(path, "-");
}

static int report(struct stats_report *sr, const struct stats_args *a, struct junit_suite *ju,
		  const struct tl_summary *html)
{
	char err[1024];

	if (html && write_atomic(a->html, tl_summary_write, html, err, sizeof(err)) < 0) {
		fprintf(stderr, "pmscope: %s\n", err);
		return -1;
	}
	if (sr->b && a->html && write_atomic(a->html, tl_compare_write, sr, err, sizeof(err)) < 0) {
		fprintf(stderr, "pmscope: %s\n", err);
		return -1;
	}
	if (a->junit && write_junit(ju, sr, a->junit) < 0)
		return -1;
	if (!a->quiet && !on_stdout(a->json) && !on_stdout(a->junit) && !on_stdout(a->html) &&
	    report_stats_text(stdout, sr) < 0)
		return -1;
	if (a->json && write_atomic(a->json, report_stats_json, sr, err, sizeof(err)) < 0) {
		fprintf(stderr, "pmscope: %s\n", err);
		return -1;
	}
	if (fflush(stdout) != 0) {
		fprintf(stderr, "pmscope: standard output: write failed\n");
		return -1;
	}
	return 0;
}

/* --since, --last: the runs chosen by their time, oldest first */
static void read_picked(const struct stats_args *a, char *const *inputs, size_t n,
			struct input_seen *seen, struct take *t, size_t *nbad)
{
	char **paths;
	size_t i, npicked = stats_when_pick(inputs, n, &a->when, &paths);

	if (!npicked)
		fprintf(stderr, "pmscope: no run of the inputs is %s\n", a->when.since_set ?
			"that recent" : "dated");
	for (i = 0; i < npicked; i++)
		input_each(paths[i], &a->bounds, seen, take_run, t, nbad);
	stats_when_free(paths);
}

static int stats_main(int argc, char **argv, bool compare)
{
	struct run_stats side[2];
	struct gate_result gates[6];
	struct stats_report sr = { .gates = gates };
	struct junit_suite ju = { .name = compare ? "pmscope compare" : "pmscope stats" };
	struct take take[2];
	struct input_seen seen[2] = { { 0 } };
	struct stats_diff diff = { 0 };
	struct stats_args a;
	struct tl_summary *html = NULL;
	struct rows_out rows = { 0 };
	char err[1024];
	size_t nbad = 0, nsides = compare ? 2 : 1, s;
	int i, rc;

	rc = parse_args(argc, argv, compare, &a);
	if (rc <= 0) {
		if (rc < 0)
			stats_usage(stderr, compare);
		return rc < 0 ? EXIT_USAGE : EXIT_CLEAN;
	}
	if (compare ? argc - optind != 2 : argc - optind < 1) {
		fprintf(stderr, "pmscope %s: %s\n", argv[0],
			compare ? "give two inputs, BEFORE and AFTER" : "no input");
		stats_usage(stderr, compare);
		return EXIT_USAGE;
	}
	if (!outputs_spare_inputs((const char *[]){ a.json, a.html, a.junit }, 3, argv + optind,
				  (size_t)(argc - optind)) ||
	    !rows_spare_inputs(a.rows, a.rows_format, argv + optind, (size_t)(argc - optind)))
		return EXIT_USAGE;
	if (a.rows && rows_open(&rows, a.rows, a.rows_format, err, sizeof(err)) < 0) {
		fprintf(stderr, "pmscope: %s\n", err);
		rows_close(&rows);
		return EXIT_USAGE;
	}
	if (a.html && !compare)
		html = tl_summary_new();
	for (s = 0; s < nsides; s++) {
		stats_init(&side[s], a.mode);
		take[s] = (struct take){ &side[s], a.junit ? &ju : NULL, html, a.rows ? &rows : NULL,
					 &a, s == nsides - 1 };
	}
	/* Each side counts a file once; compare may read one on both sides. */
	if (a.when.since_set || a.when.last)
		read_picked(&a, argv + optind, (size_t)(argc - optind), &seen[0], &take[0], &nbad);
	else
		for (i = optind; i < argc; i++) {
			s = compare ? (size_t)(i - optind) : 0;
			input_each(argv[i], &a.bounds, &seen[s], take_run, &take[s], &nbad);
		}
	rc = EXIT_USAGE;
	/* A side with no completed cycle (they hung, aborted, or no input
	 * held one) has its reports all the same, each run with its verdict
	 * (a CI job's JUnit file): the verdict and the exit status say it. */
	for (s = 0; s < nsides; s++)
		if (!side[s].ncycles)
			fprintf(stderr, "pmscope: %s: no completed cycle%s%s\n",
				compare ? argv[optind + s] : "the inputs", a.mode ? " of mode " : "",
				a.mode ? a.mode : "");
	for (s = 0; s < nsides; s++)
		stats_finish(&side[s]);
	if (html)
		tl_summary_finish(html);
	sr.a = &side[0];
	sr.b = compare ? &side[1] : NULL;
	if (compare) {
		stats_diff(&side[0], &side[1], &diff);
		sr.diff = &diff;
	}
	sr.a_label = argv[optind];
	sr.b_label = compare ? argv[optind + 1] : NULL;
	sr.top = a.top;
	gate_max(&sr, "suspend", &side[nsides - 1].suspend, a.max_suspend);
	gate_max(&sr, "resume", &side[nsides - 1].resume, a.max_resume);
	if (compare) {
		gate_regress(&sr, "suspend regression", &side[0].suspend, &side[1].suspend,
			     a.max_regress);
		gate_regress(&sr, "resume regression", &side[0].resume, &side[1].resume,
			     a.max_regress);
	}
	if (a.rows && rows_commit(&rows, err, sizeof(err)) < 0) {
		fprintf(stderr, "pmscope: %s\n", err);
		goto out;
	}
	if (report(&sr, &a, &ju, html) < 0)
		goto out;
	rc = nbad ? EXIT_USAGE : exit_status(stats_verdict(&sr, side, nsides));
out:
	for (s = 0; s < nsides; s++) {
		stats_free(&side[s]);
		input_seen_free(&seen[s]);
	}
	stats_diff_free(&diff);
	rows_close(&rows);
	junit_free(&ju);
	tl_summary_free(html);
	return rc;
}

int cmd_stats(int argc, char **argv)
{
	return stats_main(argc, argv, false);
}

int cmd_compare(int argc, char **argv)
{
	return stats_main(argc, argv, true);
}
