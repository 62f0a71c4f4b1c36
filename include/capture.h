/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Live capture: set the kernel up to record a suspend (a private tracing
 * instance, pm_print_times, pm_debug_messages, an RTC alarm), let the
 * suspend happen, save a run folder (see pmscope(1)) and put back every
 * file it wrote.
 *
 * Every kernel file is reached through capture_env.root, "" on a live
 * system. Tests point it at a fake tree (PMSCOPE_SYSROOT) and pass hooks
 * that play the kernel's part (struct capture_fake).
 */
#ifndef PMSCOPE_CAPTURE_H
#define PMSCOPE_CAPTURE_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The one tracing instance pmscope uses; never the top-level buffer. */
#define CAPTURE_INSTANCE "pmscope"
/* Below the root: what arm left to restore, read by collect. */
#define CAPTURE_ARMED_DIR "/run/pmscope"
#define CAPTURE_ARMED_FILE "/run/pmscope/armed"

/* What a fake kernel does in tests; NULL members are skipped. */
struct capture_fake {
	void (*written)(const char *path, const char *value, void *arg);
	void (*instance_made)(const char *dir, void *arg);
	void (*instance_removing)(const char *dir, void *arg);
	void *arg;
};

struct capture_env {
	const char *root;			/* "" live */
	const struct capture_fake *fake;	/* NULL live */
	/* The signal that asked to stop (capture_catch_signals()), 0 none; NULL: none caught. */
	const volatile sig_atomic_t *stop;
	const char *cmd;			/* "record", "arm", "collect": the armed state's owner */
	const char *test_step;			/* PMSCOPE_TEST_STEP, see capture_step() */
};

static inline bool capture_stopped(const struct capture_env *env)
{
	return env->stop && *env->stop;
}

/* Signals (capture/signals.c). Catch every signal that would end the
 * process; returns what the handlers set: the first signal that asked to
 * stop. With @restore_on_crash a crash restores from CAPTURE_ARMED_FILE
 * in a new process. */
const volatile sig_atomic_t *capture_catch_signals(bool restore_on_crash);
/* "SIGTERM", "SIGRTMIN+3" into @buf. */
const char *capture_signal_name(int sig, char *buf, size_t len);
/* Where a test may stop the process to signal it (PMSCOPE_TEST_STEP). */
void capture_step(const struct capture_env *env, const char *name);

/*
 * A file pmscope changed and the value that puts it back. The list is
 * owned by struct capture and persisted in CAPTURE_ARMED_FILE so that
 * another process (pmscope collect) can restore it.
 */
struct saved_setting {
	char *path;	/* below the root, e.g. "/sys/power/pm_print_times" */
	char *value;	/* what to write back */
};

struct saved_settings {
	struct saved_setting *v;
	size_t n, cap;
};

/* The value a file's current @content restores to ("s2idle [deep]" -> "deep"). */
char *saved_restore_value(const char *path, const char *content);
/* Remember @path's current value (once), then write @value (NULL: don't). */
int saved_set(struct saved_settings *s, const struct capture_env *env, const char *path,
	      const char *value, char *err, size_t errlen);
/* Write every saved value back, newest first; -1 if any failed (all tried). */
int saved_restore(struct saved_settings *s, const struct capture_env *env,
		  char *err, size_t errlen);
void saved_free(struct saved_settings *s);

/* Kernel files through the root. */
char *capture_path(const struct capture_env *env, const char *path);
/* The whole file, NULL (errno set) when unreadable. */
char *capture_read(const struct capture_env *env, const char *path);
int capture_write(const struct capture_env *env, const char *path, const char *value,
		  char *err, size_t errlen);
bool capture_exists(const struct capture_env *env, const char *path);

enum capture_mode {
	CAP_NONE,	/* arm only: the user suspends however they like */
	CAP_MEM,	/* S3: state "mem" with mem_sleep "deep" */
	CAP_S2IDLE,	/* state "freeze" (also called "s2idle", "freeze") */
	CAP_STANDBY,
	CAP_DISK,
};

/* The mode by its name in /sys/power (capture/places.c). */
int capture_mode_parse(const char *s, enum capture_mode *out);
const char *capture_mode_name(enum capture_mode m);

struct capture_opts {
	enum capture_mode mode;
	const char *pm_test;	/* /sys/power/pm_test level, NULL none */
	bool callgraph;		/* function_graph below dpm_run_callback */
	unsigned int graph_depth;
	bool sched;		/* sched_switch and sched_wakeup: when the
				 * callbacks' threads slept (whatif) */
	unsigned int cycles;	/* sizes the buffer */
	unsigned int buffer_kb;	/* per CPU; 0: by mode and cycles */
	bool via_systemd;	/* systemd writes "mem": mem_sleep picks the mode */
};

struct tracefs_instance;

/* The process working on an armed capture; pid 0: none (arm handed it to collect). */
struct capture_owner {
	int pid;
	unsigned long long start;	/* its start time (/proc/PID/stat): pids are reused */
	char cmd[16];			/* record, arm, collect */
};

