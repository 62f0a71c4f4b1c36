// SPDX-License-Identifier: GPL-2.0
/*
 * The JSON writer: values go straight to the stream; the writer keeps
 * only whether each open level has had a member, to place the commas.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "report.h"

void jw_put_str(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	uint32_t cp;

	if (!s) {
		fputs("null", f);
		return;
	}
	fputc('"', f);
	while (*p) {
		size_t k = utf8_seq(p, &cp);

		if (!k) {
			fputs("\\ufffd", f);
			p++;
			continue;
		}
		if (cp == '"' || cp == '\\')
			fprintf(f, "\\%c", (int)cp);
		else if (cp < 0x20 || cp == 0x7f || cp == '<' || cp == '>' || cp == '&' ||
			 cp == 0x2028 || cp == 0x2029)
			fprintf(f, "\\u%04x", (unsigned)cp);
		else
			fwrite(p, 1, k, f);
		p += k;
	}
	fputc('"', f);
}

void jw_init(struct jw *w, FILE *f)
{
	memset(w, 0, sizeof(*w));
	w->f = f;
}

/* Before any value or key: the comma that separates it from the last. */
static void sep(struct jw *w)
{
	if (w->after_key) {
		w->after_key = false;
		return;
	}
	if (w->more[w->depth])
		fputc(',', w->f);
	w->more[w->depth] = true;
}

static void open_level(struct jw *w, char c)
{
	sep(w);
	fputc(c, w->f);
	if (w->depth + 1 < JW_MAX_DEPTH)	/* deeper documents are a bug */
		w->depth++;
	w->more[w->depth] = false;
}

static void close_level(struct jw *w, char c)
{
	if (w->depth > 0)
		w->depth--;
	fputc(c, w->f);
}

void jw_obj(struct jw *w)
{
	open_level(w, '{');
}

void jw_obj_end(struct jw *w)
{
	close_level(w, '}');
}

void jw_arr(struct jw *w)
{
	open_level(w, '[');
}

void jw_arr_end(struct jw *w)
{
	close_level(w, ']');
}

void jw_key(struct jw *w, const char *key)
{
	sep(w);
	jw_put_str(w->f, key);
	fputc(':', w->f);
	w->after_key = true;
}

void jw_str(struct jw *w, const char *s)
{
	sep(w);
	jw_put_str(w->f, s);
}

void jw_int(struct jw *w, int64_t v)
{
	sep(w);
	fprintf(w->f, "%" PRId64, v);
}

void jw_ns(struct jw *w, ns_t v)
{
	if (v == NS_NONE)
		jw_null(w);
	else
		jw_int(w, v);
}

void jw_bool(struct jw *w, bool v)
{
	sep(w);
	fputs(v ? "true" : "false", w->f);
}

void jw_null(struct jw *w)
{
	sep(w);
	fputs("null", w->f);
}

/* The shortest of %.15g and %.17g that reads back as @v. */
void jw_double(struct jw *w, double v)
{
	char buf[40];

	sep(w);
	if (v != v || v - v != 0) {	/* NaN, infinite: JSON has neither */
		fputs("null", w->f);
		return;
	}
	snprintf(buf, sizeof(buf), "%.15g", v);
	if (strtod(buf, NULL) != v)
		snprintf(buf, sizeof(buf), "%.17g", v);
	fputs(buf, w->f);
}

void jw_ms_us(struct jw *w, int64_t us)
{
	uint64_t a;

	if (us == US_NONE) {
		jw_null(w);
		return;
	}
	sep(w);
	a = us < 0 ? -(uint64_t)us : (uint64_t)us;
	fprintf(w->f, "%s%" PRIu64 ".%03u", us < 0 ? "-" : "", a / 1000, (unsigned)(a % 1000));
}
