/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Analyses: figures derived from the run model. They read the model and
 * never change it; renderers show what they return.
 */
#ifndef PMSCOPE_ANALYSIS_H
#define PMSCOPE_ANALYSIS_H

#include "model.h"

/*
 * Headline lengths (defined in pmscope(1)):
 * suspend: from the start of the cycle's first phase to the moment the
 *   machine went to sleep (sleep_ts), else the start of the machine
 *   phase, else the end of the last suspend-side phase;
 * resume: from the moment it woke (wake_ts), else the end of the machine
 *   phase, to the end of the last resume-side phase.
 */
struct cycle_totals {
	ns_t suspend_ns;	/* NS_NONE when not seen */
	ns_t resume_ns;
	ns_t machine_ns;
	ns_t total_ns;		/* boot: first to last event */
};

void cycle_totals(const struct pm_cycle *c, struct cycle_totals *t);

/*
 * A boot's totals (analysis/boottotals.c), on the kernel's clock, which
 * starts at 0 (definitions, and bootgraph's and systemd-analyze's, in
 * pmscope(1)). NS_NONE where the log does not show them.
 */
struct boot_totals {
	bool boot;		/* a boot cycle: the rest is filled */
	ns_t firmware_ns, loader_ns;	/* before the kernel: never in the log */
	bool fpdt_table;	/* the log lists the firmware's ACPI FPDT table */
	ns_t free_initmem;	/* "Freeing unused kernel ..." (first), time stamp */
	ns_t run_init;		/* "Run /init as init process", time stamp */
	const char *init_path;	/* the init it ran: "/init", "/sbin/init"; NULL */
	ns_t kernel_ns;		/* 0 to run_init */
	ns_t freed_ns;		/* 0 to free_initmem */
	ns_t bootgraph_ns;	/* 0 to the last "Freeing unused kernel" line:
				 * bootgraph's "Init process starts @" */
	ns_t builtin_ns;	/* first initcall start to the last built-in one's end */
	ns_t user_ns;		/* run_init to the end of the last initcall after it */
	ns_t systemd;		/* the root's systemd's banner, time stamp */
	ns_t systemd_initrd;	/* the initrd's systemd's banner, time stamp */
	ns_t init_systemd_ns;	/* run_init to systemd: the initrd, the root's
				 * mount, systemd's first steps */
	int first_initcall;	/* indices into cycle->cbs, -1 */
	int last_builtin;	/* the last built-in initcall to end */
	int last_initcall;	/* the last initcall to end */
	size_t nbuiltin, nmodule;	/* initcalls before and after free_initmem
					 * (run_init when that is missing) */
};

void boot_totals(const struct pm_cycle *c, struct boot_totals *t);

/* Indices of the @n longest callbacks of @c (optionally in one phase,
 * @phase >= 0), longest first; returns how many. */
size_t cycle_slowest(const struct pm_cycle *c, int phase, size_t *idx, size_t n);

/* Callbacks counted per phase into @counts (c->nphases entries). */
void cycle_phase_counts(const struct pm_cycle *c, size_t *counts);

/*
 * Critical path and blocking (analysis/critpath.c). Per device phase, the
 * chain of waits that set the phase's length, walked back from its end;
 * per cycle, the sync callbacks held back by an async child (suspend) or
 * an async parent (resume). Method and limits: pmscope(1).
 *
 * Tolerances: an end "released" a start when the start lies at most
 * CP_EPS_NS after it, plus CP_EPS_HOP_NS for each device without a
 * callback in between (each is one more async hand-off); ends up to the
 * skew after a start still count (printk stamps from different CPUs,
 * and dmesg starts are the return stamp minus the kernel's figure).
 */
#define CP_EPS_NS	 2000000	/* 2 ms: worker wake-up, generous for emulators */
#define CP_EPS_HOP_NS	 1000000
#define CP_SKEW_DMESG_NS   50000	/* dmesg: us stamps, us figures */
#define CP_SKEW_TRACE_NS    5000	/* ftrace: ns stamps */
/* A dmesg start is the return stamp (printk's clock) minus the kernel's
 * figure (ktime): the two clocks were seen 472 and 1440 ppm apart, so
 * such a start may be off by 0.1% of the callback's length. */
