// SPDX-License-Identifier: GPL-2.0
/*
 * A compressed stream, whichever library decodes it (unpack.h): the
 * magic tells the kind, the bytes read before it was known come first,
 * then the file, never sought.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "util.h"
#include "unpack_int.h"

static bool is_gzip(const unsigned char *m, size_t n)
{
	return n >= 2 && m[0] == 0x1f && m[1] == 0x8b;
}

bool unpack_magic(const void *p, size_t n)
{
	const unsigned char *m = p;

	return is_gzip(m, n) ||
	       (n >= 6 && memcmp(m, "\xfd" "7zXZ\0", 6) == 0) ||
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

/* gzip by zlib, unless it cannot be loaded: then by libarchive too. */
struct unpack *unpack_open(int fd, const void *pre, size_t npre, char *err, size_t errlen)
{
	struct unpack *u = xcalloc(1, sizeof(*u));
	int rc;

	u->fd = fd;
	u->pre = npre ? memcpy(xmalloc(npre), pre, npre) : NULL;
	u->npre = npre;
	u->ops = is_gzip(pre, npre) ? &unpack_gzip_ops : &unpack_archive_ops;
	rc = u->ops->open(u);
	if (rc < 0 && u->ops == &unpack_gzip_ops) {	/* no zlib */
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
