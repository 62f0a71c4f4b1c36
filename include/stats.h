/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Many runs at once (pmscope stats, compare, stats --html): statistics
 * over their cycles, what each run came to, the differences of two sets,
 * and the summary page's figures. Only the commands and renderers of many
 * runs include it.
 */
#ifndef PMSCOPE_STATS_H
#define PMSCOPE_STATS_H

#include "analysis.h"

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

/* A boot milestone (model.h) over many boots: its stamps, the kernel's
 * clock from 0 (analysis/stats_milestones.c). Each boot has it or not:
 * another machine's disks are no milestone missing. */
struct stat_milestone {
	const char *name;	/* interned in the stats' pool */
	uint8_t kind;		/* enum milestone_kind */
	bool root_systemd;	/* systemd's banner on the root */
	struct stat_series s;
};

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
	struct stat_milestone *milestones;	/* the boots', first seen first */
	size_t nmilestones, milestones_cap;
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
/* analysis/stats_milestones.c: boot @c's milestones into @st; their
 * summaries (stats_finish()); their memory (stats_free()) */
void stats_add_milestones(struct run_stats *st, const struct pm_cycle *c,
			  struct stat_origin at);
void stats_milestones_finish(struct run_stats *st);
void stats_milestones_free(struct run_stats *st);
/* analysis/stats_findings.c, for stats_finish() and stats_free() */
void stats_findings_finish(struct run_stats *st);
void stats_findings_free(struct run_stats *st);
/* Whether @st takes @c: its mode, and a boot or a completed cycle. */
bool stats_takes_cycle(const struct run_stats *st, const struct pm_cycle *c);
/* Summarize every series once all runs are in; renderers read .sum. */
void stats_finish(struct run_stats *st);
void stats_summarize(const struct stat_series *s, struct stat_summary *out);
/* @v into @s (NS_NONE: had it, no figure; @kernel: the kernel's figure) */
void stats_series_add(struct stat_series *s, ns_t v, bool kernel, struct stat_origin at);
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

/*
 * A boot milestone on both sides (compare): the medians, and how long
 * after the milestone before it (of those both sides have, in the
 * before side's order; the first after the kernel's start). A step that
 * changed moved every milestone after it: the one whose step changed
 * most is the one that moved the boot (analysis/stats_milestones.c).
 */
struct stats_ms_pair {
	const struct stat_milestone *a, *b;	/* NULL: not on that side */
	const struct stats_ms_pair *prev;	/* the one before, on both; NULL */
	ns_t change_ns;		/* b - a medians; NS_NONE unless on both */
	ns_t step_a, step_b;	/* after prev (from 0 without one); NS_NONE */
	bool moved;		/* its own step changed by MS_MOVED_MIN_NS and at
				 * least a quarter of the most */
};
#define MS_MOVED_MIN_NS 1000000LL

struct stats_diff {
	unsigned int clock_differs;	/* 1 << enum pm_mode */
	/* boot milestones of either side, by their medians (before's first) */
	struct stats_ms_pair *milestones;
	size_t nmilestones;
	int ms_mover;		/* the one whose step changed most, -1 */
	int ms_end;		/* the last on both where a boot is up (init run,
				 * root mounted, systemd on the root), -1 */
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
/* analysis/stats_milestones.c, for stats_diff() and stats_diff_free() */
void stats_diff_milestones(const struct run_stats *a, const struct run_stats *b,
			   struct stats_diff *d);
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
	const char *kernel;	/* its "kernel" fact, interned; NULL unknown */
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

/* A point of a mode's series over time: one cycle the mode's totals
 * took, in the order the runs were read (a store of pmscope watch is
 * read oldest first). */
struct sum_point {
	size_t run;		/* into tl_summary.runs */
	int cycle;
	ns_t suspend_ns, resume_ns, boot_ns;	/* cycle_totals(), NS_NONE */
	bool new_kernel;	/* its run's kernel is not the previous point's:
				 * the first point, and every kernel change */
};

struct sum_series {
	struct sum_point *v;
	size_t n, cap;
};

struct tl_summary {
	struct strpool pool;
	struct run_stats modes[MODE_BOOT + 1];	/* per mode: totals, devices */
	struct sum_series series[MODE_BOOT + 1];	/* per mode: over time */
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
