/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The run model: what happened in a suspend/resume or boot, independent
 * of where it was read from. Parsers fill it through the builder
 * (events.h); analyses and renderers only read it.
 *
 * Times are integer nanoseconds on the log's own clock (dmesg and trace
 * timestamps), NS_NONE where unknown.
 */
#ifndef PMSCOPE_MODEL_H
#define PMSCOPE_MODEL_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

#include "findings.h"
#include "util.h"

typedef int64_t ns_t;
#define NS_NONE INT64_MIN
/* The largest time stamp and kernel-printed length the parsers take
 * (1e8 s is over three years of uptime, 1e12 us eleven days for one
 * callback): within them sums and differences of times stay far from
 * int64_t's end. A line beyond them is refused with a warning. */
#define NS_MAX (100000000LL * 1000000000LL)
#define US_MAX 1000000000000LL
/* How far a callback may start before its phase and still be in it:
 * dmesg time stamps and the kernel's measured lengths come from two
 * clocks, and printk adds its own delay. */
#define PHASE_SLACK_NS 5000000LL
#define PHASE_INFER (-2)
#define US_NONE (-1)

enum pm_mode {
	MODE_UNKNOWN,
	MODE_MEM,	/* S3, "deep" */
	MODE_S2IDLE,	/* suspend-to-idle, "freeze" */
	MODE_STANDBY,	/* S1, "shallow" */
	MODE_DISK,	/* hibernation */
	MODE_BOOT,	/* kernel boot, initcalls */
};

/*
 * What part of the sequence a phase is. Several phases of one kind can
 * occur in a cycle (hibernation freezes, thaws, powers off, restores);
 * the phase's name tells them apart ("freeze_late", "thaw_noirq").
 */
enum phase_kind {
	PK_ENTER,	 /* suspend_enter: sync filesystems, freeze tasks */
	PK_PREPARE,	 /* dpm_prepare */
	PK_SUSPEND,	 /* dpm_suspend */
	PK_SUSPEND_LATE, /* dpm_suspend_late */
	PK_SUSPEND_NOIRQ,/* dpm_suspend_noirq */
	PK_MACHINE,	 /* CPUs off, syscore, firmware or s2idle loop, back */
	PK_RESUME_NOIRQ, /* dpm_resume_noirq */
	PK_RESUME_EARLY, /* dpm_resume_early */
	PK_RESUME,	 /* dpm_resume */
	PK_COMPLETE,	 /* dpm_complete */
	PK_EXIT,	 /* thaw tasks */
	PK_NOTIFY,	 /* PM_POST_SUSPEND (_HIBERNATION) notifiers, to suspend exit */
	PK_BOOT_KERNEL,	 /* boot: built-in initcalls until /init runs */
	PK_BOOT_USER,	 /* boot: module initcalls and probes after that */
	PK_COUNT,
};

/* printk's stamps from several CPUs disagree by less: a larger step back
 * is a clock that went back (a restored image, a new boot) or a stray. */
#define CLOCK_STEP_BACK_NS 10000000LL

/*
 * A length the kernel printed as "usecs", in ns; NS_NONE for US_NONE.
 * PM callback lines before 5.14 printed ns >> 10 under that name
 * (@us1024: 1.024 us units, CB_US_1024); phase lengths ("after X msecs")
 * and everything else are true microseconds. Saturates rather than
 * overflowing on absurd figures.
 */
#define KERNEL_US_MAX (INT64_MAX / 1024 - 1)
static inline ns_t kernel_us_ns(int64_t us, bool us1024)
{
	if (us == US_NONE || us < 0)
		return NS_NONE;
	if (us > KERNEL_US_MAX)
		us = KERNEL_US_MAX;
	return us * (us1024 ? 1024 : 1000);
}

/* @ts minus @len; unknown when either is (or the result would not fit). */
static inline ns_t ns_before(ns_t ts, ns_t len)
{
	ns_t r;

	if (ts == NS_NONE || len == NS_NONE || __builtin_sub_overflow(ts, len, &r) ||
	    r == NS_NONE)
		return NS_NONE;
	return r;
}

