// SPDX-License-Identifier: GPL-2.0
/*
 * Critical path per device phase and sync devices blocked on async work
 * (issue 4). The pieces: critpath_graph.c (who waits for whom),
 * critpath_pred.c (what released each start), critpath_walk.c (the path
 * and thread times), critpath_slack.c, critpath_blocked.c.
 */
#include <stdlib.h>

#include "analyses.h"
#include "critpath_int.h"

#define CP_SLACK_TOP 5

static bool has_devtree(const struct pm_run *run)
{
	size_t i;

	for (i = 0; i < run->ndevs; i++)
		if (run->devs[i].in_devtree)
			return true;
	return false;
}

static int cmp_lost(const void *a, const void *b)
{
	const struct cp_blocked *x = a, *y = b;

	if (x->lost_ns != y->lost_ns)
		return x->lost_ns > y->lost_ns ? -1 : 1;
	return x->cb - y->cb;
}

static void blocked_per_thread(struct critpath *cp)
{
	size_t i, j;

	for (i = 0; i < cp->nblocked; i++) {
		for (j = 0; j < cp->nphases; j++) {
			struct cp_phase *p = &cp->phases[j];

			if (p->phase == cp->blocked[i].phase && p->nthreads && p->threads[0].main)
				p->threads[0].blocked_ns += cp->blocked[i].lost_ns;
		}
	}
}

static bool phase_usable(const struct pm_phase *p)
{
	return phase_kind_is_device(p->kind) && p->start != NS_NONE && p->end != NS_NONE &&
	       p->end > p->start;
}

int critpath_compute(const struct pm_run *run, const struct pm_cycle *c,
		     struct critpath *out)
{
	struct cp_ctx x;
	size_t i, n = 0;

	memset(out, 0, sizeof(*out));
	out->eps_ns = CP_EPS_NS;
	out->skew_ns = CP_SKEW_DMESG_NS;
	if (c->mode == MODE_BOOT || !c->nphases)
		return 0;
	if (cp_ctx_init(&x, run, c) < 0)
		return -1;
	out->skew_ns = x.skew;
	out->devtree = has_devtree(run);
	out->phases = xcalloc(c->nphases, sizeof(*out->phases));
	for (i = 0; i < c->nphases; i++) {
		struct cp_phase *p = &out->phases[n];

		if (!phase_usable(&c->phases[i]))
			continue;
		p->phase = (int)i;
		cp_phase_begin(&x, (int)i);
		cp_walk(&x, p);
		cp_gap_reasons(c, p);
		cp_threads(&x, p);
		cp_slack(&x, p, CP_SLACK_TOP);
		cp_blocked(&x, out);
		cp_phase_end(&x);
		n++;
	}
	out->nphases = n;
	cp_ctx_free(&x);
	if (out->nblocked)
		qsort(out->blocked, out->nblocked, sizeof(*out->blocked), cmp_lost);
	blocked_per_thread(out);
	return 0;
}

void critpath_free(struct critpath *cp)
{
	size_t i;

	for (i = 0; i < cp->nphases; i++) {
		free(cp->phases[i].segs);
		free(cp->phases[i].threads);
		free(cp->phases[i].slack);
	}
	for (i = 0; i < cp->nblocked; i++) {
		free(cp->blocked[i].via);
	}
	free(cp->phases);
	free(cp->blocked);
	memset(cp, 0, sizeof(*cp));
}

int an_critpath(const struct pm_run *run, struct cycle_results *cr, const struct results_opts *o)
{
	(void)o;
	return critpath_compute(run, cr->c, &cr->cp);
}

void an_critpath_free(struct cycle_results *cr)
{
	critpath_free(&cr->cp);
}
