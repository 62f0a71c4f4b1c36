// SPDX-License-Identifier: GPL-2.0
/*
 * A run folder: RUN-DIR/dmesg.txt and the trace (whichever are there),
 * then RUN-DIR/sys/devices.txt, sys/devlinks.txt, sys/facts.txt (what
 * record saw: input/capfacts.c) and sys/sleep-stats.txt (hardware sleep
 * residency, input/residency.c). The system facts
 * come last so that what a log printed about a device wins. The trace is
 * trace.dat when it can be read (the raw events record keeps), else
 * trace.txt: one of the two, they hold the same events.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "input.h"

static const char *const run_logs[] = { "dmesg.txt", "trace.dat", "trace.txt" };

static bool is_file(const char *path)
{
	struct stat sb;

	return stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
}

/* A warning keeps its file name, not the caller's buffer. */
static void facts_warn(struct pm_run *run, const char *path, const char *err)
{
	run_warn(run, WARN_WARNING, 0, strpool_cstr(&run->pool, path), 0, "%s", err);
}

bool input_is_run_dir(const char *dir)
{
	char p[4096];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(run_logs); i++) {
		snprintf(p, sizeof(p), "%s/%s", dir, run_logs[i]);
		if (is_file(p))
			return true;
	}
	return false;
}

int input_read_dir(struct pm_run *run, const char *dir, struct input_stats *st,
		   char *err, size_t errlen)
{
	struct input_stats one;
	char sub[1024];
	bool any = false, have_trace = false;
	size_t i;

	memset(st, 0, sizeof(*st));
	snprintf(err, errlen, "%s: no dmesg.txt or trace.txt in the run folder", dir);
	for (i = 0; i < ARRAY_SIZE(run_logs); i++) {
		char e[1024];

		snprintf(sub, sizeof(sub), "%s/%s", dir, run_logs[i]);
		if (!is_file(sub) || (have_trace && !strcmp(run_logs[i], "trace.txt")))
			continue;
		if (input_read(run, sub, &one, e, sizeof(e)) < 0) {
			if (!any)
				snprintf(err, errlen, "%s", e);
			run_warn(run, WARN_INFO, 0, strpool_cstr(&run->pool, sub), 0, "not used: %s", e);
			continue;
		}
		any = true;
		have_trace = have_trace || !strcmp(run_logs[i], "trace.dat");
		st->bytes += one.bytes;
		st->lines += one.lines;
		st->used += one.used;
		st->skipped += one.skipped;
	}
	if (!any)
		return -1;
	run_merge_sources(run);
	snprintf(sub, sizeof(sub), "%s/sys/devices.txt", dir);
	if (is_file(sub) && sysfacts_devices(run, sub, err, errlen) < 0)
		facts_warn(run, sub, err);
	snprintf(sub, sizeof(sub), "%s/sys/devlinks.txt", dir);
	if (is_file(sub) && sysfacts_devlinks(run, sub, err, errlen) < 0)
		facts_warn(run, sub, err);
	snprintf(sub, sizeof(sub), "%s/sys/facts.txt", dir);
	if (is_file(sub) && capfacts_read(run, sub, err, errlen) < 0)
		facts_warn(run, sub, err);
	snprintf(sub, sizeof(sub), "%s/sys/sleep-stats.txt", dir);
	if (is_file(sub) && residency_read(run, sub, err, errlen) < 0)
		facts_warn(run, sub, err);
	return 0;
}
