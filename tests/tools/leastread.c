// SPDX-License-Identifier: GPL-2.0
/*
 * make bench's least reader: what reading an events-only trace costs at
 * the least on this machine when its callbacks are kept, a floor nearer
 * pmscope's work than wc -l. It reads as pmscope does (read(2), 256 KB
 * at a time, lines cut by memchr()), takes only the kernel's own event
 * line ("%16s-%-7d [%03d] FLAGS SECONDS: EVENT: ARGS") at its fixed
 * columns, and of it only device_pm_callback_start and _end: the device
 * is the word before the first comma, found in a hash table of names,
 * each start kept as a 48-byte record in 64 KB pieces, each end put on
 * its device's open start. No other layout, no phases, no threads, no
 * twins, no checks: not a parser, a measuring stick.
 *   leastread FILE     prints its CPU seconds, then lines, callbacks
 */
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define CHUNK (256 * 1024)
#define LINE_MAX_LEN 65536
#define SLOTS (1 << 14)		/* of a few hundred devices */
#define PIECE_CBS (65536 / sizeof(struct cb))

struct cb {
	int64_t start, end;
	int32_t dev, pid, line, pad[5];
};

struct dev {
	const char *name;	/* into the file's bytes: copied */
	size_t len;
	struct cb *open;
};

struct least {
	int32_t slot[SLOTS];	/* open addressing on the name's hash: 1 + index */
	struct dev devs[SLOTS];
	struct cb **pieces;
	size_t npieces, used;	/* records in the last piece */
	size_t ncbs, ndevs;
};

static double cpu_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static struct dev *device(struct least *l, const char *p, size_t n)
{
	uint64_t h = 1469598103934665603ull;
	size_t i, s;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)p[i]) * 1099511628211ull;
	for (s = (h >> 40) % SLOTS;; s = (s + 1) % SLOTS) {
		struct dev *d;
		char *copy;

		if (l->slot[s]) {
			d = &l->devs[l->slot[s] - 1];
			if (d->len == n && !memcmp(d->name, p, n))
				return d;
			continue;
		}
		if (l->ndevs == SLOTS - 1)
			return &l->devs[0];	/* full: not a trace of ours */
		copy = malloc(n);
		memcpy(copy, p, n);
		d = &l->devs[l->ndevs++];
		*d = (struct dev){ copy, n, NULL };
		l->slot[s] = (int32_t)l->ndevs;
		return d;
	}
}

static struct cb *new_cb(struct least *l)
{
	if (!l->npieces || l->used == PIECE_CBS) {
		l->pieces = realloc(l->pieces, (l->npieces + 1) * sizeof(*l->pieces));
		l->pieces[l->npieces++] = malloc(PIECE_CBS * sizeof(struct cb));
		l->used = 0;
	}
	l->ncbs++;
	return &l->pieces[l->npieces - 1][l->used++];
}

static void line(struct least *l, const char *p, const char *end, int32_t lineno)
{
	const char *q = p + 31, *c, *sp = NULL;
	int64_t sec = 0, us = 0, ts;
	int32_t pid = 0;
	struct dev *d;
	bool is_end;

	if (end - p < 64 || p[16] != '-' || p[25] != '[')
		return;
	for (c = p + 17; *c >= '0' && *c <= '9'; c++)
		pid = pid * 10 + (*c - '0');
	while (q < end && *q == ' ')
		q++;
	while (q < end && *q != ' ')	/* FLAGS */
		q++;
	while (q < end && *q == ' ')
		q++;
	for (; q < end && *q >= '0' && *q <= '9'; q++)
		sec = sec * 10 + (*q - '0');
	for (q++; q < end && *q >= '0' && *q <= '9'; q++)
		us = us * 10 + (*q - '0');
	ts = sec * 1000000000 + us * 1000;
	if (end - q < 28 || memcmp(q + 2, "device_pm_callback_", 19))
		return;
	is_end = q[21] == 'e';
	q += is_end ? 26 : 28;
	for (c = q; c < end && *c != ','; c++)
		if (*c == ' ')
			sp = c;
	d = device(l, sp ? sp + 1 : q, (size_t)(c - (sp ? sp + 1 : q)));
	if (!is_end) {
		struct cb *cb = new_cb(l);

		*cb = (struct cb){ ts, -1, (int32_t)(d - l->devs), pid, lineno, { 0 } };
		d->open = cb;
	} else if (d->open) {
		d->open->end = ts;
		d->open = NULL;
	}
}

int main(int argc, char **argv)
{
	struct least *l = calloc(1, sizeof(*l));
	char *buf = malloc(CHUNK + LINE_MAX_LEN);
	size_t have = 0, lines = 0;
	double t0;
	ssize_t n;
	int fd;

	if (argc != 2 || !l || !buf || (fd = open(argv[1], O_RDONLY)) < 0) {
		fprintf(stderr, "usage: leastread FILE\n");
		return 2;
	}
	t0 = cpu_s();
	while ((n = read(fd, buf + have, CHUNK)) > 0) {
		char *p = buf, *end = buf + have + n, *nl;

		while ((nl = memchr(p, '\n', (size_t)(end - p)))) {
			line(l, p, nl, (int32_t)++lines);
			p = nl + 1;
		}
		have = (size_t)(end - p);
		if (have > LINE_MAX_LEN)
			have = 0;	/* a line too long to be one of ours */
		memmove(buf, p, have);
	}
	printf("%.4f %zu %zu\n", cpu_s() - t0, lines, l->ncbs);
	close(fd);
	return 0;
}
