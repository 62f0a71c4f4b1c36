// SPDX-License-Identifier: GPL-2.0
/*
 * A report's findings, kept as it lists them (struct pm_given): they were
 * made from the kernel's verdict lines and the log's messages, which a
 * report does not hold, so they cannot be made again from it.
 */
#include <stdio.h>
#include <stdlib.h>

#include "report.h"

static int code_of(struct rep *r, struct json_object *v, enum finding_code *out)
{
	const char *s;
	int k;

	if (rv_str(r, v, "code", &s) < 0)
		return -1;
	for (k = 0; s && k < FC_COUNT; k++)
		if (!strcmp(s, finding_codes[k].name)) {
			*out = (enum finding_code)k;
			return 0;
		}
	return rep_error(r, "a finding's \"code\" \"%s\": not one of this pmscope's",
			 s ? s : "null");
}

/* The lines that said it: its first FINDING_SRCS_MAX, as the report. */
static int sources(struct rep *r, struct json_object *v, struct finding *f)
{
	struct json_object *list = json_object_object_get(v, "sources");
	size_t i, n;
	int64_t line, cut;

	if (list && json_object_get_type(list) != json_type_array)
		return rep_error(r, "a finding's \"sources\": not a list");
	n = list ? json_object_array_length(list) : 0;
	for (i = 0; i < n; i++) {
		struct json_object *s = json_object_array_get_idx(list, i);
		const char *file;

		if (rv_object(r, s, "a finding's source") < 0 || rv_str(r, s, "file", &file) < 0 ||
		    rv_int(r, s, "line", 0, UINT32_MAX, 0, &line) < 0)
			return -1;
		if (f->nsrcs < FINDING_SRCS_MAX)
			f->srcs[f->nsrcs++] = (struct finding_src){ file, (unsigned int)line };
	}
	if (rv_int(r, v, "sources_cut", 0, INT64_MAX - FINDING_SRCS_MAX, 0, &cut) < 0)
		return -1;
	f->nsaid = n + (size_t)cut;
	return 0;
}

int rep_finding(struct rep *r, struct findings *fs, struct json_object *v)
{
	struct finding f = { .cb = -1 };
	const char *text;
	int64_t cycle, err, count;

	if (rv_object(r, v, "a finding") < 0 || code_of(r, v, &f.code) < 0 ||
	    rv_int(r, v, "cycle", 0, INT32_MAX, 0, &cycle) < 0 ||
	    rv_str(r, v, "phase", &f.phase) < 0 || rv_str(r, v, "device", &f.device) < 0 ||
	    rv_str(r, v, "driver", &f.driver) < 0 || rv_str(r, v, "function", &f.fn) < 0 ||
	    rv_int(r, v, "error", INT32_MIN, INT32_MAX, 0, &err) < 0 ||
	    rv_int(r, v, "count", 0, INT64_MAX, 1, &count) < 0 ||
	    rv_str(r, v, "text", &text) < 0 || sources(r, v, &f) < 0)
		return -1;
	/* as many as the run's callbacks and the kernel's verdict lines give */
	if (fs->n >= r->in->ro->max_callbacks + RUN_VERDICTS_MAX) {
		r->in->st->bounded = true;
		return rep_error(r, "more than %zu findings: the rest of the file is not read "
				 "(--max-callbacks)", fs->n);
	}
	f.cycle = (int)cycle;
	f.err = (int)err;
	f.count = (size_t)count;
	f.text = xstrdup(text ? text : "");
	VEC_RESERVE(fs->v, fs->n, fs->cap);
	fs->v[fs->n++] = f;
	fs->nsev[finding_sev(&f)]++;
	return 0;
}

struct line_cb {
	uint32_t line;
	size_t cb;
};

static int cmp_line(const void *a, const void *b)
{
	const struct line_cb *x = a, *y = b;

	return x->line < y->line ? -1 : x->line > y->line;
}

/* The callback of @c whose device @f names at a line that said @f. */
static int callback_of(const struct pm_run *run, const struct pm_cycle *c,
		       const struct line_cb *by, const struct finding *f)
{
	size_t i, lo, hi, mid;

	for (i = 0; i < f->nsrcs; i++) {
		for (lo = 0, hi = c->ncbs; lo < hi;) {
			mid = lo + (hi - lo) / 2;
			if (by[mid].line < f->srcs[i].line)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (; lo < c->ncbs && by[lo].line == f->srcs[i].line; lo++) {
			const struct pm_callback *cb = &c->cbs[by[lo].cb];

			if (cb_file(run, cb) == f->srcs[i].file && run->devs[cb->dev].name == f->device)
				return (int)by[lo].cb;
		}
	}
	return -1;
}

void rep_findings_callbacks(struct rep *r)
{
	const struct pm_run *run = r->run;
	size_t i, k;

	for (i = 0; i < r->given->ncycles && i < run->ncycles; i++) {
		const struct pm_cycle *c = &run->cycles[i];
		struct findings *fs = &r->given->cycles[i];
		struct line_cb *by = NULL;

		for (k = 0; k < fs->n; k++) {
			if (!fs->v[k].device || !finding_code_fails_cb(fs->v[k].code))
				continue;
			if (!by) {
				by = xmalloc((c->ncbs ? c->ncbs : 1) * sizeof(*by));
				for (size_t j = 0; j < c->ncbs; j++)
					by[j] = (struct line_cb){ c->cbs[j].line, j };
				qsort(by, c->ncbs, sizeof(*by), cmp_line);
			}
			fs->v[k].cb = callback_of(run, c, by, &fs->v[k]);
		}
		free(by);
	}
}
