// SPDX-License-Identifier: GPL-2.0
/*
 * function_graph call trees (input/ftrace/fgraph.c) on their own: graph lines
 * go to fgraph_line(); a device_pm_callback_start / _end event line opens
 * and closes a callback on its thread, and "NAME_cal" / "NAME_ret" events
 * are kprobes, as the ftrace reader would hand them over.
 */
#include "input/ftrace/ftrace_int.h"
#include "fuzz.h"

static void event(struct fgraph *g, const struct ftrace_line *fl)
{
	struct str ev = fl->event;

	if (str_eq(ev, "device_pm_callback_start"))
		fgraph_cb_start(g, fl);
	else if (str_eq(ev, "device_pm_callback_end"))
		fgraph_cb_end(g, fl);
	else if (ev.len > 4 && (str_eq(str_skip(ev, ev.len - 4), "_cal") ||
				str_eq(str_skip(ev, ev.len - 4), "_ret")))
		fgraph_kprobe(g, fl, str_make(ev.p, ev.len - 4), ev.p[ev.len - 3] == 'r');
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct str rest = str_make((const char *)data, size), line;
	struct fgraph *g = fgraph_new();
	struct ftrace_line fl;

	while (fuzz_line(&rest, &line)) {
		if (!ftrace_split(line, &fl))
			continue;
		if (fl.graph)
			fgraph_line(g, &fl);
		else if (fl.ts != NS_NONE)
			event(g, &fl);
	}
	fgraph_repaired(g);
	fgraph_free(g);
	return 0;
}
