// SPDX-License-Identifier: GPL-2.0
/*
 * A JSON report's bytes cut into values the reader takes one by one
 * (report.h): the containers the reader walks (the top object, its long
 * lists, a cycle) are followed here byte by byte, and every other value
 * is gathered whole, at most RS_UNIT_MAX bytes, and parsed by json-c on
 * its own (strictly: no NaN, no trailing comma). Only the structure of
 * the walked containers is checked here; json-c checks the rest.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "report.h"

enum rs_state {
	RS_VALUE,	/* a value comes next */
	RS_KEY,		/* a key (or the end of an empty object) */
	RS_KEY_STR,	/* inside a key */
	RS_COLON,
	RS_AFTER,	/* after a value: ',' or the container's end */
	RS_DONE,	/* after the top value: blanks only */
};

struct rs_frame {
	char kind;		/* '{' or '[' */
	char key[RS_KEY_MAX];	/* the member it is ("" an element) */
};

struct report_split {
	const struct rs_ops *ops;
	void *ctx;
	struct rs_frame frame[RS_FRAMES];
	int depth;		/* frames open */
	enum rs_state state;
	bool first;		/* right after '{' or '[': its end may come */
	char key[RS_KEY_MAX];	/* the member being read */
	size_t keylen;
	bool key_esc;
	/* the value being gathered: '[' + its bytes (+ ']'), parsed as an
	 * array of one so that a number's end is known */
	char *unit;
	size_t ulen, ucap;
	char ukind;		/* 0 none, '{', '[', '"', or 's' a scalar */
	int udepth;
	bool ustr, uesc;
	uint64_t off, at;	/* bytes taken; where the value began */
	struct json_tokener *tok;
	char err[256];
};

