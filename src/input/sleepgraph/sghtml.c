// SPDX-License-Identifier: GPL-2.0
/*
 * A sleepgraph page (pm-graph's HTML, what bug reports attach): made with
 * -addlogs, it carries the kernel log and the trace it was drawn from as
 * plain lines in hidden <div id="dmesglog"> and <div id="ftracelog">
 * blocks.
 * Each block is read by its own reader where it stands in the page, so
 * reports name the page's lines, and the two make one run as a log and
 * a trace given side by side do.
 */
#include <stdio.h>

#include "../formats.h"

/* An embedded log's lines, [0] to [1]; [0] == 0: the page has none. */
struct sg_block {
	unsigned int line[2];
};

struct sg_page {
	struct sg_block dmesg, trace;
};

/* An HTML page that names its maker (in its title or version line,
 * after the style sheet: anywhere in what detection reads). */
static bool sghtml_is_page(struct str window)
{
	if (!str_starts(window, "<!DOCTYPE html>") && !str_starts(window, "<html"))
		return false;
	return str_find(window, "SleepGraph") >= 0 || str_find(window, "AnalyzeSuspend") >= 0;
}

/* Where the blocks are: a block's lines are those between its <div>
 * line and the </div> line sleepgraph writes after them. */
static int find_blocks(struct line_reader *r, struct sg_page *pg)
{
	struct sg_block *open = NULL;
	struct str line;
	int rc;

	while ((rc = reader_next(r, &line)) > 0) {
		if (open) {
			if (str_starts(line, "</div>")) {
				open->line[1] = reader_lineno(r) - 1;
				open = NULL;
			}
			continue;
		}
		if (str_starts(line, "<div id=\"dmesglog\""))
			open = &pg->dmesg;
		else if (str_starts(line, "<div id=\"ftracelog\""))
			open = &pg->trace;
		else
			continue;
		open->line[0] = reader_lineno(r) + 1;
	}
	if (open)	/* a page cut short: its block to the end */
		open->line[1] = reader_lineno(r);
	return rc;
}

/* Block @bl of @path into @b, read as a trace or as a kernel log. */
static int read_block(const char *path, const struct read_opts *ro, const struct sg_block *bl,
		      bool trace, struct builder *b, struct input_stats *st, char *err,
		      size_t errlen)
{
	struct line_reader *r;
	int rc;

	if (!bl->line[0] || bl->line[1] < bl->line[0])
		return 0;
	r = reader_open(path, err, errlen);
	if (!r)
		return -1;
	reader_max_unpacked(r, ro->max_unpacked);
	reader_stop_after(r, bl->line[1]);
	rc = reader_skip(r, bl->line[0] - 1);
	if (rc >= 0)
		rc = trace ? ftrace_read(r, b, st) : dmesg_read(r, b, st);
	if (rc < 0)
		snprintf(err, errlen, "%s", reader_error(r));
	st->bounded |= reader_past_bound(r);
	reader_close(r);
	return rc < 0 ? -1 : 0;
}

/* Its embedded kernel log into in->b, its trace into a builder of its own. */
static int sghtml_read(struct input_ctx *in)
{
	struct pm_run *run = in->run;
	const char *path = in->path;
	const struct read_opts *ro = in->ro;
	struct line_reader *r = in->r;
	struct builder *b = in->b;
	struct input_stats *st = in->st;
	char *err = in->err;
	size_t errlen = in->errlen;
	struct sg_page pg = { 0 };
	struct builder *tb;
	size_t first, i;
	int rc;

	if (find_blocks(r, &pg) < 0) {
		snprintf(err, errlen, "%s", reader_error(r));
		return -1;
	}
	if (!pg.dmesg.line[0] && !pg.trace.line[0]) {
		snprintf(err, errlen, "%s: a sleepgraph page without the logs it was drawn "
			 "from (sleepgraph -addlogs puts them in); give pmscope the logs", path);
		return -1;
	}
	rc = read_block(path, ro, &pg.dmesg, false, b, st, err, errlen);
	/* the trace's cycles are its own, as a trace file's are (from_trace) */
	first = run->ncycles;
	tb = builder_new(run, path);
	builder_bound(tb, ro->max_cycles, ro->max_callbacks);
	if (ro->keep && ro->keep->want_trees)
		builder_catch_trees(tb, &ro->keep->trees);
	if (rc == 0 && !builder_stopped(b, NULL))
		rc = read_block(path, ro, &pg.trace, true, tb, st, err, errlen);
	if (builder_stopped(tb, NULL)) {
		input_bound_error(tb, path, ro, err, errlen);
		st->bounded = true;
		rc = -1;
	}
	builder_finish(tb);
	for (i = first; i < run->ncycles; i++)
		run->cycles[i].from_trace = true;
	st->lines = reader_lineno(r);
	st->bytes = reader_bytes(r);
	return rc;
}

static unsigned int detect(struct str window)
{
	return sghtml_is_page(window) ? DETECT_SURE : 0;
}

const struct input_format sghtml_format = { INPUT_SGHTML, "sleepgraph page", false, detect,
					    sghtml_read };
