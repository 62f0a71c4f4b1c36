// SPDX-License-Identifier: GPL-2.0
/*
 * pmscope stats --html: one page over many runs, as sleepgraph's
 * summary.html, summary-devices.html and summary-issues.html together.
 * Runs are handed over one at a time and not kept (a lab has thousands):
 * what the page shows is taken from each as it passes (tl_summary_add())
 * and written as plain tables, so a page of 1,000 runs opens at once.
 */
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "timeline.h"

#define ISSUE_TEXT_MAX 160

/* One run: a row of the runs table, its worst of each figure. */
struct sum_run {
	const char *source;
	const char *page;	/* the run's own report.html, NULL none */
	size_t ncycles, ntaken;	/* taken: completed (or a boot), in the totals */
	unsigned int modes;	/* 1 << enum pm_mode of its cycles */
	ns_t suspend_ns, resume_ns, boot_ns;	/* the largest of its cycles' */
	const char *worst_dev, *worst_phase;	/* its longest callback */
	int worst_cycle;
	ns_t worst_ns;
	size_t nfail, nwarn;
};

/* Failures and warnings alike once their numbers are masked. */
struct sum_issue {
	const char *key;	/* the text, digits as '#', interned */
	const char *example;	/* the first one's text */
	enum warn_level level;
	size_t count, nruns, last_run;
	const char *first_source;
	unsigned int first_line;
	int first_cycle;
};

struct tl_summary {
	struct strpool pool;
	struct run_stats modes[MODE_BOOT + 1];	/* per mode: totals, devices */
	struct sum_run *runs;
	size_t nruns, runs_cap;
	size_t ncycles;
	struct sum_issue *issues;
	size_t nissues, issues_cap;
};

struct tl_summary *tl_summary_new(void)
{
	struct tl_summary *s = xcalloc(1, sizeof(*s));
	int m;

	strpool_init(&s->pool);
	for (m = MODE_UNKNOWN; m <= MODE_BOOT; m++)
		stats_init(&s->modes[m], m == MODE_UNKNOWN ? "unknown" : mode_name(m));
	return s;
}

void tl_summary_free(struct tl_summary *s)
{
	int m;

	if (!s)
		return;
	for (m = MODE_UNKNOWN; m <= MODE_BOOT; m++)
		stats_free(&s->modes[m]);
	free(s->runs);
	free(s->issues);
	strpool_free(&s->pool);
	free(s);
}

/* A run folder's own page, written by analyze or record. */
static const char *run_page(struct tl_summary *s, const char *source)
{
	struct stat sb;
	char *p;
	const char *out = NULL;

	if (stat(source, &sb) < 0 || !S_ISDIR(sb.st_mode))
		return NULL;
	p = xasprintf("%s/report.html", source);
	if (access(p, R_OK) == 0)
		out = strpool_cstr(&s->pool, p);
	free(p);
	return out;
}

static const char *issue_key(struct tl_summary *s, const char *text)
{
	char buf[ISSUE_TEXT_MAX + 1];
	size_t i, k = 0;

	for (i = 0; text[i] && k < ISSUE_TEXT_MAX; i++) {
		bool digit = text[i] >= '0' && text[i] <= '9';

		if (digit && k && buf[k - 1] == '#')
			continue;
		buf[k++] = digit ? '#' : text[i];
	}
	buf[k] = '\0';
	return strpool_cstr(&s->pool, buf);
}

static void add_issue(struct tl_summary *s, const struct pm_warning *w, const char *source)
{
	const char *key = issue_key(s, w->text);
	struct sum_issue *x;
	size_t i;

	/* issues are few kinds (tens): a scan is enough */
	for (i = 0; i < s->nissues && s->issues[i].key != key; i++)
		;
	if (i == s->nissues) {
		VEC_RESERVE(s->issues, s->nissues, s->issues_cap);
		x = &s->issues[s->nissues++];
		*x = (struct sum_issue){ .key = key, .level = w->level, .last_run = SIZE_MAX,
					 .example = strpool_cstr(&s->pool, w->text),
					 .first_source = strpool_cstr(&s->pool, source),
					 .first_line = w->line, .first_cycle = w->cycle };
	}
	x = &s->issues[i];
	x->count++;
	if (w->level > x->level)
		x->level = w->level;
	if (x->last_run != s->nruns - 1) {
		x->nruns++;
		x->last_run = s->nruns - 1;
	}
}

