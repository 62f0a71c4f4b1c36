// SPDX-License-Identifier: GPL-2.0
/*
 * The boot cycle of a trace and its phases, whichever lines show the
 * initcalls (their events, ftrace_boot.c; their function_graph calls,
 * ftrace_boot_graph.c): kernel_init from the first initcall, user_init
 * from the first one in a task other than the idle task or init, the end
 * where a suspend begins or the trace ends.
 */
#include "ftrace_int.h"

static void boot_event(struct ftrace_parser *p, ns_t ts, enum ev_kind kind,
		       enum phase_kind pk, const char *name)
{
	struct pm_event ev;

	/* no pid: the idle task runs the first initcalls, yet the driving
	 * thread is kernel_init, the one that runs most of them */
	event_init(&ev, kind, ts, p->line);
	ev.mode = MODE_BOOT;
	ev.phase = pk;
	ev.text = str_c(name);
	ftrace_emit(p, &ev);
}

void ftrace_boot_end(struct ftrace_parser *p, const struct ftrace_line *fl)
{
	ns_t ts = fl ? fl->ts : p->boot_last;

	if (p->boot == FB_NONE)
		p->boot = FB_DONE;	/* a suspend first: no boot after it (as in dmesg.c);
					 * graphs after it (record --callgraph) are no initcalls */
	if (p->boot != FB_KERNEL && p->boot != FB_USER)
		return;
	if (p->boot == FB_KERNEL)
		boot_event(p, ts, EV_PHASE_END, PK_BOOT_KERNEL, "kernel_init");
	else
		boot_event(p, ts, EV_PHASE_END, PK_BOOT_USER, "user_init");
	boot_event(p, ts, EV_CYCLE_END, PK_BOOT_USER, "boot");
	p->boot = FB_DONE;
}

bool ftrace_boot_phase(struct ftrace_parser *p, const struct ftrace_line *fl)
{
	bool kernel_task = fl->pid <= 1;

	if (p->boot == FB_DONE || p->in_cycle)
		return false;	/* a module loaded after boot or in a suspend */
	if (p->boot == FB_NONE) {
		boot_event(p, fl->ts, EV_CYCLE_BEGIN, PK_BOOT_KERNEL, "boot");
		boot_event(p, fl->ts, EV_PHASE_BEGIN, PK_BOOT_KERNEL, "kernel_init");
		p->boot = FB_KERNEL;
	}
	if (p->boot == FB_KERNEL && !kernel_task) {
		boot_event(p, fl->ts, EV_PHASE_END, PK_BOOT_KERNEL, "kernel_init");
		boot_event(p, fl->ts, EV_PHASE_BEGIN, PK_BOOT_USER, "user_init");
		p->boot = FB_USER;
	}
	return true;
}
