/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internal to the ftrace text reader (src/input/ftrace/): one trace line
 * split into its columns, and the parser state that turns PM events
 * into the normalized event stream.
 */
#ifndef PMSCOPE_FTRACE_INT_H
#define PMSCOPE_FTRACE_INT_H

#include "../formats.h"

struct ftrace_parser;

/*
 * One function_graph line as a call: a text line's function and duration
 * columns read once, or a trace.dat record's fields (input/tracedat/tracedat.c).
 */
enum gl_kind { GL_ENTRY, GL_LEAF, GL_RETURN };
struct graph_call {
	int depth;		/* 0 outermost; -1 indented less than any call */
	enum gl_kind kind;
	struct str fn;		/* empty for GL_RETURN */
	ns_t dur;		/* GL_LEAF, GL_RETURN; NS_NONE when not given */
};
/* device_pm_callback_start (@end false) or _end, its fields read from
 * the text or a trace.dat record. */
struct cb_fields {
	bool end;
	struct str driver, device;
	struct str parent, event;	/* start */
	int err;			/* end */
};
/* What ftrace_classify() read of a line beyond its columns: work that
 * needs no parser state, done on the reader thread when there are two. */
enum ftrace_ahead_kind {
	FA_NONE,	/* nothing: the parser reads the line itself */
	FA_CALL,	/* a function_graph call: .call */
	FA_CALLBACK,	/* a device_pm_callback_start or _end event: .cb */
};

/* The context an event was written in: a task's, or an interrupt's
 * (hardirq, softirq, NMI), as the flags column or the record says. */
enum ftrace_ctx { FL_CTX_UNKNOWN, FL_CTX_TASK, FL_CTX_IRQ };

struct ftrace_line {
	ns_t ts;		/* NS_NONE: function_graph without abstime */
	int cpu, pid;		/* -1 unknown */
	struct str comm;
	/* An event ("suspend_resume") and its text; function_graph prints
	 * events and markers as comments, a marker comes back as
	 * "tracing_mark_write". Empty for function_graph calls. */
	struct str event, args;
	/* function_graph calls: the duration column ("+ 14.992 us", maybe
	 * empty) and the function column with its indentation. */
	bool graph;
	struct str duration, func;
	uint8_t ahead;		/* enum ftrace_ahead_kind */
	uint8_t ctx;		/* enum ftrace_ctx: trace.dat's record flags; a
				 * text line's are read where needed
				 * (ftrace_line_ctx()) */
	union {			/* a line is one or the other: kept small, since
				 * batches of them go from one CPU to the other */
		struct graph_call call;
		struct cb_fields cb;
	};
};

/* The marks function_graph puts before a long duration ("+ 14.992 us"). */
static inline bool ftrace_duration_mark(char c)
{
	switch (c) {
	case '+': case '!': case '#': case '*': case '@': case '$':
		return true;
	}
	return false;
}

/*
 * The columns of the last line read the fast way that stay the same
 * while one thread runs: an event line's "TASK-PID [CPU] FLAGS " before
 * its stamp, a graph line's " |  CPU)  TASK-PID  |" after it. A line
 * whose bytes there are the memo's, byte for byte, has the same CPU and
 * task: only its stamp and what follows are read. A pure cache of what
 * those bytes say: any line may be read with any memo, or none.
 */
enum { SM_NONE, SM_EVENT, SM_GRAPH };
struct split_memo {
	uint8_t kind;		/* which columns @head holds */
	uint8_t len;		/* bytes in @head */
	uint8_t comm, comm_len;	/* the task's name within @head */
	int cpu, pid;
	char head[64];
};

/* 0 when @line is not a trace line (headers, blank, garbage). */
bool ftrace_split(struct str line, struct ftrace_line *out);
/* The same, with a @memo (may be NULL) kept from line to line. */
bool ftrace_split_memo(struct str line, struct ftrace_line *out, struct split_memo *memo);
/* Its two ways with an event line: the fast one takes the kernel's usual
 * shape only, and the line as read (its leading blanks place the task
 * column); the general one every shape, @s without leading blanks. Where
 * the fast one answers, both give the same fields. */
