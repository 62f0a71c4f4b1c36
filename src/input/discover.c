// SPDX-License-Identifier: GPL-2.0
/*
 * What a path holds, found one way for every command (analyze, stats,
 * compare, record's own folder): the runs in it, each one log or a log
 * and the trace of the same boot, with a run folder's system facts, and
 * what was passed over, with why.
 *
 * In a folder:
 *  - a run folder, one holding dmesg.txt and/or trace.txt or trace.dat,
 *    plain or compressed (.gz .xz .zst .bz2), is one run; its other files
 *    are not logs and its sub-folders (sys/) not runs. With both traces
 *    (what record writes) trace.dat is read and trace.txt only when
 *    trace.dat cannot be: they hold the same events, trace.dat with
 *    nanosecond stamps;
 *  - otherwise sleepgraph's NAME_dmesg.txt with NAME_ftrace.txt (plain or
 *    compressed) make one run per NAME, every other file is a run of its
 *    own, and each sub-folder is searched the same way, one level down (a
 *    sleepgraph -multi folder holds a folder per test); below that level
 *    only folders that are runs themselves are taken.
 * A tar or zip archive (unpack.h) is a folder: its members are searched
 * the same way, named "logs.tar.gz/dmesg.txt"; the one folder it may hold
 * at its top is no level of its own. A binary systemd journal
 * is passed over and said (journalctl writes its text).
 * Hidden files, reports and documents (.json .html .svg .png .md .pdf,
 * record's report.txt) are passed over without a word, but for pmscope's
 * own JSON reports outside run folders: each is a run. Temporary files an interrupted write
 * left (NAME.tmpXXXXXX), second copies of a log, FIFOs, devices, broken
 * links and link loops, and folders too deep are passed over and said.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "formats.h"
#include "lines/unpack.h"

static const char *const packed[] = { ".gz", ".xz", ".zst", ".bz2" };

size_t input_unpacked_len(const char *name)
{
	size_t n = strlen(name), i, e;

	for (i = 0; i < ARRAY_SIZE(packed); i++) {
		e = strlen(packed[i]);
		if (n > e && !strcmp(name + n - e, packed[i]))
			return n - e;
	}
	return n;
}

static bool ends_with(const char *name, size_t n, const char *tail)
{
	size_t e = strlen(tail);

	return n >= e && !memcmp(name + n - e, tail, e);
}

/* What report/file.c writes before its rename: NAME.tmpXXXXXX */
static bool is_leftover(const char *name)
{
	size_t n = strlen(name), i;

	if (n < 11 || memcmp(name + n - 10, ".tmp", 4))
		return false;
	for (i = n - 6; i < n; i++)
		if (!((name[i] >= '0' && name[i] <= '9') || (name[i] >= 'a' && name[i] <= 'z') ||
		      (name[i] >= 'A' && name[i] <= 'Z')))
			return false;
	return true;
}

static bool is_document(const char *name)
{
	static const char *const ext[] = { ".json", ".html", ".svg", ".png", ".md", ".pdf" };
	size_t n = strlen(name), i;

	if (!strcmp(name, "report.txt"))	/* what record writes beside its logs */
		return true;
	for (i = 0; i < ARRAY_SIZE(ext); i++)
		if (ends_with(name, n, ext[i]))
			return true;
	return false;
}

/* One of pmscope's JSON reports (a JSON object whose "schema" is
 * pmscope/N): outside a run folder, a run of its own (input/report/). */
static bool is_report(const char *path)
{
	char buf[4096];
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return false;
	do
		n = read(fd, buf, sizeof(buf));
	while (n < 0 && errno == EINTR);
	close(fd);
	return n > 0 && report_format.detect(str_make(buf, (size_t)n)) != 0;
}

/* A run folder's logs, in the order they are taken. */
enum { RUN_DMESG, RUN_TRACE_DAT, RUN_TRACE_TXT, RUN_NLOGS };

