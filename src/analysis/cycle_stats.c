// SPDX-License-Identifier: GPL-2.0
/*
 * Statistics over many cycles: the headline totals, each phase's length
 * and each device's time per phase, as distributions. A device's value in
 * a cycle is the sum of its callbacks in that phase (one, nearly always).
 */
#include <stdlib.h>

#include "analysis.h"
#include "stats.h"

void stats_init(struct run_stats *st, const char *mode)
{
	memset(st, 0, sizeof(*st));
	strpool_init(&st->pool);
	st->mode = mode ? strpool_cstr(&st->pool, mode) : NULL;
}

void stats_free(struct run_stats *st)
{
	size_t i;

	free(st->suspend.v);
	free(st->resume.v);
	free(st->boot.v);
	for (i = 0; i < SB_COUNT; i++)
		free(st->boot_totals[i].v);
	stats_milestones_free(st);
	for (i = 0; i < st->nrows; i++)
		free(st->rows[i].s.v);
	free(st->rows);
	free(st->slots);
	free(st->by_median);
	free(st->by_max);
	stats_findings_free(st);
	strpool_free(&st->pool);
}


static size_t slot_of(const struct run_stats *st, const char *phase, const char *device)
{
	uintptr_t k = (uintptr_t)phase * 31 + (uintptr_t)device;

	return (size_t)(hash_bytes(&k, sizeof(k)) & (st->nslots - 1));
}

/* Names are interned in st->pool, so equal names are equal pointers. */
static int find_slot(const struct run_stats *st, const char *phase, const char *device)
{
	size_t i = slot_of(st, phase, device);

	while (st->slots[i] >= 0) {
		const struct stat_row *r = &st->rows[st->slots[i]];

		if (r->phase == phase && r->device == device)
			break;
		i = (i + 1) & (st->nslots - 1);
	}
	return (int)i;
}

/* Each row's slot, after the rows or the slots moved. */
static void reslot(struct run_stats *st)
{
	size_t i;

	for (i = 0; i < st->nslots; i++)
		st->slots[i] = -1;
	for (i = 0; i < st->nrows; i++)
		st->slots[find_slot(st, st->rows[i].phase, st->rows[i].device)] = (int)i;
}

static void rehash(struct run_stats *st)
{
	free(st->slots);
	st->nslots = st->nslots ? st->nslots * 2 : 256;
	st->slots = xmalloc(st->nslots * sizeof(*st->slots));
	reslot(st);
}

static struct stat_row *row_get(struct run_stats *st, const char *phase, const char *device)
{
	struct stat_row *r;
	int slot;

	if ((st->nrows + 1) * 2 > st->nslots)
		rehash(st);
	slot = find_slot(st, phase, device);
	if (st->slots[slot] >= 0)
		return &st->rows[st->slots[slot]];
	VEC_RESERVE(st->rows, st->nrows, st->rows_cap);
	r = &st->rows[st->nrows];
	memset(r, 0, sizeof(*r));
	r->phase = phase;
	r->device = device;
	st->slots[slot] = (int)st->nrows++;
	return r;
}

const struct stat_row *stats_row(const struct run_stats *st, const char *phase,
				 const char *device)
{
	const char *ph = strpool_find(&st->pool, phase);
	const char *dev = device ? strpool_find(&st->pool, device) : NULL;
	int slot;

	/* A name the pool does not hold is in no row. */
	if (!st->nslots || !ph || (device && !dev))
		return NULL;
	slot = find_slot(st, ph, dev);
	return st->slots[slot] >= 0 ? &st->rows[st->slots[slot]] : NULL;
}

/* Whether @c is of the mode @st takes (any when none was given). */
static bool of_mode(const struct run_stats *st, const struct pm_cycle *c)
{
	return !st->mode || !strcmp(st->mode, mode_name(c->mode));
}

bool stats_takes_cycle(const struct run_stats *st, const struct pm_cycle *c)
{
	if (!of_mode(st, c))
		return false;
	return c->mode == MODE_BOOT || (c->resumed && !c->aborted);
}

