// SPDX-License-Identifier: GPL-2.0
/*
 * A capture left behind (capture.h, capture_recover()): its owner was
 * killed or crashed before the restore, so the next command that touches
 * a capture puts back what the armed state (capture/state.c) says was
 * changed; one from an earlier boot is only removed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "capture.h"
#include "util.h"

/* "/sys/power/pm_test, /sys/power/pm_print_times and the tracing instance pmscope" */
static void what_is_restored(const struct capture *c, bool instance, char *buf, size_t len)
{
	size_t i, at = 0;

	buf[0] = '\0';
	for (i = c->saved.n; i-- > 0 && at < len;)
		at += (size_t)snprintf(buf + at, len - at, "%s%s", at ? ", " : "",
				       c->saved.v[i].path);
	if (instance && at < len)
		snprintf(buf + at, len - at, "%sthe tracing instance %s", at ? " and " : "",
			 CAPTURE_INSTANCE);
}

static bool instance_there(const struct capture_env *env)
{
	char *tdir = capture_tracing_dir(env), *dir;
	bool there;

	if (!tdir)
		return false;
	dir = xasprintf("%s/instances/%s", tdir, CAPTURE_INSTANCE);
	there = access(dir, F_OK) == 0;
	free(dir);
	free(tdir);
	return there;
}

int capture_recover(const struct capture_env *env, char *msg, size_t len)
{
	char what[768], err[512], boot[40];
	struct capture c;
	int rc;

	/* a damaged state is left to 'collect --restore', which the checks name */
	if (capture_state_load(&c, env, err, sizeof(err)) != 0) {
		capture_free(&c);
		return 0;
	}
	capture_read_boot(env, boot, sizeof(boot));
	if (*c.boot && *boot && strcmp(c.boot, boot)) {
		rc = capture_state_remove(env, err, sizeof(err)) < 0 ? -1 : 1;
		snprintf(msg, len, rc > 0 ? "%s was left from an earlier boot, whose settings "
			 "are gone with it: removed" : "%s is from an earlier boot: %s",
			 CAPTURE_ARMED_FILE, err);
		capture_free(&c);
		return rc;
	}
	if (!c.owner.pid || capture_owner_alive(&c.owner)) {
		capture_free(&c);
		return 0;
	}
	what_is_restored(&c, instance_there(env), what, sizeof(what));
	rc = capture_restore(&c, err, sizeof(err)) < 0 ? -1 : 1;
	if (rc < 0)
		snprintf(msg, len, "pmscope %s (pid %d) ended without putting back what it "
			 "changed; restoring it from %s failed: %s", c.owner.cmd, c.owner.pid,
			 CAPTURE_ARMED_FILE, err);
	else if (!*what)
		snprintf(msg, len, "pmscope %s (pid %d) ended before it changed anything; its %s "
			 "is removed", c.owner.cmd, c.owner.pid, CAPTURE_ARMED_FILE);
	else
		snprintf(msg, len, "pmscope %s (pid %d) ended without putting back what it "
			 "changed; restored now from %s: %s", c.owner.cmd, c.owner.pid,
			 CAPTURE_ARMED_FILE, what);
	capture_free(&c);
	return rc;
}
