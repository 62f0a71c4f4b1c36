// SPDX-License-Identifier: GPL-2.0
/*
 * The terminal summary: one block per cycle, fitting 80 columns.
 */
#include <stdio.h>
#include <stdlib.h>

#include "analysis.h"
#include "report.h"

static void print_phases(FILE *f, const struct pm_cycle *c)
{
	size_t *counts = xcalloc(c->nphases ? c->nphases : 1, sizeof(*counts));
	char a[24], b[24], k[24];
	size_t i;

	cycle_phase_counts(c, counts);
	fprintf(f, "  %-18s %10s %10s %10s %9s\n", "phase", "offset ms", "length ms",
		"kernel ms", "callbacks");
	for (i = 0; i < c->nphases; i++) {
		const struct pm_phase *p = &c->phases[i];
		ns_t off = p->start != NS_NONE && c->start != NS_NONE ? p->start - c->start : NS_NONE;
		ns_t len = p->start != NS_NONE && p->end != NS_NONE ? p->end - p->start : NS_NONE;

		fprintf(f, "  %-18.18s %s %s %s %9zu\n", p->name, text_ms(a, sizeof(a), 10, off),
			text_ms(b, sizeof(b), 10, len),
			text_ms(k, sizeof(k), 10, kernel_us_ns(p->kernel_us, false)),
			counts[i]);
	}
	free(counts);
}

static void print_slowest(FILE *f, const struct pm_run *run, const struct pm_cycle *c,
			  size_t top)
{
	size_t *idx, n, i;
	char d[32], dr[32], ph[32], m[24];

	if (!c->ncbs || !top)
		return;
	idx = xmalloc(top * sizeof(*idx));
	n = cycle_slowest(c, -1, idx, top);
	fprintf(f, "  slowest callbacks\n  %-24s %-12s %-14s %10s  %s\n", "device", "driver",
		"phase", "ms", "thread");
	for (i = 0; i < n; i++) {
		const struct pm_callback *cb = &c->cbs[idx[i]];
		const struct pm_device *dev = &run->devs[cb->dev];
		ns_t dur = cb_duration(cb);
		char thr[24];

		if (cb->pid >= 0)
			snprintf(thr, sizeof(thr), "%d %s", cb->pid, cb->async ? "async" : "sync");
		else
			snprintf(thr, sizeof(thr), "-");
		fprintf(f, "  %-24s %-12s %-14s %s  %s%s\n", text_fit(d, 24, dev->name),
			text_fit(dr, 12, dev->driver), text_fit(ph, 14, cb->phase >= 0 ? c->phases[cb->phase].name : "?"),
			text_ms(m, sizeof(m), 10, dur), thr,
			cb->flags & CB_UNFINISHED ? " UNFINISHED" :
			cb->has_ret && cb->ret ? " ERROR" : "");
	}
	free(idx);
}

static void print_warnings(FILE *f, const struct pm_run *run, int cycle)
{
	static const char *const level[] = { "note", "warning", "FAILURE" };
	size_t i;

	for (i = 0; i < run->nwarns; i++) {
		const struct pm_warning *w = &run->warns[i];

		if (w->cycle != cycle)
			continue;
		if (w->line)
			fprintf(f, "  %s: %s:%u: %s\n", level[w->level], w->file, w->line, w->text);
		else
			fprintf(f, "  %s: %s\n", level[w->level], w->text);
	}
}

static void print_cycle(FILE *f, const struct pm_run *run, const struct pm_cycle *c,
			const struct report_opts *o)
{
	struct cycle_totals t;
	char a[24], b[24];

	cycle_totals(c, &t);
	fprintf(f, "\ncycle %d: %s%s%s%s  (%s lines %u-%u)\n", c->index, mode_name(c->mode),
		c->mode_label ? " (" : "", c->mode_label ? c->mode_label : "",
		c->mode_label ? ")" : "", c->file, c->first_line, c->last_line);
	if (c->mode == MODE_BOOT)
		fprintf(f, "  boot %s ms, %zu initcalls and probes\n",
			text_ms(a, sizeof(a), 10, t.total_ns), c->ncbs);
	else
		fprintf(f, "  suspend %s ms   resume %s ms%s%s\n", text_ms(a, sizeof(a), 10, t.suspend_ns),
			text_ms(b, sizeof(b), 10, t.resume_ns), c->resumed ? "" : "   (did not complete)",
			c->aborted ? "   (aborted)" : "");
	if (c->fw_suspend_ns != NS_NONE)
		fprintf(f, "  firmware: suspend %.3f ms, resume %.3f ms (ACPI FPDT, not in the totals)\n",
			c->fw_suspend_ns / 1e6, c->fw_resume_ns / 1e6);
	if (c->wake_reason)
		fprintf(f, "  woken by: %s\n", c->wake_reason);
	if (c->nthreads && c->mode != MODE_BOOT)
		fprintf(f, "  %zu callbacks on %zu threads; driving thread %d%s%s\n", c->ncbs,
			c->nthreads, c->main_pid, c->main_comm ? " " : "",
			c->main_comm ? c->main_comm : "");
	print_phases(f, c);
	print_slowest(f, run, c, o->top);
	if (o->top)
		report_text_callgraph(f, run, c);
	report_text_critpath(f, run, c, o);
	print_warnings(f, run, c->index);
}

int report_text(FILE *f, const struct pm_run *run, const struct report_opts *o)
{
	const char *kernel = run_fact(run, "kernel"), *host = run_fact(run, "host");
	size_t i, fails = 0;

	fprintf(f, "pmscope %s: %zu cycle%s", PMSCOPE_VERSION, run->ncycles,
		run->ncycles == 1 ? "" : "s");
	if (kernel)
		fprintf(f, ", kernel %s", kernel);
	if (host)
		fprintf(f, ", host %s", host);
	fputc('\n', f);
	for (i = 0; i < run->ncycles; i++)
		if (!o->cycle || o->cycle == run->cycles[i].index)
			print_cycle(f, run, &run->cycles[i], o);
	for (i = 0; i < run->nwarns; i++)
		fails += run->warns[i].level == WARN_FAILURE;
	if (run->nwarns) {
		fputc('\n', f);
		print_warnings(f, run, 0);
	}
	fprintf(f, "\n%s: %zu failure%s\n", fails ? "FAILED" : "ok", fails, fails == 1 ? "" : "s");
	return ferror(f) ? -1 : 0;
}
