// SPDX-License-Identifier: GPL-2.0
/*
 * A set of files by device and inode: what a command reads, so that no
 * output replaces one of them, whatever path names it (a link, "./log",
 * a run folder's member, standard input redirected from a file).
 */
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

static void add(struct file_ids *ids, const struct stat *sb, const char *path)
{
	if (!S_ISREG(sb->st_mode) || file_ids_find_stat(ids, sb))
		return;
	VEC_RESERVE(ids->v, ids->n, ids->cap);
	ids->v[ids->n++] = (struct file_id_name){ (uint64_t)sb->st_dev, (uint64_t)sb->st_ino,
						  xstrdup(path) };
}

void file_ids_add(struct file_ids *ids, const char *path)
{
	struct stat sb;

	if (!strcmp(path, "-"))
		file_ids_add_fd(ids, 0, "standard input");
	else if (stat(path, &sb) == 0)
		add(ids, &sb, path);
}

void file_ids_add_fd(struct file_ids *ids, int fd, const char *name)
{
	struct stat sb;

	if (fstat(fd, &sb) == 0)
		add(ids, &sb, name);
}

const char *file_ids_find_stat(const struct file_ids *ids, const struct stat *sb)
{
	size_t i;

	for (i = 0; i < ids->n; i++)
		if (ids->v[i].dev == (uint64_t)sb->st_dev && ids->v[i].ino == (uint64_t)sb->st_ino)
			return ids->v[i].path;
	return NULL;
}

const char *file_ids_find(const struct file_ids *ids, const char *path)
{
	struct stat sb;

	if (!strcmp(path, "-") || stat(path, &sb) < 0)
		return NULL;
	return file_ids_find_stat(ids, &sb);
}

void file_ids_free(struct file_ids *ids)
{
	size_t i;

	for (i = 0; i < ids->n; i++)
		free(ids->v[i].path);
	free(ids->v);
	memset(ids, 0, sizeof(*ids));
}
