// SPDX-License-Identifier: GPL-2.0
/*
 * Arm, suspend, restore (saving the run folder: capture/save.c). Every
 * file outside the tracing instance goes through the saved-settings list,
 * which is persisted before the file is written, so that whatever ends the
 * process leaves enough behind for the next command (capture_recover()).
 * The instance itself is removed whole.
 *
 * Trace clock "global": the same sched_clock time base as the printk
 * time stamps of dmesg.txt (so trace and log line up), and ordered across
 * CPUs, which "local" is not (async callbacks run on every CPU). "mono"
 * and "boot" would not match dmesg.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <tracefs.h>

#include "capture.h"
#include "util.h"

#define TRACE_CLOCK "global"
#define GRAPH_FUNCTION "dpm_run_callback"

static const char *const events[] = {
	"power/suspend_resume", "power/device_pm_callback_start",
	"power/device_pm_callback_end",
	/* optional: which wakeup source held the system or woke it */
	"power/wakeup_source_activate", "power/wakeup_source_deactivate",
};
#define EVENTS_REQUIRED 3

/* --sched: when each thread slept, and what woke it (sched_waking is
 * written where the wakeup is asked for, sched_wakeup where it lands) */
static const char *const sched_events[] = { "sched/sched_switch", "sched/sched_waking" };

/*
 * Per CPU: a cycle's callback events take well under 1 MB on machines
 * with a few thousand devices; hibernation runs four device passes;
 * function_graph writes an entry and exit per function called.
 */
static unsigned int buffer_kb(const struct capture_opts *o)
{
	unsigned int kb = o->mode == CAP_DISK ? 8192 : 4096;
	unsigned int cycles = o->cycles ? o->cycles : 1;

	if (o->buffer_kb)
		return o->buffer_kb;
	kb *= cycles < 8 ? cycles : 8;
	if (o->sched)	/* a switch or two per callback, and the rest's */
		kb *= 4;
	if (o->callgraph)
		kb = 65536;
	return kb;
}

/* A file of the instance; the instance is removed, so nothing is saved. */
int capture_inst_write(struct capture *c, const char *file, const char *value,
		      char *err, size_t errlen)
{
	char *path = tracefs_instance_get_file(c->inst, file);
	struct capture_env abs = { .root = "", .fake = c->env->fake };
	int rc;

	if (!path) {
		snprintf(err, errlen, "tracing instance %s: %s", CAPTURE_INSTANCE, strerror(errno));
		return -1;
	}
	rc = capture_write(&abs, path, value, err, errlen);
	tracefs_put_tracing_file(path);
	return rc;
}

/* Persist first: a crash after the write still knows the old value. */
static int set_saved(struct capture *c, const char *path, const char *value,
		     char *err, size_t errlen)
{
	if (saved_set(&c->saved, c->env, path, NULL, err, errlen) < 0 ||
	    capture_state_store(c, err, errlen) < 0)
		return -1;
	return capture_write(c->env, path, value, err, errlen);
}

/*
 * A step of arming done: where a test may stop the process to signal it
 * (capture_step()), and where a signal that came stops the arming, which
 * puts back what it did.
 */
static int arm_step(struct capture *c, const char *name, char *err, size_t errlen)
{
	char sig[32];

	capture_step(c->env, name);
	if (!capture_stopped(c->env))
		return 0;
	snprintf(err, errlen, "interrupted by %s while arming",
		 capture_signal_name(*c->env->stop, sig, sizeof(sig)));
	return -1;
}

static int use_tracing_dir(const struct capture_env *env, char *err, size_t errlen)
{
	char *tdir = capture_tracing_dir(env);
	int rc;

	if (!tdir) {
		snprintf(err, errlen, "tracefs is not mounted");
		return -1;
	}
	rc = tracefs_set_tracing_dir(tdir);
	if (rc < 0)
		snprintf(err, errlen, "%s: %s", tdir, strerror(errno));
	free(tdir);
	return rc;
}

/*
 * function_graph in an instance needs a kernel that offers it there (6.12
 * does, 6.1 does not); pmscope leaves the top-level buffer to its owner.
 * Instances of 6.12 have no set_graph_function or max_graph_depth, so the
 * filter that says which functions are patched at all also says which are
 * traced: dpm_run_callback and the callbacks of the device phases by name.
 */
#define GRAPH_FILTER GRAPH_FUNCTION " *_suspend *_resume *_suspend_late *_resume_early " \
	"*_suspend_noirq *_resume_noirq"

