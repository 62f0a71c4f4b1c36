/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The normalized event stream. Every input source (dmesg, ftrace text,
 * trace-cmd files, live capture) turns what it reads into these events
 * and hands them to the builder, which alone writes the run model.
 */
#ifndef PMSCOPE_EVENTS_H
#define PMSCOPE_EVENTS_H

#include "extras.h"
#include "model.h"
#include "util.h"

enum ev_kind {
	EV_CYCLE_BEGIN,	/* suspend/hibernate/boot starts; .mode, .text label;
			 * .cut: the log begins inside it (its start not in it) */
	EV_CYCLE_END,	/* suspend exit, tasks restarted; .cut: not its end
			 * but the excerpt's (the log restarts here, at an
			 * earlier time: a second paste, another run) */
	EV_CYCLE_ABORT,	/* suspend failed and was backed out */
	EV_CYCLE_MODE,	/* the open cycle's mode became known: .mode, .text */
	EV_PHASE_BEGIN,	/* .phase, .text = phase name */
	EV_PHASE_END,	/* .phase, .text, .kernel_us = printed length */
	EV_CB_START,	/* .device .driver .parent .fn .event .pid */
	EV_CB_END,	/* .device .driver .fn .pid .ret .kernel_us */
	EV_VERDICT,	/* the kernel said something went wrong: .verdict (enum
			 * verdict_kind), .device .driver .fn, .event the phase
			 * as the model names it, .ret the error, .text its
			 * words; a VK_ABORT comes as EV_CYCLE_ABORT */
	EV_MARKER,	/* user/tool marker: .text */
	EV_SLEEP,	/* the machine went to sleep (firmware entry, s2idle loop) */
	EV_WAKE,	/* and woke up */
	EV_FACT,	/* .key = .text (kernel, host, mode, ...) */
	EV_NOTE,	/* something worth a word: .code, .text */
	EV_DEVICE,	/* system facts: .device, .parent ("" a root), .dev_async */
	EV_DEV_LINK,	/* system facts: .supplier -> .device (consumer), .text status */
	EV_CB_GRAPH,	/* .graph: the call tree of .device's open callback on .pid
			 * (strings copied by the builder) */
	EV_FIRMWARE,	/* firmware's own suspend and resume time (ACPI FPDT) of
			 * the next cycle that starts: .fw_suspend, .fw_resume */
	EV_WAKE_REASON,	/* what woke the machine or stopped the suspend: .text */
	EV_BOOT_MARK,	/* a boot milestone .boot_mark at .ts (kept by the open
			 * boot cycle, or by the next one when none is open) */
	EV_MILESTONE,	/* a boot milestone (model.h): .milestone its kind, .text
			 * its name, .device; kept by the open boot cycle, and
			 * its extent too when .extent (a boot no initcall
			 * times) */
	EV_THREAD_SLEEP,	/* .pid was switched out asleep from .ts to .end
			 * (sched_switch: prev_state other than R), woken
			 * as .woke says */
	EV_THREAD_WORK,	/* a thread's outermost traced call outside callbacks:
			 * .fn from .ts to .end, on .pid (.comm) */
	EV_MESSAGE,	/* a log line no rule took: .text its words, .driver and
			 * .device its "DRIVER DEVICE: " prefix when it had one
			 * (kept by the open cycle, if any); .verdict a kernel
			 * alarm's kind (VK_OOPS, VK_STALL, VK_WARNING) */
	EV_PROBE,	/* a driver's probe ended during a suspend or resume
			 * cycle: .device .ret .kernel_us (builder/probes.h) */
	EV_CYCLE_REFUSED,	/* a request to sleep the kernel turned away
				 * at once while the open cycle held the lock
				 * ("PM: suspend entry (s2idle)", then "PM:
				 * suspend exit"): .mode, .text its label, .ts
				 * and .line its entry's, .end and .end_line
				 * its exit's; a cycle of its own, aborted,
				 * after the open one */
	EV_STATE_FAILED,	/* user space's write to /sys/power/state failed,
				 * as its shell said ("-sh: echo: write error:
				 * Operation not supported"): .text its words; the
				 * open cycle's, or the one just ended */
};