static void put_max(ns_t *at, ns_t v)
{
	if (v != NS_NONE && (*at == NS_NONE || v > *at))
		*at = v;
}

static void add_cycle(struct tl_summary *s, const struct pm_run *run, const struct pm_cycle *c)
{
	struct sum_run *r = &s->runs[s->nruns - 1];
	struct cycle_totals t;
	size_t worst, i;

	s->ncycles++;
	r->ncycles++;
	r->modes |= 1u << c->mode;
	if (stats_takes_cycle(&s->modes[c->mode], c)) {
		r->ntaken++;
		cycle_totals(c, &t);
		put_max(&r->suspend_ns, t.suspend_ns);
		put_max(&r->resume_ns, t.resume_ns);
		if (c->mode == MODE_BOOT)
			put_max(&r->boot_ns, t.total_ns);
	}
	if (cycle_slowest(c, -1, &worst, 1)) {
		const struct pm_callback *cb = &c->cbs[worst];
		ns_t d = cb_duration(cb);

		if (d != NS_NONE && (r->worst_ns == NS_NONE || d > r->worst_ns)) {
			r->worst_dev = strpool_cstr(&s->pool, run->devs[cb->dev].name);
			r->worst_phase = cb->phase >= 0 ?
				strpool_cstr(&s->pool, c->phases[cb->phase].name) : NULL;
			r->worst_cycle = c->index;
			r->worst_ns = d;
		}
	}
	for (i = 0; i < run->nwarns; i++) {
		if (run->warns[i].cycle != c->index)
			continue;
		r->nfail += run->warns[i].level == WARN_FAILURE;
		r->nwarn += run->warns[i].level == WARN_WARNING;
	}
}

void tl_summary_finish(struct tl_summary *s)
{
	int m;

	for (m = MODE_UNKNOWN; m <= MODE_BOOT; m++)
		stats_finish(&s->modes[m]);
}

void tl_summary_add(struct tl_summary *s, const struct pm_run *run, const char *source)
{
	size_t i;
	int m;

	VEC_RESERVE(s->runs, s->nruns, s->runs_cap);
	s->runs[s->nruns++] = (struct sum_run){
		.source = strpool_cstr(&s->pool, source), .page = run_page(s, source),
		.suspend_ns = NS_NONE, .resume_ns = NS_NONE, .boot_ns = NS_NONE,
		.worst_ns = NS_NONE };
	for (m = MODE_UNKNOWN; m <= MODE_BOOT; m++)
		stats_add_run(&s->modes[m], run, source);
	for (i = 0; i < run->ncycles; i++)
		add_cycle(s, run, &run->cycles[i]);
	for (i = 0; i < run->nwarns; i++)
		if (run->warns[i].level != WARN_INFO)
			add_issue(s, &run->warns[i], source);
}

static void put_ms(FILE *f, ns_t v)
{
	if (v == NS_NONE)
		fputs("<td>-</td>", f);
	else
		fprintf(f, "<td>%.3f</td>", v / 1e6);
}

static void put_text_td(FILE *f, const char *s)
{
	fputs("<td>", f);
	tl_put_xml(f, s ? s : "");
	fputs("</td>", f);
}

/* A link to a run's own page (absolute: the summary may be anywhere). */
static void put_run(FILE *f, const struct sum_run *r)
{
	char *abs = r->page ? realpath(r->page, NULL) : NULL;

	fputs("<td class=\"src\">", f);
	if (abs) {
		fputs("<a href=\"", f);
		tl_put_xml(f, abs);
		fputs("\">", f);
	}
	tl_put_xml(f, r->source);
	if (abs)
		fputs("</a>", f);
	fputs("</td>", f);
	free(abs);
}

static void put_minmedmax(FILE *f, const struct stat_series *s)
{
	put_ms(f, s->sum.n ? s->sum.min : NS_NONE);
	put_ms(f, s->sum.n ? s->sum.median : NS_NONE);
	put_ms(f, s->sum.n ? s->sum.max : NS_NONE);
}

