// SPDX-License-Identifier: GPL-2.0
/*
 * A run folder's system facts (input/sysfacts.c): the input up to the
 * first line "--" is sys/devices.txt, the rest sys/devlinks.txt, both
 * read into one run as input_read_dir() does.
 */
#include "fuzz.h"
#include "input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd_dev = -1, fd_link = -1;
	const char *s = (const char *)data;
	char dev[64], link[64], err[1024];
	struct pm_run *run;
	size_t cut = size, rest = 0;
	const char *sep = memmem(s, size, "\n--\n", 4);

	if (sep) {
		cut = (size_t)(sep - s) + 1;
		rest = cut + 3;
	} else {
		rest = size;
	}
	if (fuzz_file(&fd_dev, data, cut, dev, sizeof(dev)) < 0 ||
	    fuzz_file(&fd_link, data + rest, size - rest, link, sizeof(link)) < 0)
		abort();
	run = run_new();
	sysfacts_devices(run, dev, err, sizeof(err));
	sysfacts_devlinks(run, link, err, sizeof(err));
	run_free(run);
	return 0;
}