/* Which of a run folder's logs @name is; -1 none. */
static int run_log_slot(const char *name)
{
	static const char *const names[RUN_NLOGS] = { "dmesg.txt", "trace.dat", "trace.txt" };
	size_t n = input_unpacked_len(name);
	int k;

	for (k = 0; k < RUN_NLOGS; k++)
		if (n == 9 && !memcmp(name, names[k], 9))
			return k;
	return -1;
}

/* sleepgraph's NAME_dmesg.txt (0) and NAME_ftrace.txt (1); @stem gets
 * NAME's length. -1 neither. */
static int sleepgraph_slot(const char *name, size_t *stem)
{
	size_t n = input_unpacked_len(name);

	if (n > 10 && ends_with(name, n, "_dmesg.txt")) {
		*stem = n - 10;
		return 0;
	}
	if (n > 11 && ends_with(name, n, "_ftrace.txt")) {
		*stem = n - 11;
		return 1;
	}
	return -1;
}

static void skip(struct input_found *f, const char *path, const char *why)
{
	VEC_RESERVE(f->skips, f->nskips, f->skips_cap);
	f->skips[f->nskips].path = xstrdup(path);
	f->skips[f->nskips++].why = why;
}

/* A run of @logs (taken over, NULLs left out) called @name. */
static struct input_src *add_run(struct input_found *f, const char *name, char *logs[2])
{
	struct input_src *s;
	int k;

	VEC_RESERVE(f->runs, f->nruns, f->runs_cap);
	s = &f->runs[f->nruns++];
	memset(s, 0, sizeof(*s));
	s->name = xstrdup(name);
	for (k = 0; k < 2; k++)
		if (logs[k])
			s->logs[s->nlogs++] = logs[k];
	return s;
}

enum entry { E_HIDDEN, E_DOCUMENT, E_FILE, E_DIR, E_ODD };

static bool is_journal(const char *name)
{
	size_t n = strlen(name);

	return ends_with(name, n, ".journal") || ends_with(name, n, ".journal~");
}

/* What @name is by its name alone; E_FILE when that does not tell. */
static enum entry name_kind(const char *name, const char **why)
{
	if (name[0] == '.')
		return E_HIDDEN;
	if (is_leftover(name)) {
		*why = "a temporary file an interrupted write left behind";
		return E_ODD;
	}
	if (is_journal(name)) {
		*why = "a binary systemd journal, not read (journalctl -k -o short-monotonic "
		       "--file=FILE writes the kernel's lines as text)";
		return E_ODD;
	}
	return is_document(name) ? E_DOCUMENT : E_FILE;
}

/* What @path is; for E_ODD, @why says. An archive is a folder. */
static enum entry entry_kind(const char *path, const char *name, const char **why)
{
	enum entry k = name_kind(name, why);
	struct stat sb;

	if (k == E_HIDDEN || k == E_ODD)
		return k;
	if (stat(path, &sb) < 0) {
		*why = errno == ELOOP ? "a symbolic link loop" :
		       errno == ENOENT ? "a broken symbolic link" : "cannot be looked at";
		return E_ODD;
	}
	if (S_ISDIR(sb.st_mode))
		return E_DIR;
	if (!S_ISREG(sb.st_mode)) {
		*why = S_ISFIFO(sb.st_mode) ? "a FIFO, not a file" : "not a regular file";
		return E_ODD;
	}
	return k == E_FILE && unpack_archive_named(name) ? E_DIR : k;
}

/* One folder's entries, sorted, without "." and "..". */
struct listing {
	const char *dir;
	struct dirent **ents;
	int n;
	enum entry *kind;
	const char **why;
	bool *taken;
	bool archive;		/* an archive's members */
};

static int not_dots(const struct dirent *e)
{
	return strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
}

/* An archive's members under @sub ("" its top): each child once, a
 * folder's d_type DT_DIR. */
