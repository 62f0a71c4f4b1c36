// SPDX-License-Identifier: GPL-2.0
/*
 * Live capture against a fake root: a directory tree with the kernel's
 * files, and hooks that do what the kernel would (fill a new tracing
 * instance, show a chosen mem_sleep in brackets, log a suspend). The
 * property under test: after restore every file of the tree is as it
 * was before arming, whatever path the capture took.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <dirent.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>
#include <trace-cmd.h>

#include "capture.h"
#include "input.h"
#include "util.h"

struct fake {
	char root[256];
	int suspends;
	bool sigint_on_alarm;	/* raise SIGINT when the RTC alarm is set */
	bool no_instance_graph;	/* a kernel without function_graph in instances */
	bool expands_top;	/* 6.1: a new instance expands the top-level buffer */
	bool counts_sleep;	/* a suspend moves suspend_stats and pmc_core counters */
	int top_buffer_writes;
};

static volatile sig_atomic_t stop_flag;

static void on_signal(int sig)
{
	(void)sig;
	stop_flag = 1;
}

static void put(const char *root, const char *rel, const char *content)
{
	char *p = xasprintf("%s%s", root, rel), *slash;
	FILE *f;

	for (slash = strchr(p + strlen(root) + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(p, 0755);
		*slash = '/';
	}
	f = fopen(p, "w");
	assert_non_null(f);
	fputs(content, f);
	fclose(f);
	free(p);
}

static void append(const char *path, const char *content)
{
	FILE *f = fopen(path, "a");

	assert_non_null(f);
	fputs(content, f);
	fclose(f);
}

static char *slurp(const char *path)
{
	struct capture_env raw = { .root = "" };
	char *s = capture_read(&raw, path);

	assert_non_null(s);
	return s;
}

static bool ends(const char *s, const char *tail)
{
	size_t a = strlen(s), b = strlen(tail);

	return a >= b && !strcmp(s + a - b, tail);
}

/* "[none] core devices" with @chosen in brackets, as the kernel shows it. */
static void show_choice(const char *path, const char *choices, const char *chosen)
{
	char buf[256] = "", word[64];
	const char *p = choices;
	int n;

	while (sscanf(p, "%63s%n", word, &n) == 1) {
		size_t len = strlen(buf);

		snprintf(buf + len, sizeof(buf) - len, len ? " %s%s%s" : "%s%s%s",
			 strcmp(word, chosen) ? "" : "[", word, strcmp(word, chosen) ? "" : "]");
		p += n;
	}
	strcat(buf, "\n");
	put("", path, buf);
}

static void fake_written(const char *path, const char *value, void *arg)
{
	struct fake *fk = arg;
	char *kmsg;

	if (ends(path, "/sys/kernel/tracing/buffer_size_kb")) {
		char *v = xasprintf("%s\n", value);

		put("", path, v);
		free(v);
		fk->top_buffer_writes++;
	} else if (ends(path, "/sys/power/mem_sleep"))
		show_choice(path, "s2idle deep", value);
	else if (ends(path, "/sys/power/pm_test"))
		show_choice(path, "none core processors platform devices freezer", value);
	else if (ends(path, "/wakealarm")) {
		put("", path, strcmp(value, "0") ? "1764745205\n" : "");
		if (fk->sigint_on_alarm && strcmp(value, "0"))
			raise(SIGINT);
	} else if (ends(path, "/sys/power/state")) {
		/* what the kernel logs for one suspend */
		put("", path, "freeze mem disk\n");
		kmsg = xasprintf("%s/dev/kmsg", fk->root);
		if (fk->counts_sleep) {
			/* 4.213 s in SLP_S0, woken by the ACPI SCI */
			put(fk->root, "/sys/power/suspend_stats/success", "4\n");
			put(fk->root, "/sys/kernel/debug/pmc_core/slp_s0_residency_usec", "5213000\n");
			put(fk->root, "/sys/power/pm_wakeup_irq", "9\n");
		}
		append(kmsg, "6,20,5000000,-,caller=T99;PM: suspend entry (deep)\n"
			     "7,21,5100000,-,caller=T99;serial 00:04: PM: calling pnp_bus_suspend @ 99, parent: pnp0\n"
			     " SUBSYSTEM=pnp\n"
			     "7,22,5100250,-,caller=T99;serial 00:04: PM: pnp_bus_suspend returned 0 after 250 usecs\n"
			     "6,25,9000000,-,caller=T99;PM: suspend exit\n");
		free(kmsg);
		fk->suspends++;
	}
}

static void fake_instance_made(const char *dir, void *arg)
{
	static const char *const files[] = {
		"/tracing_on", "/trace_clock", "/buffer_size_kb", "/set_ftrace_filter",
		"/set_graph_function", "/max_graph_depth", "/current_tracer",
		"/events/power/suspend_resume/enable", "/events/power/device_pm_callback_start/enable",
		"/events/power/device_pm_callback_end/enable",
	};
	struct fake *fk = arg;
	size_t i;

	/* 6.1 marks the top-level buffer expanded, at the 7 KB it has */
	if (fk->expands_top)
		put(fk->root, "/sys/kernel/tracing/buffer_size_kb", "7\n");
	for (i = 0; i < ARRAY_SIZE(files); i++)
		if (!fk->no_instance_graph || !strstr(files[i], "graph"))
			put(dir, files[i], "0\n");
	put(dir, "/available_tracers", fk->no_instance_graph ? "function nop\n" :
	    "function_graph function nop\n");
	put(dir, "/per_cpu/cpu0/stats", "entries: 5\noverrun: 7\ncommit overrun: 0\n");
	put(dir, "/per_cpu/cpu1/stats", "entries: 2\noverrun: 0\ncommit overrun: 0\n");
	put(dir, "/trace", "# tracer: nop\n"
	    "  sh-99 [000] .....  5.100000: device_pm_callback_start: serial 00:04, parent: pnp0, bus [suspend]\n");
}

static void rm_tree(const char *path)
{
	struct dirent *de;
	DIR *d = opendir(path);

	if (!d) {
		unlink(path);
		return;
	}
	while ((de = readdir(d))) {
		char *sub;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		sub = xasprintf("%s/%s", path, de->d_name);
		rm_tree(sub);
		free(sub);
	}
	closedir(d);
	rmdir(path);
}

/* The kernel empties an instance as it goes; rmdir of a plain tree needs it empty. */
static void fake_instance_removing(const char *dir, void *arg)
{
	struct dirent *de;
	DIR *d = opendir(dir);

	(void)arg;
	assert_non_null(d);
	while ((de = readdir(d))) {
		char *sub;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		sub = xasprintf("%s/%s", dir, de->d_name);
		rm_tree(sub);
		free(sub);
	}
	closedir(d);
}

static struct fake *fake_new(void)
{
	struct fake *fk = xcalloc(1, sizeof(*fk));
	const char *r;
	char *p;

	strcpy(fk->root, "/tmp/pmscope-capture-XXXXXX");
	assert_non_null(mkdtemp(fk->root));
	r = fk->root;
	put(r, "/sys/kernel/tracing/events/power/suspend_resume/enable", "0\n");
	put(r, "/sys/kernel/tracing/events/power/device_pm_callback_start/enable", "0\n");
	put(r, "/sys/kernel/tracing/events/power/device_pm_callback_end/enable", "0\n");
	put(r, "/sys/kernel/tracing/trace_clock", "[local] global counter uptime perf mono\n");
	/* a fresh boot: nothing traced yet, the buffer not allocated */
	put(r, "/sys/kernel/tracing/buffer_size_kb", "7 (expanded: 1408)\n");
	put(r, "/sys/kernel/tracing/instances/.keep", "");
	put(r, "/sys/power/state", "freeze mem disk\n");
	put(r, "/sys/power/mem_sleep", "[s2idle] deep\n");
	put(r, "/sys/power/pm_print_times", "0\n");
	put(r, "/sys/power/pm_debug_messages", "0\n");
	put(r, "/sys/power/pm_test", "[none] core processors platform devices freezer\n");
	put(r, "/sys/class/rtc/rtc0/wakealarm", "");
	put(r, "/sys/devices/pnp0/00:04/power/async", "disabled\n");
	put(r, "/sys/devices/pnp0/00:04/power/runtime_status", "active\n");
	put(r, "/sys/devices/pnp0/00:04/power/wakeup", "\n");
	put(r, "/sys/devices/pnp0/power/async", "enabled\n");
	put(r, "/sys/devices/pnp0/00:04/tty/ttyS0/uevent", "");
	put(r, "/sys/class/devlink/pnp:pnp0--serial:00:04/status", "active\n");
	p = xasprintf("%s/sys/class/devlink/pnp:pnp0--serial:00:04/supplier", r);
	assert_int_equal(symlink("../../../devices/pnp0", p), 0);
	free(p);
	p = xasprintf("%s/sys/class/devlink/pnp:pnp0--serial:00:04/consumer", r);
	assert_int_equal(symlink("../../../devices/pnp0/00:04", p), 0);
	free(p);
	put(r, "/dev/kmsg", "6,18,1000000,-;Linux version 6.1.0\n"
	    "6,19,1500000,-;before arming\n");
	put(r, "/run/.keep", "");
	return fk;
}

/* Every file below the root except the kernel log: path and content. */
static void snapshot(const char *root, const char *rel, FILE *out)
{
	char *path = xasprintf("%s%s", root, rel);
	struct dirent **names;
	struct stat sb;
	int n, i;

	assert_int_equal(lstat(path, &sb), 0);
	if (S_ISLNK(sb.st_mode)) {
		fprintf(out, "L %s\n", rel);
	} else if (S_ISDIR(sb.st_mode)) {
		fprintf(out, "D %s\n", rel);
		n = scandir(path, &names, NULL, alphasort);
		assert_true(n >= 0);
		for (i = 0; i < n; i++) {
			char *sub = xasprintf("%s/%s", rel, names[i]->d_name);

			if (strcmp(names[i]->d_name, ".") && strcmp(names[i]->d_name, ".."))
				snapshot(root, sub, out);
			free(sub);
			free(names[i]);
		}
		free(names);
	} else if (strcmp(rel, "/dev/kmsg")) {
		char *s = slurp(path);

		fprintf(out, "F %s=%s\n", rel, s);
		free(s);
	}
	free(path);
}

static char *snap(const struct fake *fk)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	snapshot(fk->root, "", f);
	fclose(f);
	return buf;
}

