// SPDX-License-Identifier: GPL-2.0
/*
 * pmscope analyze: saved logs in, reports out (through cmd/pipeline.c).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "cmd.h"
#include "table.h"
#include "timeline.h"

enum {
	OPT_WIDTH = 256, OPT_FROM, OPT_TO, OPT_PHASE, OPT_NO_HINTS, OPT_ROWS_FORMAT, OPT_COLUMNS,
	OPT_EXPECT, OPT_OUT
};

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
		"  -j, --json FILE   write the JSON report (schema " JSON_SCHEMA "); - for stdout\n"
		"      --text FILE   write the terminal summary to FILE too\n"
		"  -o, --outdir DIR  write report.txt, report.json and report.html into DIR,\n"
		"                    as record and collect do into a run folder\n"
		"  -n, --top N       list the N slowest callbacks per cycle (default 10)\n"
		"  -c, --cycle N     report only cycle N\n"
		"  -q, --quiet       no terminal summary (none either when an output is -)\n"
		"  -s, --stats       print input size, speed, peak memory, the model's cycles\n"
		"                    and callbacks and how often each analysis ran on stderr\n"
		"      --html FILE   write the interactive HTML timeline (one file)\n"
		"      --svg FILE    write a static SVG timeline of the cycles\n"
		"      --png FILE    write the same timeline as PNG\n"
		"      --perfetto FILE  write a Perfetto trace (ui.perfetto.dev): threads,\n"
		"                    phases, callbacks, critical path and waits as flows\n"
		"      --junit FILE  write a JUnit XML report: a test case per cycle,\n"
		"                    failed when the cycle has a failure\n"
		"      --rows DIR    write the run's rows for a warehouse into DIR: runs,\n"
		"                    cycles, phases, callbacks, findings, devices\n"
		"      --rows-format FMT  the rows' format: ndjson (default) or csv\n"
		"      --kcidb FILE  write a KCIDB submission (KernelCI's results database):\n"
		"                    a test per cycle and per phase, failed by its failures\n"
		"      --table NAME  print one table of the rows on stdout instead of the\n"
		"                    summary, aligned: runs, cycles, phases, callbacks,\n"
		"                    findings or devices (times in ms)\n"
		"      --columns LIST  only these columns of it, in this order\n"
		"                    (device,phase,...; pmscope --tables lists them)\n"
		"      --width PX    timeline width, %d to %d (default %d)\n"
		"      --from MS     timelines start MS ms after each cycle's start\n"
		"      --to MS       and end MS ms after it\n"
		"      --phase NAME  timelines show only phase NAME (e.g. resume)\n"
		"      --no-hints    no \"what if\" line per device phase (the one device\n"
		"                    that, made async, would save the most; pmscope whatif)\n"
		"      --expect KIND  the inputs must hold a cycle of KIND, else no data\n"
		"                    (exit 4): suspend (any suspend or hibernation), mem,\n"
		"                    s2idle, standby, disk, boot or any (default)\n",
		TL_WIDTH_MIN, TL_WIDTH_MAX, TL_WIDTH_DEFAULT);
	read_options_usage(f, 20);
	fprintf(f,
		"  -h, --help        this text\n"
		"\n"
		"Files are written first and put in place together; the summary last.\n"
		"exit status: 0 ok, 1 a failure finding (a device failed, a suspend\n"
		"aborted, a callback hung, an Oops: pmscope(1), FINDINGS), 2 bad usage\n"
		"or an input that could not be read (in full), 4 no data (no suspend,\n"
		"resume or boot cycle in the inputs, and nothing failed).\n");
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

static const struct option fixed_opts[] = {
	{ "outdir", required_argument, NULL, 'o' },
	{ "top", required_argument, NULL, 'n' },
	{ "cycle", required_argument, NULL, 'c' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "stats", no_argument, NULL, 's' },
	{ "help", no_argument, NULL, 'h' },
	{ "width", required_argument, NULL, OPT_WIDTH },
	{ "from", required_argument, NULL, OPT_FROM },
	{ "to", required_argument, NULL, OPT_TO },
	{ "phase", required_argument, NULL, OPT_PHASE },
	{ "no-hints", no_argument, NULL, OPT_NO_HINTS },
	{ "expect", required_argument, NULL, OPT_EXPECT },
	{ "rows-format", required_argument, NULL, OPT_ROWS_FORMAT },
	{ "columns", required_argument, NULL, OPT_COLUMNS },
	READ_OPTIONS,
};

/* The fixed options, then one per output (cmd/pipeline.c's table). */
static void build_options(struct option *o)
{
	size_t i;

	memcpy(o, fixed_opts, sizeof(fixed_opts));
	for (i = 0; i < OUT_COUNT; i++)
		o[ARRAY_SIZE(fixed_opts) + i] = (struct option){ outputs[i].opt, required_argument,
							    NULL, OPT_OUT + (int)i };
	memset(&o[ARRAY_SIZE(fixed_opts) + OUT_COUNT], 0, sizeof(*o));
}

