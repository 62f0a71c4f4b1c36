// SPDX-License-Identifier: GPL-2.0
/*
 * Text: inside the slowest callback that function_graph traced, the
 * functions that took the most time and where it slept.
 */
#include <stdio.h>

#include "analysis.h"
#include "report.h"

#define SHOWN 5

static void stat_lines(FILE *f, const struct pm_fn_stat *s, size_t n, bool self)
{
	size_t i;

	for (i = 0; i < n && i < SHOWN; i++) {
		fprintf(f, "    %10.3f", s[i].total_ns / 1e6);
		if (self)
			fprintf(f, " %10.3f", s[i].self_ns / 1e6);
		fprintf(f, " %6u  %s\n", s[i].calls, s[i].fn);
	}
}

/* Where in the callback its longest sleep was (cr->graph_sleep). */
static void longest_sleep(FILE *f, const struct pm_callback *cb, const struct pm_callgraph *g,
			  int sleep)
{
	const struct pm_sleep_span *s = sleep >= 0 ? &g->spans[sleep] : NULL;

	if (!s || cb->start == NS_NONE)
		return;
	fprintf(f, "    longest sleep: %.3f ms in %s, from +%.3f ms into the callback\n",
		(s->end - s->start) / 1e6, s->fn, (s->start - cb->start) / 1e6);
}

void report_text_callgraph(FILE *f, const struct pm_run *run, const struct cycle_results *cr)
{
	const struct pm_cycle *c = cr->c;
	const struct pm_callback *best;
	struct pm_callgraph view;
	const struct pm_callgraph *g;
	size_t i;

	if (cr->graph_cb < 0)
		return;
	best = &c->cbs[cr->graph_cb];
	g = cb_graph(c, best, &view);
	fprintf(f, "  inside %s %s (%u traced calls%s): slept %.3f ms\n",
		run->devs[best->dev].name, best->phase >= 0 ? c->phases[best->phase].name : "?",
		g->calls, g->repaired ? ", nesting repaired" : "", g->sleep_ns / 1e6);
	fprintf(f, "      total ms    self ms  calls  function\n");
	stat_lines(f, g->fns, g->nfns, true);
	if (g->nsleeps) {
		fprintf(f, "      slept ms  calls  function\n");
		stat_lines(f, g->sleeps, g->nsleeps, false);
	}
	longest_sleep(f, best, g, cr->graph_sleep);
	if (g->nslow) {
		fprintf(f, "    slowest path:");
		for (i = 0; i < g->nslow; i++)
			fprintf(f, "%s %s", i ? " >" : "", g->slow_path[i]);
		fprintf(f, "\n");
	}
}
