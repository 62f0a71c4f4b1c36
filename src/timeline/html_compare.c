// SPDX-License-Identifier: GPL-2.0
/*
 * pmscope compare --html: the comparison as a page a patch's author
 * links to or pastes from: the medians of both sides, the boots'
 * milestones side by side with the one that moved the rest, the phases
 * and the devices that changed most. Plain tables, the text's figures
 * (report/text_stats.c, report/text_milestones.c).
 */
#include <stdio.h>

#include "stats.h"
#include "report.h"
#include "timeline.h"

static const char compare_css[] =
	"body { font: 13px/1.4 \"DejaVu Sans\", sans-serif; margin: 12px; color: #1a1a1a; }\n"
	"h1 { font-size: 16px; } h2 { font-size: 14px; margin: 16px 0 4px; }\n"
	"table { border-collapse: collapse; font-family: \"DejaVu Sans Mono\", monospace; }\n"
	"th, td { padding: 1px 8px; text-align: right; border-bottom: 1px solid #eee; "
	"white-space: nowrap; }\n"
	"th { background: #f4f4f4; } td.name { text-align: left; }\n"
	"tr.moved td { font-weight: bold; color: #8a3b00; }\n"
	"p.story { font-family: \"DejaVu Sans Mono\", monospace; margin: 4px 0; }\n";

static void td_ms(FILE *f, ns_t v)
{
	if (v == NS_NONE)
		fputs("<td>-</td>", f);
	else
		fprintf(f, "<td>%.3f</td>", v / 1e6);
}

static void td_change(FILE *f, ns_t a, ns_t b)
{
	if (a == NS_NONE || b == NS_NONE) {
		fputs("<td>-</td><td></td>", f);
		return;
	}
	fprintf(f, "<td>%+.3f</td>", (b - a) / 1e6);
	if (a > 0)
		fprintf(f, "<td>%+.1f%%</td>", 100.0 * (double)(b - a) / (double)a);
	else
		fputs("<td></td>", f);
}

static void td_name(FILE *f, const char *s)
{
	fputs("<td class=\"name\">", f);
	xml_put(f, s);
	fputs("</td>", f);
}

static void row(FILE *f, const char *name, const struct stat_series *a, const struct stat_series *b)
{
	ns_t x = a && a->sum.n ? a->sum.median : NS_NONE, y = b && b->sum.n ? b->sum.median : NS_NONE;

	fputs("<tr>", f);
	td_name(f, name);
	td_ms(f, x);
	td_ms(f, y);
	td_change(f, x, y);
	fputs("</tr>\n", f);
}

static const char head[] = "<thead><tr><th>ms</th><th>before</th><th>after</th><th>change</th>"
			   "<th></th></tr></thead><tbody>\n";

static void totals(FILE *f, const struct run_stats *a, const struct run_stats *b)
{
	size_t i;

	fprintf(f, "<h2>medians</h2>\n<table id=\"totals\">%s", head);
	if (a->suspend.n || b->suspend.n) {
		row(f, "suspend", &a->suspend, &b->suspend);
		row(f, "resume", &a->resume, &b->resume);
	}
	if (a->boot.n || b->boot.n)
		row(f, "boot", &a->boot, &b->boot);
	for (i = 0; i < SB_COUNT; i++)
		if (a->boot_totals[i].n || b->boot_totals[i].n)
			row(f, stat_boot_names[i].label, &a->boot_totals[i], &b->boot_totals[i]);
	fputs("</tbody></table>\n", f);
}

static const char *pair_name(const struct stats_ms_pair *p)
{
	return p->a ? p->a->name : p->b->name;
}

static ns_t side(const struct stat_milestone *m)
{
	return m ? m->s.sum.median : NS_NONE;
}

/* The two lines the text ends its milestones with (ms_story()). */
static void story(FILE *f, const struct stats_diff *d)
{
	const struct stats_ms_pair *e = d->ms_end >= 0 ? &d->milestones[d->ms_end] : NULL;
	const struct stats_ms_pair *m = d->ms_mover >= 0 ? &d->milestones[d->ms_mover] : NULL;

	if (e) {
		fputs("<p class=\"story\" id=\"boot-end\">", f);
		xml_put(f, pair_name(e));
		fprintf(f, ": %.3f -&gt; %.3f ms (%+.3f ms)</p>\n", side(e->a) / 1e6,
			side(e->b) / 1e6, e->change_ns / 1e6);
	}
	if (!m)
		return;
	fputs("<p class=\"story\" id=\"moved-by\">moved by ", f);
	xml_put(f, pair_name(m));
	fprintf(f, ": %.3f -&gt; %.3f ms (%+.3f ms), %.3f -&gt; %.3f ms after ", side(m->a) / 1e6,
		side(m->b) / 1e6, m->change_ns / 1e6, m->step_a / 1e6, m->step_b / 1e6);
	xml_put(f, m->prev ? pair_name(m->prev) : "the kernel's start");
	fputs("</p>\n", f);
}

