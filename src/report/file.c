// SPDX-License-Identifier: GPL-2.0
/*
 * Output files: a regular file is written to a temporary file beside it
 * and renamed over it, so a reader never sees half a report; a device or
 * a FIFO (/dev/null, a pipe to a viewer) is written in place. The
 * temporary name starts with '.' and ends in TMP_SUFFIX: what a killed
 * run leaves is never taken for a log (readers pass hidden files over).
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report.h"

#define TMP_SUFFIX ".pmscope-tmp"
/* Reports reach 100 MB: a large buffer keeps the writes few (each one is
 * a system call, costly in a VM). */
#define OUT_BUF (256 * 1024)

/* A stream on @fd with its buffer in @buf, which the caller frees after
 * fclose(). */
static FILE *open_out(int fd, char **buf)
{
	FILE *f = fdopen(fd, "w");

	*buf = NULL;
	if (f) {
		*buf = xmalloc(OUT_BUF);
		setvbuf(f, *buf, _IOFBF, OUT_BUF);
	}
	return f;
}

int output_is_input(const char *out, const char *const *inputs, size_t n, char *err,
		    size_t errlen)
{
	struct stat so, si;
	size_t i;

	if (!strcmp(out, "-") || stat(out, &so) < 0 || !S_ISREG(so.st_mode))
		return 0;	/* a new file, stdout, or a device: nothing to lose */
	for (i = 0; i < n; i++) {
		if (!inputs[i] || !strcmp(inputs[i], "-") || stat(inputs[i], &si) < 0)
			continue;
		if (si.st_dev == so.st_dev && si.st_ino == so.st_ino) {
			snprintf(err, errlen, "%s is the input %s: it would be replaced by the "
				 "report; give another output name", out, inputs[i]);
			return -1;
		}
	}
	return 0;
}

/* "DIR/NAME" -> "DIR/.NAME.XXXXXX" TMP_SUFFIX, for mkostemps(). */
static char *tmp_name(const char *path)
{
	char *d = xstrdup(path), *b = xstrdup(path), *tmp;

	tmp = xasprintf("%s/.%s.XXXXXX" TMP_SUFFIX, dirname(d), basename(b));
	free(d);
	free(b);
	return tmp;
}

/* Not a regular file (a device, a FIFO): written where it is. */
static int write_in_place(const char *path, write_fn fn, const void *ctx, char *err,
			  size_t errlen)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), rc = -1;
	char *buf = NULL;
	FILE *f = fd < 0 ? NULL : open_out(fd, &buf);

	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		goto out;
	}
	if (fn(f, ctx) < 0 || fflush(f) != 0 || ferror(f)) {
		snprintf(err, errlen, "%s: write failed: %s", path, strerror(errno));
		fclose(f);
		goto out;
	}
	if (fclose(f) != 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		goto out;
	}
	rc = 0;
out:
	free(buf);
	return rc;
}

int write_atomic(const char *path, write_fn fn, const void *ctx, char *err, size_t errlen)
{
	char *tmp = NULL, *buf = NULL;
	FILE *f = NULL;
	struct stat sb;
	int fd, rc = -1;

	if (strcmp(path, "-") == 0) {
		if (fn(stdout, ctx) < 0 || fflush(stdout) != 0 || ferror(stdout)) {
			snprintf(err, errlen, "standard output: %s", strerror(errno));
			return -1;
		}
		return 0;
	}
	if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode) && !S_ISDIR(sb.st_mode))
		return write_in_place(path, fn, ctx, err, errlen);
	tmp = tmp_name(path);
	fd = mkostemps(tmp, (int)strlen(TMP_SUFFIX), O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		goto out;
	}
	f = open_out(fd, &buf);
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
	free(buf);
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
