// SPDX-License-Identifier: GPL-2.0
/*
 * Per-function totals of a callback's calls: a hash table from the
 * interned name to its entry, emptied at each callback's start without
 * touching its slots (a generation number says which are in use).
 */
#include <stdlib.h>

#include "fgraph.h"

void fg_totals_init(struct fg_totals *t)
{
	memset(t, 0, sizeof(*t));
	t->gen = 1;
}

void fg_totals_free(struct fg_totals *t)
{
	free(t->st);
	free(t->slot);
	memset(t, 0, sizeof(*t));
}

void fg_totals_reset(struct fg_totals *t)
{
	t->n = 0;
	if (++t->gen == 0) {	/* wrapped: every slot free for real */
		memset(t->slot, 0, t->nslots * sizeof(*t->slot));
		t->gen = 1;
	}
}

static size_t slot_of(const struct fg_totals *t, const char *fn)
{
	size_t mask = t->nslots - 1;
	size_t i = (size_t)(((uintptr_t)fn >> 2) * 0x9E3779B97F4A7C15ull >> 32) & mask;

	while (t->slot[i].gen == t->gen && t->st[t->slot[i].idx].fn != fn)
		i = (i + 1) & mask;
	return i;
}

/* At most half full: one or two probes. */
static void grow(struct fg_totals *t)
{
	size_t i;

	free(t->slot);
	t->nslots = t->nslots ? 2 * t->nslots : 256;
	t->slot = xcalloc(t->nslots, sizeof(*t->slot));
	t->gen = 1;
	for (i = 0; i < t->n; i++) {
		struct fg_slot *s = &t->slot[slot_of(t, t->st[i].fn)];

		s->gen = t->gen;
		s->idx = (uint32_t)i;
	}
}

void fg_totals_add(struct fg_totals *t, const char *fn, ns_t dur, ns_t kids)
{
	struct pm_fn_stat *x;
	struct fg_slot *s;

	if (2 * (t->n + 1) > t->nslots)
		grow(t);
	s = &t->slot[slot_of(t, fn)];
	if (s->gen != t->gen) {
		VEC_RESERVE(t->st, t->n, t->cap);
		s->gen = t->gen;
		s->idx = (uint32_t)t->n;
		x = &t->st[t->n++];
		x->fn = fn;
		x->total_ns = x->self_ns = 0;
		x->calls = 0;
	}
	x = &t->st[s->idx];
	x->calls++;
	if (dur == NS_NONE)
		return;
	x->total_ns = ns_sum(x->total_ns, dur);
	if (dur - kids > 0)
		x->self_ns = ns_sum(x->self_ns, dur - kids);
}

static int cmp_total(const void *a, const void *b)
{
	const struct pm_fn_stat *x = a, *y = b;

	if (x->total_ns != y->total_ns)
		return x->total_ns > y->total_ns ? -1 : 1;
	return strcmp(x->fn, y->fn);
}

size_t fg_totals_top(struct fg_totals *t, struct pm_fn_stat *out, size_t max)
{
	size_t k = t->n < max ? t->n : max;

	if (!t->n)
		return 0;
	qsort(t->st, t->n, sizeof(*t->st), cmp_total);
	memcpy(out, t->st, k * sizeof(*out));
	return k;
}
