// SPDX-License-Identifier: GPL-2.0
/*
 * The terminal filter (src/format/term.c): control characters shown, not
 * sent, invalid UTF-8 as U+FFFD, the rest byte for byte; the same bytes
 * whether a text comes in one write or is cut anywhere, a byte a write.
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

#define FFFD "\xef\xbf\xbd"

/* @in (@n bytes) through the filter in writes of @step bytes. */
static char *shown(const char *in, size_t n, size_t step)
{
	char *buf = NULL;
	size_t len = 0, i;
	FILE *f = open_memstream(&buf, &len), *t;

	assert_non_null(f);
	t = term_open(f);
	setvbuf(t, NULL, _IONBF, 0);	/* each write goes through as it is */
	for (i = 0; i < n; i += step)
		fwrite(in + i, 1, n - i < step ? n - i : step, t);
	assert_int_equal(fclose(t), 0);
	assert_int_equal(fclose(f), 0);
	return buf;
}

static void check(const char *in, size_t n, const char *want)
{
	size_t step;

	for (step = 1; step <= n + 1; step++) {
		char *got = shown(in, n, step);

		if (strcmp(got, want))
			fail_msg("writes of %zu: got '%s', want '%s'", step, got, want);
		free(got);
	}
}

#define CHECK(in, want) check(in, sizeof(in) - 1, want)

static void test_plain(void **state)
{
	(void)state;
	CHECK("input2 (input) resume 0000:00:1f.3\n\tnext line\\_SB_.PCI0 ~ 100%",
	      "input2 (input) resume 0000:00:1f.3\n\tnext line\\_SB_.PCI0 ~ 100%");
	CHECK("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xc2\xa0",
	      "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xc2\xa0");
}

static void test_controls(void **state)
{
	(void)state;
	/* the crafted log's title and clear-screen sequences */
	CHECK("\x1b]0;owned\x07\x1b[2J\x1b[H", "\\x1b]0;owned\\x07\\x1b[2J\\x1b[H");
	CHECK("a\rb\x7f\x01\x0b\x0c", "a\\x0db\\x7f\\x01\\x0b\\x0c");
	CHECK("nul\0byte", "nul\\x00byte");
	/* C1 controls in UTF-8: U+009B is CSI to a terminal */
	CHECK("\xc2\x9b" "2J \xc2\x85 \xc2\x9f", "\\u009b2J \\u0085 \\u009f");
}

static void test_invalid(void **state)
{
	(void)state;
	CHECK("\xff", FFFD);
	CHECK("\x9b" "2J", FFFD "2J");		/* an 8-bit CSI */
	CHECK("\xc3" "A", FFFD "A");		/* a lead without its byte */
	CHECK("\x80\xbf", FFFD FFFD);		/* continuations alone */
	CHECK("\xc0\xaf", FFFD FFFD);		/* overlong '/' */
	CHECK("\xed\xa0\x80", FFFD FFFD FFFD);	/* a surrogate */
	CHECK("ok \xe2\x82", "ok " FFFD);	/* cut by the end of the text */
	CHECK("\xf0\x9f\x98" "x", FFFD FFFD FFFD "x");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain),
		cmocka_unit_test(test_controls),
		cmocka_unit_test(test_invalid),
	};

	return cmocka_run_group_tests_name("term", tests, NULL, NULL);
}
