// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel log of a capture from /dev/kmsg: every record from the one
 * after arming on, written as dmesg text ("[   12.345678] msg", with the
 * printk caller "[  T123]" when the kernel gives one). /dev/kmsg rather
 * than syslog(2) because its sequence numbers say where arming was, even
 * when the log wrapped meanwhile.
 *
 * A record: "pri,seq,usecs,flags[,caller=T1];text\n" plus dictionary
 * lines that start with a space. /dev/kmsg returns one record per read;
 * a regular file (a test's fake root) is read line by line.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "capture.h"
#include "util.h"

#define KMSG_RECORD_MAX 8192

struct kmsg_src {
	int fd;
	FILE *f;		/* regular file */
	char buf[KMSG_RECORD_MAX];
	unsigned long lost;	/* records overwritten before we read them */
};

static int src_open(struct kmsg_src *s, const struct capture_env *env, char *err,
		    size_t errlen)
{
	char *p = capture_path(env, "/dev/kmsg");
	struct stat sb;
	int rc = -1;

	memset(s, 0, sizeof(*s));
	s->fd = open(p, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (s->fd < 0 || fstat(s->fd, &sb) < 0) {
		snprintf(err, errlen, "%s: %s", p, strerror(errno));
		goto out;
	}
	if (S_ISREG(sb.st_mode) && !(s->f = fdopen(s->fd, "r"))) {
		snprintf(err, errlen, "%s: %s", p, strerror(errno));
		goto out;
	}
	rc = 0;
out:
	if (rc < 0 && s->fd >= 0)
		close(s->fd);
	free(p);
	return rc;
}

static void src_close(struct kmsg_src *s)
{
	if (s->f)
		fclose(s->f);
	else if (s->fd >= 0)
		close(s->fd);
}

/* 1 and a record in s->buf (first line only), 0 at the end, -1 error. */
static int src_next(struct kmsg_src *s)
{
	ssize_t n;

	if (s->f) {
		do {
			if (!fgets(s->buf, sizeof(s->buf), s->f))
				return ferror(s->f) ? -1 : 0;
		} while (s->buf[0] == ' ');
		s->buf[strcspn(s->buf, "\n")] = '\0';
		return 1;
	}
	for (;;) {
		n = read(s->fd, s->buf, sizeof(s->buf) - 1);
		if (n > 0)
			break;
		if (n == 0 || errno == EAGAIN)
			return 0;
		if (errno == EPIPE)	/* overwritten: the next read has the next record */
			continue;
		if (errno != EINTR)
			return -1;
	}
	s->buf[n] = '\0';
	s->buf[strcspn(s->buf, "\n")] = '\0';
	return 1;
}

struct kmsg_rec {
	unsigned long long seq, usecs;
	const char *caller;	/* "T123", NULL none */
	size_t caller_len;
	const char *text;
};

static bool parse_rec(char *line, struct kmsg_rec *r)
{
	char *semi = strchr(line, ';'), *c;
	unsigned int pri;

	if (!semi)
		return false;
	*semi = '\0';
	if (sscanf(line, "%u,%llu,%llu,", &pri, &r->seq, &r->usecs) != 3)
		return false;
	r->caller = NULL;
	c = strstr(line, ",caller=");
	if (c) {
		r->caller = c + 8;
		r->caller_len = strcspn(r->caller, ",");
	}
	r->text = semi + 1;
	return true;
}

int kmsg_next_seq(const struct capture_env *env, uint64_t *seq, char *err, size_t errlen)
{
	struct kmsg_src s;
	struct kmsg_rec r;
	int rc;

	*seq = 0;
	if (src_open(&s, env, err, errlen) < 0)
		return -1;
	while ((rc = src_next(&s)) > 0)
		if (parse_rec(s.buf, &r))
			*seq = r.seq + 1;
	if (rc < 0)
		snprintf(err, errlen, "reading the kernel log: %s", strerror(errno));
	src_close(&s);
	return rc;
}

int kmsg_write(FILE *out, const struct capture_env *env, uint64_t seq, uint64_t end,
	       unsigned long *lost, char *err, size_t errlen)
{
	struct kmsg_src s;
	struct kmsg_rec r;
	int n = 0;

	*lost = 0;
	if (src_open(&s, env, err, errlen) < 0)
		return -1;
	/* a write that failed (a full disk) ends it: the rest would fail too */
	while (!ferror(out) && (n = src_next(&s)) > 0) {
		if (!parse_rec(s.buf, &r) || r.seq < seq)
			continue;
		if (end && r.seq >= end)
			break;
		/* records the log overwrote before they were read */
		if (r.seq > seq)
			s.lost += r.seq - seq;
		seq = r.seq + 1;
		fprintf(out, "[%5llu.%06llu]", r.usecs / 1000000, r.usecs % 1000000);
		if (r.caller)
			fprintf(out, "[%6.*s]", (int)r.caller_len, r.caller);
		fprintf(out, " %s\n", r.text);
	}
	if (n < 0)
		snprintf(err, errlen, "reading the kernel log: %s", strerror(errno));
	*lost = s.lost;
	src_close(&s);
	return n < 0 ? -1 : 0;
}
