// SPDX-License-Identifier: GPL-2.0
/*
 * The terminal summary: one block per cycle, fitting 80 columns.
 */
#include <stdio.h>
#include <stdlib.h>

#include "analysis.h"
#include "report.h"
#include "whatif.h"

static void print_phases(FILE *f, const struct cycle_results *cr)
{
	const struct pm_cycle *c = cr->c;
	char a[24], b[24], k[24];
	size_t i;

	fprintf(f, "  %-18s %10s %10s %10s %9s\n", "phase", "offset ms", "length ms",
		"kernel ms", "callbacks");
	for (i = 0; i < c->nphases; i++) {
		const struct pm_phase *p = &c->phases[i];
		ns_t off = p->start != NS_NONE && c->start != NS_NONE ? p->start - c->start : NS_NONE;
		ns_t len = p->start != NS_NONE && p->end != NS_NONE ? p->end - p->start : NS_NONE;

		fprintf(f, "  %-18.18s %s %s %s %9zu\n", p->name, text_ms(a, sizeof(a), 10, off),
			text_ms(b, sizeof(b), 10, len),
			text_ms(k, sizeof(k), 10, kernel_us_ns(p->kernel_us, false)),
			cr->phase_cbs[i]);
	}
}

static void print_slowest(FILE *f, const struct pm_run *run, const struct cycle_results *cr)
{
	const struct pm_cycle *c = cr->c;
	char d[32], dr[32], ph[32], m[24];
	size_t i;

	if (!cr->nslowest)
		return;
	fprintf(f, "  slowest callbacks\n  %-24s %-12s %-14s %10s  %s\n", "device", "driver",
		"phase", "ms", "thread");
	for (i = 0; i < cr->nslowest; i++) {
		const struct pm_callback *cb = &c->cbs[cr->slowest[i]];
		const struct pm_device *dev = &run->devs[cb->dev];
		ns_t dur = cb_duration(cb);
		char thr[24];

		if (cb->pid >= 0)
			snprintf(thr, sizeof(thr), "%d %s", cb->pid, cb->async ? "async" : "sync");
		else
			snprintf(thr, sizeof(thr), "-");
		/* no return line, its thread went on: at most this long */
		if (cb_end_inferred(cb)) {
			char le[24];

			snprintf(le, sizeof(le), "<%s", text_ms(m, sizeof(m), 0, cb->end - cb->start));
			snprintf(m, sizeof(m), "%10s", le);
		} else
			text_ms(m, sizeof(m), 10, dur);
		fprintf(f, "  %-24s %-12s %-14s %s  %s%s\n", text_fit(d, 24, dev->name),
			text_fit(dr, 12, dev->driver), text_fit(ph, 14, cb->phase >= 0 ? c->phases[cb->phase].name : "?"),
			m, thr,
			cb_end_inferred(cb) ? " NO RETURN LINE" :
			cb->flags & CB_UNFINISHED ? " UNFINISHED" :
			cr->cb_failed && cr->cb_failed[cr->slowest[i]] ? " ERROR" : "");
	}
}

/* "line 14" of the finding's own file, or "trace.txt:1358". */
static void print_also(FILE *f, const struct finding *x)
{
	size_t i;

	if (x->nsaid < 2 || x->count > 1)	/* a note of many cites its first */
		return;
	fputs(" (also", f);
	for (i = 1; i < x->nsrcs; i++) {
		if (x->srcs[i].file != x->srcs[0].file)
			fprintf(f, "%s %s:%u", i > 1 ? "," : "", x->srcs[i].file, x->srcs[i].line);
		else
			fprintf(f, "%s line %u", i > 1 ? "," : "", x->srcs[i].line);
	}
	if (x->nsaid > x->nsrcs)
		fprintf(f, ", %zu more lines", x->nsaid - x->nsrcs);
	fputc(')', f);
}

static void print_findings(FILE *f, const struct findings *fs)
{
	static const char *const sev[SEV_COUNT] = { "note", "warning", "FAILURE" };
	size_t i;

	for (i = 0; i < fs->n; i++) {
		const struct finding *x = &fs->v[i];

		fprintf(f, "  %s: ", sev[finding_sev(x)]);
		if (x->nsrcs && x->srcs[0].line)
			fprintf(f, "%s:%u: ", x->srcs[0].file, x->srcs[0].line);
		else if (x->nsrcs && x->srcs[0].file)
			fprintf(f, "%s: ", x->srcs[0].file);
		fputs(x->text, f);
		print_also(f, x);
		fprintf(f, " [%s]\n", finding_codes[x->code].name);
	}
}

