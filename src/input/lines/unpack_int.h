/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internal to input/lines/unpack.c and its decompressors (gunzip.c,
 * unxz.c, unpack_archive.c): what a decompressor is to unpack.c.
 */
#ifndef PMSCOPE_INPUT_UNPACK_INT_H
#define PMSCOPE_INPUT_UNPACK_INT_H

#include "unpack.h"

#define UNPACK_IN_BYTES (64 * 1024)

struct unpack_ops {
	/* set up (0), or why not (-1, in u->err) */
	int (*open)(struct unpack *u);
	ssize_t (*read)(struct unpack *u, void *to, size_t want);
	void (*close)(struct unpack *u);
};

struct unpack {
	const struct unpack_ops *ops;
	void *impl;		/* the decompressor's own */
	int fd;
	char *pre;		/* bytes read before, given first */
	size_t npre;
	bool in_end;		/* the file's end was read */
	bool cut;
	const char *member;	/* unpack_member()'s: the archive member read */
	char in[UNPACK_IN_BYTES];
	char err[320];
};

/* The next compressed bytes (those read before first), in *@p: how
 * many; 0 at the file's end, -1 on a read error (said in u->err). */
ssize_t unpack_input(struct unpack *u, const void **p);

extern const struct unpack_ops unpack_gzip_ops, unpack_xz_ops, unpack_archive_ops,
	unpack_member_ops;

#endif
