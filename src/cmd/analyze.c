// SPDX-License-Identifier: GPL-2.0
/*
 * pmscope analyze: saved logs in, reports out.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

#include "cmd.h"
#include "input.h"
#include "report.h"
#include "timeline.h"

/* Timeline outputs: one entry each (long options only). */
static const struct tl_output {
	const char *opt, *what;
	report_fn fn;
} tl_outputs[] = {
	{ "svg", "SVG timeline", report_svg },
	{ "png", "PNG timeline", report_png },
	{ "html", "HTML timeline", report_html },
};
/* Bytes of log lines the HTML may carry: a few MB, whatever the run. */
#define HTML_EXCERPT_BUDGET (4u << 20)
enum { OPT_WIDTH = 256, OPT_FROM, OPT_TO, OPT_PHASE, OPT_TL };

static void analyze_usage(FILE *f)
{
	fprintf(f,
		"usage: pmscope analyze [options] FILE|RUN-DIR...\n"
		"\n"
		"Read kernel logs (dmesg in any of its saved forms), ftrace text and\n"
		"trace-cmd files, plain or compressed, and report each\n"
		"suspend/resume, hibernation or boot.\n"
		"A run folder adds its system facts (sys/devices.txt, sys/devlinks.txt).\n"
		"\n"
		"options:\n"
		"  -j, --json FILE   write the JSON report (schema pmscope/1); - for stdout\n"
		"  -n, --top N       list the N slowest callbacks per cycle (default 10)\n"
		"  -c, --cycle N     report only cycle N\n"
		"  -q, --quiet       no terminal summary\n"
		"  -s, --stats       print input size, speed and peak memory on stderr\n"
		"      --html FILE   write the interactive HTML timeline (one file)\n"
		"      --svg FILE    write a static SVG timeline of the cycles\n"
		"      --png FILE    write the same timeline as PNG\n"
		"      --width PX    timeline width (default 1400)\n"
		"      --from MS     timelines start MS ms after each cycle's start\n"
		"      --to MS       and end MS ms after it\n"
		"      --phase NAME  timelines show only phase NAME (e.g. resume)\n"
		"  -h, --help        this text\n"
		"\n"
		"exit status: 0 clean, 1 a failure was found (error return, unfinished\n"
		"callback, cycle that did not complete), 2 bad usage or unreadable input.\n");
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* For make bench and the curious: how fast, how much memory. */
static void print_stats(const struct input_stats *st, double secs)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	fprintf(stderr, "pmscope: read %.1f MB, %u lines in %.3f s: %.0f MB/s, %.0f lines/s, "
		"peak RSS %.1f MB\n", st->bytes / 1e6, st->lines, secs,
		secs > 0 ? st->bytes / 1e6 / secs : 0.0, secs > 0 ? st->lines / secs : 0.0,
		ru.ru_maxrss / 1024.0);
}

/* Milliseconds, decimals allowed, into ns. */
static int parse_ms(const char *s, ns_t *out)
{
	char *end;
	double v = strtod(s, &end);

	if (!*s || *end || !(v >= 0 && v <= 1e9))
		return -1;
	*out = (ns_t)(v * 1e6 + 0.5);
	return 0;
}

static bool tl_wanted(const char **paths)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(tl_outputs); i++)
		if (paths[i])
			return true;
	return false;
}

/* The timeline outputs asked for, each through write_report(). */
static int write_timelines(const char **paths, const struct pm_run *run,
			   const struct report_opts *ro, bool quiet)
{
	char err[1024];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(tl_outputs); i++) {
		if (!paths[i])
			continue;
		if (write_report(paths[i], tl_outputs[i].fn, run, ro, err, sizeof(err)) < 0) {
			fprintf(stderr, "pmscope: %s\n", err);
			return -1;
		}
		if (!quiet && strcmp(paths[i], "-"))
			printf("%s: %s\n", tl_outputs[i].what, paths[i]);
	}
	return 0;
}

static int parse_count(const char *s, long max, long *out)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (!*s || *end || v < 0 || v > max)
		return -1;
	*out = v;
	return 0;
}

