// SPDX-License-Identifier: GPL-2.0
/*
 * The protobuf writer of the Perfetto export, byte for byte: the encoding
 * examples of the protocol buffers documentation (150 in field 1 is
 * 08 96 01, "testing" in field 2 is 12 07 74 65 73 74 69 6e 67, the first
 * message nested in field 3 is 1a 03 08 96 01), negative ints in ten
 * bytes, fixed64 and double little endian, lengths past one byte.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "format.h"

struct out {
	FILE *f;
	char *buf;
	size_t len;
	struct pb pb;
};

static void out_open(struct out *o)
{
	o->buf = NULL;
	o->len = 0;
	o->f = open_memstream(&o->buf, &o->len);
	assert_non_null(o->f);
	pb_init(&o->pb, o->f);
}

/* Closes the writer and checks what it wrote against @want. */
static void out_check(struct out *o, int rc_want, const char *want, size_t n)
{
	assert_int_equal(pb_finish(&o->pb), rc_want);
	assert_int_equal(fclose(o->f), 0);
	assert_int_equal(o->len, n);
	assert_memory_equal(o->buf, want, n);
	free(o->buf);
}

static void test_docs_examples(void **state)
{
	struct out o;

	(void)state;
	out_open(&o);
	pb_uint(&o.pb, 1, 150);
	out_check(&o, 0, "\x08\x96\x01", 3);

	out_open(&o);
	pb_string(&o.pb, 2, "testing");
	out_check(&o, 0, "\x12\x07testing", 9);

	out_open(&o);
	pb_begin(&o.pb, 3);
	pb_uint(&o.pb, 1, 150);
	pb_end(&o.pb);
	out_check(&o, 0, "\x1a\x03\x08\x96\x01", 5);
}

static void test_scalars(void **state)
{
	struct out o;

	(void)state;
	out_open(&o);
	pb_int(&o.pb, 1, -1);	/* int32/int64 -1: ten bytes */
	pb_uint(&o.pb, 2, 0);
	pb_fixed64(&o.pb, 47, 1);	/* key 47 << 3 | 1 = 377 = f9 02 */
	pb_double(&o.pb, 5, 1.5);	/* 0x3ff8000000000000 */
	pb_string(&o.pb, 6, NULL);	/* nothing */
	out_check(&o, 0,
		  "\x08\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01"
		  "\x10\x00"
		  "\xf9\x02\x01\x00\x00\x00\x00\x00\x00\x00"
		  "\x29\x00\x00\x00\x00\x00\x00\xf8\x3f", 11 + 2 + 10 + 9);
	assert_int_equal(pb_varint_len(0), 1);
	assert_int_equal(pb_varint_len(127), 1);
	assert_int_equal(pb_varint_len(128), 2);
	assert_int_equal(pb_varint_len(UINT64_MAX), 10);
}

/* Bytes that are not UTF-8 become U+FFFD (ef bf bd); valid text stays. */
static void test_text(void **state)
{
	struct out o;

	(void)state;
	out_open(&o);
	pb_string(&o.pb, 2, "a\xff" "b\xc3\xa9");
	out_check(&o, 0, "\x12\x07" "a\xef\xbf\xbd" "b\xc3\xa9", 9);
}

/* A body of 200 bytes: its length takes two bytes (c8 01), the body moves
 * up by one, and messages nested in it keep their own lengths. */
static void test_long_nested(void **state)
{
	char text[193 + 1], want[3 + 200];
	struct out o;

	(void)state;
	memset(text, 'x', sizeof(text) - 1);
	text[sizeof(text) - 1] = 0;
	out_open(&o);
	pb_begin(&o.pb, 1);
	pb_begin(&o.pb, 4);
	pb_uint(&o.pb, 1, 1);
	pb_end(&o.pb);
	pb_string(&o.pb, 2, text);	/* 1 + 2 + 193 bytes */
	pb_end(&o.pb);
	memcpy(want, "\x0a\xc8\x01" "\x22\x02\x08\x01" "\x12\xc1\x01", 10);
	memset(want + 10, 'x', 193);
	out_check(&o, 0, want, 3 + 4 + 3 + 193);
}

static void test_misnested(void **state)
{
	struct out o;

	(void)state;
	out_open(&o);
	pb_end(&o.pb);
	out_check(&o, -1, "", 0);

	out_open(&o);
	pb_begin(&o.pb, 1);
	pb_uint(&o.pb, 1, 1);
	/* left open: not written, and an error */
	out_check(&o, -1, "", 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_docs_examples),
		cmocka_unit_test(test_scalars),
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_long_nested),
		cmocka_unit_test(test_misnested),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