bool ftrace_split_event_fast(struct str line, struct ftrace_line *out, struct split_memo *memo);
bool ftrace_split_event(struct str s, struct ftrace_line *out);
/* The same two ways with a function_graph line's columns before the
 * function's (@rest): its stamp, CPU, task and duration. */
bool ftrace_graph_head_fast(struct str s, struct ftrace_line *out, struct str *rest,
			    struct split_memo *memo);
bool ftrace_graph_head(struct str s, struct ftrace_line *out, struct str *rest);

/*
 * What a line is, from the line alone: no parser state, so it can be told
 * ahead of the parser on another CPU. FK_SPLIT lines have their columns.
 */
enum ftrace_kind {
	FK_NONE,	/* not a trace line: blank, garbage */
	FK_SKIP,	/* binary or overlong: counted, not read */
	FK_HEADER,	/* "# ..." */
	FK_SPLIT,
	FK_PENDING,	/* not classified yet (struct ftrace_item) */
};
/* @unreadable: the reader cut the line short or found a NUL in it. */
enum ftrace_kind ftrace_classify(struct str line, bool unreadable, struct ftrace_line *fl,
				 struct split_memo *memo);

/*
 * A trace's lines in file order, for the parser and for the passes that
 * read a trace again (input/ftrace/calltrees.c): ftrace_each_line() hands each
 * to @fn (which returns false to stop), read ahead and split on a second
 * CPU where there is one; without one a line is split only when
 * ftrace_item_kind() asks for it. @pg may be NULL. Returns 0 at the end
 * (or stopped), -1 when reading failed (reader_error() says why).
 */
struct ftrace_item {
	struct str line;
	unsigned int lineno;
	bool unreadable;		/* overlong or holding a NUL */
	enum ftrace_kind kind;		/* FK_PENDING: not split yet */
	const struct ftrace_line *fl;	/* FK_SPLIT */
	struct ftrace_line own;		/* a line split on demand */
	struct split_memo memo;		/* from line to line, for @own */
};
static inline enum ftrace_kind ftrace_item_kind(struct ftrace_item *it)
{
	if (it->kind == FK_PENDING) {
		it->kind = ftrace_classify(it->line, it->unreadable, &it->own, &it->memo);
		it->fl = &it->own;
	}
	return it->kind;
}
typedef bool (*ftrace_item_fn)(void *ctx, struct ftrace_item *it);
int ftrace_each_line(struct line_reader *r, ftrace_item_fn fn, void *ctx, struct progress *pg);

/*
 * Lines read on a second CPU and split on both (input/ftrace/ftrace_ahead.c), in
 * batches. ahead_start() returns NULL when there is no second CPU to
 * use; then the caller reads the lines itself.
 */
struct ahead_line {
	struct str line;
	unsigned int lineno;
	bool unreadable;	/* overlong or holding a NUL */
};

struct ahead_batch {
	const struct ahead_line *lines;
	const struct ftrace_line *fl;	/* FK_SPLIT lines' columns */
	const uint8_t *kind;		/* enum ftrace_kind */
	size_t n;
	uint64_t bytes;		/* read from the file so far */
	bool last;
};

struct ftrace_ahead;
struct ftrace_ahead *ahead_start(struct line_reader *r);
/* The next batch, once @done (the previous one, NULL at first) is
 * given back; NULL after the last. */
const struct ahead_batch *ahead_next(struct ftrace_ahead *a, const struct ahead_batch *done);
/* After ahead_next() returned NULL: 0, or -1 when reading failed
 * (reader_error() says why). */
int ahead_stop(struct ftrace_ahead *a);

/* @fl's columns as a call; false for other graph lines (irq arrows). */
bool graph_call_parse(const struct ftrace_line *fl, struct graph_call *gc);

/* function_graph call trees per callback (input/ftrace/fgraph.c). */
struct fgraph;
struct fgraph *fgraph_new(void);
void fgraph_free(struct fgraph *g);
void fgraph_call(struct fgraph *g, const struct ftrace_line *fl, const struct graph_call *gc);
/* A text line: graph_call_parse(), then fgraph_call(). */
void fgraph_line(struct fgraph *g, const struct ftrace_line *fl);
/* A kprobe "NAME_cal" (@ret false) or "NAME_ret" event of function @name. */
void fgraph_kprobe(struct fgraph *g, const struct ftrace_line *fl, struct str name, bool ret);
/* A callback starts or ends on @fl's thread; the end gives its summary
 * (NULL without calls), valid until the next call. */
