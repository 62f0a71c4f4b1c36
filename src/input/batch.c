// SPDX-License-Identifier: GPL-2.0
/*
 * Many runs for statistics and comparisons: a lab keeps one run folder
 * (or one log) per suspend test, all in one folder.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "input.h"

/* What pmscope and its users write beside the logs. */
static bool is_report(const char *name)
{
	static const char *const ext[] = { ".json", ".html", ".svg", ".png", ".md", ".pdf" };
	size_t n = strlen(name), i;

	if (name[0] == '.')
		return true;
	for (i = 0; i < ARRAY_SIZE(ext); i++) {
		size_t e = strlen(ext[i]);

		if (n > e && !strcmp(name + n - e, ext[i]))
			return true;
	}
	return false;
}

/*
 * sleepgraph saves a test's log and trace as NAME_dmesg.txt[.gz] and
 * NAME_ftrace.txt[.gz]: the other one's name, or NULL.
 */
static char *sleepgraph_twin(const char *name)
{
	static const char *const kinds[][2] = { { "_dmesg.txt", "_ftrace.txt" },
						{ "_ftrace.txt", "_dmesg.txt" } };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(kinds); i++) {
		const char *k = strstr(name, kinds[i][0]);

		if (k)
			return xasprintf("%.*s%s%s", (int)(k - name), name, kinds[i][1],
					 k + strlen(kinds[i][0]));
	}
	return NULL;
}

static bool exists(const char *path)
{
	struct stat sb;

	return stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
}

/* One run from a run folder, one log, or a log and its trace (@twin). */
static bool read_one(const char *path, bool dir, const char *twin, input_run_fn fn,
		     void *ctx)
{
	struct pm_run *run = run_new();
	struct input_stats st;
	char err[1024];
	int rc;

	rc = dir ? input_read_dir(run, path, &st, err, sizeof(err)) :
		   input_read(run, path, &st, err, sizeof(err));
	if (rc < 0)
		fprintf(stderr, "pmscope: %s\n", err);
	if (twin && input_read(run, twin, &st, err, sizeof(err)) < 0) {
		fprintf(stderr, "pmscope: %s\n", err);
		rc = -1;
	}
	if (twin)
		run_merge_sources(run);	/* as pmscope analyze LOG TRACE does */
	if (rc == 0 || run->ncycles)	/* a partial result still counts */
		fn(run, path, ctx);
	run_free(run);
	return rc == 0;
}

/* A file of @dir: alone, or with its sleepgraph twin (read once, with the log). */
static int read_file(const char *dir, const char *name, input_run_fn fn, void *ctx)
{
	char *path = xasprintf("%s/%s", dir, name), *twin = sleepgraph_twin(name), *tp = NULL;
	int rc = -1;

	if (twin) {
		tp = xasprintf("%s/%s", dir, twin);
		if (!exists(tp)) {
			free(tp);
			tp = NULL;
		}
	}
	if (tp && strstr(name, "_ftrace.txt"))
		rc = 0;		/* its log reads it */
	else
		rc = read_one(path, false, tp, fn, ctx) ? 1 : -1;
	free(path);
	free(twin);
	free(tp);
	return rc;
}

/* Run folders, logs, and folders of those down to @depth more levels
 * (a sleepgraph -multi folder holds one folder per test). */
static size_t read_folder(const char *path, int depth, input_run_fn fn, void *ctx,
			  size_t *nbad)
{
	struct dirent **ents;
	size_t nruns = 0;
	int n, i, rc;

	n = scandir(path, &ents, NULL, alphasort);
	if (n < 0) {
		fprintf(stderr, "pmscope: %s: cannot read the folder: %m\n", path);
		++*nbad;
		return 0;
	}
	for (i = 0; i < n; i++) {
		const char *name = ents[i]->d_name;
		char *sub = xasprintf("%s/%s", path, name);
		struct stat sb;

		if (!is_report(name) && stat(sub, &sb) == 0) {
			if (S_ISDIR(sb.st_mode) && input_is_run_dir(sub)) {
				if (read_one(sub, true, NULL, fn, ctx))
					nruns++;
				else
					++*nbad;
			} else if (S_ISDIR(sb.st_mode) && depth > 0) {
				nruns += read_folder(sub, depth - 1, fn, ctx, nbad);
			} else if (S_ISREG(sb.st_mode)) {
				rc = read_file(path, name, fn, ctx);
				nruns += rc > 0;
				*nbad += rc < 0;
			}
		}
		free(sub);
		free(ents[i]);
	}
	free(ents);
	return nruns;
}

size_t input_each(const char *path, input_run_fn fn, void *ctx, size_t *nbad)
{
	struct stat sb;

	if (strcmp(path, "-") && stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
		if (input_is_run_dir(path))
			return read_one(path, true, NULL, fn, ctx) ? 1 : (++*nbad, 0);
		return read_folder(path, 1, fn, ctx, nbad);
	}
	return read_one(path, false, NULL, fn, ctx) ? 1 : (++*nbad, 0);
}
