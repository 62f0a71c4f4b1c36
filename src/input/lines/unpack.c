// SPDX-License-Identifier: GPL-2.0
/*
 * libarchive on demand (unpack.h): loaded at the first compressed file,
 * each function looked up by name once. The table is the process's, as
 * the dynamic linker's would have been.
 */
#include <stdio.h>

#include "util.h"
#include "unpack.h"

static const char *const names[] = { UNPACK_FNS(LAZY_NAME) NULL };
static struct unpack_fns fns;
static struct lazy_lib lib = LAZY_LIB("libarchive.so.13", names, fns);

const struct unpack_fns *unpack_fns(char *err, size_t errlen)
{
	if (lazy_lib_load(&lib))
		return &fns;
	snprintf(err, errlen, "compressed input: %s", lib.err);
	return NULL;
}

struct archive *unpack_raw(const struct unpack_fns *f)
{
	struct archive *a = f->archive_read_new();

	f->archive_read_support_filter_all(a);
	f->archive_read_support_format_raw(a);
	return a;
}

const char *unpack_why(const struct unpack_fns *f, struct archive *a)
{
	const char *why = f->archive_error_string(a);

	return why ? why : "unknown format";
}