void fgraph_cb_start(struct fgraph *g, const struct ftrace_line *fl);
const struct pm_callgraph *fgraph_cb_end(struct fgraph *g, const struct ftrace_line *fl);
/*
 * Every call inside a callback as the graph streams by, for call trees
 * (input/ftrace/calltrees.c); the parser itself keeps no call once it returned.
 * @open gets the thread (@key: pid, or -(cpu + 1)), the call's function
 * (interned in the parser: one address per name), its depth below the
 * callback (0 outermost) and, when its caller is known (@has_caller),
 * the handle @open returned for the caller; it returns the call's
 * handle. @done gets that handle and the call's length (NS_NONE: not
 * known) when it returns, callees before their caller.
 */
struct fgraph_watch {
	int (*open)(void *ctx, int key, const char *fn, int depth, bool has_caller, int caller);
	void (*done)(void *ctx, int key, int call, ns_t dur);
	void *ctx;
};
void fgraph_set_watch(struct fgraph *g, const struct fgraph_watch *w);

/*
 * Call trees of callbacks (input/ftrace/tree_catch.c), on @g's watch. Start a
 * capture at a callback's start line (@tag is the caller's); its end on
 * the same thread gives the tree (its names @g's, all valid until the
 * next call: calltree_copy() keeps one) and the tag, or NULL when no
 * capture was open there. tree_catch_any() ends any open capture, NULL
 * when none.
 */
struct tree_catch;
struct tree_catch *tree_catch_new(struct fgraph *g);
void tree_catch_free(struct tree_catch *tc);
void tree_catch_start(struct tree_catch *tc, const struct ftrace_line *fl, size_t tag);
const struct pm_calltree *tree_catch_end(struct tree_catch *tc, const struct ftrace_line *fl,
					 size_t *tag);
const struct pm_calltree *tree_catch_any(struct tree_catch *tc, size_t *tag);
/* How many captures are open. */
size_t tree_catch_open(const struct tree_catch *tc);
/*
 * A thread's outermost traced call outside any callback (a kthread or a
 * kworker working through a phase: the ATA error handler, a firmware
 * loader), told once it returned: function_graph lines with time stamps,
 * kprobe pairs. @fl is the line that ended it.
 */
struct fgraph_work_sink {
	void (*work)(void *ctx, const struct ftrace_line *fl, const char *fn, ns_t start,
		     ns_t end);
	void *ctx;
};
void fgraph_set_work_sink(struct fgraph *g, const struct fgraph_work_sink *s);
/* Calls whose entry or return was lost, in all callbacks. */
unsigned int fgraph_repaired(const struct fgraph *g);
/* Calls inside callbacks deeper than FG_MAX_DEPTH: not read, counted. */
unsigned int fgraph_too_deep(const struct fgraph *g);

/* An event name seen in this trace and its handler (input/ftrace/ftrace_events.c). */
struct ftrace_seen {
	char name[40];
	size_t len;
	bool (*fn)(struct ftrace_parser *p, const struct ftrace_line *fl);
};

struct ftrace_parser {
	struct builder *b;
	struct input_stats *st;	/* lines refused are counted here */
	struct ftrace_seen seen[16];	/* event names resolved so far */
	size_t nseen;
	struct fgraph *fg;	/* call trees: function_graph lines, kprobes */
	struct tree_catch *tc;	/* the callbacks' call trees, for the HTML */
	unsigned int line;
	bool used;		/* the current line produced an event */
	enum pm_mode file_mode;	/* from sleepgraph's "# suspend-..." stamp */
	enum pm_mode mode;	/* of the open cycle */
	bool in_cycle, in_enter, in_machine, in_exit;
	ns_t start_mark;	/* "SUSPEND START" not yet followed by events */
	unsigned int bad;	/* PM event lines that did not parse */
	int boot;		/* FB_* (input/ftrace/ftrace_boot.c) */
	ns_t boot_last;		/* the last initcall event of the boot */
	bool boot_events;	/* initcall events seen: graphs name no initcall */
	struct fb_graph *graphs;	/* outermost graphs open, per thread */
	size_t ngraphs, graphs_cap;
	unsigned int untimed;	/* outermost graphs without a time stamp */
	char untimed_fn[64];	/* the first one's function */
	struct int_index sched_idx;	/* pid -> sched_off[] (ftrace_sched.c) */
	ns_t *sched_off;	/* when each thread went to sleep, NS_NONE */
	uint8_t *sched_woke;	/* and what woke it since: enum sleep_woke */
	size_t nsched, sched_cap;
};