/* The longest work the trace saw threads do outside callbacks. */
static void print_works(FILE *f, const struct cycle_results *cr)
{
	const struct pm_cycle *c = cr->c;
	const struct cycle_works *w = &cr->works;
	size_t i;

	if (!w->nlongest)
		return;
	fprintf(f, "  outside callbacks: %zu traced call%s on %zu thread%s%s; longest:\n",
		c->nworks, c->nworks == 1 ? "" : "s", w->nthreads, w->nthreads == 1 ? "" : "s",
		c->works_cut ? " (the longest kept)" : "");
	for (i = 0; i < w->nlongest && i < 3; i++) {
		const struct pm_work *x = &c->works[w->longest[i]];
		const struct pm_phase *ph = w->phase[w->longest[i]] >= 0 ?
					    &c->phases[w->phase[w->longest[i]]] : NULL;

		fprintf(f, "    %10.3f ms  %s  on %d%s%s, from %s +%.3f ms\n", pm_work_len(x) / 1e6,
			x->fn, x->pid, x->comm ? " " : "", x->comm ? x->comm : "",
			ph ? ph->name : "cycle start", (x->start - (ph ? ph->start : c->start)) / 1e6);
	}
}

static void print_cycle(FILE *f, const struct pm_run *run, const struct cycle_results *cr,
			const struct report_opts *o)
{
	const struct pm_cycle *c = cr->c;
	const struct cycle_totals *t = &cr->totals;
	char a[24], b[24];

	fprintf(f, "\ncycle %d: %s%s%s%s  (%s lines %u-%u)\n", c->index, mode_name(c->mode),
		c->mode_label ? " (" : "", c->mode_label ? c->mode_label : "",
		c->mode_label ? ")" : "", c->file, c->first_line, c->last_line);
	if (c->mode == MODE_BOOT)
		report_text_boot_headline(f, run, cr);
	report_text_boot_totals(f, run, cr);
	report_text_milestones(f, cr);
	if (c->mode != MODE_BOOT)
		fprintf(f, "  suspend %s ms   resume %s ms%s%s\n", text_ms(a, sizeof(a), 10, t->suspend_ns),
			text_ms(b, sizeof(b), 10, t->resume_ns), c->resumed ? "" : "   (did not complete)",
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
	print_phases(f, cr);
	print_slowest(f, run, cr);
	print_works(f, cr);
	report_text_messages(f, run, cr);
	if (o->top)
		report_text_callgraph(f, run, cr);
	report_text_critpath(f, run, cr, o);
	report_text_hints(f, run, cr);
	print_findings(f, &cr->findings);
}

/* Each part of the summary goes to the terminal through the filter
 * (format.h, term_open()): it quotes the log, which can hold anything. */
static void text_head(struct report_cursor *rc, const struct pm_run *run,
		      const struct pm_results *res, const struct report_opts *o)
{
	const char *kernel = run_fact(run, "kernel"), *host = run_fact(run, "host");
	FILE *f = term_open(rc->f);

	(void)res;
	(void)o;
	fprintf(f, "pmscope %s: %zu cycle%s", PMSCOPE_VERSION, run->ncycles,
		run->ncycles == 1 ? "" : "s");
	if (kernel)
		fprintf(f, ", kernel %s", kernel);
	if (host)
		fprintf(f, ", host %s", host);
	fputc('\n', f);
	fclose(f);
}

static void text_cycle(struct report_cursor *rc, const struct pm_run *run,
		       const struct cycle_results *cr, const struct report_opts *o)
{
	FILE *f = term_open(rc->f);

	print_cycle(f, run, cr, o);
	fclose(f);
}

static int text_tail(struct report_cursor *rc, const struct pm_run *run,
		     const struct pm_results *res, const struct report_opts *o)
{
	static const char *const head[] = { "ok", "FAILED", "NO DATA" };
	const size_t *n = res->nsev;
	FILE *f = term_open(rc->f);

	(void)o;
	(void)run;
	if (res->findings.n) {
		fputc('\n', f);
		print_findings(f, &res->findings);
	}
	fprintf(f, "\n%s: %zu failure%s, %zu warning%s, %zu note%s\n",
		head[results_verdict(res)], n[SEV_FAILURE], n[SEV_FAILURE] == 1 ? "" : "s",
		n[SEV_WARNING], n[SEV_WARNING] == 1 ? "" : "s", n[SEV_NOTE],
		n[SEV_NOTE] == 1 ? "" : "s");
	return fclose(f) || ferror(rc->f) ? -1 : 0;
}

const struct report_stream report_text_stream = { text_head, text_cycle, text_tail };

int report_text(FILE *f, const struct pm_run *run, const struct pm_results *res,
		const struct report_opts *o, char *err, size_t errlen)
{
	(void)err;	/* it fails only writing */
	(void)errlen;
	return report_streamed(&report_text_stream, f, run, res, o);
}
