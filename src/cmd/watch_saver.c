// SPDX-License-Identifier: GPL-2.0
/*
 * The saving of one sleep, in the saver's child (cmd/watch_spawn.c keeps
 * it to its budget): the run folder (capture/watch_save.c), its reports
 * as record writes them (report.txt, report.json, report.html: the page
 * stats --html links each point to), then the store kept to its bounds.
 * The store's lock orders savers of sleeps close together.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "watch_cmd.h"

static void utc(char *buf, size_t len, int64_t ns)
{
	time_t t = (time_t)(ns / 1000000000LL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%d %H:%M:%S UTC", &tm);
}

/* The store made, locked and with room; the lock's fd, -1 and @err. */
static int open_store(const char *store, char *err, size_t errlen)
{
	int fd;

	if (watch_mkdirs(store, WATCH_STORE_MODE, err, errlen) < 0 ||
	    capture_check_output(store, err, errlen) < 0)
		return -1;
	fd = watch_lock(store, err, errlen);
	if (fd >= 0)
		watch_remove_leftovers(store);
	return fd;
}

static void keep_bounds(const struct capture_env *env, const struct watch_conf *wc,
			const char *store)
{
	char err[1024];
	int removed = watch_prune(store, wc->keep, wc->max_bytes, err, sizeof(err));

	if (removed < 0 || *err)
		watch_say(env, "%s", err);
}

int watch_save_work(const struct capture_env *env, const struct watch_conf *wc,
		    const char *note)
{
	char *store = capture_path(env, wc->store), *dir = NULL, err[1024], name[128], when[64];
	struct watch_note n;
	int lock = -1, rc = 1, saved;

	saved = watch_note_load(&n, env, note, err, sizeof(err));
	if (saved) {
		watch_say(env, "saving %s: %s", note, saved > 0 ? "no such note" : err);
		goto out;
	}
	utc(when, sizeof(when), n.realtime_ns);
	lock = open_store(store, err, sizeof(err));
	if (lock < 0) {
		watch_say(env, "the %s of %s is not kept: %s", n.verb, when, err);
		goto out;
	}
	saved = watch_save(&n, env, store, name, sizeof(name), err, sizeof(err));
	if (saved < 0) {
		watch_say(env, "the %s of %s is not kept: %s", n.verb, when, err);
		goto out;
	}
	dir = xasprintf("%s/%s", store, name);
	if (saved > 0)
		watch_say(env, "the %s of %s is kept in %s, not whole: %s", n.verb, when, dir, err);
	if (pipeline_run_folder(dir, true) == EXIT_USAGE)
		watch_say(env, "%s: its reports are not all written (said above)", dir);
	keep_bounds(env, wc, store);
	rc = 0;
out:
	if (lock >= 0)
		close(lock);
	watch_note_free(&n);
	free(dir);
	free(store);
	return rc;
}
