// SPDX-License-Identifier: GPL-2.0
/*
 * A boot's milestones in the text summary: each on the kernel's clock,
 * how long after the one before it, and its line, as a person reads the
 * log (pmscope(1), Boot milestones).
 */
#include <stdio.h>

#include "analysis.h"
#include "report.h"

#define NAME_WIDTH 32
#define SHOWN_MAX 40	/* a boot has a few dozen; the JSON has all */

void report_text_milestones(FILE *f, const struct cycle_results *cr)
{
	const struct pm_cycle *c = cr->c;
	char a[24], b[24], name[NAME_WIDTH + 8];
	size_t i;

	if (c->mode != MODE_BOOT || !c->nmilestones)
		return;
	fprintf(f, "  milestones (the kernel's clock from 0)\n"
		"    %-*s %10s %10s  line\n", NAME_WIDTH, "milestone", "ms", "+ms");
	for (i = 0; i < c->nmilestones && i < SHOWN_MAX; i++) {
		const struct pm_milestone *m = &c->milestones[i];
		ns_t step = i ? m->ts - c->milestones[i - 1].ts : NS_NONE;

		fprintf(f, "    %-*s %s %s  %u%s\n", NAME_WIDTH,
			text_fit(name, NAME_WIDTH, m->name), text_ms(a, sizeof(a), 10, m->ts),
			text_ms(b, sizeof(b), 10, step), m->line,
			(int)i == cr->totals.boot_end ? "  boot" : "");
	}
	if (c->nmilestones > SHOWN_MAX)
		fprintf(f, "    %zu more in the JSON report\n", c->nmilestones - SHOWN_MAX);
}
