// SPDX-License-Identifier: GPL-2.0
/*
 * The armed state, CAPTURE_ARMED_FILE below the root: what `pmscope arm`
 * or `record` changed, so that `pmscope collect` (another process, maybe
 * after a crash) can put it back. Written atomically before every change.
 *
 *   pmscope-armed 1
 *   owner 4242 981234 record
 *   boot 5c3a9b0e-8d55-4c5e-a3b8-0d6c2f9e4a11
 *   mode mem
 *   kmsg_seq 4711
 *   restore /sys/power/pm_print_times 0
 *
 * "owner": the process at work on it (pid, start time in clock ticks
 * after boot, command); none once arm has handed the capture to the
 * user's collect. An owner that is gone (SIGKILL, or a crash before the
 * restore) left it behind: the next command restores it. "boot": the
 * kernel's boot_id; after a reboot there is nothing left to put back.
 * Paths and values are %XX-escaped (space, control bytes, '%').
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
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

#define BOOT_ID "/proc/sys/kernel/random/boot_id"

/*
 * Field 22 of /proc/PID/stat, the start time, 0 when the process is gone
 * or a zombie (dead, not yet waited for). The real /proc: processes are
 * not below the test root.
 */
static unsigned long long proc_start(int pid)
{
	struct capture_env raw = { .root = "" };
	unsigned long long start = 0;
	char path[64], *stat, *p, state;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	stat = capture_read(&raw, path);
	/* the command name may hold spaces and parentheses: after the last ')' */
	p = stat ? strrchr(stat, ')') : NULL;
	if (p && sscanf(p + 1, " %c %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s "
			"%*s %*s %*s %*s %llu", &state, &start) == 2 &&
	    (state == 'Z' || state == 'X'))
		start = 0;
	free(stat);
	return start;
}

bool capture_owner_alive(const struct capture_owner *o)
{
	if (o->pid <= 0)
		return false;
	if (o->start)
		return proc_start(o->pid) == o->start;
	/* stored without /proc: the pid alone */
	return kill(o->pid, 0) == 0 || errno == EPERM;
}

void capture_read_boot(const struct capture_env *env, char *buf, size_t len)
{
	char *id = capture_read(env, BOOT_ID);

	snprintf(buf, len, "%.*s", id ? (int)strcspn(id, " \n") : 0, id ? id : "");
	free(id);
}

int capture_state_store(const struct capture *c, char *err, size_t errlen)
{
	char *dir = capture_path(c->env, CAPTURE_ARMED_DIR);
	char *path = capture_path(c->env, CAPTURE_ARMED_FILE);
	char *tmp = xasprintf("%s.tmp", path), boot[40];
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
	fputs("pmscope-armed 1\n", f);
	if (c->owned)
		fprintf(f, "owner %d %llu %s\n", (int)getpid(), proc_start((int)getpid()),
			c->env->cmd ? c->env->cmd : "pmscope");
	capture_read_boot(c->env, boot, sizeof(boot));
	if (*boot)
		fprintf(f, "boot %s\n", boot);
	fprintf(f, "mode %s\nkmsg_seq %llu\n", capture_mode_name(c->mode),
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
	if (!strncmp(line, "owner ", 6))
		return sscanf(line, "owner %d %llu %15s", &c->owner.pid, &c->owner.start,
			      c->owner.cmd) == 3 ? 0 : -1;
	if (!strncmp(line, "boot ", 5)) {
		snprintf(c->boot, sizeof(c->boot), "%s", line + 5);
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
	char *tmp = xasprintf("%s.tmp", path);
	int rc = 0;

	if (unlink(path) < 0 && errno != ENOENT) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		rc = -1;
	}
	/* a store a kill cut short */
	unlink(tmp);
	free(tmp);
	/* the directory is ours too; something else in it is left alone */
	rmdir(dir);
	free(dir);
	free(path);
	return rc;
}
