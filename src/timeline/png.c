// SPDX-License-Identifier: GPL-2.0
/*
 * PNG timeline through cairo: the same layout and drawing as the SVG,
 * painted onto an image surface.
 */
#include <cairo.h>
#include <stdio.h>

#include "timeline.h"

/* cairo's image surfaces stop at 32767 px a side. */
#define PNG_MAX_PX 32767

static void set_color(cairo_t *cr, uint32_t c)
{
	cairo_set_source_rgb(cr, (c >> 16 & 0xff) / 255.0, (c >> 8 & 0xff) / 255.0,
			     (c & 0xff) / 255.0);
}

static void png_rect(void *ctx, double x, double y, double w, double h, uint32_t fill,
		     uint32_t stroke, double sw)
{
	cairo_t *cr = ctx;

	cairo_rectangle(cr, x, y, w, h);
	set_color(cr, fill);
	if (sw > 0) {
		cairo_fill_preserve(cr);
		set_color(cr, stroke);
		cairo_set_line_width(cr, sw);
		cairo_stroke(cr);
	} else {
		cairo_fill(cr);
	}
}

static void png_line(void *ctx, double x0, double y0, double x1, double y1, uint32_t c,
		     double w, bool dashed)
{
	static const double dash[] = { 4, 3 };
	cairo_t *cr = ctx;

	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x1, y1);
	set_color(cr, c);
	cairo_set_line_width(cr, w);
	cairo_set_dash(cr, dash, dashed ? 2 : 0, 0);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
}

static void png_tri(void *ctx, double x, double y, double s, uint32_t fill)
{
	cairo_t *cr = ctx;

	cairo_move_to(cr, x, y);
	cairo_rel_line_to(cr, -s / 2, -s);
	cairo_rel_line_to(cr, s, 0);
	cairo_close_path(cr);
	set_color(cr, fill);
	cairo_fill(cr);
}

static void png_text(void *ctx, double x, double y, const char *s, uint32_t c, int anchor,
		     bool bold)
{
	cairo_t *cr = ctx;

	cairo_select_font_face(cr, TL_FONT, CAIRO_FONT_SLANT_NORMAL,
			       bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, TL_FONT_PX);
	if (anchor) {
		cairo_text_extents_t e;

		cairo_text_extents(cr, s, &e);
		x -= anchor == 1 ? e.x_advance / 2 : e.x_advance;
	}
	set_color(cr, c);
	cairo_move_to(cr, x, y);
	cairo_show_text(cr, s);
}

static cairo_status_t png_write(void *closure, const unsigned char *data, unsigned int len)
{
	return fwrite(data, 1, len, closure) == len ? CAIRO_STATUS_SUCCESS :
						      CAIRO_STATUS_WRITE_ERROR;
}

int report_png(FILE *f, const struct pm_run *run, const struct pm_results *res,
	       const struct report_opts *o)
{
	struct tl_painter p = { NULL, png_rect, png_line, png_tri, png_text, NULL, NULL };
	cairo_surface_t *s = NULL;
	struct tl_layout L;
	char err[256];
	int rc = -1;

	if (tl_layout(&L, run, res, o, err, sizeof(err)) < 0) {
		fprintf(stderr, "pmscope: %s\n", err);
		return -1;
	}
	if (L.height > PNG_MAX_PX) {
		fprintf(stderr, "pmscope: PNG would be %.0f px high (at most %d): "
			"choose a cycle, phase or time window\n", L.height, PNG_MAX_PX);
		goto out;
	}
	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)L.width, (int)L.height);
	p.ctx = cairo_create(s);
	tl_draw(&L, &p);
	cairo_destroy(p.ctx);
	cairo_surface_flush(s);
	if (cairo_surface_write_to_png_stream(s, png_write, f) == CAIRO_STATUS_SUCCESS)
		rc = 0;
out:
	if (s)
		cairo_surface_destroy(s);
	tl_layout_free(&L);
	return rc;
}
