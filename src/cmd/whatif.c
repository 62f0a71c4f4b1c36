// SPDX-License-Identifier: GPL-2.0
/*
 * pmscope whatif: a measured run's cycles replayed under another async
 * policy (analysis/whatif_replay.c), each prediction's critical path, and the
 * text or JSON of both (report/text_whatif.c, report/json_whatif.c).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis.h"
#include "cmd.h"
#include "input.h"
#include "report.h"
#include "timeline.h"
#include "whatif.h"

enum {
	OPT_ASYNC = 256, OPT_SYNC, OPT_DEFER, OPT_SCALE, OPT_CPUS, OPT_SVG, OPT_PNG, OPT_HTML,
	OPT_WIDTH
};

/* "  - TEXT" in lines of at most 79 columns, the rest under TEXT. */
static void print_wrapped(FILE *f, const char *text)
{
	const char *p = text, *lead = "  - ";

	while (*p) {
		size_t n = strlen(p), cut = n;

		if (n > 75) {
			for (cut = 75; cut > 0 && p[cut] != ' '; cut--)
				;
			if (!cut)	/* a word longer than a line */
				cut = strcspn(p, " ");
		}
		fprintf(f, "%s%.*s\n", lead, (int)cut, p);
		lead = "    ";
		p += cut;
		while (*p == ' ')
			p++;
	}
}

static void whatif_usage(FILE *f)
{
	size_t i;

	fprintf(f,
		"usage: pmscope whatif [options] FILE|RUN-DIR...\n"
		"\n"
		"Replay each measured suspend/resume cycle through a model of the PM\n"
		"core's ordering rules under another async policy, and predict each\n"
		"device phase's length and critical path.\n"
		"\n"
		"policies (-p):\n"
		"  measured   each device as it ran, the rules of the run's kernel (the\n"
		"             model's self-check; the default)\n"
		"  sync       pm_async 0: every callback on the driving thread\n"
		"  upfront    pm_async 1, each device's power/async from the run folder,\n"
		"             rules of kernels 2.6.33 to 6.15\n"
		"  rework     the same flags, rules of 6.16 (async work starts once what\n"
		"             it waits for is done; async parents after their children)\n"
		"  async      every device async: bounded by its dependencies alone\n"
		"\n"
		"options:\n"
		"  -p, --policy P       the policy (above)\n"
		"      --async DEV      make DEV async (glob; DEV@PHASE for one phase;\n"
		"                       several separated by commas; repeatable); a name\n"
		"                       matches every device of that name, DEV{DRIVER}\n"
		"                       only the one with that driver (as hints write it)\n"
		"      --sync DEV       make DEV sync\n"
		"      --defer DEV      DEV's callback returns at once, its work moved off\n"
		"                       the PM path\n"
		"      --scale SPEC     SPEC is DEV=F: multiply DEV's callback length by F\n"
		"      --cpus N         callbacks share N CPUs; 0 unlimited (default: as\n"
		"                       many as the run had when its logs say, else 0)\n"
		"  -j, --json FILE      write the JSON (schema %s); - for stdout\n"
		"      --svg FILE       write an SVG timeline: each cycle as measured, then\n"
		"                       as predicted under it\n"
		"      --png FILE       the same timeline as PNG\n"
		"      --html FILE      the same cycles on the interactive HTML timeline\n"
		"      --width PX       timeline width, 480 to 32000 (default 1400)\n"
		"  -n, --top N          callbacks listed per predicted critical path (default 5)\n"
		"  -c, --cycle N        replay only cycle N\n"
		"  -q, --quiet          no terminal summary\n", WHATIF_SCHEMA);
	read_options_usage(f, 23);
	fprintf(f,
		"  -h, --help           this text\n"
		"\n"
		"assumptions of the model:\n");
	for (i = 0; i < whatif_nassumptions; i++)
		print_wrapped(f, whatif_assumptions[i][1]);
	fprintf(f, "\nexit status: 0 done (a failure in the log is not 1), 2 bad usage,\n"
		   "an input that could not be read (in full), or a device option that\n"
		   "matches no callback, 4 no data (no cycle to replay in the inputs).\n");
}