struct members {
	const char *sub;
	size_t sublen;
	struct listing *l;
	size_t cap;
};

static void add_member(void *ctx, const char *name, size_t n, bool dir)
{
	struct members *m = ctx;
	struct listing *l = m->l;
	const char *slash;
	size_t len;
	int i;

	if (m->sublen) {
		if (n <= m->sublen + 1 || memcmp(name, m->sub, m->sublen) || name[m->sublen] != '/')
			return;
		name += m->sublen + 1;
		n -= m->sublen + 1;
	}
	/* a member deeper down stands for the folder it is in (zip files
	 * often have no entry for their folders) */
	slash = memchr(name, '/', n);
	len = slash ? (size_t)(slash - name) : n;
	dir |= slash != NULL;
	if (!len || len >= sizeof(l->ents[0]->d_name))
		return;
	for (i = 0; i < l->n; i++)
		if (!strncmp(l->ents[i]->d_name, name, len) && !l->ents[i]->d_name[len]) {
			if (dir)
				l->ents[i]->d_type = DT_DIR;
			return;
		}
	if ((size_t)l->n == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 16;
		l->ents = xrealloc(l->ents, m->cap * sizeof(*l->ents));
	}
	l->ents[l->n] = xcalloc(1, sizeof(*l->ents[0]));
	memcpy(l->ents[l->n]->d_name, name, len);
	l->ents[l->n++]->d_type = dir ? DT_DIR : DT_REG;
}

static int cmp_ent(const void *a, const void *b)
{
	return strcmp((*(struct dirent *const *)a)->d_name, (*(struct dirent *const *)b)->d_name);
}

/* The members of @archive under @sub, as a folder's entries. */
static int list_archive(struct listing *l, const char *archive, const char *sub)
{
	struct members m = { .sub = sub, .sublen = strlen(sub), .l = l };
	char err[320];
	int fd = open(archive, O_RDONLY | O_CLOEXEC), rc = -1, i;

	l->archive = true;

	if (fd >= 0) {
		rc = unpack_list(fd, add_member, &m, err, sizeof(err));
		close(fd);
	}
	if (l->n)
		qsort(l->ents, (size_t)l->n, sizeof(*l->ents), cmp_ent);
	l->kind = xcalloc((size_t)l->n + 1, sizeof(*l->kind));
	l->why = xcalloc((size_t)l->n + 1, sizeof(*l->why));
	l->taken = xcalloc((size_t)l->n + 1, sizeof(*l->taken));
	for (i = 0; i < l->n; i++) {
		const char *name = l->ents[i]->d_name;

		l->kind[i] = l->ents[i]->d_type == DT_DIR ? E_DIR : name_kind(name, &l->why[i]);
		if (l->kind[i] == E_FILE && unpack_archive_named(name)) {
			l->kind[i] = E_ODD;
			l->why[i] = "an archive inside an archive: unpack the outer one";
		}
	}
	/* a damaged one: the members listed before the damage are read,
	 * and say it */
	return rc < 0 && !l->n ? -2 : 0;
}

static int list(struct listing *l, const char *dir)
{
	const char *sub = "";
	char *archive = NULL;
	struct stat sb;
	int i, rc;

	memset(l, 0, sizeof(*l));
	l->dir = dir;
	if (stat(dir, &sb) == 0) {
		if (S_ISREG(sb.st_mode))
			archive = xstrdup(dir);
	} else if (errno == ENOTDIR) {
		archive = unpack_archive_of(dir, &sub);
	}
	if (archive) {
		rc = list_archive(l, archive, sub);
		free(archive);
		return rc;
	}
	l->n = scandir(dir, &l->ents, not_dots, alphasort);
	if (l->n < 0)
		return -1;
	l->kind = xcalloc((size_t)l->n + 1, sizeof(*l->kind));
	l->why = xcalloc((size_t)l->n + 1, sizeof(*l->why));
	l->taken = xcalloc((size_t)l->n + 1, sizeof(*l->taken));
	for (i = 0; i < l->n; i++) {
		char *path = xasprintf("%s/%s", dir, l->ents[i]->d_name);

		l->kind[i] = entry_kind(path, l->ents[i]->d_name, &l->why[i]);
		free(path);
	}
	return 0;
}