int cmd_analyze(int argc, char **argv)
{
	const struct option opts[] = {
		{ "json", required_argument, NULL, 'j' },
		{ "top", required_argument, NULL, 'n' },
		{ "cycle", required_argument, NULL, 'c' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "stats", no_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ "width", required_argument, NULL, OPT_WIDTH },
		{ "from", required_argument, NULL, OPT_FROM },
		{ "to", required_argument, NULL, OPT_TO },
		{ "phase", required_argument, NULL, OPT_PHASE },
		{ tl_outputs[0].opt, required_argument, NULL, OPT_TL + 0 },
		{ tl_outputs[1].opt, required_argument, NULL, OPT_TL + 1 },
		{ tl_outputs[2].opt, required_argument, NULL, OPT_TL + 2 },
		{ NULL, 0, NULL, 0 },
	};
	struct report_opts ro = { .top = 10 };
	const char *json = NULL, *tl_paths[ARRAY_SIZE(tl_outputs)] = { NULL };
	struct pm_run *run = NULL;
	struct input_stats st;
	bool quiet = false, any = false, bad_input = false, stats = false;
	struct input_stats total = { 0 };
	double t0 = now_s();
	char err[1024];
	int c, i, rc = EXIT_USAGE;
	long v;

	optind = 1;
	while ((c = getopt_long(argc, argv, "j:n:c:qsh", opts, NULL)) != -1) {
		switch (c) {
		case 'j':
			json = optarg;
			break;
		case 'n':
			if (parse_count(optarg, 100000, &v) < 0)
				goto bad_number;
			ro.top = (size_t)v;
			break;
		case 'c':
			if (parse_count(optarg, 1000000, &v) < 0 || v == 0)
				goto bad_number;
			ro.cycle = (int)v;
			break;
		case 'q':
			quiet = true;
			break;
		case 's':
			stats = true;
			break;
		case 'h':
			analyze_usage(stdout);
			return EXIT_CLEAN;
		case OPT_WIDTH:
			if (parse_count(optarg, TL_WIDTH_MAX, &v) < 0 || v < TL_WIDTH_MIN)
				goto bad_number;
			ro.width = (int)v;
			break;
		case OPT_FROM:
		case OPT_TO:
			if (parse_ms(optarg, c == OPT_FROM ? &ro.from_ns : &ro.to_ns) < 0)
				goto bad_number;
			break;
		case OPT_PHASE:
			ro.phase = optarg;
			break;
		default:
			if (c >= OPT_TL && c < OPT_TL + (int)ARRAY_SIZE(tl_outputs)) {
				tl_paths[c - OPT_TL] = optarg;
				break;
			}
			analyze_usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (ro.to_ns && ro.from_ns >= ro.to_ns) {
		fprintf(stderr, "pmscope analyze: --from must come before --to\n");
		return EXIT_USAGE;
	}
	if (optind >= argc) {
		fprintf(stderr, "pmscope analyze: no input file\n");
		analyze_usage(stderr);
		return EXIT_USAGE;
	}
	run = run_new();
	for (i = optind; i < argc; i++) {
		if (input_read(run, argv[i], &st, err, sizeof(err)) < 0) {
			/* what was read before an error is still reported */
			fprintf(stderr, "pmscope: %s\n", err);
			bad_input = true;
			any |= run->ncycles > 0;
			continue;
		}
		any = true;
		total.bytes += st.bytes;
		total.lines += st.lines;
	}
	run_merge_sources(run);	/* a log and a trace of the same run */
	if (stats)
		print_stats(&total, now_s() - t0);
	if (!any)
		goto out;
	if (ro.cycle && (size_t)ro.cycle > run->ncycles) {
		fprintf(stderr, "pmscope: there is no cycle %d (%zu found)\n", ro.cycle, run->ncycles);
		goto out;
	}
	if (!quiet && report_text(stdout, run, &ro) < 0) {
		fprintf(stderr, "pmscope: writing the summary failed\n");
		goto out;
	}
	if (json) {
		if (write_report(json, report_json, run, &ro, err, sizeof(err)) < 0) {
			fprintf(stderr, "pmscope: %s\n", err);
			goto out;
		}
		if (!quiet && strcmp(json, "-"))
			printf("JSON report: %s\n", json);
	}
	if (tl_wanted(tl_paths) && !tl_window_ok(run, &ro, err, sizeof(err))) {
		fprintf(stderr, "pmscope: %s\n", err);
		goto out;
	}
	/* The HTML's detail panel shows the log lines around a callback. */
	if (tl_paths[ARRAY_SIZE(tl_outputs) - 1] &&
	    input_excerpts(run, HTML_EXCERPT_BUDGET, err, sizeof(err)) < 0)
		fprintf(stderr, "pmscope: log lines for the HTML: %s\n", err);
	if (write_timelines(tl_paths, run, &ro, quiet) < 0)
		goto out;
	if (fflush(stdout) != 0) {
		fprintf(stderr, "pmscope: standard output: write failed\n");
		goto out;
	}
	rc = bad_input ? EXIT_USAGE : run_failed(run) ? EXIT_FOUND_FAILURE : EXIT_CLEAN;
out:
	run_free(run);
	return rc;
bad_number:
	if (c >= 256)
		fprintf(stderr, "pmscope analyze: bad number '%s' for --%s\n", optarg,
			c == OPT_WIDTH ? "width" : c == OPT_FROM ? "from" : "to");
	else
		fprintf(stderr, "pmscope analyze: bad number '%s' for -%c\n", optarg, c);
	return EXIT_USAGE;
}
