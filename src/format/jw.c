// SPDX-License-Identifier: GPL-2.0
/*
 * The JSON writer: values go out as they come; the writer keeps whether
 * each open level has had a member, to place the commas, and a buffer of
 * bytes not yet given to the stream.
 *
 * A report of 10^5 callbacks is about 100 MB of JSON, so the bytes are
 * gathered in the writer's own buffer (a string's plain ASCII in one
 * copy, numbers formatted here) and go to stdio 16 KB at a time: a stdio
 * call per key and per number was half the cost of writing a report.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "format.h"

static void flush(struct jw *w)
{
	if (w->n)
		fwrite_unlocked(w->buf, 1, w->n, w->f);
	w->n = 0;
}

/* memcpy() for the few bytes of a key, a number or a name: two moves
 * that may overlap, where a call and its dispatch on the length cost
 * more than the copy. */
static inline void copy_bytes(char *d, const void *src, size_t n)
{
	const char *s = src;
	uint64_t a, b;
	uint32_t x, y;

	if (n >= 8 && n <= 16) {
		memcpy(&a, s, 8);
		memcpy(&b, s + n - 8, 8);
		memcpy(d, &a, 8);
		memcpy(d + n - 8, &b, 8);
	} else if (n >= 4 && n < 8) {
		memcpy(&x, s, 4);
		memcpy(&y, s + n - 4, 4);
		memcpy(d, &x, 4);
		memcpy(d + n - 4, &y, 4);
	} else if (n > 16) {
		memcpy(d, s, n);
	} else {
		while (n--)
			*d++ = *s++;
	}
}

static void put_n(struct jw *w, const void *p, size_t n)
{
	if (n > sizeof(w->buf) - w->n) {
		flush(w);
		if (n > sizeof(w->buf)) {
			fwrite_unlocked(p, 1, n, w->f);
			return;
		}
	}
	copy_bytes(w->buf + w->n, p, n);
	w->n += n;
}

static void put_c(struct jw *w, char c)
{
	if (w->n == sizeof(w->buf))
		flush(w);
	w->buf[w->n++] = c;
}

static void put_s(struct jw *w, const char *s)
{
	put_n(w, s, strlen(s));
}

/* The bytes that stand for themselves inside a JSON string (and stay
 * inert in HTML, where the page data is JSON in a script element):
 * printable ASCII but for these five. A table: every byte of every
 * string is looked up. */
static const bool plain_byte[256] = {
	[' ' ... '!'] = true,	/* not '"' */
	['#' ... '%'] = true,	/* not '&' */
	['\'' ... ';'] = true,	/* not '<' */
	['='] = true,		/* not '>' */
	['?' ... '['] = true,	/* not '\\' */
	[']' ... '~'] = true,
};

static bool plain(unsigned char c)
{
	return plain_byte[c];
}

/* "\u" and four hex digits: a log's every newline comes here, where
 * snprintf() would be most of the string's cost. */
static void put_u(struct jw *w, uint32_t cp)
{
	static const char hex[] = "0123456789abcdef";
	const char esc[6] = { '\\', 'u', hex[cp >> 12 & 15], hex[cp >> 8 & 15],
			      hex[cp >> 4 & 15], hex[cp & 15] };

	put_n(w, esc, sizeof(esc));
}

static void put_str(struct jw *w, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	uint32_t cp;

	if (!s) {
		put_s(w, "null");
		return;
	}
	put_c(w, '"');
	while (*p) {
		const unsigned char *q = p;
		size_t k;
		char esc[2];

		while (plain(*q))
			q++;
		if (q != p) {
			put_n(w, p, (size_t)(q - p));
			p = q;
			continue;
		}
		k = utf8_seq(p, &cp);
		if (!k) {
			put_s(w, "\\ufffd");
			p++;
			continue;
		}
		if (cp == '"' || cp == '\\') {
			esc[0] = '\\';
			esc[1] = (char)cp;
			put_n(w, esc, 2);
		} else if (cp < 0x20 || cp == 0x7f || cp == '<' || cp == '>' || cp == '&' ||
			   cp == 0x2028 || cp == 0x2029) {
			put_u(w, cp);
		} else {
			put_n(w, p, k);
		}
		p += k;
	}
	put_c(w, '"');
}

