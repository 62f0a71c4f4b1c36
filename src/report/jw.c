// SPDX-License-Identifier: GPL-2.0
/*
 * The JSON writer: values go straight to the stream; the writer keeps
 * only whether each open level has had a member, to place the commas.
 *
 * A report of 10^5 callbacks is about 100 MB of JSON, so the bytes go out
 * in runs (a string's plain ASCII in one write, numbers formatted here)
 * and through the unlocked stdio calls: a report's stream belongs to the
 * one thread that writes it.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "report.h"

static void put_c(FILE *f, char c)
{
	putc_unlocked(c, f);
}

static void put_n(FILE *f, const void *p, size_t n)
{
	fwrite_unlocked(p, 1, n, f);
}

static void put_s(FILE *f, const char *s)
{
	fputs_unlocked(s, f);
}

/* A byte that stands for itself inside a JSON string (and stays inert in
 * HTML, where the page data is JSON in a script element). */
static bool plain(unsigned char c)
{
	return c >= 0x20 && c < 0x7f && c != '"' && c != '\\' && c != '<' && c != '>' &&
	       c != '&';
}

/* "\u" and four hex digits: a log's every newline comes here, where
 * snprintf() would be most of the string's cost. */
static void put_u(FILE *f, uint32_t cp)
{
	static const char hex[] = "0123456789abcdef";
	const char esc[6] = { '\\', 'u', hex[cp >> 12 & 15], hex[cp >> 8 & 15],
			      hex[cp >> 4 & 15], hex[cp & 15] };

	put_n(f, esc, sizeof(esc));
}

void jw_put_str(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	uint32_t cp;

	if (!s) {
		put_s(f, "null");
		return;
	}
	put_c(f, '"');
	while (*p) {
		const unsigned char *q = p;
		size_t k;
		char esc[2];

		while (plain(*q))
			q++;
		if (q != p) {
			put_n(f, p, (size_t)(q - p));
			p = q;
			continue;
		}
		k = utf8_seq(p, &cp);
		if (!k) {
			put_s(f, "\\ufffd");
			p++;
			continue;
		}
		if (cp == '"' || cp == '\\') {
			esc[0] = '\\';
			esc[1] = (char)cp;
			put_n(f, esc, 2);
		} else if (cp < 0x20 || cp == 0x7f || cp == '<' || cp == '>' || cp == '&' ||
			   cp == 0x2028 || cp == 0x2029) {
			put_u(f, cp);
		} else {
			put_n(f, p, k);
		}
		p += k;
	}
	put_c(f, '"');
}

/* @v in decimal at the end of @buf (24 bytes); returns where it starts. */
static char *fmt_i64(char *buf, int64_t v)
{
	uint64_t a = v < 0 ? -(uint64_t)v : (uint64_t)v;
	char *p = buf + 24;

	do {
		*--p = (char)('0' + a % 10);
		a /= 10;
	} while (a);
	if (v < 0)
		*--p = '-';
	return p;
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
		put_c(w->f, ',');
	w->more[w->depth] = true;
}

static void open_level(struct jw *w, char c)
{
	sep(w);
	put_c(w->f, c);
	if (w->depth + 1 < JW_MAX_DEPTH)	/* deeper documents are a bug */
		w->depth++;
	w->more[w->depth] = false;
}

static void close_level(struct jw *w, char c)
{
	if (w->depth > 0)
		w->depth--;
	put_c(w->f, c);
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
	put_c(w->f, ':');
	w->after_key = true;
}

void jw_str(struct jw *w, const char *s)
{
	sep(w);
	jw_put_str(w->f, s);
}

void jw_int(struct jw *w, int64_t v)
{
	char buf[24], *p = fmt_i64(buf, v);

	sep(w);
	put_n(w->f, p, (size_t)(buf + sizeof(buf) - p));
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
	put_s(w->f, v ? "true" : "false");
}

void jw_null(struct jw *w)
{
	sep(w);
	put_s(w->f, "null");
}

/* The shortest of %.15g and %.17g that reads back as @v. */
void jw_double(struct jw *w, double v)
{
	char buf[40];

	sep(w);
	if (v != v || v - v != 0) {	/* NaN, infinite: JSON has neither */
		put_s(w->f, "null");
		return;
	}
	snprintf(buf, sizeof(buf), "%.15g", v);
	if (strtod(buf, NULL) != v)
		snprintf(buf, sizeof(buf), "%.17g", v);
	put_s(w->f, buf);
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
