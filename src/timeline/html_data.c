// SPDX-License-Identifier: GPL-2.0
/*
 * The data of the HTML timeline: the layout (lanes, rows, flags, critical
 * path, waits) as compact JSON the page's script draws from. Callbacks,
 * segments and waits are flat number arrays with a fixed stride, so a
 * 100,000-callback cycle stays a few MB and parses fast. Times are ns
 * from the cycle's start; -1 is unknown. Every string goes through
 * tl_put_json(), which leaves no "<" or "&" for the script element.
 */
#include <stdio.h>
#include <stdlib.h>

#include "timeline.h"

/* Strides of the flat arrays, also in src/timeline/html/timeline.js. */
#define CB_FIELDS 11	/* dev phase start end pid lane row flags ret fn line */
#define SEG_FIELDS 5	/* kind start end dev cb */
#define WAIT_FIELDS 6	/* cb waited_cb ready lost waited_dev ndelayed */
#define TLB_HAS_RET (1 << 8)

static long long off(const struct pm_cycle *c, ns_t t)
{
	return t == NS_NONE ? -1 : (long long)(t - c->start);
}

static void put_sep(FILE *f, size_t i)
{
	if (i)
		fputc(',', f);
}

/* Callback function names, interned by the model: index by pointer. */
struct strtab {
	const char **v;
	size_t n, cap;
};

static int str_index(struct strtab *t, const char *s)
{
	size_t i;

	if (!s)
		return -1;
	/* few distinct callback names (tens), so a scan is enough */
	for (i = 0; i < t->n; i++)
		if (t->v[i] == s)
			return (int)i;
	VEC_RESERVE(t->v, t->n, t->cap);
	t->v[t->n] = s;
	return (int)t->n++;
}

static void put_phases(FILE *f, const struct pm_cycle *c)
{
	size_t i;

	fputs(",\"phases\":[", f);
	for (i = 0; i < c->nphases; i++) {
		const struct pm_phase *p = &c->phases[i];

		put_sep(f, i);
		fputc('[', f);
		tl_put_json(f, p->name);
		fprintf(f, ",%d,%lld,%lld,%lld,%u]", (int)p->kind, off(c, p->start), off(c, p->end),
			(long long)p->kernel_us, p->line);
	}
	fputc(']', f);
}

static void put_lanes(FILE *f, const struct tl_cycle *tc)
{
	size_t i;

	fputs(",\"lanes\":[", f);
	for (i = 0; i < tc->nlanes; i++) {
		const struct tl_lane *l = &tc->lanes[i];

		put_sep(f, i);
		fprintf(f, "[%d,", l->pid);
		tl_put_json(f, l->comm);
		fprintf(f, ",%d,%d]", l->nrows, l->main);
	}
	fputc(']', f);
}

static void put_cbs(FILE *f, const struct pm_run *run, const struct tl_cycle *tc,
		    struct strtab *fns)
{
	const struct pm_cycle *c = tc->c;
	size_t i;

	fputs(",\"cbs\":[", f);
	for (i = 0; i < tc->nboxes; i++) {
		const struct tl_box *b = &tc->boxes[i];
		const struct pm_callback *cb = &c->cbs[b->cb];
		ns_t end = cb->end;

		if (end == NS_NONE && !(cb->flags & CB_UNFINISHED) && cb->start != NS_NONE &&
		    cb_kernel_ns(cb) != NS_NONE)
			end = cb->start + cb_kernel_ns(cb);
		put_sep(f, i);
		fprintf(f, "%d,%d,%lld,%lld,%d,%d,%d,%u,%d,%d,%u", cb->dev, cb->phase,
			off(c, cb->start), off(c, end), cb->pid, b->lane, b->row,
			b->flags | (cb->has_ret ? TLB_HAS_RET : 0), cb->has_ret ? cb->ret : 0,
			str_index(fns, cb_fn(run, cb)), cb->line);
	}
	fputc(']', f);
}

/* The log lines around each callback that has them kept, by box index:
 * [first line number, text, file or null for the cycle's own]. */
static void put_logs(FILE *f, const struct pm_run *run, const struct tl_cycle *tc)
{
	const struct pm_cycle *c = tc->c;
	size_t i, n = 0;

	fputs(",\"logs\":{", f);
	for (i = 0; i < tc->nboxes && run->nexcerpts; i++) {
		const struct pm_callback *cb = &c->cbs[tc->boxes[i].cb];
		const struct pm_excerpt *e = run_excerpt(run, cb_file(run, cb), cb->line);

		if (!e)
			continue;
		put_sep(f, n++);
		fprintf(f, "\"%zu\":[%u,", i, e->first);
		tl_put_json(f, e->text);
		fputc(',', f);
		tl_put_json(f, cb_file(run, cb) == c->file ? NULL : cb_file(run, cb));
		fputc(']', f);
	}
	fputc('}', f);
}

/* Critical path segments and waits refer to callbacks by box index. */
static int box(const struct tl_cycle *tc, int cb)
{
	return cb >= 0 ? tc->box_of_cb[cb] : -1;
}

static void put_path(FILE *f, const struct tl_cycle *tc)
{
	const struct pm_cycle *c = tc->c;
	size_t i;

	fputs(",\"segs\":[", f);
	for (i = 0; i < tc->nsegs; i++) {
		const struct tl_seg *s = &tc->segs[i];

		put_sep(f, i);
		fprintf(f, "%d,%lld,%lld,%d,%d", (int)s->kind, off(c, s->start), off(c, s->end),
			s->dev, box(tc, s->cb));
	}
	fputs("],\"waits\":[", f);
	for (i = 0; i < tc->nwaits; i++) {
		const struct cp_blocked *bl = &tc->cp.blocked[tc->waits[i].blocked];

		put_sep(f, i);
		fprintf(f, "%d,%d,%lld,%lld,%d,%zu", box(tc, bl->cb), box(tc, bl->waited_cb),
			off(c, bl->ready), (long long)bl->lost_ns, bl->waited_dev, bl->ndelayed);
	}
	fputc(']', f);
}