/*
 * @a + @b for sums of lengths (a function's calls, a callback's sleeps):
 * each length is within NS_MAX, their sum need not be (200 kprobe pairs
 * 1e8 s apart), and at NS_MAX it stops. Both are lengths, never NS_NONE.
 */
static inline ns_t ns_sum(ns_t a, ns_t b)
{
	ns_t r;

	if (__builtin_add_overflow(a, b, &r) || r > NS_MAX)
		return NS_MAX;
	return r;
}

const char *phase_kind_name(enum phase_kind k);
/* Suspend-side kinds come before PK_MACHINE, resume-side after it. */
bool phase_kind_is_resume(enum phase_kind k);
bool phase_kind_is_device(enum phase_kind k);
const char *mode_name(enum pm_mode m);
enum pm_mode mode_from_label(struct str label);

struct pm_phase {
	enum phase_kind kind;
	const char *name;	/* "suspend", "freeze_late", "resume_noirq" ... */
	ns_t start, end;
	int64_t kernel_us;	/* the kernel's own printed length, US_NONE */
	unsigned int line;	/* source line that defined it */
	unsigned int end_line;	/* the one that ended it; 0 when its end
				 * was inferred (from its callbacks, the
				 * next phase) */
};

enum cb_flags {	/* 8 bits in struct pm_callback */
	CB_UNFINISHED = 1 << 0,	/* start seen, no end line; its end is
				 * NS_NONE, or the latest it can have
				 * ended (cb_end_inferred()) */
	CB_NO_START = 1 << 1,	/* end seen, start lost */
	CB_FROM_TRACE = 1 << 2,
	CB_FROM_DMESG = 1 << 3,
	CB_INITCALL = 1 << 4,	/* boot initcall, "device" is the function */
	CB_PROBE = 1 << 5,	/* boot driver probe */
	CB_QUIRK = 1 << 6,	/* boot PCI fixup, "device" is the PCI device */
	CB_US_1024 = 1 << 7,	/* kernel_us is ns >> 10 (1.024 us units): PM
				 * callbacks in dmesg before kernel 5.14 */
};

/* One function in a callback's function_graph call tree. */
struct pm_fn_stat {
	const char *fn;
	ns_t total_ns;		/* its calls' durations (outermost calls) */
	ns_t self_ns;		/* less what the functions it called took */
	unsigned int calls;
};

/* One call of a sleeping function inside a callback: when it slept. */
struct pm_sleep_span {
	ns_t start, end;
	const char *fn;
};

/*
 * What function_graph saw inside one callback: the functions that took
 * the most time, the slowest and the deepest call chain, and the time
 * slept (msleep, usleep_range, schedule_timeout, wait_for_completion,
 * mutex slow paths), with the longest sleeps' times where the trace
 * stamps its calls. Owned by its callback.
 */
struct pm_callgraph {
	struct pm_fn_stat *fns;	/* by total, the CALLGRAPH_TOP longest */
	size_t nfns;
	struct pm_fn_stat *sleeps;	/* per sleeping function, by total */
	size_t nsleeps;
	ns_t sleep_ns;
	struct pm_sleep_span *spans;	/* the CALLGRAPH_SPANS longest sleeps,
					 * in time order */
	size_t nspans;
	const char **slow_path, **deep_path;	/* outermost call first */
	size_t nslow, ndeep;
	unsigned int calls;	/* function calls seen */
	unsigned int repaired;	/* calls whose entry or return was lost */
};
#define CALLGRAPH_TOP 10
#define CALLGRAPH_SPANS 16

/*
 * How the model keeps a callback's struct pm_callgraph: one block in the
 * run's graph arena, this header and then fns, sleeps, spans, slow_path
 * and deep_path (a trace holds them by the hundred thousand). cb_graph()
 * unpacks it.
 */
