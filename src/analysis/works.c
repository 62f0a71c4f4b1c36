// SPDX-License-Identifier: GPL-2.0
/*
 * Work outside callbacks: of what the trace saw threads do outside any PM
 * callback (cycle->works), the phase each began in, the longest, and how
 * many threads did any.
 */
#include <stdlib.h>

#include "analyses.h"

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

/* The @top longest into w->longest, longest first (the first of equals
 * first): an insertion into a short list. */
static void longest(const struct pm_cycle *c, struct cycle_works *w, size_t top)
{
	size_t i, k;

	w->longest = xmalloc((top ? top : 1) * sizeof(*w->longest));
	for (i = 0; i < c->nworks && top; i++) {
		ns_t l = pm_work_len(&c->works[i]);

		for (k = w->nlongest; k > 0 && pm_work_len(&c->works[w->longest[k - 1]]) < l; k--)
			if (k < top)
				w->longest[k] = w->longest[k - 1];
		if (k >= top)
			continue;
		w->longest[k] = i;
		if (w->nlongest < top)
			w->nlongest++;
	}
}

int an_works(const struct pm_run *run, struct cycle_results *cr, const struct results_opts *o)
{
	const struct pm_cycle *c = cr->c;
	struct cycle_works *w = &cr->works;
	size_t i;

	(void)run;
	memset(w, 0, sizeof(*w));
	if (!c->nworks)
		return 0;
	w->phase = xmalloc(c->nworks * sizeof(*w->phase));
	for (i = 0; i < c->nworks; i++)
		w->phase[i] = cycle_phase_at(c, c->works[i].start);
	longest(c, w, o->top);
	w->nthreads = count_threads(c);
	return 0;
}

void an_works_free(struct cycle_results *cr)
{
	free(cr->works.phase);
	free(cr->works.longest);
	memset(&cr->works, 0, sizeof(cr->works));
}
