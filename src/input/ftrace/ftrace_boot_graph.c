// SPDX-License-Identifier: GPL-2.0
/*
 * Boot from function_graph alone, as bootgraph captures it: the kernel
 * command line "ftrace=function_graph ftrace_graph_filter=do_one_initcall
 * trace_options=funcgraph-abstime,funcgraph-proc" makes each initcall one
 * outermost do_one_initcall graph, named by its first call that is not
 * do_one_initcall's own bookkeeping:
 *   2.04 |  1)  swapper-1  |          |  do_one_initcall() {
 *   2.04 |  1)  swapper-1  |  0.1 us  |    initcall_blacklisted();
 *   2.04 |  1)  swapper-1  |          |    ghes_init() {
 * With a graph filter on initcall functions themselves (bootgraph -func),
 * the outermost call is the initcall. Each becomes an initcall callback
 * with its call summary (input/ftrace/fgraph.c); the boot phases come from
 * input/ftrace_boot.c. A trace with initcall events as well takes its
 * initcalls from those events only.
 *
 * Async work (async_schedule(): the initramfs unpacking, the SCSI and ATA
 * scans) runs in async_run_entry_fn on a worker; with that function in
 * the graph filter each outermost call is one callback of the boot, named
 * after its first call (the work function at depth 2), so the boot's
 * critical path can show who waited for it:
 *   2.59 |  0)  kworker-9  |            |  async_run_entry_fn() {
 *   2.59 |  0)  kworker-9  | $ 1154037 us |    do_populate_rootfs();
 */
#include <stdio.h>
#include <stdlib.h>

#include "ftrace_int.h"

