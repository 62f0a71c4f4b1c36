// SPDX-License-Identifier: GPL-2.0
/*
 * Timeline marks: the heading and legend above a cycle's lanes, phase
 * bands, axis ticks, the critical path strip and the waits of blocked
 * sync callbacks.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timeline.h"

#define LINE_PX 16.0
#define TICK_SPACING_PX 100.0
#define MAX_TICKS 2000

static bool phase_shown(const struct tl_cycle *tc, const struct pm_phase *p)
{
	return p->start != NS_NONE && p->end != NS_NONE && p->end >= tc->t0 &&
	       p->start <= tc->t1;
}

static void count_warnings(struct tl_cycle *tc)
{
	const struct findings *fs = &tc->cr->findings;
	size_t i;

	tc->nfail = tc->cr->nsev[SEV_FAILURE];
	tc->nwarn = tc->cr->nsev[SEV_WARNING];
	for (i = 0; i < fs->n && !tc->first_fail; i++)
		if (finding_sev(&fs->v[i]) == SEV_FAILURE)
			tc->first_fail = fs->v[i].text;
}

/* Legend entries flow left to right and wrap; returns the height used. */
/* Any callback the log said error for: its key is in the legend. */
static bool any_said(const struct tl_cycle *tc)
{
	size_t i;

	for (i = 0; i < tc->c->ncbs; i++)
		if (cb_said_error(&tc->cr->msgs, tc->c, i))
			return true;
	return false;
}

/* Whether a call graph of the phases shown says where its callback slept
 * (the legend is placed before the boxes). */
static bool any_sleep(const struct tl_cycle *tc)
{
	const struct pm_cycle *c = tc->c;
	struct pm_callgraph view;
	const struct pm_callgraph *g;
	size_t i;

	for (i = 0; i < c->ncbs; i++)
		if ((c->cbs[i].phase < 0 || phase_shown(tc, &c->phases[c->cbs[i].phase])) &&
		    (g = cb_graph(c, &c->cbs[i], &view)) && g->nspans)
			return true;
	return false;
}

static double place_legend(struct tl_layout *L, struct tl_cycle *tc, double y)
{
	int keys[5] = { TL_KEY_CRIT, TL_KEY_WAIT, TL_KEY_ERROR };
	const struct pm_cycle *c = tc->c;
	double x = TL_MARGIN_PX, h = LINE_PX;
	char buf[160];
	size_t i, nk = 3, n;

	if (any_said(tc))
		keys[nk++] = TL_KEY_SAID;
	if (any_sleep(tc))
		keys[nk++] = TL_KEY_SLEEP;
	n = c->nphases + nk;

	tc->legend = xcalloc(n, sizeof(*tc->legend));
	for (i = 0; i < n; i++) {
		int e = i < c->nphases ? (int)i : keys[i - c->nphases];
		double w;

		if (e >= 0 && !phase_shown(tc, &c->phases[e]))
			continue;
		w = 16 + text_chars(tl_legend_text(c, e, buf, sizeof(buf))) * TL_CHAR_PX + 14;
		if (x > TL_MARGIN_PX && x + w > L->width - TL_MARGIN_PX) {
			x = TL_MARGIN_PX;
			y += LINE_PX;
			h += LINE_PX;
		}
		tc->legend[tc->nlegend++] = (struct tl_legend){ e, x, y };
		x += w;
	}
	return h;
}

double tl_head(struct tl_layout *L, struct tl_cycle *tc)
{
	double y = tc->y + TL_MARGIN_PX + 2 * LINE_PX;	/* title, totals */

	count_warnings(tc);
	if (tc->nfail || tc->nwarn)
		y += LINE_PX;
	y += 4 + place_legend(L, tc, y + 4);
	tc->axis_y = y + 14;
	tc->strip_y = tc->cp->nphases ? tc->axis_y + 8 : -1;
	return tc->strip_y >= 0 ? tc->strip_y + 18 : tc->axis_y + 8;
}