static void unlist(struct listing *l)
{
	int i;

	for (i = 0; i < l->n; i++)
		free(l->ents[i]);
	free(l->ents);
	free(l->kind);
	free(l->why);
	free(l->taken);
}

static char *entry_path(const struct listing *l, int i)
{
	return xasprintf("%s/%s", l->dir, l->ents[i]->d_name);
}

/* A run folder's logs, dmesg then trace (trace.dat, with trace.txt to
 * fall back on); false when @l is not one. */
static bool run_folder(struct input_found *f, struct listing *l)
{
	char *got[RUN_NLOGS] = { NULL, NULL, NULL }, *logs[2];
	bool found = false;
	int i, k;

	for (i = 0; i < l->n; i++) {
		k = run_log_slot(l->ents[i]->d_name);
		found |= k >= 0;
		if (k >= 0 && l->kind[i] == E_FILE && !got[k]) {
			got[k] = entry_path(l, i);
			l->taken[i] = true;
		}
	}
	logs[0] = got[RUN_DMESG];
	logs[1] = got[RUN_TRACE_DAT] ? got[RUN_TRACE_DAT] : got[RUN_TRACE_TXT];
	if (!found)
		return false;
	for (i = 0; i < l->n; i++) {
		char *path = entry_path(l, i);

		if (l->taken[i] || l->kind[i] == E_HIDDEN || l->kind[i] == E_DOCUMENT ||
		    l->kind[i] == E_DIR)
			;
		else if (l->kind[i] == E_ODD)
			skip(f, path, l->why[i]);
		else if (run_log_slot(l->ents[i]->d_name) >= 0)
			skip(f, path, "a second copy of the run folder's log");
		else
			skip(f, path, "not a log of the run folder (dmesg.txt, trace.dat, trace.txt)");
		free(path);
	}
	if (logs[0] || logs[1]) {
		struct input_src *s = add_run(f, l->dir, logs);

		s->sysdir = xasprintf("%s/sys", l->dir);
		if (got[RUN_TRACE_DAT])
			s->trace_text = got[RUN_TRACE_TXT];
	}
	return true;
}

/* sleepgraph's log at @at and, when it is there, its twin: one run. */
static void sleepgraph_run(struct input_found *f, struct listing *l, int at)
{
	char *logs[2] = { NULL, NULL };
	size_t stem, stem2;
	int k = sleepgraph_slot(l->ents[at]->d_name, &stem), i;

	logs[k] = entry_path(l, at);
	l->taken[at] = true;
	for (i = 0; i < l->n; i++) {
		const char *other = l->ents[i]->d_name;

		if (!l->taken[i] && l->kind[i] == E_FILE &&
		    sleepgraph_slot(other, &stem2) == 1 - k && stem2 == stem &&
		    !memcmp(other, l->ents[at]->d_name, stem)) {
			logs[1 - k] = entry_path(l, i);
			l->taken[i] = true;
			break;
		}
	}
	add_run(f, logs[k], logs);
}

/*
 * @depth: levels of sub-folders whose files are runs; below them (depth
 * -1) only folders that are runs themselves are taken.
 */
