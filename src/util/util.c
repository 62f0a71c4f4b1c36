// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "util.h"

static void oom(size_t n)
{
	fprintf(stderr, "pmscope: out of memory (%zu bytes)\n", n);
	exit(2);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		oom(n);
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		oom(n * size);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (!q)
		oom(n);
	return q;
}

char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xmalloc(n), s, n);
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		oom(0);
	s = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

struct str str_trim(struct str s)
{
	while (s.len && (s.p[0] == ' ' || s.p[0] == '\t' || s.p[0] == '\r'))
		s.p++, s.len--;
	while (s.len && (s.p[s.len - 1] == ' ' || s.p[s.len - 1] == '\t' ||
			 s.p[s.len - 1] == '\r' || s.p[s.len - 1] == '\n'))
		s.len--;
	return s;
}

long str_find(struct str s, const char *lit)
{
	size_t n = strlen(lit), k = 0;
	const char *p, *end;

	if (n == 0 || s.len < n)
		return n == 0 ? 0 : -1;
	/* Anchor on the first non-blank byte: spaces are everywhere. */
	while (k + 1 < n && lit[k] == ' ')
		k++;
	end = s.p + s.len - (n - k) + 1;
	for (p = s.p + k; p < end; p++) {
		p = memchr(p, lit[k], (size_t)(end - p));
		if (!p)
			return -1;
		if (memcmp(p - k, lit, n) == 0)
			return p - k - s.p;
	}
	return -1;
}

size_t str_u64(struct str s, uint64_t *out)
{
	uint64_t v = 0;
	size_t i;

	for (i = 0; i < s.len && s.p[i] >= '0' && s.p[i] <= '9'; i++) {
		if (v > (UINT64_MAX - 9) / 10)
			return 0; /* overflow: not a number we can use */
		v = v * 10 + (uint64_t)(s.p[i] - '0');
	}
	if (i)
		*out = v;
	return i;
}

size_t str_i64(struct str s, int64_t *out)
{
	bool neg = s.len && s.p[0] == '-';
	uint64_t v;
	size_t n;

	n = str_u64(str_make(s.p + neg, s.len - neg), &v);
	if (!n || v > INT64_MAX)
		return 0;
	*out = neg ? -(int64_t)v : (int64_t)v;
	return n + neg;
}

size_t str_seconds_ns(struct str s, int64_t *ns)
{
	uint64_t sec, frac = 0;
	size_t n, i, digits = 0;

	n = str_u64(s, &sec);
	if (!n || sec > 9000000000ULL)
		return 0;
	if (n < s.len && s.p[n] == '.') {
		for (i = n + 1; i < s.len && s.p[i] >= '0' && s.p[i] <= '9'; i++) {
			if (digits < 9) {
				frac = frac * 10 + (uint64_t)(s.p[i] - '0');
				digits++;
			}
		}
		if (i == n + 1)
			return 0;
		n = i;
		for (; digits < 9; digits++)
			frac *= 10;
	}
	*ns = (int64_t)(sec * 1000000000ULL + frac);
	return n;
}

/* FNV-1a: short keys, good enough spread, no dependency. */
uint32_t hash_bytes(const void *p, size_t len)
{
	const unsigned char *c = p;
	uint32_t h = 2166136261u;

	while (len--)
		h = (h ^ *c++) * 16777619u;
	return h;
}

#define POOL_CHUNK (64 * 1024)

void strpool_init(struct strpool *sp)
{
	memset(sp, 0, sizeof(*sp));
}

void arena_free(struct arena *a)
{
	size_t i;

	for (i = 0; i < a->nchunks; i++)
		free(a->chunks[i]);
	free(a->chunks);
	memset(a, 0, sizeof(*a));
}