static void milestones(FILE *f, const struct stats_diff *d)
{
	size_t i;

	if (!d->nmilestones)
		return;
	fputs("<h2>boot milestones: the kernel's clock from 0, medians; +ms after the one "
	      "before on both sides</h2>\n<table id=\"milestones\"><thead><tr><th>milestone</th>"
	      "<th>before</th><th>after</th><th>change</th><th>+ms before</th><th>+ms after</th>"
	      "</tr></thead><tbody>\n", f);
	for (i = 0; i < d->nmilestones; i++) {
		const struct stats_ms_pair *p = &d->milestones[i];

		fprintf(f, "<tr%s>", p->moved ? " class=\"moved\"" : "");
		td_name(f, pair_name(p));
		td_ms(f, side(p->a));
		td_ms(f, side(p->b));
		if (p->change_ns == NS_NONE)
			fputs("<td>-</td>", f);
		else
			fprintf(f, "<td>%+.3f</td>", p->change_ns / 1e6);
		td_ms(f, p->step_a);
		td_ms(f, p->step_b);
		fputs("</tr>\n", f);
	}
	fputs("</tbody></table>\n", f);
	story(f, d);
}

static void phases(FILE *f, const struct stats_diff *d)
{
	size_t i;

	fprintf(f, "<h2>phases</h2>\n<table id=\"phases\">%s", head);
	for (i = 0; i < d->nphases; i++) {
		const struct stat_row *a = d->phases[i].a, *b = d->phases[i].b;

		row(f, a ? a->phase : b->phase, a ? &a->s : NULL, b ? &b->s : NULL);
	}
	fputs("</tbody></table>\n", f);
}

static void devices(FILE *f, const struct stats_report *sr)
{
	const struct stats_diff *d = sr->diff;
	size_t i;

	if (!d->nchanges)
		return;
	fputs("<h2>largest changes by device, median ms</h2>\n<table id=\"devices\"><thead><tr>"
	      "<th>device</th><th>driver</th><th>phase</th><th>before</th><th>after</th>"
	      "<th>change</th></tr></thead><tbody>\n", f);
	for (i = 0; i < d->nchanges && i < sr->top; i++) {
		const struct stats_change *c = &d->changes[i];
		const struct stat_row *r = c->a ? c->a : c->b;

		fputs("<tr>", f);
		td_name(f, r->device);
		td_name(f, r->driver ? r->driver : "");
		td_name(f, r->phase);
		td_ms(f, c->a && c->a->s.n ? c->a->s.sum.median : NS_NONE);
		td_ms(f, c->b && c->b->s.n ? c->b->s.sum.median : NS_NONE);
		if (c->kind == SCK_CHANGED)
			fprintf(f, "<td>%+.3f</td>", c->change_ns / 1e6);
		else
			td_name(f, stats_change_kind_name(c->kind));
		fputs("</tr>\n", f);
	}
	fputs("</tbody></table>\n", f);
}

int tl_compare_write(FILE *f, const void *ctx)
{
	const struct stats_report *sr = ctx;

	fprintf(f, "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n"
		"<head><meta charset=\"UTF-8\"/>\n<title>pmscope compare</title>\n"
		"<style>/*<![CDATA[*/\n%s/*]]>*/</style>\n</head>\n<body>\n"
		"<h1>pmscope %s compare</h1>\n<p>before: ", compare_css, PMSCOPE_VERSION);
	xml_put(f, sr->a_label);
	fprintf(f, " (%zu cycles); after: ", sr->a->ncycles);
	xml_put(f, sr->b_label);
	fprintf(f, " (%zu cycles)</p>\n", sr->b->ncycles);
	totals(f, sr->a, sr->b);
	milestones(f, sr->diff);
	phases(f, sr->diff);
	devices(f, sr);
	fputs("</body>\n</html>\n", f);
	return ferror(f) ? -1 : 0;
}
