// SPDX-License-Identifier: GPL-2.0
/*
 * A cycle's time axis: a time to its x, over one piece or two around the
 * collapsed sleep (the pieces are laid out by layout.c's cycle_axis()).
 */
#include "timeline.h"

static double piece_x(const struct tl_piece *p, ns_t t)
{
	if (p->t1 <= p->t0)
		return p->x0;
	return p->x0 + (double)(t - p->t0) * (p->x1 - p->x0) / (double)(p->t1 - p->t0);
}

double tl_x(const struct tl_cycle *tc, ns_t t)
{
	const struct tl_piece *a = &tc->piece[0], *b = &tc->piece[1];

	if (t < tc->t0)
		t = tc->t0;
	if (t > tc->t1)
		t = tc->t1;
	if (tc->npieces == 1 || t <= a->t1)
		return piece_x(a, t);
	if (t >= b->t0)
		return piece_x(b, t);
	/* asleep: squeezed into the collapsed band */
	if (b->t0 <= a->t1)
		return tc->mx0;
	return tc->mx0 + (double)(t - a->t1) * (tc->mx1 - tc->mx0) / (double)(b->t0 - a->t1);
}
