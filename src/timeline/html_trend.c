// SPDX-License-Identifier: GPL-2.0
/*
 * pmscope stats --html: each mode's totals over the runs, one point a
 * cycle in the order the runs were read (analysis/summary.c), with a line
 * where the kernel changed. Plain SVG: drawn by the browser as it parses,
 * so a page of 1,000 runs needs no script to show it.
 */
#include <math.h>

#include "stats.h"
#include "timeline.h"

#define TREND_W 960
#define TREND_H 260
#define TREND_LEFT 70
#define TREND_RIGHT 14
#define TREND_TOP 34
#define TREND_BOTTOM 22
#define TREND_TICKS 4
#define KERNEL_LABEL_GAP 8

enum trend_figure { TF_SUSPEND, TF_RESUME, TF_BOOT, TF_COUNT };

static const char *const figure_name[TF_COUNT] = { "suspend", "resume", "boot" };

struct trend_frame {
	const struct sum_series *se;
	ns_t top;		/* the y axis' top, a whole number of steps */
	ns_t step;
	int decimals;
};

static ns_t figure(const struct sum_point *p, enum trend_figure k)
{
	return k == TF_SUSPEND ? p->suspend_ns : k == TF_RESUME ? p->resume_ns : p->boot_ns;
}

static bool figure_shown(int mode, enum trend_figure k)
{
	return (mode == MODE_BOOT) == (k == TF_BOOT);
}

static double trend_x(const struct trend_frame *fr, size_t i)
{
	double w = TREND_W - TREND_LEFT - TREND_RIGHT;

	if (fr->se->n < 2)
		return TREND_LEFT + w / 2;
	return TREND_LEFT + w * (double)i / (double)(fr->se->n - 1);
}

static double trend_y(const struct trend_frame *fr, ns_t v)
{
	double h = TREND_H - TREND_TOP - TREND_BOTTOM;

	return TREND_TOP + h - h * (double)v / (double)fr->top;
}

static void frame_init(struct trend_frame *fr, const struct sum_series *se, int mode)
{
	ns_t max = 0;
	size_t i;
	int k;

	fr->se = se;
	for (i = 0; i < se->n; i++)
		for (k = 0; k < TF_COUNT; k++)
			if (figure_shown(mode, k) && figure(&se->v[i], k) != NS_NONE &&
			    figure(&se->v[i], k) > max)
				max = figure(&se->v[i], k);
	fr->step = tl_nice_step((double)(max > 0 ? max : 1) / TREND_TICKS, &fr->decimals);
	fr->top = (max + fr->step - 1) / fr->step * fr->step;
	if (fr->top < fr->step)
		fr->top = fr->step;
}

static void put_axis(FILE *f, const struct trend_frame *fr)
{
	ns_t v;

	for (v = 0; v <= fr->top; v += fr->step) {
		double y = trend_y(fr, v);

		fprintf(f, "<line class=\"grid\" x1=\"%d\" x2=\"%d\" y1=\"%.2f\" y2=\"%.2f\"/>"
			"<text class=\"tick\" x=\"%d\" y=\"%.2f\">%.*f</text>\n",
			TREND_LEFT, TREND_W - TREND_RIGHT, y, y, TREND_LEFT - 6, y + 4,
			fr->decimals, v / 1e6);
	}
	fprintf(f, "<text class=\"unit\" x=\"%d\" y=\"%d\">ms</text>\n", TREND_LEFT - 6,
		TREND_TOP - 20);
}

/* A line before each point whose kernel is not the one before it; its
 * name above, where the one before leaves room. */
