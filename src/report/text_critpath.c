// SPDX-License-Identifier: GPL-2.0
/*
 * Terminal summary, critical path part: per device phase the path that
 * set its length, and per cycle the sync devices blocked on async work.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis.h"
#include "report.h"

#define SEG_LINES 16		/* path lines per phase before the rest is summed */
#define SHORT_PERMILLE 10	/* segments under 1% of the phase are folded */

static double ms(ns_t ns)
{
	return ns / 1e6;
}

static const char *dev_name(const struct pm_run *run, int dev)
{
	return dev >= 0 ? run->devs[dev].name : "-";
}

/* A gap's why (critpath_gaps.c), in words. */
static void gap_text(FILE *f, const struct pm_cycle *c, const struct cp_phase *p, size_t i)
{
	unsigned int why = p->segs[i].why < CPG_COUNT ? p->segs[i].why : CPG_NONE;

	fprintf(f, "gap   ");
	if (why == CPG_THREAD)
		fprintf(f, "thread %d ", cp_gap_thread(c, &p->segs[i]));
	fputs(gap_words[why], f);
}

static void seg_line(FILE *f, const struct pm_run *run, const struct pm_cycle *c,
		     const struct cp_phase *p, size_t i)
{
	const struct pm_phase *ph = &c->phases[p->phase];
	const struct cp_segment *s = &p->segs[i];
	const struct pm_device *d = s->dev >= 0 ? &run->devs[s->dev] : NULL;

	fprintf(f, "    %10.3f %10.3f  ", ms(s->start - ph->start), ms(s->end - s->start));
	switch (s->kind) {
	case CP_RUN:
		fprintf(f, "run   %s", d->name);
		if (d->driver && *d->driver)
			fprintf(f, " (%s)", d->driver);
		if (cp_seg_pid(c, s) >= 0)
			fprintf(f, " on %d", cp_seg_pid(c, s));
		if (s->cb >= 0 && cb_end_inferred(&c->cbs[s->cb]))
			fprintf(f, ", end not seen");
		break;
	case CP_WAIT:
		if (s->inferred)
			fprintf(f, "wait  after %s ended (timing only)", d ? d->name : "?");
		else
			fprintf(f, "wait  for %s%s", d ? d->name : "?",
				s->cb < 0 ? " (no callback)" : "");
		break;
	default:
		gap_text(f, c, p, i);
		break;
	}
	fputc('\n', f);
}

static void fold_line(FILE *f, size_t n, ns_t len)
{
	if (n)
		fprintf(f, "    %10s %10.3f  ... %zu short segment%s\n", "", ms(len), n,
			n == 1 ? "" : "s");
}

static void print_segments(FILE *f, const struct pm_run *run, const struct pm_cycle *c,
			   const struct cp_phase *p)
{
	ns_t small = p->length_ns * SHORT_PERMILLE / 1000, folded = 0;
	size_t i, lines = 0, nfold = 0;

	fprintf(f, "    %10s %10s\n", "+ms", "length");
	for (i = 0; i < p->nsegs; i++) {
		const struct cp_segment *s = &p->segs[i];

		/* a callback of no length on the path (in the JSON) names
		 * the thread of the gaps beside it, and takes no line */
		if (s->end == s->start)
			continue;
		if (s->end - s->start < small || lines >= SEG_LINES) {
			folded += s->end - s->start;
			nfold++;
			continue;
		}
		fold_line(f, nfold, folded);
		lines += nfold ? 2 : 1;
		nfold = 0;
		folded = 0;
		seg_line(f, run, c, p, i);
	}
	fold_line(f, nfold, folded);
}

/* Items after a label, wrapped to 80 columns under the first one. */
struct wrap {
	FILE *f;
	int col, indent;
};

static void wrap_start(struct wrap *w, FILE *f, const char *label)
{
	w->f = f;
	w->col = fprintf(f, "    %s ", label);
	w->indent = w->col;
}