/* do_one_initcall's own calls around the initcall (init/main.c) */
static bool initcall_helper(struct str fn)
{
	static const char *const names[] = {
		"initcall_blacklisted", "do_trace_initcall_start", "do_trace_initcall_finish",
		"trace_initcall_start_cb", "trace_initcall_finish_cb", "initcall_debug_enable",
		"ktime_get", "printk", "_printk", "sprintf", "snprintf", "strlcat",
		"add_latent_entropy", "preempt_count_add", "preempt_count_sub",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (str_eq(fn, names[i]))
			return true;
	return false;
}

static bool is_work(struct str fn)
{
	return str_eq(fn, "async_run_entry_fn");
}

static struct fb_graph *open_graph(struct ftrace_parser *p, int pid, int cpu)
{
	size_t i;

	for (i = 0; i < p->ngraphs; i++)
		if (p->graphs[i].pid == pid && (pid >= 0 || p->graphs[i].cpu == cpu))
			return &p->graphs[i];
	return NULL;
}

static void copy_name(char *dst, size_t n, struct str s)
{
	snprintf(dst, n, "%.*s", (int)s.len, s.p);
}

/* "async_port_probe [libata]": the name, and the module as @g's. */
static void name_graph(struct fb_graph *g, struct str fn)
{
	long ob = str_find(fn, " [");

	if (ob > 0 && fn.p[fn.len - 1] == ']') {
		copy_name(g->module, sizeof(g->module),
			  str_make(fn.p + ob + 2, fn.len - (size_t)ob - 3));
		fn.len = (size_t)ob;
	}
	copy_name(g->name, sizeof(g->name), fn);
}

/* An outermost call begins on @fl's thread. */
static void graph_begin(struct ftrace_parser *p, const struct ftrace_line *fl, struct str fn)
{
	struct fb_graph *g = open_graph(p, fl->pid, fl->cpu);

	if (!g) {
		VEC_RESERVE(p->graphs, p->ngraphs, p->graphs_cap);
		g = &p->graphs[p->ngraphs++];
	}
	memset(g, 0, sizeof(*g));
	g->pid = fl->pid;
	g->cpu = fl->cpu;
	g->start = fl->ts;
	g->line = p->line;
	copy_name(g->comm, sizeof(g->comm), fl->comm);
	g->work = is_work(fn);
	g->named_fn = !g->work && !str_eq(fn, "do_one_initcall");
	if (g->named_fn)
		name_graph(g, fn);
	fgraph_cb_start(p->fg, fl);
}

/* Any function can be the outermost call of a graph (a suspend trace's
 * __rseq_handle_notify_resume() on the way back to user space), so one
 * that is not do_one_initcall starts a boot only where built-in initcalls
 * run: in kernel_init (pid 1) or before it (the idle task). */
static bool stray_graph(const struct ftrace_parser *p, const struct fb_graph *g)
{
	return p->boot == FB_NONE && g->named_fn && g->pid > 1;
}

/* The outermost call returned after @dur: one initcall. */
static void graph_end(struct ftrace_parser *p, const struct ftrace_line *fl, ns_t dur)
{
	struct fb_graph *g = open_graph(p, fl->pid, fl->cpu);
	const struct pm_callgraph *graph;
	struct ftrace_line at = *fl;
	unsigned int line;
	bool open;
	struct pm_event ev;

	if (!g)
		return;
	at.ts = g->start;
	at.comm = str_c(g->comm);
	graph = fgraph_cb_end(p->fg, fl);
	line = p->line;
	p->line = g->line;	/* a boot phase it opens begins there */
	if (g->work)	/* work opens no phase: it runs inside one */
		open = p->boot == FB_KERNEL || p->boot == FB_USER;
	else
		open = g->name[0] && !stray_graph(p, g) && ftrace_boot_phase(p, &at);
	p->line = line;
	if (!open) {
		*g = p->graphs[--p->ngraphs];
		return;
	}
	event_init(&ev, EV_CB_START, g->start, g->line);
	ev.pid = g->pid;
	ev.cpu = g->cpu;
	ev.comm = at.comm;
	ev.cb_flags = g->work ? CB_FROM_TRACE : CB_INITCALL | CB_FROM_TRACE;
	ev.device = ev.fn = str_c(g->name[0] ? g->name : "async_run_entry_fn");
	if (g->work)
		ev.fn = str_c("async_run_entry_fn");
	if (g->module[0])
		ev.driver = str_c(g->module);
	ftrace_emit(p, &ev);
	/* The duration column has ns; abstime has us: the end from it. */
	ev.ts = dur != NS_NONE ? g->start + dur : fl->ts;
	ev.line = p->line;
	if ((ev.graph = graph)) {
		ev.kind = EV_CB_GRAPH;
		ftrace_emit(p, &ev);
	}
	ev.kind = EV_CB_END;
	ftrace_emit(p, &ev);
	p->boot_last = ev.ts;
	*g = p->graphs[--p->ngraphs];
}

/* Outermost calls without a time stamp cannot be placed: counted for the
 * reader's message. */
static void untimed(struct ftrace_parser *p, struct str fn)
{
	if (!p->untimed++)
		copy_name(p->untimed_fn, sizeof(p->untimed_fn), fn);
}

void ftrace_graph_call(struct ftrace_parser *p, const struct ftrace_line *fl,
		       const struct graph_call *gc)
{
	bool in_boot = !p->in_cycle && p->boot != FB_DONE;
	struct fb_graph *g = NULL;
	struct str fn = gc->fn;
	int depth = gc->depth;

	if (!in_boot) {
		fgraph_call(p->fg, fl, gc);
		return;
	}
	g = p->ngraphs ? open_graph(p, fl->pid, fl->cpu) : NULL;
	/* with initcall events, graphs only make async work */
	if (p->boot_events && !g && !(depth == 0 && gc->kind != GL_RETURN && is_work(fn))) {
		fgraph_call(p->fg, fl, gc);
		return;
	}
	if (depth == 0 && gc->kind != GL_RETURN && fl->ts == NS_NONE) {
		untimed(p, fn);
	} else if (depth == 0 && gc->kind == GL_ENTRY) {
		graph_begin(p, fl, fn);
	} else if (depth == 0 && gc->kind == GL_LEAF && !str_eq(fn, "do_one_initcall")) {
		graph_begin(p, fl, fn);
		graph_end(p, fl, gc->dur);
		return;
	} else if (g && !g->name[0] && depth == 1 && gc->kind != GL_RETURN &&
		   !initcall_helper(fn)) {
		name_graph(g, fn);
	}
	fgraph_call(p->fg, fl, gc);
	if (g && depth == 0 && gc->kind == GL_RETURN)
		graph_end(p, fl, gc->dur);
}

void ftrace_boot_graphs_free(struct ftrace_parser *p)
{
	free(p->graphs);
	p->graphs = NULL;
	p->ngraphs = p->graphs_cap = 0;
}
