// SPDX-License-Identifier: GPL-2.0
/*
 * Each cycle's own log lines, for the HTML log viewer (input.h,
 * input_cycle_logs()). The model keeps a line number per callback and
 * message, not the text, so the lines are read again, once per log. A
 * trace holds lines by the million: a cycle keeps at most LOG_LINES_MAX,
 * the run about the budget's bytes, and says what it cut.
 */
#include <stdio.h>
#include <stdlib.h>

#include "input.h"

struct span {
	const char *file;
	unsigned int lo, hi;	/* the cycle's lines in @file */
	unsigned int focus;	/* its longest callback's line, 0 none */
	ns_t focus_len;
};

/* The span of cycle @c in @file, added when new. */
static struct span *span_of(struct span **v, size_t *n, size_t *cap, const char *file)
{
	size_t i;

	for (i = 0; i < *n; i++)
		if ((*v)[i].file == file)
			return &(*v)[i];
	VEC_RESERVE(*v, *n, *cap);
	(*v)[*n] = (struct span){ .file = file, .lo = UINT32_MAX, .focus_len = -1 };
	return &(*v)[(*n)++];
}

static void stretch(struct span *s, unsigned int line)
{
	if (!line)
		return;
	if (line < s->lo)
		s->lo = line;
	if (line > s->hi)
		s->hi = line;
}

static bool rereadable(const char *file)
{
	return file && strcmp(file, "-");
}

/* Where cycle @ci's lines are, per file. */
static size_t cycle_spans(const struct pm_run *run, size_t ci, struct span **v, size_t *cap)
{
	const struct pm_cycle *c = &run->cycles[ci];
	size_t n = 0, i;
	struct span *s;

	if (rereadable(c->file)) {
		s = span_of(v, &n, cap, c->file);
		stretch(s, c->first_line);
		stretch(s, c->last_line);
	}
	for (i = 0; i < c->ncbs; i++) {
		const struct pm_callback *cb = &c->cbs[i];
		ns_t d = cb_duration(cb);

		if (!rereadable(cb_file(run, cb)) || !cb->line)
			continue;
		s = span_of(v, &n, cap, cb_file(run, cb));
		stretch(s, cb->line);
		if (d != NS_NONE && d > s->focus_len) {
			s->focus_len = d;
			s->focus = cb->line;
		}
	}
	for (i = 0; i < c->nmsgs; i++) {
		if (!rereadable(msg_file(run, &c->msgs[i])))
			continue;
		stretch(span_of(v, &n, cap, msg_file(run, &c->msgs[i])), c->msgs[i].line);
	}
	return n;
}

/* The lines each cycle keeps: all, or LOG_LINES_MAX around its focus. */
static void plan(const struct pm_run *run, struct page_extras *px)
{
	struct span *v = NULL;
	size_t cap = 0, lcap = 0, ci, k, n;

	for (ci = 0; ci < run->ncycles; ci++) {
		n = cycle_spans(run, ci, &v, &cap);
		for (k = 0; k < n; k++) {
			struct pm_log *l;
			unsigned int from = v[k].lo, len;

			if (v[k].lo > v[k].hi)
				continue;
			len = v[k].hi - v[k].lo + 1;
			if (len > LOG_LINES_MAX) {
				unsigned int at = v[k].focus ? v[k].focus : v[k].lo;

				from = at > v[k].lo + LOG_LINES_MAX / 2 ? at - LOG_LINES_MAX / 2 : v[k].lo;
				if (from > v[k].hi - LOG_LINES_MAX + 1)
					from = v[k].hi - LOG_LINES_MAX + 1;
				len = LOG_LINES_MAX;
			}
			VEC_RESERVE(px->logs, px->nlogs, lcap);
			l = &px->logs[px->nlogs++];
			*l = (struct pm_log){ .cycle = (int)ci, .file = v[k].file, .first = from,
					      .n = len, .cut_before = from - v[k].lo,
					      .cut_after = v[k].hi - (from + len - 1) };
		}
	}
	free(v);
}

struct fill {
	char *buf;
	size_t len, cap;
	unsigned int got;	/* lines taken */
};

