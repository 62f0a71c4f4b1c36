// SPDX-License-Identifier: GPL-2.0
#include <endian.h>
#include <errno.h>
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

/* FNV-1a: short keys, good enough spread, no dependency. */
uint32_t hash_bytes(const void *p, size_t len)
{
	const unsigned char *c = p;
	uint32_t h = 2166136261u;

	while (len--)
		h = (h ^ *c++) * 16777619u;
	return h;
}

int version_since(struct str v, uint64_t major, uint64_t minor)
{
	uint64_t maj, min;
	size_t n = str_u64(v, &maj);

	if (!n || n + 1 >= v.len || v.p[n] != '.' || !str_u64(str_skip(v, n + 1), &min))
		return -1;
	return maj > major || (maj == major && min >= minor);
}

static size_t int_slot(const struct int_index *x, int key)
{
	size_t i = int_slot_of((uint32_t)key, x->nslots);

	while (x->key[i] >= 0 && x->key[i] != key)
		i = (i + 1) & (x->nslots - 1);
	return i;
}

static void int_index_grow(struct int_index *x)
{
	struct int_index n = { .nslots = x->nslots ? x->nslots * 2 : 64, .count = x->count };
	size_t i, j;

	n.key = xmalloc(n.nslots * sizeof(*n.key));
	n.val = xmalloc(n.nslots * sizeof(*n.val));
	for (i = 0; i < n.nslots; i++)
		n.key[i] = -1;
	for (i = 0; i < x->nslots; i++) {
		if (x->key[i] < 0)
			continue;
		j = int_slot(&n, x->key[i]);
		n.key[j] = x->key[i];
		n.val[j] = x->val[i];
	}
	int_index_free(x);
	*x = n;
}

int int_index_get(struct int_index *x, int key, int val)
{
	size_t i;

	if ((x->count + 1) * 2 > x->nslots)
		int_index_grow(x);
	i = int_slot(x, key);
	if (x->key[i] == key)
		return x->val[i];
	x->key[i] = key;
	x->val[i] = val;
	x->count++;
	return val;
}

void int_index_free(struct int_index *x)
{
	free(x->key);
	free(x->val);
	memset(x, 0, sizeof(*x));
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
	memset(sp, 0, sizeof(*sp));
}

static void pool_grow(struct strpool *sp)
{
	size_t n = sp->nslots ? sp->nslots * 2 : 256, i, j;
	struct pool_slot *slots = xcalloc(n, sizeof(*slots));

	for (i = 0; i < sp->nslots; i++) {
		if (!sp->slots[i].s)
			continue;
		for (j = sp->slots[i].hash & (n - 1); slots[j].s; j = (j + 1) & (n - 1))
			;
		slots[j] = sp->slots[i];
	}
	free(sp->slots);
	sp->slots = slots;
	sp->nslots = n;
}

/* The pool's hash: eight bytes a step (the trace readers look a name up
 * per line), each step a 64-bit FNV multiply, folded to 32 bits. */
static uint32_t pool_hash(const char *p, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ull ^ len, w;

	for (; len >= 8; p += 8, len -= 8) {
		memcpy(&w, p, 8);
		h = (h ^ le64toh(w)) * 0x100000001b3ull;
		h ^= h >> 29;
	}
	if (len) {
		w = load_tail(p, len);
		h = (h ^ w) * 0x100000001b3ull;
		h ^= h >> 29;
	}
	h *= 0x9e3779b97f4a7c15ull;
	return (uint32_t)(h >> 32);
}

/* The slot holding @s, or the free one where it goes. */
static struct pool_slot *pool_slot(const struct strpool *sp, const char *s, size_t len,
				   uint32_t h)
{
	size_t i;

	for (i = h & (sp->nslots - 1); sp->slots[i].s; i = (i + 1) & (sp->nslots - 1))
		if (sp->slots[i].hash == h && sp->slots[i].len == len &&
		    same_bytes(sp->slots[i].s, s, len))
			break;
	return &sp->slots[i];
}

const char *strpool_get(struct strpool *sp, struct str s)
{
	struct pool_slot *slot;
	uint32_t h;
	char *p;

	if (!s.p)
		return NULL;
	if (s.len > UINT32_MAX)
		s.len = UINT32_MAX;	/* lines are at most 64 kB: never */
	if ((sp->count + 1) * 4 >= sp->nslots * 3)
		pool_grow(sp);
	h = pool_hash(s.p, s.len);
	slot = pool_slot(sp, s.p, s.len, h);
	if (slot->s)
		return slot->s;
	p = arena_alloc(&sp->mem, s.len + 1, 1);
	memcpy(p, s.p, s.len);
	p[s.len] = '\0';
	slot->s = p;
	slot->hash = h;
	slot->len = (uint32_t)s.len;
	sp->count++;
	return p;
}

const char *strpool_cstr(struct strpool *sp, const char *s)
{
	return s ? strpool_get(sp, str_c(s)) : NULL;
}

const char *strpool_find(const struct strpool *sp, const char *s)
{
	size_t n;

	if (!s || !sp->nslots)
		return NULL;
	n = strlen(s);
	return pool_slot(sp, s, n, pool_hash(s, n))->s;
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

int arg_count(const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (!*s || *end || errno || v < min || v > max || (min >= 0 && *s == '-'))
		return -1;
	*out = v;
	return 0;
}