static void put_kernels(FILE *f, const struct tl_summary *s, const struct trend_frame *fr)
{
	double label_end = -1e9;
	size_t i;

	for (i = 0; i < fr->se->n; i++) {
		const struct sum_point *p = &fr->se->v[i];
		const char *k = s->runs[p->run].kernel ? s->runs[p->run].kernel : "unknown";
		double x = i ? (trend_x(fr, i - 1) + trend_x(fr, i)) / 2 : trend_x(fr, i);

		if (!p->new_kernel)
			continue;
		fprintf(f, "<line class=\"kernel\" x1=\"%.2f\" x2=\"%.2f\" y1=\"%d\" y2=\"%d\">"
			"<title>", x, x, TREND_TOP - 14, TREND_H - TREND_BOTTOM);
		xml_put(f, k);
		fputs("</title></line>\n", f);
		if (x < label_end + KERNEL_LABEL_GAP)
			continue;
		fprintf(f, "<text class=\"kernel\" x=\"%.2f\" y=\"%d\">", x + 3, TREND_TOP - 16);
		xml_put(f, k);
		fputs("</text>\n", f);
		label_end = x + 3 + strlen(k) * TL_CHAR_PX;
	}
}

static void put_point(FILE *f, const struct tl_summary *s, const struct sum_point *p,
		      enum trend_figure k, double x, double y)
{
	const struct sum_run *r = &s->runs[p->run];

	fprintf(f, "<circle class=\"p %s\" cx=\"%.2f\" cy=\"%.2f\" r=\"2.5\"><title>",
		figure_name[k], x, y);
	xml_put(f, r->source);
	fprintf(f, " cycle %d, ", p->cycle);
	xml_put(f, r->kernel ? r->kernel : "kernel unknown");
	fprintf(f, ": %s %.3f ms</title></circle>\n", figure_name[k], figure(p, k) / 1e6);
}

static void put_figure(FILE *f, const struct tl_summary *s, const struct trend_frame *fr,
		       enum trend_figure k)
{
	size_t i;

	fprintf(f, "<polyline class=\"%s\" points=\"", figure_name[k]);
	for (i = 0; i < fr->se->n; i++)
		if (figure(&fr->se->v[i], k) != NS_NONE)
			fprintf(f, "%.2f,%.2f ", trend_x(fr, i), trend_y(fr, figure(&fr->se->v[i], k)));
	fputs("\"/>\n", f);
	for (i = 0; i < fr->se->n; i++)
		if (figure(&fr->se->v[i], k) != NS_NONE)
			put_point(f, s, &fr->se->v[i], k, trend_x(fr, i),
				  trend_y(fr, figure(&fr->se->v[i], k)));
}

static void put_trend(FILE *f, const struct tl_summary *s, int mode)
{
	struct trend_frame fr;
	const char *name = s->modes[mode].mode;
	int k, lx = TREND_LEFT;

	frame_init(&fr, &s->series[mode], mode);
	fprintf(f, "<h3>%s: %zu cycles</h3>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
		"class=\"trend\" id=\"trend-%s\" data-mode=\"%s\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\">\n", name, fr.se->n, name, name, TREND_W, TREND_H,
		TREND_W, TREND_H);
	put_axis(f, &fr);
	put_kernels(f, s, &fr);
	for (k = 0; k < TF_COUNT; k++) {
		if (!figure_shown(mode, k))
			continue;
		fprintf(f, "<text class=\"legend %s\" x=\"%d\" y=\"%d\">%s</text>\n",
			figure_name[k], lx, TREND_H - 4, figure_name[k]);
		lx += 80;
	}
	for (k = 0; k < TF_COUNT; k++)
		if (figure_shown(mode, k))
			put_figure(f, s, &fr, k);
	fputs("</svg>\n", f);
}

void tl_put_trends(FILE *f, const struct tl_summary *s)
{
	int m;

	fputs("<h2 id=\"over-time\">over time</h2>\n"
	      "<p>Each cycle's totals in the order the runs were read (a store of pmscope "
	      "watch: oldest first); a line where the kernel changed.</p>\n", f);
	for (m = MODE_UNKNOWN; m <= MODE_BOOT; m++)
		if (s->series[m].n)
			put_trend(f, s, m);
}