static void place_bands(struct tl_cycle *tc)
{
	const struct pm_cycle *c = tc->c;
	size_t i;

	tc->bands = xcalloc(c->nphases ? c->nphases : 1, sizeof(*tc->bands));
	for (i = 0; i < c->nphases; i++)
		if (phase_shown(tc, &c->phases[i]))
			tc->bands[tc->nbands++] = (struct tl_band){
				(int)i, tl_x(tc, c->phases[i].start), tl_x(tc, c->phases[i].end) };
}

/* 1, 2 or 5 times a power of ten, at least @raw (ns), at least 1 us. */
ns_t tl_nice_step(double raw, int *decimals)
{
	static const int mult[] = { 1, 2, 5 };
	ns_t p = 1000;
	size_t i;

	for (;;) {
		for (i = 0; i < ARRAY_SIZE(mult); i++) {
			if (p * mult[i] >= raw || p >= 1000000000000000LL) {
				ns_t s = p * mult[i];

				*decimals = s >= 1000000 ? 0 : s >= 100000 ? 1 : s >= 10000 ? 2 : 3;
				return s;
			}
		}
		p *= 10;
	}
}

/* Ticks whose labels fit: apart from each other, off the collapsed band,
 * inside the picture. */
static void place_ticks(struct tl_layout *L, struct tl_cycle *tc)
{
	ns_t cs = tc->c->start;
	double last = -1e9;
	char buf[48];
	size_t k, cap = 0;

	/* grown as placed: a cycle has a dozen ticks, and a fixed MAX_TICKS
	 * array was 48 KB per cycle (20,000 short cycles: 0.9 GB) */
	tc->ticks = NULL;
	for (k = 0; k < tc->npieces; k++) {
		const struct tl_piece *p = &tc->piece[k];
		double px = p->x1 - p->x0;
		ns_t span = p->t1 - p->t0, step, off;
		size_t tries = 0;
		int dec;

		if (px < 1 || span <= 0)
			continue;
		step = tl_nice_step(TICK_SPACING_PX * (double)span / px, &dec);
		off = (p->t0 - cs + step - 1) / step * step;
		/* about px / TICK_SPACING_PX tries; the cap stops a loop that
		 * times beyond NS_MAX would make endless (issue 15) */
		for (; cs + off <= p->t1 && tc->nticks < MAX_TICKS && tries++ < 4 * MAX_TICKS;
		     off += step) {
			double x = tl_x(tc, cs + off), hw;

			hw = snprintf(buf, sizeof(buf), "%.*f", dec, off / 1e6) * TL_CHAR_PX / 2;
			if (x - hw < last + 8 || x + hw > L->width - 2 ||
			    (tc->collapsed && x + hw > tc->mx0 - 2 && x - hw < tc->mx1 + 2))
				continue;
			VEC_RESERVE(tc->ticks, tc->nticks, cap);
			tc->ticks[tc->nticks++] = (struct tl_tick){ x, off, dec };
			last = x + hw;
		}
	}
}

static void place_segs(struct tl_cycle *tc)
{
	size_t i, j, n = 0;

	for (i = 0; i < tc->cp->nphases; i++)
		n += tc->cp->phases[i].nsegs;
	tc->segs = xcalloc(n ? n : 1, sizeof(*tc->segs));
	for (i = 0; i < tc->cp->nphases; i++) {
		const struct cp_phase *p = &tc->cp->phases[i];

		for (j = 0; j < p->nsegs; j++) {
			const struct cp_segment *s = &p->segs[j];

			if (s->end < tc->t0 || s->start > tc->t1)
				continue;
			tc->segs[tc->nsegs++] = (struct tl_seg){
				s->kind, s->cb, s->dev, s->why, cp_gap_thread(tc->c, s),
				s->start, s->end, tl_x(tc, s->start), tl_x(tc, s->end) };
			if (s->kind == CP_RUN && s->cb >= 0 && tc->box_of_cb[s->cb] >= 0)
				tc->boxes[tc->box_of_cb[s->cb]].flags |= TLB_CRIT;
		}
	}
}