void jw_put_str(FILE *f, const char *s)
{
	struct jw w;

	jw_init(&w, f);
	put_str(&w, s);
	flush(&w);
}

/* @v in decimal at the end of @buf (24 bytes); returns where it starts.
 * Two digits a step from a table: a report's time stamps have eleven
 * and more, and a division a digit was a tenth of writing one. */
static char *fmt_i64(char *buf, int64_t v)
{
	static const char pairs[] =
		"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
		"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
		"8081828384858687888990919293949596979899";
	uint64_t a = v < 0 ? -(uint64_t)v : (uint64_t)v;
	char *p = buf + 24;

	while (a >= 100) {
		const char *d = pairs + a % 100 * 2;

		a /= 100;
		*--p = d[1];
		*--p = d[0];
	}
	if (a >= 10) {
		*--p = pairs[a * 2 + 1];
		*--p = pairs[a * 2];
	} else {
		*--p = (char)('0' + a);
	}
	if (v < 0)
		*--p = '-';
	return p;
}

void jw_init(struct jw *w, FILE *f)
{
	w->f = f;
	w->depth = 0;
	memset(w->more, 0, sizeof(w->more));
	w->after_key = false;
	w->n = 0;	/* the buffer itself needs no zeroing */
}

/* Before any value or key: the comma that separates it from the last. */
static void sep(struct jw *w)
{
	if (w->after_key) {
		w->after_key = false;
		return;
	}
	if (w->more[w->depth])
		put_c(w, ',');
	w->more[w->depth] = true;
}

static void open_level(struct jw *w, char c)
{
	sep(w);
	put_c(w, c);
	if (w->depth + 1 < JW_MAX_DEPTH)	/* deeper documents are a bug */
		w->depth++;
	w->more[w->depth] = false;
}

/* Closing the top level ends the document: the stream has all of it. */
static void close_level(struct jw *w, char c)
{
	if (w->depth > 0)
		w->depth--;
	put_c(w, c);
	if (!w->depth)
		flush(w);
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
	put_str(w, key);
	put_c(w, ':');
	w->after_key = true;
}

void jw_str(struct jw *w, const char *s)
{
	sep(w);
	put_str(w, s);
}

void jw_int(struct jw *w, int64_t v)
{
	char buf[24], *p = fmt_i64(buf, v);

	sep(w);
	put_n(w, p, (size_t)(buf + sizeof(buf) - p));
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
	put_s(w, v ? "true" : "false");
}

void jw_null(struct jw *w)
{
	sep(w);
	put_s(w, "null");
}

/* The shortest of %.15g and %.17g that reads back as @v. */
void jw_double(struct jw *w, double v)
{
	char buf[40];

	sep(w);
	if (v != v || v - v != 0) {	/* NaN, infinite: JSON has neither */
		put_s(w, "null");
		return;
	}
	snprintf(buf, sizeof(buf), "%.15g", v);
	if (strtod(buf, NULL) != v)
		snprintf(buf, sizeof(buf), "%.17g", v);
	put_s(w, buf);
}

void jw_ms_us(struct jw *w, int64_t us)
{
	char buf[32];
	uint64_t a;
	int n;

	if (us == US_NONE) {
		jw_null(w);
		return;
	}
	sep(w);
	a = us < 0 ? -(uint64_t)us : (uint64_t)us;
	n = snprintf(buf, sizeof(buf), "%s%" PRIu64 ".%03u", us < 0 ? "-" : "", a / 1000,
		     (unsigned)(a % 1000));
	put_n(w, buf, (size_t)n);
}