/* sched_switch: a thread's sleep, from its switch out to its switch in;
 * sched_waking: what woke it, an interrupt or a task; events lost: no
 * sleep open goes on past them (input/ftrace/ftrace_sched.c). */
bool ftrace_sched_switch(struct ftrace_parser *p, const struct ftrace_line *fl);
bool ftrace_sched_waking(struct ftrace_parser *p, const struct ftrace_line *fl);
void ftrace_sched_lost(struct ftrace_parser *p);
void ftrace_sched_free(struct ftrace_parser *p);

/* An initcall's outermost function_graph call, open on one thread
 * (input/ftrace/ftrace_boot_graph.c). */
struct fb_graph {
	int pid, cpu;
	ns_t start;
	unsigned int line;
	char comm[32];
	char name[128];		/* the initcall, "" not known yet */
	char module[64];	/* of "fn [module]" */
	bool work;		/* async work (async_run_entry_fn), not an initcall */
	bool named_fn;		/* outermost is the initcall itself, not do_one_initcall */
};

/* Boot from initcall events (input/ftrace/ftrace_boot.c). */
enum { FB_NONE, FB_KERNEL, FB_USER, FB_DONE };
bool ftrace_initcall(struct ftrace_parser *p, const struct ftrace_line *fl);
/* The phase a new initcall starting at @fl belongs to is open; false when
 * it is not part of boot (a module loaded after boot or in a suspend;
 * input/ftrace/ftrace_boot_cycle.c). */
bool ftrace_boot_phase(struct ftrace_parser *p, const struct ftrace_line *fl);
/* A function_graph call (@gc, read from @fl): outermost do_one_initcall
 * graphs are initcalls, outermost async_run_entry_fn graphs async work
 * (input/ftrace/ftrace_boot_graph.c); every call goes on to fgraph_call(). */
void ftrace_graph_call(struct ftrace_parser *p, const struct ftrace_line *fl,
		       const struct graph_call *gc);
void ftrace_boot_graphs_free(struct ftrace_parser *p);
/* Close the boot cycle, if one is open: at @fl (a suspend begins) or,
 * with NULL, at the last initcall event (ftrace_boot_cycle.c). */
void ftrace_boot_end(struct ftrace_parser *p, const struct ftrace_line *fl);
/* Hand @ev to the builder as this line's event. */
static inline void ftrace_emit(struct ftrace_parser *p, struct pm_event *ev)
{
	builder_event(p->b, ev);
	p->used = true;
}

/* PM events, markers and sleepgraph's header lines (input/ftrace/ftrace_events.c). */
void ftrace_event(struct ftrace_parser *p, const struct ftrace_line *fl);
void ftrace_callback(struct ftrace_parser *p, const struct ftrace_line *fl,
		     const struct cb_fields *f);
/* A callback event's text into @f (@end: device_pm_callback_end); false
 * when it is not the kernel's (input/ftrace/ftrace_split.c). */
bool ftrace_cb_args(struct str args, bool end, struct cb_fields *f);
/* suspend_resume, its fields read: "NAME[VAL] begin" (@begin) or "end". */
void ftrace_suspend_resume(struct ftrace_parser *p, const struct ftrace_line *fl,
			   struct str name, uint64_t val, bool begin);
/* The parser's call graphs, telling it the work outside callbacks. */
struct fgraph *ftrace_fgraph_new(struct ftrace_parser *p);
void ftrace_header(struct ftrace_parser *p, struct str line);
void ftrace_cpus_line(struct ftrace_parser *p, struct str line);
/* The end of the file: a cycle still open stays open (unfinished). */
void ftrace_finish(struct ftrace_parser *p);

#endif