struct pm_callgraph_packed {
	ns_t sleep_ns;
	unsigned int calls, repaired;
	uint16_t nfns, nsleeps, nslow, ndeep, nspans;
};

/*
 * A trace holds callbacks by the million, so a callback is 48 bytes:
 * names, source file and call graph are small indices into tables the
 * run and its cycle keep (cb_fn(), cb_event(), cb_file(), cb_graph()).
 * The builder keeps every value inside its field (CB_*_MAX).
 */
struct pm_callback {
	ns_t start, end;
	int32_t kernel_us;	/* kernel-measured duration, US_NONE; saturates
				 * at INT32_MAX (35 minutes) */
	int32_t ret;
	uint32_t line;		/* source line of the start */
	int32_t dev;		/* index into run->devs */
	int32_t pid:24;		/* thread that ran it, -1 unknown (the
				 * kernel's PID_MAX_LIMIT is 2^22) */
	uint32_t event_id:8;	/* kernel's pm event, cb_event() */
	int32_t graph_id:24;	/* index into cycle->graphs, -1 none */
	uint32_t flags:8;	/* enum cb_flags */
	uint32_t fn_id:24;	/* callback function, cb_fn() */
	uint32_t async:1;	/* ran outside the driving thread */
	uint32_t has_ret:1;
	uint32_t from_calling:1; /* dmesg: starts at its "calling" line, the
				  * kernel's figure being off (builder.c) */
	int16_t phase;		/* index into cycle->phases, -1 unknown
				 * (PHASE_INFER only while the builder runs) */
	uint16_t file_id;	/* index into run->sources, cb_file() */
};
#define CB_PID_MAX ((1 << 23) - 1)
#define CB_GRAPHS_MAX ((1 << 23) - 1)
#define CB_FNS_MAX ((1u << 24) - 1)
#define CB_EVENTS_MAX 255u
#define CB_PHASES_MAX INT16_MAX
#define CB_SOURCES_MAX UINT16_MAX

/*
 * Names shared by a run's callbacks, each kept once: index 0 is none
 * (NULL), the rest are interned in the run's pool.
 */
struct name_table {
	const char **names;
	size_t n, cap;
	uint32_t *slots;	/* interned pointer -> index, open addressing */
	size_t nslots;
};

struct pm_device {
	const char *name;
	const char *driver;	/* NULL unknown, "" none */
	bool driver_pm;		/* @driver is from a PM callback line, not
				 * from boot (enumeration, fixups, probes) */
	const char *parent;	/* NULL unknown or none */
	int parent_id;		/* index into run->devs, -1 */
	int async_flag;		/* power/async from system facts: 1, 0, -1 */
	bool in_devtree;	/* listed in the system facts' device tree, so
				 * parent (or its absence) is known, not guessed */
	/* The next device of the same name, -1. Names are unique on a
	 * bus, not across buses: an ACPI device and the platform device
	 * made from it are both "MSFT0101:00", every USB interface has its
	 * "ep_81". The first of them is the one found by name. */
	int twin;
	bool named_twice;	/* it has a twin, or is one */
	bool parent_sure;	/* builder: which device of its parent's name
				 * is its parent is settled (twin_parents.c) */
};

/*
 * A thread's outermost traced call outside any PM callback during a cycle
 * (kthreads and kworkers: the ATA error handler recovering a port through
 * resume). A cycle keeps the CYCLE_WORKS_MAX longest, in time order.
 */
struct pm_work {
	ns_t start, end;
	const char *fn;		/* interned in the run's pool */
	const char *comm;	/* NULL when the trace has no task names */
	int pid;
};
#define CYCLE_WORKS_MAX 4096

static inline ns_t pm_work_len(const struct pm_work *w)
{
	return w->end - w->start;
}