#define CP_DRIFT_PPM	1000
enum cp_kind {
	CP_RUN,		/* a callback running: .cb, .dev */
	CP_WAIT,	/* waiting for device .dev (its callback .cb, or -1 when
			 * the wait went through devices with no callback) */
	CP_GAP,		/* the driving thread idle, explained by no callback */
};

/*
 * Why a gap of the path is there, as far as the path and the log tell
 * (critpath_gaps.c). After /init a boot waits on user space, placed by
 * systemd's banner on the root (model.h, BM_SYSTEMD): the initramfs's
 * /init before it, or without an initramfs systemd's own first steps;
 * user_init's start (init memory freed) to /init is still the kernel's.
 */
enum cp_gap_why {
	CPG_NONE,		/* not a gap */
	CPG_PHASE_START,	/* from the phase start: nothing to wait for seen */
	CPG_PHASE_END,		/* the last callback to the phase end */
	CPG_THREAD,		/* one thread between two of its callbacks */
	CPG_UNEXPLAINED,	/* no callback or wait explains it */
	CPG_KERNEL_USER,	/* the kernel's pid 1 until /init, then user space */
	CPG_INITRD,		/* user space: the initrd, before systemd */
	CPG_INITRD_SYSTEMD,	/* the initrd, then systemd */
	CPG_SYSTEMD_STARTING,	/* no initramfs: systemd before its banner */
	CPG_SYSTEMD_STARTING_UP,	/* that, then systemd up */
	CPG_SYSTEMD,		/* systemd on the root */
	CPG_COUNT
};

/*
 * 24 bytes: a phase's path has about 1.7 segments per callback, so its
 * size counts against the per-callback memory bound (README). The
 * thread of a CP_RUN is its callback's, cp_seg_pid().
 */
struct cp_segment {
	ns_t start, end;
	int32_t cb:28;		/* index into cycle->cbs, -1; 2^27 callbacks of
				 * one cycle would take 6 GB before this overflows */
	uint32_t why:4;		/* a gap's enum cp_gap_why */
	int32_t dev:29;		/* index into run->devs, -1; 2^28 devices would
				 * take tens of GB before this overflows */
	uint32_t kind:2;	/* enum cp_kind */
	uint32_t inferred:1;	/* from timing alone, not from the device tree */
};
_Static_assert(sizeof(struct cp_segment) == 24, "a path segment's 24 bytes");
_Static_assert(CPG_COUNT <= 16, "a gap's why fits its 4 bits");

/* The thread a segment ran on: a CP_RUN's callback's, else -1. */
static inline int cp_seg_pid(const struct pm_cycle *c, const struct cp_segment *s)
{
	return s->kind == CP_RUN && s->cb >= 0 ? c->cbs[s->cb].pid : -1;
}

/* A thread's share of a phase. */
struct cp_thread {
	int pid;
	bool main;		/* the driving thread */
	size_t ncbs;
	ns_t busy_ns;		/* in callbacks */
	ns_t idle_ns;		/* the rest of the phase */
	ns_t blocked_ns;	/* main: idle because of blocked sync devices */
};

/* A callback off the critical path and how much later it could have ended
 * before the phase got longer (dependents and the phase end allowing). */
struct cp_slack {
	int cb;
	ns_t slack_ns;
};

struct cp_phase {
	int phase;		/* index into cycle->phases */
	struct cp_segment *segs;	/* in time order; they tile the phase */
	size_t nsegs;
	ns_t explained_ns;	/* covered by CP_RUN and CP_WAIT segments */
	ns_t length_ns;		/* phase end - start = sum of the segments */
	ns_t run_ns, wait_ns, gap_ns;	/* the segments by kind */
	struct cp_thread *threads;	/* driving thread first, then by busy */
	size_t nthreads;
	struct cp_slack *slack;	/* the longest callbacks off the path */
	size_t nslack;
};

/* The thread a CPG_THREAD gap @s (in its phase's segs, after the callback
 * it follows) lies between callbacks of; -1 for any other segment. */