static void put_modes(FILE *f, const struct tl_summary *s)
{
	int m;

	fputs("<h2>totals per mode</h2>\n<table id=\"modes\"><thead><tr><th>mode</th><th>cycles</th>"
	      "<th>suspend min</th><th>median</th><th>max</th><th>resume min</th><th>median</th>"
	      "<th>max</th><th>boot min</th><th>median</th><th>max</th><th>slowest cycle</th>"
	      "</tr></thead><tbody>\n", f);
	for (m = MODE_UNKNOWN; m <= MODE_BOOT; m++) {
		const struct run_stats *st = &s->modes[m];
		const struct stat_series *w = m == MODE_BOOT ? &st->boot : &st->resume;

		if (!st->ncycles)
			continue;
		fprintf(f, "<tr data-mode=\"%s\"><td>%s</td><td>%zu</td>", st->mode, st->mode,
			st->ncycles);
		put_minmedmax(f, &st->suspend);
		put_minmedmax(f, &st->resume);
		put_minmedmax(f, &st->boot);
		fputs("<td>", f);
		if (w->n) {
			tl_put_xml(f, w->worst.source);
			fprintf(f, " cycle %d", w->worst.cycle);
		}
		fputs("</td></tr>\n", f);
	}
	fputs("</tbody></table>\n", f);
}

static void put_runs(FILE *f, const struct tl_summary *s)
{
	size_t i;
	int m;

	fputs("<h2>runs</h2>\n<table id=\"runs\"><thead><tr><th>run</th><th>cycles</th><th>modes</th>"
	      "<th>suspend max ms</th><th>resume max ms</th><th>boot max ms</th>"
	      "<th>slowest callback</th><th>ms</th><th>failures</th><th>warnings</th></tr></thead>"
	      "<tbody>\n", f);
	for (i = 0; i < s->nruns; i++) {
		const struct sum_run *r = &s->runs[i];
		const char *sep = "";

		fprintf(f, "<tr%s>", r->nfail ? " class=\"failure\"" : !r->ntaken ? " class=\"skipped\"" : "");
		put_run(f, r);
		fprintf(f, "<td>%zu</td><td>", r->ncycles);
		for (m = MODE_UNKNOWN; m <= MODE_BOOT; m++)
			if (r->modes & (1u << m)) {
				fprintf(f, "%s%s", sep, m == MODE_UNKNOWN ? "unknown" : mode_name(m));
				sep = " ";
			}
		fputs("</td>", f);
		put_ms(f, r->suspend_ns);
		put_ms(f, r->resume_ns);
		put_ms(f, r->boot_ns);
		fputs("<td class=\"dev\">", f);
		if (r->worst_dev) {
			tl_put_xml(f, r->worst_dev);
			fputs(" (", f);
			tl_put_xml(f, r->worst_phase ? r->worst_phase : "?");
			fprintf(f, ", cycle %d)", r->worst_cycle);
		}
		fputs("</td>", f);
		put_ms(f, r->worst_ns);
		fprintf(f, "<td>%zu</td><td>%zu</td></tr>\n", r->nfail, r->nwarn);
	}
	fputs("</tbody></table>\n", f);
}

static int cmp_row_max(const void *a, const void *b)
{
	const struct stat_row *x = *(const struct stat_row *const *)a, *y = *(const struct stat_row *const *)b;

	if (x->s.sum.max != y->s.sum.max)
		return x->s.sum.max > y->s.sum.max ? -1 : 1;
	return x < y ? -1 : x > y;
}

#define DEVICE_ROWS_MAX 1000

