// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report.h"

int write_atomic(const char *path, write_fn fn, const void *ctx, char *err, size_t errlen)
{
	char *tmp = NULL;
	FILE *f = NULL;
	int fd, rc = -1;

	if (strcmp(path, "-") == 0) {
		if (fn(stdout, ctx) < 0 || fflush(stdout) != 0 || ferror(stdout)) {
			snprintf(err, errlen, "standard output: %s", strerror(errno));
			return -1;
		}
		return 0;
	}
	tmp = xasprintf("%s.tmpXXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		goto out;
	}
	f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		goto out_unlink;
	}
	if (fn(f, ctx) < 0 || fflush(f) != 0 || ferror(f) || fsync(fileno(f)) != 0) {
		snprintf(err, errlen, "%s: write failed: %s", path, strerror(errno));
		fclose(f);
		goto out_unlink;
	}
	if (fchmod(fileno(f), 0644) != 0 || fclose(f) != 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		goto out_unlink;
	}
	if (rename(tmp, path) != 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		goto out_unlink;
	}
	rc = 0;
	goto out;
out_unlink:
	unlink(tmp);
out:
	free(tmp);
	return rc;
}

struct report_call {
	report_fn fn;
	const struct pm_run *run;
	const struct pm_results *res;
	const struct report_opts *o;
};

static int call_report(FILE *f, const void *ctx)
{
	const struct report_call *c = ctx;

	return c->fn(f, c->run, c->res, c->o);
}

int write_report(const char *path, report_fn fn, const struct pm_run *run,
		 const struct pm_results *res, const struct report_opts *o, char *err,
		 size_t errlen)
{
	struct report_call c = { fn, run, res, o };

	return write_atomic(path, call_report, &c, err, errlen);
}
