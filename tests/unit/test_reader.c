// SPDX-License-Identifier: GPL-2.0
/*
 * The line reader against a plain reading of the same bytes: the lines,
 * their numbers, and which hold a NUL (looked for once per read, not per
 * line: NULs placed on both sides of every 32 KB mark, read ends among them, in an
 * overlong line, in the line after it and in a last line without '\n');
 * and reader_skip() against the same reading: after skipping in steps of
 * every size, the next line is the one a plain reading has there; the
 * non-breaking spaces (one pair cut by every 256 KB read) and
 * reader_peek()'s next lines, the line being read kept good across the
 * reads a peek makes.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "input.h"

struct text {
	char *p;
	size_t len, cap;
};

static void put(struct text *t, const char *s, size_t n)
{
	if (t->len + n > t->cap) {
		t->cap = (t->len + n) * 2;
		t->p = realloc(t->p, t->cap);
		assert_non_null(t->p);
	}
	memcpy(t->p + t->len, s, n);
	t->len += n;
}

/* Lines of 1 to 199 bytes, every 97th with a NUL somewhere in it, one
 * overlong line with a NUL near its end, and the last without '\n'. */
static struct text make_text(void)
{
	struct text t = { 0 };
	char line[256];
	unsigned int i, n;

	for (i = 0; t.len < 2600000; i++) {
		n = 1 + (i * 7919) % 199;
		memset(line, 'a' + (char)(i % 26), n);
		if (i % 97 == 0)
			line[(i * 31) % n] = '\0';
		line[n] = '\n';
		put(&t, line, n + 1);
		if (i == 9000) {
			char *big = malloc(LINE_MAX_BYTES + 100);

			assert_non_null(big);
			memset(big, 'x', LINE_MAX_BYTES + 100);
			big[LINE_MAX_BYTES + 50] = '\0';
			put(&t, big, LINE_MAX_BYTES + 100);
			put(&t, "\n\0after\n", 8);
			free(big);
		}
	}
	/* a NUL on each side of every 32 KB mark: the first read's end is
	 * one (its size is a multiple), whatever the reader's read size */
	for (n = 32768; n + 1 < t.len; n += 32768) {
		t.p[n - 1] = '\0';
		t.p[n + 1] = '\0';
	}
	put(&t, "last\0line", 9);
	return t;
}

static void test_nul_per_line(void **state)
{
	struct text t = make_text();
	char path[] = "/tmp/pmscope-reader.XXXXXX", err[256];
	int fd = mkstemp(path);
	struct line_reader *r;
	const char *p = t.p, *end = t.p + t.len;
	unsigned int lines = 0, nuls = 0, long_lines = 0;
	struct str line;

	(void)state;
	assert_true(fd >= 0);
	assert_int_equal(write(fd, t.p, t.len), (ssize_t)t.len);
	close(fd);
	r = reader_open(path, err, sizeof(err));
	assert_non_null(r);
	while (reader_next(r, &line) > 0) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);

		lines++;
		assert_int_equal(reader_lineno(r), lines);
		if (reader_line_too_long(r)) {
			long_lines++;
		} else {
			assert_int_equal(line.len, n);
			assert_memory_equal(line.p, p, n);
			assert_int_equal(reader_line_has_nul(r), memchr(p, '\0', n) != NULL);
			nuls += reader_line_has_nul(r);
		}
		p = nl ? nl + 1 : end;
	}
	assert_ptr_equal(p, end);
	assert_int_equal(long_lines, 1);
	assert_true(nuls > 100);
	reader_close(r);
	unlink(path);
	free(t.p);
}

/* A line of the text as a plain reading cuts it. */
struct ref_line {
	size_t off, len;
	bool nul, too_long;
};

static struct ref_line *ref_lines(const struct text *t, unsigned int *n)
{
	struct ref_line *v = NULL;
	const char *p = t->p, *end = t->p + t->len;
	unsigned int k = 0, cap = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (k == cap) {	/* doubling: ASan's realloc always copies */
			cap = cap ? 2 * cap : 1024;
			v = realloc(v, cap * sizeof(*v));
			assert_non_null(v);
		}
		v[k].off = (size_t)(p - t->p);
		v[k].len = len;
		v[k].nul = memchr(p, '\0', len) != NULL;
		v[k++].too_long = len > LINE_MAX_BYTES;
		p = nl ? nl + 1 : end;
	}
	*n = k;
	return v;
}

static char *write_text(const struct text *t)
{
	char *path = strdup("/tmp/pmscope-reader.XXXXXX");
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, t->p, t->len), (ssize_t)t->len);
	close(fd);
	return path;
}

