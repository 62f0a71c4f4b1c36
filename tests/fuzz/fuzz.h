/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by the libFuzzer harnesses (tests/fuzz/fuzz_*.c): an input as a
 * file the readers can open by name, and an input cut into lines.
 */
#ifndef PMSCOPE_FUZZ_H
#define PMSCOPE_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * A memory file holding @data, named "/proc/self/fd/N" in @path: the
 * readers open files by name, and a memfd costs no disk and no cleanup.
 * @fd is kept between inputs (-1 the first time). Returns 0 or -1.
 */
static inline int fuzz_file(int *fd, const uint8_t *data, size_t size, char *path, size_t n)
{
	if (*fd < 0)
		*fd = memfd_create("pmscope-fuzz", MFD_CLOEXEC);
	if (*fd < 0 || ftruncate(*fd, 0) < 0)
		return -1;
	if (size && pwrite(*fd, data, size, 0) != (ssize_t)size)
		return -1;
	snprintf(path, n, "/proc/self/fd/%d", *fd);
	return 0;
}

/* The next line of @rest (without '\n') in @line; false at the end. */
static inline bool fuzz_line(struct str *rest, struct str *line)
{
	const char *nl;

	if (!rest->len)
		return false;
	nl = memchr(rest->p, '\n', rest->len);
	*line = str_make(rest->p, nl ? (size_t)(nl - rest->p) : rest->len);
	*rest = str_skip(*rest, line->len + (nl ? 1 : 0));
	return true;
}

/* Writers get a sink that throws everything away, as a real file would
 * take it (stdio buffering and all). */
static inline FILE *fuzz_sink(void)
{
	static FILE *null;

	if (!null)
		null = fopen("/dev/null", "w");
	return null;
}

#endif
