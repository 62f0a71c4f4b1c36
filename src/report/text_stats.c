// SPDX-License-Identifier: GPL-2.0
/*
 * Statistics of many cycles, and two sets of runs side by side: the
 * terminal text. The medians lead, because one slow outlier should not
 * hide or fake a patch's effect; min, max and stddev show the spread.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis.h"
#include "stats.h"
#include "report.h"

static void summary_line(FILE *f, const char *name, const struct stat_series *s)
{
	const struct stat_summary *m = &s->sum;
	char a[24], b[24], c[24], d[24], e[24];

	fprintf(f, "  %-14.14s %5zu %5zu %s %s %s %s %s\n", name, m->n, s->nmissing,
		text_ms(a, sizeof(a), 9, m->min), text_ms(b, sizeof(b), 9, m->median),
		text_ms(c, sizeof(c), 9, m->mean), text_ms(d, sizeof(d), 9, m->max),
		text_ms(e, sizeof(e), 9, m->stddev));
}

static bool any_missing(const struct run_stats *st)
{
	size_t i;

	if (st->suspend.nmissing || st->resume.nmissing || st->boot.nmissing)
		return true;
	for (i = 0; i < st->nrows; i++)
		if (!st->rows[i].device && st->rows[i].s.nmissing)
			return true;
	return false;
}

static size_t phase_rows_kernel(const struct run_stats *st)
{
	size_t i, n = 0;

	for (i = 0; i < st->nrows; i++)
		if (!st->rows[i].device)
			n += st->rows[i].s.nkernel;
	return n;
}

/*
 * Cycles whose log lines carry no time stamps (a log pasted without them)
 * still have the kernel's own lengths: the figures of their phases, as in
 * analyze's "kernel ms" column. They have no totals, which need times.
 */
static void untimed_note(FILE *f, const char *side, const struct run_stats *st)
{
	size_t k = phase_rows_kernel(st);

	if (!st->nuntimed)
		return;
	fprintf(f, "%s%zu of %zu cycles have no time stamps: %s no suspend or resume total;\n",
		side, st->nuntimed, st->ncycles, st->nuntimed == 1 ? "it has" : "they have");
	if (k)
		fprintf(f, "  their phases' figures are the lengths the kernel printed (%zu)\n", k);
	else
		fprintf(f, "  and the kernel printed no phase length\n");
}

/* "  device {driver}" of a device row, cut and padded to @width (< 64)
 * columns. */
static void put_row_name(FILE *f, size_t width, const struct stat_row *r)
{
	char *name = r->driver ? xasprintf("%s {%s}", r->device, r->driver) : xstrdup(r->device);
	char buf[64];

	fprintf(f, "  %-*s", (int)width, text_fit(buf, width, name));
	free(name);
}

/* The device rows by median (stats_finish() ranks them). */
static void slowest_devices(FILE *f, const struct run_stats *st, size_t top)
{
	char a[24], b[24];
	size_t i;

	fprintf(f, "\nslowest devices, by median (ms)\n  %-34s %-14s %5s %9s %9s\n", "device {driver}",
		"phase", "n", "median", "max");
	for (i = 0; i < st->nranked && i < top; i++) {
		const struct stat_row *row = &st->rows[st->by_median[i]];

		put_row_name(f, 34, row);
		fprintf(f, " %-14.14s %5zu %s %s\n", row->phase, row->s.sum.n,
			text_ms(a, sizeof(a), 9, row->s.sum.median),
			text_ms(b, sizeof(b), 9, row->s.sum.max));
	}
}

static void print_gates(FILE *f, const struct stats_report *sr)
{
	size_t i;

	if (!sr->ngates)
		return;
	fprintf(f, "\ngates\n");
	for (i = 0; i < sr->ngates; i++) {
		const struct gate_result *g = &sr->gates[i];
		char value[32];

		/* NAN: nothing of it was measured (which fails the gate) */
		if (isnan(g->value))
			snprintf(value, sizeof(value), "%10s %-2s", "-", "");
		else
			snprintf(value, sizeof(value), "%10.3f %-2s", g->value, g->unit);
		fprintf(f, "  %-24s %s limit %10.3f %-2s  %s%s%s\n", g->what, value, g->limit,
			g->unit, isnan(g->value) ? "FAILED, nothing measured" :
			g->failed ? "FAILED" : "ok", g->where[0] ? "  " : "", g->where);
		if (g->unchecked)
			fprintf(f, "  %-24s %zu cycle%s not checked: no time stamps, no %s\n", "",
				g->unchecked, g->unchecked == 1 ? "" : "s", g->what);
	}
}

/* A side with no completed cycle: its cycles hung or aborted. */
static void hung_note(FILE *f, const char *side, const struct run_stats *st)
{
	if (!st->ncycles)
		fprintf(f, "  %s%zu cycle%s aborted or never resumed: nothing measured\n", side,
			st->nfailed, st->nfailed == 1 ? "" : "s");
}

/* The boots' totals where their logs show them (pmscope(1), Boot totals):
 * n counts those boots. */