static void test_skip(void **state)
{
	static const unsigned int steps[] = { 1, 2, 7, 96, 97, 1000, 8999, 9001, 12345, 100000 };
	struct text t = make_text();
	unsigned int total, i, k;
	struct ref_line *ref = ref_lines(&t, &total);
	char *path = write_text(&t), err[256];
	struct str line;

	(void)state;
	assert_true(total > 20000);
	for (i = 0; i < ARRAY_SIZE(steps); i++) {
		struct line_reader *r = reader_open(path, err, sizeof(err));

		assert_non_null(r);
		for (k = steps[i] - 1; k < total; k += steps[i]) {
			const struct ref_line *l = &ref[k];

			assert_int_equal(reader_skip(r, k), 1);
			assert_int_equal(reader_lineno(r), k);
			assert_int_equal(reader_next(r, &line), 1);
			assert_int_equal(reader_lineno(r), k + 1);
			assert_int_equal(reader_line_too_long(r), l->too_long);
			if (l->too_long)
				continue;
			assert_int_equal(line.len, l->len);
			assert_memory_equal(line.p, t.p + l->off, l->len);
			assert_int_equal(reader_line_has_nul(r), l->nul);
		}
		/* past the end: the count of lines, the last without '\n' too */
		assert_int_equal(reader_skip(r, total + 5), 0);
		assert_int_equal(reader_lineno(r), total);
		assert_int_equal(reader_next(r, &line), 0);
		reader_close(r);
	}
	unlink(path);
	free(path);
	free(ref);
	free(t.p);
}

/* 300,000 short lines (a mark every 16384th), every 97th with a NUL, an
 * overlong line just before the first mark, the last without '\n'. */
static struct text make_short_lines(void)
{
	struct text t = { 0 };
	char line[32];
	unsigned int i, n;

	for (i = 0; i < 300000; i++) {
		n = 1 + (i * 7919) % 19;
		memset(line, 'a' + (char)(i % 26), n);
		if (i % 97 == 0)
			line[(i * 31) % n] = '\0';
		line[n] = '\n';
		if (i == 16383) {	/* line 16384 */
			char *big = malloc(LINE_MAX_BYTES + 100);

			assert_non_null(big);
			memset(big, 'x', LINE_MAX_BYTES + 100);
			big[LINE_MAX_BYTES + 100 - 1] = '\n';
			put(&t, big, LINE_MAX_BYTES + 100);
			free(big);
			continue;
		}
		put(&t, line, n + 1);
	}
	put(&t, "last\0line", 9);
	return t;
}

/* The line after skipping to @k is ref[@k], read through @idx or not. */
static void skip_check(const char *path, const struct line_index *idx, const struct text *t,
		       const struct ref_line *ref, unsigned int k)
{
	struct line_reader *r;
	struct str line;
	char err[256];

	r = reader_open(path, err, sizeof(err));
	assert_non_null(r);
	reader_use_index(r, idx);
	assert_int_equal(reader_skip(r, k), 1);
	assert_int_equal(reader_next(r, &line), 1);
	assert_int_equal(reader_lineno(r), k + 1);
	assert_int_equal(line.len, ref[k].len);
	assert_memory_equal(line.p, t->p + ref[k].off, ref[k].len);
	reader_close(r);
}

/*
 * Skipping through a line index: the same lines as counting (steps on
 * both sides of every mark, after the overlong line); an index is taken
 * at its word for the file it was noted from (same size and mtime: a
 * line added in place is not seen), and not used for a changed one.
 */
