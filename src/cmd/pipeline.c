// SPDX-License-Identifier: GPL-2.0
/*
 * The output pipeline of analyze, record and collect: read -> merge ->
 * results -> outputs. A new output is one entry in outputs[] and, for
 * analyze, its option.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

#include "analysis.h"
#include "cmd.h"
#include "input.h"
#include "timeline.h"

const struct output outputs[OUT_COUNT] = {
	[OUT_TEXT] = { "text", "text summary", "report.txt", report_text, NULL, 0,
		       &report_text_stream },
	[OUT_JSON] = { "json", "JSON report", "report.json", report_json, NULL, NEEDS_RUN_ID,
		       &report_json_stream },
	[OUT_SVG] = { "svg", "SVG timeline", NULL, report_svg, NULL, NEEDS_WINDOW, NULL },
	[OUT_PNG] = { "png", "PNG timeline", NULL, report_png, NULL, NEEDS_WINDOW, NULL },
	[OUT_HTML] = { "html", "HTML timeline", "report.html", report_html, NULL,
		       NEEDS_WINDOW | NEEDS_EXCERPTS, NULL },
	[OUT_PERFETTO] = { "perfetto", "Perfetto trace", NULL, report_perfetto, NULL, 0, NULL },
	[OUT_JUNIT] = { "junit", "JUnit report", NULL, report_junit_run, NULL, 0, NULL },
	[OUT_ROWS] = { "rows", "rows", NULL, NULL, report_rows, NEEDS_RUN_ID | NEEDS_DIR, NULL },
	[OUT_KCIDB] = { "kcidb", "KCIDB submission", NULL, report_kcidb, NULL, NEEDS_RUN_ID,
			&report_kcidb_stream },
	/* always to standard output: its option names the table */
	[OUT_TABLE] = { "table", "table", NULL, report_table, NULL, NEEDS_RUN_ID, NULL },
};

/* Bytes of log lines the HTML may carry: a few MB, whatever the run. */
#define HTML_EXCERPT_BUDGET (4u << 20)
/* The log viewer's lines, all cycles together. */
#define HTML_LOG_BUDGET (8u << 20)