static void boot_totals_lines(FILE *f, const struct run_stats *st)
{
	size_t i;
	bool any = false;

	for (i = 0; i < SB_COUNT; i++)
		any |= st->boot_totals[i].n > 0;
	if (!any)
		return;
	fprintf(f, "boot totals\n");
	for (i = 0; i < SB_COUNT; i++)
		if (st->boot_totals[i].n)
			summary_line(f, stat_boot_names[i].label, &st->boot_totals[i]);
}

static void stats_text(FILE *f, const struct stats_report *sr)
{
	const struct run_stats *st = sr->a;
	size_t i;

	fprintf(f, "pmscope stats: %zu cycle%s from %zu input%s", st->ncycles,
		st->ncycles == 1 ? "" : "s", st->ninputs, st->ninputs == 1 ? "" : "s");
	if (st->mode)
		fprintf(f, ", mode %s", st->mode);
	if (st->nskipped)
		fprintf(f, " (%zu not taken: other mode, aborted or never resumed)", st->nskipped);
	if (!st->ncycles) {	/* a limit's failure follows (cmd/stats.c) */
		fprintf(f, "\n\n");
		hung_note(f, "", st);
		report_stats_findings_text(f, "", st);
		return;
	}
	fprintf(f, "\n\n  %-14s %5s %5s %9s %9s %9s %9s %9s\n", "ms", "n", "none", "min", "median",
		"mean", "max", "stddev");
	if (st->suspend.n + st->suspend.nmissing || st->resume.n + st->resume.nmissing) {
		summary_line(f, "suspend", &st->suspend);
		summary_line(f, "resume", &st->resume);
	}
	if (st->boot.n + st->boot.nmissing)
		summary_line(f, "boot", &st->boot);
	boot_totals_lines(f, st);
	report_text_ms_stats(f, st);
	fprintf(f, "phases\n");
	for (i = 0; i < st->nrows; i++)
		if (!st->rows[i].device)
			summary_line(f, st->rows[i].phase, &st->rows[i].s);
	if (any_missing(st))
		fprintf(f, "(none: cycles that had it, with no figure for it: not in n)\n");
	untimed_note(f, "", st);
	slowest_devices(f, st, sr->top);
	report_stats_findings_text(f, "", st);
}

static ns_t median(const struct stat_series *s)
{
	return s->sum.median;
}

static void change_line(FILE *f, const char *name, ns_t a, ns_t b)
{
	char x[24], y[24], d[24];

	fprintf(f, "  %-20.20s %s %s", name, text_ms(x, sizeof(x), 9, a), text_ms(y, sizeof(y), 9, b));
	if (a == NS_NONE || b == NS_NONE) {
		fprintf(f, "\n");
		return;
	}
	snprintf(d, sizeof(d), "%+.3f", (b - a) / 1e6);
	fprintf(f, " %10s", d);
	if (a > 0)
		fprintf(f, " %+7.1f%%", 100.0 * (double)(b - a) / (double)a);
	fprintf(f, "\n");
}

/* Either side's boot totals, where its boots' logs show them. */
static void compare_boot_totals(FILE *f, const struct run_stats *a, const struct run_stats *b)
{
	size_t i;
	bool any = false;

	for (i = 0; i < SB_COUNT; i++)
		any |= a->boot_totals[i].n || b->boot_totals[i].n;
	if (!any)
		return;
	fprintf(f, "boot totals\n");
	for (i = 0; i < SB_COUNT; i++)
		if (a->boot_totals[i].n || b->boot_totals[i].n)
			change_line(f, stat_boot_names[i].label, median(&a->boot_totals[i]),
				    median(&b->boot_totals[i]));
}

/* Phases of either side, in the order the cycles ran them (stats_diff()). */
static void compare_phases(FILE *f, const struct stats_diff *d)
{
	size_t i;

	for (i = 0; i < d->nphases; i++) {
		const struct stat_row *a = d->phases[i].a, *b = d->phases[i].b;

		change_line(f, a ? a->phase : b->phase, a ? median(&a->s) : NS_NONE,
			    b ? median(&b->s) : NS_NONE);
	}
}

/* A side's median: "-" where it has no row, "no end" where its row has
 * no figure (every callback's end lost). */
static const char *side_ms(char *buf, size_t n, const struct stat_row *r)
{
	if (r && !r->s.n) {
		snprintf(buf, n, "%9s", "no end");
		return buf;
	}
	return text_ms(buf, n, 9, r ? median(&r->s) : NS_NONE);
}

/* What the change column says where there is no change to give. */
static const char *kind_text(enum stats_change_kind k)
{
	return k == SCK_NO_END ? "no end" : stats_change_kind_name(k);
}

