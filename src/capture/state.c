// SPDX-License-Identifier: GPL-2.0
/*
 * The armed state, CAPTURE_ARMED_FILE below the root: what `pmscope arm`
 * changed, so that `pmscope collect` (another process, maybe after a
 * crash) can put it back. Written atomically after every change.
 *
 *   pmscope-armed 1
 *   mode mem
 *   kmsg_seq 4711
 *   restore /sys/power/pm_print_times 0
 *
 * Paths and values are %XX-escaped (space, control bytes, '%').
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "capture.h"
#include "util.h"

static void put_escaped(FILE *f, const char *s)
{
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch <= ' ' || ch == '%' || ch >= 0x7f)
			fprintf(f, "%%%02X", ch);
		else
			fputc(ch, f);
	}
}

/* In place; returns false on a bad escape. */
static bool unescape(char *s)
{
	char *o = s;
	unsigned int v;

	for (; *s; s++) {
		if (*s != '%') {
			*o++ = *s;
			continue;
		}
		if (sscanf(s + 1, "%2x", &v) != 1 || !s[1] || !s[2] || !v)
			return false;
		*o++ = (char)v;
		s += 2;
	}
	*o = '\0';
	return true;
}

int capture_state_store(const struct capture *c, char *err, size_t errlen)
{
	char *dir = capture_path(c->env, CAPTURE_ARMED_DIR);
	char *path = capture_path(c->env, CAPTURE_ARMED_FILE);
	char *tmp = xasprintf("%s.tmp", path);
	FILE *f = NULL;
	int fd, rc = -1;
	size_t i;

	if (mkdir(dir, 0700) < 0 && errno != EEXIST) {
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		goto out;
	}
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0 || !(f = fdopen(fd, "w"))) {
		snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
		if (fd >= 0)
			close(fd);
		goto out;
	}
	fprintf(f, "pmscope-armed 1\nmode %s\nkmsg_seq %llu\n", capture_mode_name(c->mode),
		(unsigned long long)c->kmsg_seq);
	for (i = 0; i < c->saved.n; i++) {
		fputs("restore ", f);
		put_escaped(f, c->saved.v[i].path);
		fputc(' ', f);
		put_escaped(f, c->saved.v[i].value);
		fputc('\n', f);
	}
	if (fflush(f) != 0 || ferror(f) || fsync(fileno(f)) != 0) {
		snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
		fclose(f);
		unlink(tmp);
		goto out;
	}
	fclose(f);
	if (rename(tmp, path) != 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		unlink(tmp);
		goto out;
	}
	rc = 0;
out:
	free(tmp);
	free(path);
	free(dir);
	return rc;
}

static int load_line(struct capture *c, char *line)
{
	char *sp, *val;
	unsigned long long seq;

	line[strcspn(line, "\n")] = '\0';
	if (!*line || !strcmp(line, "pmscope-armed 1"))
		return 0;
	if (!strncmp(line, "mode ", 5))
		return capture_mode_parse(line + 5, &c->mode);
	if (sscanf(line, "kmsg_seq %llu", &seq) == 1) {
		c->kmsg_seq = seq;
		return 0;
	}
	if (strncmp(line, "restore ", 8))
		return -1;
	sp = strchr(line + 8, ' ');
	if (!sp)
		return -1;
	*sp = '\0';
	val = sp + 1;
	if (!unescape(line + 8) || !unescape(val) || line[8] != '/')
		return -1;
	VEC_RESERVE(c->saved.v, c->saved.n, c->saved.cap);
	c->saved.v[c->saved.n].path = xstrdup(line + 8);
	c->saved.v[c->saved.n].value = xstrdup(val);
	c->saved.n++;
	return 0;
}

int capture_state_load(struct capture *c, const struct capture_env *env, char *err,
		       size_t errlen)
{
	char *path = capture_path(env, CAPTURE_ARMED_FILE), *line = NULL;
	unsigned int lineno = 0;
	size_t cap = 0;
	FILE *f;
	int rc = -1;

	memset(c, 0, sizeof(*c));
	c->env = env;
	f = fopen(path, "re");
	if (!f) {
		rc = errno == ENOENT ? 1 : -1;
		if (rc < 0)
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
		goto out;
	}
	while (getline(&line, &cap, f) > 0) {
		lineno++;
		if (load_line(c, line) < 0) {
			snprintf(err, errlen, "%s:%u: not understood; it is removed by "
				 "'pmscope collect --restore' after the lines before it are restored",
				 path, lineno);
			goto out_close;
		}
	}
	c->armed = true;
	rc = 0;
out_close:
	fclose(f);
out:
	free(line);
	free(path);
	return rc;
}

int capture_state_remove(const struct capture_env *env, char *err, size_t errlen)
{
	char *path = capture_path(env, CAPTURE_ARMED_FILE);
	char *dir = capture_path(env, CAPTURE_ARMED_DIR);
	int rc = 0;

	if (unlink(path) < 0 && errno != ENOENT) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		rc = -1;
	}
	/* the directory is ours too; something else in it is left alone */
	rmdir(dir);
	free(dir);
	free(path);
	return rc;
}
