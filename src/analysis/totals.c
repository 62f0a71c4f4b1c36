// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>

#include "analyses.h"

/*
 * Where a boot is up, as a person reading its log says it: init run, the
 * root mounted (by the kernel, or by an initramfs's /init), systemd
 * running on the root; the last of them the log shows. Modules that
 * udev loads later are not the boot's length (issue 36).
 */
static int boot_end(const struct pm_cycle *c)
{
	int end = -1;
	size_t i;

	for (i = 0; i < c->nmilestones; i++) {
		const struct pm_milestone *m = &c->milestones[i];
		bool root_systemd = m->kind == MS_SYSTEMD && m->ts == c->boot_marks[BM_SYSTEMD];

		if (m->kind != MS_INIT && m->kind != MS_ROOT && !root_systemd)
			continue;
		if (m->ts < 0)
			continue;
		if (end < 0 || m->ts >= c->milestones[end].ts)
			end = (int)i;
	}
	return end;
}

ns_t boot_headline(const struct cycle_totals *t)
{
	return t->boot_end >= 0 ? t->boot_ns : t->total_ns;
}

const char *boot_end_words(const struct pm_cycle *c, const struct cycle_totals *t)
{
	const struct pm_milestone *m = t->boot_end >= 0 ? &c->milestones[t->boot_end] : NULL;

	if (!m)
		return NULL;
	if (m->kind == MS_ROOT)
		return "the root mounted";
	if (m->kind == MS_SYSTEMD)
		return "systemd on the root";
	return m->name;
}

void cycle_totals(const struct pm_cycle *c, struct cycle_totals *t)
{
	ns_t first = NS_NONE, susp_end = NS_NONE, res_start = NS_NONE, res_end = NS_NONE;
	const struct pm_phase *m = cycle_phase(c, PK_MACHINE);
	size_t i;

	t->suspend_ns = t->resume_ns = t->machine_ns = NS_NONE;
	t->total_ns = c->start != NS_NONE && c->end != NS_NONE ? c->end - c->start : NS_NONE;
	t->boot_end = c->mode == MODE_BOOT ? boot_end(c) : -1;
	t->boot_ns = t->boot_end >= 0 ? c->milestones[t->boot_end].ts : NS_NONE;
	for (i = 0; i < c->nphases; i++) {
		const struct pm_phase *p = &c->phases[i];

		if (p->kind >= PK_BOOT_KERNEL || p->start == NS_NONE || p->end == NS_NONE)
			continue;
		if (first == NS_NONE && !phase_kind_is_resume(p->kind))
			first = p->start;
		if (p->kind < PK_MACHINE)
			susp_end = p->end;
		if (phase_kind_is_resume(p->kind)) {
			if (res_start == NS_NONE)
				res_start = p->start;
			res_end = p->end;
		}
	}
	if (m && m->start != NS_NONE && m->end != NS_NONE) {
		susp_end = m->start;
		res_start = m->end;
		t->machine_ns = m->end - m->start;
	}
	/* Taking CPUs down and syscore belong to suspend, as in sleepgraph:
	 * the machine is asleep only from firmware entry to exit. */
	if (c->sleep_ts != NS_NONE && c->wake_ts != NS_NONE && c->wake_ts >= c->sleep_ts) {
		susp_end = c->sleep_ts;
		res_start = c->wake_ts;
	}
	if (first != NS_NONE && susp_end != NS_NONE)
		t->suspend_ns = susp_end - first;
	if (res_start != NS_NONE && res_end != NS_NONE && c->resumed)
		t->resume_ns = res_end - res_start;
}

struct rank {
	ns_t d;
	size_t i;
};

