// SPDX-License-Identifier: GPL-2.0
/*
 * A sleep's run folder in the store, as record saves one (capture/save.c:
 * sys/facts.txt first, naming what is not saved whole), without a trace:
 * the kernel log from the record pre noted to the one post noted,
 * sys/sleep-stats.txt from the note, the devices, the facts with the
 * wall clock and the machine's id, and "watch.*" facts of the hook. It
 * is made as ".NAME.tmp" and renamed once saved, so that a folder named
 * as a run is one (stats passes over hidden folders).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "util.h"
#include "watch.h"

/* "20261202-100000-suspend", and "-2" ... when the store has it already. */
static int pick_name(const struct watch_note *n, const char *dir, char *name, size_t len,
		     char *err, size_t errlen)
{
	time_t t = (time_t)(n->realtime_ns / 1000000000LL);
	char stamp[32], *p;
	struct tm tm;
	unsigned int i;

	gmtime_r(&t, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
	for (i = 1; i < 1000; i++) {
		if (i == 1)
			snprintf(name, len, "%s-%s", stamp, n->verb);
		else
			snprintf(name, len, "%s-%s-%u", stamp, n->verb, i);
		p = xasprintf("%s/%s", dir, name);
		if (access(p, F_OK) < 0 && errno == ENOENT) {
			free(p);
			return 0;
		}
		free(p);
	}
	snprintf(err, errlen, "%s: no free name for %s-%s", dir, stamp, n->verb);
	return -1;
}

static char *watch_facts(const struct watch_note *n)
{
	return xasprintf("watch.verb: %s\n%s%s%swatch.before_realtime_ns: %lld\n"
			 "watch.kmsg_seq: %llu\nwatch.kmsg_end: %llu\n", n->verb,
			 *n->action ? "watch.action: " : "", n->action, *n->action ? "\n" : "",
			 (long long)n->realtime_ns, (unsigned long long)n->kmsg_seq,
			 (unsigned long long)n->kmsg_end);
}

int watch_save(const struct watch_note *n, const struct capture_env *env, const char *dir,
	       char *name, size_t namelen, char *err, size_t errlen)
{
	struct capture c = { .env = env, .mode = CAP_NONE, .untraced = true,
			     .kmsg_seq = n->kmsg_seq, .kmsg_end = n->kmsg_end };
	char *tmp = NULL, *final = NULL;
	int rc = -1;

	if (pick_name(n, dir, name, namelen, err, errlen) < 0)
		goto out;
	tmp = xasprintf("%s/.%s.tmp", dir, name);
	final = xasprintf("%s/%s", dir, name);
	c.sleep_stats = xstrdup(n->stats);
	c.sleep_stats_len = strlen(c.sleep_stats);
	c.facts_extra = watch_facts(n);
	rc = capture_save(&c, tmp, err, errlen);
	if (rc < 0) {
		watch_remove_tree(tmp);
		goto out;
	}
	if (rename(tmp, final) < 0) {
		snprintf(err, errlen, "%s: %s", final, strerror(errno));
		watch_remove_tree(tmp);
		rc = -1;
	}
out:
	capture_free(&c);
	free(tmp);
	free(final);
	return rc;
}
