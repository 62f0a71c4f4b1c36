// SPDX-License-Identifier: GPL-2.0
/*
 * Tables of facts written from their one description (table.h): JSON
 * members, CSV and newline-delimited JSON rows, and a whole table
 * column-wise (the page's data).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "table.h"

/* The cells' types by name (pmscope --tables, the page's columns). */
static const char *const type_names[] = {
	[CELL_NULL] = "null", [CELL_STR] = "str", [CELL_INT] = "int", [CELL_NS] = "ns",
	[CELL_BOOL] = "bool", [CELL_MS3] = "ms3",
};

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

/* --- column-wise ------------------------------------------------------- */

static bool cell_eq(struct cell a, struct cell b)
{
	if (a.type != b.type)
		return false;
	if (a.type == CELL_STR)
		return a.s == b.s || !strcmp(a.s, b.s);
	return a.i == b.i;
}

/* A cell in a column: as in the JSON report, but booleans 1 and 0, and
 * times from @base. */
static void column_cell(struct jw *w, struct cell c, ns_t base)
{
	if (c.type == CELL_BOOL)
		jw_int(w, c.i != 0);
	else if (c.type == CELL_NS && base != NS_NONE)
		jw_int(w, c.i - base);
	else
		table_json_cell(w, c);
}

/* Whether the @n rows of column @c hold one value, two rows or more. */
static bool column_same(const struct col *c, const void *ctx, size_t n)
{
	struct cell first;
	size_t r;

	if (n < 2)
		return false;
	first = c->get(ctx, 0);
	for (r = 1; r < n; r++)
		if (!cell_eq(first, c->get(ctx, r)))
			return false;
	return true;
}

/* The characters of @v in decimal, from its bit length: 10^5 rows of
 * times are measured twice. */
static size_t int_chars(int64_t v)
{
	static const uint64_t pow10[20] = {
		1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull,
		100000000ull, 1000000000ull, 10000000000ull, 100000000000ull, 1000000000000ull,
		10000000000000ull, 100000000000000ull, 1000000000000000ull,
		10000000000000000ull, 100000000000000000ull, 1000000000000000000ull,
		10000000000000000000ull,
	};
	uint64_t a = v < 0 ? -(uint64_t)v : (uint64_t)v;
	unsigned t;

	if (a < 10)	/* most steps */
		return (v < 0) + 1;
	/* bits * log10(2): the decimal length, or one more */
	t = (unsigned)(64 - __builtin_clzll(a)) * 1233 >> 12;
	return (v < 0) + t + 1 - (a < pow10[t]);
}

/* What {"steps": []} adds to the plain array. */
#define STEPS_COST 11

/* A column of integers: as they are, or, when that is shorter, as steps:
 * the first, then each one's difference from the one before (times in a
 * log's order, lines, indices in order of first use: 10^5 rows of a few
 * digits each, not of twelve). */
static void put_ints(struct jw *w, const int64_t *v, size_t n)
{
	size_t plain = 0, steps = STEPS_COST, r;

	for (r = 0; r < n; r++) {
		plain += int_chars(v[r]);
		steps += int_chars(r ? v[r] - v[r - 1] : v[r]);
	}
	if (steps < plain) {
		jw_obj(w);
		jw_karr(w, "steps");
		for (r = 0; r < n; r++)
			jw_int(w, r ? v[r] - v[r - 1] : v[r]);
		jw_arr_end(w);
		jw_obj_end(w);
		return;
	}
	jw_arr(w);
	for (r = 0; r < n; r++)
		jw_int(w, v[r]);
	jw_arr_end(w);
}

/* The rows of an integer or time column @c into @v (times from @base);
 * false when one has no number (null). */
static bool column_ints(const struct col *c, const void *ctx, size_t n, ns_t base, int64_t *v)
{
	size_t r;

	for (r = 0; r < n; r++) {
		struct cell x = c->get(ctx, r);

		if (x.type != CELL_INT && x.type != CELL_NS)
			return false;
		v[r] = x.type == CELL_NS && base != NS_NONE ? x.i - base : x.i;
	}
	return true;
}

/* A column's distinct strings, found by their text: open addressing,
 * a slot holding an index + 1. In front, the index of the strings last
 * seen at a few pointers: the model interns its strings, so a column's
 * rows mostly repeat a few pointers. */
#define DICT_SEEN 256
struct dict {
	struct dict_entry {
		const char *s;
		uint32_t hash;
	} *v;
	size_t n, cap;
	unsigned *slots;
	size_t nslots;
	struct {
		const char *s;
		int at;
	} seen[DICT_SEEN];
};

