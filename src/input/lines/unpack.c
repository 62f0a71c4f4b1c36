// SPDX-License-Identifier: GPL-2.0
/*
 * A compressed stream, whichever library decodes it (unpack.h): the
 * magic tells the kind, the bytes read before it was known come first,
 * then the file, never sought.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"
#include "unpack_int.h"

static bool is_gzip(const unsigned char *m, size_t n)
{
	return n >= 2 && m[0] == 0x1f && m[1] == 0x8b;
}

static bool is_xz(const unsigned char *m, size_t n)
{
	return n >= 6 && memcmp(m, "\xfd" "7zXZ\0", 6) == 0;
}

bool unpack_magic(const void *p, size_t n)
{
	const unsigned char *m = p;

	return is_gzip(m, n) || is_xz(m, n) ||
	       (n >= 4 && memcmp(m, "\x28\xb5\x2f\xfd", 4) == 0) ||
	       (n >= 3 && memcmp(m, "BZh", 3) == 0);
}

ssize_t unpack_input(struct unpack *u, const void **p)
{
	ssize_t n;

	if (u->npre) {
		*p = u->pre;
		n = (ssize_t)u->npre;
		u->npre = 0;
		return n;
	}
	do
		n = read(u->fd, u->in, sizeof(u->in));
	while (n < 0 && errno == EINTR);
	if (n < 0)
		snprintf(u->err, sizeof(u->err), "%s", strerror(errno));
	u->in_end = n == 0;
	*p = u->in;
	return n;
}

/* gzip by zlib and xz by liblzma, unless they cannot be loaded: then by
 * libarchive too. */
struct unpack *unpack_open(int fd, const void *pre, size_t npre, char *err, size_t errlen)
{
	struct unpack *u = xcalloc(1, sizeof(*u));
	int rc;

	u->fd = fd;
	u->pre = npre ? memcpy(xmalloc(npre), pre, npre) : NULL;
	u->npre = npre;
	u->ops = is_gzip(pre, npre) ? &unpack_gzip_ops :
		 is_xz(pre, npre) ? &unpack_xz_ops : &unpack_archive_ops;
	rc = u->ops->open(u);
	if (rc < 0 && u->ops != &unpack_archive_ops) {	/* no zlib, no liblzma */
		u->ops->close(u);
		u->impl = NULL;
		u->ops = &unpack_archive_ops;
		rc = u->ops->open(u);
	}
	if (rc == 0)
		return u;
	snprintf(err, errlen, "%s", u->err);
	unpack_close(u);
	return NULL;
}

bool unpack_archive_named(const char *name)
{
	static const char *const ext[] = { ".zip", ".tar", ".tgz", ".txz", ".tbz2", ".tzst",
					   ".tar.gz", ".tar.xz", ".tar.zst", ".tar.bz2" };
	size_t n = strlen(name), i, e;

	for (i = 0; i < ARRAY_SIZE(ext); i++) {
		e = strlen(ext[i]);
		if (n > e && !strcasecmp(name + n - e, ext[i]))
			return true;
	}
	return false;
}

bool unpack_archive_magic(const void *p, size_t n)
{
	const unsigned char *m = p;

	return (n >= 4 && !memcmp(m, "PK\3\4", 4)) ||
	       (n >= 262 && !memcmp(m + 257, "ustar", 5));
}

struct unpack *unpack_member(int fd, const char *member, char *err, size_t errlen)
{
	struct unpack *u = xcalloc(1, sizeof(*u));

	u->fd = fd;
	u->member = member;
	u->ops = &unpack_member_ops;
	if (u->ops->open(u) == 0)
		return u;
	snprintf(err, errlen, "%s", u->err);
	unpack_close(u);
	return NULL;
}

/* Only where opening the path failed: a stat() per folder on the way. */
char *unpack_archive_of(const char *path, const char **member)
{
	struct stat sb;
	size_t i;

	for (i = 1; path[i]; i++) {
		char *a;

		if (path[i] != '/' || !path[i + 1])
			continue;
		a = xasprintf("%.*s", (int)i, path);
		if (stat(a, &sb) == 0 && S_ISREG(sb.st_mode)) {
			*member = path + i + 1;
			return a;
		}
		free(a);
	}
	return NULL;
}

ssize_t unpack_read(struct unpack *u, void *to, size_t want)
{
	return u->ops->read(u, to, want);
}

bool unpack_cut(const struct unpack *u)
{
	return u->cut;
}

const char *unpack_error(const struct unpack *u)
{
	return u->err;
}

void unpack_close(struct unpack *u)
{
	if (!u)
		return;
	u->ops->close(u);
	free(u->pre);
	free(u);
}
