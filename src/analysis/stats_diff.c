// SPDX-License-Identifier: GPL-2.0
/*
 * Two sides' statistics compared (pmscope compare): the phases and the
 * devices that changed, ranked by how much.
 */
#include <stdlib.h>

#include "analysis.h"
#include "stats.h"

bool stats_unseen_in(const struct run_stats *b, const struct stat_row *r)
{
	const struct stat_row *ph = stats_row(b, r->phase, NULL);

	return !ph || !ph->ndevices;
}

/* Which clocks timed a side's cycles of a mode: bit 1 << enum stat_clock. */
static unsigned int clocks(const struct run_stats *st, int mode)
{
	unsigned int m = 0;
	int k;

	for (k = 0; k < SC_COUNT; k++)
		if (st->timed[mode][k])
			m |= 1u << k;
	return m;
}

static void one_sided(const struct run_stats *a, const struct run_stats *b, int side,
		      struct stats_diff *d)
{
	size_t i;

	for (i = 0; i < a->nrows; i++) {
		const struct stat_row *r = &a->rows[i];

		if (r->device || !r->ndevices || !stats_unseen_in(b, r))
			continue;
		d->one_sided = xrealloc(d->one_sided, (d->none_sided + 1) * sizeof(*d->one_sided));
		d->one_sided[d->none_sided++] = (struct stats_one_sided){ r->phase, side,
									   r->ndevices };
	}
}

/* The phases of both sides in one list: the before side's in their
 * order, each of the after side's own right after the phase before it
 * there (as phase_rank() places a run's new phase). */
static void pair_phases(const struct run_stats *a, const struct run_stats *b,
			struct stats_diff *d)
{
	size_t i, k, n = 0, at = 0;

	d->phases = xmalloc((a->nrows + b->nrows + 1) * sizeof(*d->phases));
	for (i = 0; i < a->nrows; i++)
		if (!a->rows[i].device)
			d->phases[n++] = (struct stats_phase_pair){
				&a->rows[i], stats_row(b, a->rows[i].phase, NULL) };
	for (i = 0; i < b->nrows; i++) {
		const struct stat_row *r = &b->rows[i];

		if (r->device)
			continue;
		for (k = 0; k < n && d->phases[k].b != r; k++)
			;
		if (k < n) {		/* both have it: the next goes after it */
			at = k + 1;
			continue;
		}
		memmove(&d->phases[at + 1], &d->phases[at], (n - at) * sizeof(*d->phases));
		d->phases[at++] = (struct stats_phase_pair){ NULL, r };
		n++;
	}
	d->nphases = n;
}

static ns_t ns_abs(ns_t v)
{
	return v < 0 ? -v : v;
}

/* Row @a of the before side against row @b of the after side (either
 * NULL): false when neither has a figure, nothing to rank. */
static bool change_of(const struct stat_row *a, const struct stat_row *b, struct stats_change *c)
{
	bool fa = a && a->s.n, fb = b && b->s.n;

	if (!fa && !fb)
		return false;
	*c = (struct stats_change){ .a = a, .b = b, .change_ns = NS_NONE, .kind = SCK_CHANGED };
	if (fa && fb) {
		c->change_ns = b->s.sum.median - a->s.sum.median;
		c->rank_ns = ns_abs(c->change_ns);
	} else if (fb) {
		c->kind = a ? SCK_ENDED : SCK_NEW;
		c->rank_ns = ns_abs(b->s.sum.median);
	} else {
		c->kind = b ? SCK_NO_END : SCK_GONE;
		c->rank_ns = ns_abs(a->s.sum.median);
	}
	return true;
}

static int cmp_change(const void *x, const void *y)
{
	const struct stats_change *a = x, *b = y;
	const struct stat_row *ra = a->a ? a->a : a->b, *rb = b->a ? b->a : b->b;
	int c;

	if (a->rank_ns != b->rank_ns)
		return a->rank_ns > b->rank_ns ? -1 : 1;
	c = strcmp(ra->device, rb->device);
	return c ? c : strcmp(ra->phase, rb->phase);
}

/*
 * Every device row of either side, ranked by how much it changed. A row
 * the other side's source could not see is set apart (one_sided()), not
 * ranked as gone or new. A (phase, device) is one row a side, so no two
 * entries rank alike and qsort()'s order is the only one.
 */
static void rank_changes(const struct run_stats *a, const struct run_stats *b,
			 struct stats_diff *d)
{
	size_t i, k = 0;

	if (!a->ncycles || !b->ncycles)
		return;		/* a side that hung measured nothing to change */
	d->changes = xmalloc((a->nrows + b->nrows + 1) * sizeof(*d->changes));
	for (i = 0; i < a->nrows; i++) {
		const struct stat_row *r = &a->rows[i];

		if (r->device && !stats_unseen_in(b, r) &&
		    change_of(r, stats_row(b, r->phase, r->device), &d->changes[k]))
			k++;
	}
	for (i = 0; i < b->nrows; i++) {
		const struct stat_row *r = &b->rows[i];

		if (r->device && !stats_unseen_in(a, r) && !stats_row(a, r->phase, r->device) &&
		    change_of(NULL, r, &d->changes[k]))
			k++;
	}
	qsort(d->changes, k, sizeof(*d->changes), cmp_change);
	d->nchanges = k;
}

void stats_diff(const struct run_stats *a, const struct run_stats *b, struct stats_diff *d)
{
	int m;

	memset(d, 0, sizeof(*d));
	pair_phases(a, b, d);
	for (m = 0; m <= MODE_BOOT; m++)
		if (clocks(a, m) && clocks(b, m) && clocks(a, m) != clocks(b, m))
			d->clock_differs |= 1u << m;
	one_sided(a, b, 0, d);
	one_sided(b, a, 1, d);
	rank_changes(a, b, d);
	stats_diff_milestones(a, b, d);
}

const char *stats_change_kind_name(enum stats_change_kind k)
{
	static const char *const names[] = {
		[SCK_CHANGED] = "changed", [SCK_NEW] = "new", [SCK_GONE] = "gone",
		[SCK_ENDED] = "ended", [SCK_NO_END] = "no_end",
	};

	return (size_t)k < ARRAY_SIZE(names) ? names[k] : "unknown";
}

void stats_diff_free(struct stats_diff *d)
{
	free(d->changes);
	free(d->milestones);
	free(d->one_sided);
	free(d->phases);
	memset(d, 0, sizeof(*d));
}
