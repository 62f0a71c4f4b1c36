// SPDX-License-Identifier: GPL-2.0
/*
 * Saving the run folder (pmscope(1), Run folders) so that a full disk, a
 * file size limit or a kill while saving leaves nothing unsaid:
 *
 * - sys/facts.txt comes first, with room set aside for its last version
 *   (fallocate), and names each file not yet saved whole,
 *   "capture.cut.FILE: why"; it is written again, over itself, after each
 *   file. The reader (input/capfacts.c) turns those lines into warnings.
 *   A kill leaves the files it did not get to named.
 * - then the small files, dmesg.txt, trace.txt and trace.dat (the raw
 *   buffer, which reading empties: after trace.txt). A file that cannot
 *   be written to its end keeps what it got, and the others are still
 *   saved.
 * - trace.dat goes to a temporary file renamed once whole: it is whole or
 *   absent, never cut (capture/tracedat.c), and trace.txt has its events.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <tracefs.h>

#include "capture.h"
#include "util.h"

/* sys/facts.txt is a few KB: the kernel command line, DMI, /sys/power */
#define FACTS_ROOM (16 << 10)
#define RUN_FILES_MAX 5

enum { FILE_PENDING, FILE_SAVED, FILE_CUT };

struct run_file {
	const char *name;
	int (*write)(FILE *f, struct capture *c, char *err, size_t errlen);
	int state;
	char why[256];
};

struct run_folder {
	struct capture *c;
	const char *dir;
	int facts_fd;		/* -1 when it could not be made */
	int facts_error;	/* the first errno writing it */
	off_t facts_len;	/* what it holds */
	char *head;		/* its lines that stay */
	size_t head_len;
	struct run_file files[RUN_FILES_MAX];
	size_t n;
};

/* A file's writes, with the first error: stdio would not keep its errno. */
struct sink {
	int fd;
	int error;
};

/* fopencookie(3): the bytes taken, 0 on an error (never negative). */
static ssize_t sink_write(void *cookie, const char *buf, size_t n)
{
	struct sink *s = cookie;
	size_t done = 0;
	ssize_t w;

	while (done < n && !s->error) {
		w = write(s->fd, buf + done, n - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			s->error = w < 0 ? errno : ENOSPC;
		else
			done += (size_t)w;
	}
	return (ssize_t)done;
}

static int sink_close(void *cookie)
{
	struct sink *s = cookie;

	if (close(s->fd) != 0 && !s->error)
		s->error = errno;
	return 0;
}

static int pwrite_all(int fd, const char *p, size_t n, off_t at)
{
	ssize_t w;

	while (n) {
		w = pwrite(fd, p, n, at);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			if (!w)
				errno = ENOSPC;
			return -1;
		}
		p += w;
		n -= (size_t)w;
		at += w;
	}
	return 0;
}

/*
 * sys/facts.txt again from its start: the lines that stay, then each file
 * not saved whole. It never shrinks but at the end: what the last version
 * held past the new one becomes empty lines (the reader skips them), for a
 * shorter file would give back the room set aside for the next version.
 */
static void facts_write(struct run_folder *rf, bool last)
{
	char *buf = NULL;
	size_t len = 0, i;
	FILE *m;

	if (rf->facts_fd < 0 || !(m = open_memstream(&buf, &len)))
		return;
	fwrite(rf->head, 1, rf->head_len, m);
	for (i = 0; i < rf->n; i++) {
		const struct run_file *e = &rf->files[i];

		if (e->state != FILE_SAVED)
			fprintf(m, "capture.cut.%s: %s\n", e->name, e->state == FILE_CUT ? e->why :
				"pmscope ended before it was saved whole");
	}
	if (fclose(m) != 0)
		return;
	if (!last && (off_t)len < rf->facts_len) {
		buf = xrealloc(buf, (size_t)rf->facts_len);
		memset(buf + len, '\n', (size_t)rf->facts_len - len);
		len = (size_t)rf->facts_len;
	}
	if (pwrite_all(rf->facts_fd, buf, len, 0) < 0 ||
	    (last && ftruncate(rf->facts_fd, (off_t)len) < 0)) {
		if (!rf->facts_error)
			rf->facts_error = errno;
	} else if ((off_t)len > rf->facts_len) {
		rf->facts_len = (off_t)len;
	}
	free(buf);
}

