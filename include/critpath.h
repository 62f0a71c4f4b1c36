/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The critical path of each phase and the sync devices blocked on async
 * work (analysis/critpath*.c, analysis/bootpath.c): what the results of a
 * cycle hold of them (analysis.h), for the analyses and their renderers.
 */
#ifndef PMSCOPE_CRITPATH_H
#define PMSCOPE_CRITPATH_H

#include "model.h"

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
	int held_dev;		/* the sync device without a callback in the
				 * phase that the driving thread sat in,
				 * waiting, before .cb: .cb itself waited
				 * for nothing; -1 when .cb's device waited */
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
				 * through, nearest to .cb (or .held_dev)
				 * first; none when .waited_dev is its own
				 * child/parent */
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

#endif