struct opts {
	struct whatif_policy pol;
	struct whatif_change *changes;
	size_t nchanges, cap;
	char **bufs;		/* the option copies the changes point into */
	size_t nbufs, bufs_cap;
	const char *json, *svg, *png, *html;
	int width;
	size_t top;
	int cycle;
	bool quiet;
	bool cpus_given;
	struct read_opts bounds;	/* on each input */
};

/*
 * "DEV{DRIVER}" (or "DEV {DRIVER}", as the reports print a device) to
 * DEV and *@driver: one of devices of one name (model.h, twin). The
 * braces may also follow @PHASE. @spec becomes "DEV[@PHASE]\0DRIVER",
 * no longer than it was. -1 for a brace without its pair.
 */
static int take_driver(char *spec, const char **driver)
{
	char *open = strchr(spec, '{'), *close = open ? strchr(open, '}') : NULL;
	char *cut = open, *drv;
	size_t rest;

	*driver = NULL;
	if (!open)
		return strchr(spec, '}') ? -1 : 0;
	if (!close || strchr(open + 1, '{') || strchr(spec, '}') != close || strchr(close + 1, '}'))
		return -1;
	*close = '\0';
	drv = xstrdup(open + 1);
	while (cut > spec && cut[-1] == ' ')
		cut--;
	rest = strlen(close + 1);
	memmove(cut, close + 1, rest + 1);
	memcpy(cut + rest + 1, drv, strlen(drv) + 1);
	*driver = cut + rest + 1;
	free(drv);
	return 0;
}

static int add_change(struct opts *o, enum whatif_change_kind kind, char *spec, double f)
{
	const char *driver;
	char *at;

	if (!*spec || take_driver(spec, &driver) < 0)
		return -1;
	at = strrchr(spec, '@');
	if (at)
		*at = '\0';
	VEC_RESERVE(o->changes, o->nchanges, o->cap);
	o->changes[o->nchanges++] = (struct whatif_change){
		.kind = kind, .glob = spec, .phase = at ? at + 1 : NULL, .factor = f, .dev = -1,
		.driver = driver,
	};
	return 0;
}

/* "A,B@resume" (or "A=0.5" for --scale) into changes. */
static int parse_devices(struct opts *o, enum whatif_change_kind kind, const char *arg)
{
	char *buf = xstrdup(arg), *save = NULL, *tok;

	VEC_RESERVE(o->bufs, o->nbufs, o->bufs_cap);
	o->bufs[o->nbufs++] = buf;
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		double f = 1;

		if (kind == WI_SCALE) {
			char *eq = strrchr(tok, '='), *end;

			if (!eq)
				return -1;
			*eq = '\0';
			f = strtod(eq + 1, &end);
			if (!eq[1] || *end || !(f >= 0 && f <= 1e6))
				return -1;
		}
		if (add_change(o, kind, tok, f) < 0)
			return -1;
	}
	return 0;
}

