// SPDX-License-Identifier: GPL-2.0
/*
 * ftrace text: the kernel's "trace" file with any tracer and any era's
 * flag columns, "trace-cmd report" output (no flags column, padded event
 * names) and function_graph text with or without its optional columns.
 * Lines are split by scanning, never with sscanf: traces reach gigabytes.
 */
#include <stdio.h>
#include <stdlib.h>

#include "ftrace.h"

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static struct str skip_spaces(struct str s)
{
	while (s.len && (*s.p == ' ' || *s.p == '\t'))
		s.p++, s.len--;
	return s;
}

/* The "[003]" CPU column: where it starts, or -1; @close just past it. */
static long cpu_column(struct str s, int *cpu, size_t *close)
{
	const char *p = s.p, *end = s.p + s.len;

	while ((p = memchr(p, '[', (size_t)(end - p)))) {
		const char *d = p + 1;
		uint64_t v;
		size_t n = str_u64(str_make(d, (size_t)(end - d)), &v);

		if (n && d + n < end && d[n] == ']' && p > s.p && p[-1] == ' ') {
			*cpu = (int)v;
			*close = (size_t)(d + n + 1 - s.p);
			return p - s.p;
		}
		p++;
	}
	return -1;
}

/* "comm-pid", maybe followed by trace-cmd's or the tgid option's "(tgid)". */
static void task(struct str t, struct ftrace_line *out)
{
	uint64_t pid;
	size_t i;

	t = str_trim(t);
	if (t.len && t.p[t.len - 1] == ')') {
		long o = -1;

		for (i = t.len; i-- > 0;)
			if (t.p[i] == '(') {
				o = (long)i;
				break;
			}
		if (o > 0)
			t = str_trim(str_make(t.p, (size_t)o));
	}
	for (i = t.len; i-- > 0;) {
		if (t.p[i] != '-')
			continue;
		if (i + 1 < t.len && str_u64(str_skip(t, i + 1), &pid) == t.len - i - 1) {
			out->pid = (int)pid;
			out->comm = str_make(t.p, i);
		}
		return;
	}
	out->comm = t;
}

/* "EVENT: ARGS" (also inside a function_graph comment). */
static bool event_text(struct str s, struct ftrace_line *out)
{
	const char *c = memchr(s.p, ':', s.len);

	if (!c || c == s.p)
		return false;
	out->event = str_make(s.p, (size_t)(c - s.p));
	out->args = skip_spaces(str_skip(s, (size_t)(c - s.p) + 1));
	return true;
}

/* TASK-PID [CPU] [FLAGS] TIMESTAMP: EVENT: ARGS */
static bool split_event(struct str s, struct ftrace_line *out)
{
	size_t close = 0;
	long br = cpu_column(s, &out->cpu, &close);
	struct str rest, tok;
	int k;

	if (br < 0)
		return false;
	task(str_make(s.p, (size_t)br), out);
	rest = str_skip(s, close);
	for (k = 0; k < 2; k++) {
		const char *sp;

		rest = skip_spaces(rest);
		sp = memchr(rest.p, ' ', rest.len);
		tok = str_make(rest.p, sp ? (size_t)(sp - rest.p) : rest.len);
		if (tok.len > 1 && tok.p[tok.len - 1] == ':' &&
		    str_seconds_ns(tok, &out->ts) == tok.len - 1)
			return event_text(skip_spaces(str_skip(rest, tok.len)), out);
		rest = str_skip(rest, tok.len);	/* the flags column */
	}
	return false;
}

/* A duration column: "", "0.256 us", "+ 14.992 us", "! 123.4 us"; the
 * text without its blanks into @dur. One pass: every graph line has one. */
static bool duration_column(struct str seg, struct str *dur)
{
	struct str d = skip_spaces(seg), num = d;

	if (!d.len) {
		*dur = d;
		return true;
	}
	if (!is_digit(d.p[0])) {
		if (!ftrace_duration_mark(d.p[0]))
			return false;	/* a task column: the common case, seen first */
		num = skip_spaces(str_skip(d, 1));
	}
	num = str_trim(num);
	if (num.len <= 3 || !is_digit(num.p[0]) || num.p[num.len - 2] != 'u' ||
	    num.p[num.len - 1] != 's')
		return false;
	*dur = num.p == d.p ? num : str_trim(d);
	return true;
}

static struct str upto_bar(struct str s, struct str *rest)
{
	const char *b = memchr(s.p, '|', s.len);

	if (!b) {
		*rest = str_make(s.p + s.len, 0);
		return STR_NULL;
	}
	*rest = str_skip(s, (size_t)(b - s.p) + 1);
	return str_make(s.p, (size_t)(b - s.p));
}