static void test_index(void **state)
{
	static const unsigned int steps[] = { 1, 997, 16383, 16384, 16385, 50000 };
	struct text t = make_short_lines();
	unsigned int total, i, k;
	struct ref_line *ref = ref_lines(&t, &total);
	char *path = write_text(&t), err[256];
	struct line_index *idx;
	struct line_reader *r;
	struct timespec times[2];
	struct str line;
	struct stat st;
	int fd;

	(void)state;
	r = reader_open(path, err, sizeof(err));
	assert_non_null(r);
	while (reader_next(r, &line) > 0)
		;
	assert_int_equal(reader_lineno(r), total);
	idx = reader_take_index(r);
	assert_non_null(idx);
	reader_close(r);
	for (i = 0; i < ARRAY_SIZE(steps); i++) {
		r = reader_open(path, err, sizeof(err));
		assert_non_null(r);
		reader_use_index(r, idx);
		for (k = steps[i] - 1; k < total; k += steps[i]) {
			assert_int_equal(reader_skip(r, k), 1);
			assert_int_equal(reader_lineno(r), k);
			assert_int_equal(reader_next(r, &line), 1);
			assert_int_equal(reader_line_too_long(r), ref[k].too_long);
			if (ref[k].too_long)
				continue;
			assert_int_equal(line.len, ref[k].len);
			assert_memory_equal(line.p, t.p + ref[k].off, ref[k].len);
			assert_int_equal(reader_line_has_nul(r), ref[k].nul);
		}
		assert_int_equal(reader_skip(r, total + 5), 0);
		assert_int_equal(reader_lineno(r), total);
		reader_close(r);
	}
	/* line 1 cut in two in place, size and mtime kept: the index seeks
	 * past it (old numbers), counting sees the extra line */
	assert_int_equal(stat(path, &st), 0);
	fd = open(path, O_WRONLY);
	assert_true(fd >= 0);
	assert_int_equal(pwrite(fd, "\n", 1, 0), 1);
	times[0] = st.st_atim;
	times[1] = st.st_mtim;
	assert_int_equal(futimens(fd, times), 0);
	close(fd);
	skip_check(path, idx, &t, ref, 200000);
	/* ... once the mtime says so, the index is not used: line 200002
	 * is the old 200001 */
	times[1].tv_sec += 10;
	assert_int_equal(utimensat(AT_FDCWD, path, times, 0), 0);
	r = reader_open(path, err, sizeof(err));
	assert_non_null(r);
	reader_use_index(r, idx);
	assert_int_equal(reader_skip(r, 200001), 1);
	assert_int_equal(reader_next(r, &line), 1);
	assert_int_equal(reader_lineno(r), 200002);
	assert_int_equal(line.len, ref[200000].len);
	assert_memory_equal(line.p, t.p + ref[200000].off, ref[200000].len);
	reader_close(r);
	free(idx);
	unlink(path);
	free(path);
	free(ref);
	free(t.p);
}

/* The plain reading's line @i of @t (lines of @w bytes with their '\n'). */
static struct str nth_line(const struct text *t, size_t i, size_t w)
{
	return str_make(t->p + i * w, i * w < t->len ? w - 1 : 0);
}

static void test_nbsp_peek(void **state)
{
	const size_t w = 100, n = 16000;	/* 1.6 MB: the buffer moves */
	char path[] = "/tmp/pmscope-reader.XXXXXX", err[256];
	struct text t = { 0 };
	struct line_reader *r;
	struct str line, next;
	size_t i, k, nbsp = 0;
	int fd = mkstemp(path);

	(void)state;
	for (i = 0; i < n; i++) {
		char buf[100];

		memset(buf, 'x', w - 1);
		buf[w - 1] = '\n';
		if (i % 7 == 3)
			memcpy(buf + 10, "\xc2\xa0", 2);
		put(&t, buf, w);
	}
	for (k = 256 * 1024; k < t.len; k += 256 * 1024)	/* a pair cut by a read */
		memcpy(t.p + k - 1, "\xc2\xa0", 2);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, t.p, t.len), (ssize_t)t.len);
	close(fd);
	r = reader_open(path, err, sizeof(err));
	assert_non_null(r);
	reader_find_nbsp(r);
	for (i = 0; reader_next(r, &line) > 0; i++) {
		struct str want = nth_line(&t, i, w);
		bool has = memmem(want.p, want.len, "\xc2\xa0", 2) != NULL;

		assert_int_equal(line.len, want.len);
		assert_int_equal(reader_line_has_nbsp(r), has);
		nbsp += has;
		for (k = 1; k <= 2; k++) {
			struct str ahead = nth_line(&t, i + k, w);

			if (i % 5 == 0 && k == 1) {	/* without a read */
				if (reader_peek(r, k, NULL, &next) > 0)
					assert_memory_equal(next.p, ahead.p, ahead.len);
			} else {
				assert_int_equal(reader_peek(r, k, &line, &next), ahead.len > 0);
				if (ahead.len)
					assert_memory_equal(next.p, ahead.p, ahead.len);
			}
		}
		/* the line itself, where the peeks' reads moved it */
		assert_memory_equal(line.p, want.p, want.len);
	}
	assert_int_equal(i, n);
	assert_true(nbsp > n / 7);
	reader_close(r);
	unlink(path);
	free(t.p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nul_per_line),
		cmocka_unit_test(test_skip),
		cmocka_unit_test(test_index),
		cmocka_unit_test(test_nbsp_peek),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