static void facts_open(struct run_folder *rf)
{
	char *path = xasprintf("%s/sys/facts.txt", rf->dir);

	rf->facts_fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (rf->facts_fd < 0)
		rf->facts_error = errno;
	/* a file system without fallocate: the room is what the first version takes */
	else if (fallocate(rf->facts_fd, FALLOC_FL_KEEP_SIZE, 0, FACTS_ROOM) < 0)
		errno = 0;
	free(path);
	facts_write(rf, false);
}

static void facts_add(struct run_folder *rf, const char *line)
{
	size_t n = strlen(line);

	rf->head = xrealloc(rf->head, rf->head_len + n + 1);
	memcpy(rf->head + rf->head_len, line, n + 1);
	rf->head_len += n;
}

static void save_file(struct run_folder *rf, struct run_file *e)
{
	static const cookie_io_functions_t io = { .write = sink_write, .close = sink_close };
	char *path = xasprintf("%s/%s", rf->dir, e->name), why[sizeof(e->why)] = "";
	struct sink s = { .fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644) };
	FILE *f = NULL;
	int rc = -1;

	if (s.fd < 0) {
		s.error = errno;
	} else if (!(f = fopencookie(&s, "w", io))) {
		s.error = errno;
		close(s.fd);
	} else {
		rc = e->write(f, rf->c, why, sizeof(why));
		fclose(f);	/* the last failed write, if any, is in s.error */
	}
	if (s.error || rc < 0) {
		e->state = FILE_CUT;
		snprintf(e->why, sizeof(e->why), "%s", s.error ? strerror(s.error) : why);
		fprintf(stderr, "pmscope: %s not saved whole: %s\n", path, e->why);
	} else {
		e->state = FILE_SAVED;
	}
	free(path);
	facts_write(rf, false);
}

static int write_devices(FILE *f, struct capture *c, char *err, size_t errlen)
{
	return devices_write(f, c->env, err, errlen);
}

static int write_devlinks(FILE *f, struct capture *c, char *err, size_t errlen)
{
	return devlinks_write(f, c->env, err, errlen);
}

static int write_sleep_stats(FILE *f, struct capture *c, char *err, size_t errlen)
{
	return sleep_stats_write(f, c, err, errlen);
}

static int write_dmesg(FILE *f, struct capture *c, char *err, size_t errlen)
{
	return kmsg_write(f, c->env, c->kmsg_seq, c->kmsg_end, &c->kmsg_lost, err, errlen);
}

/* The instance's trace file, as the kernel prints it. */
static int write_trace(FILE *f, struct capture *c, char *err, size_t errlen)
{
	char *path = tracefs_instance_get_file(c->inst, "trace"), buf[65536];
	int fd = path ? open(path, O_RDONLY | O_CLOEXEC) : -1, rc = -1;
	ssize_t n = 0;

	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", path ? path : "trace", strerror(errno));
		goto out;
	}
	/* a write that failed (a full disk) ends it: the rest would fail too */
	while (!ferror(f) && ((n = read(fd, buf, sizeof(buf))) > 0 || (n < 0 && errno == EINTR)))
		if (n > 0)
			fwrite(buf, 1, (size_t)n, f);
	if (n < 0) {
		snprintf(err, errlen, "reading %s: %s", path, strerror(errno));
		goto out;
	}
	rc = 0;
out:
	if (fd >= 0)
		close(fd);
	tracefs_put_tracing_file(path);
	return rc;
}

/* Events the ring buffer dropped because it was full, from per_cpu/cpuN/stats. */
static unsigned long long trace_overrun(struct capture *c)
{
	unsigned long long sum = 0, v;
	char name[64], *stats, *p;
	int cpu;

	for (cpu = 0; cpu < 4096; cpu++) {
		snprintf(name, sizeof(name), "per_cpu/cpu%d/stats", cpu);
		if (!tracefs_file_exists(c->inst, name))
			break;
		stats = tracefs_instance_file_read(c->inst, name, NULL);
		p = stats ? strstr(stats, "overrun: ") : NULL;
		if (p && sscanf(p + 9, "%llu", &v) == 1)
			sum += v;
		free(stats);
	}
	return sum;
}

