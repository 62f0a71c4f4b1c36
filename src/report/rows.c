// SPDX-License-Identifier: GPL-2.0
/*
 * The rows a warehouse loads: one file per table of facts, each row
 * written by the table's one description (report/tables.c) as a line of
 * newline-delimited JSON or CSV. Flat and typed, times in ns, each row
 * keyed by its run's id (and cycle) so the tables join, sources named
 * from the run's folder. The loads and questions that read them are in
 * share/pmscope/sql/.
 */
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "analysis.h"
#include "report.h"
#include "table.h"

/* rows_tables[]'s order */
enum { RT_RUNS, RT_CYCLES, RT_PHASES, RT_CALLBACKS, RT_FINDINGS, RT_DEVICES };

char *rows_path(const char *dir, const struct table *t, enum rows_format fmt)
{
	return xasprintf("%s/%s.%s", dir, t->name, fmt == ROWS_CSV ? "csv" : "ndjson");
}

int rows_open(struct rows_out *o, const char *dir, enum rows_format fmt, char *err,
	      size_t errlen)
{
	size_t i;

	memset(o, 0, sizeof(*o));
	o->fmt = fmt;
	if (mkdir(dir, 0755) < 0 && errno != EEXIST) {
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		return -1;
	}
	for (i = 0; i < ROWS_NTABLES; i++) {
		o->paths[i] = rows_path(dir, rows_tables[i], fmt);
		if (out_open(&o->files[i], o->paths[i], err, errlen) < 0)
			return -1;
		o->nopen++;
		if (fmt == ROWS_CSV)
			table_csv_head(o->files[i].f, rows_tables[i]);
	}
	return 0;
}

/* Each of @fs as a findings row, numbered from *@base on. */
static void findings_rows(const struct findings *fs, const struct run_ident *ri, size_t *base,
			  rows_visit_fn fn, void *arg)
{
	const struct finding_rows x = { fs, ri, *base };
	size_t i;

	for (i = 0; i < fs->n; i++)
		fn(arg, RT_FINDINGS, &x, i);
	*base += fs->n;
}

static void cycle_rows(const struct pm_run *run, const struct cycle_results *cr,
		       const struct run_ident *ri, size_t *nf, rows_visit_fn fn, void *arg)
{
	const struct cycle_rows x = { run, cr, ri };
	size_t i;

	fn(arg, RT_CYCLES, &x, 0);
	for (i = 0; i < cr->c->nphases; i++)
		fn(arg, RT_PHASES, &x, i);
	for (i = 0; i < cr->c->ncbs; i++)
		fn(arg, RT_CALLBACKS, &x, i);
	findings_rows(&cr->findings, ri, nf, fn, arg);
}

void rows_walk(const struct pm_run *run, const struct pm_results *res, rows_visit_fn fn,
	       void *arg)
{
	const struct run_rows x = { run, res };
	size_t i, nf = 0;

	fn(arg, RT_RUNS, &x, 0);
	findings_rows(&res->findings, &res->ident, &nf, fn, arg);
	for (i = 0; i < res->ncycles; i++)
		if (res->cycles[i].shown)
			cycle_rows(run, &res->cycles[i], &res->ident, &nf, fn, arg);
	for (i = 0; i < run->ndevs; i++)
		fn(arg, RT_DEVICES, &x, i);
}

static void row(void *arg, size_t t, const void *ctx, size_t i)
{
	struct rows_out *o = arg;

	if (o->fmt == ROWS_CSV)
		table_csv_row(o->files[t].f, rows_tables[t], ctx, i);
	else
		table_ndjson_row(o->files[t].f, rows_tables[t], ctx, i);
	o->nrows++;
}

void rows_add_run(struct rows_out *o, const struct pm_run *run, const struct pm_results *res)
{
	rows_walk(run, res, row, o);
}

int rows_commit(struct rows_out *o, char *err, size_t errlen)
{
	size_t i;

	for (i = 0; i < o->nopen; i++)
		if (o->files[i].f && out_commit(&o->files[i], err, errlen) < 0)
			return -1;
	return 0;
}

void rows_close(struct rows_out *o)
{
	size_t i;

	for (i = 0; i < o->nopen; i++)
		out_abort(&o->files[i]);
	for (i = 0; i < ROWS_NTABLES; i++)
		free(o->paths[i]);
	memset(o, 0, sizeof(*o));
}

int report_rows(const char *dir, const struct pm_run *run, const struct pm_results *res,
		const struct report_opts *ro, char *err, size_t errlen)
{
	struct rows_out o;
	int rc = -1;

	if (rows_open(&o, dir, ro->rows_format, err, errlen) == 0) {
		rows_add_run(&o, run, res);
		rc = rows_commit(&o, err, errlen);
	}
	rows_close(&o);
	return rc;
}