static int parse_args(int argc, char **argv, struct opts *o)
{
	static const struct option lopts[] = {
		{ "policy", required_argument, NULL, 'p' },
		{ "json", required_argument, NULL, 'j' },
		{ "top", required_argument, NULL, 'n' },
		{ "cycle", required_argument, NULL, 'c' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ "async", required_argument, NULL, OPT_ASYNC },
		{ "sync", required_argument, NULL, OPT_SYNC },
		{ "defer", required_argument, NULL, OPT_DEFER },
		{ "scale", required_argument, NULL, OPT_SCALE },
		{ "cpus", required_argument, NULL, OPT_CPUS },
		{ "svg", required_argument, NULL, OPT_SVG },
		{ "png", required_argument, NULL, OPT_PNG },
		{ "html", required_argument, NULL, OPT_HTML },
		{ "width", required_argument, NULL, OPT_WIDTH },
		READ_OPTIONS,
		{ NULL, 0, NULL, 0 },
	};
	static const enum whatif_change_kind kinds[] = { WI_SET_ASYNC, WI_SET_SYNC, WI_DEFER,
							 WI_SCALE };
	long v;
	int c;

	optind = 1;
	while ((c = getopt_long(argc, argv, "p:j:n:c:qh", lopts, NULL)) != -1) {
		switch (c) {
		case 'p':
			if (whatif_base_parse(optarg, &o->pol.base) < 0) {
				fprintf(stderr, "pmscope whatif: unknown policy '%s'\n", optarg);
				return -1;
			}
			break;
		case 'j':
			o->json = optarg;
			break;
		case OPT_SVG:
			o->svg = optarg;
			break;
		case OPT_PNG:
			o->png = optarg;
			break;
		case OPT_HTML:
			o->html = optarg;
			break;
		case OPT_WIDTH:
			if (arg_count(optarg, TL_WIDTH_MIN, TL_WIDTH_MAX, &v) < 0) {
				fprintf(stderr, "pmscope whatif: bad width '%s'\n", optarg);
				return -1;
			}
			o->width = (int)v;
			break;
		case 'n':
		case 'c':
		case OPT_CPUS:
			if (arg_count(optarg, c == 'c' ? 1 : 0, 100000, &v) < 0) {
				fprintf(stderr, "pmscope whatif: bad number '%s'\n", optarg);
				return -1;
			}
			if (c == 'n')
				o->top = (size_t)v;
			else if (c == 'c')
				o->cycle = (int)v;
			else
				o->pol.cpus = (int)v;
			o->cpus_given |= c == OPT_CPUS;
			break;
		case 'q':
			o->quiet = true;
			break;
		case 'h':
			whatif_usage(stdout);
			return 1;
		case OPT_ASYNC:
		case OPT_SYNC:
		case OPT_DEFER:
		case OPT_SCALE:
			if (parse_devices(o, kinds[c - OPT_ASYNC], optarg) < 0) {
				fprintf(stderr, "pmscope whatif: bad device list '%s'%s\n", optarg,
					c == OPT_SCALE ? " (DEV=FACTOR)" : "");
				return -1;
			}
			break;
		default:
			switch (read_option(&o->bounds, c, optarg)) {
			case 1:
				continue;
			case 0:
				whatif_usage(stderr);
			}
			return -1;
		}
	}
	o->pol.changes = o->changes;
	o->pol.nchanges = o->nchanges;
	/* an output to standard output has it to itself */
	if ((o->json && !strcmp(o->json, "-")) || (o->svg && !strcmp(o->svg, "-")) ||
	    (o->png && !strcmp(o->png, "-")) || (o->html && !strcmp(o->html, "-")))
		o->quiet = true;
	return 0;
}

/* Without --cpus, the CPUs the run's logs say it had (ncpus: smp's
 * "Brought up", ftrace's #P, sleepgraph's numcpu): a prediction for the
 * machine that was measured, not one with a CPU for every worker. */
static void run_cpus(const struct pm_run *run, struct whatif_policy *pol)
{
	const char *v = run_fact(run, "ncpus");
	char *end;
	long n = v ? strtol(v, &end, 10) : 0;

	if (v && !*end && n > 0 && n <= 100000) {
		pol->cpus = (int)n;
		pol->cpus_from_run = true;
	}
}

static bool replayable(const struct pm_cycle *c, int only)
{
	return c->mode != MODE_BOOT && (!only || c->index == only);
}

/* The predictions as a run of their own, for the results stage. */
struct predicted {
	struct pm_run view;	/* the measured run's, with the predicted cycles */
	struct pm_results res;
	bool computed;
};

