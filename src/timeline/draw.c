// SPDX-License-Identifier: GPL-2.0
/*
 * Drawing a laid-out timeline through a painter (SVG or cairo). Order
 * matters: bands and grid first, then boxes, waits and markers on top,
 * text last.
 */
#include <stdio.h>
#include <stdlib.h>

#include "timeline.h"

#define STRIP_H 12.0

static void tip(const struct tl_painter *p, const char *s)
{
	if (p->tip_begin)
		p->tip_begin(p->ctx, s);
}

static void tip_end(const struct tl_painter *p)
{
	if (p->tip_end)
		p->tip_end(p->ctx);
}

/* At most @max code points of @s into @buf (of @n bytes), the last one a
 * "~" when @s was longer. Cuts only between code points. */
static const char *fit(char *buf, size_t n, const char *s, size_t max)
{
	size_t cps = 0, i = 0, keep = 0;
	bool cut = text_chars(s) > max;

	if (!s || max < 2 || n < 8)
		return "";
	for (;;) {
		if (!s[i] || (((unsigned char)s[i] & 0xc0) != 0x80 &&
			      (++cps > (cut ? max - 1 : max) || i + 5 > n)))
			break;
		keep = ++i;
	}
	memcpy(buf, s, keep);
	if (s[keep])
		buf[keep++] = '~';
	buf[keep] = 0;
	return buf;
}

/* @c 60% of the way to white: a band inside a box of colour @c. */
static uint32_t lighter(uint32_t c)
{
	uint32_t out = 0;
	int sh;

	for (sh = 0; sh <= 16; sh += 8) {
		uint32_t v = c >> sh & 0xff;

		out |= (v + (0xff - v) * 3 / 5) << sh;
	}
	return out;
}

/* The legend's key for the sleep bands: a grey box with one. */
static void legend_sleep(const struct tl_painter *p, double x, double y)
{
	p->rect(p->ctx, x, y + 2, 12, 12, 0xa0a0a0, 0x555555, 0.5);
	p->rect(p->ctx, x + 1, y + 5, 10, 6, lighter(0xa0a0a0), 0, 0);
}

static void draw_heading(const struct tl_layout *L, const struct tl_cycle *tc,
			 const struct tl_painter *p)
{
	const struct pm_cycle *c = tc->c;
	double y = tc->y + TL_MARGIN_PX + 11;
	char *s = tl_cycle_title(L->run, c), buf[256];
	size_t i;

	p->text(p->ctx, TL_MARGIN_PX, y, s, TL_TEXT_COLOR, 0, true);
	free(s);
	s = tl_cycle_totals(tc->cr);
	p->text(p->ctx, TL_MARGIN_PX, y + 16, s, TL_TEXT_COLOR, 0, false);
	free(s);
	if (tc->nfail || tc->nwarn) {
		s = xasprintf("%zu failure%s, %zu warning%s%s%s", tc->nfail, tc->nfail == 1 ? "" : "s",
			      tc->nwarn, tc->nwarn == 1 ? "" : "s", tc->first_fail ? ": " : "",
			      tc->first_fail ? tc->first_fail : "");
		p->text(p->ctx, TL_MARGIN_PX, y + 32, fit(buf, sizeof(buf), s,
			(size_t)((L->width - 2 * TL_MARGIN_PX) / TL_CHAR_PX)),
			tc->nfail ? TL_ERROR_COLOR : TL_TEXT_COLOR, 0, tc->nfail > 0);
		free(s);
	}
	for (i = 0; i < tc->nlegend; i++) {
		const struct tl_legend *e = &tc->legend[i];

		if (e->phase >= 0)
			p->rect(p->ctx, e->x, e->y + 2, 12, 12, tl_box_color(c->phases[e->phase].kind),
				0x555555, 0.5);
		else if (e->phase == TL_KEY_CRIT)
			p->rect(p->ctx, e->x + 1, e->y + 3, 10, 10, 0xffffff, TL_CRIT_COLOR, 2);
		else if (e->phase == TL_KEY_WAIT)
			p->rect(p->ctx, e->x, e->y + 5, 12, 6, TL_WAIT_COLOR, TL_CRIT_COLOR, 0.5);
		else if (e->phase == TL_KEY_SLEEP)
			legend_sleep(p, e->x, e->y);
		else
			p->tri(p->ctx, e->x + 6, e->y + 13, 10,
			       e->phase == TL_KEY_SAID ? TL_SAID_COLOR : TL_ERROR_COLOR);
		p->text(p->ctx, e->x + 16, e->y + 12, tl_legend_text(c, e->phase, buf, sizeof(buf)),
			TL_TEXT_COLOR, 0, false);
	}
}

