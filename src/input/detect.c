// SPDX-License-Identifier: GPL-2.0
/*
 * The inputs pmscope reads, as one table: each kind says how sure it is
 * that a file is its own (from the content, never the name) and reads
 * it. A new input is a reader file and one entry here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "dmesg/dmesg.h"
#include "ftrace/ftrace.h"

#define DETECT_LINES 400
#define DETECT_SURE UINT32_MAX	/* a magic number: no other kind can win */

/* Calls @fn on each of the first DETECT_LINES lines of @window. */
static unsigned int each_line(struct str window, unsigned int (*fn)(struct str line))
{
	unsigned int score = 0, n = 0;
	const char *nl;
	struct str line;

	while (window.len && n++ < DETECT_LINES) {
		nl = memchr(window.p, '\n', window.len);
		line = str_make(window.p, nl ? (size_t)(nl - window.p) : window.len);
		window = str_skip(window, line.len + 1);
		score += fn(line);
	}
	return score;
}

static unsigned int ftrace_line_score(struct str line)
{
	struct ftrace_line fl;

	if (str_starts(line, "# tracer:") || str_starts(line, "cpus=") ||
	    str_starts(line, "# entries-in-buffer"))
		return 50;
	return ftrace_split(line, &fl);
}

/* A line that splits as a trace line is the trace's (input/ftrace/ftrace.c). */
static unsigned int dmesg_line_score(struct str line)
{
	struct kmsg_line kl;

	if (ftrace_line_score(line) || memchr(line.p, '\0', line.len))
		return 0;
	return dmesg_split(line, &kl);
}

static unsigned int detect_dmesg(struct str window)
{
	return each_line(window, dmesg_line_score);
}

static unsigned int detect_ftrace(struct str window)
{
	return each_line(window, ftrace_line_score);
}

static unsigned int detect_tracedat(struct str window)
{
	return str_starts(window, "\x17\x08\x44tracing") ? DETECT_SURE : 0;
}

static int read_dmesg(struct pm_run *run, const char *path, const struct read_opts *ro,
		      struct line_reader **r, struct builder *b, struct input_stats *st, char *err,
		      size_t errlen)
{
	(void)run;
	(void)path;
	(void)ro;
	if (dmesg_read(*r, b, st) < 0) {
		snprintf(err, errlen, "%s", reader_error(*r));
		return -1;	/* what was read before the error stays */
	}
	return 0;
}

static int read_ftrace(struct pm_run *run, const char *path, const struct read_opts *ro,
		       struct line_reader **r, struct builder *b, struct input_stats *st, char *err,
		       size_t errlen)
{
	(void)run;
	(void)path;
	(void)ro;
	if (ftrace_read(*r, b, st) < 0) {
		snprintf(err, errlen, "%s", reader_error(*r));
		return -1;
	}
	return 0;
}

static int read_tracedat(struct pm_run *run, const char *path, const struct read_opts *ro,
			 struct line_reader **r, struct builder *b, struct input_stats *st,
			 char *err, size_t errlen)
{
	(void)run;
	reader_close(*r);	/* libtracecmd reads the file itself */
	*r = NULL;
	return tracedat_read(path, b, st, ro->max_unpacked, err, errlen);
}

static unsigned int detect_sghtml(struct str window)
{
	return sghtml_is_page(window) ? DETECT_SURE : 0;
}

static int read_sghtml(struct pm_run *run, const char *path, const struct read_opts *ro,
		       struct line_reader **r, struct builder *b, struct input_stats *st,
		       char *err, size_t errlen)
{
	return sghtml_read(run, path, ro, *r, b, st, err, errlen);
}

/*
 * Most sure wins; on a tie the earlier entry. @trace: the kind times
 * callbacks exactly (a tracer's clock), so its cycles are from_trace.
 */
static const struct input_format {
	enum input_kind kind;
	const char *name;
	bool trace;
	unsigned int (*detect)(struct str window);
	int (*read)(struct pm_run *run, const char *path, const struct read_opts *ro,
		    struct line_reader **r, struct builder *b, struct input_stats *st, char *err,
		    size_t errlen);
} formats[] = {
	{ INPUT_TRACE_DAT, "trace-cmd data", true, detect_tracedat, read_tracedat },
	{ INPUT_SGHTML, "sleepgraph page", false, detect_sghtml, read_sghtml },
	{ INPUT_DMESG, "kernel log", false, detect_dmesg, read_dmesg },
	{ INPUT_FTRACE, "ftrace text", true, detect_ftrace, read_ftrace },
};

static const struct input_format *format_of(enum input_kind k)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(formats); i++)
		if (formats[i].kind == k)
			return &formats[i];
	return NULL;
}

const char *input_kind_name(enum input_kind k)
{
	const struct input_format *f = format_of(k);

	return f ? f->name : "unknown";
}

enum input_kind input_detect(struct str window)
{
	const struct input_format *best = NULL;
	unsigned int top = 0, score;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(formats) && top != DETECT_SURE; i++) {
		score = formats[i].detect(window);
		if (score > top) {
			top = score;
			best = &formats[i];
		}
	}
	return best ? best->kind : INPUT_UNKNOWN;
}

