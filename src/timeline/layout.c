// SPDX-License-Identifier: GPL-2.0
/*
 * Timeline layout: the window and time axis of each cycle, its thread
 * lanes and where each callback's box goes. Marks on top of that (phase
 * bands, ticks, critical path, waits) are in timeline/marks.c.
 */
#include <stdlib.h>

#include "timeline.h"

static const struct pm_phase *phase_named(const struct pm_cycle *c, const char *name)
{
	size_t i;

	for (i = 0; i < c->nphases; i++)
		if (!strcmp(c->phases[i].name, name) && c->phases[i].start != NS_NONE &&
		    c->phases[i].end != NS_NONE)
			return &c->phases[i];
	return NULL;
}

/* The window of @c the options ask for; false when it shows nothing. */
static bool cycle_window(const struct pm_cycle *c, const struct report_opts *o, ns_t *t0,
			 ns_t *t1)
{
	if (c->start == NS_NONE || c->end == NS_NONE)
		return false;
	*t0 = c->start;
	*t1 = c->end;
	if (o->phase) {
		const struct pm_phase *p = phase_named(c, o->phase);

		if (!p)
			return false;
		*t0 = p->start;
		*t1 = p->end;
	}
	if (o->from_ns > 0 && c->start + o->from_ns > *t0)
		*t0 = c->start + o->from_ns;
	if (o->to_ns > 0 && c->start + o->to_ns < *t1)
		*t1 = c->start + o->to_ns;
	if (*t1 > *t0)
		return true;
	/* a phase of no length is still shown, a window past the end is not */
	if (*t1 == *t0 && (o->phase || (!o->from_ns && !o->to_ns))) {
		*t1 = *t0 + 1000;
		return true;
	}
	return false;
}

/*
 * What to collapse between suspend and resume: the machine phase, or when
 * the log has none, the time between the last suspend-side phase and the
 * first resume-side one (an s2idle loop, a firmware sleep not logged).
 */
static bool sleep_span(const struct pm_cycle *c, ns_t *a, ns_t *b, int *phase)
{
	const struct pm_phase *m = cycle_phase(c, PK_MACHINE);
	size_t i;

	*phase = -1;
	if (m && m->start != NS_NONE && m->end != NS_NONE && m->end >= m->start) {
		*a = m->start;
		*b = m->end;
		*phase = (int)(m - c->phases);
		return true;
	}
	*a = *b = NS_NONE;
	for (i = 0; i < c->nphases; i++) {
		const struct pm_phase *p = &c->phases[i];

		if (p->start == NS_NONE || p->end == NS_NONE || p->kind >= PK_BOOT_KERNEL)
			continue;
		if (p->kind < PK_MACHINE && (*a == NS_NONE || p->end > *a))
			*a = p->end;
		if (phase_kind_is_resume(p->kind) && (*b == NS_NONE || p->start < *b))
			*b = p->start;
	}
	return *a != NS_NONE && *b != NS_NONE && *b > *a;
}

/* The axis: one piece, or two around the collapsed sleep. */
static void cycle_axis(struct tl_layout *L, struct tl_cycle *tc)
{
	double avail = L->x1 - L->x0;
	ns_t span = tc->t1 - tc->t0, a, b;

	tc->collapsed = false;
	if (sleep_span(tc->c, &a, &b, &tc->machine) && a >= tc->t0 && b <= tc->t1) {
		double scale;

		span -= b - a;
		scale = (avail - TL_MACHINE_PX) / (double)(span > 0 ? span : 1);
		tc->collapsed = true;
		tc->piece[0] = (struct tl_piece){ tc->t0, a, L->x0, L->x0 + (a - tc->t0) * scale };
		tc->mx0 = tc->piece[0].x1;
		tc->mx1 = tc->mx0 + TL_MACHINE_PX;
		tc->piece[1] = (struct tl_piece){ b, tc->t1, tc->mx1, L->x1 };
		tc->npieces = 2;
		return;
	}
	tc->piece[0] = (struct tl_piece){ tc->t0, tc->t1, L->x0, L->x1 };
	tc->npieces = 1;
}

ns_t tl_collapsed_ns(const struct tl_cycle *tc)
{
	const struct tl_piece *a = &tc->piece[0], *b = &tc->piece[1];
	double px = (a->x1 - a->x0) + (b->x1 - b->x0);
	ns_t awake = (a->t1 - a->t0) + (b->t1 - b->t0);

	if (!tc->collapsed || px <= 0)
		return 0;
	return (ns_t)((tc->mx1 - tc->mx0) * (double)awake / px + 0.5);
}

/* Sort key for the visible callbacks: thread, start, longer first (so a
 * callback comes before those nested in it), index. */
