// SPDX-License-Identifier: GPL-2.0
/*
 * pmscope record, arm, collect: live capture (capture.h) on this machine,
 * then the same analysis and reports as pmscope analyze on the run folder.
 */
#include <errno.h>
#include <ftw.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "capture.h"
#include "cmd.h"
#include "input.h"
#include "report.h"
#include "timeline.h"

/*
 * One environment per command: the kernel's files (a fake tree for the
 * tests, pmscope(1) ENVIRONMENT), the signal that asked to stop (every
 * signal that would end the process is caught, capture/signals.c), and
 * what is left from a capture whose process died, put back first.
 */
static void env_init(struct capture_env *env, const char *cmd, bool restoring)
{
	const char *root = getenv("PMSCOPE_SYSROOT");

	memset(env, 0, sizeof(*env));
	env->root = root ? root : "";
	env->cmd = cmd;
	env->test_step = getenv("PMSCOPE_TEST_STEP");
	env->stop = capture_catch_signals(!restoring);
}

/* A capture left behind (its process was killed) is put back, and said. */
static void recover(const struct capture_env *env)
{
	char msg[2048];

	if (capture_recover(env, msg, sizeof(msg)) != 0)
		fprintf(stderr, "pmscope: %s\n", msg);
}

/* "interrupted by SIGTERM" */
static const char *stop_name(const struct capture_env *env, char *buf, size_t len)
{
	return capture_signal_name(*env->stop, buf, len);
}

static int parse_uint(const char *s, unsigned long max, unsigned int *out)
{
	long v;

	if (arg_count(s, 0, (long)max, &v) < 0)
		return -1;
	*out = (unsigned int)v;
	return 0;
}

