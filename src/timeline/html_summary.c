// SPDX-License-Identifier: GPL-2.0
/*
 * pmscope stats --html: one page over many runs, as sleepgraph's
 * summary.html, summary-devices.html and summary-issues.html together.
 * The figures are taken from each run as it passes (analysis/summary.c);
 * this writes them as plain tables, so a page of 1,000 runs opens at once.
 */
#include <stdlib.h>

#include "stats.h"
#include "timeline.h"

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
	xml_put(f, s ? s : "");
	fputs("</td>", f);
}

/* A link to a run's own page (absolute: the summary may be anywhere). */
static void put_run(FILE *f, const struct sum_run *r)
{
	char *abs = r->page ? realpath(r->page, NULL) : NULL;

	fputs("<td class=\"src\">", f);
	if (abs) {
		fputs("<a href=\"", f);
		xml_put(f, abs);
		fputs("\">", f);
	}
	xml_put(f, r->source);
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
			xml_put(f, w->worst.source);
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
			xml_put(f, r->worst_dev);
			fputs(" (", f);
			xml_put(f, r->worst_phase ? r->worst_phase : "?");
			fprintf(f, ", cycle %d)", r->worst_cycle);
		}
		fputs("</td>", f);
		put_ms(f, r->worst_ns);
		fprintf(f, "<td>%zu</td><td>%zu</td></tr>\n", r->nfail, r->nwarn);
	}
	fputs("</tbody></table>\n", f);
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
		const struct stat_row *v;

		n = st->nranked;
		for (i = shown = 0; i < n && shown < DEVICE_ROWS_MAX; i++, shown++) {
			v = &st->rows[st->by_max[i]];
			fprintf(f, "<tr><td>%s</td>", st->mode);
			put_text_td(f, v->phase);
			put_text_td(f, v->device);
			put_text_td(f, v->driver);
			fprintf(f, "<td>%zu</td>", v->s.sum.n);
			put_ms(f, v->s.sum.median);
			put_ms(f, v->s.sum.max);
			fputs("<td>", f);
			xml_put(f, v->s.worst.source);
			fprintf(f, " cycle %d</td></tr>\n", v->s.worst.cycle);
		}
		if (n > shown)
			fprintf(f, "<tr><td colspan=\"8\">and %zu more %s rows (see pmscope stats -j)</td></tr>\n",
				n - shown, st->mode);
	}
	fputs("</tbody></table>\n", f);
}

