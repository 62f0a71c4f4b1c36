// SPDX-License-Identifier: GPL-2.0
/*
 * /etc/pmscope/watch.conf, written by pmscope watch enable and disable,
 * read by the hook before each sleep and after each wake:
 *
 *   enabled: yes
 *   store: /var/lib/pmscope
 *   keep: 1000
 *   max-size: 512M
 *   budget: 60
 *
 * "#" starts a comment; a key not given keeps its default. A file that
 * cannot be read leaves the hook inert: it says why, and the sleep goes on.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util.h"
#include "watch.h"

void watch_conf_default(struct watch_conf *wc)
{
	*wc = (struct watch_conf){ .store = xstrdup(WATCH_STORE), .keep = WATCH_KEEP_DEFAULT,
				   .max_bytes = WATCH_MAX_BYTES_DEFAULT,
				   .budget_s = WATCH_BUDGET_DEFAULT };
}

void watch_conf_free(struct watch_conf *wc)
{
	free(wc->store);
	wc->store = NULL;
}

int watch_size_parse(const char *s, unsigned long long *out)
{
	static const char units[] = "KMGT";
	unsigned long long v;
	const char *u;
	char *end;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (end == s || errno || *s == '-')
		return -1;
	if (*end && (u = strchr(units, *end)) && !end[1]) {
		unsigned int shift = 10 * (unsigned int)(u - units + 1);

		if (v > (~0ULL >> shift))
			return -1;
		v <<= shift;
	} else if (*end) {
		return -1;
	}
	*out = v;
	return 0;
}

/* One "key: value" line; -1 when it is not one pmscope knows. */
static int conf_line(struct watch_conf *wc, const char *key, const char *v)
{
	long n;

	if (!strcmp(key, "enabled")) {
		if (strcmp(v, "yes") && strcmp(v, "no"))
			return -1;
		wc->enabled = !strcmp(v, "yes");
	} else if (!strcmp(key, "store")) {
		if (v[0] != '/')
			return -1;
		free(wc->store);
		wc->store = xstrdup(v);
	} else if (!strcmp(key, "keep")) {
		if (arg_count(v, 1, 1000000, &n) < 0)
			return -1;
		wc->keep = (unsigned long)n;
	} else if (!strcmp(key, "max-size")) {
		if (watch_size_parse(v, &wc->max_bytes) < 0 || !wc->max_bytes)
			return -1;
	} else if (!strcmp(key, "budget")) {
		if (arg_count(v, 1, 3600, &n) < 0)
			return -1;
		wc->budget_s = (unsigned int)n;
	} else {
		return -1;
	}
	return 0;
}

static int conf_parse(struct watch_conf *wc, char *text, const char *path, char *err,
		      size_t errlen)
{
	unsigned int lineno = 0;
	char *line, *next, *colon;

	for (line = text; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		line[strcspn(line, "#")] = '\0';
		if (!str_trim(str_c(line)).len)
			continue;
		colon = strchr(line, ':');
		if (colon) {
			struct str k = str_trim(str_make(line, (size_t)(colon - line)));
			struct str v = str_trim(str_c(colon + 1));
			char *key = xasprintf("%.*s", (int)k.len, k.p);
			char *val = xasprintf("%.*s", (int)v.len, v.p);
			int rc = conf_line(wc, key, val);

			free(key);
			free(val);
			if (rc == 0)
				continue;
		}
		snprintf(err, errlen, "%s:%u: not understood", path, lineno);
		return -1;
	}
	return 0;
}

int watch_conf_load(struct watch_conf *wc, const struct capture_env *env, char *err,
		    size_t errlen)
{
	char *path = capture_path(env, WATCH_CONF), *text;
	int rc;

	watch_conf_default(wc);
	text = capture_read(env, WATCH_CONF);
	if (!text) {
		rc = errno == ENOENT ? 1 : -1;
		if (rc < 0)
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
	} else {
		rc = conf_parse(wc, text, path, err, errlen);
	}
	if (rc < 0)
		wc->enabled = false;
	free(text);
	free(path);
	return rc;
}

int watch_conf_store(const struct watch_conf *wc, const struct capture_env *env, char *err,
		     size_t errlen)
{
	char *text = xasprintf("# pmscope watch (pmscope(1), WATCH): written by 'pmscope watch "
			       "enable' and 'disable'\nenabled: %s\nstore: %s\nkeep: %lu\n"
			       "max-size: %llu\nbudget: %u\n", wc->enabled ? "yes" : "no",
			       wc->store, wc->keep, wc->max_bytes, wc->budget_s);
	int rc = watch_write_file(env, WATCH_CONF, text, err, errlen);

	free(text);
	return rc;
}

/* @path's folders made, as mkdir -p (below the root). */
static int make_parents(const char *path, char *err, size_t errlen)
{
	char *p = xstrdup(path), *s;
	int rc = 0;

	for (s = strchr(p + 1, '/'); s && !rc; s = strchr(s + 1, '/')) {
		*s = '\0';
		if (mkdir(p, 0755) < 0 && errno != EEXIST) {
			snprintf(err, errlen, "%s: %s", p, strerror(errno));
			rc = -1;
		}
		*s = '/';
	}
	free(p);
	return rc;
}

/* The folders above @dir as mkdir -p makes them; @dir itself, when
 * missing, with @mode (one that exists keeps the one it has). */
int watch_mkdirs(const char *dir, mode_t mode, char *err, size_t errlen)
{
	int rc = make_parents(dir, err, errlen);

	if (!rc && mkdir(dir, mode) < 0 && errno != EEXIST) {
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		rc = -1;
	}
	return rc;
}

int watch_write_file(const struct capture_env *env, const char *path, const char *text,
		     char *err, size_t errlen)
{
	char *p = capture_path(env, path), *tmp = xasprintf("%s.tmp", p);
	size_t len = strlen(text), done = 0;
	int fd = -1, rc = -1;
	ssize_t w;

	if (make_parents(p, err, errlen) < 0)
		goto out;
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		goto fail;
	while (done < len) {
		w = write(fd, text + done, len - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			if (!w)
				errno = ENOSPC;
			goto fail;
		}
		done += (size_t)w;
	}
	if (fsync(fd) < 0 || close(fd) < 0) {
		fd = -1;
		goto fail;
	}
	fd = -1;
	if (rename(tmp, p) < 0)
		goto fail;
	rc = 0;
	goto out;
fail:
	snprintf(err, errlen, "%s: %s", p, strerror(errno));
	if (fd >= 0)
		close(fd);
	unlink(tmp);
out:
	free(tmp);
	free(p);
	return rc;
}

void watch_say(const struct capture_env *env, const char *fmt, ...)
{
	char msg[2048], *line;
	struct timespec ts;
	char e[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fprintf(stderr, "pmscope watch: %s\n", msg);
	clock_gettime(CLOCK_REALTIME, &ts);
	line = xasprintf("%lld %s\n", (long long)ts.tv_sec, msg);
	watch_write_file(env, WATCH_LAST_PROBLEM, line, e, sizeof(e));
	free(line);
}
