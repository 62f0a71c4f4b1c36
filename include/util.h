/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Small helpers every stage uses: checked allocation, string slices,
 * an interning string pool and growable arrays.
 */
#ifndef PMSCOPE_UTIL_H
#define PMSCOPE_UTIL_H

#include <endian.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <string.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* A view into a line; valid only as long as the buffer behind it. */
struct str {
	const char *p;
	size_t len;
};

#define STR_NULL ((struct str){ NULL, 0 })

static inline struct str str_make(const char *p, size_t len)
{
	return (struct str){ p, len };
}

static inline struct str str_c(const char *s)
{
	return (struct str){ s, s ? strlen(s) : 0 };
}

static inline bool str_eq(struct str s, const char *lit)
{
	size_t n = strlen(lit);

	return s.len == n && memcmp(s.p, lit, n) == 0;
}

static inline bool str_starts(struct str s, const char *lit)
{
	size_t n = strlen(lit);

	return s.len >= n && memcmp(s.p, lit, n) == 0;
}

/* The last 1 to 7 bytes at @p as a little-endian number, in two loads
 * that may overlap (they agree where they do): a memcpy() of a variable
 * length is a call, or a loop, per name looked up. */
static inline uint64_t load_tail(const char *p, size_t len)
{
	uint32_t a, b;

	if (len >= 4) {
		memcpy(&a, p, 4);
		memcpy(&b, p + len - 4, 4);
		return (uint64_t)le32toh(a) | (uint64_t)le32toh(b) << ((len - 4) * 8);
	}
	return (uint64_t)(unsigned char)p[0] | (uint64_t)(unsigned char)p[len / 2] << (len / 2 * 8) |
	       (uint64_t)(unsigned char)p[len - 1] << ((len - 1) * 8);
}

/* A slot of 2^@bits for a memo of names (the last names interned, say):
 * keyed by the last eight bytes, where names of a kind differ. */
static inline unsigned int name_memo_slot(struct str s, unsigned int bits)
{
	uint64_t h;

	if (s.len >= 8)
		memcpy(&h, s.p + s.len - 8, 8);
	else
		h = s.len ? load_tail(s.p, s.len) : 0;
	return (unsigned int)(((h ^ s.len) * 0x9e3779b97f4a7c15ull) >> (64 - bits));
}

/* @n bytes of @a and @b alike? Eight bytes a step, the last step
 * overlapping the one before: a memcmp() call costs more than a short
 * name's comparison (the pool's, the readers' per line). */
static inline bool same_bytes(const char *a, const char *b, size_t n)
{
	uint64_t x, y;
	size_t i;

	if (n < 8)
		return n == 0 || load_tail(a, n) == load_tail(b, n);
	for (i = 0; i + 8 < n; i += 8) {
		memcpy(&x, a + i, 8);
		memcpy(&y, b + i, 8);
		if (x != y)
			return false;
	}
	memcpy(&x, a + n - 8, 8);
	memcpy(&y, b + n - 8, 8);
	return x == y;
}

/* @s without its first @n bytes (empty when it is shorter). */
static inline struct str str_skip(struct str s, size_t n)
{
	return n >= s.len ? str_make(s.p + s.len, 0) : str_make(s.p + n, s.len - n);
}

/* @s without the blanks (and line ends) it ends with, and str_trim()
 * at both ends. Inline: the trace readers call these a few times a line. */
static inline struct str str_trim_end(struct str s)
{
	while (s.len && (s.p[s.len - 1] == ' ' || s.p[s.len - 1] == '\t' ||
			 s.p[s.len - 1] == '\r' || s.p[s.len - 1] == '\n'))
		s.len--;
	return s;
}

static inline struct str str_trim(struct str s)
{
	while (s.len && (s.p[0] == ' ' || s.p[0] == '\t' || s.p[0] == '\r'))
		s.p++, s.len--;
	return str_trim_end(s);
}

/* Position of @lit in @s, or -1. */
long str_find(struct str s, const char *lit);
/* Parse an unsigned/signed decimal at the start of @s; returns digits used. */
static inline size_t str_u64(struct str s, uint64_t *out)
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

size_t str_i64(struct str s, int64_t *out);
/* A command line's count: all of @s a decimal within @min..@max (0), or -1. */
int arg_count(const char *s, long min, long max, long *out);

/* "123.456789" seconds into ns; returns characters used, 0 when none. */
/* A fraction of a second read as @digits digits (0 to 9), in ns. */
static inline uint64_t frac_ns(uint64_t frac, size_t digits)
{
	static const uint32_t scale[10] = { 1000000000, 100000000, 10000000, 1000000,
					    100000, 10000, 1000, 100, 10, 1 };

	return frac * scale[digits];
}

