/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Renderers: terminal text, JSON (schema pmscope/1, see pmscope(1)).
 * They read the model and the analyses; they never parse logs.
 */
#ifndef PMSCOPE_REPORT_H
#define PMSCOPE_REPORT_H

#include <stdio.h>

#include "model.h"

#define PMSCOPE_VERSION "0.1.0"
#define JSON_SCHEMA "pmscope/1"

struct report_opts {
	size_t top;		/* slowest callbacks listed per cycle */
	int cycle;		/* only this cycle (1-based), 0 all */
	/* timelines (timeline.h) */
	int width;		/* px, 0 default */
	ns_t from_ns, to_ns;	/* window from each cycle's start; 0 none */
	const char *phase;	/* window: this phase, NULL none */
};

/* @ns in ms with three decimals, right-aligned in @width, or a dash. */
const char *text_ms(char *buf, size_t n, int width, ns_t ns);
/* @s cut to @width bytes keeping its end ("~…"); "-" when empty or NULL.
 * @buf holds at least @width + 1 bytes. */
const char *text_fit(char *buf, size_t width, const char *s);

int report_text(FILE *f, const struct pm_run *run, const struct report_opts *o);
/* The critical path and blocked-device part of one cycle's summary. */
void report_text_critpath(FILE *f, const struct pm_run *run, const struct pm_cycle *c,
			  const struct report_opts *o);
/* Inside the slowest callback function_graph traced (report/text_callgraph.c). */
void report_text_callgraph(FILE *f, const struct pm_run *run, const struct pm_cycle *c);
int report_json(FILE *f, const struct pm_run *run, const struct report_opts *o);
/* Adds critical_path[] to each of @cycle's phases[] and blocked[] to it. */
struct json_object;
void report_json_critpath(struct json_object *cycle, const struct pm_run *run,
			  const struct pm_cycle *c);
/* Adds "callgraph" to a callback's object when it has one. */
void report_json_callgraph(struct json_object *cb, const struct pm_callgraph *g);

/*
 * Write a file atomically: @fn writes into a temporary file beside @path,
 * which replaces @path only when all went well. "-" writes to stdout.
 * Returns 0, or -1 with @err filled.
 */
typedef int (*report_fn)(FILE *f, const struct pm_run *run, const struct report_opts *o);
int write_report(const char *path, report_fn fn, const struct pm_run *run,
		 const struct report_opts *o, char *err, size_t errlen);
/* The same for any writer: @fn gets @ctx back. A device or FIFO is
 * written in place; the temporary file is ".NAME.XXXXXX.pmscope-tmp". */
typedef int (*write_fn)(FILE *f, const void *ctx);
int write_atomic(const char *path, write_fn fn, const void *ctx, char *err, size_t errlen);
/*
 * Before writing @out: -1 with @err when it is one of the @n files in
 * @inputs (same device and inode, so also "./log" or a hard link), which
 * the report would replace; 0 otherwise. Commands call it for every
 * output before writing any.
 */
int output_is_input(const char *out, const char *const *inputs, size_t n, char *err,
		    size_t errlen);

/*
 * Statistics and comparisons (report/text_stats.c): terminal text and JSON
 * (schemas pmscope-stats/1 and pmscope-compare/1, see pmscope(1)).
 * @b NULL: the statistics of @a alone.
 */
struct run_stats;
struct stats_report {
	const struct run_stats *a, *b;
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
};

int report_stats_text(FILE *f, const void *stats_report);
int report_stats_json(FILE *f, const void *stats_report);

#endif