static char *at_dir(const char *dir, const char *rel)
{
	char *p = xasprintf("%s%s", dir, rel), *s = slurp(p);

	free(p);
	return s;
}

static char *at(const struct fake *fk, const char *rel)
{
	return at_dir(fk->root, rel);
}

static void fake_free(struct fake *fk)
{
	rm_tree(fk->root);
	free(fk);
}

#define FAKE_ENV(fk, hooks)                                                         \
	struct capture_fake hooks = { fake_written, fake_instance_made,              \
				      fake_instance_removing, fk };                  \
	struct capture_env env = { .root = fk->root, .fake = &hooks, .stop = &stop_flag }

static void test_restore_value(void **state)
{
	char *v;

	(void)state;
	v = saved_restore_value("/sys/power/mem_sleep", "s2idle [deep]\n");
	assert_string_equal(v, "deep");
	free(v);
	v = saved_restore_value("/sys/power/pm_test", "[none] core processors\n");
	assert_string_equal(v, "none");
	free(v);
	v = saved_restore_value("/sys/class/rtc/rtc0/wakealarm", "");
	assert_string_equal(v, "0");
	free(v);
	v = saved_restore_value("/sys/class/rtc/rtc0/wakealarm", "1764745205\n");
	assert_string_equal(v, "1764745205");
	free(v);
	v = saved_restore_value("/sys/kernel/tracing/buffer_size_kb", "7 (expanded: 1408)\n");
	assert_string_equal(v, "1408");
	free(v);
	v = saved_restore_value("/sys/kernel/tracing/buffer_size_kb", "2048\n");
	assert_string_equal(v, "2048");
	free(v);
	v = saved_restore_value("/sys/power/pm_print_times", "0\n");
	assert_string_equal(v, "0");
	free(v);
}

