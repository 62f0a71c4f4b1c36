// SPDX-License-Identifier: GPL-2.0
/*
 * The instance's raw ring buffer as a trace-cmd file (trace.dat, version
 * 6 as trace-cmd.dat.v6(5) describes it), so that trace-cmd report and
 * KernelShark open a recorded run.
 *
 * Written here rather than through libtracecmd: Debian 12's libtracecmd
 * (3.1.6) exports tracecmd_output_create() and its kin, but its only
 * header, trace-cmd/trace-cmd.h, declares the reading side alone; the
 * writing side's prototypes and structures live in trace-cmd's private
 * header, which no package ships and which changes between releases.
 *
 * The file: magic, version "6", endianness, long size, page size; the
 * ring buffer's header_page and header_event formats; the ftrace formats
 * (function_graph's entries and exits); the formats of the event systems
 * traced (power, and sched for --sched); /proc/kallsyms for --callgraph (function addresses);
 * printk_formats; saved_cmdlines; the CPU count; options (trace clock,
 * uname); "flyrecord", each CPU's data offset and size, then each CPU's
 * pages as per_cpu/cpuN/trace_pipe_raw gives them, page aligned.
 * Reading trace_pipe_raw consumes the buffer: trace.txt is copied first.
 */
#include <dirent.h>
#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <tracefs.h>

#include "capture.h"
#include "util.h"

#define OPT_TRACECLOCK 4
#define OPT_UNAME 5

/* Systems whose formats go in the file: those capture_arm() enables. */
static const char *const systems[] = { "power", "sched" };

struct dat_out {
	const struct capture_env *env;	/* /proc/kallsyms through the root */
	FILE *f;
	const char *path;
	int error;	/* first errno */
};

static void put(struct dat_out *o, const void *p, size_t n)
{
	if (n && fwrite(p, 1, n, o->f) != n && !o->error)
		o->error = errno ? errno : EIO;
}

/* Numbers in the host's byte order, which the file's flag byte names. */
static void put_u16(struct dat_out *o, uint16_t v) { put(o, &v, 2); }
static void put_u32(struct dat_out *o, uint32_t v) { put(o, &v, 4); }
static void put_u64(struct dat_out *o, uint64_t v) { put(o, &v, 8); }

/* A whole file below @dir ("" for an absolute @name); NULL when unreadable. */
static char *slurp(const char *dir, const char *name, size_t *len)
{
	struct capture_env raw = { .root = "" };
	char *p = xasprintf("%s%s%s", dir, *dir ? "/" : "", name), *s;

	s = capture_read(&raw, p);
	free(p);
	*len = s ? strlen(s) : 0;
	return s;
}

