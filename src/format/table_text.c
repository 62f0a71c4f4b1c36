// SPDX-License-Identifier: GPL-2.0
/*
 * A table of facts as aligned terminal text, from its one description
 * (table.h), as systemd-analyze prints its tables: a head line of the
 * columns' keys, a line per row, numbers to the right. Times are shown
 * in ms (a "_ns" key is shown as "_ms"); unknown cells as "-".
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "table.h"

static char *cell_text(struct cell c)
{
	switch (c.type) {
	case CELL_STR:
		return xstrdup(c.s);
	case CELL_INT:
		return xasprintf("%" PRId64, c.i);
	case CELL_NS:
		return xasprintf("%.3f", c.i / 1e6);
	case CELL_BOOL:
		return xstrdup(c.i ? "yes" : "no");
	case CELL_MS3:
		return xasprintf("%.3f", c.i / 1e3);
	case CELL_NULL:
		break;
	}
	return xstrdup("-");
}

static char *head_text(const struct col *c)
{
	size_t n = strlen(c->key);

	if (c->type == CELL_NS && n > 3 && !strcmp(c->key + n - 3, "_ns"))
		return xasprintf("%.*s_ms", (int)(n - 3), c->key);
	return xstrdup(c->key);
}

/* The column of the rows named @key (a key may name a JSON member too). */
static const struct col *rows_col(const struct table *t, const char *key)
{
	size_t k;

	for (k = 0; k < t->ncols; k++)
		if (COL_IN_ROWS(&t->cols[k]) && !strcmp(t->cols[k].key, key))
			return &t->cols[k];
	return NULL;
}

/* @list "a,b,c" into columns of @t's rows; the error names the first
 * key that is not one. */
static int pick(struct table_text *tt, const char *list, char *err, size_t errlen)
{
	char *copy = xstrdup(list), *save = NULL, *key;
	const struct col *c;
	int rc = 0;

	for (key = strtok_r(copy, ",", &save); key; key = strtok_r(NULL, ",", &save)) {
		c = rows_col(tt->t, key);
		if (!c) {
			snprintf(err, errlen, "%s has no column '%s' (pmscope --tables lists "
				 "them)", tt->t->name, key);
			rc = -1;
			break;
		}
		tt->cols[tt->ncols++] = c;
	}
	free(copy);
	if (rc == 0 && !tt->ncols) {
		snprintf(err, errlen, "no column named for %s", tt->t->name);
		rc = -1;
	}
	return rc;
}

int table_text_init(struct table_text *tt, const struct table *t, const char *columns,
		    char *err, size_t errlen)
{
	size_t k;

	memset(tt, 0, sizeof(*tt));
	tt->t = t;
	tt->cols = xcalloc(t->ncols + (columns ? strlen(columns) : 0) + 1, sizeof(*tt->cols));
	if (columns)
		return pick(tt, columns, err, errlen);
	for (k = 0; k < t->ncols; k++)
		if (COL_IN_ROWS(&t->cols[k]))
			tt->cols[tt->ncols++] = &t->cols[k];
	return 0;
}

void table_text_add(struct table_text *tt, const void *ctx, size_t row)
{
	size_t k;

	if (tt->ncells + tt->ncols > tt->cap) {
		tt->cap = tt->cap ? 2 * tt->cap : 64 * tt->ncols;
		tt->cells = xrealloc(tt->cells, tt->cap * sizeof(*tt->cells));
	}
	for (k = 0; k < tt->ncols; k++)
		tt->cells[tt->ncells++] = cell_text(tt->cols[k]->get(ctx, row));
}

static bool right(const struct col *c)
{
	return c->type != CELL_STR;
}

static void put_line(FILE *f, const struct table_text *tt, char *const *cell, const size_t *w)
{
	size_t k;

	for (k = 0; k < tt->ncols; k++) {
		bool last = k + 1 == tt->ncols;
		int pad = (int)w[k];

		if (right(tt->cols[k]))
			fprintf(f, "%*s", pad, cell[k]);
		else
			fprintf(f, "%-*s", last ? 0 : pad, cell[k]);
		fputs(last ? "\n" : "  ", f);
	}
}

int table_text_write(struct table_text *tt, FILE *f)
{
	size_t *w = xcalloc(tt->ncols, sizeof(*w)), k, i;
	char **head = xcalloc(tt->ncols, sizeof(*head));

	for (k = 0; k < tt->ncols; k++) {
		head[k] = head_text(tt->cols[k]);
		w[k] = strlen(head[k]);
	}
	for (i = 0; i < tt->ncells; i++)
		if (strlen(tt->cells[i]) > w[i % tt->ncols])
			w[i % tt->ncols] = strlen(tt->cells[i]);
	put_line(f, tt, head, w);
	for (i = 0; i < tt->ncells; i += tt->ncols)
		put_line(f, tt, tt->cells + i, w);
	for (k = 0; k < tt->ncols; k++)
		free(head[k]);
	free(head);
	free(w);
	return ferror(f) ? -1 : 0;
}

void table_text_free(struct table_text *tt)
{
	size_t i;

	for (i = 0; i < tt->ncells; i++)
		free(tt->cells[i]);
	free(tt->cells);
	free(tt->cols);
	memset(tt, 0, sizeof(*tt));
}
