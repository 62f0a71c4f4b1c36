/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tables of facts, each described once (format/table.c): a column is its
 * key, its type, what it means, and how to get its cell from a row. The
 * one description writes the JSON report's members, the page's columns,
 * the rows a warehouse loads (--rows) and the terminal's table cells:
 * a new column is a line of its table, in every output at once.
 */
#ifndef PMSCOPE_TABLE_H
#define PMSCOPE_TABLE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "format.h"

enum cell_type {
	CELL_NULL,	/* unknown: JSON null, an empty CSV field, "-" */
	CELL_STR,
	CELL_INT,
	CELL_NS,	/* integer nanoseconds (NS_NONE is null) */
	CELL_BOOL,
	CELL_MS3,	/* microseconds shown as milliseconds, three decimals */
};

struct cell {
	enum cell_type type;
	const char *s;
	int64_t i;	/* CELL_INT, CELL_NS; CELL_BOOL 0 or 1 */
};

static inline struct cell cell_str(const char *s)
{
	return (struct cell){ s ? CELL_STR : CELL_NULL, s, 0 };
}

static inline struct cell cell_int(int64_t v)
{
	return (struct cell){ CELL_INT, NULL, v };
}

static inline struct cell cell_ns(ns_t v)
{
	return (struct cell){ v == NS_NONE ? CELL_NULL : CELL_NS, NULL, v };
}

static inline struct cell cell_bool(bool v)
{
	return (struct cell){ CELL_BOOL, NULL, v };
}

static inline struct cell cell_ms3(int64_t us)
{
	return (struct cell){ us == US_NONE ? CELL_NULL : CELL_MS3, NULL, us };
}

static inline struct cell cell_null(void)
{
	return (struct cell){ CELL_NULL, NULL, 0 };
}

enum col_flags {
	/* in the JSON report only when true (a bool) or known: a member
	 * added to a schema after its first version, absent when it says
	 * nothing */
	COL_OPTIONAL = 1 << 0,
	/* in the rows only: a nested list's first entry flattened (a
	 * finding's first line), the JSON having the list */
	COL_ROWS = 1 << 1,
	/* in the JSON report only: the rows have a column of their own
	 * under that key (a source path relative to the run) */
	COL_JSON = 1 << 2,
	/* a key of the rows: with the table's other keys it names one row
	 * (never null; the schemas' primary key) */
	COL_KEY = 1 << 3,
};

/* Whether @c is a column of the rows (--rows, the schemas). */
#define COL_IN_ROWS(c) (!((c)->flags & COL_JSON))

/*
 * A column. @get fills the cell of row @row of @ctx (the table's own
 * context: a cycle's results, a run). @type is what it gives when known,
 * for the rows' schemas; @doc says what it holds, in pmscope(1)'s words.
 */
struct col {
	const char *key;
	enum cell_type type;
	unsigned flags;
	const char *doc;
	struct cell (*get)(const void *ctx, size_t row);
};

struct table {
	const char *name;	/* "callbacks": the rows' file */
	const struct col *cols;
	size_t ncols;
};

/* Row @row's cells as members of the JSON object open in @w. */
void table_json_members(struct jw *w, const struct table *t, const void *ctx, size_t row);
/* One cell as a JSON value. */
void table_json_cell(struct jw *w, struct cell c);
/* The rows' CSV: its head line, then a line per row (RFC 4180 quoting). */
void table_csv_head(FILE *f, const struct table *t);
void table_csv_row(FILE *f, const struct table *t, const void *ctx, size_t row);
/* A row as one line of newline-delimited JSON. */
void table_ndjson_row(FILE *f, const struct table *t, const void *ctx, size_t row);
/* pmscope --tables: every table's columns of the rows, a line each:
 * "TABLE COLUMN TYPE FLAGS DOC", tab-separated (TYPE str, int, ns, bool
 * or ms3; FLAGS key, optional or -). What scripts/rows-schema.sh makes
 * the schemas and pmscope(1)'s ROWS section of. */
void table_print_columns(FILE *f, const struct table *const *tables, size_t n);
/*
 * The table column-wise, as one JSON value (the page's data, pmscope(1)
 * HTML): rows 0 .. @n - 1 of @t, the columns of the JSON report (all
 * but the rows' own, COL_ROWS; COL_OPTIONAL ones in every row) in the
 * table's order, as
 *   {"rows": N, "base_ns": B, "types": {KEY: TYPE ...},
 *    "columns": {KEY: COLUMN ...}}
 * TYPE is the column's, as pmscope --tables says it: "str", "int",
 * "ns", "bool" or "ms3". A COLUMN is one of
 *   [v, ...]	a value per row, as the JSON report writes it, but
 *		booleans as 1 and 0, and times ("ns") as offsets from
 *		"base_ns" (@base; it is null, and times are as they are,
 *		when @base is NS_NONE);
 *   {"steps": [v, d, ...]}
 *		a column of integers or times with no null, when shorter
 *		so: the first row's value, then each row's difference from
 *		the one before;
 *   {"strings": [s, ...], "at": K}
 *		a column of strings: each distinct one once, in the order
 *		rows first hold it, and K each row's index there (-1 null),
 *		as [k, ...] or {"steps": [...]};
 *   {"same": v}	two rows or more, every one holding v.
 * So 10^5 rows whose strings repeat and whose times grow stay small.
 */
void table_json_columns(struct jw *w, const struct table *t, const void *ctx, size_t n,
			ns_t base);
/* "device" -> its column, NULL none. */
const struct col *table_col(const struct table *t, const char *key);

/*
 * A table as aligned terminal text (format/table_text.c): @columns
 * "device,driver" (NULL: every column of the rows), then each row added,
 * then written (through the terminal filter of the caller's stream).
 * init fails, with @err, on a key that is no column of @t.
 */
struct table_text {
	const struct table *t;
	const struct col **cols;
	size_t ncols;
	char **cells;		/* row after row */
	size_t ncells, cap;
};
int table_text_init(struct table_text *tt, const struct table *t, const char *columns,
		    char *err, size_t errlen);
void table_text_add(struct table_text *tt, const void *ctx, size_t row);
int table_text_write(struct table_text *tt, FILE *f);
void table_text_free(struct table_text *tt);

#endif