static double now_s(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Reading time: wall clock, and the CPU seconds a busy machine does not
 * inflate (make bench compares those with wc -l's). */
struct read_time {
	double wall, cpu;
};

static void time_start(struct read_time *t)
{
	t->wall = now_s(CLOCK_MONOTONIC);
	t->cpu = now_s(CLOCK_PROCESS_CPUTIME_ID);
}

static void time_stop(struct read_time *t)
{
	t->wall = now_s(CLOCK_MONOTONIC) - t->wall;
	t->cpu = now_s(CLOCK_PROCESS_CPUTIME_ID) - t->cpu;
}

/* For make bench and the curious: reading speed, the process's real peak
 * memory (taken at the end) and how often each analysis ran. */
static void print_stats(const struct pm_run *run, const struct input_stats *st,
			const struct read_time *t, const struct pm_results *res, bool streamed)
{
	double read_s = t->wall;
	struct rusage ru;
	char counts[256];
	size_t i, shown = 0, ncbs = 0;

	getrusage(RUSAGE_SELF, &ru);
	fprintf(stderr, "pmscope: read %.1f MB, %u lines in %.3f s: %.0f MB/s, %.0f lines/s, "
		"peak RSS %.1f MB; %.3f s CPU: %.0f MB/s\n", st->bytes / 1e6, st->lines, read_s,
		read_s > 0 ? st->bytes / 1e6 / read_s : 0.0, read_s > 0 ? st->lines / read_s : 0.0,
		ru.ru_maxrss / 1024.0, t->cpu, t->cpu > 0 ? st->bytes / 1e6 / t->cpu : 0.0);
	for (i = 0; i < run->ncycles; i++)
		ncbs += run->cycles[i].ncbs;
	fprintf(stderr, "pmscope: model: %zu cycle%s, %zu callbacks%s\n", run->ncycles,
		run->ncycles == 1 ? "" : "s", ncbs,
		huge_pages() ? "; heap on huge pages" : "");
	if (!res)
		return;
	results_counts(res, counts, sizeof(counts));
	for (i = 0; i < res->ncycles; i++)
		shown += res->cycles[i].shown;
	fprintf(stderr, "pmscope: analyses run: %s (%zu cycle%s reported%s)\n", counts, shown,
		shown == 1 ? "" : "s", streamed ? ", results kept one cycle at a time" : "");
}

static unsigned needs(const struct pipeline *p)
{
	unsigned n = 0;
	size_t k;

	for (k = 0; k < OUT_COUNT; k++)
		if (p->paths[k])
			n |= outputs[k].needs;
	return n;
}

/* Every input into @run; false when none gave anything. */
static bool read_inputs(const struct pipeline *p, struct pm_run *run, struct input_stats *total,
			bool *bad_input)
{
	struct input_stats st;
	bool any = false;
	char err[1024];
	int i;

	for (i = 0; i < p->ninputs; i++) {
		int rc = input_read(run, p->inputs[i], &p->bounds, &st, err, sizeof(err));

		if (rc < 0)
			fprintf(stderr, "pmscope: %s\n", err);
		if (rc == INPUT_NOTHING) {	/* read: the reports say so */
			any = true;
		} else if (rc < 0) {
			/* what was read before an error is still reported */
			*bad_input = true;
			any |= run->ncycles > 0;
		} else {
			any = true;
		}
		total->bytes += st.bytes;
		total->lines += st.lines;
	}
	return any;
}

static bool to_stdout(const struct pipeline *p)
{
	size_t k;

	for (k = 0; k < OUT_COUNT; k++)
		if (p->paths[k] && !strcmp(p->paths[k], "-"))
			return true;
	return false;
}

/* The outputs going to standard output, one after the other. */
static int write_stdout(const struct pipeline *p, const struct pm_run *run,
			const struct pm_results *res)
{
	char err[1024];
	size_t k;

	for (k = 0; k < OUT_COUNT; k++) {
		if (!p->paths[k] || strcmp(p->paths[k], "-"))
			continue;
		if (write_report("-", outputs[k].fn, run, res, &p->ro, err, sizeof(err)) < 0) {
			fprintf(stderr, "pmscope: %s\n", err);
			return -1;
		}
	}
	return 0;
}

/* The outputs going to files, each written, then all put in place at
 * once (out_commit_all()): none of them on an error. */
static int write_files(const struct pipeline *p, const struct pm_run *run,
		       const struct pm_results *res)
{
	struct out_file out[OUT_COUNT], *done[OUT_COUNT];
	char err[1024], why[512];
	size_t k, n = 0;
	int rc = -1;

	for (k = 0; k < OUT_COUNT; k++) {
		const char *path = p->paths[k];

		if (!path || !strcmp(path, "-") || outputs[k].dir_fn)
			continue;
		if (out_open(&out[n], path, err, sizeof(err)) < 0)
			goto out;
		done[n] = &out[n];
		why[0] = '\0';
		if (outputs[k].fn(out[n++].f, run, res, &p->ro, why, sizeof(why)) < 0) {
			if (why[0])
				snprintf(err, sizeof(err), "%s: %s", path, why);
			else
				snprintf(err, sizeof(err), "%s: write failed: %s", path,
					 strerror(errno));
			goto out;
		}
	}
	rc = out_commit_all(done, n, p->outdir, err, sizeof(err));
	n = 0;
	/* folders of files (--rows), each file put in place by its writer */
	for (k = 0; rc == 0 && k < OUT_COUNT; k++)
		if (p->paths[k] && outputs[k].dir_fn)
			rc = outputs[k].dir_fn(p->paths[k], run, res, &p->ro, err, sizeof(err));
out:
	while (n)
		out_abort(done[--n]);
	if (rc < 0)
		fprintf(stderr, "pmscope: %s\n", err);
	return rc;
}

/*
 * Outputs that take a cycle at a time (outputs[].stream), when they are
 * all that was asked for: each cycle's results are computed, written to
 * every output and freed before the next cycle's, so memory holds the
 * model and one cycle's results, not those of every cycle (issue 12's
 * bound). At most one of them may go to standard output, as otherwise
 * they would interleave there.
 */
static bool can_stream(const struct pipeline *p, bool summary)
{
	size_t k, nstdout = summary;

	for (k = 0; k < OUT_COUNT; k++) {
		if (!p->paths[k])
			continue;
		if (!outputs[k].stream)
			return false;
		nstdout += !strcmp(p->paths[k], "-");
	}
	return nstdout <= 1;
}

struct streamed {
	struct out_file out;
	struct report_cursor cur;
	const struct report_stream *s;
};

/* The files in table order, then the summary on stdout, as write_outputs()
 * and report() write them one after the other; *@n counts those opened. */
static int stream_open(const struct pipeline *p, bool summary, struct streamed *st,
		       size_t *n, char *err, size_t errlen)
{
	size_t k;

	for (*n = 0, k = 0; k <= OUT_COUNT; k++) {
		const char *path = k < OUT_COUNT ? p->paths[k] : summary ? "-" : NULL;
		struct streamed *x = &st[*n];

		if (!path)
			continue;
		if (out_open(&x->out, path, err, errlen) < 0)
			return -1;
		x->s = k < OUT_COUNT ? outputs[k].stream : &report_text_stream;
		x->cur = (struct report_cursor){ .f = x->out.f };
		(*n)++;
	}
	return 0;
}

static int stream_outputs(const struct pipeline *p, const struct pm_run *run,
			  struct pm_results *res, bool summary)
{
	struct streamed st[OUT_COUNT + 1];
	struct out_file *done[OUT_COUNT + 1];
	char err[1024] = "";
	size_t i, c, n = 0;
	int rc = -1;

	if (stream_open(p, summary, st, &n, err, sizeof(err)) < 0)
		goto out;
	for (i = 0; i < n; i++)
		st[i].s->head(&st[i].cur, run, res, &p->ro);
	/* every cycle judged (the verdict is the run's), the shown written */
	for (c = 0; c < res->ncycles; c++) {
		if (results_cycle(res, c) < 0) {
			snprintf(err, sizeof(err), "the analyses failed");
			goto out;
		}
		for (i = 0; res->cycles[c].shown && i < n; i++)
			st[i].s->cycle(&st[i].cur, run, &res->cycles[c], &p->ro);
		results_cycle_release(res, c);
	}
	for (i = 0; i < n; i++) {
		if (st[i].s->tail(&st[i].cur, run, res, &p->ro) < 0) {
			snprintf(err, sizeof(err), "%s: write failed: %s", strcmp(st[i].out.path, "-") ?
				 st[i].out.path : "standard output", strerror(errno));
			goto out;
		}
	}
	for (i = 0; i < n; i++)
		done[i] = &st[i].out;
	if (out_commit_all(done, n, p->outdir, err, sizeof(err)) < 0)
		goto out;
	rc = 0;
out:
	for (i = 0; i < n; i++)
		out_abort(&st[i].out);	/* those not committed */
	if (rc < 0)
		fprintf(stderr, "pmscope: %s\n", err);
	return rc;
}

/* After the summary: where each file went. */
static void say_written(const struct pipeline *p)
{
	size_t k;

	for (k = 0; k < OUT_COUNT; k++)
		if (p->paths[k] && strcmp(p->paths[k], "-"))
			printf("%s: %s\n", outputs[k].what, p->paths[k]);
}

/* The page's log lines and call trees (extras.h), read again now the
 * results say which callbacks it shows: into @px, which p->ro.page
 * hands to the page. What could not be read is said, the page written. */
static void read_page_extras(const struct pipeline *p, struct pm_run *run,
			     const struct pm_results *res, struct page_extras *px)
{
	struct read_keep *keep = p->bounds.keep;
	struct cb_ref *w;
	char err[1024];
	size_t nw;

	/* a report names its logs: they were not given, and are not read */
	if (run->given)
		return;
	if (input_excerpts(run, keep, HTML_EXCERPT_BUDGET, px, err, sizeof(err)) < 0)
		fprintf(stderr, "pmscope: log lines for the HTML: %s\n", err);
	if (input_cycle_logs(run, keep, HTML_LOG_BUDGET, px, err, sizeof(err)) < 0)
		fprintf(stderr, "pmscope: the cycles' logs for the HTML: %s\n", err);
	w = tl_html_tree_wants(run, res, &nw);
	if (nw && input_call_trees(run, keep, w, nw, px, err, sizeof(err)) < 0)
		fprintf(stderr, "pmscope: call trees for the HTML: %s\n", err);
	free(w);
}

/* The results all computed, then files, then standard output. */
static int report_whole(const struct pipeline *p, struct pm_run *run, struct pm_results *res,
			const struct results_opts *rs, bool summary, struct page_extras *px)
{
	char err[256];

	if (results_compute(res, run, rs) < 0) {
		fprintf(stderr, "pmscope: the analyses failed\n");
		return -1;
	}
	if (needs(p) & NEEDS_RUN_ID)
		input_run_id(run, res->ident.id);
	if (needs(p) & NEEDS_EXCERPTS)
		read_page_extras(p, run, res, px);
	if (write_files(p, run, res) < 0 || write_stdout(p, run, res) < 0)
		return -1;
	if (summary && report_text(stdout, run, res, &p->ro, err, sizeof(err)) < 0)
		return -1;
	return 0;
}

/* Everything after reading; *@streamed says whether the results were
 * kept one cycle at a time. */
static int report(const struct pipeline *p, struct pm_run *run, struct pm_results *res,
		  struct page_extras *px, bool *streamed)
{
	const struct results_opts rs = { .top = p->ro.top, .cycle = p->ro.cycle,
					 .hints = !p->no_hints, .expect = p->expect };
	bool summary = !p->quiet && !to_stdout(p);
	char err[1024];

	if (p->ro.cycle && (size_t)p->ro.cycle > run->ncycles) {
		fprintf(stderr, "pmscope: there is no cycle %d (%zu found)\n", p->ro.cycle,
			run->ncycles);
		return -1;
	}
	if ((needs(p) & NEEDS_WINDOW) && !tl_window_ok(run, &p->ro, err, sizeof(err))) {
		fprintf(stderr, "pmscope: %s\n", err);
		return -1;
	}
	*streamed = can_stream(p, summary);
	if (*streamed) {
		results_begin(res, run, &rs);
		if (needs(p) & NEEDS_RUN_ID)
			input_run_id(run, res->ident.id);
		if (stream_outputs(p, run, res, summary) < 0)
			return -1;
	} else if (report_whole(p, run, res, &rs, summary, px) < 0) {
		return -1;
	}
	if (summary)
		say_written(p);
	if (fflush(stdout) != 0) {
		fprintf(stderr, "pmscope: standard output: write failed\n");
		return -1;
	}
	return 0;
}

/* @p: the caller's copy, which gets what the page wants kept as the
 * logs are read and where its extras go. */
static int run_pipeline(struct pipeline *p)
{
	struct pm_run *run = run_new();
	struct pm_results res = { 0 };
	struct input_stats total = { 0 };
	struct read_keep keep = { .want_trees = true };
	struct page_extras px = { 0 };
	bool bad_input = false, done = false, streamed = false;
	struct read_time t;
	int rc = EXIT_USAGE;

	if (needs(p) & NEEDS_EXCERPTS) {
		p->bounds.keep = &keep;
		p->ro.page = &px;
	}
	time_start(&t);
	if (!read_inputs(p, run, &total, &bad_input)) {
		time_stop(&t);
		goto out;
	}
	run_merge_sources(run);	/* a log and a trace of the same run */
	time_stop(&t);
	if (report(p, run, &res, &px, &streamed) < 0)
		goto out;
	done = true;
	rc = bad_input ? EXIT_USAGE : exit_status(results_verdict(&res));
out:
	if (p->stats)
		print_stats(run, &total, &t, done ? &res : NULL, streamed);
	page_extras_free(&px);
	read_keep_free(&keep);
	results_free(&res);
	run_free(run);
	return rc;
}

/* With an output folder, each output that has a run-folder name and was
 * not asked for by path goes there. */
int pipeline_run(const struct pipeline *p)
{
	struct pipeline q = *p;
	char *paths[OUT_COUNT] = { NULL };
	size_t k;
	int rc;

	for (k = 0; p->outdir && k < OUT_COUNT; k++)
		if (outputs[k].file && !p->paths[k])
			q.paths[k] = paths[k] = xasprintf("%s/%s", p->outdir, outputs[k].file);
	rc = outputs_spare_inputs(q.paths, OUT_ROWS, q.inputs, (size_t)q.ninputs) &&
	     rows_spare_inputs(q.paths[OUT_ROWS], q.ro.rows_format, q.inputs, (size_t)q.ninputs)
		? run_pipeline(&q) : EXIT_USAGE;
	for (k = 0; k < OUT_COUNT; k++)
		free(paths[k]);
	return rc;
}

int pipeline_run_folder(const char *dir, bool quiet)
{
	char *in = (char *)dir;
	struct pipeline p = { .inputs = &in, .ninputs = 1, .ro = { .top = 10 }, .outdir = dir,
			      .quiet = quiet, .bounds = READ_OPTS_DEFAULT };

	return pipeline_run(&p);
}
