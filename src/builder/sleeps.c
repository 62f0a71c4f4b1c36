// SPDX-License-Identifier: GPL-2.0
/*
 * A cycle's sleeps (sched_switch): kept as they come, at most
 * CYCLE_SLEEPS_MAX, then sorted by thread and start for cycle_slept().
 */
#include <stdlib.h>

#include "sleeps.h"

void sleeps_push(struct pm_cycle *c, int pid, ns_t start, ns_t end, uint8_t woke)
{
	if (pid < 0 || start == NS_NONE || end < start)
		return;
	if (c->nsleeps == CYCLE_SLEEPS_MAX) {
		c->sleeps_cut++;
		return;
	}
	VEC_RESERVE(c->sleeps, c->nsleeps, c->sleeps_cap);
	c->sleeps[c->nsleeps++] = (struct pm_sleep){ start, end, pid,
						     woke <= SLEEP_WOKE_TASK ? woke : SLEEP_WOKE_UNKNOWN };
}

static int cmp_sleep(const void *a, const void *b)
{
	const struct pm_sleep *x = a, *y = b;

	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	return x->start < y->start ? -1 : x->start > y->start;
}

void sleeps_settle(struct pm_cycle *c)
{
	if (c->nsleeps)
		qsort(c->sleeps, c->nsleeps, sizeof(*c->sleeps), cmp_sleep);
}
