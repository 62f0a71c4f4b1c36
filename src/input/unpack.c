// SPDX-License-Identifier: GPL-2.0
/*
 * libarchive on demand (unpack.h): dlopen() at the first compressed file,
 * each function looked up by name once. The table is the process's, as
 * the dynamic linker's would have been.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>

#include "unpack.h"

#define UNPACK_SONAME "libarchive.so.13"

static struct {
	pthread_once_t once;
	struct unpack_fns fns;
	bool ok;
	char err[256];
} lib = { .once = PTHREAD_ONCE_INIT };

static void load(void)
{
	void *h = dlopen(UNPACK_SONAME, RTLD_NOW | RTLD_LOCAL);

	if (!h) {
		snprintf(lib.err, sizeof(lib.err), "cannot load %s for compressed input: %s",
			 UNPACK_SONAME, dlerror());
		return;
	}
#define UNPACK_SYM(f)                                                                   \
	if (!(*(void **)&lib.fns.f = dlsym(h, #f))) {                                   \
		snprintf(lib.err, sizeof(lib.err), "%s: no %s", UNPACK_SONAME, #f);    \
		return;                                                                 \
	}
	UNPACK_FNS(UNPACK_SYM)
#undef UNPACK_SYM
	lib.ok = true;	/* the handle stays open: the functions are in use */
}

const struct unpack_fns *unpack_fns(char *err, size_t errlen)
{
	pthread_once(&lib.once, load);
	if (!lib.ok)
		snprintf(err, errlen, "%s", lib.err);
	return lib.ok ? &lib.fns : NULL;
}
