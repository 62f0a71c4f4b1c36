// SPDX-License-Identifier: GPL-2.0
/*
 * PNG timeline through cairo: the same layout and drawing as the SVG,
 * painted onto an image surface. cairo is loaded when a PNG is asked for
 * (util.h, lazy_lib_load()): linked, it and the sixteen libraries it needs
 * (X11, xcb, fontconfig, freetype, pixman ...) took 5 ms of every start.
 */
#include <cairo.h>
#include <stdio.h>

#include "timeline.h"

/* cairo's image surfaces stop at 32767 px a side. */
#define PNG_MAX_PX 32767

#define CAIRO_FNS(X)                                                             \
	X(cairo_image_surface_create) X(cairo_create) X(cairo_destroy)          \
	X(cairo_surface_flush) X(cairo_surface_write_to_png_stream)             \
	X(cairo_surface_destroy) X(cairo_set_source_rgb) X(cairo_rectangle)     \
	X(cairo_fill) X(cairo_fill_preserve) X(cairo_stroke)                    \
	X(cairo_set_line_width) X(cairo_move_to) X(cairo_line_to)               \
	X(cairo_rel_line_to) X(cairo_close_path) X(cairo_set_dash)              \
	X(cairo_select_font_face) X(cairo_set_font_size) X(cairo_text_extents)  \
	X(cairo_show_text)

/* The cairo functions drawn with, by their own names and types. */
struct cairo_fns {
	CAIRO_FNS(LAZY_FN)
};

static const char *const names[] = { CAIRO_FNS(LAZY_NAME) NULL };
static struct cairo_fns fns;
static struct lazy_lib lib = LAZY_LIB("libcairo.so.2", names, fns);

/* What the painter's callbacks draw with. */
struct png_ctx {
	const struct cairo_fns *f;
	cairo_t *cr;
};

static void set_color(const struct png_ctx *x, uint32_t c)
{
	x->f->cairo_set_source_rgb(x->cr, (c >> 16 & 0xff) / 255.0, (c >> 8 & 0xff) / 255.0,
				   (c & 0xff) / 255.0);
}

static void png_rect(void *ctx, double x, double y, double w, double h, uint32_t fill,
		     uint32_t stroke, double sw)
{
	const struct png_ctx *p = ctx;
	const struct cairo_fns *f = p->f;
	cairo_t *cr = p->cr;

	f->cairo_rectangle(cr, x, y, w, h);
	set_color(p, fill);
	if (sw > 0) {
		f->cairo_fill_preserve(cr);
		set_color(p, stroke);
		f->cairo_set_line_width(cr, sw);
		f->cairo_stroke(cr);
	} else {
		f->cairo_fill(cr);
	}
}

static void png_line(void *ctx, double x0, double y0, double x1, double y1, uint32_t c,
		     double w, bool dashed)
{
	static const double dash[] = { 4, 3 };
	const struct png_ctx *p = ctx;
	const struct cairo_fns *f = p->f;
	cairo_t *cr = p->cr;

	f->cairo_move_to(cr, x0, y0);
	f->cairo_line_to(cr, x1, y1);
	set_color(p, c);
	f->cairo_set_line_width(cr, w);
	f->cairo_set_dash(cr, dash, dashed ? 2 : 0, 0);
	f->cairo_stroke(cr);
	f->cairo_set_dash(cr, NULL, 0, 0);
}

static void png_tri(void *ctx, double x, double y, double s, uint32_t fill)
{
	const struct png_ctx *p = ctx;
	const struct cairo_fns *f = p->f;
	cairo_t *cr = p->cr;

	f->cairo_move_to(cr, x, y);
	f->cairo_rel_line_to(cr, -s / 2, -s);
	f->cairo_rel_line_to(cr, s, 0);
	f->cairo_close_path(cr);
	set_color(p, fill);
	f->cairo_fill(cr);
}

static void png_text(void *ctx, double x, double y, const char *s, uint32_t c, int anchor,
		     bool bold)
{
	const struct png_ctx *p = ctx;
	const struct cairo_fns *f = p->f;
	cairo_t *cr = p->cr;

	f->cairo_select_font_face(cr, TL_FONT, CAIRO_FONT_SLANT_NORMAL,
				  bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	f->cairo_set_font_size(cr, TL_FONT_PX);
	if (anchor) {
		cairo_text_extents_t e;

		f->cairo_text_extents(cr, s, &e);
		x -= anchor == 1 ? e.x_advance / 2 : e.x_advance;
	}
	set_color(p, c);
	f->cairo_move_to(cr, x, y);
	f->cairo_show_text(cr, s);
}

static cairo_status_t png_write(void *closure, const unsigned char *data, unsigned int len)
{
	return fwrite(data, 1, len, closure) == len ? CAIRO_STATUS_SUCCESS :
						      CAIRO_STATUS_WRITE_ERROR;
}

int report_png(FILE *f, const struct pm_run *run, const struct pm_results *res,
	       const struct report_opts *o, char *err, size_t errlen)
{
	struct tl_painter p = { NULL, png_rect, png_line, png_tri, png_text, NULL, NULL };
	struct png_ctx x = { &fns, NULL };
	cairo_surface_t *s = NULL;
	struct tl_layout L;
	int rc = -1;

	if (!lazy_lib_load(&lib)) {
		snprintf(err, errlen, "PNG: %s", lib.err);
		return -1;
	}
	if (tl_layout(&L, run, res, o, err, errlen) < 0)
		return -1;
	if (L.height > PNG_MAX_PX) {
		snprintf(err, errlen, "a PNG would be %.0f px high (at most %d): choose a cycle, "
			 "phase or time window", L.height, PNG_MAX_PX);
		goto out;
	}
	s = x.f->cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)L.width, (int)L.height);
	x.cr = x.f->cairo_create(s);
	p.ctx = &x;
	tl_draw(&L, &p);
	x.f->cairo_destroy(x.cr);
	x.f->cairo_surface_flush(s);
	if (!f || x.f->cairo_surface_write_to_png_stream(s, png_write, f) == CAIRO_STATUS_SUCCESS)
		rc = 0;
out:
	if (s)
		x.f->cairo_surface_destroy(s);
	tl_layout_free(&L);
	return rc;
}
