/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Renderers: terminal text, JSON (schema pmscope/1, see pmscope(1)).
 * They read the model and the analyses; they never parse logs.
 */
#ifndef PMSCOPE_REPORT_H
#define PMSCOPE_REPORT_H

#include <stdio.h>

#include "format.h"
#include "model.h"

#define PMSCOPE_VERSION "0.1.0"
#define JSON_SCHEMA "pmscope/2"

enum rows_format { ROWS_NDJSON, ROWS_CSV };

struct page_extras;

struct report_opts {
	size_t top;		/* slowest callbacks listed per cycle */
	enum rows_format rows_format;	/* --rows-format */
	const char *table, *columns;	/* --table, --columns */
	int cycle;		/* only this cycle (1-based), 0 all */
	/* timelines (timeline.h) */
	int width;		/* px, 0 default */
	ns_t from_ns, to_ns;	/* window from each cycle's start; 0 none */
	const char *phase;	/* window: this phase, NULL none */
	/* the page's log lines and call trees (extras.h), read for it after
	 * the results; NULL none */
	const struct page_extras *page;
};

/* @ns in ms with three decimals, right-aligned in @width, or a dash. */
const char *text_ms(char *buf, size_t n, int width, ns_t ns);
/* @s cut to @width bytes keeping its end ("~…"); "-" when empty or NULL.
 * @buf holds at least @width + 1 bytes. */
const char *text_fit(char *buf, size_t width, const char *s);
/* A critical path gap's why (enum cp_gap_why) in words, for the text and
 * the page alike; a CPG_THREAD gap's words follow "thread PID ". */
extern const char *const gap_words[];

struct pm_results;
struct cycle_results;

/*
 * Drawn alike by the timelines and the Perfetto trace (report/lanes.c):
 * where a callback's bar ends (its end; else its start plus the kernel's
 * figure; one that never returned, the cycle's end; NS_NONE without a
 * start), and the threads' lanes in order (the driving thread first,
 * then the others by their first callback, callbacks of threads the log
 * did not name last).
 */
ns_t cb_drawn_end(const struct pm_cycle *c, const struct pm_callback *cb);
struct lane_key {
	int pid;		/* -1: not named */
	bool main;		/* the driving thread */
	ns_t first_start;	/* its first callback's start */
};
int lane_key_cmp(const struct lane_key *x, const struct lane_key *y);

/*
 * The tables of facts (report/tables.c, table.h), each described once:
 * cycles, callbacks and phases take a cycle's rows, findings a list's,
 * runs and devices a run's. @ident names the run in the rows' keys and
 * their sources from its folder; the JSON report, which has neither,
 * leaves it NULL.
 */
struct run_ident;
struct cycle_rows {
	const struct pm_run *run;
	const struct cycle_results *cr;
	const struct run_ident *ident;
};
struct finding_rows {
	const struct findings *fs;
	const struct run_ident *ident;
	size_t base;		/* the first one's place in the run's findings */
};
struct run_rows {
	const struct pm_run *run;
	const struct pm_results *res;
};
struct table;
extern const struct table runs_table, cycles_table, phases_table, callbacks_table,
	findings_table, devices_table;
/* A boot's milestones: in the JSON report (cycles[].milestones), not in
 * the rows. */
extern const struct table milestones_table;
/* Every table of the rows, in the order of their keys (runs first). */
extern const struct table *const rows_tables[];
enum { ROWS_NTABLES = 6 };

/*
 * Every renderer takes the run, what the analyses found and the options;
 * none computes analysis itself. -1 when it failed: @err says why when
 * the reason is its own (a page too high to draw), and is left as it was
 * on a write error (errno says that one, the caller names the file).
 */
typedef int (*report_fn)(FILE *f, const struct pm_run *run, const struct pm_results *res,
			 const struct report_opts *o, char *err, size_t errlen);