static void scan(struct input_found *f, const char *dir, int depth)
{
	size_t stem, before = f->nruns;
	struct listing l;
	int i, rc;

	if ((rc = list(&l, dir)) < 0) {
		skip(f, dir, rc == -2 ? "the archive cannot be read (not a tar or zip archive, "
			     "or damaged)" : "the folder cannot be read");
		unlist(&l);
		return;
	}
	if (run_folder(f, &l)) {
		unlist(&l);
		return;
	}
	/* "tar czf logs.tar.gz logs/": the one folder an archive holds is
	 * no level of its own */
	if (l.archive && l.n == 1 && l.kind[0] == E_DIR) {
		char *path = entry_path(&l, 0);

		scan(f, path, depth);
		free(path);
		unlist(&l);
		return;
	}
	for (i = 0; i < l.n; i++)
		if (l.kind[i] == E_FILE && !l.taken[i] && sleepgraph_slot(l.ents[i]->d_name, &stem) >= 0)
			sleepgraph_run(f, &l, i);
	if (depth < 0 && f->nruns == before) {
		skip(f, dir, "a folder deeper than the levels searched, and not a run folder");
		unlist(&l);
		return;
	}
	for (i = 0; i < l.n; i++) {
		char *path = entry_path(&l, i), *logs[2] = { NULL, NULL };

		if (l.taken[i] || l.kind[i] == E_HIDDEN ||
		    (l.kind[i] == E_DOCUMENT && (depth < 0 || !is_report(path))))
			;
		else if (l.kind[i] == E_ODD)
			skip(f, path, l.why[i]);
		else if (l.kind[i] == E_DIR && depth >= 0)
			scan(f, path, depth - 1);
		else if (l.kind[i] == E_DIR)
			skip(f, path, "a folder deeper than the levels searched");
		else if (depth < 0)
			skip(f, path, "not a log of the sleepgraph test");
		else {
			logs[0] = xstrdup(path);
			add_run(f, path, logs);
		}
		free(path);
	}
	unlist(&l);
}

/* A tar or zip archive, by its name or its first bytes. */
static bool is_archive(const char *path)
{
	const char *base = strrchr(path, '/');
	unsigned char m[512];
	ssize_t n = 0;
	int fd;

	if (unpack_archive_named(base ? base + 1 : path))
		return true;
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return false;
	n = read(fd, m, sizeof(m));
	close(fd);
	return n > 0 && unpack_archive_magic(m, (size_t)n);
}

/* "logs.tar.gz/logs": a folder inside an archive, as stats names the
 * runs it finds there */
static bool is_archive_folder(const char *path)
{
	struct listing l;
	struct stat sb;
	bool folder;

	if (!strcmp(path, "-") || stat(path, &sb) == 0 || errno != ENOTDIR)
		return false;
	folder = list(&l, path) == 0 && l.archive && l.n > 0;
	unlist(&l);
	return folder;
}

void input_find(const char *path, struct input_found *f)
{
	struct stat sb;
	char *logs[2] = { NULL, NULL };

	memset(f, 0, sizeof(*f));
	if (strcmp(path, "-") && stat(path, &sb) == 0 && S_ISREG(sb.st_mode) && is_archive(path)) {
		scan(f, path, 1);
		return;
	}
	if ((strcmp(path, "-") && stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) ||
	    is_archive_folder(path)) {
		char *dir = xstrdup(path);
		size_t n = strlen(dir);

		while (n > 1 && dir[n - 1] == '/')	/* "run/" names "run/dmesg.txt" */
			dir[--n] = '\0';
		scan(f, dir, 1);
		free(dir);
		return;
	}
	logs[0] = xstrdup(path);	/* reading it says what is wrong with it */
	add_run(f, path, logs);
}

void input_found_free(struct input_found *f)
{
	size_t i, k;

	for (i = 0; i < f->nruns; i++) {
		for (k = 0; k < f->runs[i].nlogs; k++)
			free(f->runs[i].logs[k]);
		free(f->runs[i].name);
		free(f->runs[i].sysdir);
		free(f->runs[i].trace_text);
	}
	for (i = 0; i < f->nskips; i++)
		free(f->skips[i].path);
	free(f->runs);
	free(f->skips);
	memset(f, 0, sizeof(*f));
}

