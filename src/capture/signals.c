// SPDX-License-Identifier: GPL-2.0
/*
 * Signals during a capture. Whatever ends pmscope while it has the kernel
 * set up must first put every setting back: a dropped ssh session
 * (SIGHUP, SIGPIPE on the next write), SIGTERM from a lab's timeout, a
 * file size limit (SIGXFSZ), any other signal whose default is to end the
 * process. The handlers only note the signal; the command sees it at its
 * next step, stops there, saves what was captured, restores and exits 3.
 *
 * A crash (a fault of our own, or abort()) cannot go on: the handler
 * starts a fresh pmscope that restores from CAPTURE_ARMED_FILE
 * (`collect --restore`, which does not do the same when it crashes), waits
 * for it, and lets the crash end the process as it would have (with its
 * core, or the sanitizer's report: the handler that was there before gets
 * it).
 * SIGKILL cannot be caught: the next command that touches a capture
 * restores (capture_recover(), capture/state.c).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "capture.h"
#include "util.h"

/*
 * The handlers' only way to what they need: the first signal asking to
 * stop, and the actions that were there before ours (a sanitizer's,
 * which a crash goes on to).
 */
static volatile sig_atomic_t stop_signal;
static struct sigaction before[_NSIG];
/* The restoring pmscope's environment: ours without PMSCOPE_TEST_STEP (a
 * test's crash there must not crash the restore too); NULL: no restore
 * (the process is a restore itself: a crash must not start another). */
static char **crash_env;

/* Faults the program causes itself; anything kill(2) sends asks to stop. */
static bool is_crash(int sig, const siginfo_t *si)
{
	if (si && (si->si_code == SI_USER || si->si_code == SI_QUEUE))
		return false;
	return sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGFPE ||
	       sig == SIGABRT || sig == SIGSYS || sig == SIGTRAP;
}

/* Only async-signal-safe calls: the heap may be what crashed. */
static void restore_after_crash(int sig, const siginfo_t *si)
{
	static const char said[] = "pmscope: crashed; a new pmscope process puts the "
				   "settings back from " CAPTURE_ARMED_FILE "\n";
	char *const argv[] = { "pmscope", "collect", "--restore", "--quiet", NULL };
	pid_t pid = -1;
	ssize_t n;

	if (crash_env) {
		n = write(STDERR_FILENO, said, sizeof(said) - 1);
		(void)n;
		pid = _Fork();
	}
	if (pid == 0) {
		execve("/proc/self/exe", argv, crash_env);
		_exit(127);
	}
	while (pid > 0 && waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
	sigaction(sig, &before[sig], NULL);
	/*
	 * A fault comes again when the handler returns, to the old action; a
	 * raised signal (abort()) or one past its instruction (a trap, a
	 * seccomp kill) is raised again: pending until the handler returns.
	 */
	if (si->si_code <= 0 || sig == SIGABRT || sig == SIGTRAP || sig == SIGSYS)
		raise(sig);
}

static void on_signal(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	if (is_crash(sig, si)) {
		restore_after_crash(sig, si);
		return;
	}
	if (!stop_signal)
		stop_signal = sig;
}

/* Signals whose default is not to end the process, and those that cannot be caught. */
static bool ends_process(int sig)
{
	switch (sig) {
	case SIGKILL: case SIGSTOP: case SIGCHLD: case SIGCONT: case SIGURG:
	case SIGWINCH: case SIGTSTP: case SIGTTIN: case SIGTTOU:
		return false;
	}
	return true;
}

/*
 * Without SA_RESTART: a blocking wait returns EINTR and the loop looks.
 * A signal the process was started ignoring stays ignored: nohup(1)
 * ignores SIGHUP so that a capture outlives the session, and a shell
 * ignores SIGINT and SIGQUIT for the commands it starts in the background.
 * Faults are caught whatever: the kernel would not let them be ignored.
 */
const volatile sig_atomic_t *capture_catch_signals(bool restore_on_crash)
{
	struct sigaction sa = { .sa_sigaction = on_signal, .sa_flags = SA_SIGINFO };
	extern char **environ;
	size_t n = 0, i;
	int sig;

	if (restore_on_crash && !crash_env) {
		while (environ[n])
			n++;
		crash_env = xcalloc(n + 1, sizeof(*crash_env));
		for (i = n = 0; environ[i]; i++)
			if (strncmp(environ[i], "PMSCOPE_TEST_STEP=", 18))
				crash_env[n++] = environ[i];
	}

	sigemptyset(&sa.sa_mask);
	for (sig = 1; sig < _NSIG; sig++) {
		if (!ends_process(sig) || sigaction(sig, NULL, &before[sig]) < 0)
			continue;	/* glibc keeps two real-time signals for itself */
		if (before[sig].sa_handler == SIG_IGN && !is_crash(sig, NULL))
			continue;
		sigaction(sig, &sa, NULL);
	}
	return &stop_signal;
}

/* "SIGTERM", "SIGRTMIN+3" */
const char *capture_signal_name(int sig, char *buf, size_t len)
{
	const char *abbrev = sig < SIGRTMIN ? sigabbrev_np(sig) : NULL;

	if (abbrev)
		snprintf(buf, len, "SIG%s", abbrev);
	else if (sig >= SIGRTMIN && sig <= SIGRTMAX)
		snprintf(buf, len, "SIGRTMIN+%d", sig - SIGRTMIN);
	else
		snprintf(buf, len, "signal %d", sig);
	return buf;
}

/*
 * PMSCOPE_TEST_STEP=NAME stops the process (SIGSTOP) when it reaches the
 * step NAME, so that a test can send it any signal exactly there, from
 * outside, as a user would; NAME:abort makes it crash there instead.
 */
void capture_step(const struct capture_env *env, const char *name)
{
	const char *t = env->test_step;
	size_t n = strlen(name);

	if (!t || strncmp(t, name, n) || (t[n] && t[n] != ':'))
		return;
	if (!strcmp(t + n, ":abort"))
		abort();
	raise(SIGSTOP);
}
