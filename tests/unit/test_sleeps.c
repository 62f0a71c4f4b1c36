// SPDX-License-Identifier: GPL-2.0
/*
 * A thread's sleeps (sched_switch): a cycle keeps the spans that came
 * while it was open of the threads that ran its callbacks, and
 * cycle_slept() sums a thread's sleep inside a window, a span cut at the
 * window's edges; a cycle without them, or with more than it keeps,
 * knows nothing (-1).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "analysis.h"
#include "events.h"

static void event(struct builder *b, enum ev_kind k, ns_t ts)
{
	struct pm_event ev;

	event_init(&ev, k, ts, 1);
	ev.mode = MODE_MEM;
	builder_event(b, &ev);
}

/* A callback of device @dev on @pid, from @start to @end. */
static void cb_on(struct builder *b, const char *dev, int pid, ns_t start, ns_t end)
{
	struct pm_event ev;

	event_init(&ev, EV_CB_START, start, 3);
	ev.device = str_c(dev);
	ev.pid = pid;
	ev.event = str_c("suspend");
	ev.cb_flags = CB_FROM_TRACE;
	builder_event(b, &ev);
	event_init(&ev, EV_CB_END, end, 4);
	ev.device = str_c(dev);
	ev.pid = pid;
	ev.cb_flags = CB_FROM_TRACE;
	builder_event(b, &ev);
}

static void sleep_of(struct builder *b, int pid, ns_t start, ns_t end)
{
	struct pm_event ev;

	event_init(&ev, EV_THREAD_SLEEP, start, 2);
	ev.pid = pid;
	ev.end = end;
	builder_event(b, &ev);
}

static void test_slept(void **state)
{
	struct pm_run *run = run_new();
	struct builder *b = builder_new(run, "synthetic");
	const struct pm_cycle *c;

	(void)state;
	sleep_of(b, 5, 100, 200);	/* before any cycle: no cycle's */
	event(b, EV_CYCLE_BEGIN, 1000);
	/* pid 7: three sleeps, given out of order; pid 5 and 9 beside it */
	sleep_of(b, 7, 5000, 6000);
	sleep_of(b, 5, 1500, 9000);
	sleep_of(b, 7, 2000, 3000);
	sleep_of(b, 9, 2500, 2600);
	sleep_of(b, 7, 8000, 8500);
	sleep_of(b, 7, 9500, 9400);	/* ends before it starts: not kept */
	sleep_of(b, 11, 2000, 3000);	/* ran no callback: not kept */
	cb_on(b, "a", 5, 1100, 9900);
	cb_on(b, "b", 7, 1100, 9900);
	cb_on(b, "c", 9, 1100, 9900);
	event(b, EV_CYCLE_END, 10000);
	builder_finish(b);

	assert_int_equal(run->ncycles, 1);
	c = &run->cycles[0];
	assert_int_equal(c->nsleeps, 5);
	assert_int_equal(cycle_slept(c, 11, 0, 100000, SLEPT_DEVICE), 0);
	assert_int_equal(cycle_slept(c, 7, 1000, 10000, SLEPT_DEVICE), 1000 + 1000 + 500);
	/* cut at the window's edges: 2500-3000, 5000-5500 */
	assert_int_equal(cycle_slept(c, 7, 2500, 5500, SLEPT_DEVICE), 500 + 500);
	/* a window between two sleeps, and one inside a sleep */
	assert_int_equal(cycle_slept(c, 7, 3000, 5000, SLEPT_DEVICE), 0);
	assert_int_equal(cycle_slept(c, 7, 5100, 5200, SLEPT_DEVICE), 100);
	assert_int_equal(cycle_slept(c, 5, 1000, 2000, SLEPT_DEVICE), 500);
	assert_int_equal(cycle_slept(c, 9, 0, 100000, SLEPT_DEVICE), 100);
	assert_int_equal(cycle_slept(c, 8, 0, 100000, SLEPT_DEVICE), 0);	/* never slept */
	assert_int_equal(cycle_slept(c, 1000, 0, 100000, SLEPT_DEVICE), 0);	/* past every pid */
	run_free(run);
}

static void test_unknown(void **state)
{
	struct pm_run *run = run_new();
	struct builder *b = builder_new(run, "synthetic");
	struct pm_cycle *c;

	(void)state;
	event(b, EV_CYCLE_BEGIN, 1000);
	event(b, EV_CYCLE_END, 2000);
	event(b, EV_CYCLE_BEGIN, 3000);
	sleep_of(b, 7, 3100, 3200);
	cb_on(b, "a", 7, 3050, 3900);
	event(b, EV_CYCLE_END, 4000);
	event(b, EV_CYCLE_BEGIN, 5000);	/* switches, none of a callback's thread */
	sleep_of(b, 11, 5100, 5200);
	cb_on(b, "a", 7, 5050, 5900);
	event(b, EV_CYCLE_END, 6000);
	builder_finish(b);
	assert_int_equal(run->ncycles, 3);
	assert_int_equal(cycle_slept(&run->cycles[2], 7, 5000, 6000, SLEPT_DEVICE), 0);
	assert_int_equal(cycle_slept(&run->cycles[0], 7, 0, 3000, SLEPT_DEVICE), -1);	/* no sched_switch */
	c = &run->cycles[1];
	assert_int_equal(cycle_slept(c, 7, 3000, 4000, SLEPT_DEVICE), 100);
	c->sleeps_cut = 1;	/* as over CYCLE_SLEEPS_MAX */
	assert_int_equal(cycle_slept(c, 7, 3000, 4000, SLEPT_DEVICE), -1);
	run_free(run);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_slept),
		cmocka_unit_test(test_unknown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
