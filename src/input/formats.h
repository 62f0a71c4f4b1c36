/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The input formats, inside src/input/: each format's folder defines its
 * entry (how sure it is that a file is its own, from the content, never
 * the name, and its reader), and detect.c lists them. A new format is a
 * folder and one line of that list.
 */
#ifndef PMSCOPE_INPUT_FORMATS_H
#define PMSCOPE_INPUT_FORMATS_H

#include "input.h"

/* One input being read, as every format's reader takes it. */
struct input_ctx {
	struct pm_run *run;
	const char *path;
	const struct read_opts *ro;
	struct line_reader *r;	/* its lines, the first ones prefilled; a
				 * reader that reads the file itself closes
				 * it and sets NULL */
	struct builder *b;	/* bounded by @ro */
	struct input_stats *st;
	char *err;		/* why the reading failed, naming the file */
	size_t errlen;
};

#define DETECT_LINES 400
#define DETECT_SURE UINT32_MAX	/* a magic number: no other kind can win */

struct input_format {
	enum input_kind kind;
	const char *name;
	bool trace;	/* times callbacks exactly (a tracer's clock): its
			 * cycles are from_trace */
	unsigned int (*detect)(struct str window);	/* most sure wins */
	/* 0, or -1 and in->err: what was read before the error stays */
	int (*read)(struct input_ctx *in);
};
extern const struct input_format tracedat_format, sghtml_format, dmesg_format, ftrace_format,
	report_format;

/* One file (not a folder) into @run: input_read() (discover.c) for a
 * path that is one; @ro NULL: the defaults. */
int input_read_file(struct pm_run *run, const char *path, const struct read_opts *ro,
		    struct input_stats *st, char *err, size_t errlen);

/* The sum of @score over the first DETECT_LINES lines of @window. */
unsigned int detect_lines(struct str window, unsigned int (*score)(struct str line));

/* Lines of one reader into @b: a file's, or a part of one (a sleepgraph
 * page's embedded logs). -1 on a read error (reader_error()). */
int dmesg_read(struct line_reader *r, struct builder *b, struct input_stats *st);
int ftrace_read(struct line_reader *r, struct builder *b, struct input_stats *st);
/* @in's lines through @read, its error said in in->err (detect.c). */
int input_read_lines(struct input_ctx *in,
		     int (*read)(struct line_reader *r, struct builder *b, struct input_stats *st));
/* How much @line looks like a trace line (ftrace/ftrace.c): a kernel log
 * line that also splits as one is the trace's. */
unsigned int ftrace_line_score(struct str line);

#endif
