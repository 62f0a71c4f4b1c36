// SPDX-License-Identifier: GPL-2.0
/*
 * Many runs for statistics and comparisons: a lab keeps one run folder
 * (or one log) per suspend test, all in one folder. What is a run is
 * input/discover.c's to say, as for every command.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "input.h"

void input_seen_free(struct input_seen *seen)
{
	size_t i;

	for (i = 0; i < seen->n; i++)
		free(seen->files[i].path);
	free(seen->files);
	memset(seen, 0, sizeof(*seen));
}

/* The file @path is, in @sb; false for standard input and what cannot be
 * stat()ed, which are never the same as anything. */
static bool file_of(const char *path, struct stat *sb)
{
	return strcmp(path, "-") && stat(path, sb) == 0;
}

/* The earlier path of a log of @src already read, NULL none. */
static const char *seen_before(const struct input_seen *seen, const struct input_src *src,
			       const char **log)
{
	struct stat sb;
	size_t i, k;

	for (i = 0; i < src->nlogs; i++) {
		if (!file_of(src->logs[i], &sb))
			continue;
		for (k = 0; k < seen->n; k++)
			if (seen->files[k].dev == (uint64_t)sb.st_dev &&
			    seen->files[k].ino == (uint64_t)sb.st_ino) {
				*log = src->logs[i];
				return seen->files[k].path;
			}
	}
	return NULL;
}

static void seen_add(struct input_seen *seen, const struct input_src *src)
{
	struct stat sb;
	size_t i;

	for (i = 0; i < src->nlogs; i++) {
		if (!file_of(src->logs[i], &sb))
			continue;
		VEC_RESERVE(seen->files, seen->n, seen->cap);
		seen->files[seen->n++] = (struct seen_file){ (uint64_t)sb.st_dev,
							     (uint64_t)sb.st_ino,
							     xstrdup(src->logs[i]) };
	}
}

/* The logs seen since @mark, forgotten: a run that counted nothing (its
 * read failed before any cycle) leaves another copy to be counted. */
static void seen_forget(struct input_seen *seen, size_t mark)
{
	while (seen->n > mark)
		free(seen->files[--seen->n].path);
}

/* A log read twice would count its cycles twice: once is the truth. */
static bool again(struct input_seen *seen, const struct input_src *src)
{
	const char *log = NULL, *first = seen_before(seen, src, &log);

	if (first) {
		fprintf(stderr, "pmscope: %s: given more than once%s%s%s, counted once\n", log,
			strcmp(log, first) ? " (read as " : "", strcmp(log, first) ? first : "",
			strcmp(log, first) ? ")" : "");
		return true;
	}
	seen_add(seen, src);
	return false;
}

size_t input_each(const char *path, const struct read_opts *ro, struct input_seen *seen,
		  input_run_fn fn, void *ctx, size_t *nbad)
{
	struct input_found f;
	struct input_stats st;
	size_t i, nruns = 0;
	char err[1024];

	input_find(path, &f);
	for (i = 0; i < f.nskips; i++)
		fprintf(stderr, "pmscope: %s: passed over: %s\n", f.skips[i].path,
			f.skips[i].why);
	if (!f.nruns) {
		struct pm_run *run = run_new();

		fprintf(stderr, "pmscope: %s: no log found\n", path);
		fn(run, path, "no log found", ctx);
		run_free(run);
		++*nbad;
	}
	for (i = 0; i < f.nruns; i++) {
		size_t mark = seen->n;
		struct pm_run *run;
		int rc;

		if (again(seen, &f.runs[i]))
			continue;
		run = run_new();
		rc = input_read_src(run, &f.runs[i], ro, &st, err, sizeof(err));

		if (rc < 0)
			fprintf(stderr, "pmscope: %s\n", err);
		/* a partial result still counts; one with nothing is a run too,
		 * and one with nothing in it a run with no data */
		fn(run, f.runs[i].name, rc < 0 && rc != INPUT_NOTHING ? err : NULL, ctx);
		if (rc == INPUT_NOTHING)
			rc = 0;
		if (rc < 0 && !run->ncycles)
			seen_forget(seen, mark);
		if (rc == 0)
			nruns++;
		else
			++*nbad;
		run_free(run);
	}
	input_found_free(&f);
	return nruns;
}
