// SPDX-License-Identifier: GPL-2.0
/*
 * pmscope watch: enable, disable, status, and the sleep hook's calls
 * (watch.h). systemd-sleep runs /lib/systemd/system-sleep/pmscope as
 * "pmscope watch hook pre suspend" and "... post suspend" (hibernate, hybrid-sleep,
 * suspend-then-hibernate): those never fail and never wait for anything
 * that may block (the saving runs apart, cmd/watch_spawn.c); what goes
 * wrong is said on standard error, which systemd puts in the journal,
 * and kept for status.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "cmd.h"
#include "watch.h"
#include "watch_cmd.h"

static void usage(FILE *f)
{
	fprintf(f,
		"usage: pmscope watch enable [options] | disable | status\n"
		"       pmscope watch hook pre|post VERB   (systemd-sleep's hook, pmscope(1))\n"
		"\n"
		"Keep every suspend and hibernation of this machine as a run folder in\n"
		"a store (default " WATCH_STORE "), through the systemd sleep hook\n"
		"pmscope installs, which does nothing until 'pmscope watch enable'.\n"
		"While enabled, /sys/power/pm_print_times is kept on; disable puts it back.\n"
		"\n"
		"options of enable (each kept until given again):\n"
		"      --store DIR      where the run folders go (default " WATCH_STORE ")\n"
		"      --keep N         keep the N newest run folders (default %d)\n"
		"      --max-size SIZE  and at most SIZE of them, K, M or G (default 512M);\n"
		"                       the oldest are removed first\n"
		"      --budget SECS    the time a sleep's saving may take (default %d)\n"
		"  -h, --help           this text\n"
		"\n"
		"'pmscope stats --last 20 " WATCH_STORE "' sums up the last 20 sleeps\n"
		"('--since -7d' those of a week); 'pmscope analyze' reads one.\n"
		"\n"
		"exit status: 0 done (hook: always, a problem said on standard error),\n"
		"2 bad usage, 3 enable or disable could not write what they must.\n", WATCH_KEEP_DEFAULT,
		WATCH_BUDGET_DEFAULT);
}

enum { OPT_STORE = 1000, OPT_KEEP, OPT_MAX_SIZE, OPT_BUDGET };

/* enable's options over @wc; 1 help, 0 ok, -1 bad usage (said). */
static int parse_enable(int argc, char **argv, struct watch_conf *wc)
{
	static const struct option opts[] = {
		{ "store", required_argument, NULL, OPT_STORE },
		{ "keep", required_argument, NULL, OPT_KEEP },
		{ "max-size", required_argument, NULL, OPT_MAX_SIZE },
		{ "budget", required_argument, NULL, OPT_BUDGET },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	long n;
	int c;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'h':
			usage(stdout);
			return 1;
		case OPT_STORE:
			if (optarg[0] != '/') {
				fprintf(stderr, "pmscope watch: --store takes an absolute path\n");
				return -1;
			}
			free(wc->store);
			wc->store = xstrdup(optarg);
			break;
		case OPT_KEEP:
		case OPT_BUDGET:
			if (arg_count(optarg, 1, c == OPT_KEEP ? 1000000 : 3600, &n) < 0) {
				fprintf(stderr, "pmscope watch: bad number '%s'\n", optarg);
				return -1;
			}
			if (c == OPT_KEEP)
				wc->keep = (unsigned long)n;
			else
				wc->budget_s = (unsigned int)n;
			break;
		case OPT_MAX_SIZE:
			if (watch_size_parse(optarg, &wc->max_bytes) < 0 || !wc->max_bytes) {
				fprintf(stderr, "pmscope watch: bad size '%s' (e.g. 512M, 2G)\n", optarg);
				return -1;
			}
			break;
		default:
			return -1;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "pmscope watch: unexpected argument '%s'\n", argv[optind]);
		return -1;
	}
	return 0;
}

/* Where systemd looks for sleep hooks; NULL when pmscope's is in none. */
static const char *hook_path(const struct capture_env *env)
{
	static const char *const where[] = {
		"/usr/lib/systemd/system-sleep/pmscope", "/lib/systemd/system-sleep/pmscope",
		"/etc/systemd/system-sleep/pmscope",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(where); i++)
		if (capture_exists(env, where[i]))
			return where[i];
	return NULL;
}

static bool may_write(const struct capture_env *env, const char *what)
{
	if (*env->root || geteuid() == 0)
		return true;
	fprintf(stderr, "pmscope watch %s: must run as root\n", what);
	return false;
}

