/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What each thread was last seen running, for the builder: the kernel
 * runs a thread's PM callbacks one at a time (the driving thread's sync
 * devices in list order, an async worker one device's callback at a
 * time), and its initcalls too (do_initcalls() on pid 1, a module's init
 * in the task that loads it). A thread seen starting the next one has
 * ended the one before, whose return line the log lost.
 */
#ifndef PMSCOPE_BUILD_BUSY_H
#define PMSCOPE_BUILD_BUSY_H

#include "model.h"

/* Kinds that run one at a time per thread; nested kinds are apart:
 * a PCI fixup runs inside an initcall, as do the probes it makes
 * (those have no start line and end nothing). */
enum busy_kind { BUSY_PM, BUSY_INITCALL, BUSY_QUIRK, BUSY_KINDS };

/* The kind of callback @flags names that a thread runs one at a time;
 * -1 for a probe, which runs inside an initcall or a worker's probe. */
static inline int busy_kind(unsigned int flags)
{
	if (flags & CB_PROBE)
		return -1;
	if (flags & CB_INITCALL)
		return BUSY_INITCALL;
	return flags & CB_QUIRK ? BUSY_QUIRK : BUSY_PM;
}

struct busy_slot {
	int pid;		/* -1: empty */
	int cycle;		/* the cycle @cb[] index into */
	int cb[BUSY_KINDS];	/* last callback started, -1 */
};

struct busy_map {
	struct int_index ix;	/* pid -> index into @slots */
	struct busy_slot *slots;
	size_t n, cap;
	size_t last;		/* asked last: a trace's lines come in runs
				 * of one thread's */
};

/* @pid's slot, added empty when new; its callbacks are of cycle @cycle
 * (a slot of another cycle is emptied). @pid >= 0. */
struct busy_slot *busy_get(struct busy_map *m, int pid, int cycle);
/*
 * Callback @i, of kind @k, starts on the thread of @s: what that thread
 * started before of its kind has ended by then, and for an initcall so
 * have the PCI fixups inside the one before. Those callbacks' indices
 * into @ended; returns how many (0 to 2).
 */
int busy_step(struct busy_slot *s, int k, int i, int ended[2]);
void busy_free(struct busy_map *m);

#endif