static inline int cp_gap_thread(const struct pm_cycle *c, const struct cp_segment *s)
{
	return s->why == CPG_THREAD ? cp_seg_pid(c, s - 1) : -1;
}

/* Each gap's why in @p's segments (critpath_gaps.c). */
void cp_gap_reasons(const struct pm_cycle *c, struct cp_phase *p);

#define CP_DELAYED_KEEP 16

struct cp_blocked {
	int cb;			/* the sync callback that was held back */
	int waited_cb;		/* the async callback it waited for, -1 */
	int waited_dev;		/* the device it waited for */
	int phase;
	ns_t lost_ns;		/* driving thread idle because of it */
	size_t ndelayed;	/* later sync callbacks pushed back by it */
	bool inferred;
	/* The first CP_DELAYED_KEEP of those, in time order, and the last:
	 * a list per blocked device would make results (and the JSON)
	 * quadratic in callbacks on a long phase with many of them. */
	int delayed[CP_DELAYED_KEEP];
	int delayed_last;	/* -1 when ndelayed is 0 */
	int *via;		/* devices without a callback the wait went
				 * through, nearest to .cb first; none when
				 * .waited_dev is its own child/parent */
	size_t nvia;
	ns_t ready;		/* when the driving thread was free for it */
};

struct critpath {
	struct cp_phase *phases;
	size_t nphases;
	struct cp_blocked *blocked;	/* ranked by lost_ns, largest first */
	size_t nblocked;
	ns_t eps_ns, skew_ns;	/* the tolerances used (CP_EPS_NS, CP_SKEW_*) */
	bool devtree;		/* a device tree from system facts was used */
};

int critpath_compute(const struct pm_run *run, const struct pm_cycle *c,
		     struct critpath *out);
void critpath_free(struct critpath *cp);

/*
 * What the log said while each callback ran (analysis/messages.c): the
 * cycle's messages stamped between the callback's start and end (the
 * critical path's printk skew and clock drift allowed; an unfinished
 * callback to the cycle's end) that its device, a parent, a child or
 * another device of its driver printed, and the error-shaped lines of
 * that time from anyone (timeouts, "error -N", "failed", firmware and
 * ACPI errors). Most telling first: errors of its own family (device,
 * parents, children), errors of others, its own device's words, its
 * family's, its driver's; at most CB_MSGS_MAX per callback.
 */
enum msg_rel {
	MR_DEVICE,	/* the callback's own device */
	MR_PARENT,	/* a parent, grandparent ... */
	MR_CHILD,	/* a child, grandchild ... */
	MR_DRIVER,	/* another device of the same driver */
	MR_OTHER,	/* anyone else: kept only when error-shaped */
};

struct cb_msg {
	uint32_t msg;		/* index into cycle->msgs */
	uint8_t rel;		/* enum msg_rel */
	bool error;		/* error-shaped */
	bool alarm;		/* the kernel's own: an oops, a warning, a stall */
};
#define CB_MSGS_MAX 8

struct cycle_messages {
	size_t *first;		/* callback i's: msgs[first[i]] up to
				 * msgs[first[i + 1]]; NULL when none has any */
	struct cb_msg *msgs;
	size_t nmsgs;
	/* Callbacks that returned 0 although a line of their own device, a
	 * parent or a child said error or timeout while they ran: warnings
	 * the kernel gave no failure for. In callback order. */
	size_t *said_error;
	size_t nsaid_error;
};

/* Callback @cb's messages in @m; how many (*out NULL when none). */
static inline size_t cb_msgs(const struct cycle_messages *m, size_t cb,
			     const struct cb_msg **out)
{
	*out = m->first ? &m->msgs[m->first[cb]] : NULL;
	return m->first ? m->first[cb + 1] - m->first[cb] : 0;
}

/* Callback @cb of @c is in said_error[]: it returned 0, yet its own
 * device, a parent or a child said error or timeout while it ran (its
 * most telling line). */
static inline bool cb_said_error(const struct cycle_messages *m, const struct pm_cycle *c,
				 size_t cb)
{
	const struct cb_msg *x;

	return c->cbs[cb].has_ret && c->cbs[cb].ret == 0 && cb_msgs(m, cb, &x) && x[0].error &&
	       (x[0].rel == MR_DEVICE || x[0].rel == MR_PARENT || x[0].rel == MR_CHILD);
}

