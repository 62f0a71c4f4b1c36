// SPDX-License-Identifier: GPL-2.0
/*
 * The sleep hook's two calls, and status. pre and post read a few small
 * kernel files and write a note to /run (tmpfs): nothing that waits on a
 * disk. post hands the note to a saver started apart (cmd/watch_spawn.c)
 * and returns; the resume does not wait for the saving.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "watch_cmd.h"

/* The configuration, or NULL when the hook is to do nothing (said if broken). */
static bool enabled(const struct capture_env *env, struct watch_conf *wc)
{
	char err[1024];

	if (watch_conf_load(wc, env, err, sizeof(err)) < 0)
		watch_say(env, "%s: the hook does nothing until it is fixed "
			  "('pmscope watch enable' writes it anew)", err);
	return wc->enabled;
}

void watch_pre(const struct capture_env *env, const char *verb)
{
	struct watch_conf wc;
	struct watch_note n = { 0 };
	char err[1024];

	if (!enabled(env, &wc))
		goto out;
	if (!*env->root && geteuid() != 0) {
		watch_say(env, "pre %s: not run as root: this sleep is not kept", verb);
		goto out;
	}
	/* the cycle is kept without its callbacks rather than not at all */
	if (watch_print_on(env, err, sizeof(err)) < 0)
		watch_say(env, "pre %s: %s", verb, err);
	if (watch_note_begin(&n, env, verb, err, sizeof(err)) < 0 ||
	    watch_note_store(&n, env, WATCH_PENDING, err, sizeof(err)) < 0)
		watch_say(env, "pre %s: %s: this sleep is not kept", verb, err);
out:
	watch_note_free(&n);
	watch_conf_free(&wc);
}

static void remove_file(const struct capture_env *env, const char *path)
{
	char *p = capture_path(env, path);

	unlink(p);
	free(p);
}

void watch_drop_pending(const struct capture_env *env)
{
	remove_file(env, WATCH_PENDING);
}

/* The note pre wrote, checked against this wake; false: nothing to keep. */
static bool take_note(const struct capture_env *env, const char *verb, struct watch_note *n)
{
	char err[1024], boot[40];
	int rc = watch_note_load(n, env, WATCH_PENDING, err, sizeof(err));

	if (rc > 0) {
		watch_say(env, "post %s: no note from before the sleep (the hook was enabled "
			  "meanwhile, or pre failed): this sleep is not kept", verb);
		return false;
	}
	watch_drop_pending(env);
	if (rc < 0) {
		watch_say(env, "post %s: %s: this sleep is not kept", verb, err);
		return false;
	}
	watch_boot_id(env, boot, sizeof(boot));
	if (*n->boot && *boot && strcmp(n->boot, boot)) {
		watch_say(env, "post %s: the note from before the sleep is of another boot (%s): "
			  "not kept", verb, n->boot);
		return false;
	}
	if (strcmp(n->verb, verb))
		watch_say(env, "post %s after pre %s: kept as %s", verb, n->verb, n->verb);
	return true;
}

void watch_post(const struct capture_env *env, const char *verb)
{
	struct watch_conf wc;
	struct watch_note n = { 0 };
	char err[1024], *ready = NULL;

	if (!enabled(env, &wc)) {
		watch_drop_pending(env);
		goto out;
	}
	if (!take_note(env, verb, &n))
		goto out;
	ready = xasprintf("%s/ready-%lld", WATCH_RUN_DIR, (long long)n.realtime_ns);
	if (watch_note_end(&n, env, err, sizeof(err)) < 0 ||
	    watch_note_store(&n, env, ready, err, sizeof(err)) < 0) {
		watch_say(env, "post %s: %s: this sleep is not kept", verb, err);
		goto out;
	}
	if (watch_spawn_saver(env, &wc, ready, err, sizeof(err)) < 0) {
		watch_say(env, "post %s: %s: this sleep is not kept", verb, err);
		remove_file(env, ready);
	}
out:
	free(ready);
	watch_note_free(&n);
	watch_conf_free(&wc);
}

static void utc(char *buf, size_t len, long long secs)
{
	time_t t = (time_t)secs;
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%d %H:%M:%S UTC", &tm);
}

/* Notes handed to a saver and not yet taken: "ready-*". */
static size_t notes_ready(const struct capture_env *env)
{
	char *dir = capture_path(env, WATCH_RUN_DIR);
	struct dirent *de;
	DIR *d = opendir(dir);
	size_t n = 0;

	free(dir);
	if (!d)
		return 0;
	while ((de = readdir(d)))
		n += !strncmp(de->d_name, "ready-", 6) && !strchr(de->d_name, '.');
	closedir(d);
	return n;
}

static void status_store(const struct capture_env *env, const struct watch_conf *wc)
{
	char *dir = capture_path(env, wc->store), err[1024];
	struct watch_runs r;

	printf("store: %s: ", wc->store);
	if (watch_runs_list(dir, &r, err, sizeof(err)) < 0)
		printf("%s\n", strerror(errno));
	else
		printf("%zu run%s, %.1f MB (the newest %lu kept, at most %llu MB)\n", r.n,
		       r.n == 1 ? "" : "s", r.bytes / 1048576.0, wc->keep, wc->max_bytes >> 20);
	if (r.n)
		printf("newest: %s\n", r.v[r.n - 1].name);
	watch_runs_free(&r);
	free(dir);
}

static void status_notes(const struct capture_env *env)
{
	struct watch_note n;
	char err[512], when[64], *last, *sp;
	size_t ready = notes_ready(env);

	if (watch_note_load(&n, env, WATCH_PENDING, err, sizeof(err)) == 0) {
		utc(when, sizeof(when), n.realtime_ns / 1000000000LL);
		printf("asleep since: %s (%s; the hook's post not run yet)\n", when, n.verb);
	}
	watch_note_free(&n);
	if (ready)
		printf("being saved: %zu sleep%s\n", ready, ready == 1 ? "" : "s");
	last = capture_read(env, WATCH_LAST_PROBLEM);
	if (last && (sp = strchr(last, ' '))) {
		utc(when, sizeof(when), atoll(last));
		printf("last problem: %s: %.*s\n", when, (int)strcspn(sp + 1, "\n"), sp + 1);
	}
	free(last);
}

int watch_status(const struct capture_env *env)
{
	struct watch_conf wc;
	char err[1024], *now, *before;
	int rc = watch_conf_load(&wc, env, err, sizeof(err));

	if (rc < 0)
		printf("pmscope watch: not enabled: %s\n", err);
	else
		printf("pmscope watch: %s\n", wc.enabled ? "enabled" :
		       "not enabled ('pmscope watch enable' starts it)");
	status_store(env, &wc);
	now = capture_read(env, "/sys/power/pm_print_times");
	before = capture_read(env, WATCH_SAVED_PRINT);
	printf("pm_print_times: %.*s", now ? (int)strcspn(now, "\n") : 1, now ? now : "-");
	if (before)
		printf(" (%.*s before pmscope watch set it)", (int)strcspn(before, "\n"), before);
	printf("\n");
	free(now);
	free(before);
	status_notes(env);
	watch_conf_free(&wc);
	return EXIT_CLEAN;
}
