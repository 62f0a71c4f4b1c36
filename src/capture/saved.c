// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel files through the capture root, and the list of saved settings:
 * each file's value before pmscope first wrote it, put back newest first.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "capture.h"
#include "util.h"

char *capture_path(const struct capture_env *env, const char *path)
{
	return xasprintf("%s%s", env->root ? env->root : "", path);
}

bool capture_exists(const struct capture_env *env, const char *path)
{
	char *p = capture_path(env, path);
	bool ok = access(p, F_OK) == 0;

	free(p);
	return ok;
}

char *capture_read(const struct capture_env *env, const char *path)
{
	char *p = capture_path(env, path), *buf = NULL;
	size_t len = 0, cap = 0;
	int fd = open(p, O_RDONLY | O_CLOEXEC), e;
	ssize_t n;

	free(p);
	if (fd < 0)
		return NULL;
	for (;;) {
		VEC_RESERVE(buf, len + 4096, cap);
		n = read(fd, buf + len, cap - len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += (size_t)n;
	}
	e = errno;
	close(fd);
	if (n < 0) {
		free(buf);
		errno = e;
		return NULL;
	}
	buf[len] = '\0';
	return buf;
}

/* Sysfs and tracefs take one write with a trailing newline. */
int capture_write(const struct capture_env *env, const char *path, const char *value,
		  char *err, size_t errlen)
{
	char *p = capture_path(env, path), *line = xasprintf("%s\n", value);
	size_t len = strlen(line), done;
	int fd, rc = -1;
	ssize_t n;

	fd = open(p, O_WRONLY | O_TRUNC | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", p, strerror(errno));
		goto out;
	}
	/* tracefs filter files take one word per write() and say so */
	for (done = 0; done < len; done += (size_t)n) {
		do
			n = write(fd, line + done, len - done);
		while (n < 0 && errno == EINTR);
		if (n <= 0) {
			snprintf(err, errlen, "writing '%s' to %s: %s", value, p,
				 n < 0 ? strerror(errno) : "nothing written");
			close(fd);
			goto out;
		}
	}
	if (close(fd) != 0) {
		snprintf(err, errlen, "writing '%s' to %s: %s", value, p, strerror(errno));
		goto out;
	}
	if (env->fake && env->fake->written)
		env->fake->written(p, value, env->fake->arg);
	rc = 0;
out:
	free(line);
	free(p);
	return rc;
}

static bool ends_with(const char *s, const char *tail)
{
	size_t a = strlen(s), b = strlen(tail);

	return a >= b && !strcmp(s + a - b, tail);
}

/*
 * Files listing choices mark the current one: "s2idle [deep]",
 * "[none] core processors ..." -> "deep", "none". An unset RTC alarm
 * reads empty and is cleared with "0". A top-level buffer the kernel has
 * not allocated yet, "7 (expanded: 1408)", restores to the size it would
 * have had: "1408" (see restore_buffer_size()). Otherwise the first line.
 */
char *saved_restore_value(const char *path, const char *content)
{
	const char *open = strchr(content, '['), *close, *exp;
	unsigned long kb;
	struct str s;

	if (ends_with(path, "/buffer_size_kb") && (exp = strstr(content, "(expanded: ")) &&
	    sscanf(exp, "(expanded: %lu)", &kb) == 1)
		return xasprintf("%lu", kb);
	if (open && (close = strchr(open, ']')) && close > open + 1)
		return xasprintf("%.*s", (int)(close - open - 1), open + 1);
	s = str_c(content);
	if (memchr(s.p, '\n', s.len))
		s.len = (size_t)((const char *)memchr(s.p, '\n', s.len) - s.p);
	s = str_trim(s);
	if (!s.len && ends_with(path, "/wakealarm"))
		return xstrdup("0");
	return xasprintf("%.*s", (int)s.len, s.p);
}

static struct saved_setting *find(struct saved_settings *s, const char *path)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (!strcmp(s->v[i].path, path))
			return &s->v[i];
	return NULL;
}

int saved_set(struct saved_settings *s, const struct capture_env *env, const char *path,
	      const char *value, char *err, size_t errlen)
{
	char *old;

	if (!find(s, path)) {
		old = capture_read(env, path);
		if (!old) {
			char *p = capture_path(env, path);

			snprintf(err, errlen, "%s: %s", p, strerror(errno));
			free(p);
			return -1;
		}
		VEC_RESERVE(s->v, s->n, s->cap);
		s->v[s->n].path = xstrdup(path);
		s->v[s->n].value = saved_restore_value(path, old);
		s->n++;
		free(old);
	}
	if (!value)
		return 0;
	return capture_write(env, path, value, err, errlen);
}

/*
 * The top-level buffer's size: a kernel that still shows "(expanded: N)"
 * was left as it was, and one that shows the saved size has it already;
 * otherwise the capture made it expand (enabling an event anywhere does
 * on 6.1), at whatever size the instance's write left, and the user gets
 * the size the first tracing would have given them. "X" (CPUs of
 * different sizes) is no size to write back: per_cpu/ was not touched.
 */
static int restore_buffer_size(const struct capture_env *env, const struct saved_setting *st,
			       char *err, size_t errlen)
{
	char *now = capture_read(env, st->path);
	unsigned long kb;
	char end;
	int rc = 0;

	if (now && !strstr(now, "(expanded: ") && sscanf(st->value, "%lu%c", &kb, &end) == 1 &&
	    strtoul(now, NULL, 10) != kb)
		rc = capture_write(env, st->path, st->value, err, errlen);
	free(now);
	return rc;
}

/* An alarm cannot be set over a pending one: clear it first. */
static int restore_one(const struct capture_env *env, const struct saved_setting *st,
		       char *err, size_t errlen)
{
	if (ends_with(st->path, "/buffer_size_kb"))
		return restore_buffer_size(env, st, err, errlen);
	if (ends_with(st->path, "/wakealarm") && strcmp(st->value, "0") &&
	    capture_write(env, st->path, "0", err, errlen) < 0)
		return -1;
	return capture_write(env, st->path, st->value, err, errlen);
}

int saved_restore(struct saved_settings *s, const struct capture_env *env,
		  char *err, size_t errlen)
{
	char e[512];
	int rc = 0;

	while (s->n) {
		struct saved_setting *st = &s->v[s->n - 1];

		if (restore_one(env, st, e, sizeof(e)) < 0) {
			if (!rc)
				snprintf(err, errlen, "could not restore: %s", e);
			rc = -1;
		}
		free(st->path);
		free(st->value);
		s->n--;
	}
	return rc;
}

void saved_free(struct saved_settings *s)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		free(s->v[i].path);
		free(s->v[i].value);
	}
	free(s->v);
	memset(s, 0, sizeof(*s));
}
