// SPDX-License-Identifier: GPL-2.0
/*
 * The saving of a sleep, apart from the hook. systemd ends whatever is
 * left in a service's cgroup when its main process exits, and the hook
 * runs in systemd-suspend.service's: under systemd the saver is a
 * transient unit of its own (systemd-run --no-block, which returns once
 * the unit is queued); elsewhere a process of its own session the hook
 * does not wait for. Either way the hook returns at once.
 *
 * The saver keeps to its budget: the work runs in a child, which is
 * killed when the budget is spent (a write to a disk that hangs does not
 * keep a saver forever). One sleep, one try: the note goes either way.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "watch_cmd.h"

/* systemd-run returns once the unit is queued: some ms; a hung bus not
 * longer than this */
#define SYSTEMD_RUN_MS 5000

static int self_exe(char *buf, size_t len, char *err, size_t errlen)
{
	ssize_t n = readlink("/proc/self/exe", buf, len - 1);

	if (n <= 0) {
		snprintf(err, errlen, "/proc/self/exe: %s", strerror(errno));
		return -1;
	}
	buf[n] = '\0';
	return 0;
}

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

/* @pid's end within @ms; its status, -1 when it was killed for lasting. */
static int wait_within(pid_t pid, long ms)
{
	int status;
	long waited = 0;
	pid_t w;

	for (;;) {
		w = waitpid(pid, &status, WNOHANG);
		if (w == pid)
			return status;
		if (w < 0 && errno != EINTR)
			return -1;
		if (waited >= ms)
			break;
		sleep_ms(10);
		waited += 10;
	}
	kill(pid, SIGKILL);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	return -1;
}

static void quiet_stdio(void)
{
	int fd = open("/dev/null", O_RDWR | O_CLOEXEC);

	if (fd >= 0) {
		dup2(fd, 0);
		dup2(fd, 1);
		close(fd);
	}
}

static int systemd_run(const char *self, const struct watch_conf *wc, const char *note,
		       const char *root, char *err, size_t errlen)
{
	const char *slash = strrchr(note, '/');
	char *unit = xasprintf("--unit=pmscope-watch-save-%s", slash ? slash + 1 : note);
	char *max = xasprintf("--property=RuntimeMaxSec=%u", wc->budget_s + 30);
	char *sysroot = *root ? xasprintf("--setenv=PMSCOPE_SYSROOT=%s", root) : NULL;
	const char *argv[20];
	int status, rc = -1, i = 0;
	pid_t pid;

	argv[i++] = "systemd-run";
	argv[i++] = "--no-block";
	argv[i++] = "--quiet";
	argv[i++] = "--collect";
	argv[i++] = unit;
	argv[i++] = max;
	argv[i++] = "--nice=10";
	argv[i++] = "--property=IOSchedulingClass=idle";
	argv[i++] = "--description=pmscope watch: saving a sleep's run folder";
	if (sysroot)	/* the test suite's fake tree */
		argv[i++] = sysroot;
	argv[i++] = "--";
	argv[i++] = self;
	argv[i++] = "watch";
	argv[i++] = "hook";
	argv[i++] = "save";
	argv[i++] = note;
	argv[i] = NULL;
	pid = fork();
	if (pid == 0) {
		quiet_stdio();
		execvp(argv[0], (char *const *)argv);
		_exit(127);
	}
	if (pid < 0) {
		snprintf(err, errlen, "fork: %s", strerror(errno));
	} else if ((status = wait_within(pid, SYSTEMD_RUN_MS)) < 0) {
		snprintf(err, errlen, "systemd-run did not return within %d ms", SYSTEMD_RUN_MS);
	} else if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		snprintf(err, errlen, "systemd-run failed (status %d%s)", WIFEXITED(status) ?
			 WEXITSTATUS(status) : 128 + WTERMSIG(status),
			 WIFEXITED(status) && WEXITSTATUS(status) == 127 ? ": not found" : "");
	} else {
		rc = 0;
	}
	free(unit);
	free(max);
	free(sysroot);
	return rc;
}

/* A grandchild in a session of its own: the hook waits only for the child. */
static int detach(const char *self, const char *note, char *err, size_t errlen)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		setsid();
		pid = fork();
		if (pid == 0) {
			quiet_stdio();
			execl(self, self, "watch", "hook", "save", note, (char *)NULL);
			_exit(127);
		}
		_exit(pid < 0 ? 1 : 0);
	}
	if (pid < 0) {
		snprintf(err, errlen, "fork: %s", strerror(errno));
		return -1;
	}
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		snprintf(err, errlen, "fork: could not start the saver");
		return -1;
	}
	return 0;
}

int watch_spawn_saver(const struct capture_env *env, const struct watch_conf *wc,
		      const char *note, char *err, size_t errlen)
{
	char self[PATH_MAX];

	if (self_exe(self, sizeof(self), err, errlen) < 0)
		return -1;
	if (capture_exists(env, "/run/systemd/system")) {
		if (systemd_run(self, wc, note, env->root, err, errlen) == 0)
			return 0;
		watch_say(env, "%s: saving in a process of the hook's own, which systemd may "
			  "end with its service", err);
	}
	return detach(self, note, err, errlen);
}

/* Whether @note is one post hands a saver: WATCH_RUN_DIR/ready-N. The
 * saver removes it when done: never any other file. */
static bool ready_note(const char *note)
{
	static const char dir[] = WATCH_RUN_DIR "/ready-";
	const char *n = note + sizeof(dir) - 1;

	return !strncmp(note, dir, sizeof(dir) - 1) && *n && strspn(n, "0123456789") == strlen(n);
}

void watch_saver(const struct capture_env *env, const char *note)
{
	struct watch_conf wc;
	char err[1024], *p;
	int status;
	pid_t pid;

	if (!ready_note(note)) {
		watch_say(env, "hook save: '%s' is no note of post (" WATCH_RUN_DIR "/ready-N): "
			  "nothing done", note);
		return;
	}

	/* a file size limit or a closed journal stream: failed writes, said
	 * and named in the folder (capture.cut), rather than a saver killed */
	signal(SIGXFSZ, SIG_IGN);
	signal(SIGPIPE, SIG_IGN);
	/* the sleep was one of an enabled hook: kept even if disabled since */
	if (watch_conf_load(&wc, env, err, sizeof(err)) < 0)
		watch_say(env, "%s: saving with the default bounds", err);
	pid = fork();
	if (pid == 0)
		_exit(watch_save_work(env, &wc, note));
	if (pid < 0)
		watch_say(env, "saving %s: fork: %s", note, strerror(errno));
	else if ((status = wait_within(pid, wc.budget_s * 1000L)) < 0)
		watch_say(env, "saving %s took longer than its budget of %u s: stopped, "
			  "the sleep is not kept", note, wc.budget_s);
	else if (WIFSIGNALED(status))
		watch_say(env, "saving %s: the saver died of signal %d", note, WTERMSIG(status));
	p = capture_path(env, note);
	unlink(p);
	free(p);
	watch_conf_free(&wc);
}
