// SPDX-License-Identifier: GPL-2.0
/*
 * Work outside callbacks: a cycle keeps the CYCLE_WORKS_MAX longest of
 * what threads did outside them, in time order, and counts the rest; the
 * works analysis gives the longest with the phase each began in.
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

static void event(struct builder *b, enum ev_kind k, ns_t ts, unsigned int line)
{
	struct pm_event ev;

	event_init(&ev, k, ts, line);
	ev.mode = MODE_MEM;
	builder_event(b, &ev);
}

/* Work @i of the synthetic cycle: 10 us apart, 1 to 5000 ns long in a
 * scrambled order, so the longest are spread over the cycle. */
static ns_t work_len(size_t i)
{
	return 1 + (ns_t)(i * 2654435761u % 5000);
}

static void test_bounded(void **state)
{
	struct pm_run *run = run_new();
	struct builder *b = builder_new(run, "synthetic");
	size_t i, n = 5000;
	struct pm_event ev;
	const struct pm_cycle *c;

	(void)state;
	event(b, EV_CYCLE_BEGIN, 1000, 1);
	event_init(&ev, EV_PHASE_BEGIN, 2000, 2);
	ev.phase = PK_SUSPEND;
	ev.text = str_c("suspend");
	builder_event(b, &ev);
	for (i = 0; i < n; i++) {
		event_init(&ev, EV_THREAD_WORK, 10000 + 10000 * (ns_t)i, 3 + (unsigned int)i);
		ev.end = ev.ts + work_len(i);
		ev.pid = 100 + (int)(i % 3);
		ev.fn = str_c(i == 4321 ? "ata_eh_recover" : "msleep");
		ev.comm = str_c("kworker/0:1");
		builder_event(b, &ev);
	}
	event_init(&ev, EV_THREAD_WORK, 0, 9000);	/* no pid: not kept */
	ev.end = 1 << 30;
	builder_event(b, &ev);
	event(b, EV_CYCLE_END, 10000 + 10000 * (ns_t)n, 9001);
	builder_finish(b);

	assert_int_equal(run->ncycles, 1);
	c = &run->cycles[0];
	assert_int_equal(c->nworks, CYCLE_WORKS_MAX);
	assert_int_equal(c->works_cut, n - CYCLE_WORKS_MAX);
	for (i = 1; i < c->nworks; i++)
		assert_true(c->works[i - 1].start < c->works[i].start);
	{	/* the kept are the longest: none dropped is longer than the shortest kept */
		ns_t shortest = INT64_MAX;
		size_t k, dropped_longer = 0;

		for (k = 0; k < c->nworks; k++)
			if (c->works[k].end - c->works[k].start < shortest)
				shortest = c->works[k].end - c->works[k].start;
		for (i = 0; i < n; i++) {
			bool kept = false;

			for (k = 0; k < c->nworks && !kept; k++)
				kept = c->works[k].start == 10000 + 10000 * (ns_t)i;
			if (!kept && work_len(i) > shortest)
				dropped_longer++;
		}
		assert_int_equal(dropped_longer, 0);
	}
	run_free(run);
}

static void test_longest(void **state)
{
	struct pm_run *run = run_new();
	struct builder *b = builder_new(run, "synthetic");
	struct results_opts o = { .top = 3 };
	struct pm_results r;
	const struct cycle_works *w;
	const struct pm_cycle *c;
	struct pm_event ev;
	static const ns_t len[] = { 50, 900, 300, 900, 10 };
	size_t i;

	(void)state;
	event(b, EV_CYCLE_BEGIN, 1000, 1);
	for (i = 0; i < ARRAY_SIZE(len); i++) {
		if (i == 2) {	/* the second half in resume */
			event_init(&ev, EV_PHASE_BEGIN, 5000, 10);
			ev.phase = PK_RESUME;
			ev.text = str_c("resume");
			builder_event(b, &ev);
		}
		event_init(&ev, EV_THREAD_WORK, 2000 + 2000 * (ns_t)i, 2 + (unsigned int)i);
		ev.end = ev.ts + len[i];
		ev.pid = 7 + (int)(i % 2);
		ev.fn = str_c("work");
		builder_event(b, &ev);
	}
	event(b, EV_CYCLE_END, 20000, 20);
	builder_finish(b);
	assert_int_equal(results_compute(&r, run, &o), 0);
	c = &run->cycles[0];
	w = &r.cycles[0].works;
	assert_int_equal(c->nworks, 5);
	assert_int_equal(w->nthreads, 2);
	assert_int_equal(w->nlongest, 3);
	/* 900 (the first of equals first), 900, 300 */
	assert_int_equal(w->longest[0], 1);
	assert_int_equal(w->longest[1], 3);
	assert_int_equal(w->longest[2], 2);
	assert_int_equal(w->phase[w->longest[0]], -1);	/* before any phase */
	assert_string_equal(c->phases[w->phase[w->longest[1]]].name, "resume");
	results_free(&r);
	run_free(run);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bounded),
		cmocka_unit_test(test_longest),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