/*
 * A thread the scheduler switched out asleep during a cycle, until it was
 * switched in again (sched_switch, where the trace has it): it waited and
 * wanted no CPU. What woke it (sched_wakeup) says what it waited for: an
 * interrupt (a device, a timer), or another task (a lock, work handed to
 * a kthread: time that task needed a CPU for). A cycle keeps
 * CYCLE_SLEEPS_MAX, by thread and start once built; one that holds any
 * had sched_switch traced through it.
 */
enum sleep_woke {
	SLEEP_WOKE_UNKNOWN,	/* no sched_wakeup seen */
	SLEEP_WOKE_IRQ,
	SLEEP_WOKE_TASK,
};

struct pm_sleep {
	ns_t start, end;
	int pid;
	uint8_t woke;		/* enum sleep_woke */
};
#define CYCLE_SLEEPS_MAX (1 << 20)


struct pm_thread {
	int pid;
	const char *comm;	/* NULL when the log has no names */
	bool main;
	ns_t busy_ns;
	size_t ncbs;
};

/*
 * Boot milestones as the kernel log printed them (boot cycles only):
 * BM_FPDT the ACPI table listing "FPDT" (the firmware keeps its own boot
 * times there, /sys/firmware/acpi/fpdt/boot/, not in the log);
 * BM_FREE_INITMEM the first "Freeing unused kernel image ..." or
 * "Freeing unused kernel memory" (pid 1 after async_synchronize_full());
 * BM_FREE_LAST the last such line before /init (mark_rodata_ro() prints
 * two more: bootgraph's "Init process starts @");
 * BM_RUN_INIT "Run /init as init process" (or /sbin/init ...: the
 * cycle's init_path);
 * BM_SYSTEMD "systemd[1]: systemd 256 running in system mode" of the
 * systemd on the real root (userspace begins: systemd-analyze's
 * userspace timestamp, a little before its banner);
 * BM_SYSTEMD_INITRD that banner of a systemd in the initrd (the line
 * after it says "Running in initrd.").
 */
enum boot_mark {
	BM_FPDT, BM_FREE_INITMEM, BM_FREE_LAST, BM_RUN_INIT, BM_SYSTEMD, BM_SYSTEMD_INITRD,
	BM_COUNT
};
/* "run_init": the JSON report's cycles[].boot_marks keys, less "_ns" */
const char *boot_mark_name(enum boot_mark m);

/*
 * A boot milestone (a boot cycle's, in log order): a line the kernel
 * prints at a step of every boot, with or without initcall_debug, which a
 * person reads a boot by and a patch's before and after are put side by
 * side on (pmscope(1), Boot milestones). @name says what it is and which
 * device, the same in every boot of that machine: "nvme0 queues",
 * "nvme0n1 partitions", "root mounted", "init /sbin/init"; each name
 * once, its first line.
 */
enum milestone_kind {
	MS_INITCALL,	/* an initcall's return line, read without initcall_debug's
			 * calling lines (an excerpt): "initcall nvme_init" */
	MS_CONSOLE,	/* a console enabled, a boot console handed over */
	MS_LINK,	/* a link up: SATA, PCIe, a network interface */
	MS_QUEUES,	/* a block device's queues set up (NVMe, virtio) */
	MS_DISK,	/* a disk attached, a card found */
	MS_PARTITIONS,	/* a disk's partition table read */
	MS_MOUNT,	/* a file system mounted */
	MS_ROOT,	/* the root mounted: the kernel's "VFS: Mounted root", or
			 * the first file system an initramfs's /init mounted */
	MS_INITMEM,	/* "Freeing unused kernel image": pid 1 about to exec */
	MS_INIT,	/* "Run /sbin/init as init process" */
	MS_SYSTEMD,	/* systemd's banner, in the initrd or on the root */
	MS_COUNT
};

