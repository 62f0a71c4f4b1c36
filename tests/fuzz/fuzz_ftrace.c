// SPDX-License-Identifier: GPL-2.0
/*
 * ftrace text lines: ftrace_split() into columns, then the event parsers
 * (suspend_resume, device_pm_callback_*, initcalls, markers, kprobes,
 * sleepgraph headers) feeding a builder, the way ftrace_read() does, so
 * parser state across lines is fuzzed too; the run is settled and freed
 * at the end of each input. Each line is split twice, with the memo the
 * lines before left and without one: a difference aborts (the memo is a
 * cache, never an answer of its own).
 */
#include "input/ftrace/ftrace_int.h"
#include "fuzz.h"

static bool same_str(struct str a, struct str b)
{
	return a.p == b.p && a.len == b.len;
}

static bool same_split(const struct ftrace_line *a, const struct ftrace_line *b)
{
	return a->ts == b->ts && a->cpu == b->cpu && a->pid == b->pid &&
	       same_str(a->comm, b->comm) && same_str(a->event, b->event) &&
	       same_str(a->args, b->args) && a->graph == b->graph &&
	       same_str(a->duration, b->duration) && same_str(a->func, b->func);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct str rest = str_make((const char *)data, size), line;
	struct pm_run *run = run_new();
	struct ftrace_parser p = { .start_mark = NS_NONE };
	struct input_stats st = { 0 };
	struct split_memo memo = { 0 };
	struct ftrace_line fl, plain;
	bool split;

	p.b = builder_new(run, "fuzz.txt");
	p.st = &st;
	p.fg = fgraph_new();
	while (fuzz_line(&rest, &line)) {
		p.line++;
		p.used = false;
		if (memchr(line.p, '\0', line.len))
			continue;
		if (line.len && line.p[0] == '#') {
			ftrace_header(&p, line);
			continue;
		}
		split = ftrace_split_memo(line, &fl, &memo);
		if (split != ftrace_split(line, &plain) || (split && !same_split(&fl, &plain)))
			abort();
		if (split && !fl.graph)
			ftrace_event(&p, &fl);
	}
	ftrace_finish(&p);
	fgraph_free(p.fg);
	builder_finish(p.b);
	run_free(run);
	return 0;
}