static void place_waits(struct tl_cycle *tc)
{
	size_t i;

	tc->waits = xcalloc(tc->cp->nblocked ? tc->cp->nblocked : 1, sizeof(*tc->waits));
	for (i = 0; i < tc->cp->nblocked; i++) {
		const struct cp_blocked *bl = &tc->cp->blocked[i];
		int bi = tc->box_of_cb[bl->cb];
		int wi = bl->waited_cb >= 0 ? tc->box_of_cb[bl->waited_cb] : -1;
		struct tl_wait *w;

		if (bi < 0)
			continue;
		w = &tc->waits[tc->nwaits++];
		w->blocked = (int)i;
		w->x1 = tc->boxes[bi].x0;
		w->x0 = bl->ready != NS_NONE ? tl_x(tc, bl->ready) : w->x1;
		w->y = tc->boxes[bi].y + TL_ROW_PX / 2;
		w->from_x = w->from_y = -1;
		tc->boxes[bi].flags |= TLB_BLOCKED;
		if (wi >= 0) {
			w->from_x = tc->boxes[wi].x1;
			w->from_y = tc->boxes[wi].y + TL_ROW_PX / 2;
			tc->boxes[wi].flags |= TLB_WAITED;
		}
	}
}

/*
 * @m's text, "@label 0.442 s": a label a log made long (an init path) is
 * cut at a character's start so that the time stamp still fits.
 */
static void milestone_text(struct tl_milestone *m, const char *label)
{
	char when[32];
	size_t len = strlen(label), room;

	snprintf(when, sizeof(when), " %.3f s", m->t / 1e9);
	room = sizeof(m->text) - 1 - strlen(when);
	if (len <= room) {
		snprintf(m->text, sizeof(m->text), "%s%s", label, when);
		return;
	}
	len = utf8_cut(label, room - 3);
	snprintf(m->text, sizeof(m->text), "%.*s...%s", (int)len, label, when);
}

/* When the root was mounted (the kernel's "VFS: Mounted root", or the
 * initramfs's first mount), NS_NONE. */
static ns_t root_mounted(const struct pm_cycle *c)
{
	size_t i;

	for (i = 0; i < c->nmilestones; i++)
		if (c->milestones[i].kind == MS_ROOT)
			return c->milestones[i].ts;
	return NS_NONE;
}

/* A boot's milestones inside the window: /init (pid 1 leaves the kernel),
 * the root mounted, the initrd's systemd and the root's (Boot totals and
 * Boot milestones in pmscope(1); the page's table has them all). */
static void place_milestones(struct tl_cycle *tc)
{
	static const struct { enum boot_mark m; const char *label; } shown[] = {
		{ BM_RUN_INIT, "/init" },
		{ BM_COUNT, "root" },	/* not a boot mark: root_mounted() */
		{ BM_SYSTEMD_INITRD, "systemd (initrd)" },
		{ BM_SYSTEMD, "systemd" },
	};
	const struct pm_cycle *c = tc->c;
	size_t i;

	_Static_assert(ARRAY_SIZE(shown) <= TL_MILESTONES_MAX, "room for each milestone");
	if (c->mode != MODE_BOOT)
		return;
	for (i = 0; i < ARRAY_SIZE(shown); i++) {
		ns_t t = shown[i].m == BM_COUNT ? root_mounted(c) : c->boot_marks[shown[i].m];
		/* the init the kernel ran, as the log names it ("/sbin/init") */
		const char *label = shown[i].m == BM_RUN_INIT && c->init_path ? c->init_path :
				    shown[i].label;
		struct tl_milestone *m = &tc->milestones[tc->nmilestones];

		if (t == NS_NONE || t < tc->t0 || t > tc->t1)
			continue;
		m->t = t;
		m->x = tl_x(tc, t);
		milestone_text(m, label);
		tc->nmilestones++;
	}
}

void tl_marks(struct tl_layout *L, struct tl_cycle *tc)
{
	place_bands(tc);
	place_milestones(tc);
	place_ticks(L, tc);
	place_segs(tc);
	place_waits(tc);
}