struct pm_milestone {
	ns_t ts;		/* as stamped: the kernel's clock from its start */
	const char *name;	/* interned */
	const char *device;	/* what it names ("nvme0"), interned; NULL none */
	unsigned int line;
	uint16_t file_id;	/* index into run->sources */
	uint8_t kind;		/* enum milestone_kind */
};
/* "queues", "root": a kind's name in the JSON */
const char *milestone_kind_name(enum milestone_kind k);
/* A boot keeps this many; a crafted log's further ones are dropped. */
#define CYCLE_MILESTONES_MAX 4096

struct pm_cycle {
	int index;		/* 1-based, in log order */
	enum pm_mode mode;
	const char *mode_label;	/* as the log said it: "deep", "s2idle" */
	const char *init_path;	/* a boot's "Run /sbin/init as init process":
				 * "/sbin/init"; NULL unseen. "/init" is the
				 * initramfs's own (the kernel tries it first),
				 * the others the root's */
	ns_t start, end;	/* first and last event seen */
	/* Where the machine went to sleep and woke (firmware entry and exit,
	 * the s2idle loop); equal for S3, whose clock stops. NS_NONE unknown. */
	ns_t sleep_ts, wake_ts;
	/* The firmware's own figures (ACPI FPDT, as sleepgraph saved them):
	 * not part of the totals, which the kernel's clock measures. */
	ns_t fw_suspend_ns, fw_resume_ns;
	/* Its start on the wall clock, ns since the epoch (UTC), where the
	 * inputs tell it (a run folder's clocks, input/facts/residency.c);
	 * NS_NONE unknown. */
	int64_t wall_start;
	ns_t boot_marks[BM_COUNT];	/* enum boot_mark, NS_NONE not seen */
	const char *wake_reason;	/* "IRQ 9; ACPI fixed event", NULL */
	bool from_trace;	/* read from a trace: exact callback times */
	bool resumed;		/* reached the end of resume */
	bool aborted;		/* suspend failed and backed out */
	bool start_cut;		/* the log begins inside it (an excerpt, a
				 * wrapped buffer): its start is not seen */
	bool end_cut;		/* its excerpt ends inside it: the log starts
				 * again there at an earlier time (another
				 * paste, another run) */
	bool end_pasted;	/* and there a mail's paste ended, another
				 * following: the author cut it, not the
				 * kernel (an excerpt, no hang) */
	int main_pid;		/* the driving thread, -1 unknown */
	const char *main_comm;
	struct pm_phase *phases;
	size_t nphases, phases_cap;
	struct pm_callback *cbs;
	size_t ncbs, cbs_cap;
	const struct pm_callgraph_packed **graphs;	/* function_graph summaries
							 * in run->graph_arena, cb->graph_id */
	size_t ngraphs, graphs_cap;
	struct pm_thread *threads;
	size_t nthreads;
	const char *file;
	unsigned int first_line, last_line;
	struct pm_work *works;	/* by start once the cycle is built */
	size_t nworks, works_cap;
	size_t works_cut;	/* shorter ones not kept: over CYCLE_WORKS_MAX */
	struct pm_sleep *sleeps;	/* by pid, then start, once built */
	size_t nsleeps, sleeps_cap;
	size_t sleeps_cut;	/* not kept: over CYCLE_SLEEPS_MAX */
	struct pm_message *msgs;	/* in log order */
	size_t nmsgs, msgs_cap;
	size_t msg_bytes;	/* counted against CYCLE_MSG_BYTES */
	size_t msgs_cut;	/* lines not kept: over CYCLE_MSG_BYTES */
	struct pm_milestone *milestones;	/* a boot's, in log order */
	size_t nmilestones, milestones_cap;
};

/* Sleeps by what woke them, as masks of enum sleep_woke: waiting on a
 * device or a timer (or not known: no sched_wakeup), and on a task. */
#define SLEPT_DEVICE ((1u << SLEEP_WOKE_UNKNOWN) | (1u << SLEEP_WOKE_IRQ))
#define SLEPT_TASK (1u << SLEEP_WOKE_TASK)

/* How long @pid slept between @a and @b in @c, woken as @woke (SLEPT_*)
 * says; -1 when @c's trace did not hold every sleep (no sched_switch, or
 * more than it keeps). */