struct capture {
	const struct capture_env *env;
	struct saved_settings saved;	/* everything to put back */
	bool owned;			/* this process owns the armed state */
	struct capture_owner owner;	/* as loaded from the armed state */
	char boot[40];			/* the boot it was armed in, as loaded; "" unknown */
	struct tracefs_instance *inst;
	uint64_t kmsg_seq;		/* first kernel log record of the capture */
	uint64_t kmsg_end;		/* the record after its last, 0: the log's end */
	bool untraced;			/* no tracing instance to save (pmscope watch) */
	unsigned long kmsg_lost;	/* records of it the log overwrote */
	unsigned long long overrun;	/* trace events lost, all CPUs */
	enum capture_mode mode;
	bool armed;
	char *sleep_stats;		/* sys/sleep-stats.txt so far */
	size_t sleep_stats_len;
	char *facts_extra;		/* more "key: value" lines of sys/facts.txt, NULL */
};

/* Where tracefs is (below the root), NULL when it is not mounted
 * (capture/places.c). */
char *capture_tracing_dir(const struct capture_env *env);
/* The checks before anything is written; each failure has its message. */
int capture_check(const struct capture_env *env, const struct capture_opts *o,
		  bool need_rtc, char *err, size_t errlen);

/* Set everything up; on failure all is put back and @c freed already. */
int capture_arm(struct capture *c, const struct capture_env *env,
		const struct capture_opts *o, char *err, size_t errlen);
/* Program the RTC to wake in @secs (0: no alarm), saved to be put back. */
int capture_alarm(struct capture *c, unsigned int secs, char *err, size_t errlen);
/* capture_alarm() and suspend; returns when resumed. */
int capture_suspend(struct capture *c, unsigned int secs, char *err, size_t errlen);
/* Whether @dir can take a run folder: a writable folder, or one that can
 * be made there; checked before anything is changed. */
int capture_check_output(const char *dir, char *err, size_t errlen);
/*
 * Save the run folder @dir (created). Tracing stops; nothing is restored
 * yet. 0 whole; 1 saved but not whole (a full disk: each file not saved to
 * its end is named in sys/facts.txt as capture.cut.FILE; @err says the
 * first); -1 nothing could be saved.
 */
int capture_save(struct capture *c, const char *dir, char *err, size_t errlen);
/* The instance arm made, found from another process; -1 when there is none. */
int capture_find_instance(struct capture *c);
/* Write a file of the instance (it is removed whole: nothing is saved). */
int capture_inst_write(struct capture *c, const char *file, const char *value, char *err,
		       size_t errlen);
/* Put back every file, remove the instance and the armed state. */
int capture_restore(struct capture *c, char *err, size_t errlen);
void capture_free(struct capture *c);

/* The armed state: written by arm, read back by collect (capture/state.c). */
int capture_state_store(const struct capture *c, char *err, size_t errlen);
/* 0 loaded, 1 nothing armed, -1 error. */
int capture_state_load(struct capture *c, const struct capture_env *env, char *err,
		       size_t errlen);
int capture_state_remove(const struct capture_env *env, char *err, size_t errlen);
/* Whether the owner of an armed capture still runs. */
bool capture_owner_alive(const struct capture_owner *o);
/* The kernel's boot_id through the root ("" when there is none). */
void capture_read_boot(const struct capture_env *env, char *buf, size_t len);
/*
 * Before a command touches a capture (capture/recover.c): an armed state whose owner died
 * (SIGKILL, a crash no handler saw) is restored, one from an earlier boot
 * removed. 1 done and @msg says what, 0 nothing to do, -1 error in @msg.
 */
int capture_recover(const struct capture_env *env, char *msg, size_t len);

/*
 * Pieces of a run folder (capture/kmsg.c, facts.c, sleepstats.c), each
 * written to @f; capture/save.c opens the files and sees write errors.
 * -1 and @err when what they read from failed.
 */
/* The sequence number the next kernel log record will get. */
int kmsg_next_seq(const struct capture_env *env, uint64_t *seq, char *err, size_t errlen);
/* Kernel log records from @seq on, up to @end (0: to the log's end), as
 * dmesg text; @lost: records the log overwrote before they could be read. */
int kmsg_write(FILE *f, const struct capture_env *env, uint64_t seq, uint64_t end,
	       unsigned long *lost, char *err, size_t errlen);
/* sys/facts.txt's "key: value" lines about the system (uname, command
 * line, DMI, /sys/power), malloc'ed. */
char *facts_text(const struct capture_env *env);
/* sys/devices.txt and sys/devlinks.txt. */
int devices_write(FILE *f, const struct capture_env *env, char *err, size_t errlen);
int devlinks_write(FILE *f, const struct capture_env *env, char *err, size_t errlen);
/* What the kernel counts about sleep (suspend_stats, residency counters),
 * @when "before" or "after" cycle @cycle, kept for sys/sleep-stats.txt
 * (capture/sleepstats.c). */
void capture_sleep_stats(struct capture *c, unsigned int cycle, const char *when);
int sleep_stats_write(FILE *f, const struct capture *c, char *err, size_t errlen);
/* The instance's raw buffer as trace-cmd's trace.dat at @path, consuming it
 * (capture/tracedat_write.c); @kallsyms: with /proc/kallsyms (function names). */
int tracedat_save(struct capture *c, const char *path, bool kallsyms, char *err,
		  size_t errlen);

#endif