/* The lines of sys/facts.txt that stay: the system, and how the trace was taken. */
static char *facts_head(struct capture *c)
{
	static const char *const files[] = { "trace_clock", "buffer_size_kb", "current_tracer" };
	char *sys = facts_text(c->env), *buf = NULL;
	size_t len = 0, i;
	FILE *m = open_memstream(&buf, &len);

	if (!m)
		return sys;
	fprintf(m, "%s%scapture.mode: %s\ncapture.instance: %s\n", sys,
		c->facts_extra ? c->facts_extra : "", capture_mode_name(c->mode),
		c->inst ? CAPTURE_INSTANCE : "-");
	if (c->inst)
		fprintf(m, "capture.trace_overrun: %llu\n", c->overrun);
	for (i = 0; c->inst && i < ARRAY_SIZE(files); i++) {
		char *v = tracefs_instance_file_read(c->inst, files[i], NULL);

		if (v)
			fprintf(m, "capture.%s: %.*s\n", files[i], (int)strcspn(v, "\n"), v);
		free(v);
	}
	fclose(m);
	free(sys);
	return buf;
}

/*
 * After trace.txt: reading the raw buffer empties it. A trace.dat that
 * cannot be written is said and left out; trace.txt holds the same events.
 */
static void save_tracedat(struct capture *c, const char *dir)
{
	char *tracer = tracefs_instance_file_read(c->inst, "current_tracer", NULL);
	char *path = xasprintf("%s/trace.dat", dir), e[1024];
	bool graph = tracer && !strncmp(tracer, "function_graph", 14);

	if (tracedat_save(c, path, graph, e, sizeof(e)) < 0)
		fprintf(stderr, "pmscope: no trace.dat (trace.txt has the events): %s\n", e);
	free(path);
	free(tracer);
}

static void add_file(struct run_folder *rf, const char *name,
		     int (*write)(FILE *, struct capture *, char *, size_t))
{
	rf->files[rf->n++] = (struct run_file){ .name = name, .write = write };
}

/* Tracing stops; what the instance says goes to the head of sys/facts.txt. */
static void stop_tracing(struct capture *c)
{
	char e[512];

	if (capture_find_instance(c) < 0) {
		fprintf(stderr, "pmscope: no tracing instance %s: the run folder has no trace.txt\n",
			CAPTURE_INSTANCE);
		return;
	}
	capture_inst_write(c, "tracing_on", "0", e, sizeof(e));
	c->overrun = trace_overrun(c);
	if (c->overrun)
		fprintf(stderr, "pmscope: the trace buffer was full: %llu events lost "
			"(a larger --buffer-kb)\n", c->overrun);
}

/* The last sys/facts.txt; 0 when every file was saved whole, 1 and @err otherwise. */
static int folder_end(struct run_folder *rf, char *err, size_t errlen)
{
	size_t i, at = 0;

	facts_write(rf, true);
	if (rf->facts_fd >= 0 && close(rf->facts_fd) != 0 && !rf->facts_error)
		rf->facts_error = errno;
	err[0] = '\0';
	for (i = 0; i < rf->n && at < errlen; i++)
		if (rf->files[i].state != FILE_SAVED)
			at += (size_t)snprintf(err + at, errlen - at, "%s%s: %s", at ? "; " : "",
					       rf->files[i].name, rf->files[i].why);
	if (rf->facts_error && at < errlen)
		at += (size_t)snprintf(err + at, errlen - at, "%ssys/facts.txt: %s%s", at ? "; " : "",
				       strerror(rf->facts_error),
				       at ? " (nothing in the folder says what is cut)" : "");
	else if (at && at < errlen)
		snprintf(err + at, errlen - at, " (sys/facts.txt names it: capture.cut)");
	return at ? 1 : 0;
}

