// SPDX-License-Identifier: GPL-2.0
/*
 * Task names by pid (src/builder/comms.c): the latest name of a pid wins,
 * whether the pid was the one named last (its memo) or not, and across
 * the table's growth (which moves the slot the memo points at).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "builder/comms.h"

static void set(struct comm_map *m, struct strpool *pool, int pid, const char *comm)
{
	comm_map_set(m, pool, pid, str_c(comm));
}

static void test_latest_name_wins(void **state)
{
	struct comm_map m = { 0 };
	struct strpool pool;

	(void)state;
	strpool_init(&pool);
	assert_null(comm_map_get(&m, 5));
	set(&m, &pool, 5, "kworker/u4:8");
	set(&m, &pool, 5, "kworker/u4:8");	/* the memo's hit */
	assert_string_equal(comm_map_get(&m, 5), "kworker/u4:8");
	/* the same pid renamed (exec) right after: not the memo's name */
	set(&m, &pool, 5, "kworker/u4:80");
	assert_string_equal(comm_map_get(&m, 5), "kworker/u4:80");
	set(&m, &pool, 5, "init");
	assert_string_equal(comm_map_get(&m, 5), "init");
	/* another pid between: the memo moves to it and back */
	set(&m, &pool, 7, "systemd-sleep");
	set(&m, &pool, 5, "init");
	set(&m, &pool, 5, "rtcwake");
	assert_string_equal(comm_map_get(&m, 5), "rtcwake");
	assert_string_equal(comm_map_get(&m, 7), "systemd-sleep");
	/* two pids of one name (kworkers): the second is still recorded */
	set(&m, &pool, 7, "kworker/0:1");
	set(&m, &pool, 9, "kworker/0:1");
	assert_string_equal(comm_map_get(&m, 9), "kworker/0:1");
	/* names that name nothing are not kept, and leave the name alone */
	set(&m, &pool, 5, "<...>");
	set(&m, &pool, 5, "");
	set(&m, &pool, -1, "swapper");
	assert_string_equal(comm_map_get(&m, 5), "rtcwake");
	assert_null(comm_map_get(&m, -1));
	comm_map_free(&m);
	strpool_free(&pool);
}

static void test_growth(void **state)
{
	struct comm_map m = { 0 };
	struct strpool pool;
	char name[32];
	int pid;

	(void)state;
	strpool_init(&pool);
	set(&m, &pool, 1, "init");
	/* 1000 pids: the table grows several times under the memo */
	for (pid = 2; pid <= 1000; pid++) {
		snprintf(name, sizeof(name), "kworker/%d", pid);
		set(&m, &pool, pid, name);
		set(&m, &pool, pid, name);
	}
	set(&m, &pool, 1000, "renamed");
	set(&m, &pool, 1, "init2");
	assert_string_equal(comm_map_get(&m, 1000), "renamed");
	assert_string_equal(comm_map_get(&m, 1), "init2");
	assert_string_equal(comm_map_get(&m, 2), "kworker/2");
	assert_string_equal(comm_map_get(&m, 999), "kworker/999");
	assert_null(comm_map_get(&m, 1001));
	comm_map_free(&m);
	strpool_free(&pool);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_latest_name_wins),
		cmocka_unit_test(test_growth),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