/* Every cycle replayed, then the results stage on the predictions. */
static int replay_all(const struct pm_run *run, const struct opts *o, struct whatif_report *r,
		      struct predicted *p)
{
	struct results_opts ro = { 0 };
	size_t i;

	r->cycles = xcalloc(run->ncycles + 1, sizeof(*r->cycles));
	for (i = 0; i < run->ncycles; i++) {
		if (!replayable(&run->cycles[i], o->cycle))
			continue;
		if (whatif_replay(run, &run->cycles[i], &o->pol, &r->cycles[r->ncycles]) < 0)
			return -1;
		r->ncycles++;
	}
	p->view = *run;
	p->view.cycles = xcalloc(r->ncycles + 1, sizeof(struct pm_cycle));
	p->view.ncycles = r->ncycles;
	for (i = 0; i < r->ncycles; i++)
		p->view.cycles[i] = r->cycles[i].c;
	if (results_compute(&p->res, &p->view, &ro) < 0)
		return -1;
	p->computed = true;
	r->pred = &p->res;
	return 0;
}

/* A device option that matches nothing is most likely a typo. */
static int check_matched(const struct whatif_report *r, const struct opts *o)
{
	size_t i, k;

	for (i = 0; i < o->nchanges; i++) {
		size_t n = 0;

		for (k = 0; k < r->ncycles; k++)
			n += r->cycles[k].matched[i];
		if (!n && r->ncycles) {
			fputs("pmscope whatif: '", stderr);
			report_whatif_change(stderr, &o->changes[i]);
			fputs("' matches no callback\n", stderr);
			return -1;
		}
	}
	return 0;
}

/*
 * The timelines draw a run: one whose cycles are each replayed cycle as
 * measured and then as predicted (its label says so), through the
 * timeline renderers as they are.
 */
static int write_timelines(const struct whatif_report *r, const struct opts *o)
{
	static const char *const what[3] = { "SVG timeline", "PNG timeline", "HTML timeline" };
	const char *paths[3] = { o->svg, o->png, o->html };
	const report_fn fns[3] = { report_svg, report_png, report_html };
	struct pm_cycle *cycles = xcalloc(2 * r->ncycles + 1, sizeof(*cycles));
	char **labels = xcalloc(r->ncycles + 1, sizeof(char *)), err[1024];
	struct report_opts ro = { .width = o->width };
	struct results_opts rso = { 0 };
	struct pm_run view = *r->run;
	struct pm_results res;
	size_t i;
	int rc = 0, last = 0;

	for (i = 0; i < r->run->ncycles; i++)
		if (r->run->cycles[i].index > last)
			last = r->run->cycles[i].index;
	/* a predicted cycle is numbered after the run's: the page finds a
	 * cycle by its number (#cycle=N) */
	for (i = 0; i < r->ncycles; i++) {
		const struct pm_cycle *m = r->cycles[i].measured;

		cycles[2 * i] = *m;
		cycles[2 * i + 1] = r->cycles[i].c;
		cycles[2 * i + 1].index = last + 1 + (int)i;
		labels[i] = xasprintf("%s%spredicted from cycle %d, policy %s",
				      m->mode_label ? m->mode_label : "", m->mode_label ? "; " : "",
				      m->index, whatif_base_name(r->pol->base));
		cycles[2 * i + 1].mode_label = labels[i];
	}
	view.cycles = cycles;
	view.ncycles = 2 * r->ncycles;
	if (results_compute(&res, &view, &rso) < 0)
		rc = -1;
	for (i = 0; i < 3 && !rc; i++) {
		if (!paths[i])
			continue;
		if (write_report(paths[i], fns[i], &view, &res, &ro, err, sizeof(err)) < 0) {
			fprintf(stderr, "pmscope: %s\n", err);
			rc = -1;
		} else if (!o->quiet && strcmp(paths[i], "-")) {
			printf("%s: %s\n", what[i], paths[i]);
		}
	}
	if (res.cycles)
		results_free(&res);
	for (i = 0; i < r->ncycles; i++)
		free(labels[i]);
	free(labels);
	free(cycles);
	return rc;
}

