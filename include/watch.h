/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pmscope watch: every suspend and hibernation kept as a run folder, by a
 * systemd sleep hook (pmscope(1), WATCH). Inert until enabled.
 *
 *   pre VERB    (before the sleep) pm_print_times on; a note of where the
 *               kernel log is, the wall clock and the sleep counters
 *   post VERB   (after the wake) the counters again, the note handed to
 *               a saver that runs apart from the hook
 *   save NOTE   the saver: the cycle's run folder in the store, within a
 *               time budget, then the oldest folders removed past the
 *               store's bounds
 *
 * Every path goes through capture_env.root, as the capture's do: the
 * tests point it at a fake tree (PMSCOPE_SYSROOT).
 */
#ifndef PMSCOPE_WATCH_H
#define PMSCOPE_WATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "capture.h"

#define WATCH_CONF "/etc/pmscope/watch.conf"
#define WATCH_STORE "/var/lib/pmscope"
/* Below the root: the notes between pre and post (tmpfs: they are of one boot). */
#define WATCH_RUN_DIR CAPTURE_ARMED_DIR "/watch"
#define WATCH_PENDING WATCH_RUN_DIR "/pending"
/* pm_print_times as it was before pmscope watch first set it, this boot */
#define WATCH_SAVED_PRINT WATCH_RUN_DIR "/pm_print_times"
#define WATCH_LAST_PROBLEM WATCH_RUN_DIR "/last-problem"

#define WATCH_KEEP_DEFAULT 1000
#define WATCH_MAX_BYTES_DEFAULT (512ULL << 20)
#define WATCH_BUDGET_DEFAULT 60

/* /etc/pmscope/watch.conf (capture/watch_conf.c) */
struct watch_conf {
	bool enabled;
	char *store;			/* below the root */
	unsigned long keep;		/* run folders at most */
	unsigned long long max_bytes;	/* their size at most */
	unsigned int budget_s;		/* a save's time, at most */
};

void watch_conf_default(struct watch_conf *wc);
/* 0 read, 1 no file (the defaults, not enabled), -1 and @err. */
int watch_conf_load(struct watch_conf *wc, const struct capture_env *env, char *err,
		    size_t errlen);
int watch_conf_store(const struct watch_conf *wc, const struct capture_env *env, char *err,
		     size_t errlen);
void watch_conf_free(struct watch_conf *wc);
/* "512M", "2G", "1048576" into bytes; -1 when it is none. */
int watch_size_parse(const char *s, unsigned long long *out);

/* @dir and the folders above it made, as mkdir -p (a path as it is);
 * @dir, when made, with @mode. */
int watch_mkdirs(const char *dir, mode_t mode, char *err, size_t errlen);
/* The store's mode when pmscope makes it: root's alone, as the kernel
 * log is where dmesg_restrict is set (Debian's default). */
#define WATCH_STORE_MODE 0700
/* A file written whole or not at all (a temporary file renamed), @dir made. */
int watch_write_file(const struct capture_env *env, const char *path, const char *text,
		     char *err, size_t errlen);
/* A problem of the hook: on standard error (the journal) and kept in
 * WATCH_LAST_PROBLEM for status. */
void watch_say(const struct capture_env *env, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* One sleep, from pre to the saver (capture/watch_note.c). */
struct watch_note {
	char verb[32];		/* systemd's: suspend, hibernate, hybrid-sleep, ... */
	char action[32];	/* $SYSTEMD_SLEEP_ACTION of suspend-then-hibernate, "" */
	char boot[40];		/* the kernel's boot_id */
	uint64_t kmsg_seq;	/* the kernel log's next record before the sleep */
	uint64_t kmsg_end;	/* and after it; 0 before post */
	int64_t realtime_ns;	/* the wall clock before the sleep */
	char *stats;		/* sys/sleep-stats.txt, [cycle 1 before] (and after) */
};

/* The note of pre: the log's place, the wall clock and the counters. */
int watch_note_begin(struct watch_note *n, const struct capture_env *env, const char *verb,
		     char *err, size_t errlen);
/* The same at post. */
int watch_note_end(struct watch_note *n, const struct capture_env *env, char *err,
		   size_t errlen);
int watch_note_store(const struct watch_note *n, const struct capture_env *env,
		     const char *path, char *err, size_t errlen);
/* 0 loaded, 1 no such note, -1 and @err. */
int watch_note_load(struct watch_note *n, const struct capture_env *env, const char *path,
		    char *err, size_t errlen);
void watch_note_free(struct watch_note *n);
/* The kernel's boot_id, "" when there is none. */
void watch_boot_id(const struct capture_env *env, char *buf, size_t len);

/* pm_print_times on, its value before kept for watch_print_restore(). */
int watch_print_on(const struct capture_env *env, char *err, size_t errlen);
/* Back as it was before pmscope watch set it; 1 nothing to put back. */
int watch_print_restore(const struct capture_env *env, char *err, size_t errlen);

/* The store's run folders (capture/watch_store.c), oldest first by name. */
struct watch_run {
	char *name;
	unsigned long long bytes;
};

struct watch_runs {
	struct watch_run *v;
	size_t n, cap;
	unsigned long long bytes;
};

/* Whether @name is one the saver gives: YYYYMMDD-HHMMSS-VERB[-N]. */
bool watch_run_name(const char *name);
/* @dir is the store as the root has it (capture_path()). */
int watch_runs_list(const char *dir, struct watch_runs *r, char *err, size_t errlen);
void watch_runs_free(struct watch_runs *r);
/*
 * The oldest runs removed until at most @keep are left and they take at
 * most @max_bytes; the newest is never removed (a bound too small for
 * one run is said). Returns the runs removed, -1 and @err.
 */
int watch_prune(const char *dir, unsigned long keep, unsigned long long max_bytes,
		char *err, size_t errlen);
/* An exclusive lock on the store (its .lock); the fd, -1 and @err. */
int watch_lock(const char *dir, char *err, size_t errlen);
/* Folders a killed saver left (".NAME.tmp"), removed. */
void watch_remove_leftovers(const char *dir);
/* A folder and all in it. */
int watch_remove_tree(const char *path);

/*
 * The run folder of @n into @dir/.NAME.tmp, renamed to @dir/NAME once
 * saved (capture/watch_save.c); @name gets NAME. 0 whole, 1 saved but
 * not whole (@err says what), -1 nothing saved.
 */
int watch_save(const struct watch_note *n, const struct capture_env *env, const char *dir,
	       char *name, size_t namelen, char *err, size_t errlen);

#endif
