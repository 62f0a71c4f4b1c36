// SPDX-License-Identifier: GPL-2.0
/*
 * analyze --table: one table of facts on the terminal, every row of the
 * run, the columns its description has (or those named): what --rows
 * writes for a warehouse, aligned for a person or for sort and awk.
 */
#include <string.h>

#include "analysis.h"
#include "report.h"
#include "table.h"

const struct table *rows_table(const char *name)
{
	size_t i;

	for (i = 0; i < ROWS_NTABLES; i++)
		if (!strcmp(rows_tables[i]->name, name))
			return rows_tables[i];
	return NULL;
}

struct pick {
	size_t table;
	struct table_text *tt;
};

static void take(void *arg, size_t table, const void *ctx, size_t row)
{
	struct pick *p = arg;

	if (table == p->table)
		table_text_add(p->tt, ctx, row);
}

int report_table(FILE *f, const struct pm_run *run, const struct pm_results *res,
		 const struct report_opts *o, char *err, size_t errlen)
{
	const struct table *t = rows_table(o->table);
	struct table_text tt;
	struct pick p = { 0, &tt };
	FILE *out;
	int rc;

	if (!t) {
		snprintf(err, errlen, "no table %s", o->table);
		return -1;
	}
	if (table_text_init(&tt, t, o->columns, err, errlen) < 0)
		return -1;
	while (rows_tables[p.table] != t)
		p.table++;
	rows_walk(run, res, take, &p);
	out = term_open(f);	/* the cells quote the log */
	rc = table_text_write(&tt, out);
	if (fclose(out) != 0 || ferror(f))
		rc = -1;
	table_text_free(&tt);
	return rc;
}
