/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What-if replay (analysis stage, src/analysis/whatif*.c): a measured
 * cycle's callbacks replayed through a model of the PM core's ordering
 * rules (drivers/base/power/main.c) under another async policy. The
 * result is a predicted struct pm_cycle (same devices and phases, new
 * callback start, end and thread), so the critical path analysis and the
 * timelines run on it unchanged. Pure functions of the model: no I/O.
 *
 * The model (pmscope(1), WHAT-IF):
 * - a device phase's callbacks run in the order they started in the
 *   measured cycle, which is dpm_list order for the driving thread;
 * - a sync callback runs on the driving thread when the loop reaches it,
 *   after its async children (suspend) or async parent (resume) and
 *   device-link partners are done;
 * - an async callback runs on a worker once everything it waits for is
 *   done, and, under the rules before 6.16 on the suspend side, once the
 *   loop reached it;
 * - every callback keeps its measured length (scaled, or 0 when
 *   deferred) and the gap before it that no wait explains (printk, PM
 *   core work on devices without a callback, worker wake-up), wherever
 *   it runs; the phase keeps its measured tail after the last callback;
 * - async callbacks under one host controller that ended one after
 *   another, queued, keep only their own time and queue again on a
 *   resource of capacity one (whatif_share.c);
 * - workers are unlimited; with cpus > 0 the callbacks running at once
 *   share that many CPUs (processor sharing), measured lengths first
 *   being turned into CPU-alone lengths the same way; time function_graph
 *   saw a callback sleep needs no CPU.
 */
#ifndef PMSCOPE_WHATIF_H
#define PMSCOPE_WHATIF_H

#include <stdio.h>

#include "analysis.h"

#define WHATIF_SCHEMA "pmscope-whatif/1"

enum whatif_base {
	WI_MEASURED,	/* each device as it ran, the run's kernel's rules */
	WI_SYNC,	/* pm_async 0 */
	WI_UPFRONT,	/* pm_async 1, power/async flags, rules up to 6.15 */
	WI_REWORK,	/* pm_async 1, power/async flags, rules of 6.16 */
	WI_ASYNC,	/* every device async: bounded by dependencies alone */
	WI_NBASES,
};

/* Who starts async work: up to 6.15 the suspend-side loop schedules each
 * async device when it reaches it (resume side: all of them upfront);
 * since 6.16 async work starts as soon as what it waits for is done. */
enum whatif_rules {
	WI_RULES_UPFRONT,
	WI_RULES_REWORK,
};

enum whatif_change_kind {
	WI_SET_ASYNC,
	WI_SET_SYNC,
	WI_DEFER,	/* the callback returns at once, its work moved off */
	WI_SCALE,	/* the callback's length times .factor */
};

/* A per-device option: devices whose name matches .glob (fnmatch), or
 * device .dev when .glob is NULL, in every device phase or only in phase
 * .phase (a phase name). */
struct whatif_change {
	enum whatif_change_kind kind;
	const char *glob;
	const char *phase;	/* NULL: every phase */
	double factor;
	int dev;		/* index into run->devs when .glob is NULL */
	/* NULL: any driver; else a glob the driver must match ("" matches
	 * a device without one): picks one of devices of one name (model.h,
	 * twin), written DEV{DRIVER} as the reports print a device */
	const char *driver;
};

struct whatif_policy {
	enum whatif_base base;
	const struct whatif_change *changes;	/* later ones win */
	size_t nchanges;
	int cpus;		/* 0: unlimited */
	bool cpus_from_run;	/* .cpus is the run's own count (fact ncpus) */
};

struct whatif_phase {
	int phase;		/* index into both cycles' phases */
	bool predicted;		/* false: kept as measured (no device
				 * phase, or a callback never ended) */
	ns_t measured_ns, predicted_ns;
	size_t ncbs, nasync;	/* callbacks, and how many ran async */
	ns_t kept_gaps_ns;	/* unexplained gaps the replay kept */
	size_t nforced;		/* waits dropped to break a deadlock that
				 * inconsistent facts would cause */
};