static int cmp_rank(const void *a, const void *b, void *ctx)
{
	const struct rank *x = a, *y = b;

	(void)ctx;
	if (x->d != y->d)
		return x->d > y->d ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

SORT_DEFINE(sort_rank, struct rank, cmp_rank)

/* A few slowest of many (the summary's --top) are kept in one pass. */
#define SLOWEST_BY_PASS 64
TOP_DEFINE(keep_rank, struct rank, cmp_rank)

size_t cycle_slowest(const struct pm_cycle *c, int phase, size_t *idx, size_t n)
{
	struct rank *r = xmalloc((c->ncbs ? c->ncbs : 1) * sizeof(*r));
	bool by_pass = n <= SLOWEST_BY_PASS;
	size_t i, k = 0;

	for (i = 0; i < c->ncbs && n; i++) {
		ns_t d = cb_duration(&c->cbs[i]);

		if (phase >= 0 && c->cbs[i].phase != phase)
			continue;
		if (cb_end_inferred(&c->cbs[i]))	/* as long as it may have run */
			d = c->cbs[i].end - c->cbs[i].start;
		else if (d == NS_NONE)	/* never returned: as long as it was seen */
			d = c->cbs[i].start != NS_NONE ? c->end - c->cbs[i].start : 0;
		if (by_pass) {
			k = keep_rank(r, k, n, (struct rank){ d, i }, NULL);
			continue;
		}
		r[k].d = d;
		r[k++].i = i;
	}
	if (!by_pass)
		sort_rank(r, k, NULL);
	if (k > n)
		k = n;
	for (i = 0; i < k; i++)
		idx[i] = r[i].i;
	free(r);
	return k;
}

void cycle_phase_counts(const struct pm_cycle *c, size_t *counts)
{
	size_t i;

	memset(counts, 0, c->nphases * sizeof(*counts));
	for (i = 0; i < c->ncbs; i++)
		if (c->cbs[i].phase >= 0 && (size_t)c->cbs[i].phase < c->nphases)
			counts[c->cbs[i].phase]++;
}

int an_totals(const struct pm_run *run, struct cycle_results *cr, const struct results_opts *o)
{
	(void)run;
	(void)o;
	cycle_totals(cr->c, &cr->totals);
	return 0;
}

/* The longest callback function_graph traced, -1 none. */
static int longest_graph(const struct pm_cycle *c)
{
	int best = -1;
	size_t i;

	for (i = 0; i < c->ncbs; i++)
		if (c->cbs[i].graph_id >= 0 &&
		    (best < 0 || cb_duration(&c->cbs[i]) > cb_duration(&c->cbs[best])))
			best = (int)i;
	return best;
}

/* The longest sleep in @cb's call graph (the first of equals), -1 none. */
static int longest_sleep(const struct pm_cycle *c, int cb)
{
	struct pm_callgraph view;
	const struct pm_callgraph *g = cb >= 0 ? cb_graph(c, &c->cbs[cb], &view) : NULL;
	int best = -1;
	size_t i;

	for (i = 0; g && i < g->nspans; i++)
		if (best < 0 || g->spans[i].end - g->spans[i].start >
				g->spans[best].end - g->spans[best].start)
			best = (int)i;
	return best;
}

int an_slowest(const struct pm_run *run, struct cycle_results *cr, const struct results_opts *o)
{
	const struct pm_cycle *c = cr->c;

	(void)run;
	cr->phase_cbs = xcalloc(c->nphases ? c->nphases : 1, sizeof(*cr->phase_cbs));
	cycle_phase_counts(c, cr->phase_cbs);
	cr->slowest = xmalloc((o->top ? o->top : 1) * sizeof(*cr->slowest));
	cr->nslowest = c->ncbs && o->top ? cycle_slowest(c, -1, cr->slowest, o->top) : 0;
	cr->graph_cb = longest_graph(c);
	cr->graph_sleep = longest_sleep(c, cr->graph_cb);
	return 0;
}

void an_slowest_free(struct cycle_results *cr)
{
	free(cr->phase_cbs);
	free(cr->slowest);
	cr->phase_cbs = NULL;
	cr->slowest = NULL;
	cr->nslowest = 0;
}
