// SPDX-License-Identifier: GPL-2.0
/*
 * The findings in the JSON report (pmscope(1), findings): each cycle's
 * in its own object, the run's at the top with the verdict and the
 * counts by severity and by code.
 */
#include "analysis.h"
#include "report.h"
#include "table.h"

/* A finding: its row of the findings table, then every line that said it. */
static void put_finding(struct jw *w, const struct findings *fs, size_t k)
{
	const struct finding_rows rows = { fs, NULL, 0 };
	const struct finding *f = &fs->v[k];
	size_t i;

	jw_obj(w);
	table_json_members(w, &findings_table, &rows, k);
	jw_karr(w, "sources");
	for (i = 0; i < f->nsrcs; i++) {
		jw_obj(w);
		jw_kstr(w, "file", f->srcs[i].file);
		jw_key(w, "line");
		f->srcs[i].line ? jw_int(w, f->srcs[i].line) : jw_null(w);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	jw_kint(w, "sources_cut", (int64_t)(f->nsaid - f->nsrcs));
	jw_obj_end(w);
}

void report_json_findings(struct jw *w, const struct findings *fs)
{
	size_t i;

	jw_karr(w, "findings");
	for (i = 0; i < fs->n; i++)
		put_finding(w, fs, i);
	jw_arr_end(w);
}

void report_json_verdict(struct jw *w, const struct pm_results *res)
{
	size_t i;

	jw_kstr(w, "verdict", verdict_name(results_verdict(res)));
	jw_kbool(w, "failed", results_verdict(res) != VERDICT_OK);
	jw_kobj(w, "counts");
	for (i = SEV_COUNT; i-- > 0;)
		jw_kint(w, finding_sev_name((enum finding_sev)i), (int64_t)res->nsev[i]);
	jw_obj_end(w);
	jw_kobj(w, "codes");
	for (i = 0; i < FC_COUNT; i++)
		if (res->ncode[i])
			jw_kint(w, finding_codes[i].name, (int64_t)res->ncode[i]);
	jw_obj_end(w);
}
