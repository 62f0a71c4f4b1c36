// SPDX-License-Identifier: GPL-2.0
/*
 * A run folder's system files, read into one run as input_read_dir()
 * does: the input is cut at "--" lines into sys/devices.txt,
 * sys/devlinks.txt, sys/facts.txt and sys/sleep-stats.txt (input/
 * sysfacts.c, capfacts.c, residency.c); missing parts are empty files.
 */
#include "fuzz.h"
#include "input.h"

enum { PART_DEV, PART_LINK, PART_FACTS, PART_SLEEP, NPARTS };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd[NPARTS] = { -1, -1, -1, -1 };
	const char *s = (const char *)data;
	char path[NPARTS][64], err[1024];
	struct pm_run *run;
	size_t i, at = 0;

	for (i = 0; i < NPARTS; i++) {
		const char *sep = at < size ? memmem(s + at, size - at, "\n--\n", 4) : NULL;
		size_t end = sep ? (size_t)(sep - s) + 1 : size;

		if (fuzz_file(&fd[i], data + at, end - at, path[i], sizeof(path[i])) < 0)
			abort();
		at = sep ? end + 3 : size;
	}
	run = run_new();
	sysfacts_devices(run, path[PART_DEV], err, sizeof(err));
	sysfacts_devlinks(run, path[PART_LINK], err, sizeof(err));
	capfacts_read(run, path[PART_FACTS], err, sizeof(err));
	residency_read(run, path[PART_SLEEP], err, sizeof(err));
	run_free(run);
	return 0;
}
