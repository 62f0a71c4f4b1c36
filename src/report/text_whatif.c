// SPDX-License-Identifier: GPL-2.0
/*
 * pmscope whatif, terminal text: per replayed cycle the measured and
 * predicted length of each phase and the longest callbacks on each
 * predicted critical path. Fits 80 columns.
 */
#include <stdio.h>
#include <stdlib.h>

#include "analysis.h"
#include "report.h"
#include "whatif.h"

static const char *const change_opts[] = {
	[WI_SET_ASYNC] = "--async", [WI_SET_SYNC] = "--sync", [WI_DEFER] = "--defer",
	[WI_SCALE] = "--scale",
};

void report_whatif_change(FILE *f, const struct whatif_change *ch)
{
	fputs(ch->glob, f);
	if (ch->driver)
		fprintf(f, "{%s}", ch->driver);
	if (ch->phase)
		fprintf(f, "@%s", ch->phase);
}

static void print_policy(FILE *f, const struct whatif_report *r)
{
	const struct whatif_policy *pol = r->pol;
	size_t i;

	fprintf(f, "pmscope %s whatif: policy %s", PMSCOPE_VERSION, whatif_base_name(pol->base));
	if (pol->cpus)
		fprintf(f, ", %d CPU%s shared%s\n", pol->cpus, pol->cpus == 1 ? "" : "s",
			pol->cpus_from_run ? " (the run's)" : "");
	else
		fprintf(f, ", unlimited workers\n");
	for (i = 0; i < pol->nchanges; i++) {
		const struct whatif_change *ch = &pol->changes[i];
		size_t matched = 0, k;

		for (k = 0; k < r->ncycles; k++)
			matched += r->cycles[k].matched[i];
		fprintf(f, "  %s ", change_opts[ch->kind]);
		report_whatif_change(f, ch);
		if (ch->kind == WI_SCALE)
			fprintf(f, "=%g", ch->factor);
		fprintf(f, ": %zu callback%s\n", matched, matched == 1 ? "" : "s");
	}
}

static int cmp_len(const void *a, const void *b)
{
	const struct cp_segment *x = *(const struct cp_segment *const *)a;
	const struct cp_segment *y = *(const struct cp_segment *const *)b;
	ns_t lx = x->end - x->start, ly = y->end - y->start;

	if (lx != ly)
		return lx > ly ? -1 : 1;
	return x->start < y->start ? -1 : x->start > y->start;
}

static int cmp_time(const void *a, const void *b)
{
	const struct cp_segment *x = *(const struct cp_segment *const *)a;
	const struct cp_segment *y = *(const struct cp_segment *const *)b;

	return x->start < y->start ? -1 : x->start > y->start;
}

/* The @top longest callbacks on the predicted path, in time order. */
static void print_path(FILE *f, const struct pm_run *run, const struct pm_cycle *c,
		       const struct cp_phase *p, size_t top)
{
	const struct pm_phase *ph = &c->phases[p->phase];
	const struct cp_segment **runs = xmalloc((p->nsegs ? p->nsegs : 1) * sizeof(*runs));
	size_t n = 0, i;

	for (i = 0; i < p->nsegs; i++)
		if (p->segs[i].kind == CP_RUN)
			runs[n++] = &p->segs[i];
	qsort(runs, n, sizeof(*runs), cmp_len);
	n = n < top ? n : top;
	qsort(runs, n, sizeof(*runs), cmp_time);
	fprintf(f, "  predicted path: %s %.3f ms (run %.3f, wait %.3f, gap %.3f)\n",
		ph->name, p->length_ns / 1e6, p->run_ns / 1e6, p->wait_ns / 1e6, p->gap_ns / 1e6);
	for (i = 0; i < n; i++) {
		const struct cp_segment *s = runs[i];
		const struct pm_device *d = &run->devs[s->dev];

		fprintf(f, "    %10.3f %10.3f  %s", (s->start - ph->start) / 1e6,
			(s->end - s->start) / 1e6, d->name);
		if (d->driver && *d->driver)
			fprintf(f, " (%s)", d->driver);
		if (cp_seg_pid(c, s) >= 0)
			fprintf(f, " on %d%s", cp_seg_pid(c, s),
				cp_seg_pid(c, s) == c->main_pid ? " sync" : " async");
		fputc('\n', f);
	}
	free(runs);
}

static void print_phases(FILE *f, const struct whatif_cycle *w)
{
	char a[24], b[24], d[24];
	size_t i;

	fprintf(f, "  %-18s %11s %12s %11s %9s\n", "phase", "measured ms", "predicted ms",
		"change ms", "async");
	for (i = 0; i < w->nphases; i++) {
		const struct whatif_phase *p = &w->phases[i];
		ns_t diff = p->measured_ns != NS_NONE && p->predicted_ns != NS_NONE ?
				    p->predicted_ns - p->measured_ns : NS_NONE;
		char as[32] = "-";

		if (p->predicted && p->ncbs)
			snprintf(as, sizeof(as), "%zu/%zu", p->nasync, p->ncbs);
		fprintf(f, "  %-18.18s %s %s %s %9s\n", w->c.phases[i].name,
			text_ms(a, sizeof(a), 11, p->measured_ns),
			text_ms(b, sizeof(b), 12, p->predicted_ns), text_ms(d, sizeof(d), 11, diff),
			as);
		if (p->nforced)
			fprintf(f, "  note: %zu wait%s dropped: the facts make devices wait for "
				"each other\n", p->nforced, p->nforced == 1 ? "" : "s");
	}
}