ns_t cycle_slept(const struct pm_cycle *c, int pid, ns_t a, ns_t b, unsigned int woke);

/*
 * What the reading saw that is worth a word: a line not used, a return
 * line lost, a file of the run not read. Its code (findings.h) says what
 * it is and how grave; the findings analysis lists it with the rest.
 */
struct pm_warning {
	enum finding_code code;
	int cycle;		/* 1-based, 0 none */
	const char *file;
	unsigned int line;
	char *text;
};

/*
 * What the kernel printed that went wrong, as it printed it: the facts
 * the findings analysis (analysis/findings.c) makes failures of.
 */
enum verdict_kind {
	VK_NONE,
	VK_CB_ERROR,	/* a callback's end with an error: its return line
			 * ("returned -19 after 5 usecs") or trace event */
	VK_DEV_FAILED,	/* the PM core's "DEV: PM: failed to resume async:
			 * error -19" (before 5.x "PM: Device DEV failed to
			 * ...") */
	VK_CB_RETURNS,	/* "DEV: PM: dpm_run_callback(): FN returns -19",
			 * a bus's "pci_pm_suspend(): FN returns -16" */
	VK_PHASE_FAILED,/* "PM: noirq suspend of devices failed", "... of
			 * devices aborted after 3.2 msecs" */
	VK_ABORT,	/* the suspend backed out: "Some devices failed to
			 * suspend, or early wake event detected", a freezer
			 * that failed, a wakeup pending, an image not made */
	VK_OOPS,	/* an Oops, a BUG, a panic, a general protection fault */
	VK_STALL,	/* a soft or hard lockup, an RCU stall, a hung task */
	VK_WARNING,	/* a WARN(): "WARNING: CPU: 3 PID: 518 at ..." and
			 * since 6.19 "WARNING: FILE:LINE at FN, CPU#3: ..." */
	VK_COUNT,
};

/*
 * One verdict line. @phase is the phase the kernel named, as the model
 * names phases ("suspend_noirq" for "failed to suspend async noirq"),
 * NULL when the line named none. A VK_CB_ERROR keeps its callback's
 * start line (@cb_line), which finds the callback again whatever the
 * merging of a log and its trace did to indices.
 */
struct pm_verdict {
	ns_t ts;
	const char *device;	/* interned, NULL */
	const char *driver;
	const char *phase;
	const char *fn;		/* the callback function, NULL */
	const char *text;	/* the line's words, interned */
	int err;		/* the error as printed, 0 none */
	int cycle;		/* 1-based, 0 none */
	uint32_t line, cb_line;
	uint16_t file_id;	/* index into run->sources */
	uint8_t kind;		/* enum verdict_kind */
	uint8_t cb_flags;	/* VK_CB_ERROR: CB_INITCALL, CB_PROBE, CB_QUIRK */
};
/* A run keeps this many (a boot's deferred probes come by the hundred;
 * a crafted log's by the million), and counts the rest. */
#define RUN_VERDICTS_MAX 100000

/* A device link (/sys/class/devlink): the consumer waits for the supplier
 * in resume, the supplier for the consumer in suspend. */
struct pm_link {
	int supplier, consumer;	/* indices into run->devs */
	const char *status;	/* "active", "dormant", ... as read */
};

/*
 * A kernel log line inside a cycle that no PM rule took ("xhci_hcd
 * 0000:39:00.0: Timeout while waiting for setup device command"): what
 * the log itself says while callbacks run. Text in run->msg_arena, cut
 * at MSG_TEXT_MAX bytes; a cycle keeps at most CYCLE_MSG_BYTES of them
 * (structs and text), the last CYCLE_ALARM_BYTES for the kernel's alarms
 * only (@alarm: a hang's oops comes last, after a boot's thousand
 * lines), and counts the lines it dropped (msgs_cut).
 */
