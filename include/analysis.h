/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Analyses: figures derived from the run model. They read the model and
 * never change it; renderers show what they return.
 */
#ifndef PMSCOPE_ANALYSIS_H
#define PMSCOPE_ANALYSIS_H

#include "critpath.h"
#include "messages.h"
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
	/* boot: the headline, the kernel's clock from 0 to the boot's end
	 * milestone (boot_end, an index into c->milestones): the last of
	 * init run, the root mounted and systemd on the root, where the
	 * log has one of them; else total_ns, and boot_end -1 */
	ns_t boot_ns;
	int boot_end;
};

/* The boot's headline: boot_ns, the first to last event where no
 * milestone ends it (cycle_totals). */
ns_t boot_headline(const struct cycle_totals *t);
/* What ends it, in words: "init /sbin/init", "the root mounted",
 * "systemd on the root"; NULL none. */
const char *boot_end_words(const struct pm_cycle *c, const struct cycle_totals *t);

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
	/* Initcalls and probes that began after the headline's end
	 * milestone (modules udev loaded late): how many, the last to end,
	 * and its end on the kernel's clock. */
	size_t nlate;
	int late_last;		/* index into cycle->cbs, -1 none */
	ns_t late_end;
};

void boot_totals(const struct pm_cycle *c, struct boot_totals *t);

/* Indices of the @n longest callbacks of @c (optionally in one phase,
 * @phase >= 0), longest first; returns how many. */
size_t cycle_slowest(const struct pm_cycle *c, int phase, size_t *idx, size_t n);

/* Callbacks counted per phase into @counts (c->nphases entries). */
void cycle_phase_counts(const struct pm_cycle *c, size_t *counts);

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
 * What a run must hold to have data (--expect): a cycle of one of the
 * modes of @modes, a mask of 1 << enum pm_mode, 0 any cycle. A suspend
 * test that never suspended must not pass on its boot. "suspend" (every
 * mode but boot), "mem", ... into @modes; -1 not one of them.
 */
int expect_parse(const char *s, unsigned int *modes);

/*
 * The findings (analysis/findings.c, findings.h): a cycle's from its
 * callbacks, state, verdicts and warnings (@m: the messages analysis's
 * callbacks that said error, NULL none); the run's from what lies outside
 * any cycle, and no data (no cycle, or none that @expect asks for).
 */
void findings_cycle(const struct pm_run *run, const struct pm_cycle *c,
		    const struct cycle_facts *facts, const struct cycle_messages *m,
		    struct findings *out);
void findings_run(const struct pm_run *run, const struct cycle_facts *facts,
		  unsigned int expect, struct findings *out);
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
	bool hints_all_sync;	/* no callback ran async and no power/async
				 * flag is known: no device is named */
	struct cycle_facts facts;	/* its warnings and verdicts */
	struct findings findings;	/* analysis/findings.c */
	uint8_t *cb_failed;	/* per callback: a finding says it failed
				 * (finding_code_fails_cb()); NULL none */
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
	unsigned int expect;	/* the modes the run must hold one of, 0 any */
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

#endif