static inline size_t str_seconds_ns(struct str s, int64_t *ns)
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
		frac = frac_ns(frac, digits);
	}
	*ns = (int64_t)(sec * 1000000000ULL + frac);
	return n;
}

/*
 * A library only some runs need, loaded with dlopen() the first time one
 * does (util/lazylib.c): @names (NULL-terminated) looked up into @fns, a
 * struct of one function pointer per name, in their order. Thread safe;
 * lazy_lib_load() is false, with why in @err, when it could not be loaded.
 */
struct lazy_lib {
	const char *soname;
	const char *const *names;
	void *fns;
	size_t size;		/* of *fns */
	pthread_mutex_t lock;
	bool tried, ok;
	char err[256];
};
#define LAZY_LIB(soname, names, fns) \
	{ soname, names, &(fns), sizeof(fns), PTHREAD_MUTEX_INITIALIZER, false, false, "" }
/* From a function list (an X macro): a name of @names, and the table's
 * pointer to that function, of its own type. */
#define LAZY_NAME(f) #f,
#define LAZY_FN(f) __typeof__(f) *f;
bool lazy_lib_load(struct lazy_lib *l);

/* Allocation that cannot fail: out of memory ends the program. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Grow @arr (of @cap elements) so that index @n fits. */
#define VEC_RESERVE(arr, n, cap)                                              \
	do {                                                                  \
		if ((size_t)(n) >= (cap)) {                                   \
			(cap) = (cap) ? (cap) * 2 : 16;                       \
			if ((cap) <= (size_t)(n))                             \
				(cap) = (size_t)(n) + 1;                      \
			(arr) = xrealloc((arr), (cap) * sizeof(*(arr)));      \
		}                                                             \
	} while (0)

/*
 * memset(@p, 0, @n) for a struct zeroed once per line or event: gcc
 * stores 64 bytes or fewer with vector moves, but a larger struct with
 * "rep stos", which is slow to start (a tenth of reading an events trace
 * went there).
 */
static inline void zero_struct(void *p, size_t n)
{
	size_t i;

	for (i = 0; i + 64 <= n; i += 64)
		memset((char *)p + i, 0, 64);
	memset((char *)p + i, 0, n - i);
}

/*
 * SORT_DEFINE(name, type, cmp) defines void name(type *v, size_t n,
 * void *ctx): a stable merge sort with @cmp (a qsort_r() comparator of
 * the file's, static) called directly, so the compiler inlines it. The
 * analyses sort every cycle's callbacks several times; qsort() calls its
 * comparator through a pointer at each step. Being stable, it orders as
 * glibc's qsort() does (a merge sort too) whatever the comparator.
 */
#define SORT_DEFINE(name, type, cmp)                                          \
static void name##_run(type *v, type *tmp, size_t n, void *ctx)              \
{                                                                             \
	size_t i, j, k, h;                                                    \
                                                                              \
	if (n <= 16) {                                                        \
		for (i = 1; i < n; i++) {                                     \
			type x = v[i];                                        \
                                                                              \
			for (j = i; j > 0 && cmp(&v[j - 1], &x, ctx) > 0; j--) \
				v[j] = v[j - 1];                              \
			v[j] = x;                                             \
		}                                                             \
		return;                                                       \
	}                                                                     \
	h = n / 2;                                                            \
	name##_run(v, tmp, h, ctx);                                           \
	name##_run(v + h, tmp, n - h, ctx);                                   \
	if (cmp(&v[h - 1], &v[h], ctx) <= 0)                                  \
		return;                                                       \
	memcpy(tmp, v, h * sizeof(type));                                     \
	for (i = 0, j = h, k = 0; i < h && j < n; k++)                        \
		v[k] = cmp(&tmp[i], &v[j], ctx) <= 0 ? tmp[i++] : v[j++];     \
	while (i < h)                                                         \
		v[k++] = tmp[i++];                                            \
}                                                                             \
                                                                              \
static void name(type *v, size_t n, void *ctx)                                \
{                                                                             \
	type *tmp;                                                            \
                                                                              \
	if (n < 2)                                                            \
		return;                                                       \
	tmp = xmalloc((n / 2 + 1) * sizeof(type));                            \
	name##_run(v, tmp, n, ctx);                                           \
	free(tmp);                                                            \
}

