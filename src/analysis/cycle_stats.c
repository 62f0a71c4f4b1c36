// SPDX-License-Identifier: GPL-2.0
/*
 * Statistics over many cycles: the headline totals, each phase's length
 * and each device's time per phase, as distributions. A device's value in
 * a cycle is the sum of its callbacks in that phase (one, nearly always).
 */
#include <math.h>
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

/* @v NS_NONE: the cycle had it, with no figure; @kernel: @v is a figure
 * the kernel printed, no time stamps around it. */
void stats_series_add(struct stat_series *s, ns_t v, bool kernel, struct stat_origin at)
{
	if (v == NS_NONE) {
		s->nmissing++;
		return;
	}
	s->nkernel += kernel;
	if (!s->n || v > s->worst_v) {
		s->worst_v = v;
		s->worst = at;
	}
	VEC_RESERVE(s->v, s->n, s->cap);
	s->v[s->n++] = v;
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

static int cmp_ns(const void *a, const void *b)
{
	ns_t x = *(const ns_t *)a, y = *(const ns_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * The @level percentile of the @n sorted @v as SQL's percentile_cont()
 * interpolates it (PostgreSQL's arithmetic, in double), whole ns down:
 * the warehouse's questions (share/pmscope/sql/) give the same.
 */
static ns_t percentile(const ns_t *v, size_t n, double level)
{
	double h = level * (double)(n - 1), lo = floor(h);
	size_t i = (size_t)lo;

	if (i + 1 >= n)
		return v[n - 1];
	return (ns_t)floor((double)v[i] + (h - lo) * ((double)v[i + 1] - (double)v[i]));
}

/* The median of an even count is the mean of the middle two; the sample
 * standard deviation needs two values. */
void stats_summarize(const struct stat_series *s, struct stat_summary *out)
{
	ns_t *v;
	double sum = 0, sq = 0, mean;
	size_t i;

	memset(out, 0, sizeof(*out));
	out->n = s->n;
	out->min = out->median = out->max = out->mean = out->stddev = out->p95 = NS_NONE;
	if (!s->n)
		return;
	v = xmalloc(s->n * sizeof(*v));
	memcpy(v, s->v, s->n * sizeof(*v));
	qsort(v, s->n, sizeof(*v), cmp_ns);
	for (i = 0; i < s->n; i++)
		sum += (double)v[i];
	mean = sum / (double)s->n;
	for (i = 0; i < s->n; i++)
		sq += ((double)v[i] - mean) * ((double)v[i] - mean);
	out->min = v[0];
	out->max = v[s->n - 1];
	out->median = s->n % 2 ? v[s->n / 2] : (v[s->n / 2 - 1] + v[s->n / 2]) / 2;
	out->p95 = percentile(v, s->n, 0.95);
	out->mean = (ns_t)llround(mean);
	/* One value has no spread to speak of: not 0, unknown. */
	out->stddev = s->n > 1 ? (ns_t)llround(sqrt(sq / (double)(s->n - 1))) : NS_NONE;
	free(v);
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

bool stats_unseen_in(const struct run_stats *b, const struct stat_row *r)
{
	const struct stat_row *ph = stats_row(b, r->phase, NULL);

	return !ph || !ph->ndevices;
}

/* Which clocks timed a side's cycles of a mode: bit 1 << enum stat_clock. */
static unsigned int clocks(const struct run_stats *st, int mode)
{
	unsigned int m = 0;
	int k;

	for (k = 0; k < SC_COUNT; k++)
		if (st->timed[mode][k])
			m |= 1u << k;
	return m;
}

static void one_sided(const struct run_stats *a, const struct run_stats *b, int side,
		      struct stats_diff *d)
{
	size_t i;

	for (i = 0; i < a->nrows; i++) {
		const struct stat_row *r = &a->rows[i];

		if (r->device || !r->ndevices || !stats_unseen_in(b, r))
			continue;
		d->one_sided = xrealloc(d->one_sided, (d->none_sided + 1) * sizeof(*d->one_sided));
		d->one_sided[d->none_sided++] = (struct stats_one_sided){ r->phase, side,
									   r->ndevices };
	}
}

/* The phases of both sides in one list: the before side's in their
 * order, each of the after side's own right after the phase before it
 * there (as phase_rank() places a run's new phase). */
static void pair_phases(const struct run_stats *a, const struct run_stats *b,
			struct stats_diff *d)
{
	size_t i, k, n = 0, at = 0;

	d->phases = xmalloc((a->nrows + b->nrows + 1) * sizeof(*d->phases));
	for (i = 0; i < a->nrows; i++)
		if (!a->rows[i].device)
			d->phases[n++] = (struct stats_phase_pair){
				&a->rows[i], stats_row(b, a->rows[i].phase, NULL) };
	for (i = 0; i < b->nrows; i++) {
		const struct stat_row *r = &b->rows[i];

		if (r->device)
			continue;
		for (k = 0; k < n && d->phases[k].b != r; k++)
			;
		if (k < n) {		/* both have it: the next goes after it */
			at = k + 1;
			continue;
		}
		memmove(&d->phases[at + 1], &d->phases[at], (n - at) * sizeof(*d->phases));
		d->phases[at++] = (struct stats_phase_pair){ NULL, r };
		n++;
	}
	d->nphases = n;
}

static ns_t ns_abs(ns_t v)
{
	return v < 0 ? -v : v;
}

/* Row @a of the before side against row @b of the after side (either
 * NULL): false when neither has a figure, nothing to rank. */
static bool change_of(const struct stat_row *a, const struct stat_row *b, struct stats_change *c)
{
	bool fa = a && a->s.n, fb = b && b->s.n;

	if (!fa && !fb)
		return false;
	*c = (struct stats_change){ .a = a, .b = b, .change_ns = NS_NONE, .kind = SCK_CHANGED };
	if (fa && fb) {
		c->change_ns = b->s.sum.median - a->s.sum.median;
		c->rank_ns = ns_abs(c->change_ns);
	} else if (fb) {
		c->kind = a ? SCK_ENDED : SCK_NEW;
		c->rank_ns = ns_abs(b->s.sum.median);
	} else {
		c->kind = b ? SCK_NO_END : SCK_GONE;
		c->rank_ns = ns_abs(a->s.sum.median);
	}
	return true;
}

static int cmp_change(const void *x, const void *y)
{
	const struct stats_change *a = x, *b = y;
	const struct stat_row *ra = a->a ? a->a : a->b, *rb = b->a ? b->a : b->b;
	int c;

	if (a->rank_ns != b->rank_ns)
		return a->rank_ns > b->rank_ns ? -1 : 1;
	c = strcmp(ra->device, rb->device);
	return c ? c : strcmp(ra->phase, rb->phase);
}

/*
 * Every device row of either side, ranked by how much it changed. A row
 * the other side's source could not see is set apart (one_sided()), not
 * ranked as gone or new. A (phase, device) is one row a side, so no two
 * entries rank alike and qsort()'s order is the only one.
 */
static void rank_changes(const struct run_stats *a, const struct run_stats *b,
			 struct stats_diff *d)
{
	size_t i, k = 0;

	if (!a->ncycles || !b->ncycles)
		return;		/* a side that hung measured nothing to change */
	d->changes = xmalloc((a->nrows + b->nrows + 1) * sizeof(*d->changes));
	for (i = 0; i < a->nrows; i++) {
		const struct stat_row *r = &a->rows[i];

		if (r->device && !stats_unseen_in(b, r) &&
		    change_of(r, stats_row(b, r->phase, r->device), &d->changes[k]))
			k++;
	}
	for (i = 0; i < b->nrows; i++) {
		const struct stat_row *r = &b->rows[i];

		if (r->device && !stats_unseen_in(a, r) && !stats_row(a, r->phase, r->device) &&
		    change_of(NULL, r, &d->changes[k]))
			k++;
	}
	qsort(d->changes, k, sizeof(*d->changes), cmp_change);
	d->nchanges = k;
}

void stats_diff(const struct run_stats *a, const struct run_stats *b, struct stats_diff *d)
{
	int m;

	memset(d, 0, sizeof(*d));
	pair_phases(a, b, d);
	for (m = 0; m <= MODE_BOOT; m++)
		if (clocks(a, m) && clocks(b, m) && clocks(a, m) != clocks(b, m))
			d->clock_differs |= 1u << m;
	one_sided(a, b, 0, d);
	one_sided(b, a, 1, d);
	rank_changes(a, b, d);
	stats_diff_milestones(a, b, d);
}

const char *stats_change_kind_name(enum stats_change_kind k)
{
	static const char *const names[] = {
		[SCK_CHANGED] = "changed", [SCK_NEW] = "new", [SCK_GONE] = "gone",
		[SCK_ENDED] = "ended", [SCK_NO_END] = "no_end",
	};

	return (size_t)k < ARRAY_SIZE(names) ? names[k] : "unknown";
}

void stats_diff_free(struct stats_diff *d)
{
	free(d->changes);
	free(d->milestones);
	free(d->one_sided);
	free(d->phases);
	memset(d, 0, sizeof(*d));
}
