// SPDX-License-Identifier: GPL-2.0
/*
 * A cycle's phases follow each other in the kernel's order and never
 * overlap, in every log form. Where the log's figures and its stamps
 * disagree, the placement keeps the kernel's figures where it can and
 * says by how much it moved a phase.
 *
 * A phase's start is often its end line's stamp less the kernel's own
 * figure (ktime), the end of the phase before a stamp of the printk
 * clock: the two disagree by a fraction of a millisecond (1.4 ms over a
 * 2.9 s resume). And some ends are a later line's, the only one the log
 * has: suspend_enter of a log without phase lines and without "Suspending
 * console(s)" runs to "ACPI: Preparing to enter system sleep state", over
 * all the device phases.
 */
#include <stdio.h>

#include "events.h"

/* A move of less than this is the stamps' rounding: done, not said. */
#define SETTLE_SAY_NS 10000LL

struct settle_note {
	char text[512];
	size_t len;
	unsigned int line;	/* the first moved phase's */
	ns_t most;		/* the largest move */
};

static void say_move(struct settle_note *n, const struct pm_phase *p, const char *fmt,
		     double ms, const char *other)
{
	int w;

	if (!n->line)
		n->line = p->line;
	if (n->len >= sizeof(n->text) - 1)
		return;
	w = snprintf(n->text + n->len, sizeof(n->text) - n->len, "%s", n->len ? "; " : "");
	n->len += (size_t)w;
	if (n->len >= sizeof(n->text) - 1)
		return;
	w = snprintf(n->text + n->len, sizeof(n->text) - n->len, fmt, p->name, ms, other);
	n->len += (size_t)w < sizeof(n->text) - n->len ? (size_t)w : sizeof(n->text) - 1 - n->len;
}

/* Does a callback of phase @idx end after @t? Its phase cannot end before. */
static bool cbs_after(const struct pm_cycle *c, size_t idx, ns_t t)
{
	size_t i;

	for (i = 0; i < c->ncbs; i++)
		if (c->cbs[i].phase == (int)idx && c->cbs[i].end != NS_NONE && c->cbs[i].end > t)
			return true;
	return false;
}

/*
 * Phase @i of @c starts before the one before it ended (@floor is where
 * the one before that ended). Where it ends before that one too, that
 * one's end is a later line's, the only one the log had (suspend_enter
 * ended by "ACPI: Preparing to enter system sleep state" after the device
 * phases): it yields when nothing holds its end there, no kernel figure
 * and no callback of its own past the start. Otherwise the two clocks
 * disagree: the stamps stand, and this one starts where the one before
 * ended, shorter than its kernel figure, which stays as printed.
 */
static void settle_one(struct pm_cycle *c, size_t i, ns_t floor, struct settle_note *n)
{
	struct pm_phase *a = &c->phases[i - 1], *p = &c->phases[i];
	ns_t d = a->end - p->start;

	if (p->end != NS_NONE && p->end <= a->end && a->kernel_us == US_NONE &&
	    (floor == NS_NONE || p->start >= floor) && !cbs_after(c, i - 1, p->start)) {
		a->end = p->start;
		if (a->start != NS_NONE && a->start > a->end)
			a->start = a->end;
		if (d >= SETTLE_SAY_NS)
			say_move(n, a, "%s cut %.3f ms short, to where %s begins", d / 1e6, p->name);
	} else {
		p->start = a->end;
		if (p->end != NS_NONE && p->end < p->start)
			p->end = p->start;
		if (d >= SETTLE_SAY_NS)
			say_move(n, p, p->kernel_us != US_NONE ?
				 "%s starts %.3f ms later, where %s ended (its kernel figure kept)" :
				 "%s starts %.3f ms later, where %s ended", d / 1e6, a->name);
	}
	if (d > n->most)
		n->most = d;
}

void settle_phases(struct pm_run *run, struct pm_cycle *c)
{
	struct settle_note n = { .len = 0 };
	ns_t floor = NS_NONE;	/* where the phase before the one before ended */
	size_t i;

	for (i = 0; i < c->nphases; i++) {
		struct pm_phase *p = &c->phases[i];

		if (i && p->start != NS_NONE && c->phases[i - 1].end != NS_NONE &&
		    p->start < c->phases[i - 1].end)
			settle_one(c, i, floor, &n);
		if (p->start != NS_NONE && p->end != NS_NONE && p->end < p->start) {
			/* a clock that went back inside the phase */
			if (p->start - p->end >= SETTLE_SAY_NS)
				say_move(&n, p, "%s ends %.3f ms before it begins by the log's stamps "
					 "(the clock went back%s): taken as no time",
					 (p->start - p->end) / 1e6, "");
			if (p->start - p->end > n.most)
				n.most = p->start - p->end;
			p->end = p->start;
		}
		if (i)
			floor = c->phases[i - 1].end;
	}
	if (n.len)
		run_warn(run, FC_TIMING, c->index, c->file, n.line ? n.line : c->first_line,
			 "cycle %d: phases overlapped by up to %.3f ms (the kernel's figures "
			 "and the log's stamps disagree, or a line came late); placed in the "
			 "kernel's order: %s", c->index, n.most / 1e6, n.text);
}