void input_bound_error(const struct builder *b, const char *path, const struct read_opts *ro,
		       char *err, size_t errlen)
{
	unsigned int line;
	bool cycles = builder_stopped(b, &line) == BS_CYCLES;

	snprintf(err, errlen, "%s: line %u: more than %zu %s: the rest of the file is not read "
		 "(--max-%s)", path, line, cycles ? ro->max_cycles : ro->max_callbacks,
		 cycles ? "cycles" : "callbacks", cycles ? "cycles" : "callbacks");
}

/* What could not be read whole of @path (@r NULL: a trace.dat), said. */
static void read_notes(struct pm_run *run, const char *path, const struct line_reader *r,
		       const struct input_stats *st)
{
	if (st->skipped)
		run_warn(run, FC_LINES_SKIPPED, 0, path, 0,
			 "%u binary or overlong lines skipped", st->skipped);
	if (r && reader_cut(r))
		run_warn(run, FC_NOT_READ, 0, path, reader_lineno(r),
			 "the file ends inside its compressed data (cut short?): read to its "
			 "last decompressed byte, line %u", reader_lineno(r));
	if (st->partial)
		run_warn(run, FC_LINES_SKIPPED, 0, path, st->first_partial,
			 "%u line%s read only in part: a NUL byte inside, and what follows "
			 "it is no log line (the first is this one)", st->partial,
			 st->partial == 1 ? "" : "s");
}

/*
 * A file read to its end with nothing in it to use (@what says why): no
 * error of the reading, a fact of the run (its no-data finding says the
 * rest). INPUT_NOTHING, and @err for stderr.
 */
static int nothing_found(struct pm_run *run, const char *path, const char *what, char *err,
			 size_t errlen)
{
	snprintf(err, errlen, "%s: %s", path, what);
	run_warn(run, FC_NOTHING_FOUND, 0, strpool_cstr(&run->pool, path), 0, "%s", what);
	return INPUT_NOTHING;
}

/* Why nothing usable was found in what was read, in @what. */
static void nothing_why(const struct input_stats *st, char *what, size_t n)
{
	char why[96] = "";

	if (st->refused)
		snprintf(why, sizeof(why), " (%u with numbers out of range not used, "
			 "the first line %u)", st->refused, st->first_refused);
	snprintf(what, n, "no suspend, resume or boot timing found in %u lines%s%s%s%s",
		 st->lines, st->skipped ? " (binary or overlong lines skipped)" : "", why,
		 st->hint[0] ? ": " : "", st->hint);
}

/* @path's lines into @b, by format @f, within @ro's bounds. */
static int read_bounded(struct pm_run *run, const char *path, const struct read_opts *ro,
			const struct input_format *f, struct line_reader **r, struct builder *b,
			struct input_stats *st, char *err, size_t errlen)
{
	int rc;

	builder_bound(b, ro->max_cycles, ro->max_callbacks);
	rc = f->read(run, path, ro, r, b, st, err, errlen);
	if (builder_stopped(b, NULL)) {	/* before what stopping did (a child's SIGPIPE) */
		input_bound_error(b, path, ro, err, errlen);
		st->bounded = true;
		return -1;
	}
	st->bounded |= *r && reader_past_bound(*r);
	return rc;
}

int input_read(struct pm_run *run, const char *path, const struct read_opts *ro,
	       struct input_stats *st, char *err, size_t errlen)
{
	static const struct read_opts defaults = READ_OPTS_DEFAULT;
	const struct input_format *f = NULL;
	struct line_reader *r = NULL;
	struct builder *b = NULL;
	size_t first = run->ncycles, i;
	struct str window;
	struct stat sb;
	int rc = -1;

	if (!ro)
		ro = &defaults;
	if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode))
		return input_read_dir(run, path, ro, st, err, errlen);
	memset(st, 0, sizeof(*st));
	r = reader_open(path, err, errlen);
	if (!r)
		return -1;
	reader_max_unpacked(r, ro->max_unpacked);	/* before a byte is unpacked */
	if (reader_prefill(r, &window) < 0) {
		snprintf(err, errlen, "%s", reader_error(r));
		st->bounded = reader_past_bound(r);
		goto out;
	}
	if (!window.len) {
		rc = nothing_found(run, path, "empty file", err, errlen);
		goto out;
	}
	/* nothing recognised: the kernel log reader says what it skipped */
	f = format_of(input_detect(window));
	if (!f)
		f = format_of(INPUT_DMESG);
	if (run->nsources >= CB_SOURCES_MAX) {	/* a callback's file_id is 16 bits */
		snprintf(err, errlen, "%s: more than %u input files", path, CB_SOURCES_MAX);
		goto out;
	}
	b = builder_new(run, path);
	if (ro->keep && ro->keep->want_trees)
		builder_catch_trees(b, &ro->keep->trees);
	rc = read_bounded(run, path, ro, f, &r, b, st, err, errlen);
	if (rc == 0)
		input_refused_end(run, path, st);
	if (st->used)	/* what was read is kept: and what was not, said */
		read_notes(run, path, r, st);
	if (rc == 0 && !st->used) {
		char what[512];

		nothing_why(st, what, sizeof(what));
		rc = nothing_found(run, path, what, err, errlen);
	}
	if (rc == 0 && r && ro->keep)	/* NULL: a trace.dat, read by libtracecmd */
		read_keep_index(ro->keep, strpool_cstr(&run->pool, path), reader_take_index(r));
out:
	builder_finish(b);
	for (i = first; f && f->trace && i < run->ncycles; i++)
		run->cycles[i].from_trace = true;
	reader_close(r);
	return rc;
}