struct pm_message {
	ns_t ts;		/* NS_NONE when the line had no time */
	const char *device;	/* "DEVICE" of a "DRIVER DEVICE: " prefix,
				 * interned; NULL when the line had none */
	const char *driver;	/* its "DRIVER", interned; NULL none */
	const char *text;	/* the words after the prefix */
	uint32_t line;		/* source line */
	uint16_t file_id;	/* index into run->sources */
	bool alarm;		/* the kernel's own: an oops, a WARN(), a BUG,
				 * a soft lockup, a hung task, an RCU stall */
};
#define MSG_TEXT_MAX 400
#define CYCLE_MSG_BYTES (256 * 1024)
#define CYCLE_ALARM_BYTES (32 * 1024)

struct pm_fact {
	const char *key;
	const char *value;
};

/* A run's id: hex digits of its inputs' digest (input_run_id()). */
#define RUN_ID_LEN 32

/*
 * A run read back from pmscope's own JSON report (input/report/), not
 * from its logs: what the report says that the model has no place for.
 * Its findings were made from lines a report does not keep (the kernel's
 * verdicts, the log's messages): the findings analysis takes them as
 * the report gave them. The run's id and folder are the report's, its
 * logs being elsewhere or gone.
 */
struct pm_given {
	char id[RUN_ID_LEN + 1];	/* "" the report had none */
	const char *folder;	/* interned, NULL none */
	struct findings run;	/* the run's own, as the report lists them */
	struct findings *cycles;	/* each cycle's, parallel to run->cycles */
	size_t ncycles, cycles_cap;
};

struct pm_run {
	struct strpool pool;
	struct pm_cycle *cycles;
	size_t ncycles, cycles_cap;
	struct pm_device *devs;
	size_t ndevs, devs_cap;
	struct pm_link *links;	/* from the system facts, when captured */
	size_t nlinks, links_cap;
	/* device name -> index, open addressing on interned pointers */
	int *dev_slots;
	size_t dev_nslots;
	struct pm_warning *warns;
	size_t nwarns, warns_cap;
	struct pm_verdict *verdicts;	/* in the order read */
	size_t nverdicts, verdicts_cap;
	size_t verdicts_cut;	/* past RUN_VERDICTS_MAX */
	struct pm_fact *facts;	/* kernel, host, ... as the inputs said */
	size_t nfacts, facts_cap;
	const char **sources;	/* input files read */
	size_t nsources;
	struct name_table cb_fns, cb_events;	/* callbacks' fn_id, event_id */
	struct arena graph_arena;	/* the cycles' graphs */
	struct arena msg_arena;		/* the cycles' messages' text */
	struct pm_given *given;	/* read from a report, NULL from logs */
};

struct pm_run *run_new(void);
void run_free(struct pm_run *run);
/* What a cycle holds (the cycle is its run's): for a reader that drops
 * the cycle it was filling. */
void cycle_free(struct pm_cycle *c);

/* @file (interned) as a source of the run: its index (a callback's
 * file_id), a file given twice once; CB_SOURCES_MAX when there is no room. */
size_t run_source(struct pm_run *run, const char *file);
int run_device(struct pm_run *run, const char *name);	/* find or add */
int run_device_find(const struct pm_run *run, const char *name);
/* A new device of device @id's name, last of its twins. */
int run_device_twin(struct pm_run *run, int id);
void run_set_fact(struct pm_run *run, const char *key, const char *value);
const char *run_fact(const struct pm_run *run, const char *key);
/* The run's kernel (its "kernel" fact) is @major.@minor or later: 1, 0;
 * -1 when the run does not say (version_since()). */