struct pm_event {
	enum ev_kind kind;
	ns_t ts;		/* NS_NONE when the line had no time */
	int pid;		/* -1 unknown */
	int cpu;		/* -1 unknown */
	struct str comm;	/* task name when known */
	enum pm_mode mode;
	enum phase_kind phase;
	struct str text;
	struct str key;
	struct str device, driver, parent, fn, event;
	struct str supplier;	/* EV_DEV_LINK */
	int dev_async;		/* EV_DEVICE: power/async 1, 0, -1 unknown */
	ns_t fw_suspend, fw_resume;	/* EV_FIRMWARE */
	ns_t end;		/* EV_THREAD_WORK, EV_THREAD_SLEEP, EV_CYCLE_REFUSED */
	unsigned int end_line;	/* EV_CYCLE_REFUSED */
	enum boot_mark boot_mark;	/* EV_BOOT_MARK */
	const struct pm_callgraph *graph;	/* EV_CB_GRAPH */
	const struct pm_calltree *tree;	/* EV_CB_GRAPH: its call tree, when
					 * caught (builder_keeps_trees()) */
	int64_t kernel_us;	/* US_NONE unless printed by the kernel */
	bool has_ret;
	int ret;
	unsigned int cb_flags;	/* CB_INITCALL, CB_PROBE, CB_FROM_* */
	uint8_t verdict;	/* EV_VERDICT, EV_MESSAGE: enum verdict_kind */
	uint8_t woke;		/* EV_THREAD_SLEEP: enum sleep_woke */
	bool cut;		/* EV_CYCLE_BEGIN, EV_CYCLE_END; EV_MESSAGE: the
				 * first line of a paste (a mail's fence above) */
	bool pasted;		/* EV_CYCLE_END with .cut: where a mail's paste
				 * of a log without stamps ends, another
				 * following: the author's cut, not the log's */
	bool entry;		/* EV_CYCLE_BEGIN: the line that starts every cycle
				 * ("PM: suspend entry"), so never a second one's */
	bool extent;		/* EV_MILESTONE */
	uint8_t milestone;	/* EV_MILESTONE: enum milestone_kind */
	enum finding_code code;	/* EV_NOTE */
	unsigned int line;	/* 1-based source line */
};

void event_init(struct pm_event *ev, enum ev_kind kind, ns_t ts, unsigned int line);

struct builder;

/* @file names the source in warnings and in each callback. */
struct builder *builder_new(struct pm_run *run, const char *file);
void builder_event(struct builder *b, const struct pm_event *ev);
/* Close what is open, assign threads, sort phases; frees @b. */
void builder_finish(struct builder *b);
/*
 * What one input may add to the run: past @max_cycles cycles or
 * @max_callbacks callbacks the builder stops, takes no event any more,
 * and says where (builder_stopped()); the parsers then stop reading.
 * Unbounded until this is called.
 */
enum builder_stop { BS_NONE, BS_CYCLES, BS_CALLBACKS };
void builder_bound(struct builder *b, size_t max_cycles, size_t max_callbacks);
/* Why the builder stopped, BS_NONE not; the line it refused in *@line. */
enum builder_stop builder_stopped(const struct builder *b, unsigned int *line);

/*
 * Settle a cycle once its events are in: give phase-less callbacks the
 * phase they were cut off in, order phases, fill edges the log did not
 * print, find the driving thread, and warn about what did not finish.
 */
void cycle_finish(struct pm_run *run, struct pm_cycle *c);
/* The parent of a child naming a name twins share, by the PM core's
 * order in cycle @c (twin_parents.c). */
void twin_parents(struct pm_run *run, const struct pm_cycle *c);
/* Phases, in the kernel's order, made to follow each other: what was
 * moved, and by how much, said (phase_settle.c). */
void settle_phases(struct pm_run *run, struct pm_cycle *c);

/*
 * A kernel log and a trace of the same run (a run folder, or both files
 * given): each trace cycle takes over the log's cycle it overlaps, so
 * every callback is there once (builder/merge.c).
 */
void run_merge_sources(struct pm_run *run);

/* A copy of @g in @arena whose strings live in @pool (builder/graph.c). */
const struct pm_callgraph_packed *callgraph_copy(struct strpool *pool, struct arena *arena,
						 const struct pm_callgraph *g);
/* @to gets its own copy of @from's nodes, their names in @pool
 * (builder/graph.c); @to's cycle and callback are left as they are. */
void calltree_copy(struct strpool *pool, struct pm_calltree *to, const struct pm_calltree *from);
/*
 * Call trees caught while a trace is read, for the HTML page (the
 * pipeline asks for them, struct read_keep): by their callback's file and
 * start line, as cycles and callbacks may still be renumbered then
 * (builder/merge.c). The page's trees take theirs from here
 * (input_call_trees()) and read the trace again only for the ones
 * missing. At most CAUGHT_TREE_NODES nodes in all (a tree's own record
 * weighs two): past that, trees are no longer caught.
 */
struct caught_tree {
	const char *file;
	unsigned int line;
	struct pm_calltree tree;
};
struct caught_trees {
	struct caught_tree *v;
	size_t n, cap, nodes;
};
#define CAUGHT_TREE_NODES (1u << 18)
#define CAUGHT_TREE_WEIGHT(t) ((t)->n + 2)
/* The trees past the first @keep freed (builder/graph.c). */
void caught_trees_drop(struct caught_trees *ct, size_t keep);
/* @b catches the trees of the callbacks it ends into @ct (NULL: none). */
void builder_catch_trees(struct builder *b, struct caught_trees *ct);
/* Whether an input should catch call trees as it reads, and may still. */
bool builder_keeps_trees(const struct builder *b);

#endif
