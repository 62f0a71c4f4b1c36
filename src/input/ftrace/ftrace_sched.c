// SPDX-License-Identifier: GPL-2.0
/*
 * sched:sched_switch, read for when a thread slept. A thread the
 * scheduler switched out asleep (a prev_state other than R, or X and Z,
 * which end it) waited for something (a device, a lock, a timer) and
 * wanted no CPU until it was switched in again: that span goes to the
 * builder (EV_THREAD_SLEEP), and the what-if's CPU shares read it
 * (analysis/whatif_cpu.c). A thread preempted (R, R+) still wanted a CPU:
 * no span. sched:sched_waking, written where the wakeup is asked for,
 * says what woke it: an interrupt (the flags column's h, s, H, z or Z; a
 * device, a timer) or a task (a lock's owner, a kthread it handed work).
 * sched_wakeup says nothing of it: since 4.3 it is written where the
 * thread is put on its CPU, often in that CPU's IPI, whoever woke it.
 * Events lost end every sleep open: its switch in may be among them.
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

/* The last " [" in @s, or -1. */
static long last_bracket(struct str s)
{
	const char *q = s.p + s.len;

	while ((q = q > s.p ? memrchr(s.p, '[', (size_t)(q - s.p)) : NULL))
		if (q > s.p && q[-1] == ' ')
			return q - 1 - s.p;
	return -1;
}

/* trace-cmd report's plugin form of a task, "COMM:PID [PRIO]", ending
 * @s or before its state (a comm may hold a colon or a " [": the pid is
 * after the last colon before the last " ["); the pid, or -1, and
 * @rest past the "]". */
static int task_pid(struct str s, struct str *rest)
{
	long pr = last_bracket(s);
	const char *colon, *q;
	uint64_t v = 0;
	size_t digits;

	if (pr <= 0)
		return -1;
	colon = memrchr(s.p, ':', (size_t)pr);
	digits = colon ? (size_t)(s.p + pr - colon - 1) : 0;
	if (!digits || str_u64(str_make(colon + 1, digits), &v) != digits || v >= PID_LIMIT)
		return -1;
	q = memchr(s.p + pr, ']', s.len - (size_t)pr);
	if (!q)
		return -1;
	*rest = str_trim(str_skip(s, (size_t)(q - s.p) + 1));
	return (int)v;
}

/* The '=' before @hi that ends "@key=" (@n bytes), at or after @lo;
 * NULL when the one before @hi ends another key. */
static inline const char *key_before_n(const char *lo, const char *hi, const char *key, size_t n)
{
	const char *q = hi > lo ? memrchr(lo, '=', (size_t)(hi - lo)) : NULL;

	if (!q || (size_t)(q - lo) < n || memcmp(q - n, key, n))
		return NULL;
	return q;
}
#define key_before(lo, hi, key) key_before_n(lo, hi, key, sizeof(key) - 1)

