// SPDX-License-Identifier: GPL-2.0
/*
 * Which of a name's devices is a child's parent. A callback line names
 * the parent by name only, and a name is unique on a bus, not across
 * buses (model.h, twin): the ACPI EC and the platform device made from
 * it are both "PNP0C09:00", and the first of them seen was the parent of
 * every child naming it. The PM core's order tells them apart: dpm_list
 * has parents before children, so a child's suspend, late and noirq
 * callbacks (and its complete) end before its parent's start, and its
 * prepare and resume callbacks start after the parent's end (async ones
 * wait for that). A device of the name whose callback breaks that order
 * is not the parent; when one of the name's devices is left, it is.
 */
#include <stdlib.h>

#include "events.h"

/* Stamps of a log or of a trace's CPUs may disagree by a few us: only a
 * clear break of the order counts. */
#define TWIN_SKEW_NS 1000000
/* A device runs a callback or two a phase: a cycle's first few of each
 * device are asked, whatever a hostile input repeats. */
#define TWIN_CBS_MAX 32
/* Devices of one name asked: the bits of breaks()'s mask. */
#define TWIN_CHAIN_MAX 64

/* The first device of @p's name: the others are its twins. */
static int head_of(const struct pm_run *run, int p)
{
	int h = run_device_find(run, run->devs[p].name);

	return h >= 0 ? h : p;
}

/* A child's parent that has twins: the head of their chain, or -1. A
 * name that is the child's own and one other's leaves nothing to choose
 * (an ATA port's class device under the port of its name). */
static int twinned_parent(struct pm_run *run, int dev)
{
	struct pm_device *d = &run->devs[dev];
	int p = d->parent_id, h, q, n = 0, other = -1;

	if (p < 0 || d->parent_sure || !run->devs[p].named_twice)
		return -1;
	h = head_of(run, p);
	for (q = h; q >= 0 && n < 2; q = run->devs[q].twin)
		if (q != dev) {
			n++;
			other = q;
		}
	if (n >= 2)
		return h;
	d->parent_sure = true;
	if (n == 1)
		d->parent_id = other;	/* not itself: the other one */
	return -1;
}

/* @cb's end as seen: one a lost return line left is only the latest it
 * can have been (cb_end_inferred()), no evidence of order. */
static ns_t seen_end(const struct pm_callback *cb)
{
	return cb_end_inferred(cb) ? NS_NONE : cb->end;
}

/* @pc (a callback of a would-be parent) and @cc (the child's), both of
 * phase kind @k: the order the PM core never gives them? */
static bool out_of_order(enum phase_kind k, const struct pm_callback *pc,
			 const struct pm_callback *cc)
{
	bool parent_first = k == PK_PREPARE || (phase_kind_is_resume(k) && k != PK_COMPLETE);
	ns_t pe = seen_end(pc), ce = seen_end(cc);

	if (parent_first)
		return cc->start != NS_NONE && pe != NS_NONE && cc->start + TWIN_SKEW_NS < pe;
	return ce != NS_NONE && pc->start != NS_NONE && pc->start + TWIN_SKEW_NS < ce;
}

/* @c's callbacks by device: first[dev], then next[cb], in order. */
struct cb_lists {
	int *first, *next;
};

static void lists_make(struct cb_lists *l, const struct pm_run *run, const struct pm_cycle *c)
{
	size_t i;

	l->first = xmalloc(run->ndevs * sizeof(*l->first));
	l->next = xmalloc(c->ncbs * sizeof(*l->next));
	for (i = 0; i < run->ndevs; i++)
		l->first[i] = -1;
	for (i = c->ncbs; i-- > 0;) {
		l->next[i] = l->first[c->cbs[i].dev];
		l->first[c->cbs[i].dev] = (int)i;
	}
}

/* @dev's callback in phase @phase of @c, or NULL. */
static const struct pm_callback *cb_in(const struct cb_lists *l, const struct pm_cycle *c,
				       int dev, int phase)
{
	int i, n;

	for (i = l->first[dev], n = 0; i >= 0 && n < TWIN_CBS_MAX; i = l->next[i], n++)
		if (c->cbs[i].phase == phase)
			return &c->cbs[i];
	return NULL;
}

/* The devices of @d's parent's name that one of @d's callbacks in @c
 * breaks the order with: bit k for the k-th of the chain from @h. */
static uint64_t breaks(const struct pm_run *run, const struct pm_cycle *c,
		       const struct cb_lists *l, int d, int h)
{
	uint64_t bad = 0;
	int i, q, k, n;

	for (i = l->first[d], n = 0; i >= 0 && n < TWIN_CBS_MAX; i = l->next[i], n++) {
		const struct pm_callback *cc = &c->cbs[i], *pc;
		enum phase_kind kind;

		if (cc->phase < 0)
			continue;
		kind = c->phases[cc->phase].kind;
		if (!phase_kind_is_device(kind))
			continue;
		for (q = h, k = 0; q >= 0 && k < TWIN_CHAIN_MAX; q = run->devs[q].twin, k++) {
			pc = q != d ? cb_in(l, c, q, cc->phase) : NULL;
			if (pc && out_of_order(kind, pc, cc))
				bad |= 1ull << k;
		}
	}
	return bad;
}

/* The first device of the chain from @h other than @d left by @bad, -1
 * none; in @n how many are left (2: more than one, or not all asked). */
static int first_left(const struct pm_run *run, int d, int h, uint64_t bad, int *n,
		      bool *parent_bad)
{
	int q, k, left = -1;

	*n = 0;
	*parent_bad = false;
	for (q = h, k = 0; q >= 0 && k < TWIN_CHAIN_MAX; q = run->devs[q].twin, k++) {
		if (q == run->devs[d].parent_id && (bad >> k & 1))
			*parent_bad = true;
		if (q == d || (bad >> k & 1))
			continue;
		if (left < 0)
			left = q;
		*n += 1;
	}
	if (q >= 0)
		*n = 2;		/* past TWIN_CHAIN_MAX: the rest were not asked */
	return left;
}

void twin_parents(struct pm_run *run, const struct pm_cycle *c)
{
	struct cb_lists l = { 0 };
	size_t i;
	int d, h, q, n;
	bool parent_bad;

	/* the devices of @c's callbacks, each once (at its first) */
	for (i = 0; i < c->ncbs; i++) {
		d = c->cbs[i].dev;
		if (l.first && l.first[d] != (int)i)
			continue;
		if ((h = twinned_parent(run, d)) < 0)
			continue;
		if (!l.first)
			lists_make(&l, run, c);
		q = first_left(run, d, h, breaks(run, c, &l, d, h), &n, &parent_bad);
		if (q < 0 || (n > 1 && !parent_bad))
			continue;
		run->devs[d].parent_id = q;	/* the one left, or the first */
		run->devs[d].parent_sure = n == 1;
	}
	free(l.first);
	free(l.next);
}