/* Arm, suspend with an RTC alarm, save the run folder, restore. */
static void test_record_restores(void **state)
{
	struct fake *fk = fake_new();
	FAKE_ENV(fk, hooks);
	struct capture_opts o = { .mode = CAP_MEM, .pm_test = "devices", .cycles = 1 };
	struct capture c;
	char err[512], *before, *after, *s, *run;

	(void)state;
	stop_flag = 0;
	before = snap(fk);
	assert_int_equal(capture_check(&env, &o, true, err, sizeof(err)), 0);
	assert_int_equal(capture_arm(&c, &env, &o, err, sizeof(err)), 0);
	assert_int_equal(c.kmsg_seq, 20);
	/* armed: everything set */
	s = at(fk, "/sys/power/pm_print_times");
	assert_string_equal(s, "1\n");
	free(s);
	s = at(fk, "/sys/power/mem_sleep");
	assert_string_equal(s, "s2idle [deep]\n");
	free(s);
	s = at(fk, "/sys/power/pm_test");
	assert_string_equal(s, "none core processors platform [devices] freezer\n");
	free(s);
	s = at(fk, "/sys/kernel/tracing/instances/pmscope/trace_clock");
	assert_string_equal(s, "global\n");
	free(s);
	s = at(fk, "/sys/kernel/tracing/instances/pmscope/buffer_size_kb");
	assert_string_equal(s, "4096\n");
	free(s);
	s = at(fk, "/sys/kernel/tracing/instances/pmscope/events/power/device_pm_callback_end/enable");
	assert_string_equal(s, "1\n");
	free(s);
	s = at(fk, "/sys/kernel/tracing/instances/pmscope/tracing_on");
	assert_string_equal(s, "1\n");
	free(s);
	/* the top-level buffer is never touched */
	s = at(fk, "/sys/kernel/tracing/events/power/suspend_resume/enable");
	assert_string_equal(s, "0\n");
	free(s);
	s = at(fk, CAPTURE_ARMED_FILE);
	assert_non_null(strstr(s, "restore /sys/power/mem_sleep s2idle\n"));
	assert_non_null(strstr(s, "restore /sys/power/pm_test none\n"));
	assert_non_null(strstr(s, "kmsg_seq 20\n"));
	assert_non_null(strstr(s, "restore /sys/kernel/tracing/buffer_size_kb 1408\n"));
	free(s);
	/* a second arm is refused with a message */
	assert_int_equal(capture_check(&env, &o, true, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "armed already"));

	assert_int_equal(capture_suspend(&c, 5, err, sizeof(err)), 0);
	assert_int_equal(fk->suspends, 1);
	s = at(fk, "/sys/class/rtc/rtc0/wakealarm");
	assert_string_equal(s, "1764745205\n");
	free(s);

	run = xasprintf("%s-run", fk->root);
	assert_int_equal(capture_save(&c, run, err, sizeof(err)), 0);
	s = at(fk, "/sys/kernel/tracing/instances/pmscope/tracing_on");
	assert_string_equal(s, "0\n");
	free(s);
	assert_int_equal(capture_restore(&c, err, sizeof(err)), 0);
	after = snap(fk);
	assert_string_equal(after, before);
	/* a kernel that left the top-level buffer alone (6.12): not written */
	assert_int_equal(fk->top_buffer_writes, 0);
	capture_free(&c);

	/* the run folder: the log since arming only, as dmesg text */
	s = at_dir(run, "/dmesg.txt");
	assert_string_equal(s,
		"[    5.000000][   T99] PM: suspend entry (deep)\n"
		"[    5.100000][   T99] serial 00:04: PM: calling pnp_bus_suspend @ 99, parent: pnp0\n"
		"[    5.100250][   T99] serial 00:04: PM: pnp_bus_suspend returned 0 after 250 usecs\n"
		"[    9.000000][   T99] PM: suspend exit\n");
	free(s);
	s = at_dir(run, "/trace.txt");
	assert_non_null(strstr(s, "device_pm_callback_start: serial 00:04"));
	free(s);
	s = at_dir(run, "/sys/devices.txt");
	assert_non_null(strstr(s, "pnp0 async=enabled runtime=- wakeup=-\n"));
	assert_non_null(strstr(s, "pnp0/00:04 async=disabled runtime=active wakeup=-\n"));
	assert_null(strstr(s, "ttyS0"));
	free(s);
	s = at_dir(run, "/sys/devlinks.txt");
	assert_string_equal(s, "pnp0 00:04 active\n");
	free(s);
	s = at_dir(run, "/sys/facts.txt");
	assert_non_null(strstr(s, "power.mem_sleep: s2idle [deep]\n"));
	/* records 23 and 24 were overwritten; 7 events dropped on CPU 0 */
	assert_non_null(strstr(s, "capture.kmsg_lost: 2\n"));
	assert_non_null(strstr(s, "capture.trace_overrun: 7\n"));
	assert_non_null(strstr(s, "capture.trace_clock: global\n"));
	free(s);
	rm_tree(run);
	free(run);
	free(before);
	free(after);
	fake_free(fk);
}

