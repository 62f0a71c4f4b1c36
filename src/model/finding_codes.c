// SPDX-License-Identifier: GPL-2.0
/*
 * The finding codes, each once: its name in every output, its severity,
 * and what raises it (pmscope(1) lists them; tests/cli/docs.sh holds the
 * page to this table). A code's name never changes: labs count by it.
 */
#include "findings.h"

const struct finding_code_desc finding_codes[FC_COUNT] = {
	[FC_DEVICE_FAILED] = { "device-failed", SEV_FAILURE,
		"a device's PM callback failed: its return line or trace event with an error, "
		"the PM core's \"failed to suspend async: error -16\" or \"dpm_run_callback(): "
		"... returns -19\"; one finding for all the lines of one failure" },
	[FC_ABORTED] = { "aborted", SEV_FAILURE,
		"the kernel backed out of the suspend: a phase of devices that failed, \"Some "
		"devices failed to suspend, or early wake event detected\", a freezer that "
		"failed, a wakeup pending, a hibernation image that could not be made or "
		"restored, a request turned away while another cycle held the lock (its "
		"entry and exit at once), a task's stack dumped right before a thaw (the "
		"freezer's report, its failure line lost), or a state the platform refused "
		"(which only the shell or rtcwake that wrote /sys/power/state says, in a "
		"console's log: \"-sh: echo: write error: Operation not supported\")" },
	[FC_HUNG] = { "hung", SEV_FAILURE,
		"a callback started and never returned while its cycle went on (a boot: the "
		"initcall it stopped in)" },
	[FC_INCOMPLETE] = { "incomplete", SEV_FAILURE,
		"the log ends inside a suspend or resume cycle, or starts again inside it (a "
		"step back in time: another paste; a new boot: the machine restarted) (a hang "
		"looks like a cut log): the callbacks still running are named in it" },
	[FC_KERNEL_OOPS] = { "kernel-oops", SEV_FAILURE,
		"an Oops, a BUG, a panic or a general protection fault inside a cycle" },
	[FC_KERNEL_STALL] = { "kernel-stall", SEV_FAILURE,
		"a soft or hard lockup, an RCU stall or a hung task inside a cycle" },
	[FC_KERNEL_WARNING] = { "kernel-warning", SEV_WARNING,
		"a WARN() inside a cycle, in either of its forms (\"WARNING: CPU: 3 PID: 518 at "
		"FILE:LINE FN\", since 6.19 \"WARNING: FILE:LINE at FN, CPU#3: TASK\"), or, "
		"where printk dropped that line, a frame of __warn outside any report" },
	[FC_ALARM_OUTSIDE] = { "alarm-outside-cycle", SEV_FAILURE,
		"an Oops, a BUG, a panic, a lockup or a stall outside every cycle (between "
		"cycles, seconds after a resume): the kernel failed, though not seen to fail "
		"in a PM callback" },
	[FC_WARN_OUTSIDE] = { "warning-outside-cycle", SEV_WARNING,
		"a WARN() outside every cycle (between cycles, seconds after a resume)" },
	[FC_LOG_SAID_ERROR] = { "log-said-error", SEV_WARNING,
		"a callback returned 0 while its device, a parent or a child said error or "
		"timeout" },
	[FC_SUSPEND_STATS] = { "suspend-stats", SEV_WARNING,
		"/sys/power/suspend_stats counted a failed suspend during the cycle" },
	[FC_NO_HW_SLEEP] = { "no-hw-sleep", SEV_WARNING,
		"suspend-to-idle: the platform never reached its hardware sleep state" },
	[FC_INITCALL_ERROR] = { "initcall-error", SEV_NOTE,
		"a boot initcall returned an error other than -ENODEV and -ENXIO (the kernel "
		"goes on: most say the thing is not here, as EFI's without EFI)" },
	[FC_PROBE_ERROR] = { "probe-error", SEV_WARNING,
		"a driver's probe failed with an error other than -ENODEV, -ENXIO and "
		"-EPROBE_DEFER" },
	[FC_NO_DEVICE] = { "no-device", SEV_NOTE,
		"initcalls or probes that returned -ENODEV or -ENXIO: nothing to drive here, "
		"as the kernel takes it" },
	[FC_DEFERRED_PROBE] = { "deferred-probe", SEV_NOTE,
		"probes deferred (-517, EPROBE_DEFER): tried again later" },
	[FC_LOG_START_LOST] = { "log-start-lost", SEV_NOTE,
		"a boot log that does not begin at the kernel's banner, a trace that begins "
		"inside a cycle (the buffer wrapped, or an excerpt): what came before is not "
		"in the report" },
	[FC_BOOT_CUT] = { "boot-cut", SEV_FAILURE,
		"a boot log that shows the kernel's banner and ends before the kernel ran "
		"init, or starts again before it (a new boot): cut short, or it hung (a hang "
		"looks like a cut log)" },
	[FC_NO_DATA] = { "no-data", SEV_FAILURE,
		"the inputs hold no suspend, resume or boot cycle, or none of the kind "
		"--expect asks for: nothing to judge" },
	[FC_NOTHING_FOUND] = { "nothing-found", SEV_NOTE,
		"an input read to its end with no suspend, resume or boot timing in it (an "
		"empty file, a log without PM lines)" },
	[FC_NO_RETURN] = { "no-return", SEV_WARNING,
		"a callback whose return line the log lost (its thread went on, or a boot "
		"went on past it)" },
	[FC_EXCERPT] = { "excerpt", SEV_NOTE,
		"a cycle the log begins inside and ends inside (a pasted excerpt, a wrapped "
		"buffer), or leaves for an earlier time (another paste, another run), or "
		"whose paste in a mail its author ended, another following: cut, not "
		"failed, unless the kernel said a failure in it; the callbacks still "
		"running are named in it" },
	[FC_EMPTY_CYCLE] = { "empty-cycle", SEV_WARNING,
		"a cycle with no phase, no callback and nothing the kernel said went wrong in "
		"it" },
	[FC_LINES_SKIPPED] = { "lines-skipped", SEV_WARNING,
		"binary, overlong or malformed lines not read" },
	[FC_LINES_REFUSED] = { "lines-refused", SEV_WARNING,
		"lines not used: a number in them beyond what pmscope takes" },
	[FC_NOT_READ] = { "not-read", SEV_WARNING,
		"a file of the run that could not be read or used" },
	[FC_CAPTURE_LOST] = { "capture-lost", SEV_WARNING,
		"the capture lost events (trace buffer full) or log records (log wrapped)" },
	[FC_LIMIT] = { "limit", SEV_WARNING,
		"a bound of the model was reached: what came past it was not kept" },
	[FC_CLOCK_BACKWARDS] = { "clock-backwards", SEV_WARNING,
		"a callback whose return is stamped before its call (a clock that stepped "
		"back, a trace's CPUs out of step): taken to end its kernel's length after its "
		"start" },
	[FC_PASSED_OVER] = { "passed-over", SEV_NOTE,
		"a file in a run folder that is no log (a temporary file, a FIFO, a link loop)" },
	[FC_PHASES_INFERRED] = { "phases-inferred", SEV_NOTE,
		"the log printed no phase lines: phases placed from the callbacks" },
	[FC_TIMING] = { "timing", SEV_NOTE,
		"how times were taken: from calling lines, from a trace merged with its log; "
		"phases moved where the kernel's figures and the log's stamps disagree" },
	[FC_PROBE_LATE] = { "probe-late", SEV_NOTE,
		"driver probes that ran beside a suspend or resume cycle" },
	[FC_MESSAGES_CUT] = { "messages-cut", SEV_NOTE,
		"log lines of a cycle not kept as its callbacks' messages (over the cycle's "
		"budget)" },
	[FC_HW_SLEEP] = { "hw-sleep", SEV_NOTE,
		"hardware sleep residency, what woke the machine (a run folder's "
		"sys/sleep-stats.txt)" },
	[FC_NOTE] = { "note", SEV_NOTE, "what a reader says of its input" },
};

const char *finding_sev_name(enum finding_sev s)
{
	static const char *const names[SEV_COUNT] = { "note", "warning", "failure" };

	return s < SEV_COUNT ? names[s] : "?";
}

/* A failure of the callback it names, drawn so (the two codes whose
 * finding is one callback's error). */
bool finding_code_fails_cb(enum finding_code code)
{
	return code == FC_DEVICE_FAILED || code == FC_PROBE_ERROR;
}