/* What one device did in one phase of a cycle. */
enum dev_seen {
	DS_NONE,	/* no callback */
	DS_SEEN = 1,	/* a callback, with or without a figure */
	DS_TIMED = 2,	/* one with a figure (sum holds them) */
	DS_KERNEL = 4,	/* one whose figure is the kernel's, no time stamps */
};

/* Whether @drv is one of @list's comma-separated names. */
static bool has_driver(const char *list, const char *drv)
{
	size_t n = strlen(drv);
	const char *p;

	for (p = list; (p = strstr(p, drv)); p += n)
		if ((p == list || p[-1] == ',') && (p[n] == ',' || !p[n]))
			return true;
	return false;
}

/*
 * A row's driver label: the drivers of the devices it adds up, in the
 * order they came ("platform,tpm_crb": the IdeaPad's two MSFT0101:00,
 * the 303.745 ms tpm_crb's), so that a row is not put to the first one.
 */
static void add_driver(struct run_stats *st, struct stat_row *r, const char *drv)
{
	char *both;

	if (!drv || !*drv || (r->driver && has_driver(r->driver, drv)))
		return;
	if (!r->driver) {
		r->driver = strpool_cstr(&st->pool, drv);
		return;
	}
	both = xasprintf("%s,%s", r->driver, drv);
	r->driver = strpool_cstr(&st->pool, both);
	free(both);
}

static void add_devices(struct run_stats *st, const struct pm_run *run,
			const struct pm_cycle *c, const char **phase_names,
			struct stat_origin at)
{
	size_t n = run->ndevs ? run->ndevs : 1, p, i;
	ns_t *sum = xcalloc(n, sizeof(*sum));
	unsigned char *seen = xcalloc(n, sizeof(*seen));
	int *first = xmalloc(n * sizeof(*first));

	/* Rows are by name: devices sharing one (model.h, twin) add up
	 * under the first of them, one value a cycle, each one's driver in
	 * the label. */
	for (i = 0; i < run->ndevs; i++)
		first[i] = run_device_find(run, run->devs[i].name);
	/* Per phase, so a device's callbacks in one phase add up. */
	for (p = 0; p < c->nphases; p++) {
		for (i = 0; i < c->ncbs; i++) {
			const struct pm_callback *cb = &c->cbs[i];
			ns_t d = cb_duration(cb);
			int k = first[cb->dev];

			if (cb->phase != (int)p)
				continue;
			seen[k] |= DS_SEEN;
			if (d == NS_NONE)
				continue;
			sum[k] += d;
			seen[k] |= DS_TIMED;
			if (cb->start == NS_NONE || cb->end == NS_NONE)
				seen[k] |= DS_KERNEL;
		}
		for (i = 0; i < c->ncbs; i++) {
			const struct pm_callback *cb = &c->cbs[i];
			const struct pm_device *dv = &run->devs[cb->dev];
			int k = first[cb->dev];
			struct stat_row *r;

			if (cb->phase != (int)p)
				continue;
			r = row_get(st, phase_names[p], strpool_cstr(&st->pool, dv->name));
			add_driver(st, r, dv->driver);
			if (!seen[k])
				continue;	/* a twin's, added with the first */
			stats_series_add(&r->s, seen[k] & DS_TIMED ? sum[k] : NS_NONE, seen[k] & DS_KERNEL,
				   at);
			sum[k] = 0;
			seen[k] = DS_NONE;
		}
	}
	free(first);
	free(seen);
	free(sum);
}

/*
 * The place of a phase first seen in a cycle: right after the phase
 * before it there (@prev, NULL: it came first), before any later one.
 * A cycle's phases run in its order, so phases a run lacked (a log
 * without prepare ... complete) fall in where a later run has them, a
 * hibernation's freeze, thaw, poweroff as the PM core runs them.
 */