static void put_issues(FILE *f, const struct tl_summary *s)
{
	size_t i;

	fputs("<h2>issues</h2>\n<table id=\"issues\"><thead><tr><th>level</th><th>code</th>"
	      "<th>count</th><th>runs</th><th>what (numbers vary)</th><th>first seen</th></tr>"
	      "</thead><tbody>\n", f);
	for (i = 0; i < s->nissues; i++) {
		const struct sum_issue *x = &s->issues[i];
		bool fail = finding_code_sev(x->code) == SEV_FAILURE;

		fprintf(f, "<tr%s><td>%s</td><td>%s</td><td>%zu</td><td>%zu</td>",
			fail ? " class=\"failure\"" : "", fail ? "failure" : "warning",
			finding_codes[x->code].name, x->count, x->nruns);
		put_text_td(f, x->example);
		fputs("<td>", f);
		xml_put(f, x->first_source);
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
	"tr.failure td { color: #c00000; } tr.skipped td { color: #888; }\n"
	"svg.trend { display: block; } h3 { font-size: 13px; margin: 10px 0 2px; }\n"
	".grid { stroke: #e6e6e6; } .tick, .unit { font-size: 11px; text-anchor: end; fill: #555; }\n"
	"line.kernel { stroke: #7a4fb0; stroke-dasharray: 4 3; }\n"
	"text.kernel, .legend { font-size: 11px; } text.kernel { fill: #7a4fb0; }\n"
	"polyline { fill: none; stroke-width: 1; opacity: 0.3; }\n"
	".suspend { stroke: #2166ac; fill: #2166ac; } .resume { stroke: #d6604d; fill: #d6604d; }\n"
	".boot { stroke: #1b7837; fill: #1b7837; } polyline.suspend, polyline.resume, polyline.boot"
	" { fill: none; } text.legend { stroke: none; }\n";

/*
 * With #log=1 in its address, the page reads its charts back as a person
 * would: each point's value from where it is drawn against the axis'
 * labelled lines, in the order drawn left to right, and each kernel line's
 * place among the points; then prints them on the console for the tests.
 */
static const char summary_js[] =
	"function readTrend(svg) {\n"
	"\tvar mid = function (e) { var r = e.getBoundingClientRect();"
	" return [(r.left + r.right) / 2, (r.top + r.bottom) / 2]; };\n"
	"\tvar grid = svg.querySelectorAll('line.grid'), tick = svg.querySelectorAll('text.tick');\n"
	"\tvar y0 = mid(grid[0])[1], y1 = mid(grid[grid.length - 1])[1];\n"
	"\tvar v0 = parseFloat(tick[0].textContent), v1 = parseFloat(tick[tick.length - 1].textContent);\n"
	"\tvar out = { mode: svg.getAttribute('data-mode'), series: {}, kernels: [] }, xs = null;\n"
	"\t['suspend', 'resume', 'boot'].forEach(function (k) {\n"
	"\t\tvar pts = Array.prototype.map.call(svg.querySelectorAll('circle.' + k), mid);\n"
	"\t\tif (!pts.length) return;\n"
	"\t\tpts.sort(function (a, b) { return a[0] - b[0]; });\n"
	"\t\tif (!xs) xs = pts.map(function (p) { return p[0]; });\n"
	"\t\tout.series[k] = pts.map(function (p) {"
	" return Math.round((v0 + (p[1] - y0) * (v1 - v0) / (y1 - y0)) * 1000) / 1000; });\n"
	"\t});\n"
	"\tsvg.querySelectorAll('line.kernel').forEach(function (l) {\n"
	"\t\tvar x = mid(l)[0];\n"
	"\t\tout.kernels.push([xs.filter(function (p) { return p < x - 0.01; }).length,"
	" l.textContent]);\n"
	"\t});\n"
	"\treturn out;\n"
	"}\n"
	"window.addEventListener('load', function () {\n"
	"\tvar ms = Math.round(performance.now());\n"
	"\tdocument.body.setAttribute('data-load-ms', String(ms));\n"
	"\tif (location.hash.indexOf('log=1') < 0) return;\n"
	"\tvar st = { load_ms: ms, trends: [] };\n"
	"\tdocument.querySelectorAll('svg.trend').forEach(function (s) {"
	" st.trends.push(readTrend(s)); });\n"
	"\tconsole.log('pmscope-state ' + JSON.stringify(st));\n"
	"});\n";

int tl_summary_write(FILE *f, const void *ctx)
{
	const struct tl_summary *s = ctx;

	fprintf(f, "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n"
		"<head><meta charset=\"UTF-8\"/>\n<title>pmscope summary: %zu runs</title>\n"
		"<style>/*<![CDATA[*/\n%s/*]]>*/</style>\n</head>\n<body>\n"
		"<h1>pmscope %s summary: %zu runs, %zu cycles</h1>\n", s->nruns, summary_css,
		PMSCOPE_VERSION, s->nruns, s->ncycles);
	put_modes(f, s);
	tl_put_trends(f, s);
	put_runs(f, s);
	put_devices(f, s);
	put_issues(f, s);
	/* data-load-ms: how long the page took to open, for make bench and
	 * the tests: parsed and laid out, from the start of navigation */
	fprintf(f, "<script>//<![CDATA[\n%s//]]></script>\n</body>\n</html>\n", summary_js);
	return ferror(f) ? -1 : 0;
}
