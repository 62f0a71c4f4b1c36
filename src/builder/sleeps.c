// SPDX-License-Identifier: GPL-2.0
/*
 * A cycle's sleeps (sched_switch): kept as they come, at most
 * CYCLE_SLEEPS_MAX, then, once the cycle is built, only those of the
 * threads that ran its callbacks (most switches are of idle kworkers,
 * RCU and user space), sorted by thread and start for cycle_slept().
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
	struct int_index ran = { 0 };
	size_t i, n = 0;

	if (!c->nsleeps)
		return;
	for (i = 0; i < c->ncbs; i++)
		if (c->cbs[i].pid >= 0)
			int_index_get(&ran, c->cbs[i].pid, 1);
	for (i = 0; i < c->nsleeps; i++)	/* get(pid, 0): 1 when a callback's */
		if (ran.count && int_index_get(&ran, c->sleeps[i].pid, 0))
			c->sleeps[n++] = c->sleeps[i];
	int_index_free(&ran);
	/* none kept: still a cycle the scheduler's events went through */
	c->nsleeps = n ? n : 1;
	if (!n)
		c->sleeps[0] = (struct pm_sleep){ 0, 0, -1, SLEEP_WOKE_UNKNOWN };
	c->sleeps = xrealloc(c->sleeps, c->nsleeps * sizeof(*c->sleeps));
	c->sleeps_cap = c->nsleeps;
	qsort(c->sleeps, c->nsleeps, sizeof(*c->sleeps), cmp_sleep);
}