static int bad_value(int c, const char *arg)
{
	switch (c) {
	case 'n':
		fprintf(stderr, "pmscope analyze: --top takes 0 to 100000, not '%s'\n", arg);
		break;
	case 'c':
		fprintf(stderr, "pmscope analyze: --cycle takes 1 to 1000000, not '%s'\n", arg);
		break;
	case OPT_WIDTH:
		fprintf(stderr, "pmscope analyze: --width takes %d to %d px, not '%s'\n",
			TL_WIDTH_MIN, TL_WIDTH_MAX, arg);
		break;
	case OPT_ROWS_FORMAT:
		fprintf(stderr, "pmscope analyze: --rows-format takes ndjson or csv, not '%s'\n",
			arg);
		break;
	case OPT_OUT + OUT_ROWS:
		fprintf(stderr, "pmscope analyze: --rows takes a folder, not '%s'\n", arg);
		break;
	case OPT_OUT + OUT_TABLE:
		fprintf(stderr, "pmscope analyze: --table takes runs, cycles, phases, callbacks, "
			"findings or devices, not '%s'\n", arg);
		break;
	case OPT_EXPECT:
		fprintf(stderr, "pmscope analyze: --expect takes suspend, mem, s2idle, standby, "
			"disk, boot or any, not '%s'\n", arg);
		break;
	default:
		fprintf(stderr, "pmscope analyze: --%s takes milliseconds (0 to 1e9), not '%s'\n",
			c == OPT_FROM ? "from" : "to", arg);
	}
	return EXIT_USAGE;
}

/* One option into @p; -1 on a bad value or option, -2 on one said. */
static int take_option(struct pipeline *p, int c, const char *arg)
{
	long v;

	switch (c) {
	case 'j':
		p->paths[OUT_JSON] = arg;
		return 0;
	case 'o':
		p->outdir = arg;
		return 0;
	case 'n':
		if (arg_count(arg, 0, 100000, &v) < 0)
			return -1;
		p->ro.top = (size_t)v;
		return 0;
	case 'c':
		if (arg_count(arg, 1, 1000000, &v) < 0)
			return -1;
		p->ro.cycle = (int)v;
		return 0;
	case 'q':
		p->quiet = true;
		return 0;
	case 's':
		p->stats = true;
		return 0;
	case OPT_WIDTH:
		if (arg_count(arg, TL_WIDTH_MIN, TL_WIDTH_MAX, &v) < 0)
			return -1;
		p->ro.width = (int)v;
		return 0;
	case OPT_FROM:
	case OPT_TO:
		return parse_ms(arg, c == OPT_FROM ? &p->ro.from_ns : &p->ro.to_ns);
	case OPT_PHASE:
		p->ro.phase = arg;
		return 0;
	case OPT_NO_HINTS:
		p->no_hints = true;
		return 0;
	case OPT_EXPECT:
		return expect_parse(arg, &p->expect);
	case OPT_ROWS_FORMAT:
		return rows_format_arg(arg, &p->ro.rows_format);
	case OPT_OUT + OUT_ROWS:
		if (!*arg || !strcmp(arg, "-"))
			return -1;	/* a folder of files: not standard output */
		p->paths[OUT_ROWS] = arg;
		return 0;
	case OPT_OUT + OUT_TABLE:
		if (!rows_table(arg))
			return -1;
		p->ro.table = arg;
		p->paths[OUT_TABLE] = "-";
		return 0;
	case OPT_COLUMNS:
		p->ro.columns = arg;
		return 0;
	}
	switch (read_option(&p->bounds, c, arg)) {
	case 1:
		return 0;
	case -1:
		return -2;	/* said */
	}
	if (c >= OPT_OUT && c < OPT_OUT + OUT_COUNT) {
		p->paths[c - OPT_OUT] = arg;
		return 0;
	}
	return -1;
}

/* --columns names columns of the --table asked for. */
static bool columns_ok(const struct report_opts *ro)
{
	struct table_text tt;
	char err[256];
	bool ok;

	if (!ro->table) {
		fprintf(stderr, "pmscope analyze: --columns goes with --table\n");
		return false;
	}
	ok = table_text_init(&tt, rows_table(ro->table), ro->columns, err, sizeof(err)) == 0;
	if (!ok)
		fprintf(stderr, "pmscope analyze: --columns: %s\n", err);
	table_text_free(&tt);
	return ok;
}

int cmd_analyze(int argc, char **argv)
{
	struct option opts[ARRAY_SIZE(fixed_opts) + OUT_COUNT + 1];
	struct pipeline p = { .ro = { .top = 10 }, .bounds = READ_OPTS_DEFAULT };
	int c;

	build_options(opts);
	optind = 1;
	while ((c = getopt_long(argc, argv, "j:o:n:c:qsh", opts, NULL)) != -1) {
		if (c == 'h') {
			analyze_usage(stdout);
			return EXIT_CLEAN;
		}
		if (c == '?' || c == ':') {
			analyze_usage(stderr);
			return EXIT_USAGE;
		}
		switch (take_option(&p, c, optarg)) {
		case -1:
			return bad_value(c, optarg);
		case -2:
			return EXIT_USAGE;
		}
	}
	if (p.ro.to_ns && p.ro.from_ns >= p.ro.to_ns) {
		fprintf(stderr, "pmscope analyze: --from must come before --to\n");
		return EXIT_USAGE;
	}
	if (p.ro.columns && !columns_ok(&p.ro))
		return EXIT_USAGE;
	if (optind >= argc) {
		fprintf(stderr, "pmscope analyze: no input file\n");
		analyze_usage(stderr);
		return EXIT_USAGE;
	}
	p.inputs = argv + optind;
	p.ninputs = argc - optind;
	return pipeline_run(&p);
}
