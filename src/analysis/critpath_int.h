/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internals of the critical path analysis (src/critpath_*.c and
 * src/analysis/critpath.c); renderers use analysis.h only.
 *
 * One context per cycle: the device graph (parents, children, device
 * links) is built once; each device phase then gets its own view: which
 * callback each device ran, when each device was done (through devices
 * that ran no callback), and each thread's sequence of callbacks.
 */
#ifndef PMSCOPE_CRITPATH_INT_H
#define PMSCOPE_CRITPATH_INT_H

#include "analysis.h"

struct cp_span {
	const int *v;
	size_t n;
};

/* Compressed adjacency: the list of node i is v[off[i] .. off[i + 1]). */
struct cp_adj {
	int *off, *v;
};

struct cp_ctx {
	const struct pm_run *run;
	const struct pm_cycle *c;
	size_t ndevs;
	struct cp_adj children, suppliers, consumers;
	ns_t skew, eps;		/* see analysis.h */

	/* the phase in hand */
	int phase;
	ns_t start, end;
	bool has_deps;		/* suspend/resume kinds: devices wait for others */
	bool up;		/* resume side: a device waits for parent and suppliers */
	int *dev_cb;		/* device -> its callback in this phase, -1 */
	ns_t *done;		/* device -> when it was done (memo), NS_NONE none */
	int *done_cb;		/* the callback whose end that was, -1 */
	int *done_next;		/* next device along that chain, -1 at the end */
	unsigned char *state;	/* memo state per device */
	int *touched;		/* devices whose memo is set, to reset */
	size_t ntouched, touched_cap;
	int *stack;
	size_t nstack, stack_cap;
	int *cbs;		/* this phase's callbacks (indices into c->cbs) */
	size_t ncbs;
	int *prev_same;		/* cb -> previous callback on its thread, -1 */
	int *next_same;
	int *by_end;		/* this phase's callbacks by end time */
	int *by_end_other;	/* position in by_end of the nearest earlier
				 * callback on another thread, -1 */
	ns_t *slack;		/* cb -> slack (memo), NS_NONE not yet */
	ns_t *la_dev;		/* device -> latest allowed done time (memo) */
	signed char *dev_sync;	/* device -> 1 handled by the driving thread
				 * in this cycle, 0 async, -1 unknown */
	/* sync devices without a callback in the phase that wait for one:
	 * where the driving thread can sit idle with no callback to show
	 * it (by done time; built on first use) */
	struct cp_held { ns_t done; int dev; } *held;
	size_t nheld;
	bool held_built;
};

/* Effective times of a callback, clamped to what the model knows. */
/* Inline: the sorts of the analyses ask these at every comparison. */
static inline ns_t cp_cb_start(const struct cp_ctx *x, int cb)
{
	const struct pm_callback *p = &x->c->cbs[cb];

	return p->start != NS_NONE ? p->start : p->end;
}

/* unfinished: INT64_MAX */
static inline ns_t cp_cb_end(const struct cp_ctx *x, int cb)
{
	const struct pm_callback *p = &x->c->cbs[cb];

	return p->end != NS_NONE ? p->end : INT64_MAX;
}
/* How far an end may lie after @cb's start and still have released it. */
ns_t cp_skew(const struct cp_ctx *x, int cb);
bool cp_cb_main(const struct cp_ctx *x, int cb);

/* critpath_graph.c */
int cp_ctx_init(struct cp_ctx *x, const struct pm_run *run, const struct pm_cycle *c);
void cp_ctx_free(struct cp_ctx *x);
void cp_phase_begin(struct cp_ctx *x, int phase);
void cp_phase_end(struct cp_ctx *x);
/* The devices @dev waits for (@waits) or that wait for it (!@waits). */
void cp_rel(const struct cp_ctx *x, int dev, bool waits, struct cp_span r[2]);
/* When device @dev was done in this phase: NS_NONE when nothing says. */
ns_t cp_done(struct cp_ctx *x, int dev);
/* Whether @dev is handled by the driving thread in this cycle (its
 * power/async off, or pm_async 0, or its callbacks ran there): 1, 0 for
 * async, -1 when nothing says. */
int cp_dev_sync(const struct cp_ctx *x, int dev);
/* Callback-less devices @dev waits for, in a chain (PRED_VIA): hops. */
int cp_chain_hops(const struct cp_ctx *x, int dev);

/* What a callback's start waited for (critpath_pred.c). */
enum cp_pred_kind {
	PRED_NONE,	/* nothing known: the phase started it */
	PRED_THREAD,	/* the previous callback on its own thread */
	PRED_DEP,	/* a device it waits for (.dev, its callback .cb) */
	PRED_VIA,	/* a device it waits for that ran no callback (.dev);
			 * .cb is where the chain of such devices ended */
	PRED_TIMING,	/* timing alone: .cb on another thread ended just before */
	PRED_HELD,	/* the driving thread sat in sync device .dev, which ran
			 * no callback in the phase, until what it waits for
			 * was done (.cb, at the end of a chain as PRED_VIA) */
};

struct cp_pred {
	enum cp_pred_kind kind;
	int cb, dev;
	ns_t at;	/* the end that released the start */
	int hops;	/* callback-less devices in between */
};

void cp_pred_dep(struct cp_ctx *x, int cb, struct cp_pred *p);
void cp_pred(struct cp_ctx *x, int cb, struct cp_pred *p);
/* Sync callback @cb held back after @ready by a sync device without a
 * callback in the phase (critpath_held.c): true with @p filled. */
bool cp_pred_held(struct cp_ctx *x, int cb, ns_t ready, struct cp_pred *p);
/* The latest callback ending at or before @t on a thread other than @pid. */
int cp_latest_other(const struct cp_ctx *x, ns_t t, int pid);
/* Allowed hand-off from an end to the start it released. */
ns_t cp_eps(const struct cp_ctx *x, int hops);

/* critpath_walk.c, critpath_slack.c, critpath_blocked.c */
int cp_walk(struct cp_ctx *x, struct cp_phase *out);
void cp_threads(struct cp_ctx *x, struct cp_phase *out);
void cp_slack(struct cp_ctx *x, struct cp_phase *out, size_t top);
int cp_blocked(struct cp_ctx *x, struct critpath *cp);

#endif