static size_t dict_slot(const struct dict *d, const char *s, uint32_t h)
{
	size_t i = h & (d->nslots - 1);

	while (d->slots[i] && !(d->v[d->slots[i] - 1].s == s ||
				(d->v[d->slots[i] - 1].hash == h && !strcmp(d->v[d->slots[i] - 1].s, s))))
		i = (i + 1) & (d->nslots - 1);
	return i;
}

static void dict_grow(struct dict *d)
{
	size_t i, k;

	free(d->slots);
	d->nslots = d->nslots ? d->nslots * 2 : 64;
	d->slots = xcalloc(d->nslots, sizeof(*d->slots));
	for (i = 0; i < d->n; i++) {
		for (k = d->v[i].hash & (d->nslots - 1); d->slots[k]; k = (k + 1) & (d->nslots - 1))
			;
		d->slots[k] = (unsigned)i + 1;
	}
}

/* A string's hash: of its length and first bytes (a column of log
 * excerpts holds megabytes, each different early). */
static uint32_t dict_hash(const char *s)
{
	size_t n = strlen(s);

	return hash_bytes(s, n < 48 ? n : 48) ^ (uint32_t)n * 2654435761u;
}

static int dict_index(struct dict *d, const char *s)
{
	size_t k = ((uintptr_t)s >> 3) * 2654435761u % DICT_SEEN, i;
	uint32_t h;

	if (d->seen[k].s == s)
		return d->seen[k].at;
	if ((d->n + 1) * 2 > d->nslots)
		dict_grow(d);
	h = dict_hash(s);
	i = dict_slot(d, s, h);
	if (!d->slots[i]) {
		VEC_RESERVE(d->v, d->n, d->cap);
		d->v[d->n] = (struct dict_entry){ s, h };
		d->slots[i] = (unsigned)++d->n;
	}
	d->seen[k].s = s;
	d->seen[k].at = (int)d->slots[i] - 1;
	return d->seen[k].at;
}

/* A column of strings: its dictionary, then each row's index in it
 * (@at: room for them). */
static void put_strings(struct jw *w, const struct col *c, const void *ctx, size_t n, int64_t *at)
{
	struct dict d = { 0 };
	size_t r;

	for (r = 0; r < n; r++) {
		struct cell v = c->get(ctx, r);

		at[r] = v.type == CELL_STR ? dict_index(&d, v.s) : -1;
	}
	jw_obj(w);
	jw_karr(w, "strings");
	for (r = 0; r < d.n; r++)
		jw_str(w, d.v[r].s);
	jw_arr_end(w);
	jw_key(w, "at");
	put_ints(w, at, n);
	jw_obj_end(w);
	free(d.v);
	free(d.slots);
}

/* Every other column: a value per row. */
static void put_values(struct jw *w, const struct col *c, const void *ctx, size_t n, ns_t base)
{
	size_t r;

	jw_arr(w);
	for (r = 0; r < n; r++)
		column_cell(w, c->get(ctx, r), base);
	jw_arr_end(w);
}

/* Column @c of @n rows; @v: room for as many integers. */
static void put_column(struct jw *w, const struct col *c, const void *ctx, size_t n, ns_t base,
		       int64_t *v)
{
	if (column_same(c, ctx, n)) {
		jw_obj(w);
		jw_key(w, "same");
		column_cell(w, c->get(ctx, 0), base);
		jw_obj_end(w);
	} else if (c->type == CELL_STR) {
		put_strings(w, c, ctx, n, v);
	} else if ((c->type == CELL_INT || c->type == CELL_NS) && column_ints(c, ctx, n, base, v)) {
		put_ints(w, v, n);
	} else {
		put_values(w, c, ctx, n, base);
	}
}

void table_json_columns(struct jw *w, const struct table *t, const void *ctx, size_t n,
			ns_t base)
{
	int64_t *v = xmalloc((n ? n : 1) * sizeof(*v));
	size_t k;

	jw_obj(w);
	jw_kint(w, "rows", (int64_t)n);
	jw_kns(w, "base_ns", base);
	jw_kobj(w, "types");
	for (k = 0; k < t->ncols; k++)
		if (!(t->cols[k].flags & COL_ROWS))
			jw_kstr(w, t->cols[k].key, type_names[t->cols[k].type]);
	jw_obj_end(w);
	jw_kobj(w, "columns");
	for (k = 0; k < t->ncols; k++) {
		if (t->cols[k].flags & COL_ROWS)
			continue;
		jw_key(w, t->cols[k].key);
		put_column(w, &t->cols[k], ctx, n, base, v);
	}
	jw_obj_end(w);
	jw_obj_end(w);
	free(v);
}

const struct col *table_col(const struct table *t, const char *key)
{
	size_t k;

	for (k = 0; k < t->ncols; k++)
		if (!strcmp(t->cols[k].key, key))
			return &t->cols[k];
	return NULL;
}

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
