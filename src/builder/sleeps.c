// SPDX-License-Identifier: GPL-2.0
/*
 * A cycle's sleeps (sched_switch): kept as they come, at most
 * CYCLE_SLEEPS_MAX, then, once the cycle is built, only those of the
 * threads that ran its callbacks, between the first's start and the
 * last's end (most switches are of idle kworkers, RCU and user space),
 * sorted by thread and start for cycle_slept().
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

/* Whether @s overlaps the span from the first start to the last end of
 * its thread's callbacks (@ran: pid -> 1 + index into @lo, @hi). */
static bool in_callbacks(struct int_index *ran, const ns_t *lo, const ns_t *hi,
			 const struct pm_sleep *s)
{
	int k = int_index_get(ran, s->pid, 0);

	return k && s->end > lo[k - 1] && s->start < hi[k - 1];
}

void sleeps_settle(struct pm_cycle *c)
{
	struct int_index ran = { 0 };
	ns_t *lo, *hi;
	size_t i, n = 0, nthr = 0;

	if (!c->nsleeps)
		return;
	lo = xmalloc((c->ncbs ? c->ncbs : 1) * sizeof(*lo));
	hi = xmalloc((c->ncbs ? c->ncbs : 1) * sizeof(*hi));
	for (i = 0; i < c->ncbs; i++) {
		const struct pm_callback *cb = &c->cbs[i];
		int k;

		if (cb->pid < 0 || cb->start == NS_NONE || cb->end == NS_NONE)
			continue;
		k = int_index_get(&ran, cb->pid, (int)nthr + 1);
		if ((size_t)k == nthr + 1) {
			lo[nthr] = cb->start;
			hi[nthr++] = cb->end;
		}
		if (cb->start < lo[k - 1])
			lo[k - 1] = cb->start;
		if (cb->end > hi[k - 1])
			hi[k - 1] = cb->end;
	}
	for (i = 0; i < c->nsleeps; i++)
		if (nthr && in_callbacks(&ran, lo, hi, &c->sleeps[i]))
			c->sleeps[n++] = c->sleeps[i];
	int_index_free(&ran);
	free(lo);
	free(hi);
	/* none kept: still a cycle the scheduler's events went through */
	c->nsleeps = n ? n : 1;
	if (!n)
		c->sleeps[0] = (struct pm_sleep){ 0, 0, -1, SLEEP_WOKE_UNKNOWN };
	c->sleeps = xrealloc(c->sleeps, c->nsleeps * sizeof(*c->sleeps));
	c->sleeps_cap = c->nsleeps;
	qsort(c->sleeps, c->nsleeps, sizeof(*c->sleeps), cmp_sleep);
}