static int make_dir(const char *dir, char *err, size_t errlen)
{
	if (mkdir(dir, 0755) == 0 || errno == EEXIST)
		return 0;
	snprintf(err, errlen, "%s: %s", dir, strerror(errno));
	return -1;
}

int capture_save(struct capture *c, const char *dir, char *err, size_t errlen)
{
	struct run_folder rf = { .c = c, .dir = dir, .facts_fd = -1 };
	char *sys = xasprintf("%s/sys", dir), line[64];
	size_t i;
	int rc;

	if (make_dir(dir, err, errlen) < 0 || make_dir(sys, err, errlen) < 0) {
		free(sys);
		return -1;
	}
	free(sys);
	if (!c->untraced)
		stop_tracing(c);
	rf.head = facts_head(c);
	rf.head_len = strlen(rf.head);
	add_file(&rf, "sys/devices.txt", write_devices);
	add_file(&rf, "sys/devlinks.txt", write_devlinks);
	if (c->sleep_stats_len)
		add_file(&rf, "sys/sleep-stats.txt", write_sleep_stats);
	add_file(&rf, "dmesg.txt", write_dmesg);
	if (c->inst)
		add_file(&rf, "trace.txt", write_trace);
	facts_open(&rf);
	for (i = 0; i < rf.n; i++) {
		save_file(&rf, &rf.files[i]);
		if (rf.files[i].write == write_dmesg) {
			/* known once the log was read */
			snprintf(line, sizeof(line), "capture.kmsg_lost: %lu\n", c->kmsg_lost);
			facts_add(&rf, line);
			if (c->kmsg_lost)
				fprintf(stderr, "pmscope: the kernel log wrapped: %lu records of the "
					"capture lost (boot with a larger log_buf_len)\n", c->kmsg_lost);
		}
		capture_step(c->env, rf.files[i].name);
	}
	if (c->inst) {
		save_tracedat(c, dir);
		capture_step(c->env, "trace.dat");
	}
	rc = folder_end(&rf, err, errlen);
	free(rf.head);
	capture_step(c->env, "saved");
	return rc;
}

/* The folder @path is in ("." for a bare name), malloc'ed. */
static char *parent_of(const char *path)
{
	char *p = xstrdup(path), *slash;
	size_t n = strlen(p);

	while (n > 1 && p[n - 1] == '/')
		p[--n] = '\0';
	slash = strrchr(p, '/');
	if (!slash) {
		free(p);
		return xstrdup(".");
	}
	slash[slash == p] = '\0';	/* "/run" -> "/" */
	return p;
}

int capture_check_output(const char *dir, char *err, size_t errlen)
{
	char *parent = NULL;
	const char *at = dir;
	struct statvfs vfs;
	struct stat sb;
	int rc = -1;

	if (stat(dir, &sb) == 0) {
		if (!S_ISDIR(sb.st_mode)) {
			snprintf(err, errlen, "the run folder %s is not a folder", dir);
			return -1;
		}
	} else if (errno == ENOENT) {
		errno = 0;
		at = parent = parent_of(dir);
		if (stat(parent, &sb) < 0 || !S_ISDIR(sb.st_mode)) {
			snprintf(err, errlen, "the run folder %s cannot be made: %s: %s", dir, parent,
				 errno ? strerror(errno) : "not a folder");
			goto out;
		}
	} else {
		snprintf(err, errlen, "the run folder %s: %s", dir, strerror(errno));
		return -1;
	}
	/* root passes any mode: what is left is a read-only or immutable folder */
	if (access(at, W_OK | X_OK) < 0) {
		snprintf(err, errlen, "the run folder %s cannot be %s: %s%s%s", dir,
			 parent ? "made" : "written", parent ? parent : "", parent ? ": " : "",
			 strerror(errno));
		goto out;
	}
	if (statvfs(at, &vfs) == 0 && (geteuid() ? vfs.f_bavail : vfs.f_bfree) == 0) {
		snprintf(err, errlen, "the run folder %s: no space left on its file system", dir);
		goto out;
	}
	rc = 0;
out:
	free(parent);
	return rc;
}
