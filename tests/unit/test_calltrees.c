// SPDX-License-Identifier: GPL-2.0
/*
 * The HTML page's call trees two ways: caught while the trace is read
 * (struct read_keep) and read again from the trace afterwards. Both must
 * give every traced callback the same tree; the caught ones must need no
 * second reading (the file is gone by then).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <cmocka.h>

#include "input.h"

#define FGRAPH FIXTURES "/qemu-q35-s3-fgraph-async1-small/trace.txt.xz"

static struct pm_run *read_run(const char *path, struct read_keep *keep)
{
	struct read_opts ro = READ_OPTS_DEFAULT;
	struct pm_run *run = run_new();
	struct input_stats st;
	char err[512];

	ro.keep = keep;
	assert_int_equal(input_read(run, path, &ro, &st, err, sizeof(err)), 0);
	return run;
}

/* Every callback with a function_graph summary. */
static struct cb_ref *traced(const struct pm_run *run, size_t *n)
{
	struct cb_ref *v = NULL;
	size_t i, k, cap = 0;

	*n = 0;
	for (i = 0; i < run->ncycles; i++)
		for (k = 0; k < run->cycles[i].ncbs; k++) {
			if (run->cycles[i].cbs[k].graph_id < 0)
				continue;
			VEC_RESERVE(v, *n, cap);
			v[(*n)++] = (struct cb_ref){ (int)i, (int)k };
		}
	return v;
}

static void copy_file(const char *from, const char *to)
{
	FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
	char buf[65536];
	size_t n;

	assert_non_null(in);
	assert_non_null(out);
	while ((n = fread(buf, 1, sizeof(buf), in)))
		assert_int_equal(fwrite(buf, 1, n, out), n);
	fclose(in);
	assert_int_equal(fclose(out), 0);
}

static void test_caught_as_read_again(void **state)
{
	char path[] = "/tmp/pmscope-trees.XXXXXX.txt.xz", err[512];
	struct read_keep keep_caught = { .want_trees = true }, keep_again = { 0 };
	struct page_extras px_caught = { 0 }, px_again = { 0 };
	struct pm_run *caught, *again;
	struct cb_ref *want;
	size_t n, i, k, nodes = 0;
	int fd = mkstemps(path, 7);

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	copy_file(FGRAPH, path);
	caught = read_run(path, &keep_caught);
	assert_true(keep_caught.trees.n > 0);
	unlink(path);	/* what was caught needs no second reading */
	again = read_run(FGRAPH, &keep_again);
	assert_int_equal(keep_again.trees.n, 0);

	want = traced(caught, &n);
	assert_true(n > 10);
	assert_int_equal(input_call_trees(caught, &keep_caught, want, n, &px_caught, err,
					  sizeof(err)), 0);
	assert_int_equal(input_call_trees(again, &keep_again, want, n, &px_again, err,
					  sizeof(err)), 0);
	assert_int_equal(keep_caught.trees.n, 0);	/* handed over, or freed */
	assert_int_equal(px_caught.ntrees, px_again.ntrees);
	assert_true(px_caught.ntrees > 10);
	for (i = 0; i < px_caught.ntrees; i++) {
		const struct pm_calltree *a = &px_caught.trees[i], *b = &px_again.trees[i];

		assert_int_equal(a->cycle, b->cycle);
		assert_int_equal(a->cb, b->cb);
		assert_int_equal(a->n, b->n);
		assert_int_equal(a->cut, b->cut);
		for (k = 0; k < a->n; k++) {
			assert_string_equal(a->nodes[k].fn, b->nodes[k].fn);
			assert_int_equal(a->nodes[k].parent, b->nodes[k].parent);
			assert_int_equal(a->nodes[k].calls, b->nodes[k].calls);
			assert_int_equal(a->nodes[k].total_ns, b->nodes[k].total_ns);
		}
		nodes += a->n;
	}
	assert_true(nodes > px_caught.ntrees);	/* trees, not single calls */
	free(want);
	page_extras_free(&px_caught);
	page_extras_free(&px_again);
	read_keep_free(&keep_caught);
	read_keep_free(&keep_again);
	run_free(caught);
	run_free(again);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_caught_as_read_again),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