struct vis {
	int pid, cb;
	ns_t start, end;
};

static int cmp_vis(const void *a, const void *b)
{
	const struct vis *x = a, *y = b;

	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->end != y->end)
		return x->end > y->end ? -1 : 1;
	return x->cb - y->cb;
}

struct lane_src {
	struct tl_lane lane;
	size_t first, n;	/* its run in the sorted visible list */
	struct lane_key key;
};

static int cmp_lane(const void *a, const void *b)
{
	return lane_key_cmp(&((const struct lane_src *)a)->key, &((const struct lane_src *)b)->key);
}

static size_t collect_visible(const struct tl_cycle *tc, struct vis *v)
{
	const struct pm_cycle *c = tc->c;
	size_t i, n = 0;

	for (i = 0; i < c->ncbs; i++) {
		const struct pm_callback *cb = &c->cbs[i];
		ns_t end;

		if (cb->start == NS_NONE)
			continue;
		end = cb_drawn_end(c, cb);
		if (end < tc->t0 || cb->start > tc->t1)
			continue;
		v[n++] = (struct vis){ cb->pid < 0 ? -1 : cb->pid, (int)i, cb->start, end };
	}
	qsort(v, n, sizeof(*v), cmp_vis);
	return n;
}

static size_t group_lanes(const struct tl_cycle *tc, const struct vis *v, size_t n,
			  struct lane_src **out)
{
	struct lane_src *ls = NULL;
	size_t i, nl = 0, cap = 0;

	for (i = 0; i < n; i++) {
		if (nl && ls[nl - 1].lane.pid == v[i].pid) {
			ls[nl - 1].n++;
			if (v[i].start < ls[nl - 1].key.first_start)
				ls[nl - 1].key.first_start = v[i].start;
			continue;
		}
		VEC_RESERVE(ls, nl, cap);
		memset(&ls[nl], 0, sizeof(*ls));
		ls[nl].lane.pid = v[i].pid;
		ls[nl].lane.main = v[i].pid >= 0 && v[i].pid == tc->c->main_pid;
		ls[nl].lane.comm = v[i].pid >= 0 ? cycle_thread_comm(tc->c, v[i].pid) : NULL;
		ls[nl].first = i;
		ls[nl].n = 1;
		ls[nl].key = (struct lane_key){ ls[nl].lane.pid, ls[nl].lane.main, v[i].start };
		nl++;
	}
	if (nl)
		qsort(ls, nl, sizeof(*ls), cmp_lane);
	*out = ls;
	return nl;
}

static enum tl_label label_fit(const struct pm_device *d, double w)
{
	size_t n = text_chars(d->name);

	w -= 4;
	if (d->driver && *d->driver && (n + text_chars(d->driver) + 3) * TL_CHAR_PX <= w)
		return TL_LABEL_FULL;
	return n * TL_CHAR_PX <= w ? TL_LABEL_DEV : TL_LABEL_NONE;
}

/* Boxes of one lane: each goes to the first row free at its start. */
static void place_lane(struct tl_cycle *tc, const struct pm_run *run, int lane,
		       const struct vis *v, size_t n)
{
	double row_end[TL_MAX_ROWS];
	int nrows = 0, r, best;
	size_t i;

	for (i = 0; i < n; i++) {
		const struct pm_callback *cb = &tc->c->cbs[v[i].cb];
		struct tl_box *b = &tc->boxes[tc->nboxes++];

		b->cb = v[i].cb;
		b->lane = lane;
		b->x0 = tl_x(tc, v[i].start);
		b->x1 = tl_x(tc, v[i].end);
		for (r = 0; r < nrows && row_end[r] > b->x0; r++)
			;
		if (r == nrows && nrows < TL_MAX_ROWS)
			nrows++;
		if (r == TL_MAX_ROWS) {	/* full: the row that frees first */
			for (best = 0, r = 1; r < TL_MAX_ROWS; r++)
				if (row_end[r] < row_end[best])
					best = r;
			r = best;
		}
		row_end[r] = b->x1;
		b->row = r;
		b->flags = (cb->async ? TLB_ASYNC : 0) |
			   (cb->flags & CB_UNFINISHED ? TLB_UNFINISHED : 0) |
			   (tc->cr->cb_failed && tc->cr->cb_failed[b->cb] ? TLB_ERROR : 0) |
			   (cb_said_error(&tc->cr->msgs, tc->c, (size_t)b->cb) ? TLB_SAID : 0);
		b->label = label_fit(&run->devs[cb->dev], b->x1 - b->x0);
		tc->box_of_cb[b->cb] = (int)(b - tc->boxes);
	}
	tc->lanes[lane].nrows = nrows ? nrows : 1;
	tc->lanes[lane].nboxes = n;
}