/* A run folder's sys/ files: the devices and their links, what record
 * saw (input/facts/capfacts.c) and hardware sleep residency (input/facts/residency.c). */
static const struct {
	const char *name;
	int (*read)(struct pm_run *, const char *, char *, size_t);
} sys_files[] = {
	{ "devices.txt", sysfacts_devices },
	{ "devlinks.txt", sysfacts_devlinks },
	{ "facts.txt", capfacts_read },
	{ "sleep-stats.txt", residency_read },
};

/* A system facts file, when it is one; anything else in its place is said. */
static void sys_file(struct pm_run *run, const char *dir, const char *name,
		     int (*read)(struct pm_run *, const char *, char *, size_t))
{
	char *tmp = xasprintf("%s/%s", dir, name), err[1024];
	/* warnings keep the file name: the run's pool holds it */
	const char *path = strpool_cstr(&run->pool, tmp);
	struct stat sb;

	free(tmp);
	if (lstat(path, &sb) < 0)
		;	/* not captured: nothing to say */
	else if (stat(path, &sb) < 0)
		run_warn(run, FC_NOT_READ, 0, path, 0, "not read: %s",
			 errno == ELOOP ? "a symbolic link loop" :
			 errno == ENOENT ? "a broken symbolic link" : strerror(errno));
	else if (S_ISDIR(sb.st_mode))
		run_warn(run, FC_NOT_READ, 0, path, 0, "not read: a folder, not a file");
	else if (!S_ISREG(sb.st_mode))
		run_warn(run, FC_NOT_READ, 0, path, 0, "not read: %s",
			 S_ISFIFO(sb.st_mode) ? "a FIFO, not a file" : "not a regular file");
	else if (read(run, path, err, sizeof(err)) < 0)
		run_warn(run, FC_NOT_READ, 0, path, 0, "%s", err);
}

/*
 * Log @i of @src. A run folder's trace.dat that cannot be read (cut
 * short, damaged) gives way to its trace.txt: what trace.dat gave before
 * it failed is dropped, or the events would count twice, and the switch
 * is said.
 */
static int read_log(struct pm_run *run, const struct input_src *src, size_t i,
		    const struct read_opts *ro, struct input_stats *st, char *err, size_t errlen)
{
	const char *path = src->logs[i];
	struct run_mark mark = run_mark(run);
	size_t ntrees = ro && ro->keep ? ro->keep->trees.n : 0;
	char e[1024];
	int rc;

	/* the trace is the last log; one a bound stopped is kept as read */
	if (!src->trace_text || i + 1 < src->nlogs)
		return input_read_file(run, path, ro, st, err, errlen);
	if (input_read_file(run, path, ro, st, e, sizeof(e)) == 0)
		return 0;
	if (st->bounded) {
		snprintf(err, errlen, "%s", e);
		return -1;
	}
	run_rollback(run, mark);
	if (ro && ro->keep)
		caught_trees_drop(&ro->keep->trees, ntrees);
	if ((rc = input_read_file(run, src->trace_text, ro, st, err, errlen)) < 0) {
		snprintf(err, errlen, "%s", e);	/* the first failure says more */
		return rc;
	}
	run_warn(run, FC_NOT_READ, 0, strpool_cstr(&run->pool, path), 0,
		 "not used: %s; all its events were read from %s instead", e,
		 src->trace_text);
	return 0;
}