const char *msg_rel_name(enum msg_rel r);
/* A timeout, "error -N", "failed", a firmware or ACPI error ... */
bool msg_is_error(const char *text);

/*
 * The results stage (analysis/results.c): what the analyses found in each
 * cycle, computed once through one table of analyses. Renderers read
 * these and compute nothing themselves; a new analysis is one file, one
 * entry in that table and its field here.
 */
struct whatif_hint;
/* What threads did outside callbacks (analysis/works.c): the phase each
 * of the cycle's works began in, and the longest. */
struct cycle_works {
	int *phase;		/* per cycle->works: index into cycle->phases, -1 none */
	size_t *longest;	/* indices into cycle->works, longest first, at most
				 * the --top count */
	size_t nlongest;
	size_t nthreads;	/* threads with any */
};

/* A cycle's facts for the findings: indices into run->warns and
 * run->verdicts, in the order read. */
struct cycle_facts {
	size_t *warns, nwarns;
	size_t *verdicts, nverdicts;
};

/*
 * The findings (analysis/findings.c, findings.h): a cycle's from its
 * callbacks, state, verdicts and warnings (@m: the messages analysis's
 * callbacks that said error, NULL none); the run's from what lies outside
 * any cycle, and no data.
 */
void findings_cycle(const struct pm_run *run, const struct pm_cycle *c,
		    const struct cycle_facts *facts, const struct cycle_messages *m,
		    struct findings *out);
void findings_run(const struct pm_run *run, const struct cycle_facts *facts,
		  struct findings *out);
void findings_free(struct findings *fs);
/* "ENODEV" for -19, NULL when the error has no name. */
const char *finding_err_name(int err);

struct cycle_results {
	const struct pm_cycle *c;
	bool shown;		/* selected by the options; the rest stays empty */
	struct cycle_totals totals;
	struct boot_totals boot;	/* boot cycles: analysis/boottotals.c */
	size_t *phase_cbs;	/* callbacks per phase (c->nphases) */
	size_t *slowest;	/* indices into c->cbs, longest first */
	size_t nslowest;
	int graph_cb;		/* the longest callback with a call graph, -1 */
	int graph_sleep;	/* its longest sleep: index into its graph's
				 * spans, -1 none */
	struct critpath cp;	/* boot cycles: analysis/bootpath.c */
	struct cycle_messages msgs;
	struct cycle_works works;
	struct whatif_hint *hints;	/* per device phase, the change that
					 * saves most (whatif.h), when asked */
	size_t nhints;
	struct cycle_facts facts;	/* its warnings and verdicts */
	struct findings findings;	/* analysis/findings.c */
	uint8_t *cb_failed;	/* per callback: a finding says it failed
				 * (finding_code_desc.cb_failed); NULL none */
	size_t nsev[SEV_COUNT];	/* its findings by severity, kept when
				 * the list is released (streaming) */
};

/*
 * Who and what a run is (analysis/ident.c), what a fleet's rows key and
 * group by: the run's id, its machine and kernel, from what the inputs
 * said (pmscope(1), JSON: run). Strings are the run's facts or kept in
 * @pool; NULL unknown. @id is the inputs' digest, filled by
 * input_run_id() (it reads them again) where an output wants it.
 */
struct run_ident {
	char id[RUN_ID_LEN + 1];	/* "" not computed */
	const char *folder;	/* the folder its sources are named from */
	const char *host, *machine, *vendor, *product, *board, *bios, *machine_id;
	const char *kernel, *cmdline, *date;
	struct strpool pool;
};

void run_ident_fill(const struct pm_run *run, struct run_ident *ri);
void run_ident_free(struct run_ident *ri);
/* @path from @ri's folder (a pointer into @path), @path when outside it;
 * NULL stays NULL. */
const char *run_ident_rel(const struct run_ident *ri, const char *path);

enum { RESULTS_MAX_ANALYSES = 16 };

