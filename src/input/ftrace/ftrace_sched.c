// SPDX-License-Identifier: GPL-2.0
/*
 * sched:sched_switch, read for when a thread slept. A thread the
 * scheduler switched out asleep (prev_state other than R) waited for
 * something (a device, a lock, a timer) and wanted no CPU until it was
 * switched in again: that span goes to the builder (EV_THREAD_SLEEP), and
 * the what-if's CPU shares read it (analysis/whatif_cpu.c). A thread
 * preempted (R, R+) still wanted a CPU: no span.
 */
#include <stdlib.h>
#include <string.h>

#include "ftrace_int.h"

#define PID_LIMIT (1 << 22)	/* the kernel's PID_MAX_LIMIT */

/* The decimal after @key in @s, or -1. */
static int field_pid(struct str s, const char *key)
{
	long at = str_find(s, key);
	uint64_t v;

	if (at < 0 || !str_u64(str_skip(s, (size_t)at + strlen(key)), &v) || v >= PID_LIMIT)
		return -1;
	return (int)v;
}

/* The slot holding when @pid went to sleep, NS_NONE while it runs. */
static ns_t *asleep_since(struct ftrace_parser *p, int pid)
{
	int i = int_index_get(&p->sched_idx, pid, (int)p->nsched);

	if ((size_t)i == p->nsched) {
		VEC_RESERVE(p->sched_off, p->nsched, p->sched_cap);
		p->sched_off[p->nsched++] = NS_NONE;
	}
	return &p->sched_off[i];
}

/* "prev_comm=C prev_pid=57 prev_prio=120 prev_state=D ==> next_comm=C
 * next_pid=0 next_prio=120" (a comm may hold blanks: the fields are
 * looked for on each side of the arrow). */
bool ftrace_sched_switch(struct ftrace_parser *p, const struct ftrace_line *fl)
{
	long arrow = str_find(fl->args, " ==> ");
	struct str prev, next, state;
	int prev_pid, next_pid;
	long at;
	ns_t *since;

	if (arrow < 0)
		return false;
	prev = str_make(fl->args.p, (size_t)arrow);
	next = str_skip(fl->args, (size_t)arrow + 5);
	prev_pid = field_pid(prev, "prev_pid=");
	next_pid = field_pid(next, "next_pid=");
	at = str_find(prev, "prev_state=");
	if (prev_pid < 0 || next_pid < 0 || at < 0)
		return false;
	state = str_skip(prev, (size_t)at + 11);
	if (prev_pid > 0)	/* the idle task never sleeps */
		*asleep_since(p, prev_pid) = state.len && state.p[0] != 'R' ? fl->ts : NS_NONE;
	since = next_pid > 0 ? asleep_since(p, next_pid) : NULL;
	if (since && *since != NS_NONE && *since <= fl->ts) {
		struct pm_event ev;

		event_init(&ev, EV_THREAD_SLEEP, *since, p->line);
		ev.pid = next_pid;
		ev.cpu = fl->cpu;
		ev.end = fl->ts;
		builder_event(p->b, &ev);
	}
	if (since)
		*since = NS_NONE;
	return true;
}

void ftrace_sched_free(struct ftrace_parser *p)
{
	int_index_free(&p->sched_idx);
	free(p->sched_off);
	p->sched_off = NULL;
	p->nsched = p->sched_cap = 0;
}