int run_kernel_since(const struct pm_run *run, uint64_t major, uint64_t minor);
void run_warn(struct pm_run *run, enum finding_code code, int cycle,
	      const char *file, unsigned int line, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
/* @v kept (its strings interned by the caller), NULL past RUN_VERDICTS_MAX. */
struct pm_verdict *run_verdict(struct pm_run *run, const struct pm_verdict *v);
/* Whether a verdict of the kernel's (a failure it said, an alarm) is
 * cycle @cycle's: a cycle that holds that much is not empty. */
bool run_cycle_said(const struct pm_run *run, int cycle);
/*
 * What @run held at one point, to forget what a file added after it: one
 * that failed half way and is read again from another copy of the same
 * events (a run folder's trace.txt beside a cut trace.dat).
 */
struct run_mark {
	size_t ncycles, nwarns, nverdicts, nsources;
};
struct run_mark run_mark(const struct pm_run *run);
void run_rollback(struct pm_run *run, struct run_mark m);

/* The phase of @kind named @name in @c, the last one if several; or NULL. */
const struct pm_phase *cycle_phase(const struct pm_cycle *c, enum phase_kind kind);
/* A callback's or phase's length: between its time stamps, else the
 * kernel's own printed figure (a log without time stamps); NS_NONE. */
ns_t cb_duration(const struct pm_callback *cb);
ns_t phase_duration(const struct pm_phase *p);
/* The task name of thread @pid in @c, or NULL. */
const char *cycle_thread_comm(const struct pm_cycle *c, int pid);
/* The initcall boot @c hung in: the last one started that never
 * returned, when the kernel never got as far as running init; c->ncbs
 * when none. */
size_t cycle_boot_hang(const struct pm_cycle *c);
/* The phase running at @ts (the last to begin by then), -1 none. */
int cycle_phase_at(const struct pm_cycle *c, ns_t ts);

/* A callback of a run: its cycle's index in run->cycles and its own in
 * that cycle's cbs (the call trees the page wants, input_call_trees()). */
struct cb_ref {
	int cycle, cb;
};

/* @name's index in @t, added when new (@name interned in the run's pool,
 * NULL is 0); 0 when @t already holds @max names. */
uint32_t name_table_id(struct name_table *t, const char *name, uint32_t max);

/*
 * @cb's end line is lost, but its thread was seen starting the next
 * callback of its kind, which the kernel runs one at a time per thread:
 * @cb->end is that start, the latest it can have ended (builder/busy.c),
 * not a time it was seen ending. cb_duration() gives it no length.
 */
static inline bool cb_end_inferred(const struct pm_callback *cb)
{
	return (cb->flags & CB_UNFINISHED) && cb->end != NS_NONE;
}

/* The kernel's own figure for @cb in ns (its unit honoured), NS_NONE. */
static inline ns_t cb_kernel_ns(const struct pm_callback *cb)
{
	return kernel_us_ns(cb->kernel_us, cb->flags & CB_US_1024);
}

static inline const char *cb_fn(const struct pm_run *run, const struct pm_callback *cb)
{
	return cb->fn_id ? run->cb_fns.names[cb->fn_id] : NULL;
}

static inline const char *cb_event(const struct pm_run *run, const struct pm_callback *cb)
{
	return cb->event_id ? run->cb_events.names[cb->event_id] : NULL;
}

static inline const char *cb_file(const struct pm_run *run, const struct pm_callback *cb)
{
	return cb->file_id < run->nsources ? run->sources[cb->file_id] : NULL;
}

static inline const char *msg_file(const struct pm_run *run, const struct pm_message *m)
{
	return m->file_id < run->nsources ? run->sources[m->file_id] : NULL;
}

/* @cb's function_graph summary, unpacked into @view; NULL none. */
const struct pm_callgraph *cb_graph(const struct pm_cycle *c, const struct pm_callback *cb,
				    struct pm_callgraph *view);

/* Two places in the logs, as the model keeps them (@fa, @fb interned:
 * compared by address), ordered by file, then line. */
static inline int place_cmp(const char *fa, unsigned int la, const char *fb, unsigned int lb)
{
	if (fa != fb)
		return (uintptr_t)fa < (uintptr_t)fb ? -1 : 1;
	return la < lb ? -1 : la > lb;
}

#endif
