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

/* The first device of @p's name: the others are its twins. */
static int head_of(const struct pm_run *run, int p)
{
	int h = run_device_find(run, run->devs[p].name);

	return h >= 0 ? h : p;
}

/* A child's parent that has twins: the head of their chain, or -1. */
static int twinned_parent(const struct pm_run *run, int dev)
{
	int p = run->devs[dev].parent_id, h;

	if (p < 0 || !run->devs[p].named_twice)
		return -1;
	h = head_of(run, p);
	return run->devs[h].twin >= 0 ? h : -1;
}

/* @pc (a callback of a would-be parent) and @cc (the child's), both of
 * phase kind @k: the order the PM core never gives them? */
static bool out_of_order(enum phase_kind k, const struct pm_callback *pc,
			 const struct pm_callback *cc)
{
	bool parent_first = k == PK_PREPARE || (phase_kind_is_resume(k) && k != PK_COMPLETE);

	if (parent_first)
		return cc->start != NS_NONE && pc->end != NS_NONE &&
		       cc->start + TWIN_SKEW_NS < pc->end;
	return cc->end != NS_NONE && pc->start != NS_NONE && pc->start + TWIN_SKEW_NS < cc->end;
}

/* Index of @c's callbacks by device and phase, for the devices of
 * twinned names only. */
struct twin_index {
	const struct pm_callback **cb;
	size_t n;
};

static int cmp_dev_phase(const void *a, const void *b)
{
	const struct pm_callback *x = *(const struct pm_callback *const *)a;
	const struct pm_callback *y = *(const struct pm_callback *const *)b;

	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	return (x->phase > y->phase) - (x->phase < y->phase);
}

/* @dev's callback in phase @phase, or NULL. */
static const struct pm_callback *find_cb(const struct twin_index *x, int dev, int phase)
{
	struct pm_callback key = { .dev = dev, .phase = (int16_t)phase };
	const struct pm_callback *k = &key, **hit;

	hit = bsearch(&k, x->cb, x->n, sizeof(*x->cb), cmp_dev_phase);
	return hit ? *hit : NULL;
}

/* Bit @k of @bad[@dev]: the @k-th device of its parent's name broke the
 * order with one of @dev's callbacks in @c. */
static void find_breaks(const struct pm_run *run, const struct pm_cycle *c,
			const struct twin_index *x, uint64_t *bad)
{
	size_t i;

	for (i = 0; i < c->ncbs; i++) {
		const struct pm_callback *cc = &c->cbs[i];
		const struct pm_callback *pc;
		int q, h, k;

		if (cc->phase < 0 || !phase_kind_is_device(c->phases[cc->phase].kind) ||
		    (h = twinned_parent(run, cc->dev)) < 0)
			continue;
		for (q = h, k = 0; q >= 0 && k < 64; q = run->devs[q].twin, k++) {
			pc = q != cc->dev ? find_cb(x, q, cc->phase) : NULL;
			if (pc && out_of_order(c->phases[cc->phase].kind, pc, cc))
				bad[cc->dev] |= 1ull << k;
		}
	}
}

/* The one device of @dev's parent's name left by @bad, or -1. */
static int one_left(const struct pm_run *run, int dev, uint64_t bad)
{
	int q, k, left = -1;

	for (q = twinned_parent(run, dev), k = 0; q >= 0 && k < 64; q = run->devs[q].twin, k++) {
		if (q == dev || (bad >> k & 1))
			continue;
		if (left >= 0)
			return -1;
		left = q;
	}
	return left;
}

void twin_parents(struct pm_run *run, const struct pm_cycle *c)
{
	struct twin_index x = { 0 };
	uint64_t *bad = NULL;
	bool *twinned = NULL;
	size_t i;
	int d, h, q;

	for (i = 0; i < c->ncbs && twinned_parent(run, c->cbs[i].dev) < 0; i++)
		;
	if (i == c->ncbs)
		return;		/* no child of a shared name here */
	twinned = xcalloc(run->ndevs, sizeof(*twinned));
	for (i = 0; i < c->ncbs; i++)
		if ((h = twinned_parent(run, c->cbs[i].dev)) >= 0)
			for (q = h; q >= 0; q = run->devs[q].twin)
				twinned[q] = true;
	x.cb = xmalloc(c->ncbs * sizeof(*x.cb));
	for (i = 0; i < c->ncbs; i++)
		if (twinned[c->cbs[i].dev] && c->cbs[i].phase >= 0)
			x.cb[x.n++] = &c->cbs[i];
	qsort(x.cb, x.n, sizeof(*x.cb), cmp_dev_phase);
	bad = xcalloc(run->ndevs, sizeof(*bad));
	find_breaks(run, c, &x, bad);
	for (d = 0; d < (int)run->ndevs; d++)
		if (bad[d] && (q = one_left(run, d, bad[d])) >= 0)
			run->devs[d].parent_id = q;
	free(bad);
	free(x.cb);
	free(twinned);
}
