// SPDX-License-Identifier: GPL-2.0
/*
 * The JSON writer's bytes (src/format/jw.c) against snprintf(): integers
 * of every length and sign, strings of every short length (the copies of
 * a few bytes), a document larger than the writer's buffer and a string
 * larger than it (written past the buffer), and nothing reaching the
 * stream before the top level closes.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "report.h"

struct doc {
	char *buf;
	size_t len;
	FILE *f;
	struct jw *w;
};

static void doc_open(struct doc *d)
{
	d->buf = NULL;
	d->len = 0;
	d->f = open_memstream(&d->buf, &d->len);
	assert_non_null(d->f);
	d->w = malloc(sizeof(*d->w));
	assert_non_null(d->w);
	jw_init(d->w, d->f);
}

/* The document as the stream has it, once closed. */
static char *doc_close(struct doc *d)
{
	assert_int_equal(fclose(d->f), 0);
	free(d->w);
	return d->buf;
}

/* Appends to a growing expected text. */
static void want_add(char **want, size_t *len, const char *fmt, ...)
{
	va_list ap;
	char piece[256];
	int n;

	va_start(ap, fmt);
	n = vsnprintf(piece, sizeof(piece), fmt, ap);
	va_end(ap);
	*want = realloc(*want, *len + (size_t)n + 1);
	assert_non_null(*want);
	memcpy(*want + *len, piece, (size_t)n + 1);
	*len += (size_t)n;
}

static void test_ints(void **state)
{
	static const int64_t edge[] = { 0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 1001,
					13622773000, 9999999999, 10000000000, INT64_MAX,
					INT64_MIN, INT64_MIN + 1, -1, -9, -10, -99, -100 };
	char *want = NULL, *got;
	size_t len = 0, i;
	struct doc d;
	int64_t v;

	(void)state;
	doc_open(&d);
	jw_arr(d.w);
	want_add(&want, &len, "[");
	for (i = 0; i < sizeof(edge) / sizeof(edge[0]); i++) {
		jw_int(d.w, edge[i]);
		want_add(&want, &len, "%s%" PRId64, i ? "," : "", edge[i]);
	}
	/* every value to 10^5, then powers of ten and their neighbours */
	for (v = 0; v < 100000; v++) {
		jw_int(d.w, v);
		want_add(&want, &len, ",%" PRId64, v);
	}
	for (v = 1; v <= INT64_MAX / 10; v *= 10) {
		jw_int(d.w, v * 10 - 1);
		jw_int(d.w, -(v * 10 + 1));
		want_add(&want, &len, ",%" PRId64 ",%" PRId64, v * 10 - 1, -(v * 10 + 1));
	}
	/* far beyond the buffer: nothing reached the stream before this */
	fflush(d.f);
	assert_true(d.len < len);
	jw_arr_end(d.w);
	want_add(&want, &len, "]");
	got = doc_close(&d);
	assert_string_equal(got, want);
	free(got);
	free(want);
}

static void test_strings(void **state)
{
	char *want = NULL, *got, s[64];
	size_t len = 0, n;
	struct doc d;

	(void)state;
	doc_open(&d);
	jw_obj(d.w);
	want_add(&want, &len, "{");
	/* keys and values of 0 to 40 bytes: each copy size */
	for (n = 0; n <= 40; n++) {
		memset(s, 'a' + (int)(n % 26), n);
		s[n] = '\0';
		jw_key(d.w, s);
		jw_str(d.w, s);
		want_add(&want, &len, "%s\"%s\":\"%s\"", n ? "," : "", s, s);
	}
	fflush(d.f);
	assert_int_equal(d.len, 0);	/* the top level is open: all in the buffer */
	jw_obj_end(d.w);
	want_add(&want, &len, "}");
	got = doc_close(&d);
	assert_string_equal(got, want);
	free(got);
	free(want);
}

/* A string longer than the buffer goes to the stream past it, in order. */
static void test_long_string(void **state)
{
	size_t n = 3 * JW_BUF_BYTES + 17, i;
	char *s = malloc(n + 1), *got;
	struct doc d;

	(void)state;
	assert_non_null(s);
	for (i = 0; i < n; i++)
		s[i] = (char)('a' + i % 26);
	s[n] = '\0';
	doc_open(&d);
	jw_arr(d.w);
	jw_str(d.w, "x");
	jw_str(d.w, s);
	jw_int(d.w, 7);
	jw_arr_end(d.w);
	got = doc_close(&d);
	assert_int_equal(strlen(got), n + 10);
	assert_memory_equal(got, "[\"x\",\"", 6);
	assert_memory_equal(got + 6, s, n);
	assert_string_equal(got + 6 + n, "\",7]");
	free(got);
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ints),
		cmocka_unit_test(test_strings),
		cmocka_unit_test(test_long_string),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
