// SPDX-License-Identifier: GPL-2.0
/*
 * Static SVG timeline, written by hand: text stays <text>, hover texts
 * are <title> elements, everything from the logs goes through
 * xml_put(). Coordinates with one decimal, so the same input gives
 * the same bytes.
 */
#include <stdio.h>

#include "timeline.h"

static void color(FILE *f, const char *attr, uint32_t c)
{
	fprintf(f, " %s=\"#%06x\"", attr, c & 0xffffff);
}

static void svg_rect(void *ctx, double x, double y, double w, double h, uint32_t fill,
		     uint32_t stroke, double sw)
{
	FILE *f = ctx;

	fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"", x, y, w, h);
	color(f, "fill", fill);
	if (sw > 0) {
		color(f, "stroke", stroke);
		fprintf(f, " stroke-width=\"%.1f\"", sw);
	}
	fputs("/>\n", f);
}

static void svg_line(void *ctx, double x0, double y0, double x1, double y1, uint32_t c,
		     double w, bool dashed)
{
	FILE *f = ctx;

	fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"", x0, y0, x1, y1);
	color(f, "stroke", c);
	fprintf(f, " stroke-width=\"%.1f\"%s/>\n", w, dashed ? " stroke-dasharray=\"4 3\"" : "");
}

/* A small downward triangle whose tip is at (x, y). */
static void svg_tri(void *ctx, double x, double y, double s, uint32_t fill)
{
	FILE *f = ctx;

	fprintf(f, "<path d=\"M%.1f %.1fl%.1f %.1fh%.1fz\"", x, y, -s / 2, -s, s);
	color(f, "fill", fill);
	fputs("/>\n", f);
}

static void svg_text(void *ctx, double x, double y, const char *s, uint32_t c, int anchor,
		     bool bold)
{
	static const char *const anchors[] = { NULL, "middle", "end" };
	FILE *f = ctx;

	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\"", x, y);
	if (c != TL_TEXT_COLOR)
		color(f, "fill", c);
	if (anchor > 0 && anchor < 3)
		fprintf(f, " text-anchor=\"%s\"", anchors[anchor]);
	if (bold)
		fputs(" font-weight=\"bold\"", f);
	fputc('>', f);
	xml_put(f, s);
	fputs("</text>\n", f);
}

static void svg_tip_begin(void *ctx, const char *tip)
{
	FILE *f = ctx;

	fputs("<g><title>", f);
	xml_put(f, tip);
	fputs("</title>", f);
}

static void svg_tip_end(void *ctx)
{
	fputs("</g>\n", (FILE *)ctx);
}

int report_svg(FILE *f, const struct pm_run *run, const struct pm_results *res,
	       const struct report_opts *o, char *err, size_t errlen)
{
	struct tl_painter p = { f, svg_rect, svg_line, svg_tri, svg_text, svg_tip_begin,
				svg_tip_end };
	struct tl_layout L;

	if (tl_layout(&L, run, res, o, err, errlen) < 0)
		return -1;
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
		"viewBox=\"0 0 %.0f %.0f\" font-family=\"%s, monospace\" font-size=\"%.0f\" "
		"fill=\"#%06x\">\n<title>pmscope timeline</title>\n",
		L.width, L.height, L.width, L.height, TL_FONT, TL_FONT_PX, TL_TEXT_COLOR);
	tl_draw(&L, &p);
	fputs("</svg>\n", f);
	tl_layout_free(&L);
	return ferror(f) ? -1 : 0;
}
