// SPDX-License-Identifier: GPL-2.0
/*
 * trace.dat records into messages for the parent (input/tracedat/tracedat.h), in
 * the child process. Callbacks, function_graph calls and phases, nearly
 * every record used, are decoded by field name with libtraceevent and
 * sent as their values; markers and any record whose fields are not as
 * expected are printed with their own format, as trace-cmd report would,
 * for the ftrace text parser.
 */
#include <stdio.h>
#include <stdlib.h>
#include <trace-cmd.h>

#include "input.h"
#include "tracedat.h"

/* The symbols of device_pm_callback_start's event field ("suspend" ...) */
#define PM_VERBS_MAX 16
/* suspend_resume actions: a few dozen strings in the kernel */
#define DAT_ACTIONS_MAX 128

/* The fields of the events decoded by value (NULL: not in this file's
 * format, so that event is printed instead). */
struct dat_fields {
	struct tep_format_field *device, *driver, *parent, *event;	/* start */
	struct tep_format_field *end_device, *end_driver, *error;	/* end */
	struct tep_format_field *func, *depth;				/* entry */
	struct tep_format_field *ret_func, *ret_depth, *calltime, *rettime;	/* exit */
	struct tep_format_field *action, *val, *start;			/* phases */
	struct {
		unsigned long long value;
		const char *name;
	} verb[PM_VERBS_MAX];
	size_t nverbs;
};

struct dat_decoder {
	struct tep_handle *tep;
	bool swap;		/* the file's byte order is not ours */
	struct trace_seq seq;
	int id[DN_COUNT];
	/* the bytes each event's fields span: a shorter record is not
	 * printed (libtraceevent would read past it) */
	long long min_size[DN_COUNT];
	struct dat_fields f;
	/* suspend_resume's action is a pointer to a kernel string, which
	 * only printing resolves: each one printed once, its name kept */
	struct {
		unsigned long long addr;
		char *name;
	} action[DAT_ACTIONS_MAX];
	size_t nactions;
};

/* Where the last of @f's fields ends. */
static long long fields_end(const struct tep_format_field *f, long long end)
{
	for (; f; f = f->next)
		if ((long long)f->offset + f->size > end)
			end = (long long)f->offset + f->size;
	return end;
}

static struct tep_event *event_of(struct dat_decoder *x, int dn, const char *sys, const char *name)
{
	struct tep_event *e = tep_find_event_by_name(x->tep, sys, name);

	x->id[dn] = e ? e->id : -1;
	x->min_size[dn] = e ? fields_end(e->format.fields, fields_end(e->format.common_fields, 0))
			    : 0;
	return e;
}

/* The symbols __print_symbolic() gives @field's values in @e's format. */
static void verbs(struct dat_fields *f, struct tep_event *e, const char *field)
{
	struct tep_print_arg *a;
	struct tep_print_flag_sym *s;

	for (a = e->print_fmt.args; a; a = a->next) {
		if (a->type != TEP_PRINT_SYMBOL || !a->symbol.field ||
		    a->symbol.field->type != TEP_PRINT_FIELD ||
		    strcmp(a->symbol.field->field.name, field))
			continue;
		for (s = a->symbol.symbols; s && f->nverbs < PM_VERBS_MAX; s = s->next) {
			char *end;

			f->verb[f->nverbs].value = strtoull(s->value, &end, 0);
			f->verb[f->nverbs].name = s->str;
			if (*s->value && !*end)
				f->nverbs++;
		}
		return;
	}
}

static void find_fields(struct dat_decoder *x)
{
	struct dat_fields *f = &x->f;
	struct tep_event *e;

	if ((e = event_of(x, DN_SR, "power", "suspend_resume"))) {
		f->action = tep_find_field(e, "action");
		f->val = tep_find_field(e, "val");
		f->start = tep_find_field(e, "start");
	}
	event_of(x, DN_PRINT, "ftrace", "print");
	event_of(x, DN_SCHED, "sched", "sched_switch");	/* printed: a thread's sleeps */
	event_of(x, DN_WAKING, "sched", "sched_waking");	/* and what woke it */
	if ((e = event_of(x, DN_START, "power", "device_pm_callback_start"))) {
		f->device = tep_find_field(e, "device");
		f->driver = tep_find_field(e, "driver");
		f->parent = tep_find_field(e, "parent");
		f->event = tep_find_field(e, "event");
		verbs(f, e, "event");
	}
	if ((e = event_of(x, DN_END, "power", "device_pm_callback_end"))) {
		f->end_device = tep_find_field(e, "device");
		f->end_driver = tep_find_field(e, "driver");
		f->error = tep_find_field(e, "error");
	}
	if ((e = event_of(x, DN_GENTRY, "ftrace", "funcgraph_entry"))) {
		f->func = tep_find_field(e, "func");
		f->depth = tep_find_field(e, "depth");
	}
	if ((e = event_of(x, DN_GEXIT, "ftrace", "funcgraph_exit"))) {
		f->ret_func = tep_find_field(e, "func");
		f->ret_depth = tep_find_field(e, "depth");
		f->calltime = tep_find_field(e, "calltime");
		f->rettime = tep_find_field(e, "rettime");
	}
}

