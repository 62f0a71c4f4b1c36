// SPDX-License-Identifier: GPL-2.0
/*
 * The results stage: every analysis, once per shown cycle, in the order
 * of the table (later ones may read what earlier ones found).
 */
#include <stdio.h>
#include <stdlib.h>

#include "analyses.h"

/* @verdict: run for every cycle, shown or not, and by stats: what the
 * exit status and every output's failures come from. */
static const struct analysis analyses[] = {
	{ "totals", an_totals, NULL, true },	/* the rows of stats --rows */
	{ "boottotals", an_boottotals, NULL, false },
	{ "slowest", an_slowest, an_slowest_free, false },
	{ "critpath", an_critpath, an_critpath_free, false },
	{ "bootpath", an_bootpath, NULL, false },	/* boot cycles' cp, freed by critpath */
	{ "messages", an_messages, an_messages_free, true },
	{ "findings", an_findings, an_findings_free, true },	/* after messages */
	{ "works", an_works, an_works_free, false },
	{ "whatif_hints", an_whatif_hints, an_whatif_hints_free, false },
};

_Static_assert(ARRAY_SIZE(analyses) <= RESULTS_MAX_ANALYSES, "room in pm_results.runs");

/* @n indices (@pick of each of @count items) to the lists of their
 * cycles and of the run, in one pass (a run can hold 10^5 cycles and as
 * many warnings). */
static void index_facts(struct pm_results *r, size_t count, int (*cycle_of)(const struct pm_run *,
			size_t), size_t **run_list, size_t *nrun, size_t **(*list_of)(struct cycle_facts *),
			size_t *(*n_of)(struct cycle_facts *))
{
	size_t i, *n = xcalloc(r->ncycles + 1, sizeof(*n));

	for (i = 0; i < count; i++) {
		int c = cycle_of(r->run, i);

		n[c >= 1 && (size_t)c <= r->ncycles ? c : 0]++;
	}
	*run_list = xmalloc((n[0] ? n[0] : 1) * sizeof(size_t));
	for (i = 0; i < r->ncycles; i++)
		*list_of(&r->cycles[i].facts) = xmalloc((n[i + 1] ? n[i + 1] : 1) * sizeof(size_t));
	for (i = 0; i < count; i++) {
		int c = cycle_of(r->run, i);
		struct cycle_facts *f;

		if (c < 1 || (size_t)c > r->ncycles) {
			(*run_list)[(*nrun)++] = i;
			continue;
		}
		f = &r->cycles[c - 1].facts;
		(*list_of(f))[(*n_of(f))++] = i;
	}
	free(n);
}

static int warn_cycle(const struct pm_run *run, size_t i)
{
	return run->warns[i].cycle;
}

static int verdict_cycle(const struct pm_run *run, size_t i)
{
	return run->verdicts[i].cycle;
}

static size_t **warns_of(struct cycle_facts *f)
{
	return &f->warns;
}

static size_t *nwarns_of(struct cycle_facts *f)
{
	return &f->nwarns;
}

static size_t **verdicts_of(struct cycle_facts *f)
{
	return &f->verdicts;
}

static size_t *nverdicts_of(struct cycle_facts *f)
{
	return &f->nverdicts;
}

/* Findings @fs into the run's counts. */
static void count_findings(struct pm_results *r, const struct findings *fs)
{
	size_t i;

	for (i = 0; i < fs->n; i++) {
		r->nsev[finding_sev(&fs->v[i])]++;
		r->ncode[fs->v[i].code]++;
	}
}

void results_begin(struct pm_results *r, const struct pm_run *run, const struct results_opts *o)
{
	size_t i;

	memset(r, 0, sizeof(*r));
	r->run = run;
	r->opts = *o;
	r->ncycles = run->ncycles;
	run_ident_fill(run, &r->ident);
	r->cycles = xcalloc(run->ncycles ? run->ncycles : 1, sizeof(*r->cycles));
	index_facts(r, run->nwarns, warn_cycle, &r->run_facts.warns, &r->run_facts.nwarns,
		    warns_of, nwarns_of);
	index_facts(r, run->nverdicts, verdict_cycle, &r->run_facts.verdicts,
		    &r->run_facts.nverdicts, verdicts_of, nverdicts_of);
	findings_run(run, &r->run_facts, o->expect, &r->findings);
	count_findings(r, &r->findings);
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
	bool all = cr->shown && !r->opts.verdict_only;
	size_t k;

	for (k = 0; k < ARRAY_SIZE(analyses); k++) {
		if (!all && !analyses[k].verdict)
			continue;
		r->runs[k] += cr->shown;
		if (analyses[k].run(r->run, cr, &r->opts) < 0)
			return -1;
	}
	count_findings(r, &cr->findings);
	memcpy(cr->nsev, cr->findings.nsev, sizeof(cr->nsev));
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
		free(r->cycles[i].facts.warns);
		free(r->cycles[i].facts.verdicts);
	}
	free(r->cycles);
	free(r->run_facts.warns);
	free(r->run_facts.verdicts);
	findings_free(&r->findings);
	run_ident_free(&r->ident);
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

enum verdict results_verdict(const struct pm_results *r)
{
	if (r->nsev[SEV_FAILURE] > r->ncode[FC_NO_DATA])
		return VERDICT_FAILED;
	return r->ncode[FC_NO_DATA] ? VERDICT_NO_DATA : VERDICT_OK;
}

const char *verdict_name(enum verdict v)
{
	static const char *const names[] = { "ok", "failed", "no-data" };

	return names[v];
}
