// SPDX-License-Identifier: GPL-2.0
/*
 * xz, zstd and bzip2 (and gzip without zlib) through libarchive's raw
 * format, and the members of tar and zip archives (unpack_list(),
 * unpack_member()), loaded at the first such file, each function looked
 * up by name once. The table is the process's, as the dynamic linker's
 * would have been.
 */
#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "util.h"
#include "unpack_int.h"

#define ARCHIVE_FNS(X)                        \
	X(archive_read_new)                   \
	X(archive_read_support_filter_all)    \
	X(archive_read_support_format_raw)    \
	X(archive_read_support_format_tar)    \
	X(archive_read_support_format_zip)    \
	X(archive_entry_pathname)             \
	X(archive_entry_filetype)             \
	X(archive_read_open)                  \
	X(archive_read_next_header)           \
	X(archive_read_data_block)            \
	X(archive_read_free)                  \
	X(archive_error_string)               \
	X(archive_set_error)

static const char *const names[] = { ARCHIVE_FNS(LAZY_NAME) NULL };
static struct {
	ARCHIVE_FNS(LAZY_FN)
} fns;
static struct lazy_lib lib = LAZY_LIB("libarchive.so.13", names, fns);

struct ar {
	struct archive *a;
	/* what is left of libarchive's last block */
	const char *blk;
	size_t blk_len;
};

static la_ssize_t feed(struct archive *a, void *data, const void **buf)
{
	struct unpack *u = data;
	ssize_t n = unpack_input(u, buf);

	if (n < 0)
		fns.archive_set_error(a, EIO, "%s", u->err);
	return n;
}

/* Why libarchive failed: a file that ended inside its data was cut,
 * whatever the filter says ("truncated input", "No progress is
 * possible", or nothing: "unknown format"). */
static int failed(struct unpack *u, const char *what)
{
	const char *why = fns.archive_error_string(((struct ar *)u->impl)->a);

	u->cut = u->in_end;
	if (u->cut)
		snprintf(u->err, sizeof(u->err), "the file ends inside its compressed data "
			 "(cut short?)");
	else
		snprintf(u->err, sizeof(u->err), "%s%s", what, why ? why : "unknown format");
	return -1;
}

static void ar_close(struct unpack *u);

/* libarchive on @u's file: its raw format (one compressed stream) or,
 * for @members, tar and zip. */
static int ar_start(struct unpack *u, bool members)
{
	struct ar *x;

	if (!lazy_lib_load(&lib)) {
		snprintf(u->err, sizeof(u->err), "%s: %s", members ? "archive" :
			 "compressed input", lib.err);
		return -1;
	}
	u->impl = x = xcalloc(1, sizeof(*x));
	x->a = fns.archive_read_new();
	fns.archive_read_support_filter_all(x->a);
	if (members) {
		fns.archive_read_support_format_tar(x->a);
		fns.archive_read_support_format_zip(x->a);
	} else {
		fns.archive_read_support_format_raw(x->a);
	}
	if (fns.archive_read_open(x->a, u, NULL, feed, NULL) != ARCHIVE_OK)
		return failed(u, members ? "not a tar or zip archive: " : "cannot decompress: ");
	return 0;
}

static int ar_open(struct unpack *u)
{
	struct archive_entry *entry;

	if (ar_start(u, false) < 0)
		return -1;
	if (fns.archive_read_next_header(((struct ar *)u->impl)->a, &entry) != ARCHIVE_OK)
		return failed(u, "cannot decompress: ");
	return 0;
}

/* A member's name as a folder's entry would be: no "./", no "/" at the
 * end. */
static const char *member_name(struct archive_entry *e, size_t *n)
{
	const char *name = fns.archive_entry_pathname(e);

	if (!name)
		name = "";
	while (name[0] == '.' && name[1] == '/')
		name += 2;
	*n = strlen(name);
	while (*n && name[*n - 1] == '/')
		--*n;
	return name;
}

/* The next member of @u's archive (1), the end (0), or why not (-1). */
static int next_member(struct unpack *u, struct archive_entry **e)
{
	int rc = fns.archive_read_next_header(((struct ar *)u->impl)->a, e);

	if (rc == ARCHIVE_EOF)
		return 0;
	return rc < ARCHIVE_WARN ? failed(u, "archive: ") : 1;
}

/* Member @u->member's data, after its header. */
static int member_open(struct unpack *u)
{
	size_t want = strlen(u->member), n;
	struct archive_entry *e;
	const char *name;
	int rc;

	if (ar_start(u, true) < 0)
		return -1;
	while ((rc = next_member(u, &e)) > 0) {
		name = member_name(e, &n);
		if (n == want && !memcmp(name, u->member, n) &&
		    fns.archive_entry_filetype(e) == AE_IFREG)
			return 0;
	}
	if (!rc)
		snprintf(u->err, sizeof(u->err), "the archive holds no file %s", u->member);
	return -1;
}

int unpack_list(int fd, unpack_each_fn each, void *ctx, char *err, size_t errlen)
{
	struct unpack *u = xcalloc(1, sizeof(*u));
	struct archive_entry *e;
	const char *name;
	size_t n;
	int rc;

	u->fd = fd;
	if ((rc = ar_start(u, true)) == 0) {
		while ((rc = next_member(u, &e)) > 0) {
			name = member_name(e, &n);
			if (n)
				each(ctx, name, n, fns.archive_entry_filetype(e) == AE_IFDIR);
		}
	}
	if (rc < 0)
		snprintf(err, errlen, "%s", u->err);
	ar_close(u);
	free(u);
	return rc;
}

/* From libarchive's blocks (64 or 128 KB) one at a time: its
 * archive_read_data() fills the whole buffer or fails, and the blocks it
 * had read before a failure were lost with it (a cut .xz gave no line
 * at all). */
static ssize_t ar_read(struct unpack *u, void *to, size_t want)
{
	struct ar *x = u->impl;

	while (!x->blk_len) {
		const void *p;
		la_int64_t off;
		int rc = fns.archive_read_data_block(x->a, &p, &x->blk_len, &off);

		if (rc == ARCHIVE_EOF)
			return 0;
		if (rc < ARCHIVE_WARN) {
			x->blk_len = 0;
			return failed(u, "decompression failed: ");
		}
		x->blk = p;
	}
	if (want > x->blk_len)
		want = x->blk_len;
	memcpy(to, x->blk, want);
	x->blk += want;
	x->blk_len -= want;
	return (ssize_t)want;
}

static void ar_close(struct unpack *u)
{
	struct ar *x = u->impl;

	if (x && x->a)
		fns.archive_read_free(x->a);
	free(x);
}

const struct unpack_ops unpack_archive_ops = { ar_open, ar_read, ar_close };
const struct unpack_ops unpack_member_ops = { member_open, ar_read, ar_close };