static int fail(struct report_split *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int fail(struct report_split *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(s->err, sizeof(s->err), fmt, ap);
	va_end(ap);
	return -1;
}

struct report_split *rs_new(const struct rs_ops *ops, void *ctx)
{
	struct report_split *s = xcalloc(1, sizeof(*s));

	s->ops = ops;
	s->ctx = ctx;
	s->state = RS_VALUE;
	s->tok = json_tokener_new_ex(RS_JSON_DEPTH);
	if (!s->tok)
		abort();
	json_tokener_set_flags(s->tok, JSON_TOKENER_STRICT);
	return s;
}

void rs_free(struct report_split *s)
{
	if (!s)
		return;
	json_tokener_free(s->tok);
	free(s->unit);
	free(s);
}

const char *rs_error(const struct report_split *s)
{
	return s->err;
}

uint64_t rs_offset(const struct report_split *s)
{
	return s->at;
}

const char *rs_parent(const struct report_split *s, int depth)
{
	return depth >= 1 && depth <= s->depth ? s->frame[depth - 1].key : "";
}

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static const char *key_here(const struct report_split *s)
{
	return s->depth && s->frame[s->depth - 1].kind == '{' ? s->key : "";
}

static void unit_put(struct report_split *s, char c)
{
	if (s->ulen == s->ucap) {
		s->ucap = s->ucap ? 2 * s->ucap : 4096;
		s->unit = xrealloc(s->unit, s->ucap);
	}
	s->unit[s->ulen++] = c;
}

/* The value gathered, parsed and handed to the reader. */
static int unit_done(struct report_split *s)
{
	struct json_object *arr, *v;
	enum json_tokener_error e;
	int rc;

	unit_put(s, ']');
	json_tokener_reset(s->tok);
	arr = json_tokener_parse_ex(s->tok, s->unit, (int)s->ulen);
	e = json_tokener_get_error(s->tok);
	s->ukind = 0;
	if (!arr || e != json_tokener_success || json_tokener_get_parse_end(s->tok) != s->ulen ||
	    json_object_array_length(arr) != 1) {
		json_object_put(arr);
		return fail(s, "byte %llu: not JSON (%s)", (unsigned long long)s->at,
			    e != json_tokener_success ? json_tokener_error_desc(e) : "a stray byte");
	}
	v = json_object_array_get_idx(arr, 0);
	rc = s->ops->value(s->ctx, s->depth, key_here(s), v);
	json_object_put(arr);
	s->state = s->depth ? RS_AFTER : RS_DONE;
	return rc;
}

static int unit_begin(struct report_split *s, char c)
{
	s->ulen = 0;
	s->at = s->off;
	unit_put(s, '[');
	s->ukind = c == '{' || c == '[' || c == '"' ? c : 's';
	s->udepth = 0;
	s->ustr = s->uesc = false;
	return 0;
}

/* One byte of the value being gathered; 1 when @c is past its end (a
 * scalar's: the byte after it is the container's again). */
static int unit_byte(struct report_split *s, char c)
{
	if (s->ukind == 's' && (blank(c) || c == ',' || c == '}' || c == ']'))
		return unit_done(s) < 0 ? -1 : 1;
	if (s->ulen >= RS_UNIT_MAX)
		return fail(s, "byte %llu: a value longer than %u MiB", (unsigned long long)s->at,
			    RS_UNIT_MAX >> 20);
	unit_put(s, c);
	if (s->ustr) {
		if (s->uesc)
			s->uesc = false;
		else if (c == '\\')
			s->uesc = true;
		else if (c == '"')
			s->ustr = false;
		if (!s->ustr && s->ukind == '"')
			return unit_done(s);
		return 0;
	}
	if (c == '"')
		s->ustr = true;
	else if ((c == '{' || c == '[') && ++s->udepth > RS_JSON_DEPTH)
		return fail(s, "byte %llu: nested deeper than %d", (unsigned long long)s->at,
			    RS_JSON_DEPTH);
	else if ((c == '}' || c == ']') && --s->udepth <= 0)
		return unit_done(s);
	return 0;
}

static int open_frame(struct report_split *s, char c)
{
	struct rs_frame *f;

	if (s->depth == RS_FRAMES)
		return fail(s, "byte %llu: nested too deep", (unsigned long long)s->off);
	f = &s->frame[s->depth];
	snprintf(f->key, sizeof(f->key), "%s", key_here(s));
	f->kind = c;
	s->depth++;
	s->at = s->off;
	s->state = c == '{' ? RS_KEY : RS_VALUE;
	s->first = true;
	return s->ops->open(s->ctx, s->depth, f->key);
}

static int close_frame(struct report_split *s, char c)
{
	struct rs_frame *f = &s->frame[s->depth - 1];
	char key[RS_KEY_MAX];
	int rc;

	if ((f->kind == '{') != (c == '}'))
		return fail(s, "byte %llu: '%c' closes '%c'", (unsigned long long)s->off, c, f->kind);
	memcpy(key, f->key, sizeof(key));
	s->at = s->off;
	rc = s->ops->close(s->ctx, s->depth, key);
	s->depth--;
	s->state = s->depth ? RS_AFTER : RS_DONE;
	return rc;
}

static int value_start(struct report_split *s, char c)
{
	if (blank(c))
		return 0;
	if (c == ']' && s->first && s->depth && s->frame[s->depth - 1].kind == '[')
		return close_frame(s, c);
	if (c == '}' || c == ']' || c == ',' || c == ':')
		return fail(s, "byte %llu: '%c' where a value was due", (unsigned long long)s->off,
			    c);
	if (!s->depth && c != '{')
		return fail(s, "byte %llu: not a JSON object", (unsigned long long)s->off);
	if ((c == '{' || c == '[') && s->ops->split(s->ctx, s->depth, key_here(s), c))
		return open_frame(s, c);
	unit_begin(s, c);
	return unit_byte(s, c) < 0 ? -1 : 0;
}

static int key_byte(struct report_split *s, char c)
{
	if (s->key_esc) {
		s->key_esc = false;
	} else if (c == '\\') {
		s->key_esc = true;
		return 0;
	} else if (c == '"') {
		s->key[s->keylen < RS_KEY_MAX ? s->keylen : 0] = '\0';
		s->state = RS_COLON;
		return 0;
	}
	/* a key too long for the reader to know: none of its own */
	if (s->keylen < RS_KEY_MAX - 1)
		s->key[s->keylen++] = c;
	else
		s->keylen = RS_KEY_MAX;
	return 0;
}

static int byte(struct report_split *s, char c)
{
	switch (s->state) {
	case RS_VALUE:
		return value_start(s, c);
	case RS_KEY:
		if (blank(c))
			return 0;
		if (c == '}' && s->first)
			return close_frame(s, c);
		if (c != '"')
			return fail(s, "byte %llu: '%c' where a key was due",
				    (unsigned long long)s->off, c);
		s->keylen = 0;
		s->key_esc = false;
		s->state = RS_KEY_STR;
		return 0;
	case RS_KEY_STR:
		return key_byte(s, c);
	case RS_COLON:
		if (blank(c))
			return 0;
		if (c != ':')
			return fail(s, "byte %llu: no ':' after a key", (unsigned long long)s->off);
		s->state = RS_VALUE;
		s->first = false;
		return 0;
	case RS_AFTER:
		if (blank(c))
			return 0;
		if (c == '}' || c == ']')
			return close_frame(s, c);
		if (c != ',')
			return fail(s, "byte %llu: '%c' after a value", (unsigned long long)s->off, c);
		s->state = s->frame[s->depth - 1].kind == '{' ? RS_KEY : RS_VALUE;
		s->first = false;
		return 0;
	case RS_DONE:
		if (blank(c))
			return 0;
		return fail(s, "byte %llu: more after the report's end", (unsigned long long)s->off);
	}
	return 0;
}

int rs_feed(struct report_split *s, const char *p, size_t len)
{
	size_t i;
	int rc;

	for (i = 0; i < len; i++, s->off++) {
		if (s->ukind) {
			rc = unit_byte(s, p[i]);
			if (rc <= 0) {
				if (rc < 0)
					return -1;
				continue;
			}
		}
		if (byte(s, p[i]) < 0)
			return -1;
	}
	return 0;
}

int rs_end(struct report_split *s)
{
	if (s->ukind == 's' && unit_done(s) < 0)
		return -1;
	if (s->state != RS_DONE)
		return fail(s, "byte %llu: the report ends %s", (unsigned long long)s->off,
			    s->off ? "before its end (cut short?)" : "before it begins");
	return 0;
}
