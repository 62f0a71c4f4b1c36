// SPDX-License-Identifier: GPL-2.0
/*
 * What many runs came to (pmscope stats and compare): each input as a
 * run, read or not, with its verdict; and the findings over all of them,
 * per code and per code and device, counted and in how many runs, like
 * sleepgraph's issue summary but by the findings' stable codes.
 */
#include <stdlib.h>

#include "analysis.h"
#include "stats.h"

static struct stat_run *new_run(struct run_stats *st, const char *source, enum verdict v,
				const char *why)
{
	struct stat_run *r;

	VEC_RESERVE(st->runs, st->nruns, st->runs_cap);
	r = &st->runs[st->nruns++];
	memset(r, 0, sizeof(*r));
	r->source = strpool_cstr(&st->pool, source);
	r->verdict = v;
	r->why = why ? strpool_cstr(&st->pool, why) : NULL;
	st->nverdict[v]++;
	return r;
}

/* The row of @code and @device (NULL: the code's own), made when new. A
 * lab's runs hold tens of codes and devices that fail: a scan is enough. */
static struct stat_finding *row(struct run_stats *st, enum finding_code code, const char *device)
{
	struct stat_finding *r;
	size_t i;

	for (i = 0; i < st->nfindings; i++) {
		r = &st->findings[i];
		if (r->code == code && (r->device == device ||
					(r->device && device && !strcmp(r->device, device))))
			return r;
	}
	VEC_RESERVE(st->findings, st->nfindings, st->findings_cap);
	r = &st->findings[st->nfindings++];
	memset(r, 0, sizeof(*r));
	r->code = code;
	r->device = device ? strpool_cstr(&st->pool, device) : NULL;
	r->last_run = SIZE_MAX;
	return r;
}

static void count(struct run_stats *st, struct stat_finding *r, const struct finding *f)
{
	r->count++;
	if (r->last_run != st->nruns - 1) {
		r->nruns++;
		r->last_run = st->nruns - 1;
	}
	if (!r->example) {
		r->example = strpool_cstr(&st->pool, f->text);
		if (f->nsrcs && f->srcs[0].file) {
			r->first_file = strpool_cstr(&st->pool, f->srcs[0].file);
			r->first_line = f->srcs[0].line;
		}
	}
}

static void add_list(struct run_stats *st, const struct findings *fs)
{
	size_t i;

	for (i = 0; i < fs->n; i++) {
		const struct finding *f = &fs->v[i];

		count(st, row(st, f->code, NULL), f);
		if (f->device)
			count(st, row(st, f->code, f->device), f);
	}
}

void stats_add_findings(struct run_stats *st, const struct pm_results *res, const char *source,
			const char *err)
{
	struct stat_run *r = new_run(st, source, err ? VERDICT_FAILED : results_verdict(res), err);
	size_t i;

	r->ncycles = res->ncycles;
	memcpy(r->nsev, res->nsev, sizeof(r->nsev));
	add_list(st, &res->findings);
	for (i = 0; i < res->ncycles; i++)
		add_list(st, &res->cycles[i].findings);
}

void stats_add_unread(struct run_stats *st, const char *source, const char *why)
{
	new_run(st, source, VERDICT_FAILED, why)->nsev[SEV_FAILURE] = 1;
	st->nunread++;
}

/* Codes by severity, then count; each code's devices after it, by count. */
static int cmp_rows(const void *a, const void *b)
{
	const struct stat_finding *x = a, *y = b;
	enum finding_sev sx = finding_code_sev(x->code), sy = finding_code_sev(y->code);

	if (sx != sy)
		return sx > sy ? -1 : 1;
	if (x->code != y->code)
		return x->code < y->code ? -1 : 1;
	if (!x->device != !y->device)
		return x->device ? 1 : -1;
	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return x->device && y->device ? strcmp(x->device, y->device) : 0;
}

void stats_findings_finish(struct run_stats *st)
{
	if (st->nfindings)
		qsort(st->findings, st->nfindings, sizeof(*st->findings), cmp_rows);
}

void stats_findings_free(struct run_stats *st)
{
	free(st->runs);
	free(st->findings);
}