/* A dashed line down the lanes at each boot milestone, its name and time
 * at the bottom: a boot's long empty stretch is user space, not the
 * kernel (the XPS 6.10's initrd, 1.8 to 8.6 s). */
static void draw_milestones(const struct tl_cycle *tc, const struct tl_painter *p, double top,
			    double h)
{
	double free_x = 0, y = top + h - 4;
	size_t i;

	for (i = 0; i < tc->nmilestones; i++) {
		const struct tl_milestone *m = &tc->milestones[i];
		const char *s = m->text;

		/* one close after another (the X13s's /init and its initrd's
		 * systemd, 25 ms apart) goes a line up, not over it */
		y = m->x + 3 < free_x ? y - TL_ROW_PX : top + h - 4;
		tip(p, s);
		p->line(p->ctx, m->x, top, m->x, top + h, TL_MILESTONE_COLOR, 1, true);
		p->text(p->ctx, m->x + 3, y, s, TL_MILESTONE_COLOR, 0, false);
		tip_end(p);
		free_x = m->x + 3 + (double)strlen(s) * TL_CHAR_PX;
	}
}

static void draw_bands(const struct tl_layout *L, const struct tl_cycle *tc,
		       const struct tl_painter *p)
{
	double top = tc->axis_y + 4, h = tc->lanes_y + tc->lanes_h - top;
	char buf[64];
	size_t i;

	for (i = 0; i < tc->nbands; i++) {
		const struct tl_band *b = &tc->bands[i];
		const struct pm_phase *ph = &tc->c->phases[b->phase];

		p->rect(p->ctx, b->x0, top, b->x1 - b->x0, h, tl_band_color(ph->kind), 0, 0);
	}
	for (i = 0; i < tc->nticks; i++) {
		const struct tl_tick *t = &tc->ticks[i];

		p->line(p->ctx, t->x, top, t->x, top + h, 0xdddddd, 1, false);
		snprintf(buf, sizeof(buf), "%.*f", t->decimals, t->off / 1e6);
		p->text(p->ctx, t->x, tc->axis_y, buf, TL_TEXT_COLOR, 1, false);
	}
	p->text(p->ctx, L->x0 - 8, tc->axis_y, "ms", TL_TEXT_COLOR, 2, false);
	draw_milestones(tc, p, top, h);
	if (tc->collapsed) {
		ns_t len = tc->piece[1].t0 - tc->piece[0].t1;
		const char *what = tc->machine >= 0 ? "machine" : "asleep";
		char *s = xasprintf("%s %s, %.3f ms, collapsed", what,
				    tc->machine >= 0 ? "phase" : "(no phase logged)", len / 1e6);

		tip(p, s);
		p->rect(p->ctx, tc->mx0, top, tc->mx1 - tc->mx0, h, 0xe4e4e4, 0x999999, 1);
		tip_end(p);
		free(s);
		p->text(p->ctx, (tc->mx0 + tc->mx1) / 2, top + 12, what, TL_TEXT_COLOR, 1, false);
		snprintf(buf, sizeof(buf), "%.1f ms", len / 1e6);
		p->text(p->ctx, (tc->mx0 + tc->mx1) / 2, top + 26, buf, TL_TEXT_COLOR, 1, false);
	}
}

