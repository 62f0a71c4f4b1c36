// SPDX-License-Identifier: GPL-2.0
/*
 * Work outside callbacks: of what the trace saw threads do outside any PM
 * callback (cycle->works), the longest, each with the phase it began in,
 * and how many threads did any.
 */
#include <stdlib.h>

#include "analyses.h"

static ns_t len(const struct pm_work *w)
{
	return w->end - w->start;
}

static int cmp_pid(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return x < y ? -1 : x > y;
}

static size_t count_threads(const struct pm_cycle *c)
{
	int *pids = xmalloc((c->nworks ? c->nworks : 1) * sizeof(*pids));
	size_t i, n = 0;

	for (i = 0; i < c->nworks; i++)
		pids[i] = c->works[i].pid;
	qsort(pids, c->nworks, sizeof(*pids), cmp_pid);
	for (i = 0; i < c->nworks; i++)
		n += !i || pids[i] != pids[i - 1];
	free(pids);
	return n;
}

int an_works(const struct pm_run *run, struct cycle_results *cr, const struct results_opts *o)
{
	const struct pm_cycle *c = cr->c;
	struct cycle_works *w = &cr->works;
	size_t i, k, top = o->top;

	(void)run;
	memset(w, 0, sizeof(*w));
	if (!c->nworks || !top)
		return 0;
	w->longest = xmalloc(top * sizeof(*w->longest));
	for (i = 0; i < c->nworks; i++) {	/* insertion into a short list */
		ns_t l = len(&c->works[i]);

		for (k = w->nlongest; k > 0 && len(&c->works[w->longest[k - 1].work]) < l; k--)
			if (k < top)
				w->longest[k] = w->longest[k - 1];
		if (k >= top)
			continue;
		w->longest[k].work = i;
		if (w->nlongest < top)
			w->nlongest++;
	}
	for (k = 0; k < w->nlongest; k++)
		w->longest[k].phase = cycle_phase_at(c, c->works[w->longest[k].work].start);
	w->nthreads = count_threads(c);
	return 0;
}

void an_works_free(struct cycle_results *cr)
{
	free(cr->works.longest);
}