void *arena_alloc(struct arena *a, size_t n, size_t align)
{
	char *p;

	a->used = (a->used + align - 1) & ~(align - 1);
	if (n > POOL_CHUNK / 4) {
		/* Big blocks get their own chunk, kept before the current one. */
		p = xmalloc(n);
		a->chunks = xrealloc(a->chunks, (a->nchunks + 1) * sizeof(char *));
		if (a->nchunks) {
			a->chunks[a->nchunks] = a->chunks[a->nchunks - 1];
			a->chunks[a->nchunks - 1] = p;
		} else {
			a->chunks[0] = p;
			a->used = POOL_CHUNK; /* force a fresh chunk next time */
		}
		a->nchunks++;
		return p;
	}
	if (!a->nchunks || a->used + n > POOL_CHUNK) {
		a->chunks = xrealloc(a->chunks, (a->nchunks + 1) * sizeof(char *));
		a->chunks[a->nchunks++] = xmalloc(POOL_CHUNK);
		a->used = 0;
	}
	p = a->chunks[a->nchunks - 1] + a->used;
	a->used += n;
	return p;
}

void strpool_free(struct strpool *sp)
{
	arena_free(&sp->mem);
	free(sp->slots);
	free(sp->hashes);
	memset(sp, 0, sizeof(*sp));
}

static void pool_grow(struct strpool *sp)
{
	size_t n = sp->nslots ? sp->nslots * 2 : 256, i, j;
	const char **slots = xcalloc(n, sizeof(*slots));
	uint32_t *hashes = xcalloc(n, sizeof(*hashes));

	for (i = 0; i < sp->nslots; i++) {
		if (!sp->slots[i])
			continue;
		for (j = sp->hashes[i] & (n - 1); slots[j]; j = (j + 1) & (n - 1))
			;
		slots[j] = sp->slots[i];
		hashes[j] = sp->hashes[i];
	}
	free(sp->slots);
	free(sp->hashes);
	sp->slots = slots;
	sp->hashes = hashes;
	sp->nslots = n;
}

const char *strpool_get(struct strpool *sp, struct str s)
{
	uint32_t h;
	size_t i;
	char *p;

	if (!s.p)
		return NULL;
	if ((sp->count + 1) * 4 >= sp->nslots * 3)
		pool_grow(sp);
	h = hash_bytes(s.p, s.len);
	for (i = h & (sp->nslots - 1); sp->slots[i]; i = (i + 1) & (sp->nslots - 1)) {
		if (sp->hashes[i] == h && strncmp(sp->slots[i], s.p, s.len) == 0 &&
		    sp->slots[i][s.len] == '\0')
			return sp->slots[i];
	}
	p = arena_alloc(&sp->mem, s.len + 1, 1);
	memcpy(p, s.p, s.len);
	p[s.len] = '\0';
	sp->slots[i] = p;
	sp->hashes[i] = h;
	sp->count++;
	return p;
}

const char *strpool_cstr(struct strpool *sp, const char *s)
{
	return s ? strpool_get(sp, str_c(s)) : NULL;
}

const char *strpool_find(const struct strpool *sp, const char *s)
{
	size_t n, i;
	uint32_t h;

	if (!s || !sp->nslots)
		return NULL;
	n = strlen(s);
	h = hash_bytes(s, n);
	for (i = h & (sp->nslots - 1); sp->slots[i]; i = (i + 1) & (sp->nslots - 1))
		if (sp->hashes[i] == h && !strcmp(sp->slots[i], s))
			return sp->slots[i];
	return NULL;
}

/* Length of the valid UTF-8 sequence at @s, 0 when invalid; its code
 * point in @cp. */
size_t utf8_seq(const unsigned char *s, uint32_t *cp)
{
	size_t n, i;
	uint32_t v;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2, v = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3, v = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4, v = s[0] & 0x07;
	else
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		v = v << 6 | (s[i] & 0x3f);
	}
	/* overlong forms, surrogates, beyond U+10FFFF */
	if ((n == 3 && v < 0x800) || (n == 4 && (v < 0x10000 || v > 0x10ffff)) ||
	    (v >= 0xd800 && v <= 0xdfff) || v == 0xfffe || v == 0xffff)
		return 0;
	*cp = v;
	return n;
}