/*
 * A renderer that takes the run a cycle at a time (text, JSON): @head
 * and @tail write what comes before and after the cycles, @cycle one
 * shown cycle. With only such outputs asked for, the pipeline computes,
 * writes and frees one cycle's results after the other (results_cycle()),
 * so memory does not grow with the results of every cycle. @tail sees
 * the run-wide counts complete; neither it nor @head reads a cycle's
 * arrays, which may be gone.
 */
struct report_cursor {
	FILE *f;
	struct jw jw;		/* JSON: the writer's place in the document */
	const struct pm_results *res;	/* the head's, for a writer's cycles */
};
struct report_stream {
	void (*head)(struct report_cursor *c, const struct pm_run *run,
		     const struct pm_results *res, const struct report_opts *o);
	void (*cycle)(struct report_cursor *c, const struct pm_run *run,
		      const struct cycle_results *cr, const struct report_opts *o);
	int (*tail)(struct report_cursor *c, const struct pm_run *run,
		    const struct pm_results *res, const struct report_opts *o);
};
extern const struct report_stream report_text_stream, report_json_stream, report_kcidb_stream;
/* A KCIDB submission (report/kcidb.c; pmscope(1), KCIDB). */
int report_kcidb(FILE *f, const struct pm_run *run, const struct pm_results *res,
		 const struct report_opts *o, char *err, size_t errlen);
/* The whole run through @s: head, every shown cycle, tail. */
int report_streamed(const struct report_stream *s, FILE *f, const struct pm_run *run,
		    const struct pm_results *res, const struct report_opts *o);

int report_text(FILE *f, const struct pm_run *run, const struct pm_results *res,
		const struct report_opts *o, char *err, size_t errlen);
/* The critical path and blocked-device part of one cycle's summary. */
void report_text_critpath(FILE *f, const struct pm_run *run, const struct cycle_results *cr,
			  const struct report_opts *o);
/* Under the slowest and critical-path callbacks, what the log said while
 * they ran (report/text_messages.c). */
void report_text_messages(FILE *f, const struct pm_run *run, const struct cycle_results *cr);
/* A boot cycle's totals with what each measures (report/text_boot.c,
 * report/json_boot.c). */
void report_text_boot_totals(FILE *f, const struct pm_run *run, const struct cycle_results *cr);
/* Its headline: to the milestone it was up at, modules loaded later. */
void report_text_boot_headline(FILE *f, const struct pm_run *run, const struct cycle_results *cr);
/* Its milestones, in log order (report/text_milestones.c); over many
 * boots (stats), and two sets side by side (compare). */
void report_text_milestones(FILE *f, const struct cycle_results *cr);
struct run_stats;
struct stats_diff;
void report_text_ms_stats(FILE *f, const struct run_stats *st);
void report_text_ms_compare(FILE *f, const struct stats_diff *d);
void report_json_boot_totals(struct jw *w, const struct pm_run *run,
			     const struct cycle_results *cr);
/* A boot cycle's milestones as the model keeps them (boot_marks). */
void report_json_boot_marks(struct jw *w, const struct pm_cycle *c);
/* Inside the longest callback function_graph traced (report/text_callgraph.c). */
void report_text_callgraph(FILE *f, const struct pm_run *run, const struct cycle_results *cr);
int report_json(FILE *f, const struct pm_run *run, const struct pm_results *res,
		const struct report_opts *o, char *err, size_t errlen);
/* A phase's critical_path[] (and its threads and off-path callbacks), and
 * a cycle's blocked[] and tolerances (report/json_critpath.c). */
void report_json_phase_path(struct jw *w, const struct pm_run *run,
			    const struct cycle_results *cr, size_t phase);
void report_json_blocked(struct jw *w, const struct pm_run *run, const struct cycle_results *cr);
/* "messages" of callback @cb's object when the log said something while
 * it ran; a cycle's "said_error" and "messages_cut" when there are any
 * (report/json_messages.c). */
void report_json_cb_messages(struct jw *w, const struct pm_run *run,
			     const struct cycle_results *cr, size_t cb);