/* The resources inferred, and from what (whatif_share.c). */
static void print_shared(FILE *f, const struct pm_run *run, const struct whatif_cycle *w)
{
	size_t i;

	if (!w->nshared)
		return;
	fprintf(f, "  shared: async callbacks under one controller that ended one after "
		"another\n");
	for (i = 0; i < w->nshared; i++) {
		const struct whatif_shared *sh = &w->shared[i];
		const struct pm_device *d = &run->devs[sh->dev];
		char name[48];

		snprintf(name, sizeof(name), "%s%s%s%s", d->name, d->driver && *d->driver ? " (" : "",
			 d->driver && *d->driver ? d->driver : "", d->driver && *d->driver ? ")" : "");
		fprintf(f, "    %-13.13s %-26s %3zu, %.3f of %.3f ms queued\n",
			w->c.phases[sh->phase].name, name, sh->ncbs, sh->queued_ns / 1e6,
			sh->length_ns / 1e6);
	}
}

static void print_cycle(FILE *f, const struct whatif_report *r, size_t k)
{
	const struct whatif_cycle *w = &r->cycles[k];
	const struct critpath *cp = &r->pred->cycles[k].cp;
	const struct cycle_totals *mt = &w->measured_tot, *pt = &w->predicted_tot;
	char a[24], b[24], c[24], d[24];
	size_t i;

	fprintf(f, "\ncycle %d: %s%s%s%s  (rules of %s)\n", w->c.index, mode_name(w->c.mode),
		w->c.mode_label ? " (" : "", w->c.mode_label ? w->c.mode_label : "",
		w->c.mode_label ? ")" : "", whatif_rules_name(w->rules));
	fprintf(f, "  suspend %s -> %s ms   resume %s -> %s ms\n",
		text_ms(a, sizeof(a), 0, mt->suspend_ns), text_ms(b, sizeof(b), 0, pt->suspend_ns),
		text_ms(c, sizeof(c), 0, mt->resume_ns), text_ms(d, sizeof(d), 0, pt->resume_ns));
	print_phases(f, w);
	print_shared(f, r->run, w);
	if (w->measured->start == NS_NONE)
		fprintf(f, "  note: no time stamps in this cycle: nothing to replay; pmscope "
			"analyze shows\n  the kernel's own phase figures\n");
	else if (!w->measured->ncbs)
		fprintf(f, "  note: no callback in this cycle (pm_print_times off?): nothing to "
			"replay\n");
	for (i = 0; r->top && i < cp->nphases; i++)
		if (w->phases[cp->phases[i].phase].ncbs)
			print_path(f, r->run, &w->c, &cp->phases[i], r->top);
}

/* Through the terminal filter (format.h): devices are named as the log
 * named them. */
int report_whatif_text(FILE *to, const void *ctx)
{
	const struct whatif_report *r = ctx;
	FILE *f = term_open(to);
	size_t k;

	print_policy(f, r);
	if (r->ncycles && !r->pred->cycles[0].cp.devtree)
		fprintf(f, "  note: no device facts (a run folder's sys/devices.txt): the device tree "
			"is the\n  log's parents, waits through devices that print no callback are "
			"missed, and\n  each device's power/async is unknown (upfront and rework keep "
			"it as it ran)\n");
	for (k = 0; k < r->ncycles; k++)
		print_cycle(f, r, k);
	if (!r->ncycles)
		fprintf(f, "no suspend, resume or hibernation cycle to replay\n");
	return fclose(f) || ferror(to) ? -1 : 0;
}

/*
 * "what if: making input2 async: resume -450.123 ms", one line per phase.
 * A device that shares its name (model.h, twin) is named as whatif's
 * device options pick it alone, "MSFT0101:00{tpm_crb}": the name alone
 * would make its twin async too.
 */
void report_text_hints(FILE *f, const struct pm_run *run, const struct cycle_results *cr)
{
	size_t i;

	for (i = 0; i < cr->nhints; i++) {
		const struct whatif_hint *h = &cr->hints[i];
		const struct pm_device *d = &run->devs[h->dev];

		fprintf(f, "  what if: making %s", d->name);
		if (d->named_twice)
			fprintf(f, "{%s}", d->driver ? d->driver : "");
		fprintf(f, " async: %s %.3f ms (pmscope whatif)\n", cr->c->phases[h->phase].name,
			(h->predicted_ns - h->measured_ns) / 1e6);
	}
	/* a log names each callback's parent, not the silent devices
	 * between (a USB interface, a HID device): a wait through them
	 * is not in the replay */
	if (cr->hints_all_sync)
		fprintf(f, "  what if: nothing ran async (pm_async 0?): see pmscope whatif -p "
			"upfront\n");
	if (cr->nhints && !cr->cp.devtree)
		fprintf(f, "  what if: no device tree (a run folder's sys/devices.txt): waits "
			"through devices\n"
			"  that print no callback are not in these figures\n");
}