struct results_opts {
	size_t top;		/* slowest callbacks kept per cycle */
	int cycle;		/* only this cycle (1-based), 0 all */
	bool hints;		/* the what-if hint per device phase */
	bool verdict_only;	/* the findings alone (stats, compare) */
};

struct pm_results {
	const struct pm_run *run;
	struct cycle_results *cycles;	/* parallel to run->cycles */
	size_t ncycles;
	struct cycle_facts run_facts;	/* of no cycle */
	struct findings findings;	/* the run's own, of no cycle */
	/* Every finding of the run and of its cycles computed so far, by
	 * severity and by code: the verdict (exit status) reads these. */
	size_t nsev[SEV_COUNT];
	size_t ncode[FC_COUNT];
	struct results_opts opts;
	struct run_ident ident;	/* set up by results_begin() */
	/* How often each analysis ran: once per shown cycle, whatever the
	 * outputs (pmscope analyze -s prints it). */
	unsigned int runs[RESULTS_MAX_ANALYSES];
};

/*
 * What a run comes to, as every output and the exit status say it:
 * failed (a failure finding, the kernel's or the reading's), no data (the
 * inputs held no cycle, and nothing failed), or ok (warnings and notes
 * allowed).
 */
enum verdict { VERDICT_OK, VERDICT_FAILED, VERDICT_NO_DATA };
enum verdict results_verdict(const struct pm_results *r);
/* "ok", "failed", "no-data" */
const char *verdict_name(enum verdict v);

/* Every shown cycle's results at once (what a renderer that needs the
 * whole run, such as a timeline, reads); -1 when an analysis failed. */
int results_compute(struct pm_results *r, const struct pm_run *run,
		    const struct results_opts *o);
/*
 * Or one cycle at a time, so that memory holds the model and a single
 * cycle's results however many cycles a run has: results_begin() sets up
 * every cycle (selection, warnings) with no analysis run,
 * results_cycle() runs the analyses of cycle @i, results_cycle_release()
 * frees what they allocated; the cycle keeps its inline figures (totals,
 * counts), its arrays are gone.
 */
void results_begin(struct pm_results *r, const struct pm_run *run, const struct results_opts *o);
int results_cycle(struct pm_results *r, size_t i);
void results_cycle_release(struct pm_results *r, size_t i);
void results_free(struct pm_results *r);
/* "totals 2, slowest 2, critpath 2" into @buf. */
void results_counts(const struct pm_results *r, char *buf, size_t n);

/*
 * Statistics over many cycles (analysis/cycle_stats.c): one side of a
 * comparison, or every cycle of a lab's runs. Cycles are added one run at
 * a time, so the runs themselves need not stay in memory; names are
 * copied into the stats' own pool.
 */
struct stat_summary {
	size_t n;
	ns_t min, median, max;	/* NS_NONE when n == 0 */
	ns_t p95;		/* the 95th percentile, interpolated as SQL's
				 * percentile_cont(0.95), whole ns down */
	ns_t mean, stddev;	/* stddev NS_NONE when n < 2 */
};

/* Where the largest value of a series came from. */
struct stat_origin {
	const char *source;	/* input file, from the stats' pool */
	int cycle;		/* 1-based within that input */
};

struct stat_series {
	ns_t *v;		/* in the order added */
	size_t n, cap;
	/* Cycles taken that had it (the phase, the device's callback, a
	 * total) but no figure for it: left out of v, said, never hidden. */
	size_t nmissing;
	/* Of v, figures the kernel printed with no time stamps around them:
	 * the model's length then, as analyze gives it (phase_duration()). */
	size_t nkernel;
	ns_t worst_v;		/* the largest value */
	struct stat_origin worst;	/* and where it came from */
	struct stat_summary sum;	/* filled by stats_finish() */
};

/* A phase (device NULL), or one device's callbacks within a phase. */
struct stat_row {
	const char *phase;
	const char *device;
	const char *driver;
	struct stat_series s;
	size_t ndevices;	/* a phase's: its device rows (stats_finish()) */
	double rank;		/* a phase's place: phase_rank() */
};

/* Where a cycle's times came from: a log's lines, or a trace's events
 * (pm_cycle.from_trace: a log read with its trace is timed by the trace). */