/*
 * 6.1: the instance marks the top-level buffer expanded at 7 KB; restoring
 * gives it the 1408 KB the user's first tracing would have had, also from
 * another process (collect), and leaves a size the user chose alone.
 */
static void test_top_buffer_expanded(void **state)
{
	struct fake *fk = fake_new();
	FAKE_ENV(fk, hooks);
	struct capture_opts o = { .mode = CAP_MEM };
	struct capture c, c2;
	char err[512], *before, *after, *s;

	(void)state;
	stop_flag = 0;
	fk->expands_top = true;
	before = snap(fk);
	assert_int_equal(capture_arm(&c, &env, &o, err, sizeof(err)), 0);
	s = at(fk, "/sys/kernel/tracing/buffer_size_kb");
	assert_string_equal(s, "7\n");
	free(s);
	capture_free(&c);
	assert_int_equal(capture_state_load(&c2, &env, err, sizeof(err)), 0);
	assert_int_equal(capture_restore(&c2, err, sizeof(err)), 0);
	capture_free(&c2);
	s = at(fk, "/sys/kernel/tracing/buffer_size_kb");
	assert_string_equal(s, "1408\n");
	free(s);
	assert_int_equal(fk->top_buffer_writes, 1);
	/* nothing else changed */
	put(fk->root, "/sys/kernel/tracing/buffer_size_kb", "7 (expanded: 1408)\n");
	after = snap(fk);
	assert_string_equal(after, before);
	free(after);
	free(before);

	/* expanded already, at the user's 2048 KB: left as it is */
	put(fk->root, "/sys/kernel/tracing/buffer_size_kb", "2048\n");
	fk->expands_top = false;
	fk->top_buffer_writes = 0;
	assert_int_equal(capture_arm(&c, &env, &o, err, sizeof(err)), 0);
	assert_int_equal(capture_restore(&c, err, sizeof(err)), 0);
	capture_free(&c);
	s = at(fk, "/sys/kernel/tracing/buffer_size_kb");
	assert_string_equal(s, "2048\n");
	free(s);
	assert_int_equal(fk->top_buffer_writes, 0);
	fake_free(fk);
}

