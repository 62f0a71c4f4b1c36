// SPDX-License-Identifier: GPL-2.0
/*
 * Progress of a long read on standard error, when that is a terminal:
 * how far into the file, every half second, erased at the end.
 */
#include <stdio.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "input.h"

#define PROGRESS_AFTER_NS 1000000000LL	/* quiet for reads shorter than this */
#define PROGRESS_EVERY_NS 500000000LL

static ns_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (ns_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

void progress_init(struct progress *pg, const char *path)
{
	struct stat sb;

	pg->path = path;
	pg->on = isatty(STDERR_FILENO) && strcmp(path, "-");
	pg->size = pg->on && stat(path, &sb) == 0 ? (uint64_t)sb.st_size : 0;
	pg->start = pg->next = pg->on ? now_ns() + PROGRESS_AFTER_NS : 0;
	pg->shown = false;
}

void progress_tick(struct progress *pg, uint64_t done, bool compressed)
{
	ns_t t;

	if (!pg->on || (t = now_ns()) < pg->next)
		return;
	pg->next = t + PROGRESS_EVERY_NS;
	/* the carriage return past the terminal filter on stderr (main.c) */
	if (write(STDERR_FILENO, "\r", 1) < 0)
		return;
	/* a compressed file's size says nothing about what it unpacks to */
	if (pg->size && done <= pg->size && !compressed)
		fprintf(stderr, "pmscope: %s: %3.0f%% of %.0f MB", pg->path,
			100.0 * (double)done / (double)pg->size, pg->size / 1e6);
	else
		fprintf(stderr, "pmscope: %s: %.0f MB read", pg->path, done / 1e6);
	pg->shown = true;
}

void progress_done(struct progress *pg)
{
	ssize_t n = 0;

	/* the line erased, past the terminal filter on stderr (main.c) */
	if (pg->shown)
		n = write(STDERR_FILENO, "\r\033[K", 4);
	(void)n;	/* a terminal that takes no more has nothing to erase */
	pg->shown = false;
}