static void put_stats(FILE *f, const struct pm_fn_stat *v, size_t n)
{
	size_t i;

	fputc('[', f);
	for (i = 0; i < n; i++) {
		put_sep(f, i);
		fputc('[', f);
		tl_put_json(f, v[i].fn);
		fprintf(f, ",%lld,%lld,%u]", (long long)v[i].total_ns, (long long)v[i].self_ns,
			v[i].calls);
	}
	fputc(']', f);
}

static void put_strs(FILE *f, const char **v, size_t n)
{
	size_t i;

	fputc('[', f);
	for (i = 0; i < n; i++) {
		put_sep(f, i);
		tl_put_json(f, v[i]);
	}
	fputc(']', f);
}

/* function_graph summaries: [box, calls, repaired, sleep_ns, fns, sleeps,
 * slowest path] for the callbacks that have one. */
static void put_graphs(FILE *f, const struct tl_cycle *tc)
{
	size_t i, n = 0;

	fputs(",\"graphs\":[", f);
	for (i = 0; i < tc->nboxes; i++) {
		struct pm_callgraph view;
		const struct pm_callgraph *g = cb_graph(tc->c, &tc->c->cbs[tc->boxes[i].cb], &view);

		if (!g)
			continue;
		put_sep(f, n++);
		fprintf(f, "[%zu,%u,%u,%lld,", i, g->calls, g->repaired, (long long)g->sleep_ns);
		put_stats(f, g->fns, g->nfns);
		fputc(',', f);
		put_stats(f, g->sleeps, g->nsleeps);
		fputc(',', f);
		put_strs(f, g->slow_path, g->nslow);
		fputc(']', f);
	}
	fputc(']', f);
}

static void put_cycle(FILE *f, const struct tl_layout *L, const struct tl_cycle *tc,
		      struct strtab *fns)
{
	const struct pm_cycle *c = tc->c;
	char *s;

	fprintf(f, "{\"index\":%d,\"mode\":", c->index);
	tl_put_json(f, mode_name(c->mode));
	fputs(",\"title\":", f);
	tl_put_json(f, s = tl_cycle_title(L->run, c));
	free(s);
	fputs(",\"totals\":", f);
	tl_put_json(f, s = tl_cycle_totals(c));
	free(s);
	fputs(",\"source\":", f);
	tl_put_json(f, c->file);
	fprintf(f, ",\"t0\":%lld,\"t1\":%lld,\"main\":%d,\"nfail\":%zu,\"nwarn\":%zu", off(c, tc->t0),
		off(c, tc->t1), c->main_pid, tc->nfail, tc->nwarn);
	if (tc->collapsed)
		fprintf(f, ",\"sleep\":[%lld,%lld,%d]", off(c, tc->piece[0].t1),
			off(c, tc->piece[1].t0), tc->machine);
	put_phases(f, c);
	put_lanes(f, tc);
	put_cbs(f, L->run, tc, fns);
	put_logs(f, L->run, tc);
	put_path(f, tc);
	put_graphs(f, tc);
	fputc('}', f);
}

static void put_palette(FILE *f)
{
	int k;

	fputs(",\"palette\":[", f);
	for (k = 0; k < PK_COUNT; k++)
		fprintf(f, "%s[\"#%06x\",\"#%06x\"]", k ? "," : "", tl_box_color(k), tl_band_color(k));
	fprintf(f, "],\"colors\":{\"crit\":\"#%06x\",\"error\":\"#%06x\",\"wait\":\"#%06x\","
		"\"gap\":\"#%06x\",\"text\":\"#%06x\"}", TL_CRIT_COLOR, TL_ERROR_COLOR,
		TL_WAIT_COLOR, TL_GAP_COLOR, TL_TEXT_COLOR);
}

void tl_put_html_data(FILE *f, const struct tl_layout *L)
{
	const struct pm_run *run = L->run;
	struct strtab fns = { 0 };
	size_t i;

	fprintf(f, "{\"strides\":[%d,%d,%d],\"devs\":[", CB_FIELDS, SEG_FIELDS, WAIT_FIELDS);
	for (i = 0; i < run->ndevs; i++) {
		const struct pm_device *d = &run->devs[i];

		put_sep(f, i);
		fputc('[', f);
		tl_put_json(f, d->name);
		fputc(',', f);
		tl_put_json(f, d->driver && *d->driver ? d->driver : NULL);
		fprintf(f, ",%d]", d->parent_id);
	}
	fputs("],\"cycles\":[", f);
	for (i = 0; i < L->ncycles; i++) {
		put_sep(f, i);
		put_cycle(f, L, &L->cycles[i], &fns);
	}
	fputs("],\"fns\":[", f);
	for (i = 0; i < fns.n; i++) {
		put_sep(f, i);
		tl_put_json(f, fns.v[i]);
	}
	fputc(']', f);
	put_palette(f);
	fputs(",\"kinds\":[", f);
	for (i = 0; i < PK_COUNT; i++) {
		put_sep(f, i);
		tl_put_json(f, phase_kind_name((enum phase_kind)i));
	}
	fputs("]}", f);
	free(fns.v);
}
