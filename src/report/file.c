// SPDX-License-Identifier: GPL-2.0
/*
 * Output files: a regular file is written to a temporary file beside it
 * and renamed over it, so a reader never sees half a report; a device or
 * a FIFO (/dev/null, a pipe to a viewer) is written in place. The
 * temporary name starts with '.' and ends in TMP_SUFFIX: what a killed
 * run leaves is never taken for a log (readers pass hidden files over),
 * and a run ended by a signal leaves none (out_catch_signals()).
 * Outputs written side by side are put in place together
 * (out_commit_all()): a run folder's reports come from one run.
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/file.h>
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

/*
 * The temporary files open now, for the signal handler, which can reach
 * nothing but globals: each interrupt left one behind (191 MB after
 * four). A slot points at an out_file's path, set once the file exists
 * and cleared once it is renamed (with the handled signals held back) or
 * unlinked, before the path is freed; the handler only reads the slots
 * and unlink()s, both safe in a handler (a name unlinked twice is gone
 * the second time). A forked child (the trace.dat reader) has copies of
 * them: it is not their owner.
 */
#define TMP_LIVE_MAX 16
static char *volatile tmp_live[TMP_LIVE_MAX];
static volatile pid_t tmp_owner;

static void tmp_keep(char *path)
{
	size_t i;

	for (i = 0; i < TMP_LIVE_MAX; i++)
		if (!tmp_live[i]) {
			tmp_live[i] = path;
			return;
		}
	/* more at once than any command writes: this one is left to chance */
}

static void tmp_forget(const char *path)
{
	size_t i;

	for (i = 0; path && i < TMP_LIVE_MAX; i++)
		if (tmp_live[i] == path)
			tmp_live[i] = NULL;
}

static void on_fatal_signal(int sig)
{
	int saved = errno;
	size_t i;

	if (getpid() == tmp_owner)
		for (i = 0; i < TMP_LIVE_MAX; i++)
			if (tmp_live[i])
				unlink(tmp_live[i]);
	signal(sig, SIG_DFL);
	raise(sig);	/* delivered, with its default action, on return */
	errno = saved;
}

/* The signals that end a run and that a user or the system sends while
 * it writes: ^C, a closed terminal or pipe, kill, ulimit -t and -f. */
static const int fatal_signals[] = { SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGXCPU,
				     SIGXFSZ };

void out_catch_signals(void)
{
	struct sigaction sa = { .sa_handler = on_fatal_signal }, old;
	size_t i;

	tmp_owner = getpid();
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < ARRAY_SIZE(fatal_signals); i++)
		if (sigaction(fatal_signals[i], NULL, &old) == 0 && old.sa_handler == SIG_DFL)
			sigaction(fatal_signals[i], &sa, NULL);	/* an ignored one stays so */
}

static void out_clear(struct out_file *o)
{
	tmp_forget(o->tmp);
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
		if (fd >= 0)
			tmp_keep(o->tmp);
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

/* All of @o's bytes on disk and the file closed (standard output:
 * flushed); its temporary file is not in place yet. */
static int out_finish(struct out_file *o, char *err, size_t errlen)
{
	if (o->f == stdout) {
		if (fflush(stdout) != 0 || ferror(stdout)) {
			snprintf(err, errlen, "standard output: %s", strerror(errno));
			return -1;
		}
		o->f = NULL;
		return 0;
	}
	if (fflush(o->f) != 0 || ferror(o->f) || (o->tmp && fsync(fileno(o->f)) != 0)) {
		snprintf(err, errlen, "%s: write failed: %s", o->path, strerror(errno));
		return -1;
	}
	if ((o->tmp && fchmod(fileno(o->f), 0644) != 0) || fclose(o->f) != 0) {
		o->f = NULL;	/* fclose() closed it even when it failed */
		snprintf(err, errlen, "%s: %s", o->path, strerror(errno));
		return -1;
	}
	o->f = NULL;
	return 0;
}

/* @o, finished, in place of its path. */
static int out_place(struct out_file *o, char *err, size_t errlen)
{
	if (o->tmp && rename(o->tmp, o->path) != 0) {
		snprintf(err, errlen, "%s: %s", o->path, strerror(errno));
		return -1;
	}
	tmp_forget(o->tmp);
	free(o->tmp);
	o->tmp = NULL;
	return 0;
}

int out_commit(struct out_file *o, char *err, size_t errlen)
{
	struct out_file *one = o;

	return out_commit_all(&one, 1, NULL, err, errlen);
}

/* @dir locked against another pmscope putting its reports there: the
 * descriptor, -1 when it cannot be (then nothing is waited for). */
static int lock_dir(const char *dir)
{
	int fd = dir ? open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;

	while (fd >= 0 && flock(fd, LOCK_EX) < 0 && errno == EINTR)
		;
	return fd;
}

/*
 * Finished one by one, then renamed into place all together, with the
 * signals that end a run held back and @dir locked: an interrupt or a
 * second run writing the same folder at once never leaves reports of
 * two runs side by side (only SIGKILL between two renames can).
 */
int out_commit_all(struct out_file *const *o, size_t n, const char *dir, char *err,
		   size_t errlen)
{
	sigset_t ending, was;
	size_t i;
	int rc = 0, lock;

	for (i = 0; rc == 0 && i < n; i++)
		rc = out_finish(o[i], err, errlen);
	sigemptyset(&ending);
	for (i = 0; i < ARRAY_SIZE(fatal_signals); i++)
		sigaddset(&ending, fatal_signals[i]);
	sigprocmask(SIG_BLOCK, &ending, &was);
	lock = rc == 0 ? lock_dir(dir) : -1;
	for (i = 0; rc == 0 && i < n; i++)
		rc = out_place(o[i], err, errlen);
	if (lock >= 0)
		close(lock);
	sigprocmask(SIG_SETMASK, &was, NULL);
	for (i = 0; i < n; i++)
		out_abort(o[i]);	/* what is left of a failure; else nothing */
	return rc;
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
	char *why;		/* the renderer's own reason, "" none */
	size_t whylen;
};

static int call_report(FILE *f, const void *ctx)
{
	const struct report_call *c = ctx;

	return c->fn(f, c->run, c->res, c->o, c->why, c->whylen);
}

int write_report(const char *path, report_fn fn, const struct pm_run *run,
		 const struct pm_results *res, const struct report_opts *o, char *err,
		 size_t errlen)
{
	char why[512] = "";
	struct report_call c = { fn, run, res, o, why, sizeof(why) };
	int rc = write_atomic(path, call_report, &c, err, errlen);

	if (rc < 0 && why[0])
		snprintf(err, errlen, "%s: %s", strcmp(path, "-") ? path : "standard output", why);
	return rc;
}