/* The pid after "=" at @eq, up to @hi; -1 when not one. */
static int pid_at(const char *eq, const char *hi)
{
	uint64_t v = 0;

	if (!str_u64(str_make(eq + 1, (size_t)(hi - eq - 1)), &v) || v >= PID_LIMIT)
		return -1;
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
 * token before "STAMP: "; none in trace-cmd report's lines, whose token
 * there is the "[CPU]", nor in function_graph's comments): "d.h2." in a
 * hardirq, "..s1." in a softirq. The line's comm and event are views
 * into it: the search stays between.
 */
static enum ftrace_ctx line_ctx(const struct ftrace_line *fl)
{
	const char *lo = fl->comm.p ? fl->comm.p + fl->comm.len : NULL, *q = fl->event.p, *tok;

	if (fl->ctx != FL_CTX_UNKNOWN)
		return (enum ftrace_ctx)fl->ctx;
	if (!lo || !q || q <= lo)
		return FL_CTX_UNKNOWN;
	while (q > lo && q[-1] == ' ')
		q--;
	if (q == lo || q[-1] != ':')	/* a comment's "/ *", not a stamp's colon */
		return FL_CTX_UNKNOWN;
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

/* The kernel's "comm=C pid=57 prio=120 [success=1 ]target_cpu=001"
 * (success= before 4.x) read from its end, as kernel_switch() reads a
 * switch; -1 when not so. */
static int kernel_waking(struct str a)
{
	const char *end = a.p + a.len, *cpu, *q, *pid;

	if (!(cpu = key_before(a.p, end, "target_cpu")))
		return -1;
	q = key_before(a.p, cpu, "success");
	if (!(q = key_before(a.p, q ? q : cpu, "prio")) || !(pid = key_before(a.p, q, "pid")))
		return -1;
	return pid_at(pid, q);
}

/* sched_waking, or trace-cmd report's "C:57 [120] CPU:001": the thread
 * to wake, by an interrupt or by the task on the line. */
bool ftrace_sched_waking(struct ftrace_parser *p, const struct ftrace_line *fl)
{
	struct str rest;
	int pid = kernel_waking(fl->args);
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

/*
 * The kernel's line read from its fixed end, as it prints it: "...
 * prev_pid=57 prev_prio=120 prev_state=D ==> next_comm=C next_pid=0
 * next_prio=120", the comms before them (a comm may hold blanks and
 * '='; searching the line from its start for each field cost a fifth of
 * reading a trace that has the scheduler's events). False when the line
 * is not so (the search then reads it).
 */
static bool kernel_switch(struct str a, int *prev_pid, struct str *state, int *next_pid)
{
	const char *end = a.p + a.len, *prio, *pid, *arrow, *st;

	if (!(prio = key_before(a.p, end, "next_prio")) ||
	    !(pid = key_before(a.p, prio, "next_pid")) ||
	    (*next_pid = pid_at(pid, prio)) < 0)
		return false;
	for (arrow = pid; (arrow = memrchr(a.p, '>', (size_t)(arrow - a.p))); )
		if (arrow >= a.p + 3 && arrow + 1 < pid && !memcmp(arrow - 3, " ==> ", 5))
			break;	/* the one before the next comm, which may hold '>' */
	if (!arrow || !(st = key_before(a.p, arrow - 3, "prev_state")) ||
	    !(prio = key_before(a.p, st, "prev_prio")) ||
	    !(pid = key_before(a.p, prio, "prev_pid")) ||
	    (*prev_pid = pid_at(pid, prio)) < 0)
		return false;
	*state = str_make(st + 1, (size_t)(arrow - 3 - st - 1));
	return true;
}

/* "prev_comm=C prev_pid=57 prev_prio=120 prev_state=D ==> next_comm=C
 * next_pid=0 next_prio=120" (a comm may hold blanks: the fields are
 * looked for on each side of the arrow), or trace-cmd report's
 * "C:57 [120] D ==> C:0 [120]". */
static bool switch_fields(struct str args, int *prev_pid, struct str *state, int *next_pid)
{
	long arrow, at;
	struct str prev, next, rest;

	if (kernel_switch(args, prev_pid, state, next_pid))
		return true;
	if ((arrow = str_find(args, " ==> ")) < 0)
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

/* Asleep: not running (R, R+: preempted), nor ended (X, Z, trace-cmd's
 * x); trace-cmd's W is TASK_IDLE, the kernel's I. */
static bool asleep(struct str state)
{
	return state.len && !strchr("RXZx", state.p[0]);
}

bool ftrace_sched_switch(struct ftrace_parser *p, const struct ftrace_line *fl)
{
	struct str state;
	int prev_pid, next_pid;
	size_t slot;

	if (!switch_fields(fl->args, &prev_pid, &state, &next_pid))
		return false;
	if (prev_pid > 0) {	/* the idle task never sleeps */
		slot = thread_slot(p, prev_pid);
		p->sched_off[slot] = asleep(state) ? fl->ts : NS_NONE;
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

void ftrace_sched_lost(struct ftrace_parser *p)
{
	size_t i;

	for (i = 0; i < p->nsched; i++)
		p->sched_off[i] = NS_NONE;
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