enum stat_clock { SC_LOG, SC_TRACE, SC_COUNT };

/* A boot's totals (boot_totals()) taken as series: the figures a kernel
 * or its initrd moves from one boot to the next. */
enum stat_boot { SB_KERNEL, SB_SYSTEMD, SB_MODULES, SB_COUNT };
struct stat_boot_name {
	const char *label;	/* in the text, 14 columns */
	const char *key;	/* in the JSON */
};
extern const struct stat_boot_name stat_boot_names[SB_COUNT];

/* A run given to stats or compare, read or not: what it came to. */
struct stat_run {
	const char *source;
	enum verdict verdict;
	const char *why;	/* why it was not (or only partly) read, NULL */
	size_t ncycles;
	size_t nsev[SEV_COUNT];
};

/*
 * Findings over many runs (stats_add_findings()): per code (@device
 * NULL) and per code and device, how many and in how many runs; the
 * first one's words and place.
 */
struct stat_finding {
	enum finding_code code;
	const char *device;	/* NULL: the code's own row */
	size_t count, nruns;
	size_t last_run;	/* the run that counted last, for nruns */
	const char *example;
	const char *first_file;
	unsigned int first_line;
};

struct run_stats {
	struct strpool pool;
	const char *mode;	/* only cycles of this mode are taken, NULL all */
	size_t ncycles;		/* cycles taken */
	size_t nskipped;	/* not taken: other mode, aborted, never resumed */
	size_t nfailed;		/* of those, of the mode: aborted or never resumed */
	size_t nuntimed;	/* taken, with no time stamps (c->start NS_NONE) */
	size_t timed[MODE_BOOT + 1][SC_COUNT];	/* cycles taken, by mode and clock */
	size_t ninputs;
	struct stat_series suspend, resume, boot;
	struct stat_series boot_totals[SB_COUNT];	/* boots with the figure */
	/* phases in the order the cycles ran them (stats_finish()), then devices in
	 * first-seen order */
	struct stat_row *rows;
	size_t nrows, rows_cap;
	int *slots;		/* (phase, device) -> row, open addressing */
	size_t nslots;
	/* The device rows with a figure, slowest first (stats_finish()): by
	 * median (then name), and by worst case */
	size_t *by_median, *by_max;
	size_t nranked;
	struct stat_run *runs;	/* every input, read or not */
	size_t nruns, runs_cap;
	size_t nverdict[VERDICT_NO_DATA + 1];	/* runs by verdict, unread ones
						 * failed */
	size_t nunread;		/* of those, runs that could not be read */
	/* by code, then by device, in first-seen order; sorted by
	 * stats_finish(): code rows by severity and count, each followed
	 * by its devices by count */
	struct stat_finding *findings;
	size_t nfindings, findings_cap;
};

void stats_init(struct run_stats *st, const char *mode);
void stats_free(struct run_stats *st);
/* Take every cycle of @run (read from @source). */
void stats_add_run(struct run_stats *st, const struct pm_run *run, const char *source);
/* The findings of the run just added (results_compute(), verdict_only),
 * and its verdict; @err: why it was read only in part, NULL. */
void stats_add_findings(struct run_stats *st, const struct pm_results *res, const char *source,
			const char *err);
/* An input that could not be read at all: a failed run, said why. */
void stats_add_unread(struct run_stats *st, const char *source, const char *why);
/* analysis/stats_findings.c, for stats_finish() and stats_free() */
void stats_findings_finish(struct run_stats *st);
void stats_findings_free(struct run_stats *st);
/* Whether @st takes @c: its mode, and a boot or a completed cycle. */
bool stats_takes_cycle(const struct run_stats *st, const struct pm_cycle *c);
/* Summarize every series once all runs are in; renderers read .sum. */
void stats_finish(struct run_stats *st);
/* The row of @device (NULL: the phase itself) in @phase, or NULL. */
const struct stat_row *stats_row(const struct run_stats *st, const char *phase,
				 const char *device);

