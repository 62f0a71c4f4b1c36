// SPDX-License-Identifier: GPL-2.0
/*
 * gzip through zlib, loaded at the first gzip file (unpack.h). libarchive
 * decodes into 64 KB blocks and drops the one it was filling when the
 * file ends early: a log cut before its gzip trailer lost its last
 * hundreds of lines. inflate() writes straight into the reader's buffer,
 * so every byte it decoded is read, and a file that ends inside a member
 * is said to be cut, not of an "unknown format".
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <zlib.h>

#include "util.h"
#include "unpack_int.h"

#define Z_FNS(X) X(inflateInit2_) X(inflate) X(inflateEnd) X(inflateReset)

static const char *const names[] = { Z_FNS(LAZY_NAME) NULL };
static struct {
	Z_FNS(LAZY_FN)
} fns;
static struct lazy_lib lib = LAZY_LIB("libz.so.1", names, fns);

struct gz {
	z_stream z;
	bool ready;		/* inflateInit2() done: inflateEnd() owed */
	bool between;		/* a member ended: another may follow */
	bool done;		/* the stream ended (or failed: @failed) */
	bool failed;		/* said once the bytes before were read */
};

static int gz_open(struct unpack *u)
{
	struct gz *x;

	if (!lazy_lib_load(&lib)) {
		snprintf(u->err, sizeof(u->err), "gzip input: %s", lib.err);
		return -1;
	}
	u->impl = x = xcalloc(1, sizeof(*x));
	/* 16: a gzip header and trailer around the deflate data */
	if (fns.inflateInit2_(&x->z, 15 + 16, ZLIB_VERSION, (int)sizeof(x->z)) != Z_OK) {
		snprintf(u->err, sizeof(u->err), "gzip input: zlib cannot start");
		return -1;
	}
	x->ready = true;
	return 0;
}

/* More input in z.next_in; false at the file's end, which inside a
 * member means the file was cut (or on a read error: @failed). */
static bool gz_more(struct unpack *u, struct gz *x)
{
	const void *p;
	ssize_t n = unpack_input(u, &p);

	if (n > 0) {
		x->z.next_in = (Bytef *)p;
		x->z.avail_in = (uInt)n;
		return true;
	}
	x->done = true;
	x->failed = n < 0;
	u->cut = n == 0 && !x->between;
	return false;
}

/* The next member of a file of several (gzip -c a b > ab.gz), or the
 * end: bytes after the last member that start none are passed over, as
 * gzip itself does. */
static bool gz_next_member(struct gz *x)
{
	if (x->z.next_in[0] != 0x1f) {
		x->done = true;
		return false;
	}
	fns.inflateReset(&x->z);
	x->between = false;
	return true;
}

static ssize_t gz_read(struct unpack *u, void *to, size_t want)
{
	struct gz *x = u->impl;
	z_stream *z = &x->z;
	uInt room = want < UINT_MAX ? (uInt)want : UINT_MAX;
	int rc;

	z->next_out = to;
	z->avail_out = room;
	while (!x->done && z->avail_out == room) {	/* until some bytes come */
		if (!z->avail_in && !gz_more(u, x))
			break;
		if (x->between && !gz_next_member(x))
			break;
		rc = fns.inflate(z, Z_SYNC_FLUSH);
		if (rc == Z_STREAM_END) {
			x->between = true;
		} else if (rc != Z_OK && (rc != Z_BUF_ERROR || z->avail_in)) {
			snprintf(u->err, sizeof(u->err), "decompression failed: %s",
				 z->msg ? z->msg : "invalid gzip data");
			x->done = x->failed = true;
		}
	}
	if (z->avail_out < room)
		return (ssize_t)(room - z->avail_out);
	return x->failed ? -1 : 0;
}

static void gz_close(struct unpack *u)
{
	struct gz *x = u->impl;

	if (x && x->ready)
		fns.inflateEnd(&x->z);
	free(x);
}

const struct unpack_ops unpack_gzip_ops = { gz_open, gz_read, gz_close };
