// SPDX-License-Identifier: GPL-2.0
/*
 * The results stage: every analysis, once per shown cycle, in the order
 * of the table (later ones may read what earlier ones found).
 */
#include <stdio.h>
#include <stdlib.h>

#include "analyses.h"

static const struct analysis analyses[] = {
	{ "totals", an_totals, NULL },
	{ "boottotals", an_boottotals, NULL },
	{ "slowest", an_slowest, an_slowest_free },
	{ "critpath", an_critpath, an_critpath_free },
	{ "bootpath", an_bootpath, NULL },	/* boot cycles' cp, freed by critpath */
	{ "messages", an_messages, an_messages_free },
	{ "works", an_works, an_works_free },
	{ "whatif_hints", an_whatif_hints, an_whatif_hints_free },
};

_Static_assert(ARRAY_SIZE(analyses) <= RESULTS_MAX_ANALYSES, "room in pm_results.runs");

/* Each warning to its cycle's list, in one pass (a run can hold 10^5
 * cycles and as many warnings). */
static void index_warnings(struct pm_results *r)
{
	const struct pm_run *run = r->run;
	size_t i, *n = xcalloc(r->ncycles + 1, sizeof(*n));

	for (i = 0; i < run->nwarns; i++) {
		int c = run->warns[i].cycle;

		n[c >= 1 && (size_t)c <= r->ncycles ? c : 0]++;
		r->nfail += run->warns[i].level == WARN_FAILURE;
	}
	r->run_warns = xmalloc((n[0] ? n[0] : 1) * sizeof(size_t));
	for (i = 0; i < r->ncycles; i++)
		r->cycles[i].warns = xmalloc((n[i + 1] ? n[i + 1] : 1) * sizeof(size_t));
	for (i = 0; i < run->nwarns; i++) {
		const struct pm_warning *w = &run->warns[i];
		struct cycle_results *cr;

		if (w->cycle < 1 || (size_t)w->cycle > r->ncycles) {
			r->run_warns[r->nrun_warns++] = i;
			continue;
		}
		cr = &r->cycles[w->cycle - 1];
		cr->warns[cr->nwarns++] = i;
		cr->nfail += w->level == WARN_FAILURE;
		cr->nwarn += w->level == WARN_WARNING;
	}
	free(n);
}

void results_begin(struct pm_results *r, const struct pm_run *run, const struct results_opts *o)
{
	size_t i;

	memset(r, 0, sizeof(*r));
	r->run = run;
	r->opts = *o;
	r->ncycles = run->ncycles;
	r->cycles = xcalloc(run->ncycles ? run->ncycles : 1, sizeof(*r->cycles));
	index_warnings(r);
	for (i = 0; i < run->ncycles; i++) {
		struct cycle_results *cr = &r->cycles[i];

		cr->c = &run->cycles[i];
		cr->graph_cb = -1;
		cr->graph_sleep = -1;
		cr->shown = !o->cycle || o->cycle == cr->c->index;
	}
}

int results_cycle(struct pm_results *r, size_t i)
{
	struct cycle_results *cr = &r->cycles[i];
	size_t k;

	if (!cr->shown)
		return 0;
	for (k = 0; k < ARRAY_SIZE(analyses); k++) {
		r->runs[k]++;
		if (analyses[k].run(r->run, cr, &r->opts) < 0)
			return -1;
	}
	r->nsaid_error += cr->msgs.nsaid_error;
	return 0;
}

void results_cycle_release(struct pm_results *r, size_t i)
{
	size_t k;

	for (k = 0; k < ARRAY_SIZE(analyses); k++)
		if (analyses[k].free)
			analyses[k].free(&r->cycles[i]);
}

int results_compute(struct pm_results *r, const struct pm_run *run,
		    const struct results_opts *o)
{
	size_t i;

	results_begin(r, run, o);
	for (i = 0; i < run->ncycles; i++) {
		if (results_cycle(r, i) < 0) {
			results_free(r);
			return -1;
		}
	}
	return 0;
}

void results_free(struct pm_results *r)
{
	size_t i;

	for (i = 0; i < r->ncycles; i++) {
		results_cycle_release(r, i);
		free(r->cycles[i].warns);
	}
	free(r->cycles);
	free(r->run_warns);
	memset(r, 0, sizeof(*r));
}

void results_counts(const struct pm_results *r, char *buf, size_t n)
{
	size_t k, used = 0;

	buf[0] = '\0';
	for (k = 0; k < ARRAY_SIZE(analyses) && used < n; k++)
		used += (size_t)snprintf(buf + used, n - used, "%s%s %u", k ? ", " : "",
					 analyses[k].name, r->runs[k]);
}