void report_json_said_error(struct jw *w, const struct cycle_results *cr);
/* report/json_findings.c: a "findings" array, and the run's verdict with
 * its counts by severity and code. */
void report_json_findings(struct jw *w, const struct findings *fs);
void report_json_verdict(struct jw *w, const struct pm_results *res);
/* "callgraph" of a callback's object when it has one. */
void report_json_callgraph(struct jw *w, const struct pm_callgraph *g);
/* The run as a Perfetto trace: protobuf TrackEvents (report/perfetto.c). */
int report_perfetto(FILE *f, const struct pm_run *run, const struct pm_results *res,
		    const struct report_opts *o, char *err, size_t errlen);

/*
 * Write a file atomically: @fn writes into a temporary file beside @path,
 * which replaces @path only when all went well. "-" writes to stdout.
 * Returns 0, or -1 with @err filled.
 */
/* A device or FIFO is written in place; the temporary file is
 * ".NAME.XXXXXX.pmscope-tmp", which readers pass over. */
typedef int (*write_fn)(FILE *f, const void *ctx);
int write_atomic(const char *path, write_fn fn, const void *ctx, char *err, size_t errlen);
/*
 * The same in steps, for outputs written side by side: out_open() gives
 * @f (the temporary file, the device, or stdout for "-"); out_commit()
 * flushes it and puts the file in place, out_abort() throws it away.
 * Both close it; on errors @err says what, naming the file.
 */
struct out_file {
	FILE *f;
	const char *path;
	char *tmp;		/* NULL: written where it is */
	char *buf;		/* @f's buffer */
};
int out_open(struct out_file *o, const char *path, char *err, size_t errlen);
int out_commit(struct out_file *o, char *err, size_t errlen);
void out_abort(struct out_file *o);
/*
 * The outputs of one run, each written, put in place together: all are
 * finished first, then renamed one after the other with the signals
 * that end a run held back and @dir (NULL: none) locked against another
 * pmscope doing the same, so that a folder never holds reports of two
 * runs. On an error none is put in place (or those before it, when a
 * rename failed) and the rest are thrown away, @err saying why.
 */
int out_commit_all(struct out_file *const *o, size_t n, const char *dir, char *err,
		   size_t errlen);
/*
 * At the start of a command: SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGTERM,
 * SIGXCPU and SIGXFSZ, where they would end it, first remove the
 * temporary files being written, then end it as they would have.
 */
void out_catch_signals(void);

/*
 * JUnit XML (report/junit.c), what CI runners read: a <testcase> per cycle
 * and per gate, a <failure> with what failed, the summary as <system-out>.
 */
struct junit_case {
	char *classname, *name;
	double time_s;		/* < 0 unknown */
	char *failure;		/* NULL passed; else what failed, a line each */
	char *message;		/* its first line */
	char *skipped;		/* why it was not counted (and not failed), NULL */
};

struct junit_suite {
	const char *name;	/* "pmscope analyze" */
	struct junit_case *cases;
	size_t ncases, cap;
	char *system_out;	/* the terminal summary, NULL none */
};

struct junit_case *junit_add(struct junit_suite *s, const char *classname, const char *name,
			     double time_s);
