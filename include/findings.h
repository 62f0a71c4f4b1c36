/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Findings: what went wrong in a run, or is worth a word, as data. Each
 * has a stable code, whose severity is fixed (the table in
 * model/finding_codes.c, listed in pmscope(1)); the analysis stage
 * (analysis/findings.c) makes one list of them per cycle and one for the
 * run, and every output, the exit status with them, renders that list.
 *
 * Two kinds of facts become findings: what the kernel printed (its
 * verdicts, struct pm_verdict: a callback's error, "failed to suspend
 * async: error -16", "noirq suspend of devices failed", an Oops) and
 * what the reading saw (struct pm_warning: lines not used, a callback
 * whose return line was lost), each warning carrying its code.
 */
#ifndef PMSCOPE_FINDINGS_H
#define PMSCOPE_FINDINGS_H

#include <stdbool.h>
#include <stddef.h>

enum finding_sev {
	SEV_NOTE,
	SEV_WARNING,
	SEV_FAILURE,	/* the exit status is 1 */
	SEV_COUNT,
};

enum finding_code {
	/* the kernel's verdicts */
	FC_DEVICE_FAILED,	/* a device's PM callback failed */
	FC_ABORTED,		/* the kernel backed out of the suspend */
	FC_HUNG,		/* a callback never returned */
	FC_INCOMPLETE,		/* the log ends inside the cycle */
	FC_KERNEL_OOPS,		/* an Oops, a BUG, a panic */
	FC_KERNEL_STALL,	/* a soft or hard lockup, an RCU stall, a hung task */
	FC_KERNEL_WARNING,	/* a WARN() */
	FC_ALARM_OUTSIDE,	/* an Oops or a stall outside every cycle */
	FC_WARN_OUTSIDE,	/* a WARN() outside every cycle */
	FC_LOG_SAID_ERROR,	/* a callback returned 0 while its device said error */
	FC_SUSPEND_STATS,	/* suspend_stats counted a failure in the cycle */
	FC_NO_HW_SLEEP,		/* s2idle: the platform never reached its sleep state */
	/* boot */
	FC_INITCALL_ERROR,	/* an initcall returned an error */
	FC_PROBE_ERROR,		/* a driver's probe failed */
	FC_NO_DEVICE,		/* initcalls returning -ENODEV or -ENXIO */
	FC_DEFERRED_PROBE,	/* probes deferred (-EPROBE_DEFER) */
	FC_LOG_START_LOST,	/* a log that begins inside a boot or a cycle */
	FC_BOOT_CUT,		/* a boot log that ends before init ran */
	/* the inputs */
	FC_NO_DATA,		/* no cycle in the inputs */
	FC_NOTHING_FOUND,	/* an input with no timing in it */
	FC_NO_RETURN,		/* a callback's return line lost */
	FC_EXCERPT,		/* a cycle the log begins and ends inside */
	FC_EMPTY_CYCLE,		/* a cycle with no phase or callback */
	FC_LINES_SKIPPED,	/* binary, overlong or malformed lines */
	FC_LINES_REFUSED,	/* numbers out of range */
	FC_NOT_READ,		/* a file of the run that could not be used */
	FC_CAPTURE_LOST,	/* events or log records lost while capturing */
	FC_LIMIT,		/* a bound of the model reached: the rest not kept */
	FC_CLOCK_BACKWARDS,	/* a callback's return stamped before its call */
	/* notes */
	FC_PASSED_OVER,		/* a file in a folder that is not a log */
	FC_PHASES_INFERRED,	/* phases placed from the callbacks */
	FC_TIMING,		/* how the times were taken (calling lines, merges) */
	FC_PROBE_LATE,		/* probes beside a suspend or resume cycle */
	FC_MESSAGES_CUT,	/* log lines not kept as callbacks' messages */
	FC_HW_SLEEP,		/* hardware sleep residency, what woke the machine */
	FC_NOTE,		/* what a reader says of its input */
	FC_COUNT,
};

struct finding_code_desc {
	const char *name;	/* "device-failed": stable, in every output */
	enum finding_sev sev;
	const char *what;	/* what raises it, for pmscope(1) */
};

extern const struct finding_code_desc finding_codes[FC_COUNT];
bool finding_code_fails_cb(enum finding_code code);

/* "note", "warning", "failure" */
const char *finding_sev_name(enum finding_sev s);

static inline enum finding_sev finding_code_sev(enum finding_code c)
{
	return finding_codes[c].sev;
}

/* A line that said it: a file of the run (interned) and its line, 0 when
 * the finding is of the whole file. */
struct finding_src {
	const char *file;
	unsigned int line;
};
#define FINDING_SRCS_MAX 8	/* more lines of one finding are counted */

/*
 * One finding. @device, @driver, @phase and @fn are the run's interned
 * names (NULL when the finding has none); @srcs the lines that said it,
 * in the order read, the first the one to cite.
 */
struct finding {
	enum finding_code code;
	int cycle;		/* 1-based, 0 the run's */
	int cb;			/* the callback it is about: index into its
				 * cycle's cbs, -1 none */
	const char *phase;	/* as the model names it: "suspend_noirq" */
	const char *device, *driver, *fn;
	int err;		/* the kernel's error, 0 none */
	size_t count;		/* what it stands for: 1, or a note's many
				 * (534 deferred probes are one note) */
	struct finding_src srcs[FINDING_SRCS_MAX];
	size_t nsrcs;		/* kept */
	size_t nsaid;		/* lines that said it, kept or not */
	char *text;		/* in words, the finding's own */
};

/* A list of findings with its counts; zeroed to begin. */
struct findings {
	struct finding *v;
	size_t n, cap;
	size_t nsev[SEV_COUNT];
};

static inline enum finding_sev finding_sev(const struct finding *f)
{
	return finding_code_sev(f->code);
}

#endif