/* A resource the replay inferred (whatif_share.c): the async callbacks of
 * a phase under one host controller .dev that ended one after another,
 * the later ones waiting for the earlier: .queued_ns of their summed
 * measured lengths .length_ns was that queue. */
struct whatif_shared {
	int phase;
	int dev;
	size_t ncbs;
	ns_t queued_ns, length_ns;
};

struct whatif_cycle {
	/* The predicted cycle: phases, cbs and threads are its own, the
	 * rest (names, graphs) is the measured cycle's. */
	struct pm_cycle c;
	const struct pm_cycle *measured;
	enum whatif_rules rules;
	struct whatif_phase *phases;	/* one per measured phase */
	size_t nphases;
	size_t *matched;	/* per policy change: callbacks it matched */
	size_t nchanges;
	struct whatif_shared *shared;	/* by phase */
	size_t nshared;
	struct cycle_totals measured_tot, predicted_tot;
};

int whatif_replay(const struct pm_run *run, const struct pm_cycle *measured,
		  const struct whatif_policy *pol, struct whatif_cycle *out);
void whatif_cycle_free(struct whatif_cycle *w);

const char *whatif_base_name(enum whatif_base b);
/* -1 when @s names no policy. */
int whatif_base_parse(const char *s, enum whatif_base *out);
const char *whatif_rules_name(enum whatif_rules r);
/* The rules of the kernel that made @run (its "kernel" fact): 6.16 and
 * later the rework, else (and when unknown) the upfront rules. */
enum whatif_rules whatif_run_rules(const struct pm_run *run);
/* The rules @base replays with on @run. */
enum whatif_rules whatif_base_rules(const struct pm_run *run, enum whatif_base b);

/*
 * The single change per device phase that would save the most (analyze's
 * hint): each sync callback on the phase's critical path or blocked on
 * async work is made async in turn, everything else as measured, and the
 * phase replayed (whatif_hint.c). @cp is the measured cycle's critical
 * path. Phases where no change saves at least WHATIF_HINT_MIN_NS (and 1%
 * of the phase) get none. A device whose power/async is known enabled
 * ran sync for pm_async 0: no per-device change, no candidate.
 */
#define WHATIF_HINT_MIN_NS 1000000
#define WHATIF_HINT_TRIES 16	/* candidates tried per phase, longest first */
struct whatif_hint {
	int phase;		/* index into the cycle's phases */
	int dev;		/* the device made async */
	ns_t measured_ns, predicted_ns;
};

/* No callback of @c's device phases with waits ran off the driving
 * thread (pm_async 0, or no async device). */
bool whatif_cycle_all_sync(const struct pm_cycle *c);
struct critpath;
int whatif_hints(const struct pm_run *run, const struct pm_cycle *c, const struct critpath *cp,
		 struct whatif_hint **out, size_t *n);

/*
 * What `pmscope whatif` reports (report/text_whatif.c, report/json_whatif.c):
 * per replayed cycle the prediction, and the results stage's findings on
 * the predicted cycles (.pred: its cycles parallel to .cycles).
 */
struct pm_results;
struct whatif_report {
	const struct pm_run *run;
	const struct whatif_policy *pol;
	struct whatif_cycle *cycles;
	size_t ncycles;
	const struct pm_results *pred;
	size_t top;		/* critical path segments listed per phase */
};

/* Lines of --help, the man page and the JSON's assumptions: one each. */
extern const char *const whatif_assumptions[][2];
extern const size_t whatif_nassumptions;

int report_whatif_text(FILE *f, const void *whatif_report);
/* A device option as given: "DEV{DRIVER}@PHASE" (text_whatif.c). */
void report_whatif_change(FILE *f, const struct whatif_change *ch);
/* analyze's hint lines and pmscope/1's cycles[].hints[] (text_whatif.c,
 * json_whatif.c). */
struct cycle_results;
struct jw;
void report_text_hints(FILE *f, const struct pm_run *run, const struct cycle_results *cr);
void report_json_hints(struct jw *w, const struct pm_run *run, const struct cycle_results *cr);
int report_whatif_json(FILE *f, const void *whatif_report);

#endif
