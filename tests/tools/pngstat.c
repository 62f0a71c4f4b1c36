// SPDX-License-Identifier: GPL-2.0
/*
 * pngstat FILE.png: prints "WIDTH HEIGHT COLOURS", the number of distinct
 * pixel colours, so tests can tell a drawn picture from a blank one.
 */
#include <cairo.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	cairo_surface_t *s;
	uint32_t *px;
	int w, h, stride, x, y;
	size_t n = 0, colours = 0, i;

	if (argc != 2) {
		fprintf(stderr, "usage: pngstat FILE.png\n");
		return 2;
	}
	s = cairo_image_surface_create_from_png(argv[1]);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		fprintf(stderr, "pngstat: %s: %s\n", argv[1],
			cairo_status_to_string(cairo_surface_status(s)));
		return 1;
	}
	w = cairo_image_surface_get_width(s);
	h = cairo_image_surface_get_height(s);
	stride = cairo_image_surface_get_stride(s);
	px = malloc((size_t)w * h * sizeof(*px) + 1);
	if (!px)
		return 1;
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++)
			px[n++] = ((const uint32_t *)(cairo_image_surface_get_data(s) +
						     (size_t)y * stride))[x];
	qsort(px, n, sizeof(*px), cmp_u32);
	for (i = 0; i < n; i++)
		colours += !i || px[i] != px[i - 1];
	printf("%d %d %zu\n", w, h, colours);
	free(px);
	cairo_surface_destroy(s);
	return 0;
}