/* Every record of a trace.dat: how many, and a hash of their CPUs, stamps and bytes. */
struct dat_sum {
	unsigned long records;
	uint64_t hash;
	unsigned long long first_ts, last_ts;
};

static int sum_record(struct tracecmd_input *h, struct tep_record *rec, int cpu, void *arg)
{
	struct dat_sum *ds = arg;
	const unsigned char *p = rec->data;
	int i;

	(void)h;
	if (!ds->records++)
		ds->first_ts = rec->ts;
	ds->last_ts = rec->ts;
	ds->hash = (ds->hash ^ (uint64_t)cpu ^ rec->ts) * 1099511628211ULL;
	for (i = 0; i < rec->size; i++)
		ds->hash = (ds->hash ^ p[i]) * 1099511628211ULL;
	return 0;
}

static struct dat_sum dat_sum(const char *path)
{
	struct dat_sum ds = { .hash = 14695981039346656037ULL };
	struct tracecmd_input *h = tracecmd_open(path, TRACECMD_FL_LOAD_NO_PLUGINS);

	assert_non_null(h);
	assert_int_equal(tracecmd_iterate_events(h, NULL, 0, sum_record, &ds), 0);
	tracecmd_close(h);
	return ds;
}

/*
 * trace.dat from a fake tracefs holding the files a real 6.1 guest's
 * trace.dat was made of (the fixture's tracefs/, split back from it): the
 * same 1034 events, byte for byte, as libtracecmd reads them; and the
 * raw buffer is read after trace.txt, which it empties.
 */
static void test_tracedat(void **state)
{
#define DAT_FIXTURE FIXTURES "/pmscope-record-qemu-q35-s3-k6.1-dat"
	const char *fx = DAT_FIXTURE;
	struct fake *fk = fake_new();
	FAKE_ENV(fk, hooks);
	struct capture_opts o = { .mode = CAP_MEM };
	struct dat_sum want, got;
	struct capture c;
	char err[512], *cmd, *run, *dat, *s;

	(void)state;
	stop_flag = 0;
	cmd = xasprintf("cp -r %s/guest/tracefs/events %s/guest/tracefs/printk_formats "
			"%s/guest/tracefs/saved_cmdlines %s/sys/kernel/tracing/", fx, fx, fx, fk->root);
	assert_int_equal(system(cmd), 0);
	free(cmd);
	assert_int_equal(capture_arm(&c, &env, &o, err, sizeof(err)), 0);
	cmd = xasprintf("cp -r %s/guest/tracefs/per_cpu %s/sys/kernel/tracing/instances/pmscope/", fx,
			fk->root);
	assert_int_equal(system(cmd), 0);
	free(cmd);
	run = xasprintf("%s-run", fk->root);
	assert_int_equal(capture_save(&c, run, err, sizeof(err)), 0);
	assert_int_equal(capture_restore(&c, err, sizeof(err)), 0);
	capture_free(&c);

	dat = xasprintf("%s/trace.dat", run);
	want = dat_sum(DAT_FIXTURE "/trace.dat");
	got = dat_sum(dat);
	assert_int_equal(want.records, 1034);
	assert_int_equal(got.records, want.records);
	assert_true(got.hash == want.hash);
	/* trace-cmd report -t: 17.080456271 suspend_enter, 17.501523453 thaw end */
	assert_true(got.first_ts == 17080456271ULL);
	assert_true(got.last_ts == 17501523453ULL);
	assert_true(got.last_ts == want.last_ts);
	s = at_dir(run, "/trace.txt");
	assert_non_null(strstr(s, "device_pm_callback_start: serial 00:04"));
	free(s);
	free(dat);
	rm_tree(run);
	free(run);
	fake_free(fk);
}

/*
 * Before and after a cycle, what the kernel counts about sleep goes to
 * sys/sleep-stats.txt, and the run folder reads it back as the cycle's
 * hardware sleep (input/facts/residency.c).
 */
