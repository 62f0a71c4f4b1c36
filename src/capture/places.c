// SPDX-License-Identifier: GPL-2.0
/*
 * The capture's words and places: the sleep modes by their names in
 * /sys/power, and tracefs.
 */
#include <stdlib.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "capture.h"
#include "util.h"

#ifndef TRACEFS_MAGIC
#define TRACEFS_MAGIC 0x74726163
#endif

static const char *const mode_names[] = {
	[CAP_NONE] = "none", [CAP_MEM] = "mem", [CAP_S2IDLE] = "s2idle",
	[CAP_STANDBY] = "standby", [CAP_DISK] = "disk",
};

int capture_mode_parse(const char *s, enum capture_mode *out)
{
	size_t i;

	if (!strcmp(s, "freeze")) {
		*out = CAP_S2IDLE;
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(mode_names); i++)
		if (!strcmp(s, mode_names[i])) {
			*out = (enum capture_mode)i;
			return 0;
		}
	return -1;
}

const char *capture_mode_name(enum capture_mode m)
{
	return (size_t)m < ARRAY_SIZE(mode_names) ? mode_names[m] : "?";
}

/*
 * Live: tracefs where it is normally mounted (the debugfs path
 * automounts it). pmscope does not mount it itself: it would have to be
 * unmounted again, and a system without it mounted usually has a reason.
 */
char *capture_tracing_dir(const struct capture_env *env)
{
	static const char *const where[] = { "/sys/kernel/tracing", "/sys/kernel/debug/tracing" };
	struct statfs sf;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(where); i++) {
		char *p = capture_path(env, where[i]);

		if (env->root && *env->root) {
			if (access(p, F_OK) == 0)
				return p;
		} else if (statfs(p, &sf) == 0 && (unsigned long)sf.f_type == TRACEFS_MAGIC) {
			return p;
		}
		free(p);
	}
	return NULL;
}
