// SPDX-License-Identifier: GPL-2.0
/*
 * The inputs pmscope reads, as one table: each kind says how sure it is
 * that a file is its own (from the content, never the name) and reads
 * it. A new input is a reader file and one entry here.
 */
#include <stdio.h>
#include <stdlib.h>

#include "formats.h"

/* Most sure wins; on a tie the earlier entry. */
static const struct input_format *const formats[] = {
	&tracedat_format,
	&sghtml_format,
	&report_format,
	&dmesg_format,
	&ftrace_format,
};

int input_read_lines(struct input_ctx *in,
		     int (*read)(struct line_reader *r, struct builder *b, struct input_stats *st))
{
	if (read(in->r, in->b, in->st) < 0) {
		snprintf(in->err, in->errlen, "%s", reader_error(in->r));
		return -1;	/* what was read before the error stays */
	}
	return 0;
}

unsigned int detect_lines(struct str window, unsigned int (*score)(struct str line))
{
	unsigned int sum = 0, n = 0;
	const char *nl;
	struct str line;

	while (window.len && n++ < DETECT_LINES) {
		nl = memchr(window.p, '\n', window.len);
		line = str_make(window.p, nl ? (size_t)(nl - window.p) : window.len);
		window = str_skip(window, line.len + 1);
		sum += score(line);
	}
	return sum;
}

static const struct input_format *format_of(enum input_kind k)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(formats); i++)
		if (formats[i]->kind == k)
			return formats[i];
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
		score = formats[i]->detect(window);
		if (score > top) {
			top = score;
			best = formats[i];
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

/* @in's lines into its builder, by format @f, within its bounds. */
static int read_bounded(struct input_ctx *in, const struct input_format *f)
{
	int rc;

	builder_bound(in->b, in->ro->max_cycles, in->ro->max_callbacks);
	rc = f->read(in);
	if (builder_stopped(in->b, NULL)) {	/* before what stopping did (a child's SIGPIPE) */
		input_bound_error(in->b, in->path, in->ro, in->err, in->errlen);
		in->st->bounded = true;
		return -1;
	}
	in->st->bounded |= in->r && reader_past_bound(in->r);
	return rc;
}

/* What a reading that ended with @rc leaves said and kept. */
static int after_reading(struct input_ctx *in, int rc)
{
	const struct read_keep *keep = in->ro->keep;

	if (rc == 0)
		input_refused_end(in->run, in->path, in->st);
	if (in->st->used)	/* what was read is kept: and what was not, said */
		read_notes(in->run, in->path, in->r, in->st);
	if (rc == 0 && !in->st->used) {
		char what[512];

		nothing_why(in->st, what, sizeof(what));
		rc = nothing_found(in->run, in->path, what, in->err, in->errlen);
	}
	if (rc == 0 && in->r && keep)	/* NULL: a trace.dat, read by libtracecmd */
		read_keep_index(in->ro->keep, strpool_cstr(&in->run->pool, in->path),
				reader_take_index(in->r));
	return rc;
}

/* @in's file, read by the format its first lines show. */
static int read_detected(struct input_ctx *in)
{
	const struct input_format *f;
	size_t first = in->run->ncycles, i;
	struct str window;
	int rc;

	if (reader_prefill(in->r, &window) < 0) {
		snprintf(in->err, in->errlen, "%s", reader_error(in->r));
		in->st->bounded = reader_past_bound(in->r);
		return -1;
	}
	if (!window.len)
		return nothing_found(in->run, in->path, "empty file", in->err, in->errlen);
	if (in->run->given) {	/* its findings were made of its own logs */
		snprintf(in->err, in->errlen, "%s: a run read from a report takes no other file: "
			 "give them apart", in->path);
		return -1;
	}
	if (in->run->nsources >= CB_SOURCES_MAX) {	/* a callback's file_id is 16 bits */
		snprintf(in->err, in->errlen, "%s: more than %u input files", in->path,
			 CB_SOURCES_MAX);
		return -1;
	}
	/* nothing recognised: the kernel log reader says what it skipped */
	f = format_of(input_detect(window));
	if (!f)
		f = &dmesg_format;
	in->b = builder_new(in->run, in->path);
	if (in->ro->keep && in->ro->keep->want_trees)
		builder_catch_trees(in->b, &in->ro->keep->trees);
	rc = after_reading(in, read_bounded(in, f));
	builder_finish(in->b);
	for (i = first; f->trace && i < in->run->ncycles; i++)
		in->run->cycles[i].from_trace = true;
	return rc;
}

int input_read_file(struct pm_run *run, const char *path, const struct read_opts *ro,
		    struct input_stats *st, char *err, size_t errlen)
{
	static const struct read_opts defaults = READ_OPTS_DEFAULT;
	struct input_ctx in = { .run = run, .path = path, .ro = ro ? ro : &defaults, .st = st,
				.err = err, .errlen = errlen };
	int rc;

	memset(st, 0, sizeof(*st));
	in.r = reader_open(path, err, errlen);
	if (!in.r)
		return -1;
	reader_max_unpacked(in.r, in.ro->max_unpacked);	/* before a byte is unpacked */
	rc = read_detected(&in);
	reader_close(in.r);
	return rc;
}
