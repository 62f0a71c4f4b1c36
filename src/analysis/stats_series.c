// SPDX-License-Identifier: GPL-2.0
/*
 * A series of figures, one a cycle, and what is said of it: its count,
 * median, spread and worst, as SQL's percentile_cont() would say them.
 */
#include <math.h>
#include <stdlib.h>

#include "analysis.h"
#include "stats.h"

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
