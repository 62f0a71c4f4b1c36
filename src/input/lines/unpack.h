/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libarchive, loaded the first time a compressed file is read
 * (input/lines/unpack.c): linked at startup it and what it needs (libxml2, ICU,
 * libstdc++ ...) took 6.5 of the 16 ms every pmscope run spent before
 * reading a byte, and most inputs are plain text.
 */
#ifndef PMSCOPE_INPUT_UNPACK_H
#define PMSCOPE_INPUT_UNPACK_H

#include <archive.h>
#include <archive_entry.h>

#include "util.h"

#define UNPACK_FNS(X)                         \
	X(archive_read_new)                   \
	X(archive_read_support_filter_all)    \
	X(archive_read_support_format_raw)    \
	X(archive_read_open)                  \
	X(archive_read_open_filename)         \
	X(archive_read_next_header)           \
	X(archive_read_data)                  \
	X(archive_read_data_block)            \
	X(archive_read_free)                  \
	X(archive_error_string)               \
	X(archive_set_error)

/* The functions pmscope calls, by their own names and types. */
struct unpack_fns {
	UNPACK_FNS(LAZY_FN)
};

/* Loaded once (thread safe); NULL when libarchive is not installed, with
 * why in @err. */
const struct unpack_fns *unpack_fns(char *err, size_t errlen);
/* A reader of any compressed stream (gzip, xz, zstd, bzip2) as one raw
 * entry, to be opened by the caller. */
struct archive *unpack_raw(const struct unpack_fns *f);
/* Why @a failed: libarchive's words, or "unknown format". */
const char *unpack_why(const struct unpack_fns *f, struct archive *a);

#endif