/* The largest changes, as stats_diff() ranked them. */
static void compare_devices(FILE *f, const struct stats_report *sr)
{
	const struct stats_diff *diff = sr->diff;
	char x[24], y[24], d[24];
	size_t i;

	fprintf(f, "\nlargest changes by device, median ms\n");
	if (!diff->nchanges) {
		fprintf(f, "  none: no phase has timed callbacks on both sides\n");
		return;
	}
	fprintf(f, "  %-30s %-12s %9s %9s %10s\n", "device {driver}", "phase", "before", "after",
		"change");
	for (i = 0; i < diff->nchanges && i < sr->top; i++) {
		const struct stats_change *c = &diff->changes[i];
		const struct stat_row *row = c->a ? c->a : c->b;

		if (c->kind == SCK_CHANGED)
			snprintf(d, sizeof(d), "%+.3f", c->change_ns / 1e6);
		else
			snprintf(d, sizeof(d), "%s", kind_text(c->kind));
		put_row_name(f, 30, row);
		fprintf(f, " %-12.12s %s %s %10s\n", row->phase, side_ms(x, sizeof(x), c->a),
			side_ms(y, sizeof(y), c->b), d);
	}
}

static const char *side_name(int side)
{
	return side ? "after" : "before";
}

/* "a trace (1)", "the log's lines (2)", "a trace (1) and the log's lines (1)" */
static void clocks_text(FILE *f, const struct run_stats *st, int mode)
{
	size_t t = st->timed[mode][SC_TRACE], l = st->timed[mode][SC_LOG];

	if (t)
		fprintf(f, "a trace (%zu)", t);
	if (t && l)
		fprintf(f, " and ");
	if (l)
		fprintf(f, "the log's lines (%zu)", l);
}

/*
 * Phase lengths from a trace's events and from a log's time stamps differ
 * by the printk delay and the kernel's two clocks, and a trace sees
 * callbacks a log never prints: a change between such sides may be the
 * source's. Said before any figure.
 */
static void clock_note(FILE *f, const struct stats_report *sr)
{
	int m;

	if (!sr->diff->clock_differs)
		return;
	fprintf(f, "timed differently: a change may be the source's, not the kernel's\n");
	for (m = 0; m <= MODE_BOOT; m++) {
		if (!(sr->diff->clock_differs & 1u << m))
			continue;
		fprintf(f, "  %s cycles, before: ", mode_name(m));
		clocks_text(f, sr->a, m);
		fprintf(f, "; after: ");
		clocks_text(f, sr->b, m);
		fprintf(f, "\n");
	}
	fprintf(f, "\n");
}

static void one_sided_text(FILE *f, const struct stats_report *sr)
{
	size_t i;

	if (!sr->diff->none_sided)
		return;
	fprintf(f, "\nnot compared: devices in phases the other side timed no callback in\n");
	for (i = 0; i < sr->diff->none_sided; i++) {
		const struct stats_one_sided *o = &sr->diff->one_sided[i];

		fprintf(f, "  %-20.20s %5zu device%s, %s only\n", o->phase, o->ndevices,
			o->ndevices == 1 ? "" : "s", side_name(o->side));
	}
}

static void compare_text(FILE *f, const struct stats_report *sr)
{
	const struct run_stats *a = sr->a, *b = sr->b;

	fprintf(f, "pmscope compare: medians of %zu cycle%s (before: %s) and %zu cycle%s "
		"(after: %s)\n\n", a->ncycles, a->ncycles == 1 ? "" : "s", sr->a_label,
		b->ncycles, b->ncycles == 1 ? "" : "s", sr->b_label);
	if (!a->ncycles || !b->ncycles) {	/* a limit's failure follows */
		hung_note(f, "before: ", a);
		hung_note(f, "after: ", b);
		report_stats_findings_text(f, "before: ", a);
		report_stats_findings_text(f, "after: ", b);
		return;
	}
	clock_note(f, sr);
	untimed_note(f, "before: ", a);
	untimed_note(f, "after: ", b);
	if (a->nuntimed || b->nuntimed)
		fprintf(f, "\n");
	fprintf(f, "  %-20s %9s %9s %10s %8s\n", "ms", "before", "after", "change", "");
	if (a->suspend.n || b->suspend.n) {
		change_line(f, "suspend", median(&a->suspend), median(&b->suspend));
		change_line(f, "resume", median(&a->resume), median(&b->resume));
	}
	if (a->boot.n || b->boot.n)
		change_line(f, "boot", median(&a->boot), median(&b->boot));
	compare_boot_totals(f, a, b);
	report_text_ms_compare(f, sr->diff);
	fprintf(f, "phases\n");
	compare_phases(f, sr->diff);
	compare_devices(f, sr);
	one_sided_text(f, sr);
	report_stats_findings_text(f, "before: ", a);
	report_stats_findings_text(f, "after: ", b);
}

/* Through the terminal filter (format.h): sources and devices are
 * named as the logs and the folders named them. */
int report_stats_text(FILE *to, const void *ctx)
{
	const struct stats_report *sr = ctx;
	FILE *f = term_open(to);

	if (sr->b)
		compare_text(f, sr);
	else
		stats_text(f, sr);
	print_gates(f, sr);
	return fclose(f) || ferror(to) ? -1 : 0;
}
