// SPDX-License-Identifier: GPL-2.0
/*
 * The HTML page's boot milestones: a table in the page's head, per boot
 * cycle, each milestone on the kernel's clock, its step after the one
 * before and its line, the headline's end marked (pmscope(1), Boot
 * milestones). Static HTML: the page's script does not need it.
 */
#include <stdio.h>

#include "timeline.h"

#define OPEN_MAX 12

static void ms_cell(FILE *f, ns_t v)
{
	if (v == NS_NONE)
		fputs("<td>-</td>", f);
	else
		fprintf(f, "<td>%.3f</td>", v / 1e6);
}

static void cycle_rows(FILE *f, const struct tl_cycle *tc)
{
	const struct pm_cycle *c = tc->c;
	size_t i;

	for (i = 0; i < c->nmilestones; i++) {
		const struct pm_milestone *m = &c->milestones[i];
		bool end = (int)i == tc->cr->totals.boot_end;

		fprintf(f, "<tr%s><td><a href=\"#cycle=%d\">%d</a></td><td class=\"name\">",
			end ? " class=\"bootend\"" : "", c->index, c->index);
		xml_put(f, m->name);
		fputs("</td>", f);
		ms_cell(f, m->ts);
		ms_cell(f, i ? m->ts - c->milestones[i - 1].ts : NS_NONE);
		fprintf(f, "<td>%u</td><td class=\"name\">%s</td></tr>\n", m->line,
			end ? "boot up: the headline ends here" : "");
	}
}

void tl_put_milestones(FILE *f, const struct tl_layout *L)
{
	size_t i, n = 0;

	for (i = 0; i < L->ncycles; i++)
		n += L->cycles[i].c->mode == MODE_BOOT ? L->cycles[i].c->nmilestones : 0;
	if (!n)
		return;
	/* open while it leaves the timeline on the first screen */
	fprintf(f, "<details id=\"milestones\"%s><summary>boot milestones: the kernel's "
		"clock from 0, and after the one before (%zu)</summary>", n <= OPEN_MAX ?
		" open=\"open\"" : "", n);
	fputs("<table><thead><tr><th>cycle</th>"
	      "<th>milestone</th><th>ms</th><th>+ms</th><th>line</th><th></th></tr></thead>"
	      "<tbody>\n", f);
	for (i = 0; i < L->ncycles; i++)
		if (L->cycles[i].c->mode == MODE_BOOT)
			cycle_rows(f, &L->cycles[i]);
	fputs("</tbody></table></details>\n", f);
}
