// SPDX-License-Identifier: GPL-2.0
/*
 * Resources async callbacks share. Callbacks of devices under one host
 * controller can queue on it: USB devices on both root hubs of one xHCI
 * reset one at a time (the HCD's address0_mutex), the ports and disks of
 * one AHCI host go through its error handler and its lock. Run async,
 * such callbacks start together and end one after another, each length
 * mostly the wait for those before it; run sync, each takes its own time.
 *
 * A group is the async callbacks of a phase under one PCI function (the
 * nearest device above them named like one: the host controller), but
 * for its USB root hubs, which resume through the controller and take no
 * port's lock (7.2's root hubs of one xHCI resumed side by side in the
 * time each took alone, the devices on their ports one at a time). Taken
 * in the order they ended, a callback is served from when it asked (its
 * start, or later: not before the one served before it asked) until its
 * end, once the one before it ended; the rest of its length was the
 * queue. When the queue holds a fair share of their lengths the group is
 * a resource of capacity one and its callbacks keep only their own time:
 * the part before they asked, and their service. The replay runs them
 * through it in the order they ask (whatif_sim.c).
 */
#include <stdlib.h>
#include <string.h>

#include "whatif_int.h"

/* A queue this much of the members' summed lengths, and at least
 * WI_SHARE_MIN_NS, makes the group a resource. */
#define WI_SHARE_MIN_PCT 20
#define WI_SHARE_MIN_NS 1000000

static bool hex_run(const char **p, size_t min, size_t max)
{
	size_t n = 0;

	while (n < max && ((**p >= '0' && **p <= '9') || (**p >= 'a' && **p <= 'f'))) {
		(*p)++;
		n++;
	}
	return n >= min;
}

/* "0000:00:14.0": domain, bus, slot, function. */
static bool pci_name(const char *s)
{
	return s && hex_run(&s, 4, 8) && *s++ == ':' && hex_run(&s, 2, 2) && *s++ == ':' &&
	       hex_run(&s, 2, 2) && *s++ == '.' && hex_run(&s, 1, 1) && !*s;
}

/* "usb1": a root hub. Its resume is its controller's bus resume, which
 * takes none of the locks its ports' devices queue on (address0_mutex,
 * the port resets). */
static bool root_hub(const char *s)
{
	if (!s || strncmp(s, "usb", 3) || !s[3])
		return false;
	for (s += 3; *s >= '0' && *s <= '9'; s++)
		;
	return !*s;
}

static int controller(const struct pm_run *run, int dev)
{
	int d = dev >= 0 ? run->devs[dev].parent_id : -1, hops = 0;

	for (; d >= 0 && hops < 64; d = run->devs[d].parent_id, hops++)
		if (pci_name(run->devs[d].name))
			return d;
	return -1;
}

static int cmp_end(const void *a, const void *b, void *arg)
{
	const struct wi_item *it = arg;
	const struct wi_item *x = &it[*(const int *)a], *y = &it[*(const int *)b];

	if (x->m_end != y->m_end)
		return x->m_end < y->m_end ? -1 : 1;
	if (x->m_start != y->m_start)
		return x->m_start < y->m_start ? -1 : 1;
	return *(const int *)a - *(const int *)b;
}

SORT_DEFINE(sort_by_end, int, cmp_end)

/* Group @m (@n items under one controller): a resource when they queued. */
static bool queue(struct wi_sim *s, int *m, size_t n, int res, struct whatif_shared *out)
{
	ns_t prev_end = INT64_MIN, prev_req = INT64_MIN, waited = 0, len = 0;
	size_t i;

	sort_by_end(m, n, s->it);
	for (i = 0; i < n; i++) {
		struct wi_item *it = &s->it[m[i]];

		it->req = it->m_start > prev_req ? it->m_start : prev_req;
		it->svc = it->req > prev_end ? it->req : prev_end;
		waited += it->svc - it->req;
		len += it->m_end - it->m_start;
		prev_end = it->m_end;
		prev_req = it->req;
	}
	if (waited < WI_SHARE_MIN_NS || waited * 100 < len * WI_SHARE_MIN_PCT)
		return false;
	for (i = 0; i < n; i++) {
		struct wi_item *it = &s->it[m[i]];

		it->res = res;
		it->rank = (int)i;
		it->pre = (double)(it->req - it->m_start);
		it->work = it->pre + (double)(it->m_end - it->svc);
	}
	out->ncbs = n;
	out->queued_ns = waited;
	out->length_ns = len;
	return true;
}

void wi_share(const struct pm_run *run, int phase, struct wi_sim *s)
{
	int *grp = xmalloc((run->ndevs ? run->ndevs : 1) * sizeof(int));
	int *ctl = xmalloc((s->n ? s->n : 1) * sizeof(int)), *m = NULL;
	size_t i, k, n, cap = 0;

	for (i = 0; i < run->ndevs; i++)
		grp[i] = 0;
	for (i = 0; i < s->n; i++) {
		struct wi_item *it = &s->it[i];

		it->res = -1;
		ctl[i] = it->cb >= 0 && it->was_async && it->dev >= 0 &&
			 !root_hub(run->devs[it->dev].name) ? controller(run, it->dev) : -1;
		if (ctl[i] >= 0)
			grp[ctl[i]]++;
	}
	m = xmalloc((s->n ? s->n : 1) * sizeof(int));
	for (i = 0; i < s->n; i++) {
		int c = ctl[i];

		if (c < 0 || grp[c] < 2)
			continue;
		for (k = i, n = 0; k < s->n; k++)	/* its members, once */
			if (ctl[k] == c) {
				m[n++] = (int)k;
				ctl[k] = -1;
			}
		VEC_RESERVE(s->shared, s->nshared, cap);
		s->shared[s->nshared] = (struct whatif_shared){ .phase = phase, .dev = c };
		if (queue(s, m, n, (int)s->nshared, &s->shared[s->nshared]))
			s->nshared++;
	}
	free(m);
	free(ctl);
	free(grp);
}