int input_read_src(struct pm_run *run, const struct input_src *src,
		   const struct read_opts *ro, struct input_stats *st, char *err, size_t errlen)
{
	struct input_stats one;
	bool any = false, failed = false;
	size_t i;

	memset(st, 0, sizeof(*st));
	for (i = 0; i < src->nlogs; i++) {
		char e[1024];
		int rc = read_log(run, src, i, ro, &one, e, sizeof(e));

		if (rc < 0) {
			/* a log a bound stopped is used as far as it was read:
			 * the run's error, whatever the other log gave; one with
			 * nothing in it has its note already */
			if ((!any && (!failed || rc != INPUT_NOTHING)) || (one.bounded && !st->bounded))
				snprintf(err, errlen, "%s", e);
			st->bounded |= one.bounded;
			if (src->nlogs > 1 && !one.bounded && rc != INPUT_NOTHING)
				run_warn(run, FC_NOT_READ, 0, src->logs[i], 0, "not used: %s", e);
			failed |= rc != INPUT_NOTHING;
			if (!one.bounded)
				continue;
		} else {
			any = true;
		}
		st->bytes += one.bytes;
		st->lines += one.lines;
		st->used += one.used;
		st->skipped += one.skipped;
	}
	if (!any && !st->bounded)
		return failed ? -1 : INPUT_NOTHING;
	/* as pmscope analyze LOG TRACE does: a sleepgraph page holds both */
	run_merge_sources(run);
	/* last, so that what a log printed about a device wins */
	for (i = 0; src->sysdir && i < ARRAY_SIZE(sys_files); i++)
		sys_file(run, src->sysdir, sys_files[i].name, sys_files[i].read);
	return st->bounded ? -1 : 0;
}

/* Every file of @src that input_read_src() may open. */
static void src_files(const struct input_src *src, struct file_ids *ids)
{
	size_t i;

	for (i = 0; i < src->nlogs; i++)
		file_ids_add(ids, src->logs[i]);
	if (src->trace_text)
		file_ids_add(ids, src->trace_text);
	for (i = 0; src->sysdir && i < ARRAY_SIZE(sys_files); i++) {
		char *p = xasprintf("%s/%s", src->sysdir, sys_files[i].name);

		file_ids_add(ids, p);
		free(p);
	}
}

void input_files(const char *path, struct file_ids *ids)
{
	struct input_found f;
	size_t i;

	file_ids_add(ids, path);	/* a file, or standard input */
	input_find(path, &f);
	for (i = 0; i < f.nruns; i++)
		src_files(&f.runs[i], ids);
	input_found_free(&f);
}

int input_read_dir(struct pm_run *run, const char *dir, const struct read_opts *ro,
		   struct input_stats *st, char *err, size_t errlen)
{
	struct input_found f;
	size_t i;
	int rc = -1;

	memset(st, 0, sizeof(*st));
	input_find(dir, &f);
	if (f.nruns == 1)
		rc = input_read_src(run, &f.runs[0], ro, st, err, errlen);
	else if (!f.nruns)
		snprintf(err, errlen, "%s: no dmesg.txt or trace.txt in the folder, nor any "
			 "other log (see pmscope(1), Run folders)", dir);
	else
		snprintf(err, errlen, "%s: %zu runs in the folder (the first: %s); analyze "
			 "reads one: name it, or use pmscope stats for all", dir, f.nruns,
			 f.runs[0].name);
	for (i = 0; i < f.nskips; i++) {
		if (rc == 0)
			run_warn(run, FC_PASSED_OVER, 0, strpool_cstr(&run->pool, f.skips[i].path), 0,
				 "passed over: %s", f.skips[i].why);
		else
			fprintf(stderr, "pmscope: %s: passed over: %s\n", f.skips[i].path,
				f.skips[i].why);
	}
	input_found_free(&f);
	return rc;
}

int input_read(struct pm_run *run, const char *path, const struct read_opts *ro,
	       struct input_stats *st, char *err, size_t errlen)
{
	struct stat sb;

	if ((strcmp(path, "-") && stat(path, &sb) == 0 &&
	     (S_ISDIR(sb.st_mode) || (S_ISREG(sb.st_mode) && is_archive(path)))) ||
	    is_archive_folder(path))
		return input_read_dir(run, path, ro, st, err, errlen);
	return input_read_file(run, path, ro, st, err, errlen);
}
