/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internals of the what-if replay (src/analysis/whatif*.c): one device
 * phase as items in loop order, simulated by whatif_sim.c.
 */
#ifndef PMSCOPE_WHATIF_INT_H
#define PMSCOPE_WHATIF_INT_H

#include "whatif.h"

/* An item is a callback, or a held device: a sync device without a
 * callback in the phase that still waits, on the driving thread, for
 * what it depends on (cb -1; no work, no gap). */
struct wi_item {
	int cb;			/* index into the measured cycle's cbs, -1 */
	int dev;
	ns_t m_start, m_end;	/* as measured (a held device: when the
				 * driving thread was done with it) */
	double work;		/* ns of progress to make, alone on a CPU */
	double frac;		/* share of a CPU it needs while it runs */
	double over;		/* the kept gap before it */
	double step;		/* the driving thread's time before it reaches
				 * the item when it runs async: the gap a sync
				 * callback made async leaves behind */
	double work0, over0;	/* as measured, before the policy */
	bool async;		/* in the prediction */
	bool was_async;		/* in the measured cycle */
	double start, end;	/* simulated */
	/* On a shared resource (whatif_share.c): .res, -1 none; it runs
	 * .pre of its .work, then asks for the resource (FIFO, equal times
	 * by .rank, the measured order) and holds it for the rest. .req
	 * and .svc: when it asked and was served as measured. */
	int res, rank;
	double pre, pre0;
	ns_t req, svc;
};

/* Items a phase's callbacks wait for, compressed: item i waits for
 * v[off[i] .. off[i + 1]). */
struct wi_adj {
	int *off, *v;
};

struct wi_sim {
	struct wi_item *it;	/* in loop order */
	size_t n;
	size_t ncbs;		/* items that are callbacks */
	struct whatif_shared *shared;	/* the resources, .res indexes it */
	size_t nshared;
	struct wi_adj deps, waiters;
	bool loop_starts_async;	/* async work waits for the loop to reach it */
	int cpus;		/* 0 unlimited */
	double t0;
	double end;		/* out: the loop and every callback done */
	size_t nforced;		/* out */
};

int wi_simulate(struct wi_sim *s);

/* whatif_phase.c: the items of phase @phase of @c, deps and kept gaps. */
struct wi_phase_in {
	const struct pm_run *run;
	const struct pm_cycle *c;
	const struct whatif_policy *pol;
	enum whatif_rules run_rules;	/* how the measured cycle ran */
	enum whatif_rules rules;	/* how the prediction runs */
	size_t *matched;		/* per policy change */
};

struct cp_ctx;
/* whatif_order.c: the items of @phase in loop order (@g in that phase);
 * 1 when a callback has no end to move. */
int wi_collect(struct cp_ctx *g, int phase, struct wi_sim *s);
/* whatif_share.c: the resources of built phase @phase, own times. */
void wi_share(const struct pm_run *run, int phase, struct wi_sim *s);
/* whatif_cpu.c: CPU shares from function_graph's sleeps; measured lengths
 * into lengths alone on one of @cpus CPUs. */
void wi_cpu_shares(const struct pm_cycle *c, struct wi_sim *s);
void wi_deflate(struct wi_sim *s, int cpus);
/* Fills @s (items, deps) for @phase; the tail after the last callback in
 * *@tail. Returns 0, 1 when the phase cannot be replayed (a callback
 * without an end), -1 on error. */
int wi_phase_build(const struct wi_phase_in *in, struct cp_ctx *graph, int phase,
		   struct wi_sim *s, ns_t *tail);
/* The policy @in->pol again on a built phase (whatif_hint.c tries many). */
void wi_phase_policy(const struct wi_phase_in *in, int phase, struct wi_sim *s);
void wi_sim_free(struct wi_sim *s);
/* whatif_threads.c: workers for the predicted async callbacks (pid -1). */
int whatif_threads(struct whatif_cycle *w);

#endif
