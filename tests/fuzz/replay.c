// SPDX-License-Identifier: GPL-2.0
/*
 * A harness without libFuzzer: each file named (or each file in each
 * folder named) is one input. The plain and sanitized builds of
 * `make check` run the kept reproducers and seeds through the same
 * harness code the fuzzer runs (tests/cli/fuzz_repro.sh).
 */
#include <dirent.h>
#include <errno.h>
#include <sys/stat.h>

#include "fuzz.h"

static int one(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t n = 0, cap = 0, got;

	if (!f) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return -1;
	}
	do {
		if (n == cap)
			buf = xrealloc(buf, cap = cap ? 2 * cap : 65536);
		got = fread(buf + n, 1, cap - n, f);
		n += got;
	} while (got);
	fclose(f);
	/* exactly the input's bytes: reading past them is a fault */
	if (n)
		buf = xrealloc(buf, n);
	LLVMFuzzerTestOneInput(buf, n);
	free(buf);
	return 0;
}

int main(int argc, char **argv)
{
	int i, rc = 0, count = 0;

	for (i = 1; i < argc; i++) {
		struct stat sb;
		struct dirent **names;
		int k, n;

		if (stat(argv[i], &sb) < 0 || !S_ISDIR(sb.st_mode)) {
			rc |= one(argv[i]);
			count++;
			continue;
		}
		n = scandir(argv[i], &names, NULL, alphasort);
		for (k = 0; k < n; k++) {
			char *p = xasprintf("%s/%s", argv[i], names[k]->d_name);

			if (names[k]->d_name[0] != '.') {
				rc |= one(p);
				count++;
			}
			free(p);
			free(names[k]);
		}
		if (n >= 0)
			free(names);
	}
	printf("%d inputs\n", count);
	return rc ? 1 : 0;
}