static void draw_lanes(const struct tl_layout *L, const struct tl_cycle *tc,
		       const struct tl_painter *p)
{
	char name[96], buf[64];
	size_t i;

	if (!tc->nlanes)
		p->text(p->ctx, L->x0 + 4, tc->lanes_y + 13, "no device callbacks logged here",
			TL_TEXT_COLOR, 0, false);
	for (i = 0; i < tc->nlanes; i++) {
		const struct tl_lane *ln = &tc->lanes[i];

		p->line(p->ctx, TL_MARGIN_PX, ln->y, L->x1, ln->y, 0xbbbbbb, 0.5, false);
		if (ln->pid < 0)
			snprintf(name, sizeof(name), "thread unknown");
		else
			snprintf(name, sizeof(name), "%d%s%s", ln->pid, ln->main ? " driving" : "",
				 ln->comm && !ln->main ? " " : "");
		if (ln->comm && ln->pid >= 0 && !ln->main)
			strncat(name, ln->comm, sizeof(name) - strlen(name) - 1);
		p->text(p->ctx, TL_MARGIN_PX, ln->y + 13,
			fit(buf, sizeof(buf), name, (size_t)((L->x0 - TL_MARGIN_PX - 8) / TL_CHAR_PX)),
			TL_TEXT_COLOR, 0, ln->main);
	}
}

static void draw_strip(const struct tl_layout *L, const struct tl_cycle *tc,
		       const struct tl_painter *p)
{
	static const uint32_t fill[] = { [CP_RUN] = TL_CRIT_COLOR, [CP_WAIT] = TL_WAIT_COLOR,
					 [CP_GAP] = TL_GAP_COLOR };
	static const char *const what[] = { [CP_RUN] = "run", [CP_WAIT] = "wait for",
					    [CP_GAP] = "gap" };
	const struct pm_run *run = L->run;
	size_t i;

	if (tc->strip_y < 0)
		return;
	p->text(p->ctx, TL_MARGIN_PX, tc->strip_y + 10, "critical path", TL_CRIT_COLOR, 0, true);
	for (i = 0; i < tc->nsegs; i++) {
		const struct tl_seg *s = &tc->segs[i];
		char *t = xasprintf("critical path: %s%s%s, %.3f ms", what[s->kind],
				    s->dev >= 0 ? " " : "", s->dev >= 0 ? run->devs[s->dev].name : "",
				    (s->end - s->start) / 1e6);

		tip(p, t);
		p->rect(p->ctx, s->x0, tc->strip_y, s->x1 - s->x0 < 0.5 ? 0.5 : s->x1 - s->x0,
			STRIP_H, fill[s->kind], 0, 0);
		tip_end(p);
		free(t);
	}
}

/* A box the log said error for: its tooltip quotes the line. Takes @t. */
static char *said_title(const struct tl_cycle *tc, const struct tl_box *b, char *t)
{
	const struct pm_message *x;
	const struct cb_msg *m;
	char *out;

	if (!(b->flags & TLB_SAID) || !cb_msgs(&tc->cr->msgs, (size_t)b->cb, &m))
		return t;
	x = &tc->c->msgs[m[0].msg];
	out = xasprintf("%s\nthe log said (line %u): %s%s%s%s%s", t, x->line,
			x->driver ? x->driver : "", x->driver ? " " : "", x->device ? x->device : "",
			x->device ? ": " : "", x->text);
	free(t);
	return out;
}

/* Where a callback slept (its graph's spans), inside a box wide enough. */
static void draw_sleeps(const struct tl_cycle *tc, const struct tl_box *b, uint32_t fill,
			const struct tl_painter *p)
{
	struct pm_callgraph view;
	const struct pm_callgraph *g;
	size_t i;

	if (b->x1 - b->x0 < TL_SLEEP_MIN_PX || !(g = cb_graph(tc->c, &tc->c->cbs[b->cb], &view)))
		return;
	for (i = 0; i < g->nspans; i++) {
		double x0 = tl_x(tc, g->spans[i].start), x1 = tl_x(tc, g->spans[i].end);

		x0 = x0 < b->x0 + 1 ? b->x0 + 1 : x0;	/* the box's frame stays */
		x1 = x1 > b->x1 - 1 ? b->x1 - 1 : x1;
		if (x1 - x0 >= 1)
			p->rect(p->ctx, x0, b->y + 3, x1 - x0, TL_ROW_PX - 8, lighter(fill), 0, 0);
	}
}