static int read_inputs(struct pm_run *run, int argc, char **argv, const struct read_opts *ro,
		       bool *bad)
{
	struct input_stats st;
	char err[1024];
	bool any = false;
	int i;

	for (i = optind; i < argc; i++) {
		int rc = input_read(run, argv[i], ro, &st, err, sizeof(err));

		if (rc < 0)
			fprintf(stderr, "pmscope: %s\n", err);
		if (rc < 0 && rc != INPUT_NOTHING) {
			*bad = true;
			any |= run->ncycles > 0;
			continue;
		}
		any = true;
	}
	run_merge_sources(run);
	return any ? 0 : -1;
}

static void free_all(struct whatif_report *r, struct opts *o, struct predicted *p)
{
	size_t i;

	if (p->computed)
		results_free(&p->res);
	free(p->view.cycles);
	for (i = 0; i < r->ncycles; i++)
		whatif_cycle_free(&r->cycles[i]);
	free(r->cycles);
	for (i = 0; i < o->nbufs; i++)
		free(o->bufs[i]);
	free(o->bufs);
	free(o->changes);
}

int cmd_whatif(int argc, char **argv)
{
	struct opts o = { .pol = { .base = WI_MEASURED }, .top = 5, .bounds = READ_OPTS_DEFAULT };
	struct whatif_report r = { 0 };
	struct predicted pred = { 0 };
	struct pm_run *run = NULL;
	bool bad_input = false;
	char err[1024];
	int rc = EXIT_USAGE, p = parse_args(argc, argv, &o);

	if (p) {
		rc = p > 0 ? EXIT_CLEAN : EXIT_USAGE;
		goto out;
	}
	if (optind >= argc) {
		fprintf(stderr, "pmscope whatif: no input file\n");
		goto out;
	}
	if (!outputs_spare_inputs((const char *[]){ o.json, o.svg, o.png, o.html }, 4, argv + optind,
				  (size_t)(argc - optind)))
		goto out;
	run = run_new();
	if (read_inputs(run, argc, argv, &o.bounds, &bad_input) < 0)
		goto out;
	if (!run->ncycles) {	/* nothing failed, nothing to replay */
		fprintf(stderr, "pmscope: no suspend, resume or boot cycle in the inputs\n");
		rc = bad_input ? EXIT_USAGE : EXIT_NO_DATA;
		goto out;
	}
	if (o.cycle && (size_t)o.cycle > run->ncycles) {
		fprintf(stderr, "pmscope: there is no cycle %d (%zu found)\n", o.cycle, run->ncycles);
		goto out;
	}
	if (!o.cpus_given)
		run_cpus(run, &o.pol);
	r.run = run;
	r.pol = &o.pol;
	r.top = o.top;
	if (replay_all(run, &o, &r, &pred) < 0) {
		fprintf(stderr, "pmscope whatif: out of memory\n");
		goto out;
	}
	if (check_matched(&r, &o) < 0)
		goto out;
	if (!o.quiet && report_whatif_text(stdout, &r) < 0)
		goto out;
	if (o.json) {
		if (write_atomic(o.json, report_whatif_json, &r, err, sizeof(err)) < 0) {
			fprintf(stderr, "pmscope: %s\n", err);
			goto out;
		}
		if (!o.quiet && strcmp(o.json, "-"))
			printf("JSON: %s\n", o.json);
	}
	if ((o.svg || o.png || o.html) && write_timelines(&r, &o) < 0)
		goto out;
	if (fflush(stdout) != 0) {
		fprintf(stderr, "pmscope: standard output: write failed\n");
		goto out;
	}
	rc = bad_input ? EXIT_USAGE : EXIT_CLEAN;
out:
	free_all(&r, &o, &pred);
	run_free(run);
	return rc;
}