static void test_sleep_stats(void **state)
{
	struct fake *fk = fake_new();
	FAKE_ENV(fk, hooks);
	struct capture_opts o = { .mode = CAP_S2IDLE };
	struct pm_run *prun = run_new();
	struct capture c;
	char err[512], *run, *s, *p;
	const char *hw;

	(void)state;
	stop_flag = 0;
	fk->counts_sleep = true;
	put(fk->root, "/sys/power/suspend_stats/success", "3\n");
	put(fk->root, "/sys/power/suspend_stats/fail", "0\n");
	put(fk->root, "/sys/power/suspend_stats/last_failed_dev", "\n");
	put(fk->root, "/sys/kernel/debug/pmc_core/slp_s0_residency_usec", "1000000\n");
	put(fk->root, "/sys/kernel/debug/pmc_core/substate_residencies",
	    "Substate   Residency\nS0i2.0     0\nS0i3.0     1000000\n");
	assert_int_equal(capture_arm(&c, &env, &o, err, sizeof(err)), 0);
	capture_sleep_stats(&c, 1, "before");
	assert_int_equal(capture_suspend(&c, 0, err, sizeof(err)), 0);
	capture_sleep_stats(&c, 1, "after");
	run = xasprintf("%s-run", fk->root);
	assert_int_equal(capture_save(&c, run, err, sizeof(err)), 0);
	assert_int_equal(capture_restore(&c, err, sizeof(err)), 0);
	capture_free(&c);

	s = at_dir(run, "/sys/sleep-stats.txt");
	assert_true(!strncmp(s, "[cycle 1 before]\nmode: s2idle\nclock.boottime_ns: ", 48));
	assert_non_null(strstr(s, "/sys/power/suspend_stats/fail: 0\n"
				  "/sys/power/suspend_stats/last_failed_dev: \n"
				  "/sys/power/suspend_stats/success: 3\n"
				  "/sys/kernel/debug/pmc_core/slp_s0_residency_usec: 1000000\n"
				  "/sys/kernel/debug/pmc_core/substate_residencies:\n"
				  "\tSubstate   Residency\n\tS0i2.0     0\n\tS0i3.0     1000000\n"
				  "[cycle 1 after]\n"));
	assert_non_null(strstr(s, "/sys/power/suspend_stats/success: 4\n"
				  "/sys/power/pm_wakeup_irq: 9\n"
				  "/sys/kernel/debug/pmc_core/slp_s0_residency_usec: 5213000\n"));
	/* no pm_wakeup_irq before: the kernel gives ENODATA until an IRQ woke it */
	assert_true(strstr(s, "pm_wakeup_irq") > strstr(s, "[cycle 1 after]"));
	free(s);

	p = xasprintf("%s/sys/sleep-stats.txt", run);
	assert_int_equal(residency_read(prun, p, err, sizeof(err)), 0);
	free(p);
	/* the fake suspend takes no time: asleep, the whole cycle, is ~0 */
	hw = run_fact(prun, "hw_sleep.cycle1");
	assert_non_null(hw);
	assert_true(!strncmp(hw, "4.213 of ", 9));
	assert_non_null(strstr(hw, " s of the cycle ("));
	assert_non_null(strstr(hw, "%), pmc_core slp_s0_residency_usec"));
	run_free(prun);
	rm_tree(run);
	free(run);
	fake_free(fk);
}

/* --via systemd -m s2idle: systemd writes "mem", so mem_sleep says s2idle. */
static void test_via_systemd_s2idle(void **state)
{
	struct fake *fk = fake_new();
	FAKE_ENV(fk, hooks);
	struct capture_opts o = { .mode = CAP_S2IDLE, .via_systemd = true };
	struct capture c;
	char err[512], *before, *after, *s;

	(void)state;
	stop_flag = 0;
	put(fk->root, "/sys/power/mem_sleep", "s2idle [deep]\n");
	before = snap(fk);
	assert_int_equal(capture_arm(&c, &env, &o, err, sizeof(err)), 0);
	s = at(fk, "/sys/power/mem_sleep");
	assert_string_equal(s, "[s2idle] deep\n");
	free(s);
	assert_int_equal(capture_alarm(&c, 7, err, sizeof(err)), 0);
	s = at(fk, "/sys/class/rtc/rtc0/wakealarm");
	assert_string_equal(s, "1764745205\n");
	free(s);
	assert_int_equal(fk->suspends, 0);
	assert_int_equal(capture_restore(&c, err, sizeof(err)), 0);
	capture_free(&c);
	after = snap(fk);
	assert_string_equal(after, before);
	free(before);
	free(after);
	fake_free(fk);
}

