// SPDX-License-Identifier: GPL-2.0
/*
 * Interactive HTML timeline: one self-contained polyglot XHTML file
 * (xmllint reads it as XML, browsers as HTML). The header (facts,
 * warnings, cycles) is written here as markup; the timeline is drawn on a
 * canvas by src/timeline/html/timeline.js from the page's data (the JSON
 * report's tables column-wise, plus the layout: timeline/html_data.c), so
 * 10^5 callbacks are not 10^5 DOM nodes. The script and style sheet
 * are real files, embedded at build time (xxd -i).
 */
#include <stdio.h>
#include <stdlib.h>

#include "html_assets.h"	/* generated: timeline_js[], timeline_css[] */
#include "timeline.h"

#define MAX_WARNINGS_LISTED 200

/*
 * The page's data goes in script elements of about DATA_PIECE bytes each,
 * joined again by the script (timeline.js): Chromium parses one element of
 * 17 MB (a page of 100,000 callbacks) at a third of the speed of the same
 * bytes in 64 KB elements (0.7 s against 0.3). A piece ends only before an
 * ASCII byte, so that no UTF-8 character is cut in two.
 */
#define DATA_PIECE (64u << 10)
#define DATA_OPEN "<script type=\"application/json\" class=\"pmscope-data\">"

struct pieces {
	FILE *out;
	size_t n;	/* bytes in the open element */
};

static ssize_t piece_write(void *cookie, const char *buf, size_t len)
{
	struct pieces *p = cookie;
	size_t i = 0, k;

	while (i < len) {
		if (p->n >= DATA_PIECE && (unsigned char)buf[i] < 0x80) {
			fputs("</script>\n" DATA_OPEN, p->out);
			p->n = 0;
		}
		if (p->n < DATA_PIECE) {
			k = len - i < DATA_PIECE - p->n ? len - i : DATA_PIECE - p->n;
		} else {	/* inside a character: on to its end */
			for (k = 1; i + k < len && (unsigned char)buf[i + k] >= 0x80; k++)
				;
		}
		fwrite(buf + i, 1, k, p->out);
		p->n += k;
		i += k;
	}
	return ferror(p->out) ? -1 : (ssize_t)len;
}

/* The page's data into @f, in pieces. */
static int put_data(FILE *f, const struct tl_layout *L)
{
	struct pieces p = { f, 0 };
	cookie_io_functions_t io = { .write = piece_write };
	FILE *data = fopencookie(&p, "w", io);

	if (!data)
		return -1;
	fputs(DATA_OPEN, f);
	tl_put_html_data(data, L);
	if (fclose(data) != 0)
		return -1;
	fputs("</script>\n", f);
	return 0;
}

static void put_facts(FILE *f, const struct pm_run *run)
{
	size_t i;

	fputs("<dl class=\"facts\">", f);
	for (i = 0; i < run->nfacts; i++) {
		fputs("<dt>", f);
		xml_put(f, run->facts[i].key);
		fputs("</dt><dd>", f);
		xml_put(f, run->facts[i].value);
		fputs("</dd>", f);
	}
	for (i = 0; i < run->nsources; i++) {
		fputs("<dt>source</dt><dd>", f);
		xml_put(f, run->sources[i]);
		fputs("</dd>", f);
	}
	fputs("</dl>\n", f);
}

static void put_finding(FILE *f, const struct finding *x)
{
	enum finding_sev sev = finding_sev(x);

	fprintf(f, "<li class=\"%s\">%s %s", finding_sev_name(sev),
		sev == SEV_FAILURE ? "FAILURE" : "warning", finding_codes[x->code].name);
	if (x->cycle)
		fprintf(f, ", cycle %d", x->cycle);
	if (x->nsrcs && x->srcs[0].line) {
		fputs(", ", f);
		xml_put(f, x->srcs[0].file);
		fprintf(f, ":%u", x->srcs[0].line);
	}
	fputs(": ", f);
	xml_put(f, x->text);
	fputs("</li>\n", f);
}

/* The run's findings and its cycles', failures first, then warnings;
 * notes stay in the text report. */
static void put_warnings(FILE *f, const struct pm_results *res)
{
	size_t i, k, shown = 0, total = res->nsev[SEV_FAILURE] + res->nsev[SEV_WARNING];
	int sev;

	if (!total)
		return;
	fprintf(f, "<ul id=\"warnings\">\n");
	for (sev = SEV_FAILURE; sev >= SEV_WARNING; sev--) {
		for (k = 0; k <= res->ncycles; k++) {
			const struct findings *fs = k ? &res->cycles[k - 1].findings : &res->findings;

			for (i = 0; i < fs->n && shown < MAX_WARNINGS_LISTED; i++) {
				if ((int)finding_sev(&fs->v[i]) != sev)
					continue;
				put_finding(f, &fs->v[i]);
				shown++;
			}
		}
	}
	if (total > shown)
		fprintf(f, "<li>and %zu more (see the text or JSON report)</li>\n", total - shown);
	fputs("</ul>\n", f);
}

static void put_ms(FILE *f, ns_t v)
{
	if (v == NS_NONE)
		fputs("<td>-</td>", f);
	else
		fprintf(f, "<td>%.3f</td>", v / 1e6);
}

