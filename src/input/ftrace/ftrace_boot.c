// SPDX-License-Identifier: GPL-2.0
/*
 * Boot in a trace: the initcall:initcall_start/finish events (kernel
 * command line "trace_event=initcall:*") make a boot cycle, as
 * initcall_debug's lines do in dmesg. Built-in initcalls run in the idle
 * task or in pid 1 (kernel_init); the first one in any other task
 * (insmod, modprobe, udev loading a module) starts the user_init phase.
 *   init-1  [000] .....  0.61: initcall_start: func=init_hw_perf_events+0x0/0x683
 *   init-1  [000] .....  0.62: initcall_finish: func=init_hw_perf_events+0x0/0x683 ret=0
 *   insmod-238 [001] ... 11.04: initcall_start: func=0xffffffffc0343000
 */
#include <limits.h>
#include <stdio.h>

#include "ftrace_int.h"

/* "func=NAME+0x0/0x22c [module]" or "func=0xffffffffc0343000" */
static void func_arg(struct str a, struct pm_event *ev)
{
	const char *end = a.p + a.len, *plus, *sp, *ob, *cb;

	sp = memchr(a.p, ' ', a.len);
	plus = memchr(a.p, '+', (size_t)((sp ? sp : end) - a.p));
	ev->device = str_make(a.p, (size_t)((plus ? plus : sp ? sp : end) - a.p));
	ev->fn = ev->device;
	ob = sp ? memchr(sp, '[', (size_t)(end - sp)) : NULL;
	cb = ob ? memchr(ob, ']', (size_t)(end - ob)) : NULL;
	if (cb)
		ev->driver = str_make(ob + 1, (size_t)(cb - ob - 1));
}

bool ftrace_initcall(struct ftrace_parser *p, const struct ftrace_line *fl)
{
	bool start = str_eq(fl->event, "initcall_start");
	struct str a = str_trim(fl->args);
	struct pm_event ev;
	long r;

	if (str_eq(fl->event, "initcall_level"))
		return true;
	if ((!start && !str_eq(fl->event, "initcall_finish")) || !str_starts(a, "func="))
		return false;
	if (!p->boot_events) {	/* the events say it all: graphs only feed them */
		p->boot_events = true;
		ftrace_boot_graphs_free(p);
	}
	if (!ftrace_boot_phase(p, fl))
		return true;
	event_init(&ev, start ? EV_CB_START : EV_CB_END, fl->ts, p->line);
	ev.pid = fl->pid;
	ev.cpu = fl->cpu;
	ev.comm = fl->comm;
	ev.cb_flags = CB_INITCALL | CB_FROM_TRACE;
	r = str_find(a, " ret=");
	func_arg(str_make(a.p + 5, (r > 0 ? (size_t)r : a.len) - 5), &ev);
	if (!ev.device.len)
		return false;
	if (start)
		fgraph_cb_start(p->fg, fl);
	else if ((ev.graph = fgraph_cb_end(p->fg, fl))) {
		ev.kind = EV_CB_GRAPH;
		ftrace_emit(p, &ev);
		ev.kind = EV_CB_END;
	}
	if (!start && r > 0) {
		int64_t ret;

		if (!str_i64(str_make(a.p + r + 5, a.len - (size_t)r - 5), &ret) ||
		    ret < INT_MIN || ret > INT_MAX)
			return false;
		ev.has_ret = true;
		ev.ret = (int)ret;
	}
	ftrace_emit(p, &ev);
	p->boot_last = fl->ts;
	return true;
}