/* "header_page\0", a 64-bit size and the file. */
static int put_header(struct dat_out *o, const char *tdir, const char *name, char *err,
		      size_t errlen)
{
	char *file = xasprintf("events/%s", name), *s;
	size_t len;

	s = slurp(tdir, file, &len);
	if (!s) {
		snprintf(err, errlen, "%s/%s: %s", tdir, file, strerror(errno));
		free(file);
		return -1;
	}
	put(o, name, strlen(name) + 1);
	put_u64(o, len);
	put(o, s, len);
	free(s);
	free(file);
	return 0;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

/* Each events/SYSTEM/EVENT/format: a 32-bit count, then size and text each. */
static void put_formats(struct dat_out *o, const char *tdir, const char *system)
{
	char *dir = xasprintf("%s/events/%s", tdir, system), **text = NULL;
	size_t *len = NULL, n = 0, i;
	struct dirent **names;
	int k, m = scandir(dir, &names, NULL, by_name);

	for (k = 0; k < m; k++) {
		char *name = xasprintf("%s/format", names[k]->d_name), *s;
		size_t l;

		s = names[k]->d_name[0] != '.' ? slurp(dir, name, &l) : NULL;
		if (s) {
			text = xrealloc(text, (n + 1) * sizeof(*text));
			len = xrealloc(len, (n + 1) * sizeof(*len));
			text[n] = s;
			len[n++] = l;
		}
		free(name);
		free(names[k]);
	}
	if (m >= 0)
		free(names);
	put_u32(o, (uint32_t)n);
	for (i = 0; i < n; i++) {
		put_u64(o, len[i]);
		put(o, text[i], len[i]);
		free(text[i]);
	}
	free(text);
	free(len);
	free(dir);
}

/* A 32- or 64-bit size and a file's text; an unreadable file is empty. */
static void put_blob(struct dat_out *o, const char *dir, const char *name, bool size64)
{
	size_t len;
	char *s = slurp(dir, name, &len);

	if (size64)
		put_u64(o, len);
	else
		put_u32(o, (uint32_t)len);
	put(o, s, len);
	free(s);
}

static void put_option(struct dat_out *o, uint16_t id, const char *text)
{
	put_u16(o, id);
	put_u32(o, (uint32_t)strlen(text) + 1);
	put(o, text, strlen(text) + 1);
}

static int ncpus_of(const char *idir)
{
	char p[4096];
	int n = 0;

	for (;;) {
		snprintf(p, sizeof(p), "%s/per_cpu/cpu%d", idir, n);
		if (access(p, F_OK) < 0)
			return n;
		n++;
	}
}

/* Everything up to and including "flyrecord\0"; the CPU table follows. */
static int put_head(struct dat_out *o, const char *tdir, const char *idir, int ncpus,
		    bool kallsyms, char *err, size_t errlen)
{
	static const unsigned char magic[] = { 0x17, 0x08, 0x44, 't', 'r', 'a', 'c', 'i',
					       'n', 'g', '6', 0 };
	unsigned char endian = __BYTE_ORDER == __BIG_ENDIAN, lsize = sizeof(long);
	struct utsname u;
	char *clock, *un;
	size_t i, len;

	put(o, magic, sizeof(magic));
	put(o, &endian, 1);
	put(o, &lsize, 1);
	put_u32(o, (uint32_t)sysconf(_SC_PAGESIZE));
	if (put_header(o, tdir, "header_page", err, errlen) < 0 ||
	    put_header(o, tdir, "header_event", err, errlen) < 0)
		return -1;
	put_formats(o, tdir, "ftrace");
	put_u32(o, ARRAY_SIZE(systems));
	for (i = 0; i < ARRAY_SIZE(systems); i++) {
		put(o, systems[i], strlen(systems[i]) + 1);
		put_formats(o, tdir, systems[i]);
	}
	if (kallsyms) {
		char *syms = capture_read(o->env, "/proc/kallsyms");

		len = syms ? strlen(syms) : 0;
		put_u32(o, (uint32_t)len);
		put(o, syms, len);
		free(syms);
	} else {
		put_u32(o, 0);
	}
	put_blob(o, tdir, "printk_formats", false);
	put_blob(o, tdir, "saved_cmdlines", true);
	put_u32(o, (uint32_t)ncpus);
	put(o, "options  ", 10);
	clock = slurp(idir, "trace_clock", &len);
	if (clock) {
		clock[strcspn(clock, "\n")] = '\0';
		put_option(o, OPT_TRACECLOCK, clock);
	}
	free(clock);
	if (uname(&u) == 0) {
		un = xasprintf("%s %s %s %s %s", u.sysname, u.nodename, u.release, u.version,
			       u.machine);
		put_option(o, OPT_UNAME, un);
		free(un);
	}
	put_u16(o, 0);
	put(o, "flyrecord", 10);
	return 0;
}

/* One CPU's pages from trace_pipe_raw, appended; @size: bytes written. */
static int put_cpu(struct dat_out *o, const char *idir, int cpu, uint64_t *size, char *err,
		   size_t errlen)
{
	long page = sysconf(_SC_PAGESIZE);
	char *p = xasprintf("%s/per_cpu/cpu%d/trace_pipe_raw", idir, cpu), *buf = xmalloc((size_t)page);
	int fd = open(p, O_RDONLY | O_NONBLOCK | O_CLOEXEC), rc = -1;
	ssize_t n;

	*size = 0;
	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", p, strerror(errno));
		goto out;
	}
	/* one page per read; EAGAIN (or 0 from a file) once it is empty */
	while ((n = read(fd, buf, (size_t)page)) > 0 || (n < 0 && errno == EINTR)) {
		if (n <= 0)
			continue;
		/* a short read is the last, partly filled page: pad it */
		if (n < page)
			memset(buf + n, 0, (size_t)(page - n));
		put(o, buf, (size_t)page);
		*size += (uint64_t)page;
	}
	if (n < 0 && errno != EAGAIN) {
		snprintf(err, errlen, "%s: %s", p, strerror(errno));
		goto out;
	}
	rc = 0;
out:
	if (fd >= 0)
		close(fd);
	free(buf);
	free(p);
	return rc;
}

