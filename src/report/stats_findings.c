// SPDX-License-Identifier: GPL-2.0
/*
 * What many runs came to, in the text and the JSON of stats and compare:
 * every input as a run with its verdict (one that could not be read says
 * why), and the findings over all runs per code and per device, with the
 * share of runs that had each.
 */
#include "analysis.h"
#include "stats.h"
#include "report.h"

#define UNREAD_SHOWN 10
#define DEVICES_SHOWN 5

static double rate(size_t n, size_t of)
{
	return of ? 100.0 * (double)n / (double)of : 0.0;
}

void report_stats_findings_text(FILE *f, const char *side, const struct run_stats *st)
{
	size_t i, shown = 0, ndev = 0;

	if (!st->nruns)
		return;
	fprintf(f, "%sruns: %zu (%zu ok, %zu failed, %zu no data", side, st->nruns,
		st->nverdict[VERDICT_OK], st->nverdict[VERDICT_FAILED],
		st->nverdict[VERDICT_NO_DATA]);
	if (st->nunread)
		fprintf(f, "; %zu could not be read", st->nunread);
	fputs(")\n", f);
	for (i = 0; i < st->nruns && shown < UNREAD_SHOWN; i++)
		if (st->runs[i].why && !st->runs[i].ncycles) {
			fprintf(f, "  not read: %s: %s\n", st->runs[i].source, st->runs[i].why);
			shown++;
		}
	if (!st->nfindings)
		return;
	fprintf(f, "%sfindings (count, runs with it)\n", side);
	for (i = 0; i < st->nfindings; i++) {
		const struct stat_finding *r = &st->findings[i];

		if (!r->device) {
			fprintf(f, "  %-7s %-18s %6zu %6zu of %zu (%.1f%%)\n",
				finding_sev_name(finding_code_sev(r->code)), finding_codes[r->code].name,
				r->count, r->nruns, st->nruns, rate(r->nruns, st->nruns));
			ndev = 0;
		} else if (ndev++ < DEVICES_SHOWN) {
			fprintf(f, "          %-18.18s %6zu %6zu\n", r->device, r->count, r->nruns);
		}
	}
}

static void put_runs(struct jw *w, const struct run_stats *st)
{
	size_t i, k;

	jw_kobj(w, "verdicts");
	for (k = 0; k <= VERDICT_NO_DATA; k++)
		jw_kint(w, verdict_name((enum verdict)k), (int64_t)st->nverdict[k]);
	jw_kint(w, "not_read", (int64_t)st->nunread);
	jw_obj_end(w);
	jw_karr(w, "runs");
	for (i = 0; i < st->nruns; i++) {
		const struct stat_run *r = &st->runs[i];

		jw_obj(w);
		jw_kstr(w, "source", r->source);
		jw_kstr(w, "verdict", verdict_name(r->verdict));
		jw_kstr(w, "why", r->why);
		jw_kint(w, "cycles", (int64_t)r->ncycles);
		jw_kobj(w, "counts");
		for (k = SEV_COUNT; k-- > 0;)
			jw_kint(w, finding_sev_name((enum finding_sev)k), (int64_t)r->nsev[k]);
		jw_obj_end(w);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

void report_stats_findings_json(struct jw *w, const struct run_stats *st)
{
	size_t i;

	put_runs(w, st);
	jw_karr(w, "findings");
	for (i = 0; i < st->nfindings; i++) {
		const struct stat_finding *r = &st->findings[i];

		jw_obj(w);
		jw_kstr(w, "code", finding_codes[r->code].name);
		jw_kstr(w, "severity", finding_sev_name(finding_code_sev(r->code)));
		jw_kstr(w, "device", r->device);
		jw_kint(w, "count", (int64_t)r->count);
		jw_kint(w, "runs", (int64_t)r->nruns);
		jw_key(w, "rate");
		jw_double(w, st->nruns ? (double)r->nruns / (double)st->nruns : 0.0);
		jw_kstr(w, "example", r->example);
		jw_kstr(w, "first_file", r->first_file);
		jw_key(w, "first_line");
		r->first_line ? jw_int(w, r->first_line) : jw_null(w);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}
