/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pmscope's own JSON report read back as an input (pmscope(1), Reports
 * as inputs), inside src/input/report/. A report can be as large as the
 * trace it came from (a callback's object a few hundred bytes): it is
 * never held whole. The splitter (report_split.c) walks its bytes and
 * hands the reader small JSON values, each parsed by json-c on its own:
 * a member of the top object, a member of a cycle, an element of one of
 * the long lists (cycles, devices, callbacks, findings, ...). Memory is
 * one such value's, at most RS_UNIT_MAX bytes of it, whatever the size
 * of the report.
 */
#ifndef PMSCOPE_INPUT_REPORT_H
#define PMSCOPE_INPUT_REPORT_H

#include <json-c/json.h>

#include "../formats.h"

#define RS_KEY_MAX 64		/* the keys the reader knows are shorter */
#define RS_UNIT_MAX (4u << 20)	/* a callback's object is about 1 KB */
#define RS_FRAMES 6		/* the top, cycles[], a cycle, its lists */
#define RS_JSON_DEPTH 32	/* inside one value: a callgraph's objects */

struct report_split;

/*
 * What the splitter asks and tells its reader. @depth is the number of
 * split containers open (1: inside the top object), @key the member's
 * name in an object ("" in an array); rs_parent() names the containers.
 * Each returns 0, or -1 to stop with the reader's error.
 */
struct rs_ops {
	/* whether the container that opens with @c ('{' or '[') here is
	 * walked member by member, element by element */
	bool (*split)(void *ctx, int depth, const char *key, char c);
	int (*open)(void *ctx, int depth, const char *key);
	int (*close)(void *ctx, int depth, const char *key);
	/* a value, parsed; the reader takes what it wants of it (it is
	 * freed after the call) */
	int (*value)(void *ctx, int depth, const char *key, struct json_object *v);
};

struct report_split *rs_new(const struct rs_ops *ops, void *ctx);
void rs_free(struct report_split *s);
/* The next @len bytes; 0, or -1 with rs_error(). */
int rs_feed(struct report_split *s, const char *p, size_t len);
/* The input ended: -1 with rs_error() when the report is not whole. */
int rs_end(struct report_split *s);
/* Why the splitting stopped ("" when the reader stopped it). */
const char *rs_error(const struct report_split *s);
/* The byte the value or container being handed out starts at. */
uint64_t rs_offset(const struct report_split *s);
/* The key of the container open at @depth (1: the top object's member
 * it is, "" an array's element). */
const char *rs_parent(const struct report_split *s, int depth);

/* The reader (report_read.c, report_cycle.c, report_findings.c). */
struct pm_given;
struct rep {
	struct input_ctx *in;
	struct pm_run *run;
	struct pm_given *given;
	struct report_split *split;
	bool schema;		/* "schema" seen, and pmscope/2 */
	bool devices;		/* devices[] seen */
	bool in_cycle;		/* inside cycles[]'s element */
	struct pm_cycle *c;	/* the cycle being read */
	bool completed;		/* its "completed" */
	size_t ncbs;		/* callbacks read, all cycles */
	const char *last_src;	/* the source named last, and its index */
	uint16_t last_id;
};
/* A run's logs are a few files (a log, a trace, a run folder's facts). */
#define REP_SOURCES_MAX 1024
/* Devices: a machine's, beside those the callbacks name (--max-callbacks). */
#define REP_DEVICES_MORE 100000

/* "PATH: byte N: WHAT" into the input's error: -1. */
int rep_error(struct rep *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/*
 * A member's value, checked (report_values.c): absent is null, and null
 * is @none; a value of another type or out of range is an error naming
 * @key. Strings are interned in the run's pool.
 */
int rv_ns(struct rep *r, struct json_object *o, const char *key, ns_t *out);
int rv_int(struct rep *r, struct json_object *o, const char *key, int64_t lo, int64_t hi,
	   int64_t none, int64_t *out);
int rv_bool(struct rep *r, struct json_object *o, const char *key, bool *out);
/* true 1, false 0, null -1 */
int rv_flag(struct rep *r, struct json_object *o, const char *key, int *out);
int rv_str(struct rep *r, struct json_object *o, const char *key, const char **out);
/* @v itself as a string (interned), NULL for null. */
int rv_str_of(struct rep *r, struct json_object *v, const char *what, const char **out);
/* An object, or the error naming @what. */
int rv_object(struct rep *r, struct json_object *v, const char *what);
/* A source file named by @key: its index in run->sources, added when new. */
int rv_source(struct rep *r, struct json_object *o, const char *key, uint16_t *id,
	      const char **name);

/* A cycle's parts (report_cycle.c). */
int rep_cycle_open(struct rep *r);
int rep_cycle_member(struct rep *r, const char *key, struct json_object *v);
int rep_cycle_element(struct rep *r, const char *list, struct json_object *v);
int rep_cycle_close(struct rep *r);
/* The cycle being read left out: the report stopped inside it. */
void rep_cycle_drop(struct rep *r);
/* A callback's messages[] into its cycle's lines, and those lines in
 * log order, once each (report_msgs.c). */
int rep_cb_messages(struct rep *r, struct json_object *cb);
void rep_msgs_settle(struct pm_cycle *c);
/* A callback's "callgraph" into its cycle's graphs (report_graph.c). */
int rep_cb_graph(struct rep *r, struct json_object *cb, struct pm_callback *out);
/* A finding of @fs (report_findings.c). */
int rep_finding(struct rep *r, struct findings *fs, struct json_object *v);
/* Each finding of each cycle pointed to its callback, where its lines
 * name one (what a report does not say; the timelines mark it). */
void rep_findings_callbacks(struct rep *r);

#endif
