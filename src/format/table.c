// SPDX-License-Identifier: GPL-2.0
/*
 * Tables of facts written from their one description (table.h): JSON
 * members, CSV and newline-delimited JSON rows.
 */
#include <inttypes.h>
#include <string.h>

#include "table.h"

void table_json_cell(struct jw *w, struct cell c)
{
	switch (c.type) {
	case CELL_STR:
		jw_str(w, c.s);
		break;
	case CELL_INT:
		jw_int(w, c.i);
		break;
	case CELL_NS:
		jw_ns(w, c.i);
		break;
	case CELL_BOOL:
		jw_bool(w, c.i != 0);
		break;
	case CELL_MS3:
		jw_ms_us(w, c.i);
		break;
	case CELL_NULL:
		jw_null(w);
		break;
	}
}

void table_json_members(struct jw *w, const struct table *t, const void *ctx, size_t row)
{
	size_t k;

	for (k = 0; k < t->ncols; k++) {
		const struct col *c = &t->cols[k];
		struct cell v;

		if (c->flags & COL_ROWS)
			continue;
		v = c->get(ctx, row);
		if ((c->flags & COL_OPTIONAL) &&
		    (v.type == CELL_NULL || (v.type == CELL_BOOL && !v.i)))
			continue;
		jw_key(w, c->key);
		table_json_cell(w, v);
	}
}

/* A CSV field: quoted when it holds a comma, a quote or a line break,
 * and when empty (an empty field unquoted is null: RFC 4180 readers such
 * as PostgreSQL's COPY tell the two apart so). */
static void csv_str(FILE *f, const char *s)
{
	const char *p;

	if (*s && !strpbrk(s, ",\"\r\n")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (p = s; *p; p++) {
		if (*p == '"')
			fputc('"', f);
		fputc(*p, f);
	}
	fputc('"', f);
}

void table_csv_head(FILE *f, const struct table *t)
{
	bool first = true;
	size_t k;

	for (k = 0; k < t->ncols; k++) {
		if (!COL_IN_ROWS(&t->cols[k]))
			continue;
		if (!first)
			fputc(',', f);
		csv_str(f, t->cols[k].key);
		first = false;
	}
	fputc('\n', f);
}

void table_csv_row(FILE *f, const struct table *t, const void *ctx, size_t row)
{
	bool first = true;
	size_t k;

	for (k = 0; k < t->ncols; k++) {
		struct cell v;

		if (!COL_IN_ROWS(&t->cols[k]))
			continue;
		v = t->cols[k].get(ctx, row);
		if (!first)
			fputc(',', f);
		first = false;
		if (v.type == CELL_STR)
			csv_str(f, v.s);
		else if (v.type == CELL_INT || v.type == CELL_NS)
			fprintf(f, "%" PRId64, v.i);
		else if (v.type == CELL_BOOL)
			fputs(v.i ? "true" : "false", f);
		else if (v.type == CELL_MS3)	/* as jw_ms_us() writes it */
			fprintf(f, "%s%" PRIu64 ".%03u", v.i < 0 ? "-" : "",
				(v.i < 0 ? -(uint64_t)v.i : (uint64_t)v.i) / 1000,
				(unsigned)((v.i < 0 ? -(uint64_t)v.i : (uint64_t)v.i) % 1000));
	}
	fputc('\n', f);
}

void table_ndjson_row(FILE *f, const struct table *t, const void *ctx, size_t row)
{
	struct jw w;
	size_t k;

	jw_init(&w, f);
	jw_obj(&w);
	for (k = 0; k < t->ncols; k++) {
		if (!COL_IN_ROWS(&t->cols[k]))
			continue;
		jw_key(&w, t->cols[k].key);
		table_json_cell(&w, t->cols[k].get(ctx, row));
	}
	jw_obj_end(&w);
	fputc('\n', f);
}

const struct col *table_col(const struct table *t, const char *key)
{
	size_t k;

	for (k = 0; k < t->ncols; k++)
		if (!strcmp(t->cols[k].key, key))
			return &t->cols[k];
	return NULL;
}

static const char *const type_names[] = {
	[CELL_NULL] = "null", [CELL_STR] = "str", [CELL_INT] = "int", [CELL_NS] = "ns",
	[CELL_BOOL] = "bool", [CELL_MS3] = "ms3",
};

void table_print_columns(FILE *f, const struct table *const *tables, size_t n)
{
	size_t i, k;

	for (i = 0; i < n; i++) {
		for (k = 0; k < tables[i]->ncols; k++) {
			const struct col *c = &tables[i]->cols[k];

			if (!COL_IN_ROWS(c))
				continue;
			fprintf(f, "%s\t%s\t%s\t%s\t%s\n", tables[i]->name, c->key,
				type_names[c->type], c->flags & COL_KEY ? "key" :
				c->flags & COL_OPTIONAL ? "optional" : "-", c->doc);
		}
	}
}