/* A number field inside the record; read in place when the file has
 * this machine's byte order (tep_read_number_field() is a call and a
 * switch per field, most of decoding a record). */
static bool number(const struct dat_decoder *x, const struct tep_format_field *f,
		   const struct tep_record *rec, unsigned long long *v)
{
	const unsigned char *d;

	if (!f || f->offset < 0 || f->size <= 0 || f->offset + f->size > rec->size)
		return false;
	d = (const unsigned char *)rec->data + f->offset;
	if (x->swap)
		return tep_read_number_field((struct tep_format_field *)f, rec->data, v) == 0;
	switch (f->size) {
	case 1:
		*v = *d;
		return true;
	case 2: {
		uint16_t n;

		memcpy(&n, d, 2);
		*v = n;
		return true;
	}
	case 4: {
		uint32_t n;

		memcpy(&n, d, 4);
		*v = n;
		return true;
	}
	case 8: {
		uint64_t n;

		memcpy(&n, d, 8);
		*v = n;
		return true;
	}
	}
	return false;
}

/* A __string() field: a 32-bit "length << 16 | offset" (the offset from
 * the field's end when relative), checked against the record. */
static bool dyn_str(const struct dat_decoder *x, const struct tep_format_field *f,
		    const struct tep_record *rec, struct str *s)
{
	unsigned long long loc;
	size_t off, len;

	if (!f || !(f->flags & TEP_FIELD_IS_DYNAMIC) || f->size != 4 || !number(x, f, rec, &loc))
		return false;
	off = loc & 0xffff;
	len = (loc >> 16) & 0xffff;
	if (f->flags & TEP_FIELD_IS_RELATIVE)
		off += (size_t)f->offset + 4;
	if (off + len > (size_t)rec->size)
		return false;
	*s = str_make((const char *)rec->data + off, strnlen((const char *)rec->data + off, len));
	return true;
}

static const char *verb_name(const struct dat_fields *f, unsigned long long v)
{
	size_t i;

	for (i = 0; i < f->nverbs; i++)
		if (f->verb[i].value == v)
			return f->verb[i].name;
	return NULL;
}

/*
 * An entry whose exit is the next record on its CPU is a call without
 * calls, one "fn();" line: that exit is taken with it and never sent
 * on its own, as trace-cmd's function_graph printing does (so record
 * numbers stay those of its report).
 */
static bool leaf(struct dat_decoder *x, struct tep_record *rec, struct tep_record *next,
		 unsigned long long func, struct dat_msg *m)
{
	const struct dat_fields *f = &x->f;
	unsigned long long fn, t0, t1;

	if (!next || tep_data_type(x->tep, next) != x->id[DN_GEXIT] ||
	    tep_data_pid(x->tep, next) != tep_data_pid(x->tep, rec) ||
	    !number(x, f->ret_func, next, &fn) || fn != func)
		return false;
	m->kind = DM_GRAPH_LEAF;
	m->dur = number(x, f->calltime, next, &t0) && number(x, f->rettime, next, &t1) && t1 >= t0 ?
		 t1 - t0 : DAT_DUR_NONE;
	return true;
}

/* The record as trace-cmd report prints it, for the text parser. */
static void print_record(struct dat_decoder *x, int dn, struct tep_record *rec,
			 struct dat_msg *m, struct str *part)
{
	m->kind = DM_TEXT;
	m->name = (uint8_t)dn;
	trace_seq_reset(&x->seq);
	tep_print_event(x->tep, &x->seq, rec, "%s", TEP_PRINT_INFO);
	trace_seq_terminate(&x->seq);
	part[0] = str_make(x->seq.buffer,
			   x->seq.len < LINE_MAX_BYTES ? (size_t)x->seq.len : LINE_MAX_BYTES);
}

/* "NAME[VAL] begin": NAME, where VAL and the word are @val and @begin. */
static bool printed_action(struct str t, unsigned long long val, bool begin, struct str *name)
{
	const char *open = memchr(t.p, '[', t.len), *close;
	uint64_t v = 0;

	if (!open || open == t.p)
		return false;
	*name = str_make(t.p, (size_t)(open - t.p));
	t = str_skip(t, (size_t)(open - t.p) + 1);
	close = memchr(t.p, ']', t.len);
	if (!close || str_u64(t, &v) != (size_t)(close - t.p) || v != val)
		return false;
	return str_eq(str_trim(str_skip(t, (size_t)(close - t.p) + 1)), begin ? "begin" : "end");
}

/*
 * The name of the action @addr points to: the first record of each is
 * printed and the name kept when the text agrees with the fields; NULL
 * when it does not (that record goes out printed).
 */
