// SPDX-License-Identifier: GPL-2.0
/*
 * ftrace text lines: ftrace_split() into columns, then the event parsers
 * (suspend_resume, device_pm_callback_*, initcalls, markers, kprobes,
 * sleepgraph headers) feeding a builder, the way ftrace_read() does, so
 * parser state across lines is fuzzed too; the run is settled and freed
 * at the end of each input.
 */
#include "input/ftrace.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct str rest = str_make((const char *)data, size), line;
	struct pm_run *run = run_new();
	struct ftrace_parser p = { .start_mark = NS_NONE };
	struct input_stats st = { 0 };
	struct ftrace_line fl;

	p.b = builder_new(run, "fuzz.txt");
	p.st = &st;
	p.fg = fgraph_new();
	while (fuzz_line(&rest, &line)) {
		p.line++;
		p.used = false;
		if (memchr(line.p, '\0', line.len))
			continue;
		if (line.len && line.p[0] == '#')
			ftrace_header(&p, line);
		else if (ftrace_split(line, &fl) && !fl.graph)
			ftrace_event(&p, &fl);
	}
	ftrace_finish(&p);
	fgraph_free(p.fg);
	builder_finish(p.b);
	run_free(run);
	return 0;
}