static void put_line(struct fill *f, struct str line, bool too_long)
{
	char tmp[64];

	if (too_long) {
		snprintf(tmp, sizeof(tmp), "[line over %d bytes]", LINE_MAX_BYTES);
		line = str_c(tmp);
	}
	if (line.len > EXCERPT_COLS)
		line.len = EXCERPT_COLS;
	while (f->len + line.len + 2 > f->cap) {
		f->cap = f->cap ? f->cap * 2 : 4096;
		f->buf = xrealloc(f->buf, f->cap);
	}
	if (f->got)
		f->buf[f->len++] = '\n';
	memcpy(f->buf + f->len, line.p, line.len);
	f->len += line.len;
	f->buf[f->len] = '\0';
	f->got++;
}

static int cmp_first(const void *a, const void *b, void *logs)
{
	const struct pm_log *l = logs;
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	if (l[x].first != l[y].first)
		return l[x].first < l[y].first ? -1 : 1;
	return x < y ? -1 : 1;
}

/* The logs of @file, by first line: a pass over the file looks only at
 * the few that cover the line it is at (a run can have 10^4 cycles). */
static size_t logs_of(const struct page_extras *px, const char *file, size_t *idx)
{
	size_t i, m = 0;

	for (i = 0; i < px->nlogs; i++)
		if (px->logs[i].file == file)
			idx[m++] = i;
	if (m)
		qsort_r(idx, m, sizeof(*idx), cmp_first, px->logs);
	return m;
}

/* Fill the logs of @file from one pass over it; *@left bytes may be kept. */
static int read_logs(struct page_extras *px, const struct read_keep *keep, const char *file,
		     size_t *left, char *err, size_t errlen)
{
	struct line_reader *r = reader_open(file, err, errlen);
	struct fill *f = xcalloc(px->nlogs, sizeof(*f));
	size_t *idx = xmalloc(px->nlogs * sizeof(*idx));
	size_t m = logs_of(px, file, idx), lo = 0, k, i;
	struct str line;
	unsigned int ln;
	int rc = -1;

	if (!r)
		goto out;
	reader_use_index(r, read_kept_index(keep, file));
	rc = 0;
	while (lo < m) {
		ln = px->logs[idx[lo]].first;
		if (ln > reader_lineno(r) + 1) {	/* lines before the next log */
			if ((rc = reader_skip(r, ln - 1)) <= 0)
				break;
		}
		if ((rc = reader_next(r, &line)) <= 0)
			break;
		ln = reader_lineno(r);
		while (lo < m && px->logs[idx[lo]].first + px->logs[idx[lo]].n <= ln)
			lo++;	/* passed */
		for (k = lo; k < m && px->logs[idx[k]].first <= ln; k++) {
			struct pm_log *l = &px->logs[idx[k]];

			i = idx[k];
			if (ln >= l->first + l->n || f[i].got != ln - l->first)
				continue;
			if (line.len + 1 > *left) {
				*left = 0;
				continue;
			}
			put_line(&f[i], line, reader_line_too_long(r));
			*left -= line.len + 1;
		}
	}
	rc = reader_close_again(r, rc, err, errlen);
out:
	/* What was not read (budget, a shorter file) counts as cut. */
	for (i = 0; i < px->nlogs; i++) {
		struct pm_log *l = &px->logs[i];

		if (l->file != file)
			continue;
		l->cut_after += l->n - f[i].got;
		l->n = f[i].got;
		l->text = f[i].buf;
	}
	free(f);
	free(idx);
	return rc;
}

int input_cycle_logs(const struct pm_run *run, const struct read_keep *keep, size_t budget,
		     struct page_extras *px, char *err, size_t errlen)
{
	size_t i, k, left = budget;
	int rc = 0;

	plan(run, px);
	for (i = 0; i < px->nlogs; i++) {
		for (k = 0; k < i && px->logs[k].file != px->logs[i].file; k++)
			;
		if (k == i && read_logs(px, keep, px->logs[i].file, &left, err, errlen) < 0)
			rc = -1;
	}
	return rc;
}
