// SPDX-License-Identifier: GPL-2.0
/*
 * make bench's memory floor: the CPU seconds this machine takes to write
 * MB of memory for the first time, in 64 KB pieces kept to the end (a
 * cycle's callback array, an arena chunk), as reading a trace writes its
 * model. The kernel hands a process fresh memory zeroed, page by page: on
 * some VMs that costs a millisecond or more a MB, while wc -l, the
 * reading's floor, writes nothing. The caller sets the heap on huge pages
 * (GLIBC_TUNABLES) where pmscope does.
 *   memfloor MB
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PIECE (64 * 1024)

static double cpu_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	double mb = argc == 2 ? atof(argv[1]) : -1, t0;
	size_t n, i;
	char **piece;
	unsigned sum = 0;

	if (mb < 0 || mb > 1 << 20) {
		fprintf(stderr, "usage: memfloor MB\n");
		return 2;
	}
	n = (size_t)(mb * (1 << 20) / PIECE) + 1;
	piece = calloc(n, sizeof(*piece));
	if (!piece)
		return 1;
	t0 = cpu_s();
	for (i = 0; i < n; i++) {
		piece[i] = malloc(PIECE);
		if (!piece[i])
			return 1;
		memset(piece[i], (int)i, PIECE);
	}
	for (i = 0; i < n; i++)	/* read back: the writes are not for nothing */
		sum += (unsigned char)piece[i][i % PIECE];
	printf("%.4f\n", cpu_s() - t0);
	for (i = 0; i < n; i++)
		free(piece[i]);
	free(piece);
	return sum == ~0u;	/* never: keeps @sum */
}
