// SPDX-License-Identifier: GPL-2.0
/*
 * xz through liblzma, loaded at the first xz file (unpack.h), for the
 * reason gunzip.c gives: libarchive drops the block it was decoding when
 * the file ends early, so a log cut inside its one xz block gave no line
 * at all. lzma_code() writes straight into the reader's buffer: every
 * byte it decoded is read, and the file is said to be cut.
 */
#include <lzma.h>
#include <stdio.h>
#include <stdlib.h>

#include "util.h"
#include "unpack_int.h"

#define XZ_FNS(X) X(lzma_stream_decoder) X(lzma_code) X(lzma_end)

static const char *const names[] = { XZ_FNS(LAZY_NAME) NULL };
static struct {
	XZ_FNS(LAZY_FN)
} fns;
static struct lazy_lib lib = LAZY_LIB("liblzma.so.5", names, fns);

struct xz {
	lzma_stream s;
	bool ready;		/* lzma_stream_decoder() done: lzma_end() owed */
	bool in_end;		/* the file's end was read: LZMA_FINISH */
	bool done;		/* the stream ended (or failed: @failed) */
	bool failed;		/* said once the bytes before were read */
};

static int xz_open(struct unpack *u)
{
	static const lzma_stream init = LZMA_STREAM_INIT;
	struct xz *x;

	if (!lazy_lib_load(&lib)) {
		snprintf(u->err, sizeof(u->err), "xz input: %s", lib.err);
		return -1;
	}
	u->impl = x = xcalloc(1, sizeof(*x));
	x->s = init;
	/* xz -c a b > ab.xz is one file, as xz -d reads it */
	if (fns.lzma_stream_decoder(&x->s, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK) {
		snprintf(u->err, sizeof(u->err), "xz input: liblzma cannot start");
		return -1;
	}
	x->ready = true;
	return 0;
}

/* More input in s.next_in; at the file's end, LZMA_FINISH from now on
 * (or a read error: @failed). */
static void xz_more(struct unpack *u, struct xz *x)
{
	const void *p;
	ssize_t n = unpack_input(u, &p);

	if (n > 0) {
		x->s.next_in = p;
		x->s.avail_in = (size_t)n;
		return;
	}
	x->in_end = true;
	if (n < 0)
		x->done = x->failed = true;
}

static const char *xz_error(lzma_ret rc)
{
	switch (rc) {
	case LZMA_FORMAT_ERROR:
		return "not xz data";
	case LZMA_OPTIONS_ERROR:
		return "xz options this liblzma does not know";
	case LZMA_DATA_ERROR:
		return "corrupt xz data";
	case LZMA_MEM_ERROR:
		return "out of memory";
	default:
		return "invalid xz data";
	}
}

static ssize_t xz_read(struct unpack *u, void *to, size_t want)
{
	struct xz *x = u->impl;
	lzma_stream *s = &x->s;
	lzma_ret rc;

	s->next_out = to;
	s->avail_out = want;
	while (!x->done && s->avail_out == want) {	/* until some bytes come */
		if (!s->avail_in && !x->in_end)
			xz_more(u, x);
		if (x->done)
			break;
		rc = fns.lzma_code(s, x->in_end ? LZMA_FINISH : LZMA_RUN);
		if (rc == LZMA_STREAM_END) {
			x->done = true;
		} else if (rc == LZMA_BUF_ERROR && x->in_end) {
			u->cut = true;	/* the file ended inside the stream */
			x->done = true;
		} else if (rc != LZMA_OK && rc != LZMA_BUF_ERROR) {
			snprintf(u->err, sizeof(u->err), "decompression failed: %s", xz_error(rc));
			x->done = x->failed = true;
		}
	}
	if (s->avail_out < want)
		return (ssize_t)(want - s->avail_out);
	return x->failed ? -1 : 0;
}

static void xz_close(struct unpack *u)
{
	struct xz *x = u->impl;

	if (x && x->ready)
		fns.lzma_end(&x->s);
	free(x);
}

const struct unpack_ops unpack_xz_ops = { xz_open, xz_read, xz_close };