static int setup_callgraph(struct capture *c, const struct capture_opts *o, char *err,
			   size_t errlen)
{
	char *tracers = tracefs_instance_file_read(c->inst, "available_tracers", NULL);
	bool ok = tracers && strstr(tracers, "function_graph");
	char depth[32];

	free(tracers);
	if (!ok) {
		snprintf(err, errlen, "--callgraph: this kernel has no function_graph tracer in "
			 "tracing instances (newer kernels have), and pmscope does not take "
			 "over the top-level buffer");
		return -1;
	}
	snprintf(depth, sizeof(depth), "%u", o->graph_depth ? o->graph_depth : 3);
	if (capture_inst_write(c, "set_ftrace_filter", GRAPH_FILTER, err, errlen) < 0)
		return -1;
	if (tracefs_file_exists(c->inst, "set_graph_function") &&
	    capture_inst_write(c, "set_graph_function", GRAPH_FUNCTION, err, errlen) < 0)
		return -1;
	if (tracefs_file_exists(c->inst, "max_graph_depth") &&
	    capture_inst_write(c, "max_graph_depth", depth, err, errlen) < 0)
		return -1;
	/* time stamps and task names on every line, as sleepgraph -f has them */
	if ((tracefs_file_exists(c->inst, "options/funcgraph-abstime") &&
	     capture_inst_write(c, "options/funcgraph-abstime", "1", err, errlen) < 0) ||
	    (tracefs_file_exists(c->inst, "options/funcgraph-proc") &&
	     capture_inst_write(c, "options/funcgraph-proc", "1", err, errlen) < 0))
		return -1;
	return capture_inst_write(c, "current_tracer", "function_graph", err, errlen);
}

static int setup_instance(struct capture *c, const struct capture_opts *o, char *err,
			  size_t errlen)
{
	char kb[32], *dir;
	size_t i;

	c->inst = tracefs_instance_create(CAPTURE_INSTANCE);
	/* NULL would make every later call act on the top-level buffer */
	if (!c->inst) {
		snprintf(err, errlen, "creating the tracing instance %s: %s", CAPTURE_INSTANCE,
			 strerror(errno));
		return -1;
	}
	dir = tracefs_instance_get_dir(c->inst);
	if (dir && c->env->fake && c->env->fake->instance_made)
		c->env->fake->instance_made(dir, c->env->fake->arg);
	tracefs_put_tracing_file(dir);
	if (arm_step(c, "instance", err, errlen) < 0)
		return -1;
	snprintf(kb, sizeof(kb), "%u", buffer_kb(o));
	if (capture_inst_write(c, "tracing_on", "0", err, errlen) < 0 ||
	    capture_inst_write(c, "trace_clock", TRACE_CLOCK, err, errlen) < 0 ||
	    capture_inst_write(c, "buffer_size_kb", kb, err, errlen) < 0)
		return -1;
	for (i = 0; i < ARRAY_SIZE(events); i++) {
		char *f = xasprintf("events/%s/enable", events[i]);
		int rc = tracefs_file_exists(c->inst, f) || i < EVENTS_REQUIRED ?
			capture_inst_write(c, f, "1", err, errlen) : 0;

		free(f);
		if (rc < 0)
			return -1;
	}
	for (i = 0; o->sched && i < ARRAY_SIZE(sched_events); i++) {
		char *f = xasprintf("events/%s/enable", sched_events[i]);
		int rc = capture_inst_write(c, f, "1", err, errlen);

		free(f);
		if (rc < 0)
			return -1;
	}
	if (o->callgraph && setup_callgraph(c, o, err, errlen) < 0)
		return -1;
	return capture_inst_write(c, "tracing_on", "1", err, errlen);
}

/*
 * The top-level buffer's size, saved (not written) before the instance
 * exists: on 6.1 the first event enabled in any instance, or the
 * instance's own buffer_size_kb, marks the top-level buffer expanded for
 * good, at the size it then has (7 KB before anything traced).
 */
static int save_top_buffer(struct capture *c, char *err, size_t errlen)
{
	char *tdir = capture_tracing_dir(c->env), *rel;
	size_t skip = c->env->root ? strlen(c->env->root) : 0;
	int rc = 0;

	if (!tdir)
		return 0;
	rel = xasprintf("%s/buffer_size_kb", tdir + skip);
	if (capture_exists(c->env, rel))
		rc = saved_set(&c->saved, c->env, rel, NULL, err, errlen) < 0 ||
		     capture_state_store(c, err, errlen) < 0 ? -1 : 0;
	free(rel);
	free(tdir);
	return rc;
}

/*
 * Each file is saved to the armed state before it is written (set_saved),
 * the state itself before anything: whatever ends the process from here
 * on, the state names all there is to put back.
 */