/* arm in one process, collect --restore in another: the armed file is enough. */
static void test_restore_from_armed_file(void **state)
{
	struct fake *fk = fake_new();
	FAKE_ENV(fk, hooks);
	struct capture_opts o = { .mode = CAP_S2IDLE, .callgraph = true, .graph_depth = 2 };
	struct capture c, c2;
	char err[512], *before, *after, *s;

	(void)state;
	stop_flag = 0;
	before = snap(fk);
	assert_int_equal(capture_arm(&c, &env, &o, err, sizeof(err)), 0);
	s = at(fk, "/sys/kernel/tracing/instances/pmscope/current_tracer");
	assert_string_equal(s, "function_graph\n");
	free(s);
	s = at(fk, "/sys/kernel/tracing/instances/pmscope/set_ftrace_filter");
	assert_true(!strncmp(s, "dpm_run_callback *_suspend ", 27));
	free(s);
	s = at(fk, "/sys/kernel/tracing/instances/pmscope/set_graph_function");
	assert_string_equal(s, "dpm_run_callback\n");
	free(s);
	s = at(fk, "/sys/kernel/tracing/instances/pmscope/max_graph_depth");
	assert_string_equal(s, "2\n");
	free(s);
	assert_int_equal(capture_suspend(&c, 3, err, sizeof(err)), 0);
	capture_free(&c);	/* the arming process ends */

	assert_int_equal(capture_state_load(&c2, &env, err, sizeof(err)), 0);
	assert_int_equal(c2.mode, CAP_S2IDLE);
	/* print_times, debug_messages, top-level buffer_size_kb, wakealarm */
	assert_int_equal(c2.saved.n, 4);
	assert_int_equal(capture_restore(&c2, err, sizeof(err)), 0);
	capture_free(&c2);
	after = snap(fk);
	assert_string_equal(after, before);
	/* a second collect finds nothing armed */
	assert_int_equal(capture_state_load(&c2, &env, err, sizeof(err)), 1);
	capture_free(&c2);
	free(before);
	free(after);
	fake_free(fk);
}

/* Values with spaces, '%' and newlines survive the armed file. */
static void test_state_escapes(void **state)
{
	struct fake *fk = fake_new();
	FAKE_ENV(fk, hooks);
	struct capture c = { .env = &env, .mode = CAP_STANDBY, .kmsg_seq = 99 }, back;
	char err[512], *s;

	(void)state;
	c.saved.v = xcalloc(2, sizeof(*c.saved.v));
	c.saved.cap = 2;
	c.saved.v[0].path = xstrdup("/sys/odd dir/x");
	c.saved.v[0].value = xstrdup("a b%c\td");
	c.saved.v[1].path = xstrdup("/sys/power/pm_test");
	c.saved.v[1].value = xstrdup("");
	c.saved.n = 2;
	assert_int_equal(capture_state_store(&c, err, sizeof(err)), 0);
	s = at(fk, CAPTURE_ARMED_FILE);
	assert_string_equal(s, "pmscope-armed 1\nmode standby\nkmsg_seq 99\n"
			    "restore /sys/odd%20dir/x a%20b%25c%09d\n"
			    "restore /sys/power/pm_test \n");
	free(s);
	assert_int_equal(capture_state_load(&back, &env, err, sizeof(err)), 0);
	assert_int_equal(back.mode, CAP_STANDBY);
	assert_int_equal(back.kmsg_seq, 99);
	assert_int_equal(back.saved.n, 2);
	assert_string_equal(back.saved.v[0].path, "/sys/odd dir/x");
	assert_string_equal(back.saved.v[0].value, "a b%c\td");
	assert_string_equal(back.saved.v[1].value, "");
	capture_free(&back);
	capture_free(&c);
	assert_int_equal(capture_state_remove(&env, err, sizeof(err)), 0);
	fake_free(fk);
}

/* SIGINT while arming the RTC: no suspend, everything put back. */
static void test_sigint_restores(void **state)
{
	struct fake *fk = fake_new();
	FAKE_ENV(fk, hooks);
	struct capture_opts o = { .mode = CAP_MEM };
	struct sigaction sa = { .sa_handler = on_signal }, old;
	struct capture c;
	char err[512], *before, *after;

	(void)state;
	stop_flag = 0;
	sigemptyset(&sa.sa_mask);
	assert_int_equal(sigaction(SIGINT, &sa, &old), 0);
	fk->sigint_on_alarm = true;
	before = snap(fk);
	assert_int_equal(capture_arm(&c, &env, &o, err, sizeof(err)), 0);
	assert_int_equal(capture_suspend(&c, 5, err, sizeof(err)), -1);
	assert_string_equal(err, "interrupted before suspending");
	assert_int_equal(stop_flag, 1);
	assert_int_equal(fk->suspends, 0);
	assert_int_equal(capture_restore(&c, err, sizeof(err)), 0);
	capture_free(&c);
	after = snap(fk);
	assert_string_equal(after, before);
	sigaction(SIGINT, &old, NULL);
	stop_flag = 0;
	free(before);
	free(after);
	fake_free(fk);
}