/*
 * What makes two sides unlike (compare): a mode whose cycles one side
 * timed by a trace and the other by a log, and a phase whose callbacks
 * only one side has, where the other had the phase but timed no callback
 * in it (a log does not print prepare and complete callbacks): those
 * devices' rows were not seen there, they are not new or gone.
 */
struct stats_one_sided {
	const char *phase;	/* the side's own interned name */
	int side;		/* 0 before only, 1 after only */
	size_t ndevices;
};

/* A phase of either side, and its row on each (NULL: not there). */
struct stats_phase_pair {
	const struct stat_row *a, *b;
};

/*
 * How a device's median in a phase changed. A row without a figure had
 * callbacks whose end the log lost (no return line): the device did not
 * go, nor come, and a side where it never ended is worth seeing, a
 * change the other way too.
 */
enum stats_change_kind {
	SCK_CHANGED,	/* a figure on both sides */
	SCK_NEW,	/* after only */
	SCK_GONE,	/* before only */
	SCK_ENDED,	/* before: no figure (no end); after: a figure */
	SCK_NO_END,	/* before: a figure; after: no figure */
};

struct stats_change {
	const struct stat_row *a, *b;	/* before's, after's row (NULL: none) */
	ns_t change_ns;		/* after - before medians; NS_NONE unless SCK_CHANGED */
	ns_t rank_ns;		/* what ranks it: |change_ns|, else the one median */
	enum stats_change_kind kind;
};

struct stats_diff {
	unsigned int clock_differs;	/* 1 << enum pm_mode */
	struct stats_phase_pair *phases;	/* both sides', as the cycles ran them */
	size_t nphases;
	struct stats_one_sided *one_sided;	/* before's, then after's */
	size_t none_sided;
	/* Device rows with a figure on either side, largest change first
	 * (then by device and phase); none when a side took no cycle.
	 * Rows of a phase set apart (one_sided) are not in it. */
	struct stats_change *changes;
	size_t nchanges;
};

void stats_diff(const struct run_stats *a, const struct run_stats *b, struct stats_diff *d);
void stats_diff_free(struct stats_diff *d);
/* "changed", "new", "gone", "ended", "no_end" */
const char *stats_change_kind_name(enum stats_change_kind k);
/* Whether @b timed no callback in the phase of row @r of the other side
 * (it had the phase without them, or not at all: a log without
 * pm_print_times): @r is set apart, not compared. */
bool stats_unseen_in(const struct run_stats *b, const struct stat_row *r);

/*
 * Many runs on one page (pmscope stats --html, analysis/summary.c): each
 * run's figures taken as input_each() hands it over (runs are not kept),
 * the page written by timeline/html_summary.c from them.
 */
/* One run: its worst of each figure. */
struct sum_run {
	const char *source;
	const char *page;	/* the run's own report.html, NULL none */
	size_t ncycles, ntaken;	/* taken: completed (or a boot), in the totals */
	unsigned int modes;	/* 1 << enum pm_mode of its cycles */
	ns_t suspend_ns, resume_ns, boot_ns;	/* the largest of its cycles' */
	const char *worst_dev, *worst_phase;	/* its longest callback */
	int worst_cycle;
	ns_t worst_ns;
	size_t nfail, nwarn;
};

/* Findings alike once their numbers are masked. */
struct sum_issue {
	const char *key;	/* the text, digits as '#', interned */
	const char *example;	/* the first one's text */
	enum finding_code code;
	size_t count, nruns, last_run;
	const char *first_source;
	unsigned int first_line;
	int first_cycle;
};

struct tl_summary {
	struct strpool pool;
	struct run_stats modes[MODE_BOOT + 1];	/* per mode: totals, devices */
	struct sum_run *runs;
	size_t nruns, runs_cap;
	size_t ncycles;
	struct sum_issue *issues;
	size_t nissues, issues_cap;
};

struct tl_summary *tl_summary_new(void);
/* @run's figures and @res's findings (results_compute(), verdict_only). */
void tl_summary_add(struct tl_summary *s, const struct pm_run *run, const struct pm_results *res,
		    const char *source);
void tl_summary_finish(struct tl_summary *s);	/* all runs are in */
void tl_summary_free(struct tl_summary *s);

#endif