static void place_boxes(struct tl_layout *L, struct tl_cycle *tc)
{
	const struct pm_cycle *c = tc->c;
	struct vis *v = xmalloc((c->ncbs ? c->ncbs : 1) * sizeof(*v));
	struct lane_src *ls = NULL;
	size_t n, nl, i, j;
	double y = tc->lanes_y;

	tc->box_of_cb = xmalloc((c->ncbs ? c->ncbs : 1) * sizeof(int));
	for (i = 0; i < c->ncbs; i++)
		tc->box_of_cb[i] = -1;
	n = collect_visible(tc, v);
	nl = group_lanes(tc, v, n, &ls);
	tc->boxes = xcalloc(n ? n : 1, sizeof(*tc->boxes));
	tc->lanes = xcalloc(nl ? nl : 1, sizeof(*tc->lanes));
	tc->nlanes = nl;
	for (i = 0; i < nl; i++) {
		tc->lanes[i] = ls[i].lane;
		place_lane(tc, L->run, (int)i, v + ls[i].first, ls[i].n);
		tc->lanes[i].y = y;
		tc->lanes[i].h = tc->lanes[i].nrows * TL_ROW_PX + 4;
		y += tc->lanes[i].h;
	}
	for (j = 0; j < tc->nboxes; j++)
		tc->boxes[j].y = tc->lanes[tc->boxes[j].lane].y + 2 + tc->boxes[j].row * TL_ROW_PX;
	tc->lanes_h = nl ? y - tc->lanes_y : TL_ROW_PX + 4;	/* room to say so */
	if (tc->collapsed && tc->lanes_h < 2 * TL_ROW_PX + 4)
		tc->lanes_h = 2 * TL_ROW_PX + 4;	/* and for the band's two lines */
	free(ls);
	free(v);
}

static void layout_cycle(struct tl_layout *L, struct tl_cycle *tc, double y)
{
	tc->y = y;
	cycle_axis(L, tc);
	tc->lanes_y = tl_head(L, tc);	/* title, legend, axis, critical path strip */
	place_boxes(L, tc);
	tl_marks(L, tc);
	tc->h = tc->lanes_y + tc->lanes_h + 2 * TL_MARGIN_PX - tc->y;
}

int tl_layout(struct tl_layout *L, const struct pm_run *run, const struct pm_results *res,
	      const struct report_opts *o, char *err, size_t errlen)
{
	double y = 0;
	size_t i;

	memset(L, 0, sizeof(*L));
	L->run = run;
	L->res = res;
	L->page = o->page;
	L->width = o->width ? o->width : TL_WIDTH_DEFAULT;
	L->x0 = TL_GUTTER_PX;
	L->x1 = L->width - TL_MARGIN_PX;
	L->cycles = xcalloc(run->ncycles ? run->ncycles : 1, sizeof(*L->cycles));
	for (i = 0; i < run->ncycles; i++) {
		const struct pm_cycle *c = &run->cycles[i];
		struct tl_cycle *tc = &L->cycles[L->ncycles];

		if (!res->cycles[i].shown || !cycle_window(c, o, &tc->t0, &tc->t1))
			continue;
		tc->c = c;
		tc->cr = &res->cycles[i];
		tc->cp = &tc->cr->cp;
		layout_cycle(L, tc, y);
		y += tc->h;
		L->ncycles++;
	}
	L->height = y > 0 ? y : 2 * TL_MARGIN_PX;
	if (!L->ncycles && !tl_window_ok(run, o, err, errlen)) {
		tl_layout_free(L);
		return -1;
	}
	return 0;
}

bool tl_window_ok(const struct pm_run *run, const struct report_opts *o, char *err,
		  size_t errlen)
{
	size_t i;
	ns_t t0, t1;

	if (!o->phase && !o->from_ns && !o->to_ns)
		return true;
	for (i = 0; i < run->ncycles; i++)
		if ((!o->cycle || o->cycle == run->cycles[i].index) &&
		    cycle_window(&run->cycles[i], o, &t0, &t1))
			return true;
	if (o->phase)
		snprintf(err, errlen, "no cycle shown has a phase named '%s'", o->phase);
	else
		snprintf(err, errlen, "no cycle shown reaches the time window");
	return false;
}

void tl_layout_free(struct tl_layout *L)
{
	size_t i;

	for (i = 0; i < L->ncycles; i++) {
		struct tl_cycle *tc = &L->cycles[i];

		free(tc->lanes);
		free(tc->boxes);
		free(tc->box_of_cb);
		free(tc->bands);
		free(tc->ticks);
		free(tc->waits);
		free(tc->segs);
		free(tc->legend);
	}
	free(L->cycles);
	memset(L, 0, sizeof(*L));
}