static double phase_rank(const struct run_stats *st, const struct stat_row *prev,
			 const struct stat_row *r)
{
	double lo = prev ? prev->rank : 0, hi = 0;
	bool any = false, after = false;
	size_t i;

	for (i = 0; i < st->nrows; i++) {
		const struct stat_row *x = &st->rows[i];

		if (x->device || x == r)
			continue;
		if (!prev && (!any || x->rank < lo))
			lo = x->rank;
		if (prev && x->rank > lo && (!after || x->rank < hi)) {
			hi = x->rank;
			after = true;
		}
		any = true;
	}
	if (!any)
		return 0;
	if (!prev)
		return lo - 1;
	return after ? (lo + hi) / 2 : lo + 1;
}

const struct stat_boot_name stat_boot_names[SB_COUNT] = {
	[SB_KERNEL] = { "kernel->/init", "kernel_to_init" },
	[SB_SYSTEMD] = { "/init->systemd", "init_to_systemd" },
	[SB_MODULES] = { "/init->modules", "init_to_last_initcall" },
};

/* A boot's totals where its log shows them: a log without systemd's
 * banner is no boot whose figure is missing. */
static void add_boot_totals(struct run_stats *st, const struct pm_cycle *c,
			    struct stat_origin at)
{
	struct boot_totals bt;
	ns_t v[SB_COUNT];
	size_t i;

	boot_totals(c, &bt);
	v[SB_KERNEL] = bt.kernel_ns;
	v[SB_SYSTEMD] = bt.init_systemd_ns;
	v[SB_MODULES] = bt.user_ns;
	for (i = 0; i < SB_COUNT; i++)
		if (v[i] != NS_NONE)
			stats_series_add(&st->boot_totals[i], v[i], false, at);
}

static void add_cycle(struct run_stats *st, const struct pm_run *run,
		      const struct pm_cycle *c, struct stat_origin at)
{
	const char **names = xcalloc(c->nphases ? c->nphases : 1, sizeof(*names));
	struct cycle_totals t;
	size_t p;

	cycle_totals(c, &t);
	/* Totals need time stamps: a cycle without them has none (analyze
	 * gives none either), and is counted as missing. */
	if (c->mode == MODE_BOOT) {
		/* the headline: to the milestone it was up at, as analyze's */
		stats_series_add(&st->boot, boot_headline(&t), false, at);
		add_boot_totals(st, c, at);
		stats_add_milestones(st, c, at);
	} else {
		stats_series_add(&st->suspend, t.suspend_ns, false, at);
		stats_series_add(&st->resume, t.resume_ns, false, at);
	}
	for (p = 0; p < c->nphases; p++) {
		const struct pm_phase *ph = &c->phases[p];
		struct stat_row *r;

		names[p] = strpool_cstr(&st->pool, ph->name);
		r = row_get(st, names[p], NULL);
		if (!r->s.n && !r->s.nmissing)
			r->rank = phase_rank(st, p ? row_get(st, names[p - 1], NULL) : NULL, r);
		stats_series_add(&r->s, phase_duration(ph), ph->start == NS_NONE || ph->end == NS_NONE, at);
	}
	add_devices(st, run, c, names, at);
	free(names);
}

void stats_add_run(struct run_stats *st, const struct pm_run *run, const char *source)
{
	struct stat_origin at = { strpool_cstr(&st->pool, source), 0 };
	size_t i;

	st->ninputs++;
	for (i = 0; i < run->ncycles; i++) {
		const struct pm_cycle *c = &run->cycles[i];

		if (!stats_takes_cycle(st, c)) {
			st->nskipped++;
			st->nfailed += of_mode(st, c);
			continue;
		}
		at.cycle = c->index;
		add_cycle(st, run, c, at);
		st->ncycles++;
		st->nuntimed += c->start == NS_NONE;
		st->timed[c->mode][c->from_trace ? SC_TRACE : SC_LOG]++;
	}
}


/* Phase rows first, in their places (phase_rank()), then device rows as
 * first seen (qsort_r() is not stable, the rows' index decides). */
