// SPDX-License-Identifier: GPL-2.0
/*
 * Huge pages for a large input: see restart_with_huge_pages().
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd.h"
#include "input.h"

/*
 * The model of a large trace is kept in memory, tens of MB of it, and
 * most of that memory is touched once, as it is written: with 4 KB pages
 * that is a page fault per 4 KB, a fifth of reading a large trace on the
 * VMs this is measured on. glibc backs its heap with huge pages only when
 * its tunable says so, and reads tunables at startup: so for a large
 * input pmscope starts itself again once with it set (where exec fails,
 * it goes on as it is). Small inputs do not pay the second start (some
 * ms: the libraries are loaded again). A tunable the user set, to either
 * value, is left alone.
 */
#define HUGE_PAGES_TUNABLE "glibc.malloc.hugetlb"
#define HUGE_PAGES_FROM (32ull << 20)	/* bytes of input */

/* A compressed log is read as about eight times its size. */
static unsigned long long weight(const char *name, off_t size)
{
	bool packed = input_unpacked_len(name) < strlen(name);

	return (packed ? 8 : 1) * (unsigned long long)size;
}

/* Is @arg an option whose value (the next argument) is a file written,
 * not read: an output ("--json FILE") or the run folder (-o)? */
static bool output_option(const char *arg)
{
	size_t i;

	if (!strcmp(arg, "-o") || !strcmp(arg, "--outdir"))
		return true;
	for (i = 0; i < OUT_COUNT; i++)
		if (arg[0] == '-' && arg[1] == '-' && !strcmp(arg + 2, outputs[i].opt))
			return true;
	return false;
}

/* The bytes of the files named in @argv, and of the files directly in
 * the folders named (run folders): what the input may weigh. Outputs
 * that exist from an earlier run are not counted. */
static unsigned long long input_bytes(int argc, char **argv)
{
	unsigned long long sum = 0;
	struct dirent *e;
	struct stat st;
	int i;

	for (i = 1; i < argc && sum < HUGE_PAGES_FROM; i++) {
		DIR *d;

		if (output_option(argv[i])) {
			i++;
			continue;
		}
		if (stat(argv[i], &st) < 0)
			continue;
		if (S_ISREG(st.st_mode)) {
			sum += weight(argv[i], st.st_size);
			continue;
		}
		if (!S_ISDIR(st.st_mode) || !(d = opendir(argv[i])))
			continue;
		while ((e = readdir(d)))
			if (fstatat(dirfd(d), e->d_name, &st, 0) == 0 && S_ISREG(st.st_mode))
				sum += weight(e->d_name, st.st_size);
		closedir(d);
	}
	return sum;
}

void restart_with_huge_pages(int argc, char **argv)
{
	const char *old = getenv("GLIBC_TUNABLES");
	char *all;

	if ((old && strstr(old, HUGE_PAGES_TUNABLE)) || input_bytes(argc, argv) < HUGE_PAGES_FROM)
		return;
	if (asprintf(&all, "%s%s" HUGE_PAGES_TUNABLE "=1", old ? old : "", old ? ":" : "") < 0)
		return;
	if (setenv("GLIBC_TUNABLES", all, 1) == 0)
		execv("/proc/self/exe", argv);
	free(all);
}

bool huge_pages(void)
{
	const char *t = getenv("GLIBC_TUNABLES");

	return t && strstr(t, HUGE_PAGES_TUNABLE "=1");
}
