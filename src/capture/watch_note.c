// SPDX-License-Identifier: GPL-2.0
/*
 * One sleep between the hook's two calls, in a file of its own below
 * /run/pmscope/watch (tmpfs: a note is of one boot):
 *
 *   pmscope-watch-note 1
 *   verb suspend
 *   action -
 *   boot 5c3a9b0e-8d55-4c5e-a3b8-0d6c2f9e4a11
 *   kmsg_seq 4711
 *   kmsg_end 5012
 *   realtime_ns 1764669600123456789
 *   stats
 *   [cycle 1 before]
 *   ...
 *
 * Everything after "stats" is sys/sleep-stats.txt as capture/sleepstats.c
 * writes it ("mode: none": the kernel picks the mode, the log says it).
 * Pre writes it without kmsg_end and the "after" section; post adds them.
 *
 * Also here: pm_print_times, on while the hook is enabled, its value from
 * before kept in /run/pmscope/watch/pm_print_times for disable.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "util.h"
#include "watch.h"

#define PRINT_TIMES "/sys/power/pm_print_times"

void watch_boot_id(const struct capture_env *env, char *buf, size_t len)
{
	char *id = capture_read(env, "/proc/sys/kernel/random/boot_id");

	snprintf(buf, len, "%.*s", id ? (int)strcspn(id, " \n") : 0, id ? id : "");
	free(id);
}

/* A word systemd passes: lower case and '-', as its verbs are. */
static bool verb_ok(const char *s, size_t max)
{
	size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyz-");

	return n && n == strlen(s) && n < max;
}

/* The counters now, as a section of sys/sleep-stats.txt appended to @n. */
static void add_stats(struct watch_note *n, const struct capture_env *env, const char *when)
{
	struct capture c = { .env = env, .mode = CAP_NONE };
	char *all;

	capture_sleep_stats(&c, 1, when);
	all = xasprintf("%s%s", n->stats ? n->stats : "", c.sleep_stats ? c.sleep_stats : "");
	free(n->stats);
	n->stats = all;
	capture_free(&c);
}

static int64_t realtime_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int watch_note_begin(struct watch_note *n, const struct capture_env *env, const char *verb,
		     char *err, size_t errlen)
{
	const char *action = getenv("SYSTEMD_SLEEP_ACTION");

	memset(n, 0, sizeof(*n));
	if (!verb_ok(verb, sizeof(n->verb))) {
		snprintf(err, errlen, "'%s' is no sleep systemd names (suspend, hibernate, "
			 "hybrid-sleep, suspend-then-hibernate)", verb);
		return -1;
	}
	snprintf(n->verb, sizeof(n->verb), "%s", verb);
	if (action && verb_ok(action, sizeof(n->action)))
		snprintf(n->action, sizeof(n->action), "%s", action);
	watch_boot_id(env, n->boot, sizeof(n->boot));
	n->realtime_ns = realtime_now();
	if (kmsg_next_seq(env, &n->kmsg_seq, err, errlen) < 0)
		return -1;
	add_stats(n, env, "before");
	return 0;
}

int watch_note_end(struct watch_note *n, const struct capture_env *env, char *err,
		   size_t errlen)
{
	if (kmsg_next_seq(env, &n->kmsg_end, err, errlen) < 0)
		return -1;
	/* nothing logged since pre (a test's fake log): a range of none */
	if (!n->kmsg_end)
		n->kmsg_end = n->kmsg_seq;
	add_stats(n, env, "after");
	return 0;
}

int watch_note_store(const struct watch_note *n, const struct capture_env *env,
		     const char *path, char *err, size_t errlen)
{
	char *text = xasprintf("pmscope-watch-note 1\nverb %s\naction %s\nboot %s\nkmsg_seq %llu\n"
			       "kmsg_end %llu\nrealtime_ns %lld\nstats\n%s", n->verb,
			       *n->action ? n->action : "-", *n->boot ? n->boot : "-",
			       (unsigned long long)n->kmsg_seq, (unsigned long long)n->kmsg_end,
			       (long long)n->realtime_ns, n->stats ? n->stats : "");
	int rc = watch_write_file(env, path, text, err, errlen);

	free(text);
	return rc;
}

static int note_field(struct watch_note *n, const char *line)
{
	unsigned long long u;
	long long i;

	if (sscanf(line, "kmsg_seq %llu", &u) == 1)
		n->kmsg_seq = u;
	else if (sscanf(line, "kmsg_end %llu", &u) == 1)
		n->kmsg_end = u;
	else if (sscanf(line, "realtime_ns %lld", &i) == 1 && i > 0)
		n->realtime_ns = i;
	else if (sscanf(line, "verb %31s", n->verb) == 1 && verb_ok(n->verb, sizeof(n->verb)))
		;
	else if (sscanf(line, "action %31s", n->action) == 1)
		n->action[strcmp(n->action, "-") ? sizeof(n->action) - 1 : 0] = '\0';
	else if (sscanf(line, "boot %39s", n->boot) == 1)
		n->boot[strcmp(n->boot, "-") ? sizeof(n->boot) - 1 : 0] = '\0';
	else
		return -1;
	return 0;
}

int watch_note_load(struct watch_note *n, const struct capture_env *env, const char *path,
		    char *err, size_t errlen)
{
	char *text = capture_read(env, path), *line, *next;
	unsigned int lineno = 0;
	int rc = -1;

	memset(n, 0, sizeof(*n));
	if (!text) {
		if (errno == ENOENT)
			return 1;
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	for (line = text; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		if (lineno == 1 && !strcmp(line, "pmscope-watch-note 1"))
			continue;
		if (!strcmp(line, "stats")) {
			n->stats = xstrdup(next ? next : "");
			break;
		}
		if (lineno == 1 || note_field(n, line) < 0)
			goto bad;
	}
	if (!*n->verb || !n->realtime_ns || !n->stats)
		goto bad;
	rc = 0;
	goto out;
bad:
	snprintf(err, errlen, "%s:%u: not a note of pmscope watch", path, lineno);
out:
	free(text);
	return rc;
}

void watch_note_free(struct watch_note *n)
{
	free(n->stats);
	n->stats = NULL;
}

int watch_print_on(const struct capture_env *env, char *err, size_t errlen)
{
	char *now, *old;
	int rc = 0;

	now = capture_read(env, PRINT_TIMES);
	if (!now) {
		snprintf(err, errlen, "%s: %s (a kernel without CONFIG_PM_SLEEP_DEBUG has none: "
			 "cycles are kept without their devices' callbacks)", PRINT_TIMES,
			 strerror(errno));
		return -1;
	}
	if (!capture_exists(env, WATCH_SAVED_PRINT)) {
		old = saved_restore_value(PRINT_TIMES, now);
		rc = watch_write_file(env, WATCH_SAVED_PRINT, old, err, errlen);
		free(old);
	}
	if (!rc && atoi(now) != 1)
		rc = capture_write(env, PRINT_TIMES, "1", err, errlen);
	free(now);
	return rc;
}

int watch_print_restore(const struct capture_env *env, char *err, size_t errlen)
{
	char *old = capture_read(env, WATCH_SAVED_PRINT), *p;
	int rc;

	if (!old)
		return 1;
	old[strcspn(old, "\n")] = '\0';
	rc = capture_write(env, PRINT_TIMES, old, err, errlen);
	if (!rc) {
		p = capture_path(env, WATCH_SAVED_PRINT);
		unlink(p);
		free(p);
	}
	free(old);
	return rc;
}