/*
 * TOP_DEFINE(name, type, cmp) defines size_t name(type *best, size_t n,
 * size_t top, type x, void *ctx): @x into @best, which holds the @n first
 * of the elements seen so far in @cmp's order (at most @top); returns the
 * new count. The few first of many in one pass, where sorting all of them
 * would be the cost.
 */
#define TOP_DEFINE(name, type, cmp)                                           \
static size_t name(type *best, size_t n, size_t top, type x, void *ctx)      \
{                                                                             \
	size_t k = n < top ? n : n - 1;                                       \
                                                                              \
	if (n == top && cmp(&x, &best[n - 1], ctx) >= 0)                      \
		return n;                                                     \
	while (k > 0 && cmp(&x, &best[k - 1], ctx) < 0) {                     \
		best[k] = best[k - 1];                                        \
		k--;                                                          \
	}                                                                     \
	best[k] = x;                                                          \
	return n < top ? n + 1 : n;                                           \
}

/*
 * Many small blocks freed together: 64 kB chunks, no per-block header.
 * @align is a power of two, at most 16 (malloc's own).
 */
struct arena {
	char **chunks;
	size_t nchunks;
	size_t used; /* bytes used in the last chunk */
};

void *arena_alloc(struct arena *a, size_t n, size_t align);
void arena_free(struct arena *a);

/*
 * Interned strings: equal texts share one pointer, so the model compares
 * names by pointer and each name is stored once however often it occurs.
 */
struct strpool {
	struct arena mem;
	struct pool_slot {
		const char *s;		/* NULL: free */
		uint32_t hash, len;
	} *slots;
	size_t nslots, count;
};

void strpool_init(struct strpool *sp);
void strpool_free(struct strpool *sp);
const char *strpool_get(struct strpool *sp, struct str s);
const char *strpool_cstr(struct strpool *sp, const char *s);
/* The interned copy of @s, or NULL when the pool does not hold it. */
const char *strpool_find(const struct strpool *sp, const char *s);

uint32_t hash_bytes(const void *p, size_t len);

/* A kernel version @v ("6.10.0-rc1+") is @major.@minor or later: 1, 0;
 * -1 when @v starts with no "MAJOR.MINOR". */
int version_since(struct str v, uint64_t major, uint64_t minor);

/*
 * The first slot for @key in a table of @nslots (a power of two): the
 * product's top bits, which every bit of @key moves (its low bits moved
 * by the key's low bits only: pids 65536 apart met in one slot).
 */
static inline size_t int_slot_of(uint64_t key, size_t nslots)
{
	return nslots > 1 ? (size_t)((key * 0x9e3779b97f4a7c15ull) >>
				     (64 - __builtin_ctzll((unsigned long long)nslots))) : 0;
}

/*
 * Small ints (pids) to indices: a cycle's loops meet a few threads again
 * and again, and hostile input thousands of them, which a search of the
 * threads seen made quadratic. Zeroed is empty.
 */
struct int_index {
	int *key, *val;
	size_t nslots, count;
};

/* @key's index; when new, @val is kept as it and returned. @key >= 0. */
int int_index_get(struct int_index *x, int key, int val);
void int_index_free(struct int_index *x);

/* @len moved back to the start of the UTF-8 character byte @len of @s is
 * in: where @s can be cut to @len bytes without splitting a character.
 * Byte @len must be there (the cut is inside @s). */
static inline size_t utf8_cut(const char *s, size_t len)
{
	while (len && ((unsigned char)s[len] & 0xc0) == 0x80)
		len--;
	return len;
}

/* Length of the valid UTF-8 sequence at @s, 0 when invalid (overlong,
 * surrogate, past U+10FFFF, a noncharacter U+FFFE/F); its code point in
 * @cp. */
size_t utf8_seq(const unsigned char *s, uint32_t *cp);

/*
 * Files by device and inode (util/file_ids.c): what a command reads, so
 * that no output replaces one whatever path names it. Zeroed is empty.
 */
struct stat;
struct file_ids {
	struct file_id_name {
		uint64_t dev, ino;
		char *path;	/* as first named */
	} *v;
	size_t n, cap;
};
/* A regular file only; "-" is standard input. */
void file_ids_add(struct file_ids *ids, const char *path);
void file_ids_add_fd(struct file_ids *ids, int fd, const char *name);
/* The name @path was added under when it is one of @ids, else NULL. */
const char *file_ids_find(const struct file_ids *ids, const char *path);
const char *file_ids_find_stat(const struct file_ids *ids, const struct stat *sb);
void file_ids_free(struct file_ids *ids);

#endif
