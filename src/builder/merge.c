// SPDX-License-Identifier: GPL-2.0
/*
 * A kernel log and a trace of the same run become one model. The trace
 * is authoritative for who ran what when (exact start, end and thread of
 * every callback, the phases' event times); the log adds what only it
 * prints: the kernel's own callback and phase lengths, the callbacks'
 * function names, error and other messages. Each device's callback in a
 * phase is there once.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "events.h"

static bool overlap(const struct pm_cycle *a, const struct pm_cycle *b)
{
	return a->start != NS_NONE && a->end != NS_NONE && b->start != NS_NONE &&
	       b->end != NS_NONE && a->start <= b->end && b->start <= a->end;
}

/* The trace cycle's phase for the log's phase @pi: same name, else kind. */
static int same_phase(const struct pm_cycle *t, const struct pm_cycle *d, int pi)
{
	size_t i;

	if (pi < 0 || (size_t)pi >= d->nphases)
		return -1;
	for (i = 0; i < t->nphases; i++)
		if (t->phases[i].name == d->phases[pi].name)	/* interned */
			return (int)i;
	for (i = 0; i < t->nphases; i++)
		if (t->phases[i].kind == d->phases[pi].kind)
			return (int)i;
	return -1;
}

struct by_dev {
	const struct pm_callback *cbs;
	size_t *idx;		/* trace callbacks by device, then start */
	size_t n;
};