static int watch_enable(const struct capture_env *env, int argc, char **argv)
{
	struct watch_conf wc;
	char err[1024], *store;
	int rc;

	if (watch_conf_load(&wc, env, err, sizeof(err)) < 0) {
		fprintf(stderr, "pmscope watch enable: %s (written anew)\n", err);
		watch_conf_free(&wc);
		watch_conf_default(&wc);
	}
	rc = parse_enable(argc, argv, &wc);
	if (rc || !may_write(env, "enable")) {
		watch_conf_free(&wc);
		return rc > 0 ? EXIT_CLEAN : rc < 0 ? EXIT_USAGE : EXIT_CAPTURE;
	}
	wc.enabled = true;
	store = capture_path(env, wc.store);
	rc = EXIT_CAPTURE;
	/* the store made and checked now: one that cannot be written is said
	 * before any sleep (its .lock is the savers': never replaced here) */
	if (watch_mkdirs(store, WATCH_STORE_MODE, err, sizeof(err)) < 0 ||
	    capture_check_output(store, err, sizeof(err)) < 0 ||
	    watch_conf_store(&wc, env, err, sizeof(err)) < 0) {
		fprintf(stderr, "pmscope watch enable: %s\n", err);
		goto out;
	}
	if (watch_print_on(env, err, sizeof(err)) < 0)
		fprintf(stderr, "pmscope watch enable: %s\n", err);
	if (!hook_path(env))
		fprintf(stderr, "pmscope watch enable: no sleep hook in /usr/lib/systemd/system-sleep "
			"or /lib/systemd/system-sleep: systemd will not call pmscope (make install "
			"or the Debian package puts it there)\n");
	printf("pmscope watch: enabled; each sleep is kept in %s (the newest %lu, at most %llu "
	       "MB)\n", wc.store, wc.keep, wc.max_bytes >> 20);
	rc = EXIT_CLEAN;
out:
	free(store);
	watch_conf_free(&wc);
	return rc;
}

static int watch_disable(const struct capture_env *env, int argc)
{
	struct watch_conf wc;
	char err[1024];
	int rc = EXIT_CAPTURE, pr;

	if (argc > 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (!may_write(env, "disable"))
		return EXIT_CAPTURE;
	if (watch_conf_load(&wc, env, err, sizeof(err)) < 0)
		fprintf(stderr, "pmscope watch disable: %s (written anew)\n", err);
	wc.enabled = false;
	if (watch_conf_store(&wc, env, err, sizeof(err)) < 0) {
		fprintf(stderr, "pmscope watch disable: %s\n", err);
		goto out;
	}
	pr = watch_print_restore(env, err, sizeof(err));
	if (pr < 0) {
		fprintf(stderr, "pmscope watch disable: putting back pm_print_times: %s\n", err);
		goto out;
	}
	watch_drop_pending(env);
	printf("pmscope watch: disabled%s; the run folders stay in %s\n",
	       pr ? "" : ", pm_print_times put back", wc.store);
	rc = EXIT_CLEAN;
out:
	watch_conf_free(&wc);
	return rc;
}

/*
 * The hook's calls: "pre VERB", "post VERB" from systemd-sleep, "save
 * NOTE" from post's saver. Whatever happens, the sleep goes on: exit 0,
 * the reason on standard error. Bad usage too is only said: a systemd
 * that one day passes other arguments must not see a failing hook.
 */
static int watch_hook(const struct capture_env *env, int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "";

	if (argc != 3) {
		watch_say(env, "hook: takes pre VERB, post VERB or save NOTE; given %d "
			  "argument%s: nothing done", argc - 1, argc == 2 ? "" : "s");
		return EXIT_CLEAN;
	}
	if (!strcmp(what, "pre"))
		watch_pre(env, argv[2]);
	else if (!strcmp(what, "post"))
		watch_post(env, argv[2]);
	else if (!strcmp(what, "save"))
		watch_saver(env, argv[2]);
	else
		watch_say(env, "hook: '%s' is none of pre, post, save: nothing done", what);
	return EXIT_CLEAN;
}

int cmd_watch(int argc, char **argv)
{
	struct capture_env env = { 0 };
	const char *root = getenv("PMSCOPE_SYSROOT"), *sub = argc > 1 ? argv[1] : "";

	env.root = root ? root : "";
	env.cmd = "watch";
	if (!strcmp(sub, "-h") || !strcmp(sub, "--help")) {
		usage(stdout);
		return EXIT_CLEAN;
	}
	if (!strcmp(sub, "enable"))
		return watch_enable(&env, argc - 1, argv + 1);
	if (!strcmp(sub, "disable"))
		return watch_disable(&env, argc);
	if (!strcmp(sub, "status"))
		return argc > 2 ? (usage(stderr), EXIT_USAGE) : watch_status(&env);
	if (!strcmp(sub, "hook"))
		return watch_hook(&env, argc - 1, argv + 1);
	usage(stderr);
	return EXIT_USAGE;
}
