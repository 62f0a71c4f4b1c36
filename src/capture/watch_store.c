// SPDX-License-Identifier: GPL-2.0
/*
 * The store of pmscope watch (/var/lib/pmscope): a run folder per sleep,
 * named by the wall clock (UTC) before it, "20261202-100000-suspend", so
 * that names sort as time does. Only folders so named are the store's to
 * remove: anything else a user puts there is left alone. ".lock" orders
 * the savers; ".NAME.tmp" is a folder being saved (hidden: stats passes
 * over it), left behind only by a saver that was killed.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"
#include "watch.h"

static bool digits(const char *s, size_t n)
{
	return strspn(s, "0123456789") >= n;
}

bool watch_run_name(const char *name)
{
	size_t n = strlen(name);

	return n > 16 && digits(name, 8) && name[8] == '-' && digits(name + 9, 6) &&
	       name[15] == '-' && strspn(name + 16, "abcdefghijklmnopqrstuvwxyz0123456789-") ==
	       n - 16;
}

/* What @path takes on the disk, its blocks; sysfs-like loops cannot be
 * in a store, but a bound on the depth costs nothing. */
static unsigned long long tree_bytes(const char *path, unsigned int depth)
{
	unsigned long long sum = 0;
	struct dirent *de;
	struct stat sb;
	DIR *d;

	if (lstat(path, &sb) < 0)
		return 0;
	sum = (unsigned long long)sb.st_blocks * 512;
	if (!S_ISDIR(sb.st_mode) || depth > 16 || !(d = opendir(path)))
		return sum;
	while ((de = readdir(d))) {
		char *p;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		p = xasprintf("%s/%s", path, de->d_name);
		sum += tree_bytes(p, depth + 1);
		free(p);
	}
	closedir(d);
	return sum;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct watch_run *)a)->name, ((const struct watch_run *)b)->name);
}

int watch_runs_list(const char *dir, struct watch_runs *r, char *err, size_t errlen)
{
	struct dirent *de;
	DIR *d = opendir(dir);

	memset(r, 0, sizeof(*r));
	if (!d) {
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		return -1;
	}
	while ((de = readdir(d))) {
		char *p;
		struct stat sb;

		if (!watch_run_name(de->d_name))
			continue;
		p = xasprintf("%s/%s", dir, de->d_name);
		if (lstat(p, &sb) == 0 && S_ISDIR(sb.st_mode)) {
			VEC_RESERVE(r->v, r->n, r->cap);
			r->v[r->n].name = xstrdup(de->d_name);
			r->v[r->n].bytes = tree_bytes(p, 0);
			r->bytes += r->v[r->n].bytes;
			r->n++;
		}
		free(p);
	}
	closedir(d);
	if (r->n)
		qsort(r->v, r->n, sizeof(*r->v), by_name);
	return 0;
}

void watch_runs_free(struct watch_runs *r)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		free(r->v[i].name);
	free(r->v);
	memset(r, 0, sizeof(*r));
}

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	return remove(path);
}

int watch_remove_tree(const char *path)
{
	return nftw(path, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

int watch_prune(const char *dir, unsigned long keep, unsigned long long max_bytes,
		char *err, size_t errlen)
{
	struct watch_runs r;
	size_t i = 0, n;
	unsigned long long bytes;
	int removed = 0;

	if (watch_runs_list(dir, &r, err, errlen) < 0)
		return -1;
	n = r.n;
	bytes = r.bytes;
	for (; n > 1 && (n > keep || bytes > max_bytes); i++, n--) {
		char *p = xasprintf("%s/%s", dir, r.v[i].name);

		if (watch_remove_tree(p) < 0) {
			snprintf(err, errlen, "removing %s: %s", p, strerror(errno));
			free(p);
			watch_runs_free(&r);
			return -1;
		}
		free(p);
		bytes -= r.v[i].bytes;
		removed++;
	}
	if (bytes > max_bytes)
		snprintf(err, errlen, "the newest run, %s, takes %llu KB alone, over the store's "
			 "max-size of %llu KB: kept all the same", r.v[r.n - 1].name, bytes >> 10,
			 max_bytes >> 10);
	else
		err[0] = '\0';
	watch_runs_free(&r);
	return removed;
}

int watch_lock(const char *dir, char *err, size_t errlen)
{
	char *p = xasprintf("%s/.lock", dir);
	int fd = open(p, O_RDWR | O_CREAT | O_CLOEXEC, 0644);

	if (fd < 0 || flock(fd, LOCK_EX) < 0) {
		snprintf(err, errlen, "%s: %s", p, strerror(errno));
		if (fd >= 0)
			close(fd);
		fd = -1;
	}
	free(p);
	return fd;
}

void watch_remove_leftovers(const char *dir)
{
	struct dirent *de;
	DIR *d = opendir(dir);

	if (!d)
		return;
	while ((de = readdir(d))) {
		size_t n = strlen(de->d_name);
		char *name, *p;

		if (de->d_name[0] != '.' || n < 6 || strcmp(de->d_name + n - 4, ".tmp"))
			continue;
		name = xasprintf("%.*s", (int)(n - 5), de->d_name + 1);
		if (watch_run_name(name)) {
			p = xasprintf("%s/%s", dir, de->d_name);
			watch_remove_tree(p);
			free(p);
		}
		free(name);
	}
	closedir(d);
}
