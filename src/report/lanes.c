// SPDX-License-Identifier: GPL-2.0
/*
 * What the timelines and the Perfetto trace draw alike, defined once: where
 * a callback's bar ends, and the order of the threads' lanes.
 */
#include "report.h"

ns_t cb_drawn_end(const struct pm_cycle *c, const struct pm_callback *cb)
{
	ns_t k = cb_kernel_ns(cb);

	if (cb->start == NS_NONE)
		return NS_NONE;
	if (cb->end != NS_NONE)
		return cb->end;
	if (!(cb->flags & CB_UNFINISHED) && k != NS_NONE)
		return cb->start + k;
	return c->end > cb->start ? c->end : cb->start;
}

int lane_key_cmp(const struct lane_key *x, const struct lane_key *y)
{
	if (x->main != y->main)
		return x->main ? -1 : 1;
	if ((x->pid < 0) != (y->pid < 0))
		return x->pid < 0 ? 1 : -1;
	if (x->first_start != y->first_start)
		return x->first_start < y->first_start ? -1 : 1;
	return x->pid - y->pid;
}
