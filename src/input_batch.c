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

static bool read_one(const char *path, bool dir, input_run_fn fn, void *ctx)
{
	struct pm_run *run = run_new();
	struct input_stats st;
	char err[1024];
	int rc;

	rc = dir ? input_read_dir(run, path, &st, err, sizeof(err)) :
		   input_read(run, path, &st, err, sizeof(err));
	if (rc < 0)
		fprintf(stderr, "pmscope: %s\n", err);
	if (rc == 0 || run->ncycles)	/* a partial result still counts */
		fn(run, path, ctx);
	run_free(run);
	return rc == 0;
}

static size_t read_folder(const char *path, input_run_fn fn, void *ctx, size_t *nbad)
{
	struct dirent **ents;
	size_t nruns = 0;
	int n, i;

	n = scandir(path, &ents, NULL, alphasort);
	if (n < 0) {
		fprintf(stderr, "pmscope: %s: cannot read the folder: %m\n", path);
		++*nbad;
		return 0;
	}
	for (i = 0; i < n; i++) {
		char *sub = xasprintf("%s/%s", path, ents[i]->d_name);
		struct stat sb;

		if (!is_report(ents[i]->d_name) && stat(sub, &sb) == 0) {
			bool dir = S_ISDIR(sb.st_mode);

			if ((dir && input_is_run_dir(sub)) || S_ISREG(sb.st_mode)) {
				if (read_one(sub, dir, fn, ctx))
					nruns++;
				else
					++*nbad;
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
			return read_one(path, true, fn, ctx) ? 1 : (++*nbad, 0);
		return read_folder(path, fn, ctx, nbad);
	}
	return read_one(path, false, fn, ctx) ? 1 : (++*nbad, 0);
}