static int cmp_dev(const void *a, const void *b, void *cbs)
{
	const struct pm_callback *x = (const struct pm_callback *)cbs + *(const size_t *)a;
	const struct pm_callback *y = (const struct pm_callback *)cbs + *(const size_t *)b;

	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

/* First position in @bd holding device @dev. */
static size_t first_of(const struct by_dev *bd, int dev)
{
	size_t lo = 0, hi = bd->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (bd->cbs[bd->idx[mid]].dev < dev)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static long match_dev(const struct by_dev *bd, int dev, int tphase, const bool *taken)
{
	size_t k;

	for (k = first_of(bd, dev); k < bd->n && bd->cbs[bd->idx[k]].dev == dev; k++) {
		size_t i = bd->idx[k];

		if (!taken[i] && (tphase < 0 || bd->cbs[i].phase == tphase))
			return (long)i;
	}
	return -1;
}

/* Is "DRIVER DEVICE" of @a the same text as that of @b? */
/* The log's figures onto the trace's callbacks and phases. */
static size_t take_figures(struct pm_cycle *t, const struct pm_cycle *d)
{
	struct by_dev bd = { t->cbs, xmalloc((t->ncbs ? t->ncbs : 1) * sizeof(size_t)), t->ncbs };
	bool *taken = xcalloc(t->ncbs ? t->ncbs : 1, sizeof(bool));
	size_t i, missing = 0;

	for (i = 0; i < t->ncbs; i++)
		bd.idx[i] = i;
	qsort_r(bd.idx, t->ncbs, sizeof(size_t), cmp_dev, t->cbs);
	for (i = 0; i < d->ncbs; i++) {
		const struct pm_callback *dc = &d->cbs[i];
		long m = match_dev(&bd, dc->dev, same_phase(t, d, dc->phase), taken);
		struct pm_callback *tc;

		if (m < 0) {
			missing++;
			continue;
		}
		taken[m] = true;
		tc = &t->cbs[m];
		tc->kernel_us = dc->kernel_us;
		tc->flags |= dc->flags & CB_US_1024;
		if (!tc->fn_id)
			tc->fn_id = dc->fn_id;	/* one run, one name table */
	}
	for (i = 0; i < d->nphases; i++) {
		int tp = same_phase(t, d, (int)i);

		if (tp >= 0 && d->phases[i].kernel_us != US_NONE)
			t->phases[tp].kernel_us = d->phases[i].kernel_us;
	}
	free(taken);
	free(bd.idx);
	return missing;
}

/*
 * Warning @w now of cycle @to. The builder's notes name their cycle as
 * they begin ("cycle 2: 6 initcalls returned an error ..."): the text
 * follows, or a merged boot's note named a cycle the report has not.
 */
static void renumber_warning(struct pm_warning *w, int to)
{
	char head[32];
	size_t n = (size_t)snprintf(head, sizeof(head), "cycle %d", w->cycle);
	char *text;

	if (!strncmp(w->text, head, n) && !isdigit((unsigned char)w->text[n])) {
		text = xasprintf("cycle %d%s", to, w->text + n);
		free(w->text);
		w->text = text;
	}
	w->cycle = to;
}

/*
 * Cycle @di goes, @ti takes its warnings and verdicts (one failure the
 * log and the trace both show is one finding: analysis/findings.c);
 * both follow the cycles' new numbers. A boot's callbacks are the log's:
 * the errors the trace saw its dropped initcalls return are the log's
 * own, said once.
 */
static void drop_cycle(struct pm_run *run, size_t di, size_t ti)
{
	int old_d = run->cycles[di].index, old_t = run->cycles[ti].index;
	bool boot = run->cycles[di].mode == MODE_BOOT;
	size_t i, n = 0;

	for (i = 0; i < run->nwarns; i++)
		if (run->warns[i].cycle == old_d)
			renumber_warning(&run->warns[i], old_t);
	for (i = 0; i < run->nverdicts; i++) {
		struct pm_verdict *v = &run->verdicts[i];

		if (v->cycle == old_d && boot && v->kind == VK_CB_ERROR && v->cb_flags)
			continue;
		if (v->cycle == old_d)
			v->cycle = old_t;
		run->verdicts[n++] = *v;
	}
	run->nverdicts = n;
	free(run->cycles[di].graphs);	/* their blocks stay in the arena */
	free(run->cycles[di].phases);
	free(run->cycles[di].cbs);
	free(run->cycles[di].threads);
	free(run->cycles[di].msgs);	/* their text stays in the arena */
	free(run->cycles[di].works);
	free(run->cycles[di].sleeps);
	free(run->cycles[di].milestones);
	memmove(&run->cycles[di], &run->cycles[di + 1],
		(run->ncycles - di - 1) * sizeof(*run->cycles));
	run->ncycles--;
	for (i = 0; i < run->nwarns; i++)
		if (run->warns[i].cycle > old_d)
			renumber_warning(&run->warns[i], run->warns[i].cycle - 1);
	for (i = 0; i < run->nverdicts; i++)
		if (run->verdicts[i].cycle > old_d)
			run->verdicts[i].cycle--;
	for (i = 0; i < run->ncycles; i++)
		run->cycles[i].index = (int)i + 1;
}

static void merge_pair(struct pm_run *run, size_t ti, size_t di)
{
	struct pm_cycle *t = &run->cycles[ti];
	const struct pm_cycle *d = &run->cycles[di];
	size_t missing = take_figures(t, d);

	if (t->fw_suspend_ns == NS_NONE && t->fw_resume_ns == NS_NONE) {
		t->fw_suspend_ns = d->fw_suspend_ns;
		t->fw_resume_ns = d->fw_resume_ns;
	}
	if (!t->wake_reason)
		t->wake_reason = d->wake_reason;
	t->aborted |= d->aborted;	/* the log's words: a trace has none */
	t->start_cut &= d->start_cut;	/* either shows its start */
	if (!t->mode_label)
		t->mode_label = d->mode_label;
	if (!t->nmsgs) {	/* a trace has none: the log's say what went on */
		struct pm_cycle *dm = &run->cycles[di];

		free(t->msgs);
		t->msgs = dm->msgs;
		t->nmsgs = dm->nmsgs;
		t->msgs_cap = dm->msgs_cap;
		t->msg_bytes = dm->msg_bytes;
		t->msgs_cut = dm->msgs_cut;
		dm->msgs = NULL;
		dm->nmsgs = dm->msgs_cap = 0;
	}
	if (missing)
		run_warn(run, FC_TIMING, t->index, d->file, d->first_line,
			 "%zu callbacks of the kernel log are not in the trace "
			 "(its buffer wrapped?); the trace's are reported", missing);
	drop_cycle(run, di, ti);
}

/* The log's phase running at @ts, the first before any began. */
static int phase_at(const struct pm_cycle *c, ns_t ts)
{
	int k = cycle_phase_at(c, ts);

	return k < 0 && c->nphases ? 0 : k;
}

static int32_t add_graph(struct pm_cycle *c, const struct pm_callgraph_packed *g)
{
	if (c->ngraphs >= CB_GRAPHS_MAX)
		return -1;
	VEC_RESERVE(c->graphs, c->ngraphs, c->graphs_cap);
	c->graphs[c->ngraphs] = g;
	return (int32_t)c->ngraphs++;
}

static int cmp_start(const void *a, const void *b)
{
	const struct pm_callback *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->line < y->line ? -1 : x->line > y->line;
}

/*
 * What only the trace has goes to the log's boot @d: the call graphs of
 * its initcalls (function_graph on do_one_initcall) onto the same
 * initcalls, and the async work it saw (async_run_entry_fn graphs) as
 * callbacks of their own, in start order.
 */
static size_t boot_take_trace(struct pm_cycle *d, const struct pm_cycle *t)
{
	struct by_dev bd = { d->cbs, xmalloc((d->ncbs ? d->ncbs : 1) * sizeof(size_t)), d->ncbs };
	bool *taken = xcalloc(d->ncbs ? d->ncbs : 1, sizeof(bool));
	size_t i, nwork = 0;

	for (i = 0; i < d->ncbs; i++)
		bd.idx[i] = i;
	qsort_r(bd.idx, d->ncbs, sizeof(size_t), cmp_dev, d->cbs);
	for (i = 0; i < t->ncbs; i++) {
		const struct pm_callback *tc = &t->cbs[i];
		long m;

		if (!(tc->flags & (CB_INITCALL | CB_PROBE | CB_QUIRK))) {
			nwork++;
			continue;
		}
		if (tc->graph_id < 0 || (m = match_dev(&bd, tc->dev, -1, taken)) < 0)
			continue;
		taken[m] = true;
		if (d->cbs[m].graph_id < 0)
			d->cbs[m].graph_id = add_graph(d, t->graphs[tc->graph_id]);
	}
	free(taken);
	free(bd.idx);
	for (i = 0; nwork && i < t->ncbs; i++) {
		const struct pm_callback *tc = &t->cbs[i];
		struct pm_callback *w;

		if (tc->flags & (CB_INITCALL | CB_PROBE | CB_QUIRK) || tc->start == NS_NONE)
			continue;
		VEC_RESERVE(d->cbs, d->ncbs, d->cbs_cap);
		w = &d->cbs[d->ncbs++];
		*w = *tc;	/* devices, names and sources are the run's */
		w->phase = (int16_t)phase_at(d, tc->start);
		w->graph_id = tc->graph_id >= 0 ? add_graph(d, t->graphs[tc->graph_id]) : -1;
		w->async = 1;
	}
	if (nwork)
		qsort(d->cbs, d->ncbs, sizeof(*d->cbs), cmp_start);
	return nwork;
}

/* What threads did outside callbacks: only a trace sees it. */
static void take_works(struct pm_cycle *d, struct pm_cycle *t)
{
	if (d->nworks)
		return;
	d->works = t->works;
	d->nworks = t->nworks;
	d->works_cap = t->works_cap;
	d->works_cut = t->works_cut;
	t->works = NULL;
	t->nworks = t->works_cap = t->works_cut = 0;
}

/*
 * A boot in both: the log's cycle stays. It has what the initcall events
 * lack (probes, PCI quirks, where /init started), and the same initcalls
 * with the kernel's own figures; the trace adds its call graphs and async
 * work.
 */
static void merge_boots(struct pm_run *run)
{
	size_t ti, di, nwork;

	for (ti = 0; ti < run->ncycles; ti++) {
		if (!run->cycles[ti].from_trace || run->cycles[ti].mode != MODE_BOOT)
			continue;
		for (di = 0; di < run->ncycles; di++) {
			const struct pm_cycle *d = &run->cycles[di];

			if (d->from_trace || d->mode != MODE_BOOT || !overlap(&run->cycles[ti], d))
				continue;
			nwork = boot_take_trace(&run->cycles[di], &run->cycles[ti]);
			take_works(&run->cycles[di], &run->cycles[ti]);
			run_warn(run, FC_TIMING, d->index, run->cycles[ti].file, 0,
				 "boot: the kernel log's initcalls are reported, the trace's "
				 "%zu initcall events agree with them%s", run->cycles[ti].ncbs - nwork,
				 nwork ? "; its async work is added" : "");
			drop_cycle(run, ti, di);
			ti--;
			break;
		}
	}
}

void run_merge_sources(struct pm_run *run)
{
	size_t ti, di;

	merge_boots(run);
	for (ti = 0; ti < run->ncycles; ti++) {
		if (!run->cycles[ti].from_trace || run->cycles[ti].mode == MODE_BOOT)
			continue;
		for (di = 0; di < run->ncycles; di++) {
			const struct pm_cycle *d = &run->cycles[di];

			if (d->from_trace || d->mode == MODE_BOOT || !overlap(&run->cycles[ti], d))
				continue;
			merge_pair(run, ti, di);
			if (di < ti)
				ti--;
			break;
		}
	}
}
