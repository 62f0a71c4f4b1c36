// SPDX-License-Identifier: GPL-2.0
/*
 * The ftrace text reader (formats.h, ftrace_format): a trace's lines,
 * split ahead (ftrace_ahead.c, ftrace_split.c), in file order into the
 * parser that turns them into events (ftrace_events.c, fgraph.c).
 */
#include <stdio.h>

#include "ftrace_int.h"

/* Line @lineno into the parser's state, in file order. */
static void consume(struct ftrace_parser *p, unsigned int lineno, enum ftrace_kind k,
		    struct str line, const struct ftrace_line *fl)
{
	p->line = lineno;
	p->used = false;
	p->st->lines++;
	switch (k) {
	case FK_SKIP:
		p->st->skipped++;
		return;
	case FK_HEADER:
		ftrace_header(p, line);
		break;
	case FK_SPLIT:
		if (!fl->graph)
			ftrace_event(p, fl);
		else if (fl->ahead == FA_CALL)	/* ftrace_classify() read the call */
			ftrace_graph_call(p, fl, &fl->call);
		break;
	case FK_NONE:
		if (str_starts(line, "cpus="))
			ftrace_cpus_line(p, line);
		/* "CPU:2 [LOST 120 EVENTS]", trace-cmd's "CPU:2 [120 EVENTS DROPPED]" */
		else if (str_starts(str_trim(line), "CPU:") && str_find(line, " EVENTS") > 0)
			ftrace_sched_lost(p);
		break;
	case FK_PENDING:	/* ftrace_item_kind() split it */
		break;
	}
	if (p->used)
		p->st->used++;
}

/* Each line in order; past a bound of the builder's, no more. */
static bool parse_item(void *ctx, struct ftrace_item *it)
{
	struct ftrace_parser *p = ctx;
	/* Classified first: on one CPU that is what sets it->fl. */
	enum ftrace_kind k = ftrace_item_kind(it);

	consume(p, it->lineno, k, it->line, it->fl);
	return !builder_stopped(p->b, NULL);
}

int ftrace_read(struct line_reader *r, struct builder *b, struct input_stats *st)
{
	struct ftrace_parser p = { .b = b, .st = st, .start_mark = NS_NONE };
	struct progress pg;
	int rc;

	progress_init(&pg, reader_path(r));
	p.fg = ftrace_fgraph_new(&p);
	if (builder_keeps_trees(b))
		p.tc = tree_catch_new(p.fg);
	rc = ftrace_each_line(r, parse_item, &p, &pg);
	progress_done(&pg);
	ftrace_finish(&p);
	if (p.untimed && !st->used)
		snprintf(st->hint, sizeof(st->hint),
			 "%u outermost function_graph calls (first %s) have no time stamp "
			 "(trace_options=funcgraph-abstime)", p.untimed, p.untimed_fn);
	ftrace_boot_graphs_free(&p);
	tree_catch_free(p.tc);
	fgraph_free(p.fg);
	st->bytes = reader_bytes(r);
	return rc;
}

unsigned int ftrace_line_score(struct str line)
{
	struct ftrace_line fl;

	if (str_starts(line, "# tracer:") || str_starts(line, "cpus=") ||
	    str_starts(line, "# entries-in-buffer"))
		return 50;
	return ftrace_split(line, &fl);
}

static unsigned int detect(struct str window)
{
	return detect_lines(window, ftrace_line_score);
}

static int read_file(struct input_ctx *in)
{
	return input_read_lines(in, ftrace_read);
}

const struct input_format ftrace_format = { INPUT_FTRACE, "ftrace text", true, detect, read_file };