static void put_cycles(FILE *f, const struct tl_layout *L)
{
	size_t i;

	fputs("<table id=\"cycles\"><thead><tr><th>cycle</th><th>mode</th><th>suspend ms</th>"
	      "<th>resume ms</th><th>boot ms</th><th>callbacks</th><th>failures</th></tr>"
	      "</thead><tbody>\n", f);
	for (i = 0; i < L->ncycles; i++) {
		const struct tl_cycle *tc = &L->cycles[i];
		const struct cycle_totals t = tc->cr->totals;

		fprintf(f, "<tr data-cycle=\"%zu\"><td><a href=\"#cycle=%d\">%d</a></td><td>", i,
			tc->c->index, tc->c->index);
		xml_put(f, mode_name(tc->c->mode));
		fputs("</td>", f);
		put_ms(f, t.suspend_ns);
		put_ms(f, t.resume_ns);
		put_ms(f, tc->c->mode == MODE_BOOT ? boot_headline(&t) : NS_NONE);
		fprintf(f, "<td>%zu</td><td%s>%zu</td></tr>\n", tc->nboxes,
			tc->nfail ? " class=\"failure\"" : "", tc->nfail);
	}
	fputs("</tbody></table>\n", f);
}

static const char page_controls[] =
	"<nav id=\"bar\"><label>cycle <select id=\"cycle\"></select></label> "
	"<button id=\"zin\" type=\"button\" title=\"zoom in (+)\">+</button>"
	"<button id=\"zout\" type=\"button\" title=\"zoom out (-)\">&#8722;</button>"
	"<button id=\"left\" type=\"button\" title=\"pan left (&#8592;)\">&#9664;</button>"
	"<button id=\"right\" type=\"button\" title=\"pan right (&#8594;)\">&#9654;</button>"
	"<button id=\"fit\" type=\"button\" title=\"whole cycle (0)\">fit</button> "
	"<label>lanes <select id=\"lanes\"><option value=\"threads\">by thread</option>"
	"<option value=\"tree\">by device tree</option></select></label> "
	"<label id=\"workslabel\" title=\"what threads did outside any PM callback\">"
	"<input id=\"works\" type=\"checkbox\" checked=\"checked\"/>outside callbacks</label> "
	"<input id=\"search\" type=\"search\" placeholder=\"find device or driver (Enter: next)\"/> "
	"<span id=\"count\"></span></nav>\n"
	"<div id=\"cycleinfo\"><p id=\"ctitle\"></p><p id=\"ctotals\"></p>"
	"<div id=\"legend\"></div></div>\n"
	"<details id=\"whybox\" open=\"open\"><summary>why: the critical path of each phase, "
	"blocked sync devices, the slowest callbacks, failures and warnings</summary>"
	"<div id=\"why\"></div></details>\n"
	"<details id=\"devbox\"><summary>devices: each device's callbacks' time per phase, in "
	"device tree order (a column heading sorts, a row selects, hovering lights the device in "
	"every phase)</summary><div id=\"devtab\"></div></details>\n"
	"<div id=\"main\"><div id=\"view\"><canvas id=\"tlhead\"></canvas>"
	"<canvas id=\"tl\" tabindex=\"0\"></canvas>"
	"<div id=\"tip\" hidden=\"hidden\"></div></div>\n"
	"<aside id=\"detail\"><p>Click a callback for its details. Wheel or +/- zooms, "
	"drag or arrow keys pan, 0 shows the whole cycle.</p></aside></div>\n"
	"<details id=\"logbox\"><summary>log: this cycle's own lines (a marked line leads to its "
	"callback; a callback's \"show in the log\" leads here)</summary><div id=\"log\"></div>"
	"</details>\n"
	"<div id=\"pmscope-state\" hidden=\"hidden\"></div>\n";

int report_html(FILE *f, const struct pm_run *run, const struct pm_results *res,
		const struct report_opts *o, char *err, size_t errlen)
{
	const char *kernel = run_fact(run, "kernel"), *host = run_fact(run, "host");
	struct tl_layout L;

	if (tl_layout(&L, run, res, o, err, errlen) < 0)
		return -1;
	fputs("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n"
	      "<head><meta charset=\"UTF-8\"/>\n<title>pmscope", f);
	if (kernel) {
		fputs(": kernel ", f);
		xml_put(f, kernel);
	}
	if (host) {
		fputs(", host ", f);
		xml_put(f, host);
	}
	fputs("</title>\n<style>/*<![CDATA[*/\n", f);
	fwrite(timeline_css, 1, timeline_css_len, f);
	fprintf(f, "/*]]>*/</style>\n</head>\n<body>\n<header id=\"head\"><h1>pmscope %s "
		"timeline</h1>\n", PMSCOPE_VERSION);
	put_facts(f, run);
	put_warnings(f, res);
	put_cycles(f, &L);
	tl_put_milestones(f, &L);
	fputs("</header>\n", f);
	fputs(page_controls, f);
	if (put_data(f, &L) < 0) {
		tl_layout_free(&L);
		return -1;
	}
	fputs("<script>//<![CDATA[\n", f);
	fwrite(timeline_js, 1, timeline_js_len, f);
	fputs("//]]></script>\n</body>\n</html>\n", f);
	tl_layout_free(&L);
	return ferror(f) ? -1 : 0;
}