int capture_arm(struct capture *c, const struct capture_env *env,
		const struct capture_opts *o, char *err, size_t errlen)
{
	char e[512];

	memset(c, 0, sizeof(*c));
	c->env = env;
	c->mode = o->mode;
	c->owned = true;
	if (use_tracing_dir(env, err, errlen) < 0 ||
	    kmsg_next_seq(env, &c->kmsg_seq, err, errlen) < 0 ||
	    capture_state_store(c, err, errlen) < 0)
		return -1;
	c->armed = true;
	if (arm_step(c, "state", err, errlen) < 0 ||
	    set_saved(c, "/sys/power/pm_print_times", "1", err, errlen) < 0 ||
	    arm_step(c, "pm_print_times", err, errlen) < 0)
		goto fail;
	if (capture_exists(env, "/sys/power/pm_debug_messages") &&
	    (set_saved(c, "/sys/power/pm_debug_messages", "1", err, errlen) < 0 ||
	     arm_step(c, "pm_debug_messages", err, errlen) < 0))
		goto fail;
	if (o->mode == CAP_MEM && capture_exists(env, "/sys/power/mem_sleep") &&
	    (set_saved(c, "/sys/power/mem_sleep", "deep", err, errlen) < 0 ||
	     arm_step(c, "mem_sleep", err, errlen) < 0))
		goto fail;
	/* systemd writes "mem" (its default SuspendState=): mem_sleep says s2idle */
	if (o->mode == CAP_S2IDLE && o->via_systemd && capture_exists(env, "/sys/power/mem_sleep") &&
	    (set_saved(c, "/sys/power/mem_sleep", "s2idle", err, errlen) < 0 ||
	     arm_step(c, "mem_sleep", err, errlen) < 0))
		goto fail;
	if (o->pm_test && (set_saved(c, "/sys/power/pm_test", o->pm_test, err, errlen) < 0 ||
			   arm_step(c, "pm_test", err, errlen) < 0))
		goto fail;
	if (save_top_buffer(c, err, errlen) < 0 || setup_instance(c, o, err, errlen) < 0 ||
	    arm_step(c, "armed", err, errlen) < 0)
		goto fail;
	return 0;
fail:
	capture_restore(c, e, sizeof(e));
	capture_free(c);
	return -1;
}

int capture_alarm(struct capture *c, unsigned int secs, char *err, size_t errlen)
{
	char when[32];

	if (!secs)
		return 0;
	/* "0" first: a pending alarm makes a new one fail with EBUSY */
	snprintf(when, sizeof(when), "+%u", secs);
	if (set_saved(c, "/sys/class/rtc/rtc0/wakealarm", "0", err, errlen) < 0 ||
	    capture_write(c->env, "/sys/class/rtc/rtc0/wakealarm", when, err, errlen) < 0)
		return -1;
	capture_step(c->env, "wakealarm");
	return 0;
}

int capture_suspend(struct capture *c, unsigned int secs, char *err, size_t errlen)
{
	static const char *const state[] = {
		[CAP_MEM] = "mem", [CAP_S2IDLE] = "freeze", [CAP_STANDBY] = "standby",
		[CAP_DISK] = "disk",
	};

	if (c->mode == CAP_NONE) {
		snprintf(err, errlen, "no suspend mode given");
		return -1;
	}
	if (capture_alarm(c, secs, err, errlen) < 0)
		return -1;
	if (capture_stopped(c->env)) {
		snprintf(err, errlen, "interrupted before suspending");
		return -1;
	}
	/* a signal from here on waits for the write: the suspend goes on */
	capture_step(c->env, "suspending");
	/* returns after the resume, or fails when the suspend was aborted */
	return capture_write(c->env, "/sys/power/state", state[c->mode], err, errlen);
}

/*
 * collect in another process: the instance arm made, if it is there
 * (tracefs_instance_exists() looks at the mounted tracefs, not at the
 * directory given to tracefs_set_tracing_dir()).
 */
int capture_find_instance(struct capture *c)
{
	char e[256], *tdir, *dir;
	bool there;

	if (c->inst)
		return 0;
	tdir = capture_tracing_dir(c->env);
	if (!tdir)
		return -1;
	dir = xasprintf("%s/instances/%s", tdir, CAPTURE_INSTANCE);
	there = access(dir, F_OK) == 0;
	free(dir);
	free(tdir);
	if (!there || use_tracing_dir(c->env, e, sizeof(e)) < 0)
		return -1;
	c->inst = tracefs_instance_create(CAPTURE_INSTANCE);
	return c->inst ? 0 : -1;
}

int capture_restore(struct capture *c, char *err, size_t errlen)
{
	char e[512], *dir;
	int rc = 0;

	if (capture_find_instance(c) == 0) {
		dir = tracefs_instance_get_dir(c->inst);
		capture_inst_write(c, "tracing_on", "0", e, sizeof(e));
		if (dir && c->env->fake && c->env->fake->instance_removing)
			c->env->fake->instance_removing(dir, c->env->fake->arg);
		tracefs_put_tracing_file(dir);
		if (tracefs_instance_destroy(c->inst) < 0) {
			snprintf(err, errlen, "removing the tracing instance %s: %s",
				 CAPTURE_INSTANCE, strerror(errno));
			rc = -1;
		}
		tracefs_instance_free(c->inst);
		c->inst = NULL;
	}
	capture_step(c->env, "restoring");
	if (saved_restore(&c->saved, c->env, rc ? e : err, rc ? sizeof(e) : errlen) < 0)
		rc = -1;
	if (c->armed && capture_state_remove(c->env, rc ? e : err, rc ? sizeof(e) : errlen) < 0)
		rc = -1;
	c->armed = false;
	return rc;
}

void capture_free(struct capture *c)
{
	if (c->inst)
		tracefs_instance_free(c->inst);
	saved_free(&c->saved);
	free(c->sleep_stats);
	free(c->facts_extra);
	memset(c, 0, sizeof(*c));
}