static void draw_boxes(const struct tl_layout *L, const struct tl_cycle *tc,
		       const struct tl_painter *p)
{
	const struct pm_cycle *c = tc->c;
	char buf[320];
	size_t i;

	for (i = 0; i < tc->nboxes; i++) {
		const struct tl_box *b = &tc->boxes[i];
		const struct pm_callback *cb = &c->cbs[b->cb];
		double w = b->x1 - b->x0 < 1 ? 1 : b->x1 - b->x0;
		uint32_t fill = cb->phase >= 0 ? tl_box_color(c->phases[cb->phase].kind) : 0xcccccc;
		uint32_t stroke = b->flags & TLB_CRIT ? TL_CRIT_COLOR :
				  b->flags & (TLB_ERROR | TLB_UNFINISHED) ? TL_ERROR_COLOR :
				  w > 3 ? 0x444444 : 0;
		char *t = said_title(tc, b, tl_cb_title(L->run, c, b->cb));

		tip(p, t);
		p->rect(p->ctx, b->x0, b->y, w, TL_ROW_PX - 2, fill, stroke,
			b->flags & TLB_CRIT ? 2 : stroke == TL_ERROR_COLOR ? 1.5 : stroke ? 0.5 : 0);
		draw_sleeps(tc, b, fill, p);
		if (b->label != TL_LABEL_NONE)
			p->text(p->ctx, b->x0 + 2, b->y + 11, tl_label_text(L->run, c, b, buf, sizeof(buf)),
				TL_TEXT_COLOR, 0, false);
		tip_end(p);
		free(t);
		if (b->flags & (TLB_ERROR | TLB_UNFINISHED))
			p->tri(p->ctx, b->flags & TLB_UNFINISHED ? b->x1 : b->x0, b->y, 8, TL_ERROR_COLOR);
		else if (b->flags & TLB_SAID)
			p->tri(p->ctx, b->x0, b->y, 8, TL_SAID_COLOR);
	}
}

static void draw_waits(const struct tl_layout *L, const struct tl_cycle *tc,
		       const struct tl_painter *p)
{
	const struct pm_cycle *c = tc->c;
	size_t i;

	for (i = 0; i < tc->nwaits; i++) {
		const struct tl_wait *w = &tc->waits[i];
		const struct cp_blocked *bl = &tc->cp->blocked[w->blocked];
		int held = bl->held_dev >= 0 ? bl->held_dev : c->cbs[bl->cb].dev;
		char *t = xasprintf("%s%s waited %.3f ms for %s", L->run->devs[held].name,
				    bl->held_dev >= 0 ? " (no callback)" : "", bl->lost_ns / 1e6,
				    L->run->devs[bl->waited_dev].name);

		tip(p, t);
		p->rect(p->ctx, w->x0, w->y - 3, w->x1 - w->x0, 6, TL_WAIT_COLOR, TL_CRIT_COLOR, 0.5);
		if (w->from_x >= 0)
			p->line(p->ctx, w->from_x, w->from_y, w->x1, w->y, TL_CRIT_COLOR, 1, true);
		tip_end(p);
		free(t);
	}
}

void tl_draw(const struct tl_layout *L, const struct tl_painter *p)
{
	size_t i;

	p->rect(p->ctx, 0, 0, L->width, L->height, 0xffffff, 0, 0);
	for (i = 0; i < L->ncycles; i++) {
		const struct tl_cycle *tc = &L->cycles[i];

		if (i)
			p->line(p->ctx, 0, tc->y, L->width, tc->y, 0x666666, 1, false);
		draw_bands(L, tc, p);
		draw_lanes(L, tc, p);
		draw_strip(L, tc, p);
		draw_boxes(L, tc, p);
		draw_waits(L, tc, p);
		draw_heading(L, tc, p);
	}
}
