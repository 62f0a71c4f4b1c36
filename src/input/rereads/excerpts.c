// SPDX-License-Identifier: GPL-2.0
/*
 * The log lines around each callback, for the reports' detail views: the
 * model keeps only a file and line per callback, so the lines are read
 * again, once per log, with a small ring of the last lines.
 */
#include <stdio.h>
#include <stdlib.h>

#include "input.h"

#define RING (EXCERPT_BEFORE + EXCERPT_AFTER + 1)
/* A guess at one excerpt's size, to turn the byte budget into a count. */
#define EXCERPT_GUESS (RING * 100)

struct want {
	const char *file;
	unsigned int line;
	ns_t rank;
};

static int cmp_rank(const void *a, const void *b)
{
	const struct want *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank > y->rank ? -1 : 1;
	return place_cmp(x->file, x->line, y->file, y->line);
}

static int cmp_place(const void *a, const void *b)
{
	const struct pm_excerpt *x = a, *y = b;

	return place_cmp(x->file, x->line, y->file, y->line);
}

/* Every callback's line; unfinished ones rank first, they are the riddles. */
static struct want *gather(const struct pm_run *run, size_t *n)
{
	struct want *w = NULL;
	size_t cap = 0, k = 0, i, j;

	for (i = 0; i < run->ncycles; i++) {
		const struct pm_cycle *c = &run->cycles[i];

		for (j = 0; j < c->ncbs; j++) {
			const struct pm_callback *cb = &c->cbs[j];
			ns_t d = cb_duration(cb);

			if (!cb_file(run, cb) || !cb->line || !strcmp(cb_file(run, cb), "-"))
				continue;
			VEC_RESERVE(w, k, cap);
			w[k].file = cb_file(run, cb);
			w[k].line = cb->line;
			w[k++].rank = d == NS_NONE ? INT64_MAX : d;
		}
	}
	*n = k;
	return w;
}

/* The chosen lines, in file and line order, without repeats. */
static void choose(const struct pm_run *run, size_t budget, struct page_extras *px)
{
	size_t n, i, keep = budget / EXCERPT_GUESS;
	struct want *w = gather(run, &n);
	struct pm_excerpt *e;

	if (n)
		qsort(w, n, sizeof(*w), cmp_rank);
	if (n > keep)
		n = keep;
	e = xcalloc(n ? n : 1, sizeof(*e));
	for (i = 0; i < n; i++) {
		e[i].file = w[i].file;
		e[i].line = w[i].line;
	}
	if (n)
		qsort(e, n, sizeof(*e), cmp_place);
	px->nexcerpts = 0;
	for (i = 0; i < n; i++)
		if (!px->nexcerpts || cmp_place(&e[i], &e[px->nexcerpts - 1]))
			e[px->nexcerpts++] = e[i];
	px->excerpts = e;
	free(w);
}

struct ring {
	char text[RING][EXCERPT_COLS + 1];
	unsigned int last;	/* line number of the newest line, 0 none */
};

/* Line @lineno read; its text kept when @keep (an excerpt to come may
 * show it). A text stops at its first NUL, as "%.*s" would. */
static void ring_put(struct ring *r, unsigned int lineno, struct str line, bool too_long,
		     bool keep)
{
	char *slot = r->text[lineno % RING];
	size_t n;

	r->last = lineno;
	if (!keep)
		return;
	if (too_long) {
		snprintf(slot, EXCERPT_COLS + 1, "[line over %d bytes]", LINE_MAX_BYTES);
		return;
	}
	n = strnlen(line.p, line.len < EXCERPT_COLS ? line.len : EXCERPT_COLS);
	memcpy(slot, line.p, n);
	slot[n] = '\0';
}

/* Lines @e->line - BEFORE .. up to @e->line + AFTER, as far as read. */
static void fill(struct pm_excerpt *e, const struct ring *r)
{
	unsigned int from = e->line > EXCERPT_BEFORE ? e->line - EXCERPT_BEFORE : 1;
	unsigned int to = e->line + EXCERPT_AFTER < r->last ? e->line + EXCERPT_AFTER : r->last;
	size_t len = 0;
	unsigned int l;
	char *o;

	if (from + RING <= r->last)	/* fell out of the ring: cannot happen */
		from = r->last - RING + 1;
	for (l = from; l <= to; l++)
		len += strlen(r->text[l % RING]) + 1;
	e->first = from;
	e->text = o = xmalloc(len ? len : 1);
	for (l = from; l <= to; l++) {
		size_t n = strlen(r->text[l % RING]);

		memcpy(o, r->text[l % RING], n);
		o += n;
		*o++ = l == to ? '\0' : '\n';
	}
	if (!len)
		*o = '\0';
}

static int read_file(const struct read_keep *keep, struct pm_excerpt *e, size_t n, char *err,
		     size_t errlen)
{
	struct line_reader *r = reader_open(e[0].file, err, errlen);
	struct ring *ring = xcalloc(1, sizeof(*ring));
	struct str line;
	size_t i = 0;
	int rc = -1;

	if (!r)
		goto out;
	reader_use_index(r, read_kept_index(keep, e[0].file));
	while (i < n) {
		unsigned int ln = e[i].line > EXCERPT_BEFORE ? e[i].line - EXCERPT_BEFORE : 1;

		if (ln > reader_lineno(r) + 1) {	/* lines no excerpt shows */
			rc = reader_skip(r, ln - 1);
			ring->last = reader_lineno(r);
			if (rc <= 0)
				break;
		}
		if ((rc = reader_next(r, &line)) <= 0)
			break;
		ln = reader_lineno(r);

		/* only lines near the next excerpt are copied: the excerpts
		 * come in line order, so no later one shows an earlier line */
		ring_put(ring, ln, line, reader_line_too_long(r),
			 ln + EXCERPT_BEFORE >= e[i].line);
		while (i < n && e[i].line + EXCERPT_AFTER <= ring->last)
			fill(&e[i++], ring);
	}
	for (; i < n && e[i].line <= ring->last; i++)	/* near the end */
		fill(&e[i], ring);
	rc = reader_close_again(r, rc, err, errlen);
out:
	free(ring);
	return rc;
}

int input_excerpts(const struct pm_run *run, const struct read_keep *keep, size_t budget,
		   struct page_extras *px, char *err, size_t errlen)
{
	size_t i = 0, j, k;
	int rc = 0;

	choose(run, budget, px);
	while (i < px->nexcerpts) {
		for (j = i; j < px->nexcerpts && px->excerpts[j].file == px->excerpts[i].file; j++)
			;
		if (read_file(keep, px->excerpts + i, j - i, err, errlen) < 0)
			rc = -1;
		i = j;
	}
	/* Lines the file no longer has (it changed since) keep no entry. */
	for (i = k = 0; i < px->nexcerpts; i++)
		if (px->excerpts[i].text)
			px->excerpts[k++] = px->excerpts[i];
	px->nexcerpts = k;
	return rc;
}