static const char *action_name(struct dat_decoder *x, struct tep_record *rec,
			       unsigned long long addr, unsigned long long val, bool begin)
{
	struct str part[DAT_PARTS], name;
	struct dat_msg m;
	size_t i;

	for (i = 0; i < x->nactions; i++)
		if (x->action[i].addr == addr)
			return x->action[i].name;
	if (x->nactions == DAT_ACTIONS_MAX)
		return NULL;
	print_record(x, DN_SR, rec, &m, part);
	if (!printed_action(str_trim(part[0]), val, begin, &name))
		return NULL;
	x->action[x->nactions].addr = addr;
	x->action[x->nactions].name = strndup(name.p, name.len);
	return x->action[x->nactions++].name;
}

/* The record's values into @m and @part; false: print it instead. */
static bool decode(struct dat_decoder *x, int dn, struct tep_record *rec,
		   struct tep_record *next, struct dat_msg *m, struct str *part, bool *took)
{
	const struct dat_fields *f = &x->f;
	unsigned long long v, t0, t1;
	const char *s;

	switch (dn) {
	case DN_START:
		m->kind = DM_CB_START;
		if (!dyn_str(x, f->driver, rec, &part[0]) || !dyn_str(x, f->device, rec, &part[1]) ||
		    !dyn_str(x, f->parent, rec, &part[2]) || !number(x, f->event, rec, &v) ||
		    !(s = verb_name(f, v)))
			return false;
		part[3] = str_c(s);
		return true;
	case DN_END:
		m->kind = DM_CB_END;
		if (!dyn_str(x, f->end_driver, rec, &part[0]) ||
		    !dyn_str(x, f->end_device, rec, &part[1]) || !number(x, f->error, rec, &v))
			return false;
		m->val = (int32_t)v;
		return true;
	case DN_GENTRY:
		m->kind = DM_GRAPH_ENTRY;
		if (!number(x, f->func, rec, &v) || !(s = tep_find_function(x->tep, v)) ||
		    !number(x, f->depth, rec, &t0))
			return false;
		part[0] = str_c(s);
		m->val = (int32_t)t0;
		*took = leaf(x, rec, next, v, m);
		return true;
	case DN_SR:
		m->kind = DM_PHASE;
		if (!number(x, f->action, rec, &v) || !number(x, f->val, rec, &t0) ||
		    !number(x, f->start, rec, &t1) ||
		    !(s = action_name(x, rec, v, t0 & 0xffffffffu, t1 != 0)))
			return false;
		part[0] = str_c(s);
		m->val = (int64_t)(t0 & 0xffffffffu);
		m->begin = t1 != 0;
		return true;
	case DN_GEXIT:
		m->kind = DM_GRAPH_EXIT;
		if (!number(x, f->ret_depth, rec, &v) || !number(x, f->calltime, rec, &t0) ||
		    !number(x, f->rettime, rec, &t1))
			return false;
		m->val = (int32_t)v;
		m->dur = t1 >= t0 ? t1 - t0 : DAT_DUR_NONE;
		return true;
	}
	return false;
}

struct dat_decoder *dat_decoder_new(struct tep_handle *tep)
{
	struct dat_decoder *x = calloc(1, sizeof(*x));

	if (!x)
		return NULL;
	x->tep = tep;
	x->swap = tep_is_file_bigendian(tep) != tep_is_local_bigendian(tep);
	trace_seq_init(&x->seq);
	find_fields(x);
	return x;
}

/*
 * Deeper than the kernel nests calls. trace-cmd's printer indents a graph
 * record a space per level, one call each: a fuzzer's record 2^30 deep
 * kept the child busy for seconds, and is no record to read.
 */
#define DAT_DEPTH_MAX 4096

/*
 * Can @rec of kind @dn go to tep_print_event() in bounded time and
 * within its bytes? Not when it is shorter than its format's fields:
 * trace-cmd's graph printer read a depth of 761,623,670 past a 16-byte
 * funcgraph_entry and indented that far (105 s and 1 GB in the child).
 */
static bool printable(const struct dat_decoder *x, int dn, const struct tep_record *rec)
{
	const struct tep_format_field *f = dn == DN_GENTRY ? x->f.depth :
					   dn == DN_GEXIT ? x->f.ret_depth : NULL;
	unsigned long long depth;

	if (rec->size < 0 || rec->size < x->min_size[dn])
		return false;
	return !f || (number(x, f, rec, &depth) && depth <= DAT_DEPTH_MAX);
}

int dat_decode(struct dat_decoder *x, struct tep_record *rec, struct tep_record *next,
	       struct dat_msg *m, struct str *part)
{
	int id = tep_data_type(x->tep, rec), dn, i;
	bool took = false;

	for (dn = 0; dn < DN_COUNT && x->id[dn] != id; dn++)
		;
	if (dn == DN_COUNT || id < 0)
		return -1;
	for (i = 0; i < DAT_PARTS; i++)
		part[i] = STR_NULL;
	m->dur = DAT_DUR_NONE;
	if (!decode(x, dn, rec, next, m, part, &took)) {
		if (!printable(x, dn, rec))
			return -1;
		for (i = 0; i < DAT_PARTS; i++)
			part[i] = STR_NULL;
		took = false;
		print_record(x, dn, rec, m, part);
	}
	return took;
}
