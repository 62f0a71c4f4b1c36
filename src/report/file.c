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

/* "DIR/NAME" -> "DIR/.NAME.XXXXXX" TMP_SUFFIX, for mkostemps(). */
static char *tmp_name(const char *path)
{
	char *d = xstrdup(path), *b = xstrdup(path), *tmp;

	tmp = xasprintf("%s/.%s.XXXXXX" TMP_SUFFIX, dirname(d), basename(b));
	free(d);
	free(b);
	return tmp;
}

static void out_clear(struct out_file *o)
{
	free(o->buf);
	free(o->tmp);
	memset(o, 0, sizeof(*o));
}

int out_open(struct out_file *o, const char *path, char *err, size_t errlen)
{
	struct stat sb;
	int fd;

	memset(o, 0, sizeof(*o));
	o->path = path;
	if (!strcmp(path, "-")) {
		o->f = stdout;
		return 0;
	}
	if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode) && !S_ISDIR(sb.st_mode)) {
		/* a device or a FIFO: written where it is */
		fd = open(path, O_WRONLY | O_CLOEXEC);
	} else {
		o->tmp = tmp_name(path);
		fd = mkostemps(o->tmp, (int)strlen(TMP_SUFFIX), O_CLOEXEC);
	}
	if (fd >= 0)
		o->f = open_out(fd, &o->buf);
	if (!o->f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		if (fd >= 0 && o->tmp)
			unlink(o->tmp);
		out_clear(o);
		return -1;
	}
	return 0;
}

void out_abort(struct out_file *o)
{
	if (o->f && o->f != stdout)
		fclose(o->f);
	if (o->tmp)
		unlink(o->tmp);
	out_clear(o);
}

int out_commit(struct out_file *o, char *err, size_t errlen)
{
	const char *path = o->path;

	if (o->f == stdout) {
		if (fflush(stdout) != 0 || ferror(stdout)) {
			snprintf(err, errlen, "standard output: %s", strerror(errno));
			out_clear(o);
			return -1;
		}
		out_clear(o);
		return 0;
	}
	if (fflush(o->f) != 0 || ferror(o->f) || (o->tmp && fsync(fileno(o->f)) != 0)) {
		snprintf(err, errlen, "%s: write failed: %s", path, strerror(errno));
		goto fail;
	}
	if ((o->tmp && fchmod(fileno(o->f), 0644) != 0) || fclose(o->f) != 0) {
		o->f = NULL;	/* fclose() closed it even when it failed */
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		goto fail;
	}
	o->f = NULL;
	if (o->tmp && rename(o->tmp, path) != 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		goto fail;
	}
	out_clear(o);
	return 0;
fail:
	out_abort(o);
	return -1;
}

int write_atomic(const char *path, write_fn fn, const void *ctx, char *err, size_t errlen)
{
	struct out_file o;

	if (out_open(&o, path, err, errlen) < 0)
		return -1;
	if (fn(o.f, ctx) < 0) {
		if (o.f == stdout)
			snprintf(err, errlen, "standard output: %s", strerror(errno));
		else
			snprintf(err, errlen, "%s: write failed: %s", path, strerror(errno));
		out_abort(&o);
		return -1;
	}
	return out_commit(&o, err, errlen);
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