/* Sleep @secs unless a stop signal comes first. */
static void pause_secs(const struct capture_env *env, unsigned int secs)
{
	struct timespec ts = { .tv_sec = secs };

	while (!capture_stopped(env) && nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

/* Suspends counted so far (success + fail), -1 when the kernel has no stats. */
static long suspend_count(const struct capture_env *env)
{
	char *s = capture_read(env, "/sys/power/suspend_stats/success");
	char *f = capture_read(env, "/sys/power/suspend_stats/fail");
	long n = s && f ? atol(s) + atol(f) : -1;

	free(s);
	free(f);
	return n;
}

/*
 * The user's command (e.g. systemctl suspend) may return before the
 * suspend: wait until the kernel counts one more, up to 5 minutes.
 */
static int run_command(const struct capture_env *env, const char *cmd, char *err,
		       size_t errlen)
{
	long before = suspend_count(env);
	int status, waited = 0;
	pid_t pid, w;

	pid = fork();
	if (pid < 0) {
		snprintf(err, errlen, "fork: %s", strerror(errno));
		return -1;
	}
	/* exec gives the command every signal we catch back at its default */
	if (!pid) {
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	while ((w = waitpid(pid, &status, 0)) < 0 && errno == EINTR)
		if (capture_stopped(env))
			kill(pid, SIGTERM);
	if (w < 0 || capture_stopped(env)) {
		snprintf(err, errlen, capture_stopped(env) ? "interrupted while '%s' ran" :
			 "waiting for '%s': %s", cmd, strerror(errno));
		return -1;
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		snprintf(err, errlen, "'%s' failed (status %d)", cmd,
			 WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
		return -1;
	}
	while (before >= 0 && suspend_count(env) <= before && waited++ < 300 &&
	       !capture_stopped(env))
		pause_secs(env, 1);
	if (capture_stopped(env)) {
		snprintf(err, errlen, "interrupted while waiting for the suspend");
		return -1;
	}
	return 0;
}

/* The run folder's reports, through the pipeline pmscope analyze uses:
 * what pmscope analyze DIR would say. */
static int analyze_dir(const char *dir, bool quiet)
{
	int rc = pipeline_run_folder(dir, quiet);

	return rc == EXIT_USAGE ? EXIT_CAPTURE : rc;
}

static char *default_dir(void)
{
	char buf[64];
	time_t t = time(NULL);
	struct tm tm;

	localtime_r(&t, &tm);
	strftime(buf, sizeof(buf), "pmscope-%Y%m%d-%H%M%S", &tm);
	return xstrdup(buf);
}

/*
 * Save, restore, analyze: the end of record and of collect. A run folder
 * saved in part (a full disk) is analyzed as it is, its cut files named in
 * sys/facts.txt; the exit status says the capture failed.
 */
static int finish(struct capture *c, const char *dir, bool failed, bool quiet)
{
	const struct capture_env *env = c->env;
	char err[1024], sig[32];
	bool restored;
	int saved, rc;

	saved = capture_save(c, dir, err, sizeof(err));
	if (saved)
		fprintf(stderr, "pmscope: %s: %s\n", saved < 0 ? "saving the run folder" :
			"the run folder is not whole", err);
	restored = capture_restore(c, err, sizeof(err)) == 0;
	if (!restored)
		fprintf(stderr, "pmscope: %s\n", err);
	capture_step(env, "restored");
	/* asked to stop: no analysis, which can take long ('analyze DIR' later) */
	if (capture_stopped(env)) {
		fprintf(stderr, "pmscope: interrupted by %s; %s; ", stop_name(env, sig, sizeof(sig)),
			restored ? "everything was put back" : "not everything could be put back");
		if (saved < 0)
			fprintf(stderr, "nothing was saved\n");
		else
			fprintf(stderr, "%s holds what was captured ('pmscope analyze %s')\n", dir, dir);
		return EXIT_CAPTURE;
	}
	if (saved < 0)
		return EXIT_CAPTURE;
	rc = analyze_dir(dir, quiet);
	if (!quiet)
		printf("run folder: %s\n", dir);
	capture_step(env, "analyzed");
	/* nothing was left to put back: the analysis went on to its end */
	if (capture_stopped(env)) {
		fprintf(stderr, "pmscope: interrupted by %s while analyzing %s; everything had "
			"been put back\n", stop_name(env, sig, sizeof(sig)), dir);
		return EXIT_CAPTURE;
	}
	return failed || saved || !restored ? EXIT_CAPTURE : rc;
}

static void record_usage(FILE *f)
{
	fprintf(f,
		"usage: pmscope record -m MODE | -C CMD [options]\n"
		"\n"
		"Capture suspend/resume cycles on this machine (as root): trace them in\n"
		"a private tracing instance, suspend, save a run folder, analyze it and\n"
		"put back every setting that was changed.\n"
		"\n"
		"options:\n"
		"  -m, --mode MODE      mem (S3), s2idle (or freeze), standby, disk\n"
		"  -s, --seconds N      wake by the RTC alarm after N seconds (default 10;\n"
		"                       0: no alarm, something else must wake the system)\n"
		"  -C, --cmd CMD        suspend by running CMD (e.g. 'systemctl suspend')\n"
		"      --via WAY        state: write /sys/power/state (default); systemd:\n"
		"                       systemctl suspend (hibernate for disk), so that\n"
		"                       systemd's sleep hooks run\n"
		"  -n, --cycles N       suspend N times (default 1)\n"
		"      --stress         with --cycles: each cycle a capture of its own in\n"
		"                       DIR/cycle-NNNN, removed when clean; stop at the first\n"
		"                       failure and keep its folder (DIR/stress.txt: each cycle)\n"
		"  -d, --delay N        seconds between cycles (default 5)\n"
		"  -t, --pm-test LEVEL  /sys/power/pm_test level (freezer, devices, ...)\n"
		"  -g, --callgraph      function_graph of the device callbacks (see pmscope(1))\n"
		"      --graph-depth N  its max_graph_depth (default 3)\n"
		"      --sched          trace sched_switch and sched_waking too: whatif then\n"
		"                       knows when callbacks slept (a larger trace)\n"
		"  -b, --buffer-kb N    trace buffer per CPU (default by mode, see pmscope(1))\n"
		"  -o, --output DIR     the run folder (default pmscope-DATE-TIME)\n"
		"  -q, --quiet          no terminal summary\n"
		"  -h, --help           this text\n"
		"\n"
		"exit status: 0 clean, 1 the capture shows a failure, 2 bad usage,\n"
		"3 the capture failed, its run folder was not saved whole, or a signal\n"
		"stopped it (every setting is put back; after a kill, by the next\n"
		"record, arm or collect, which says so).\n");
}

static void arm_usage(FILE *f)
{
	fprintf(f,
		"usage: pmscope arm [options]\n"
		"\n"
		"Set up tracing and the kernel's PM messages and return; suspend the\n"
		"machine yourself, then run 'pmscope collect'.\n"
		"\n"
		"options:\n"
		"  -m, --mode MODE      check that MODE is offered; mem also selects\n"
		"                       mem_sleep deep\n"
		"  -t, --pm-test LEVEL  /sys/power/pm_test level\n"
		"  -g, --callgraph      function_graph of the device callbacks (see pmscope(1))\n"
		"      --graph-depth N  its max_graph_depth (default 3)\n"
		"      --sched          trace sched_switch and sched_waking too: whatif then\n"
		"                       knows when callbacks slept (a larger trace)\n"
		"  -b, --buffer-kb N    trace buffer per CPU (default by mode, see pmscope(1))\n"
		"  -h, --help           this text\n"
		"\n"
		"exit status: 0 armed, 2 bad usage, 3 a check failed, arming failed or a\n"
		"signal stopped it (every setting is put back).\n");
}

static void collect_usage(FILE *f)
{
	fprintf(f,
		"usage: pmscope collect [options]\n"
		"\n"
		"Save what was captured since 'pmscope arm' into a run folder, analyze\n"
		"it and put every setting back.\n"
		"\n"
		"options:\n"
		"  -o, --output DIR     the run folder (default pmscope-DATE-TIME)\n"
		"  -r, --restore        only put the settings back, save nothing\n"
		"  -q, --quiet          no terminal summary\n"
		"  -h, --help           this text\n"
		"\n"
		"exit status: 0 clean, 1 the capture shows a failure, 2 bad usage,\n"
		"3 nothing armed, the run folder cannot be written (the capture stays\n"
		"armed) or was not saved whole, or a signal stopped it (every setting\n"
		"is put back).\n");
}

enum { OPT_DEPTH = 1000, OPT_SCHED, OPT_VIA, OPT_STRESS };

struct capture_args {
	struct capture_opts o;
	unsigned int secs, delay;
	const char *cmd, *out;
	bool quiet, restore_only, mode_given, stress;
};

/* One parser for the three commands; @allowed lists their short options. */
static int parse_args(int argc, char **argv, const char *allowed, struct capture_args *a,
		      void (*usage)(FILE *))
{
	static const struct option opts[] = {
		{ "mode", required_argument, NULL, 'm' },
		{ "seconds", required_argument, NULL, 's' },
		{ "cmd", required_argument, NULL, 'C' },
		{ "cycles", required_argument, NULL, 'n' },
		{ "delay", required_argument, NULL, 'd' },
		{ "pm-test", required_argument, NULL, 't' },
		{ "callgraph", no_argument, NULL, 'g' },
		{ "graph-depth", required_argument, NULL, OPT_DEPTH },
		{ "sched", no_argument, NULL, OPT_SCHED },
		{ "via", required_argument, NULL, OPT_VIA },
		{ "stress", no_argument, NULL, OPT_STRESS },
		{ "buffer-kb", required_argument, NULL, 'b' },
		{ "output", required_argument, NULL, 'o' },
		{ "restore", no_argument, NULL, 'r' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	optind = 1;
	while ((c = getopt_long(argc, argv, "m:s:C:n:d:t:gb:o:rqh", opts, NULL)) != -1) {
		if (c == 'h') {
			usage(stdout);
			return 1;
		}
		/* the long-only options: --graph-depth and --sched with -g,
		 * the rest with -C */
		if (c == '?' || (c < OPT_DEPTH && !strchr(allowed, c)) ||
		    (c <= OPT_SCHED && c >= OPT_DEPTH && !strchr(allowed, 'g')) ||
		    (c > OPT_SCHED && !strchr(allowed, 'C')))
			goto bad;
		switch (c) {
		case 'm':
			if (capture_mode_parse(optarg, &a->o.mode) < 0 || a->o.mode == CAP_NONE) {
				fprintf(stderr, "pmscope %s: unknown mode '%s' (mem, s2idle, freeze, "
					"standby, disk)\n", argv[0], optarg);
				return -1;
			}
			a->mode_given = true;
			break;
		case 's':
			if (parse_uint(optarg, 86400, &a->secs) < 0)
				goto bad_number;
			break;
		case 'n':
			if (parse_uint(optarg, 10000, &a->o.cycles) < 0 || !a->o.cycles)
				goto bad_number;
			break;
		case 'd':
			if (parse_uint(optarg, 86400, &a->delay) < 0)
				goto bad_number;
			break;
		case 'b':
			if (parse_uint(optarg, 4194304, &a->o.buffer_kb) < 0 || a->o.buffer_kb < 4)
				goto bad_number;
			break;
		case OPT_DEPTH:
			if (parse_uint(optarg, 100, &a->o.graph_depth) < 0 || !a->o.graph_depth)
				goto bad_number;
			break;
		case 'C':
			a->cmd = optarg;
			break;
		case OPT_VIA:
			if (strcmp(optarg, "state") && strcmp(optarg, "systemd")) {
				fprintf(stderr, "pmscope %s: --via '%s': state or systemd\n", argv[0],
					optarg);
				return -1;
			}
			a->o.via_systemd = !strcmp(optarg, "systemd");
			break;
		case OPT_STRESS:
			a->stress = true;
			break;
		case 't':
			a->o.pm_test = optarg;
			break;
		case 'g':
			a->o.callgraph = true;
			break;
		case OPT_SCHED:
			a->o.sched = true;
			break;
		case 'o':
			a->out = optarg;
			break;
		case 'r':
			a->restore_only = true;
			break;
		case 'q':
			a->quiet = true;
			break;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "pmscope %s: unexpected argument '%s'\n", argv[0], argv[optind]);
		goto bad;
	}
	return 0;
bad_number:
	fprintf(stderr, "pmscope %s: bad number '%s'\n", argv[0], optarg);
	return -1;
bad:
	usage(stderr);
	return -1;
}

/*
 * --via systemd: systemd must be the init (its /run/systemd/system, as
 * sd_booted() looks) and suspend must be a systemd verb: mem and s2idle
 * are "systemctl suspend" (mem_sleep, set by arming, picks which); systemd
 * has no verb for standby, and hibernation is not counted in suspend_stats,
 * which is how pmscope knows the asynchronous suspend happened.
 */
static int check_systemd(const struct capture_env *env, const struct capture_args *a,
			 char *err, size_t errlen)
{
	if (a->cmd) {
		snprintf(err, errlen, "--via systemd and --cmd: one way to suspend");
		return -1;
	}
	if (a->o.mode != CAP_MEM && a->o.mode != CAP_S2IDLE) {
		snprintf(err, errlen, "--via systemd: mode %s is not a suspend systemctl can "
			 "start (mem or s2idle)", capture_mode_name(a->o.mode));
		return -1;
	}
	if (!capture_exists(env, "/run/systemd/system")) {
		snprintf(err, errlen, "--via systemd: systemd is not running here "
			 "(no /run/systemd/system)");
		return -1;
	}
	return 0;
}

/* One suspend and resume of an armed capture, with the sleep counts around it. */
static int one_cycle(const struct capture_args *a, const struct capture_env *env,
		     struct capture *c, unsigned int i, unsigned int snap)
{
	char err[1024];
	int rc;

	if (!a->quiet)
		fprintf(stderr, "pmscope: cycle %u of %u: suspending (%s)\n", i, a->o.cycles,
			a->cmd ? a->cmd : a->o.via_systemd ? "systemctl suspend" :
			capture_mode_name(a->o.mode));
	capture_sleep_stats(c, snap, "before");
	if (a->cmd)
		rc = run_command(env, a->cmd, err, sizeof(err));
	else if (a->o.via_systemd)
		rc = capture_alarm(c, a->secs, err, sizeof(err)) < 0 ? -1 :
		     capture_stopped(env) ? snprintf(err, sizeof(err), "interrupted before "
						     "suspending"), -1 :
		     run_command(env, "systemctl suspend", err, sizeof(err));
	else
		rc = capture_suspend(c, a->secs, err, sizeof(err));
	capture_sleep_stats(c, snap, "after");
	if (rc < 0)
		fprintf(stderr, "pmscope record: cycle %u: %s\n", i, err);
	else if (!a->quiet)
		fprintf(stderr, "pmscope: cycle %u of %u: resumed\n", i, a->o.cycles);
	capture_step(env, "resumed");
	return rc;
}

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	return remove(path);
}

/*
 * --stress: each cycle armed, saved, put back and analyzed on its own in
 * DIR/cycle-NNNN; a clean one's folder is removed, the first that failed
 * (the suspend failed, or its analysis found a failure) is kept and ends
 * the run. DIR/stress.txt has a line per cycle.
 */
static int record_stress(const struct capture_args *a, const struct capture_env *env,
			 const char *dir)
{
	unsigned int i, done = 0;
	int rc = EXIT_CLEAN;
	char *path, err[1024];
	FILE *log;

	if (mkdir(dir, 0755) < 0 && errno != EEXIST) {
		fprintf(stderr, "pmscope record: %s: %s\n", dir, strerror(errno));
		return EXIT_CAPTURE;
	}
	path = xasprintf("%s/stress.txt", dir);
	log = fopen(path, "we");
	free(path);
	if (!log) {
		fprintf(stderr, "pmscope record: %s/stress.txt: %s\n", dir, strerror(errno));
		return EXIT_CAPTURE;
	}
	for (i = 1; i <= a->o.cycles && !capture_stopped(env); i++) {
		struct capture c;
		bool failed;
		int crc;

		if (i > 1)
			pause_secs(env, a->delay);
		if (capture_stopped(env))
			break;
		if (capture_arm(&c, env, &a->o, err, sizeof(err)) < 0) {
			fprintf(stderr, "pmscope record: %s (everything was put back)\n", err);
			fprintf(log, "cycle %u: not armed: %s\n", i, err);
			rc = EXIT_CAPTURE;
			break;
		}
		failed = one_cycle(a, env, &c, i, 1) < 0;
		path = xasprintf("%s/cycle-%04u", dir, i);
		crc = finish(&c, path, failed, true);
		capture_free(&c);
		if (!failed && crc == EXIT_CLEAN) {
			fprintf(log, "cycle %u: ok\n", i);
			nftw(path, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
			done++;
			free(path);
			continue;
		}
		fprintf(log, "cycle %u: %s; kept in cycle-%04u\n", i, failed ? "the suspend failed" :
			crc == EXIT_FOUND_FAILURE ? "FAILED (see its report.txt)" :
			"the capture failed or was interrupted", i);
		fprintf(stderr, "pmscope: cycle %u of %u %s; its run folder: %s\n", i, a->o.cycles,
			failed || crc == EXIT_FOUND_FAILURE ? "failed" : "was not captured", path);
		rc = failed || crc == EXIT_FOUND_FAILURE ? EXIT_FOUND_FAILURE : EXIT_CAPTURE;
		free(path);
		break;
	}
	fprintf(log, "%u of %u cycles clean\n", done, a->o.cycles);
	fclose(log);
	if (!a->quiet)
		printf("pmscope: %u of %u cycles clean; %s/stress.txt\n", done, a->o.cycles, dir);
	return capture_stopped(env) && rc == EXIT_CLEAN ? EXIT_CAPTURE : rc;
}

/* Arm, suspend each cycle, save, restore, analyze. */
static int record_run(const struct capture_args *a, const struct capture_env *env,
		      const char *dir)
{
	struct capture c;
	bool failed = false;
	char err[1024];
	unsigned int i;
	int rc;

	if (capture_arm(&c, env, &a->o, err, sizeof(err)) < 0) {
		fprintf(stderr, "pmscope record: %s (everything was put back)\n", err);
		return EXIT_CAPTURE;
	}
	for (i = 1; i <= a->o.cycles && !capture_stopped(env) && !failed; i++) {
		if (i > 1)
			pause_secs(env, a->delay);
		if (capture_stopped(env))
			break;
		failed = one_cycle(a, env, &c, i, i) < 0;
	}
	rc = finish(&c, dir, failed, a->quiet);
	capture_free(&c);
	return rc;
}

int cmd_record(int argc, char **argv)
{
	struct capture_args a = { .secs = 10, .delay = 5, .o.cycles = 1 };
	struct capture_env env;
	char err[1024], *dir;
	int rc;

	rc = parse_args(argc, argv, "msCndtgboq", &a, record_usage);
	if (rc)
		return rc > 0 ? EXIT_CLEAN : EXIT_USAGE;
	if (!a.mode_given && !a.cmd) {
		fprintf(stderr, "pmscope record: which mode? -m mem|s2idle|standby|disk\n");
		return EXIT_USAGE;
	}
	if (a.stress && a.o.cycles < 2) {
		fprintf(stderr, "pmscope record: --stress needs --cycles N (N > 1)\n");
		return EXIT_USAGE;
	}
	env_init(&env, "record", false);
	recover(&env);
	dir = a.out ? xstrdup(a.out) : default_dir();
	/* each check before anything is written: a failed one changes nothing */
	if ((a.o.via_systemd && check_systemd(&env, &a, err, sizeof(err)) < 0) ||
	    capture_check(&env, &a.o, !a.cmd && a.secs, err, sizeof(err)) < 0 ||
	    capture_check_output(dir, err, sizeof(err)) < 0) {
		fprintf(stderr, "pmscope record: %s\n", err);
		free(dir);
		return EXIT_CAPTURE;
	}
	capture_step(&env, "checked");
	rc = a.stress ? record_stress(&a, &env, dir) : record_run(&a, &env, dir);
	free(dir);
	return rc;
}

/*
 * Armed and handed over: the state loses its owner, so that the next
 * command does not take it for one a killed process left.
 */
int cmd_arm(int argc, char **argv)
{
	struct capture_args a = { .o.cycles = 1 };
	struct capture_env env;
	struct capture c;
	char err[1024], e[512], sig[32];
	int rc;

	rc = parse_args(argc, argv, "mtgb", &a, arm_usage);
	if (rc)
		return rc > 0 ? EXIT_CLEAN : EXIT_USAGE;
	env_init(&env, "arm", false);
	recover(&env);
	if (capture_check(&env, &a.o, false, err, sizeof(err)) < 0) {
		fprintf(stderr, "pmscope arm: %s\n", err);
		return EXIT_CAPTURE;
	}
	if (capture_arm(&c, &env, &a.o, err, sizeof(err)) < 0) {
		fprintf(stderr, "pmscope arm: %s (everything was put back)\n", err);
		return EXIT_CAPTURE;
	}
	c.owned = false;
	if (capture_state_store(&c, err, sizeof(err)) < 0 || capture_stopped(&env)) {
		if (capture_stopped(&env))
			snprintf(err, sizeof(err), "interrupted by %s", stop_name(&env, sig, sizeof(sig)));
		if (capture_restore(&c, e, sizeof(e)) < 0)
			fprintf(stderr, "pmscope arm: %s; not everything could be put back: %s\n",
				err, e);
		else
			fprintf(stderr, "pmscope arm: %s (everything was put back)\n", err);
		capture_free(&c);
		return EXIT_CAPTURE;
	}
	printf("pmscope: armed; suspend now (rtcwake -m %s -s 10, systemctl suspend, ...),\n"
	       "then run 'pmscope collect -o DIR'.\n",
	       a.o.mode == CAP_NONE ? "mem" : a.o.mode == CAP_S2IDLE ? "freeze" :
	       capture_mode_name(a.o.mode));
	capture_free(&c);
	return EXIT_CLEAN;
}

/* collect --restore, or a damaged state (what it names, and the instance). */
static int collect_restore(struct capture *c, const struct capture_args *a, int loaded,
			   const char *err)
{
	char e[1024];
	int rc;

	if (loaded < 0)
		fprintf(stderr, "pmscope collect: %s\n", err);
	/* a crashed pmscope's own restore (capture/signals.c) is its child */
	if (c->owner.pid != getppid() && capture_owner_alive(&c->owner))
		fprintf(stderr, "pmscope collect: pmscope %s (pid %d) is still capturing; its "
			"settings are put back under it\n", c->owner.cmd, c->owner.pid);
	c->armed = true;
	rc = capture_restore(c, e, sizeof(e)) < 0 || loaded < 0;
	if (rc && loaded >= 0)
		fprintf(stderr, "pmscope collect: %s\n", e);
	else if (!rc && !a->quiet)
		printf("pmscope: settings restored\n");
	return rc ? EXIT_CAPTURE : EXIT_CLEAN;
}

/*
 * Collect what arm left. Before anything is saved it becomes ours (the
 * owner in the armed state), so that a collect that is killed leaves it
 * to be put back by the next command. A folder that cannot be written
 * leaves the capture armed: collect again with another -o.
 */
static int collect_run(struct capture *c, const struct capture_args *a, const char *dir)
{
	char err[1024];

	if (capture_owner_alive(&c->owner)) {
		fprintf(stderr, "pmscope collect: pmscope %s (pid %d) is capturing now; it saves "
			"and restores its own run\n", c->owner.cmd, c->owner.pid);
		return EXIT_CAPTURE;
	}
	if (capture_check_output(dir, err, sizeof(err)) < 0) {
		fprintf(stderr, "pmscope collect: %s; nothing was saved or put back: collect "
			"again with another -o, or 'pmscope collect --restore'\n", err);
		return EXIT_CAPTURE;
	}
	c->owned = true;
	if (capture_state_store(c, err, sizeof(err)) < 0) {
		fprintf(stderr, "pmscope collect: %s\n", err);
		return EXIT_CAPTURE;
	}
	return finish(c, dir, false, a->quiet);
}

int cmd_collect(int argc, char **argv)
{
	struct capture_args a = { 0 };
	struct capture_env env;
	struct capture c;
	char err[1024], *dir = NULL;
	int rc;

	rc = parse_args(argc, argv, "orq", &a, collect_usage);
	if (rc)
		return rc > 0 ? EXIT_CLEAN : EXIT_USAGE;
	env_init(&env, "collect", a.restore_only);
	if ((!env.root || !*env.root) && geteuid() != 0) {
		fprintf(stderr, "pmscope collect: must run as root\n");
		return EXIT_CAPTURE;
	}
	recover(&env);
	rc = capture_state_load(&c, &env, err, sizeof(err));
	if (rc < 0 || a.restore_only) {
		rc = collect_restore(&c, &a, rc, err);
		capture_free(&c);
		return rc;
	}
	if (rc > 0) {
		capture_restore(&c, err, sizeof(err));	/* an instance left without state */
		capture_free(&c);
		fprintf(stderr, "pmscope collect: nothing is armed (no %s); "
			"'pmscope arm' first\n", CAPTURE_ARMED_FILE);
		return EXIT_CAPTURE;
	}
	dir = a.out ? xstrdup(a.out) : default_dir();
	rc = collect_run(&c, &a, dir);
	free(dir);
	capture_free(&c);
	return rc;
}