/* Each device's time per phase over the cycles, slowest worst case first. */
static void put_devices(FILE *f, const struct tl_summary *s)
{
	int m;
	size_t i, n, shown;

	fputs("<h2>devices</h2>\n<table id=\"devices\"><thead><tr><th>mode</th><th>phase</th>"
	      "<th>device</th><th>driver</th><th>count</th><th>median ms</th><th>max ms</th>"
	      "<th>worst in</th></tr></thead><tbody>\n", f);
	for (m = MODE_UNKNOWN; m <= MODE_BOOT; m++) {
		const struct run_stats *st = &s->modes[m];
		const struct stat_row **v = xmalloc((st->nrows ? st->nrows : 1) * sizeof(*v));

		for (i = n = 0; i < st->nrows; i++)
			if (st->rows[i].device && st->rows[i].s.sum.n)
				v[n++] = &st->rows[i];
		if (n)
			qsort(v, n, sizeof(*v), cmp_row_max);
		for (i = shown = 0; i < n && shown < DEVICE_ROWS_MAX; i++, shown++) {
			fprintf(f, "<tr><td>%s</td>", st->mode);
			put_text_td(f, v[i]->phase);
			put_text_td(f, v[i]->device);
			put_text_td(f, v[i]->driver);
			fprintf(f, "<td>%zu</td>", v[i]->s.sum.n);
			put_ms(f, v[i]->s.sum.median);
			put_ms(f, v[i]->s.sum.max);
			fputs("<td>", f);
			tl_put_xml(f, v[i]->s.worst.source);
			fprintf(f, " cycle %d</td></tr>\n", v[i]->s.worst.cycle);
		}
		if (n > shown)
			fprintf(f, "<tr><td colspan=\"8\">and %zu more %s rows (see pmscope stats -j)</td></tr>\n",
				n - shown, st->mode);
		free(v);
	}
	fputs("</tbody></table>\n", f);
}

static void put_issues(FILE *f, const struct tl_summary *s)
{
	size_t i;

	fputs("<h2>issues</h2>\n<table id=\"issues\"><thead><tr><th>level</th><th>count</th>"
	      "<th>runs</th><th>what (numbers vary)</th><th>first seen</th></tr></thead><tbody>\n", f);
	for (i = 0; i < s->nissues; i++) {
		const struct sum_issue *x = &s->issues[i];

		fprintf(f, "<tr%s><td>%s</td><td>%zu</td><td>%zu</td>",
			x->level == WARN_FAILURE ? " class=\"failure\"" : "",
			x->level == WARN_FAILURE ? "failure" : "warning", x->count, x->nruns);
		put_text_td(f, x->example);
		fputs("<td>", f);
		tl_put_xml(f, x->first_source);
		if (x->first_line)
			fprintf(f, ":%u", x->first_line);
		if (x->first_cycle)
			fprintf(f, ", cycle %d", x->first_cycle);
		fputs("</td></tr>\n", f);
	}
	if (!s->nissues)
		fputs("<tr><td colspan=\"5\">no failure or warning</td></tr>\n", f);
	fputs("</tbody></table>\n", f);
}

static const char summary_css[] =
	"body { font: 13px/1.4 \"DejaVu Sans\", sans-serif; margin: 12px; color: #1a1a1a; }\n"
	"h1 { font-size: 16px; } h2 { font-size: 14px; margin: 16px 0 4px; }\n"
	"table { border-collapse: collapse; font-family: \"DejaVu Sans Mono\", monospace; }\n"
	"th, td { padding: 1px 8px; text-align: right; border-bottom: 1px solid #eee; white-space: nowrap; }\n"
	"th { background: #f4f4f4; position: sticky; top: 0; }\n"
	"td.src, td.dev, #devices td, #issues td { text-align: left; }\n"
	"tr.failure td { color: #c00000; } tr.skipped td { color: #888; }\n";

int tl_summary_write(FILE *f, const void *ctx)
{
	const struct tl_summary *s = ctx;

	fprintf(f, "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n"
		"<head><meta charset=\"UTF-8\"/>\n<title>pmscope summary: %zu runs</title>\n"
		"<style>/*<![CDATA[*/\n%s/*]]>*/</style>\n</head>\n<body>\n"
		"<h1>pmscope %s summary: %zu runs, %zu cycles</h1>\n", s->nruns, summary_css,
		PMSCOPE_VERSION, s->nruns, s->ncycles);
	put_modes(f, s);
	put_runs(f, s);
	put_devices(f, s);
	put_issues(f, s);
	/* how long the page took to open, for make bench: parsed and laid
	 * out, from the start of navigation */
	fputs("<script>//<![CDATA[\nwindow.addEventListener('load', function () {\n"
	      "\tdocument.body.setAttribute('data-load-ms', String(Math.round(performance.now())));\n"
	      "});\n//]]></script>\n</body>\n</html>\n", f);
	return ferror(f) ? -1 : 0;
}