static int write_dat(struct dat_out *o, const char *tdir, const char *idir, bool kallsyms,
		     char *err, size_t errlen)
{
	int ncpus = ncpus_of(idir), cpu;
	uint64_t *off = xcalloc((size_t)ncpus + 1, sizeof(*off));
	uint64_t *size = xcalloc((size_t)ncpus + 1, sizeof(*size));
	long page = sysconf(_SC_PAGESIZE), pos;
	int rc = -1;

	if (put_head(o, tdir, idir, ncpus, kallsyms, err, errlen) < 0)
		goto out;
	pos = ftell(o->f);
	for (cpu = 0; cpu < ncpus; cpu++) {
		put_u64(o, 0);
		put_u64(o, 0);
	}
	for (cpu = 0; cpu < ncpus && !o->error; cpu++) {
		long at = ftell(o->f);

		while (at % page) {
			put(o, "", 1);
			at++;
		}
		off[cpu] = (uint64_t)at;
		if (put_cpu(o, idir, cpu, &size[cpu], err, errlen) < 0)
			goto out;
	}
	if (!o->error && fseek(o->f, pos, SEEK_SET) < 0)
		o->error = errno;
	for (cpu = 0; cpu < ncpus; cpu++) {
		put_u64(o, off[cpu]);
		put_u64(o, size[cpu]);
	}
	if (!o->error && fflush(o->f) != 0)
		o->error = errno;
	if (o->error) {
		snprintf(err, errlen, "%s: %s", o->path, strerror(o->error));
		goto out;
	}
	rc = 0;
out:
	free(off);
	free(size);
	return rc;
}

int tracedat_save(struct capture *c, const char *path, bool kallsyms, char *err,
		  size_t errlen)
{
	char *tdir = capture_tracing_dir(c->env), *idir = NULL, *tmp = NULL;
	struct dat_out o = { .env = c->env, .path = path };
	int fd, rc = -1;

	if (!tdir || !c->inst || !(idir = tracefs_instance_get_dir(c->inst))) {
		snprintf(err, errlen, "no tracing instance %s", CAPTURE_INSTANCE);
		goto out;
	}
	tmp = xasprintf("%s.tmpXXXXXX", path);
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0 || !(o.f = fdopen(fd, "w"))) {
		snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
		if (fd >= 0)
			close(fd);
		goto out_unlink;
	}
	rc = write_dat(&o, tdir, idir, kallsyms, err, errlen);
	if (fclose(o.f) != 0 && !rc) {
		snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
		rc = -1;
	}
	if (!rc && (chmod(tmp, 0644) < 0 || rename(tmp, path) < 0)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		rc = -1;
	}
out_unlink:
	if (rc < 0 && tmp)
		unlink(tmp);
out:
	tracefs_put_tracing_file(idir);
	free(tmp);
	free(tdir);
	return rc;
}