/* [ABSTIME |] CPU) [TASK-PID |] [DURATION] | FUNCTION */
static bool split_graph(struct str s, struct ftrace_line *out)
{
	struct str rest, seg;
	uint64_t cpu;
	size_t n = str_seconds_ns(s, &out->ts);

	if (n && n < s.len && s.p[n] == ' ') {
		seg = upto_bar(s, &rest);
		if (!seg.p)
			return false;
		s = skip_spaces(rest);
	} else {
		out->ts = NS_NONE;
	}
	n = str_u64(s, &cpu);
	if (!n || n >= s.len || s.p[n] != ')')
		return false;
	out->cpu = (int)cpu;
	seg = upto_bar(str_skip(s, n + 1), &rest);
	if (!seg.p)
		return false;
	if (!duration_column(seg, &out->duration)) {
		task(seg, out);
		seg = upto_bar(rest, &rest);
		if (!seg.p || !duration_column(seg, &out->duration))
			return false;
	}
	out->func = rest;
	seg = skip_spaces(rest);
	if (seg.len >= 4 && seg.p[0] == '/' && seg.p[1] == '*' && (seg = str_trim(seg)).len >= 4 &&
	    seg.p[seg.len - 2] == '*' && seg.p[seg.len - 1] == '/') {
		seg = str_trim(str_make(seg.p + 2, seg.len - 4));
		if (!event_text(seg, out) ||
		    (!str_eq(out->event, "suspend_resume") &&
		     !str_starts(out->event, "device_pm_callback_") &&
		     !str_starts(out->event, "initcall_"))) {
			/* a trace marker: the graph prints only its text */
			out->event = str_c("tracing_mark_write");
			out->args = seg;
		}
		return true;
	}
	out->graph = true;
	return true;
}

/* trace-cmd report prints function_graph as events:
 * "funcgraph_entry:   0.123 us   |  func();" */
static void graph_event(struct ftrace_line *out)
{
	const char *bar;

	if (!str_starts(out->event, "funcgraph_") ||
	    !(bar = memchr(out->args.p, '|', out->args.len)))
		return;
	out->duration = str_trim(str_make(out->args.p, (size_t)(bar - out->args.p)));
	out->func = str_skip(out->args, (size_t)(bar - out->args.p) + 1);
	out->graph = true;
}

/* Field by field: a memset() or struct copy becomes "rep stos", slow to
 * start for a few words, once per line. */
static void line_reset(struct ftrace_line *out)
{
	out->ts = NS_NONE;
	out->cpu = out->pid = -1;
	out->comm = out->event = out->args = out->duration = out->func = STR_NULL;
	out->graph = false;
}

bool ftrace_split(struct str line, struct ftrace_line *out)
{
	struct str s = skip_spaces(line);

	line_reset(out);
	if (!s.len || s.p[0] == '#')
		return false;
	if (memchr(s.p, '|', s.len) && split_graph(s, out))
		return true;
	line_reset(out);
	if (!split_event(s, out))
		return false;
	graph_event(out);
	/* ftrace_event() refuses an event line past NS_MAX; in a call
	 * tree the stamp is only a hint */
	if (out->graph && out->ts > NS_MAX)
		out->ts = NS_NONE;
	return true;
}

int ftrace_read(struct line_reader *r, struct builder *b, struct input_stats *st)
{
	struct ftrace_parser p = { .b = b, .st = st, .start_mark = NS_NONE };
	struct ftrace_line fl;
	struct progress pg;
	struct str line;
	int rc;

	progress_init(&pg, reader_path(r));
	p.fg = fgraph_new();
	while ((rc = reader_next(r, &line)) > 0) {
		p.line = reader_lineno(r);
		if (!(p.line & 0xffff))
			progress_tick(&pg, r);
		p.used = false;
		st->lines++;
		if (reader_line_too_long(r) || memchr(line.p, '\0', line.len)) {
			st->skipped++;
			continue;
		}
		if (line.len && line.p[0] == '#')
			ftrace_header(&p, line);
		else if (ftrace_split(line, &fl)) {
			if (!fl.graph)
				ftrace_event(&p, &fl);
			else
				ftrace_graph_line(&p, &fl);
		}
		if (p.used)
			st->used++;
	}
	progress_done(&pg);
	ftrace_finish(&p);
	if (p.untimed && !st->used)
		snprintf(st->hint, sizeof(st->hint),
			 "%u outermost function_graph calls (first %s) have no time stamp "
			 "(trace_options=funcgraph-abstime)", p.untimed, p.untimed_fn);
	ftrace_boot_graphs_free(&p);
	fgraph_free(p.fg);
	st->bytes = reader_bytes(r);
	return rc;
}