void junit_fail(struct junit_case *jc, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Cycle @c (read from @source, NULL its file) as a test case, its
 * failure findings @fs as failure lines; @skip says why it was skipped
 * instead. */
struct cycle_totals;
struct junit_case *junit_add_cycle(struct junit_suite *s, const struct pm_cycle *c,
				   const struct cycle_totals *t, const struct findings *fs,
				   const char *source, const char *skip);
/* The run's own failures (no data, a failure outside any cycle) as a
 * failed test case of @source, when it has any. */
void junit_add_run(struct junit_suite *s, const struct findings *fs, const char *source);
void junit_free(struct junit_suite *s);
/* What @fn writes, as a string; NULL when it failed. Caller frees. */
char *junit_capture(write_fn fn, const void *ctx);
/* A suite as XML (a write_fn). */
int report_junit(FILE *f, const void *suite);
/* analyze --junit: a test case per cycle shown. */
int report_junit_run(FILE *f, const struct pm_run *run, const struct pm_results *res,
		     const struct report_opts *o, char *err, size_t errlen);
/* The same for a renderer. */
int write_report(const char *path, report_fn fn, const struct pm_run *run,
		 const struct pm_results *res, const struct report_opts *o, char *err,
		 size_t errlen);
/*
 * Statistics and comparisons (report/text_stats.c): terminal text and JSON
 * (schemas pmscope-stats/1 and pmscope-compare/1, see pmscope(1)).
 * @b NULL: the statistics of @a alone.
 */
struct run_stats;
struct stats_report {
	const struct run_stats *a, *b;
	const struct stats_diff *diff;	/* with @b: how the sides differ */
	const char *a_label, *b_label;
	size_t top;		/* devices listed */
	struct gate_result *gates;
	size_t ngates;
};

/* A limit a CI job set, and how the runs fared against it. */
struct gate_result {
	const char *what;	/* "suspend", "resume", "regression of resume" ... */
	double limit;		/* ms, or % for regressions */
	double value;
	bool failed;
	const char *unit;	/* "ms" or "%" */
	char where[512];	/* the worst input and cycle, when known */
	size_t unchecked;	/* cycles with no figure for it (no time
				 * stamps): the limit said nothing of them */
};

/*
 * The rows a warehouse loads (report/rows.c; pmscope(1), ROWS): a file per
 * table of rows_tables[] in a folder, "runs.ndjson" or "runs.csv" ...,
 * each written atomically, the folder made when missing. Runs are added
 * one at a time (stats: each as it is read), each with every shown
 * cycle's rows; nothing is in place before rows_commit().
 */
struct rows_out {
	struct out_file files[ROWS_NTABLES];
	char *paths[ROWS_NTABLES];
	size_t nopen;
	enum rows_format fmt;
	uint64_t nrows;		/* written, every table's */
};
/* The file of table @t in @dir (caller frees). */
char *rows_path(const char *dir, const struct table *t, enum rows_format fmt);
int rows_open(struct rows_out *o, const char *dir, enum rows_format fmt, char *err,
	      size_t errlen);
/* @run's rows: @res computed, its ident's id filled (input_run_id()). */
void rows_add_run(struct rows_out *o, const struct pm_run *run, const struct pm_results *res);
/* Every row of the run, table by table as rows_tables[] has them (@table
 * an index into it): the run, its own findings, each shown cycle with its
 * phases, callbacks and findings, the devices. */
typedef void (*rows_visit_fn)(void *arg, size_t table, const void *ctx, size_t row);
void rows_walk(const struct pm_run *run, const struct pm_results *res, rows_visit_fn fn,
	       void *arg);
/* analyze --table: one table of the rows as terminal text (report/text_table.c),
 * o->table its name, o->columns the columns (NULL all). */
int report_table(FILE *f, const struct pm_run *run, const struct pm_results *res,
		 const struct report_opts *o, char *err, size_t errlen);
/* rows_tables[]'s table named @name, or NULL. */
const struct table *rows_table(const char *name);
int rows_commit(struct rows_out *o, char *err, size_t errlen);
/* What was not committed thrown away; the paths freed. */
void rows_close(struct rows_out *o);
/* analyze --rows DIR: the run's rows into @dir. */
int report_rows(const char *dir, const struct pm_run *run, const struct pm_results *res,
		const struct report_opts *o, char *err, size_t errlen);

int report_stats_text(FILE *f, const void *stats_report);
/* Runs and findings over many runs (report/stats_findings.c); @side the
 * text's prefix ("before: ", ""). */
void report_stats_findings_text(FILE *f, const char *side, const struct run_stats *st);
void report_stats_findings_json(struct jw *w, const struct run_stats *st);
int report_stats_json(FILE *f, const void *stats_report);

#endif
