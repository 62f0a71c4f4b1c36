// SPDX-License-Identifier: GPL-2.0
/*
 * sched:sched_switch, read for when a thread slept. A thread the
 * scheduler switched out asleep (prev_state other than R) waited for
 * something (a device, a lock, a timer) and wanted no CPU until it was
 * switched in again: that span goes to the builder (EV_THREAD_SLEEP), and
 * the what-if's CPU shares read it (analysis/whatif_cpu.c). A thread
 * preempted (R, R+) still wanted a CPU: no span. sched:sched_wakeup says
 * what woke it: an interrupt (the flags column's h, s, H, z or Z; a
 * device, a timer) or a task (a lock's owner, a kthread it handed work).
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

/* trace-cmd report's plugin form of a task, "COMM:PID [PRIO]" at the
 * start of @s (a comm may hold a colon: the pid is after the last one
 * before the priority); the pid, or -1, and @rest past the "]". */
static int task_pid(struct str s, struct str *rest)
{
	long pr = str_find(s, " [");
	const char *colon = NULL, *q;
	uint64_t v = 0;
	size_t digits;

	if (pr <= 0)
		return -1;
	for (q = s.p; q < s.p + pr; q++)
		if (*q == ':')
			colon = q;
	digits = colon ? (size_t)(s.p + pr - colon - 1) : 0;
	if (!digits || str_u64(str_make(colon + 1, digits), &v) != digits || v >= PID_LIMIT)
		return -1;
	q = memchr(s.p + pr, ']', s.len - (size_t)pr);
	if (!q)
		return -1;
	*rest = str_trim(str_skip(s, (size_t)(q - s.p) + 1));
	return (int)v;
}

/* @pid's slot in sched_off[] and sched_woke[]. */
static size_t thread_slot(struct ftrace_parser *p, int pid)
{
	int i = int_index_get(&p->sched_idx, pid, (int)p->nsched);

	if ((size_t)i == p->nsched) {
		size_t cap = p->sched_cap;

		VEC_RESERVE(p->sched_off, p->nsched, p->sched_cap);
		if (cap != p->sched_cap)
			p->sched_woke = xrealloc(p->sched_woke, p->sched_cap);
		p->sched_off[p->nsched] = NS_NONE;
		p->sched_woke[p->nsched++] = SLEEP_WOKE_UNKNOWN;
	}
	return (size_t)i;
}

/*
 * The context a text line was written in, from its flags column (the
 * token before the stamp; none in trace-cmd report's lines, whose token
 * there is the "[CPU]"): "d.h2." in a hardirq, "..s1." in a softirq.
 * The line's comm and event are views into it: the search stays between.
 */
static enum ftrace_ctx line_ctx(const struct ftrace_line *fl)
{
	const char *lo = fl->comm.p ? fl->comm.p + fl->comm.len : NULL, *q = fl->event.p, *tok;

	if (fl->ctx != FL_CTX_UNKNOWN)
		return (enum ftrace_ctx)fl->ctx;
	if (!lo || !q || q <= lo)
		return FL_CTX_UNKNOWN;
	while (q > lo && (q[-1] == ' ' || q[-1] == ':'))
		q--;
	while (q > lo && ((q[-1] >= '0' && q[-1] <= '9') || q[-1] == '.'))
		q--;	/* the stamp */
	while (q > lo && q[-1] == ' ')
		q--;
	for (tok = q; tok > lo && tok[-1] != ' '; tok--)
		;
	if (tok == q || q[-1] == ']')
		return FL_CTX_UNKNOWN;
	for (; tok < q; tok++)
		if (strchr("hsHzZ", *tok))
			return FL_CTX_IRQ;
	return FL_CTX_TASK;
}

/* "comm=C pid=57 prio=120 target_cpu=001" (before 4.x also "success=1"),
 * trace-cmd report's "C:57 [120] CPU:001": the thread woken, by an
 * interrupt or by the task on the line. */
bool ftrace_sched_wakeup(struct ftrace_parser *p, const struct ftrace_line *fl)
{
	struct str rest;
	int pid = field_pid(fl->args, "pid=");
	enum ftrace_ctx ctx;
	size_t slot;

	if (pid < 0 && (pid = task_pid(fl->args, &rest)) < 0)
		return false;
	if (!pid)
		return true;
	ctx = line_ctx(fl);
	slot = thread_slot(p, pid);	/* first: it may move sched_woke */
	p->sched_woke[slot] = ctx == FL_CTX_IRQ ? SLEEP_WOKE_IRQ :
			      ctx == FL_CTX_TASK ? SLEEP_WOKE_TASK : SLEEP_WOKE_UNKNOWN;
	return true;
}

/* "prev_comm=C prev_pid=57 prev_prio=120 prev_state=D ==> next_comm=C
 * next_pid=0 next_prio=120" (a comm may hold blanks: the fields are
 * looked for on each side of the arrow), or trace-cmd report's
 * "C:57 [120] D ==> C:0 [120]". */
static bool switch_fields(struct str args, int *prev_pid, struct str *state, int *next_pid)
{
	long arrow = str_find(args, " ==> "), at;
	struct str prev, next, rest;

	if (arrow < 0)
		return false;
	prev = str_make(args.p, (size_t)arrow);
	next = str_skip(args, (size_t)arrow + 5);
	if ((at = str_find(prev, "prev_state=")) >= 0) {
		*prev_pid = field_pid(prev, "prev_pid=");
		*next_pid = field_pid(next, "next_pid=");
		*state = str_skip(prev, (size_t)at + 11);
	} else {
		*prev_pid = task_pid(prev, state);
		*next_pid = task_pid(next, &rest);
	}
	return *prev_pid >= 0 && *next_pid >= 0;
}

bool ftrace_sched_switch(struct ftrace_parser *p, const struct ftrace_line *fl)
{
	struct str state;
	int prev_pid, next_pid;
	size_t slot;

	if (!switch_fields(fl->args, &prev_pid, &state, &next_pid))
		return false;
	if (prev_pid > 0) {	/* the idle task never sleeps */
		/* R, R+: preempted; W: being woken; the rest asleep */
		slot = thread_slot(p, prev_pid);
		p->sched_off[slot] = state.len && state.p[0] != 'R' && state.p[0] != 'W' ?
				     fl->ts : NS_NONE;
		p->sched_woke[slot] = SLEEP_WOKE_UNKNOWN;
	}
	if (next_pid <= 0)
		return true;
	slot = thread_slot(p, next_pid);
	if (p->sched_off[slot] != NS_NONE && p->sched_off[slot] <= fl->ts) {
		struct pm_event ev;

		event_init(&ev, EV_THREAD_SLEEP, p->sched_off[slot], p->line);
		ev.pid = next_pid;
		ev.cpu = fl->cpu;
		ev.end = fl->ts;
		ev.woke = p->sched_woke[slot];
		builder_event(p->b, &ev);
	}
	p->sched_off[slot] = NS_NONE;
	return true;
}

void ftrace_sched_free(struct ftrace_parser *p)
{
	int_index_free(&p->sched_idx);
	free(p->sched_off);
	free(p->sched_woke);
	p->sched_off = NULL;
	p->sched_woke = NULL;
	p->nsched = p->sched_cap = 0;
}