static int cmp_row_order(const void *x, const void *y, void *ctx)
{
	const struct stat_row *rows = ctx, *a = &rows[*(const size_t *)x],
			      *b = &rows[*(const size_t *)y];

	if (!a->device != !b->device)
		return a->device ? 1 : -1;
	if (!a->device && a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	return *(const size_t *)x < *(const size_t *)y ? -1 : 1;
}

/* Rows in the order reports list them: a phase seen first in a later
 * run (a log without prepare, then one with it) in its place. */
static void order_rows(struct run_stats *st)
{
	size_t *idx, i;
	struct stat_row *rows;

	if (!st->nrows)
		return;
	idx = xmalloc(st->nrows * sizeof(*idx));
	rows = xmalloc(st->nrows * sizeof(*rows));
	for (i = 0; i < st->nrows; i++)
		idx[i] = i;
	qsort_r(idx, st->nrows, sizeof(*idx), cmp_row_order, st->rows);
	for (i = 0; i < st->nrows; i++)
		rows[i] = st->rows[idx[i]];
	memcpy(st->rows, rows, st->nrows * sizeof(*rows));
	free(rows);
	free(idx);
	reslot(st);
}

static int cmp_by_median(const void *x, const void *y, void *ctx)
{
	size_t i = *(const size_t *)x, j = *(const size_t *)y;
	const struct stat_row *a = &((const struct stat_row *)ctx)[i],
			      *b = &((const struct stat_row *)ctx)[j];
	int c;

	if (a->s.sum.median != b->s.sum.median)
		return a->s.sum.median > b->s.sum.median ? -1 : 1;
	c = strcmp(a->device, b->device);
	return c ? c : i < j ? -1 : i > j;
}

static int cmp_by_max(const void *x, const void *y, void *ctx)
{
	size_t i = *(const size_t *)x, j = *(const size_t *)y;
	const struct stat_row *a = &((const struct stat_row *)ctx)[i],
			      *b = &((const struct stat_row *)ctx)[j];

	if (a->s.sum.max != b->s.sum.max)
		return a->s.sum.max > b->s.sum.max ? -1 : 1;
	return i < j ? -1 : i > j;
}

/* The slowest devices, ranked once for every report. */
static void rank_devices(struct run_stats *st)
{
	size_t i, n = 0;

	st->by_median = xmalloc((st->nrows ? st->nrows : 1) * sizeof(size_t));
	st->by_max = xmalloc((st->nrows ? st->nrows : 1) * sizeof(size_t));
	for (i = 0; i < st->nrows; i++)
		if (st->rows[i].device && st->rows[i].s.sum.n)
			st->by_median[n] = st->by_max[n] = i, n++;
	qsort_r(st->by_median, n, sizeof(size_t), cmp_by_median, st->rows);
	qsort_r(st->by_max, n, sizeof(size_t), cmp_by_max, st->rows);
	st->nranked = n;
}

void stats_finish(struct run_stats *st)
{
	size_t i;

	order_rows(st);

	stats_summarize(&st->suspend, &st->suspend.sum);
	stats_summarize(&st->resume, &st->resume.sum);
	stats_summarize(&st->boot, &st->boot.sum);
	for (i = 0; i < SB_COUNT; i++)
		stats_summarize(&st->boot_totals[i], &st->boot_totals[i].sum);
	stats_milestones_finish(st);
	for (i = 0; i < st->nrows; i++)
		stats_summarize(&st->rows[i].s, &st->rows[i].s.sum);
	for (i = 0; i < st->nrows; i++) {
		int ph;

		if (!st->rows[i].device || !st->rows[i].s.n)
			continue;
		ph = st->slots[find_slot(st, st->rows[i].phase, NULL)];
		if (ph >= 0)	/* always: add_cycle() made it first */
			st->rows[ph].ndevices++;
	}
	rank_devices(st);
	stats_findings_finish(st);
}
