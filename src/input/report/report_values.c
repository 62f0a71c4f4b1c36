// SPDX-License-Identifier: GPL-2.0
/*
 * A report's values, checked before the model takes them: a time is an
 * integer within what the parsers of logs take (NS_MAX), a count or an
 * index within its field, a string a string. A value the model could
 * not hold is an error naming its member, never a figure bent to fit.
 */
#include <stdarg.h>
#include <stdio.h>

#include "report.h"

int rep_error(struct rep *r, const char *fmt, ...)
{
	struct input_ctx *in = r->in;
	char what[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	snprintf(in->err, in->errlen, "%s: byte %llu: %s", in->path,
		 (unsigned long long)rs_offset(r->split), what);
	return -1;
}

/* @key's value, NULL when absent or null. */
static struct json_object *member(struct json_object *o, const char *key)
{
	struct json_object *v = NULL;

	json_object_object_get_ex(o, key, &v);
	return v;
}

int rv_object(struct rep *r, struct json_object *v, const char *what)
{
	if (json_object_get_type(v) != json_type_object)
		return rep_error(r, "%s: not an object", what);
	return 0;
}

int rv_int(struct rep *r, struct json_object *o, const char *key, int64_t lo, int64_t hi,
	   int64_t none, int64_t *out)
{
	struct json_object *v = member(o, key);
	int64_t x;

	if (!v) {
		*out = none;
		return 0;
	}
	/* json-c takes a number past int64 as its end: out of range too */
	x = json_object_get_int64(v);
	if (json_object_get_type(v) != json_type_int || x < lo || x > hi)
		return rep_error(r, "\"%s\": not an integer from %lld to %lld", key, (long long)lo,
				 (long long)hi);
	*out = x;
	return 0;
}

int rv_ns(struct rep *r, struct json_object *o, const char *key, ns_t *out)
{
	int64_t x;

	if (rv_int(r, o, key, -NS_MAX, NS_MAX, NS_NONE, &x) < 0)
		return -1;
	*out = x;
	return 0;
}

int rv_bool(struct rep *r, struct json_object *o, const char *key, bool *out)
{
	struct json_object *v = member(o, key);

	if (v && json_object_get_type(v) != json_type_boolean)
		return rep_error(r, "\"%s\": not true or false", key);
	*out = v && json_object_get_boolean(v);
	return 0;
}

int rv_flag(struct rep *r, struct json_object *o, const char *key, int *out)
{
	struct json_object *v = member(o, key);
	bool b;

	if (rv_bool(r, o, key, &b) < 0)
		return -1;
	*out = v ? b : -1;
	return 0;
}

int rv_str_of(struct rep *r, struct json_object *v, const char *what, const char **out)
{
	if (!v || json_object_get_type(v) == json_type_null) {
		*out = NULL;
		return 0;
	}
	if (json_object_get_type(v) != json_type_string)
		return rep_error(r, "%s: not a string", what);
	*out = strpool_get(&r->run->pool, str_make(json_object_get_string(v),
						   (size_t)json_object_get_string_len(v)));
	return 0;
}

int rv_str(struct rep *r, struct json_object *o, const char *key, const char **out)
{
	char what[RS_KEY_MAX + 2];

	snprintf(what, sizeof(what), "\"%s\"", key);
	return rv_str_of(r, member(o, key), what, out);
}

int rv_source(struct rep *r, struct json_object *o, const char *key, uint16_t *id,
	      const char **name)
{
	size_t k;

	if (rv_str(r, o, key, name) < 0)
		return -1;
	if (!*name) {
		*id = CB_SOURCES_MAX;
		return 0;
	}
	if (*name == r->last_src) {	/* a cycle's callbacks name one or two */
		*id = r->last_id;
		return 0;
	}
	k = run_source(r->run, *name);
	if (k >= REP_SOURCES_MAX)
		return rep_error(r, "more than %u source files", REP_SOURCES_MAX);
	r->last_src = *name;
	*id = r->last_id = (uint16_t)k;
	return 0;
}