/* A write that fails halfway through arming puts back what was done. */
static void test_arm_failure_restores(void **state)
{
	struct fake *fk = fake_new();
	FAKE_ENV(fk, hooks);
	struct capture_opts o = { .mode = CAP_MEM, .pm_test = "devices" };
	struct capture c;
	char err[512], *before, *after, *p;

	(void)state;
	stop_flag = 0;
	p = xasprintf("%s/sys/power/pm_test", fk->root);
	unlink(p);
	assert_int_equal(mkdir(p, 0755), 0);	/* unreadable as a file */
	before = snap(fk);
	assert_int_equal(capture_arm(&c, &env, &o, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "/sys/power/pm_test"));
	capture_free(&c);
	after = snap(fk);
	assert_string_equal(after, before);
	free(p);
	free(before);
	free(after);
	fake_free(fk);
}

/* --callgraph on a kernel that cannot graph in an instance: refused, undone. */
static void test_callgraph_needs_instance_graph(void **state)
{
	struct fake *fk = fake_new();
	FAKE_ENV(fk, hooks);
	struct capture_opts o = { .mode = CAP_MEM, .callgraph = true };
	struct capture c;
	char err[512], *before, *after;

	(void)state;
	stop_flag = 0;
	fk->no_instance_graph = true;
	before = snap(fk);
	assert_int_equal(capture_arm(&c, &env, &o, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "--callgraph: this kernel has no function_graph tracer in "
				    "tracing instances"));
	capture_free(&c);
	after = snap(fk);
	assert_string_equal(after, before);
	free(before);
	free(after);
	fake_free(fk);
}

static void test_check_messages(void **state)
{
	struct fake *fk = fake_new();
	FAKE_ENV(fk, hooks);
	struct capture_opts o = { .mode = CAP_MEM };
	char err[512], *p;

	(void)state;
	put(fk->root, "/sys/power/mem_sleep", "[s2idle]\n");
	assert_int_equal(capture_check(&env, &o, false, err, sizeof(err)), -1);
	assert_string_equal(err, "mode mem (S3, deep): /sys/power/mem_sleep offers only "
			    "'[s2idle]'; try -m s2idle");
	o.mode = CAP_STANDBY;
	assert_int_equal(capture_check(&env, &o, false, err, sizeof(err)), -1);
	assert_string_equal(err, "mode standby: this system offers only 'freeze mem disk' "
			    "in /sys/power/state");
	o.mode = CAP_S2IDLE;
	o.pm_test = "bogus";
	assert_int_equal(capture_check(&env, &o, false, err, sizeof(err)), -1);
	assert_string_equal(err, "pm_test level 'bogus': not offered by /sys/power/pm_test");
	o.pm_test = NULL;
	p = xasprintf("%s/sys/class/rtc/rtc0/wakealarm", fk->root);
	unlink(p);
	free(p);
	assert_int_equal(capture_check(&env, &o, true, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "no /sys/class/rtc/rtc0/wakealarm"));
	assert_int_equal(capture_check(&env, &o, false, err, sizeof(err)), 0);
	p = xasprintf("%s/sys/kernel/tracing/events/power/device_pm_callback_end/enable", fk->root);
	unlink(p);
	free(p);
	assert_int_equal(capture_check(&env, &o, false, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "power/device_pm_callback_end is missing"));
	p = xasprintf("%s/sys/kernel/tracing", fk->root);
	rm_tree(p);
	free(p);
	assert_int_equal(capture_check(&env, &o, false, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "tracefs is not mounted"));
	fake_free(fk);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_restore_value),
		cmocka_unit_test(test_record_restores),
		cmocka_unit_test(test_top_buffer_expanded),
		cmocka_unit_test(test_tracedat),
		cmocka_unit_test(test_sleep_stats),
		cmocka_unit_test(test_via_systemd_s2idle),
		cmocka_unit_test(test_restore_from_armed_file),
		cmocka_unit_test(test_state_escapes),
		cmocka_unit_test(test_sigint_restores),
		cmocka_unit_test(test_arm_failure_restores),
		cmocka_unit_test(test_callgraph_needs_instance_graph),
		cmocka_unit_test(test_check_messages),
	};

	return cmocka_run_group_tests_name("capture", tests, NULL, NULL);
}
