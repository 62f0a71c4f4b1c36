// SPDX-License-Identifier: GPL-2.0
/*
 * A run's id from its inputs' contents: each source file's bytes hashed
 * (XXH3-128, Debian's libxxhash, compiled in), the digests sorted and
 * hashed together. A source that cannot be read again (standard input)
 * counts by what the run read from it.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "input.h"

#define CHUNK (1024 * 1024)

/* The bytes of @path; false when it cannot be read to its end. */
static bool file_digest(const char *path, char *buf, XXH128_hash_t *out)
{
	XXH3_state_t *st;
	ssize_t n;
	int fd;

	if (!strcmp(path, "-") || (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return false;
	st = XXH3_createState();
	XXH3_128bits_reset(st);
	while ((n = read(fd, buf, CHUNK)) > 0 || (n < 0 && errno == EINTR))
		if (n > 0)
			XXH3_128bits_update(st, buf, (size_t)n);
	*out = XXH3_128bits_digest(st);
	XXH3_freeState(st);
	close(fd);
	return n == 0;
}

/* What the run read from source @file: its cycles' spans and callbacks. */
static XXH128_hash_t model_digest(const struct pm_run *run, const char *file)
{
	XXH3_state_t *st = XXH3_createState();
	XXH128_hash_t h;
	size_t i, k;

	XXH3_128bits_reset(st);
	XXH3_128bits_update(st, file, strlen(file));
	for (i = 0; i < run->ncycles; i++) {
		const struct pm_cycle *c = &run->cycles[i];

		if (c->file != file)
			continue;
		XXH3_128bits_update(st, &c->start, sizeof(c->start));
		XXH3_128bits_update(st, &c->end, sizeof(c->end));
		for (k = 0; k < c->ncbs; k++) {
			const char *dev = run->devs[c->cbs[k].dev].name;

			XXH3_128bits_update(st, &c->cbs[k].start, sizeof(ns_t) * 2);
			XXH3_128bits_update(st, dev, strlen(dev) + 1);
		}
	}
	h = XXH3_128bits_digest(st);
	XXH3_freeState(st);
	return h;
}

static int cmp_digest(const void *a, const void *b)
{
	return memcmp(a, b, sizeof(XXH128_canonical_t));
}

void input_run_id(const struct pm_run *run, char *out)
{
	size_t n = run->nsources ? run->nsources : 1, i, k = 0;
	XXH128_canonical_t *d;
	XXH128_hash_t h;
	char *buf;

	if (run->given && run->given->id[0]) {	/* a report's: its logs' */
		snprintf(out, RUN_ID_LEN + 1, "%s", run->given->id);
		return;
	}
	d = xmalloc(n * sizeof(*d));
	buf = xmalloc(CHUNK);
	for (i = 0; i < run->nsources; i++) {
		const char *s = run->sources[i];
		size_t j;

		for (j = 0; j < i && run->sources[j] != s; j++)
			;	/* a file read twice counts once */
		if (j < i)
			continue;
		/* a report's sources are names it gave, not files given to pmscope */
		if (run->given || !file_digest(s, buf, &h))
			h = model_digest(run, s);
		XXH128_canonicalFromHash(&d[k++], h);
	}
	qsort(d, k, sizeof(*d), cmp_digest);
	h = XXH3_128bits(d, k * sizeof(*d));
	snprintf(out, RUN_ID_LEN + 1, "%016llx%016llx", (unsigned long long)h.high64,
		 (unsigned long long)h.low64);
	free(buf);
	free(d);
}