static void wrap_item(struct wrap *w, bool last, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void wrap_item(struct wrap *w, bool last, const char *fmt, ...)
{
	char buf[160];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (w->col > w->indent && w->col + n + 3 > 80)	/* "; " and a ";" to come */
		w->col = fprintf(w->f, ";\n%*s", w->indent, "") - 2;
	else if (w->col > w->indent)
		w->col += fprintf(w->f, "; ");
	w->col += fprintf(w->f, "%s%s", buf, last ? "\n" : "");
}

static void print_threads(FILE *f, const struct cp_phase *p)
{
	size_t i, n = p->nthreads < 4 ? p->nthreads : 4;
	struct wrap w;
	char extra[64];

	if (!n)
		return;
	wrap_start(&w, f, "threads:");
	for (i = 0; i < n; i++) {
		const struct cp_thread *t = &p->threads[i];

		extra[0] = 0;
		if (t->main)
			snprintf(extra, sizeof(extra), " idle %.3f", ms(t->idle_ns));
		if (t->blocked_ns)
			snprintf(extra + strlen(extra), sizeof(extra) - strlen(extra),
				 " (blocked %.3f)", ms(t->blocked_ns));
		wrap_item(&w, i + 1 == n && p->nthreads == n, "%d%s busy %.3f%s", t->pid,
			  t->main ? " (driving)" : "", ms(t->busy_ns), extra);
	}
	if (p->nthreads > n)
		wrap_item(&w, true, "%zu more", p->nthreads - n);
}

static void print_slack(FILE *f, const struct pm_run *run, const struct pm_cycle *c,
			const struct cp_phase *p)
{
	struct wrap w;
	size_t i;

	if (!p->nslack)
		return;
	wrap_start(&w, f, "off the path, ms and slack:");
	for (i = 0; i < p->nslack; i++) {
		const struct pm_callback *cb = &c->cbs[p->slack[i].cb];

		wrap_item(&w, i + 1 == p->nslack, "%s %.3f slack %.3f", run->devs[cb->dev].name,
			  ms(cb_duration(cb)), ms(p->slack[i].slack_ns));
	}
}

static void print_path(FILE *f, const struct pm_run *run, const struct pm_cycle *c,
		       const struct cp_phase *p)
{
	const struct pm_phase *ph = &c->phases[p->phase];

	if (!p->length_ns || (p->nsegs == 1 && p->segs[0].kind == CP_GAP))
		return;	/* no callback ran in it */
	fprintf(f, "  critical path: %s, %.3f ms, %.1f%% explained\n"
		"    run %.3f ms, wait %.3f ms, gap %.3f ms\n", ph->name, ms(p->length_ns),
		100.0 * p->explained_ns / p->length_ns, ms(p->run_ns), ms(p->wait_ns),
		ms(p->gap_ns));
	print_segments(f, run, c, p);
	print_threads(f, p);
	print_slack(f, run, c, p);
}

static void print_blocked(FILE *f, const struct pm_run *run, const struct pm_cycle *c,
			  const struct critpath *cp, size_t top)
{
	size_t i, j, n = cp->nblocked < top ? cp->nblocked : top;
	char d[24], wd[24];
	ns_t rest = 0;

	if (!cp->nblocked)
		return;
	fprintf(f, "  blocked sync devices: driving thread idle until async work ended\n");
	fprintf(f, "  %10s  %-13s %-20s %s\n", "lost ms", "phase", "device",
		"waited for (* timing only)");
	for (i = 0; i < n; i++) {
		const struct cp_blocked *b = &cp->blocked[i];
		const struct pm_callback *w = &c->cbs[b->waited_cb];

		int held = b->held_dev >= 0 ? b->held_dev : c->cbs[b->cb].dev;

		fprintf(f, "  %10.3f  %-13.13s %-20s %s on %d%s\n", ms(b->lost_ns),
			c->phases[b->phase].name, text_fit(d, 20, dev_name(run, held)),
			text_fit(wd, 20, dev_name(run, b->waited_dev)), w->pid, b->inferred ? " *" : "");
		if (b->held_dev >= 0)
			fprintf(f, "              sync, no callback in this phase: the driving "
				"thread waited in it\n");
		for (j = 0; j < b->nvia; j++)
			fprintf(f, "%s%s%s", j ? ", " : "              via ", dev_name(run, b->via[j]),
				j + 1 == b->nvia ? "\n" : "");
		if (b->ndelayed)
			fprintf(f, "  %10s  delays %zu later sync callback%s: %s%s%s\n", "",
				b->ndelayed, b->ndelayed == 1 ? "" : "s",
				dev_name(run, c->cbs[b->delayed[0]].dev),
				b->ndelayed > 1 ? " ... " : "",
				b->ndelayed > 1 ?
				dev_name(run, c->cbs[b->delayed_last].dev) : "");
	}
	for (i = n; i < cp->nblocked; i++)
		rest += cp->blocked[i].lost_ns;
	if (n < cp->nblocked)
		fprintf(f, "  %10.3f  ... %zu more\n", ms(rest), cp->nblocked - n);
}

void report_text_critpath(FILE *f, const struct pm_run *run, const struct cycle_results *cr,
			  const struct report_opts *o)
{
	size_t i;

	for (i = 0; i < cr->cp.nphases; i++)
		print_path(f, run, cr->c, &cr->cp.phases[i]);
	print_blocked(f, run, cr->c, &cr->cp, o->top ? o->top : 10);
}
