// SPDX-License-Identifier: GPL-2.0
/*
 * A boot's milestones in the text summary: each on the kernel's clock,
 * how long after the one before it, and its line, as a person reads the
 * log (pmscope(1), Boot milestones).
 */
#include <stdio.h>

#include "analysis.h"
#include "stats.h"
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

/* Over many boots (pmscope stats): each milestone's spread. */
void report_text_ms_stats(FILE *f, const struct run_stats *st)
{
	char a[24], b[24], c[24], name[NAME_WIDTH + 8];
	size_t i;

	if (!st->nmilestones)
		return;
	fprintf(f, "boot milestones (the kernel's clock from 0)\n");
	for (i = 0; i < st->nmilestones && i < SHOWN_MAX; i++) {
		const struct stat_milestone *m = &st->milestones[i];

		fprintf(f, "  %-*s %5zu %s %s %s\n", NAME_WIDTH - 8,
			text_fit(name, NAME_WIDTH - 8, m->name), m->s.sum.n,
			text_ms(a, sizeof(a), 9, m->s.sum.min),
			text_ms(b, sizeof(b), 9, m->s.sum.median),
			text_ms(c, sizeof(c), 9, m->s.sum.max));
	}
	if (st->nmilestones > SHOWN_MAX)
		fprintf(f, "  %zu more in the JSON\n", st->nmilestones - SHOWN_MAX);
}

static const char *signed_ms(char *buf, size_t n, int width, ns_t v)
{
	if (v == NS_NONE)
		snprintf(buf, n, "%*s", width, "-");
	else
		snprintf(buf, n, "%+*.3f", width, v / 1e6);
	return buf;
}

static const char *pair_name(const struct stats_ms_pair *p)
{
	return p->a ? p->a->name : p->b->name;
}

static ns_t side(const struct stat_milestone *m)
{
	return m ? m->s.sum.median : NS_NONE;
}

/*
 * What a patch's author pastes into the mail: where the boot was up on
 * each side, and the milestone that moved it, with its step from the
 * one before ("nvme0 queues: 217.242 -> 6.369 ms after initcall
 * nvme_init").
 */
static void ms_story(FILE *f, const struct stats_diff *d)
{
	const struct stats_ms_pair *e = d->ms_end >= 0 ? &d->milestones[d->ms_end] : NULL;
	const struct stats_ms_pair *m = d->ms_mover >= 0 ? &d->milestones[d->ms_mover] : NULL;

	if (e)
		fprintf(f, "  %s: %.3f -> %.3f ms (%+.3f ms)\n", pair_name(e), side(e->a) / 1e6,
			side(e->b) / 1e6, e->change_ns / 1e6);
	if (!m)
		return;
	fprintf(f, "  moved by %s: %.3f -> %.3f ms (%+.3f ms),\n    %.3f -> %.3f ms after %s\n",
		pair_name(m), side(m->a) / 1e6, side(m->b) / 1e6, m->change_ns / 1e6,
		m->step_a / 1e6, m->step_b / 1e6, m->prev ? pair_name(m->prev) : "the kernel's start");
}

/* Two sets of boots (pmscope compare): each milestone's medians, and
 * its step after the one before on both sides; * marks a step that
 * moved the milestones after it. */
void report_text_ms_compare(FILE *f, const struct stats_diff *d)
{
	char a[24], b[24], c[24], x[24], y[24], name[NAME_WIDTH + 8];
	size_t i;

	if (!d->nmilestones)
		return;
	fprintf(f, "boot milestones (the kernel's clock from 0; +ms: after the one before)\n"
		"  %-22s %9s %9s %9s %9s %9s\n", "milestone", "before", "after", "change",
		"+ms bef.", "+ms aft.");
	for (i = 0; i < d->nmilestones && i < SHOWN_MAX; i++) {
		const struct stats_ms_pair *p = &d->milestones[i];

		fprintf(f, "  %-22s %s %s %s %s %s%s\n", text_fit(name, 22, pair_name(p)),
			text_ms(a, sizeof(a), 9, side(p->a)), text_ms(b, sizeof(b), 9, side(p->b)),
			signed_ms(c, sizeof(c), 9, p->change_ns), text_ms(x, sizeof(x), 9, p->step_a),
			text_ms(y, sizeof(y), 9, p->step_b), p->moved ? " *" : "");
	}
	if (d->nmilestones > SHOWN_MAX)
		fprintf(f, "  %zu more in the JSON\n", d->nmilestones - SHOWN_MAX);
	ms_story(f, d);
}
