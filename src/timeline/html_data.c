// SPDX-License-Identifier: GPL-2.0
/*
 * The data of the HTML timeline (pmscope(1), HTML): the JSON report's
 * tables, column-wise, plus the layout, written through the JSON writer.
 * Each cycle's "tables" are its callbacks, phases and findings, every
 * row in the model's order, projected from the tables' one description
 * (report/tables.c, table_json_columns()): a column added there is on the
 * page with no change here. The rest is the page's own, and refers to a
 * callback by its row in "tables.callbacks": the layout (lanes, and the
 * boxes as a table of its own), the excerpts, messages and log, the
 * critical path's segments and waits, the trees and the why panel's
 * picks. Small records are objects with named members; devices, path
 * segments and waits, which come by the hundred thousand, are flat
 * arrays, one record after another, the names of their fields in order
 * in the data too ("fields"), and the script indexes by those names,
 * never by a number of its own. So are the flag bits and the geometry.
 * Times of the page's own are ns from the cycle's start; -1 is unknown.
 */
#include <stdio.h>
#include <stdlib.h>

#include "table.h"
#include "timeline.h"

enum { DEVF_NAME, DEVF_DRIVER, DEVF_PARENT, DEVF_COUNT };
static const char *const dev_fields[DEVF_COUNT] = {
	[DEVF_NAME] = "name", [DEVF_DRIVER] = "driver", [DEVF_PARENT] = "parent",
};

enum { SEGF_KIND, SEGF_START, SEGF_END, SEGF_DEV, SEGF_CB, SEGF_WHY, SEGF_PID, SEGF_COUNT };
static const char *const seg_fields[SEGF_COUNT] = {
	[SEGF_KIND] = "kind", [SEGF_START] = "start", [SEGF_END] = "end", [SEGF_DEV] = "dev",
	[SEGF_CB] = "cb", [SEGF_WHY] = "why", [SEGF_PID] = "pid",
};

enum { WF_CB, WF_WAITED_CB, WF_READY, WF_LOST, WF_WAITED_DEV, WF_NDELAYED, WF_INFERRED,
       WF_HELD_DEV, WF_COUNT };
static const char *const wait_fields[WF_COUNT] = {
	[WF_CB] = "cb", [WF_WAITED_CB] = "waited_cb", [WF_READY] = "ready", [WF_LOST] = "lost",
	[WF_WAITED_DEV] = "waited_dev", [WF_NDELAYED] = "ndelayed", [WF_INFERRED] = "inferred",
	[WF_HELD_DEV] = "held_dev",
};

/* Log line marks' kinds (put_cycle_logs()), by value. */
enum { LM_START, LM_MESSAGE, LM_ERROR };
static const char *const log_mark_kinds[] = {
	[LM_START] = "start", [LM_MESSAGE] = "message", [LM_ERROR] = "error",
};

/* A work outside callbacks: put_works() writes them in this order. */
static const char *const work_fields[] = { "start", "end", "pid", "fn", "comm", "phase" };

/* Path segment kinds, by their value in enum cp_kind. */
static const char *const seg_kinds[] = { [CP_RUN] = "run", [CP_WAIT] = "wait", [CP_GAP] = "gap" };

/* Box flags (enum tl_box_flag) by name. */
static const struct { const char *name; unsigned bit; } flag_names[] = {
	{ "crit", TLB_CRIT }, { "error", TLB_ERROR }, { "unfinished", TLB_UNFINISHED },
	{ "async", TLB_ASYNC }, { "blocked", TLB_BLOCKED }, { "waited", TLB_WAITED },
	{ "said", TLB_SAID },
};

static int64_t off(const struct pm_cycle *c, ns_t t)
{
	return t == NS_NONE ? -1 : t - c->start;
}

static void put_record(struct jw *w, const int64_t *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		jw_int(w, v[i]);
}

static void put_names(struct jw *w, const char *key, const char *const *names, size_t n)
{
	size_t i;

	jw_karr(w, key);
	for (i = 0; i < n; i++)
		jw_str(w, names[i]);
	jw_arr_end(w);
}

/* The call trees' function names (the page's "fns"), interned by the
 * model: index by pointer. */
struct strtab {
	const char **v;
	size_t n, cap;
	int *slots;		/* pointer -> index + 1, open addressing: call
				 * trees bring thousands of names */
	size_t nslots;
};

static size_t strtab_slot(const struct strtab *t, const char *s)
{
	size_t i = ((uintptr_t)s >> 3) * 2654435761u & (t->nslots - 1);

	while (t->slots[i] && t->v[t->slots[i] - 1] != s)
		i = (i + 1) & (t->nslots - 1);
	return i;
}

static int str_index(struct strtab *t, const char *s)
{
	size_t i;

	if (!s)
		return -1;
	if ((t->n + 1) * 2 > t->nslots) {
		free(t->slots);
		t->nslots = t->nslots ? t->nslots * 2 : 256;
		t->slots = xcalloc(t->nslots, sizeof(*t->slots));
		for (i = 0; i < t->n; i++)
			t->slots[strtab_slot(t, t->v[i])] = (int)i + 1;
	}
	i = strtab_slot(t, s);
	if (t->slots[i])
		return t->slots[i] - 1;
	VEC_RESERVE(t->v, t->n, t->cap);
	t->v[t->n] = s;
	t->slots[i] = (int)++t->n;
	return (int)t->n - 1;
}

/* A call tree's function: its index in the page's "fns". */
static int fn_index(void *ctx, const char *fn)
{
	return str_index(ctx, fn);
}

/* A boot's milestones (tl_milestone): [offset, text]. */
static void put_milestones(struct jw *w, const struct tl_cycle *tc)
{
	size_t i;

	if (!tc->nmilestones)
		return;
	jw_karr(w, "milestones");
	for (i = 0; i < tc->nmilestones; i++) {
		jw_arr(w);
		jw_int(w, off(tc->c, tc->milestones[i].t));
		jw_str(w, tc->milestones[i].text);
		jw_arr_end(w);
	}
	jw_arr_end(w);
}

/* The JSON report's tables of the cycle, column-wise: every row, times
 * from the cycle's start (with no run identity, as the JSON report). */
static void put_tables(struct jw *w, const struct pm_run *run, const struct tl_cycle *tc)
{
	const struct cycle_rows rows = { run, tc->cr, NULL };
	const struct finding_rows frows = { &tc->cr->findings, NULL, 0 };
	const struct pm_cycle *c = tc->c;

	jw_kobj(w, "tables");
	jw_key(w, "callbacks");
	table_json_columns(w, &callbacks_table, &rows, c->ncbs, c->start);
	jw_key(w, "phases");
	table_json_columns(w, &phases_table, &rows, c->nphases, c->start);
	jw_key(w, "findings");
	table_json_columns(w, &findings_table, &frows, tc->cr->findings.n, c->start);
	jw_obj_end(w);
}

/* The layout's boxes, a table of the page's own written as the report's
 * are: a row per callback drawn, by lane (each lane says how many it
 * has), then by start (struct tl_cycle). */
static struct cell box_cb(const void *ctx, size_t i)
{
	return cell_int(((const struct tl_cycle *)ctx)->boxes[i].cb);
}

static struct cell box_dev(const void *ctx, size_t i)
{
	const struct tl_cycle *tc = ctx;

	return cell_int(tc->c->cbs[tc->boxes[i].cb].dev);
}

static struct cell box_row(const void *ctx, size_t i)
{
	return cell_int(((const struct tl_cycle *)ctx)->boxes[i].row);
}

static struct cell box_flags(const void *ctx, size_t i)
{
	return cell_int(((const struct tl_cycle *)ctx)->boxes[i].flags);
}

static struct cell box_end(const void *ctx, size_t i)
{
	const struct tl_cycle *tc = ctx;
	const struct pm_callback *cb = &tc->c->cbs[tc->boxes[i].cb];
	ns_t end = cb_drawn_end(tc->c, cb);

	return cell_ns(end == cb->end ? NS_NONE : end);
}

static const struct col box_cols[] = {
	{ "cb", CELL_INT, 0, "its callback: a row of the callbacks table", box_cb },
	{ "dev", CELL_INT, 0, "its device in the page's devs", box_dev },
	{ "row", CELL_INT, 0, "its row in its lane", box_row },
	{ "flags", CELL_INT, 0, "what the layout and the analyses mark (flags)", box_flags },
	{ "drawn_end_ns", CELL_NS, 0, "where the box ends; null: at the callback's end_ns",
	  box_end },
};

static const struct table boxes_table = { "boxes", box_cols, ARRAY_SIZE(box_cols) };

static void put_layout(struct jw *w, const struct tl_cycle *tc)
{
	size_t i;

	jw_kobj(w, "layout");
	jw_karr(w, "lanes");
	for (i = 0; i < tc->nlanes; i++) {
		const struct tl_lane *l = &tc->lanes[i];

		jw_obj(w);
		jw_kint(w, "pid", l->pid);
		jw_kstr(w, "comm", l->comm);
		jw_kint(w, "rows", l->nrows);
		jw_kbool(w, "main", l->main);
		jw_kint(w, "boxes", (int64_t)l->nboxes);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	jw_key(w, "boxes");
	table_json_columns(w, &boxes_table, tc, tc->nboxes, tc->c->start);
	jw_obj_end(w);
}

/* A kept log of the cycle (its "log" entry @at), its lines found by
 * where they start in its text: an excerpt inside it is sent as lines of
 * it, not twice. */
struct log_lines {
	const struct pm_log *l;
	int at;
	size_t *start;		/* @l->n + 1: each line's, then past the end */
};

/* The kept logs of cycle @ci, which @px has together (by cycle, then
 * file): where they start, and how many into *@n. */
static const struct pm_log *logs_of_cycle(const struct page_extras *px, size_t ci, size_t *n)
{
	size_t lo = 0, hi = px ? px->nlogs : 0, end;

	*n = 0;
	if (!hi)
		return NULL;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if ((size_t)px->logs[mid].cycle < ci)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (end = lo; end < px->nlogs && (size_t)px->logs[end].cycle == ci; end++)
		;
	*n = end - lo;
	return px->logs + lo;
}

static struct log_lines *index_logs(const struct page_extras *px, size_t ci, size_t *n)
{
	const struct pm_log *l = logs_of_cycle(px, ci, n);
	struct log_lines *v = xcalloc(*n ? *n : 1, sizeof(*v));
	size_t k, j;

	for (k = 0; k < *n; k++) {
		const char *t = l[k].text ? l[k].text : "";

		v[k] = (struct log_lines){ &l[k], (int)k, xmalloc((l[k].n + 1) * sizeof(size_t)) };
		v[k].start[0] = 0;
		for (j = 1; j <= l[k].n; j++) {
			const char *nl = strchr(t + v[k].start[j - 1], '\n');

			v[k].start[j] = nl ? (size_t)(nl - t) + 1 : strlen(t) + 1;
		}
	}
	return v;
}

/* The log of @file holding @e's lines as they are, or NULL; @lines: how
 * many @e has. */
static const struct log_lines *excerpt_in_log(const struct log_lines *v, size_t n,
					      const char *file, const struct pm_excerpt *e,
					      unsigned int *lines)
{
	size_t len = strlen(e->text), i;
	const char *p;

	*lines = 1;
	for (p = e->text; (p = strchr(p, '\n')); p++)
		++*lines;
	for (i = 0; i < n; i++) {
		const struct pm_log *l = v[i].l;
		size_t a;

		if (l->file != file || e->first < l->first)
			continue;
		a = e->first - l->first;
		if (a + *lines > l->n)
			continue;
		if (v[i].start[a + *lines] - 1 - v[i].start[a] == len &&
		    !memcmp(l->text + v[i].start[a], e->text, len))
			return &v[i];
	}
	return NULL;
}

/* The log lines around a callback, its excerpt: where the cycle's log
 * viewer has them (@log, @n), or their @text; @file when not the
 * cycle's. */
struct excerpt {
	int cb;
	unsigned int first, n;
	int log;		/* -1: @text */
	const char *text, *file;
};

struct excerpts {
	struct excerpt *v;
	size_t n, cap;
};

#define EX_CELL(name, expr)							\
	static struct cell name(const void *ctx, size_t i)			\
	{									\
		const struct excerpt *x = &((const struct excerpts *)ctx)->v[i]; \
										\
		return expr;							\
	}

EX_CELL(ex_cb, cell_int(x->cb))
EX_CELL(ex_first, cell_int(x->first))
EX_CELL(ex_log, x->log >= 0 ? cell_int(x->log) : cell_null())
EX_CELL(ex_n, x->log >= 0 ? cell_int(x->n) : cell_null())
EX_CELL(ex_text, cell_str(x->text))
EX_CELL(ex_file, cell_str(x->file))

static const struct col excerpt_cols[] = {
	{ "cb", CELL_INT, 0, "its callback: a row of the callbacks table", ex_cb },
	{ "first", CELL_INT, 0, "its first line's number", ex_first },
	{ "log", CELL_INT, 0, "the log viewer's entry that holds its lines, or null", ex_log },
	{ "n", CELL_INT, 0, "how many lines of it", ex_n },
	{ "text", CELL_STR, 0, "its lines, when no log has them", ex_text },
	{ "file", CELL_STR, 0, "their file, null: the cycle's", ex_file },
};

static const struct table excerpts_table = { "excerpts", excerpt_cols, ARRAY_SIZE(excerpt_cols) };

/* The excerpts of the callbacks drawn that have one kept, in box order:
 * a table of the page's own. */
static void put_excerpts(struct jw *w, const struct pm_run *run, const struct page_extras *px,
			 const struct tl_cycle *tc)
{
	const struct pm_cycle *c = tc->c;
	size_t i, nl = 0;
	struct log_lines *logs = index_logs(px, (size_t)(c - run->cycles), &nl);
	struct excerpts x = { 0 };

	for (i = 0; i < tc->nboxes && px && px->nexcerpts; i++) {
		const struct pm_callback *cb = &c->cbs[tc->boxes[i].cb];
		const char *file = cb_file(run, cb);
		const struct pm_excerpt *e = page_excerpt(px, file, cb->line);
		const struct log_lines *in;
		unsigned int lines;

		if (!e)
			continue;
		in = excerpt_in_log(logs, nl, file, e, &lines);
		VEC_RESERVE(x.v, x.n, x.cap);
		x.v[x.n++] = (struct excerpt){ tc->boxes[i].cb, e->first, lines, in ? in->at : -1,
					       in ? NULL : e->text, file == c->file ? NULL : file };
	}
	jw_key(w, "excerpts");
	table_json_columns(w, &excerpts_table, &x, x.n, NS_NONE);
	free(x.v);
	for (i = 0; i < nl; i++)
		free(logs[i].start);
	free(logs);
}

/* What the log said while each callback drawn ran (the messages
 * analysis): the few most telling lines first. */
static void put_msgs(struct jw *w, const struct tl_cycle *tc)
{
	const struct cycle_messages *cm = tc->cr ? &tc->cr->msgs : NULL;
	const struct pm_cycle *c = tc->c;
	size_t i, k, n;

	if (!cm || !cm->nmsgs)
		return;
	jw_karr(w, "msgs");
	for (i = 0; i < tc->nboxes; i++) {
		const struct cb_msg *m;

		n = cb_msgs(cm, tc->boxes[i].cb, &m);
		if (!n)
			continue;
		jw_obj(w);
		jw_kint(w, "cb", tc->boxes[i].cb);
		jw_karr(w, "lines");
		for (k = 0; k < n; k++) {
			const struct pm_message *x = &c->msgs[m[k].msg];

			jw_obj(w);
			jw_kint(w, "line", x->line);
			jw_kint(w, "ts", off(c, x->ts));
			jw_kstr(w, "driver", x->driver);
			jw_kstr(w, "device", x->device);
			jw_kstr(w, "text", x->text);
			jw_kstr(w, "relation", msg_rel_name(m[k].rel));
			jw_kbool(w, "error", m[k].error);
			jw_obj_end(w);
		}
		jw_arr_end(w);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

/* A log line that leads to a callback drawn (@box): where it starts, or a
 * line the messages analysis gave it (kind says which, and if an error). */
struct log_mark {
	unsigned int line;
	int box, kind;
	int rank;	/* which box a line leads to: its callback's start, then
			 * the nearest relation (device, parent, child, driver) */
};

static int cmp_mark(const void *a, const void *b)
{
	const struct log_mark *x = a, *y = b;

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return x->box - y->box;
}

static struct log_mark *log_marks(const struct pm_run *run, const struct tl_cycle *tc,
				  const struct pm_log *l, size_t *n)
{
	const struct cycle_messages *cm = tc->cr ? &tc->cr->msgs : NULL;
	const struct pm_cycle *c = tc->c;
	struct log_mark *v = NULL;
	size_t cap = 0, k = 0, i, j, nm;

	for (i = 0; i < tc->nboxes; i++) {
		const struct pm_callback *cb = &c->cbs[tc->boxes[i].cb];
		const struct cb_msg *m;

		if (cb_file(run, cb) == l->file && cb->line >= l->first && cb->line < l->first + l->n) {
			VEC_RESERVE(v, k, cap);
			v[k++] = (struct log_mark){ cb->line, (int)i, LM_START, 0 };
		}
		nm = cm ? cb_msgs(cm, tc->boxes[i].cb, &m) : 0;
		for (j = 0; j < nm; j++) {
			const struct pm_message *x = &c->msgs[m[j].msg];

			if (msg_file(run, x) != l->file || x->line < l->first ||
			    x->line >= l->first + l->n)
				continue;
			VEC_RESERVE(v, k, cap);
			v[k++] = (struct log_mark){ x->line, (int)i, m[j].error ? LM_ERROR : LM_MESSAGE,
						    1 + m[j].rel };
		}
	}
	if (k)
		qsort(v, k, sizeof(*v), cmp_mark);
	*n = k;
	return v;
}

/* The cycle's own log for the log viewer, with the lines that lead to
 * callbacks as flat [line, callback, kind] records in line order. */
static void put_cycle_logs(struct jw *w, const struct pm_run *run, const struct page_extras *px,
			   const struct tl_cycle *tc)
{
	size_t i, k, n, nl;
	const struct pm_log *logs = logs_of_cycle(px, (size_t)(tc->c - run->cycles), &nl);

	jw_karr(w, "log");
	for (i = 0; i < nl; i++) {
		const struct pm_log *l = &logs[i];
		struct log_mark *m;

		jw_obj(w);
		jw_kstr(w, "file", l->file);
		jw_kint(w, "first", l->first);
		jw_kint(w, "n", l->n);
		jw_kint(w, "cut_before", l->cut_before);
		jw_kint(w, "cut_after", l->cut_after);
		jw_kstr(w, "text", l->text ? l->text : "");
		jw_karr(w, "marks");
		m = log_marks(run, tc, l, &n);
		for (k = 0; k < n; k++) {
			jw_int(w, m[k].line);
			jw_int(w, tc->boxes[m[k].box].cb);
			jw_int(w, m[k].kind);
		}
		free(m);
		jw_arr_end(w);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

/* Critical path segments, waits and the why panel refer to callbacks
 * drawn, by their row of the callbacks table; -1: none, or not drawn. */
static int drawn(const struct tl_cycle *tc, int cb)
{
	return cb >= 0 && tc->box_of_cb[cb] >= 0 ? cb : -1;
}

static void put_path(struct jw *w, const struct tl_cycle *tc)
{
	const struct pm_cycle *c = tc->c;
	int64_t s[SEGF_COUNT], v[WF_COUNT];
	size_t i;

	jw_karr(w, "segs");
	for (i = 0; i < tc->nsegs; i++) {
		s[SEGF_KIND] = tc->segs[i].kind;
		s[SEGF_START] = off(c, tc->segs[i].start);
		s[SEGF_END] = off(c, tc->segs[i].end);
		s[SEGF_DEV] = tc->segs[i].dev;
		s[SEGF_CB] = drawn(tc, tc->segs[i].cb);
		s[SEGF_WHY] = tc->segs[i].why;
		s[SEGF_PID] = tc->segs[i].pid;
		put_record(w, s, SEGF_COUNT);
	}
	jw_arr_end(w);
	jw_karr(w, "waits");
	for (i = 0; i < tc->nwaits; i++) {
		const struct cp_blocked *bl = &tc->cp->blocked[tc->waits[i].blocked];

		v[WF_CB] = drawn(tc, bl->cb);
		v[WF_WAITED_CB] = drawn(tc, bl->waited_cb);
		v[WF_READY] = off(c, bl->ready);
		v[WF_LOST] = bl->lost_ns;
		v[WF_WAITED_DEV] = bl->waited_dev;
		v[WF_NDELAYED] = (int64_t)bl->ndelayed;
		v[WF_INFERRED] = bl->inferred;
		v[WF_HELD_DEV] = bl->held_dev;
		put_record(w, v, WF_COUNT);
	}
	jw_arr_end(w);
	/* each wait's devices without a callback it went through, as the
	 * text's "via" line */
	jw_karr(w, "wait_via");
	for (i = 0; i < tc->nwaits; i++) {
		const struct cp_blocked *bl = &tc->cp->blocked[tc->waits[i].blocked];
		size_t k;

		jw_arr(w);
		for (k = 0; k < bl->nvia; k++)
			jw_int(w, bl->via[k]);
		jw_arr_end(w);
	}
	jw_arr_end(w);
}

static void put_stats(struct jw *w, const char *key, const struct pm_fn_stat *v, size_t n)
{
	size_t i;

	jw_karr(w, key);
	for (i = 0; i < n; i++) {
		jw_obj(w);
		jw_kstr(w, "fn", v[i].fn);
		jw_kint(w, "total", v[i].total_ns);
		jw_kint(w, "self", v[i].self_ns);
		jw_kint(w, "calls", v[i].calls);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

/* What threads did outside callbacks, in time order: flat [start, end,
 * pid, function, comm, phase it began in] records, cycle offsets. */
static void put_works(struct jw *w, const struct tl_cycle *tc)
{
	const struct pm_cycle *c = tc->c;
	size_t i;

	jw_karr(w, "works");
	for (i = 0; i < c->nworks; i++) {
		jw_int(w, off(c, c->works[i].start));
		jw_int(w, off(c, c->works[i].end));
		jw_int(w, c->works[i].pid);
		jw_str(w, c->works[i].fn);
		jw_str(w, c->works[i].comm);
		jw_int(w, tc->cr && tc->cr->works.phase ? tc->cr->works.phase[i] : -1);
	}
	jw_arr_end(w);
}

/* function_graph summaries of the callbacks drawn that have one. */
static void put_graphs(struct jw *w, const struct tl_cycle *tc)
{
	size_t i, k;

	jw_karr(w, "graphs");
	for (i = 0; i < tc->nboxes; i++) {
		struct pm_callgraph view;
		const struct pm_callgraph *g = cb_graph(tc->c, &tc->c->cbs[tc->boxes[i].cb], &view);

		if (!g)
			continue;
		jw_obj(w);
		jw_kint(w, "cb", tc->boxes[i].cb);
		jw_kint(w, "calls", g->calls);
		jw_kint(w, "repaired", g->repaired);
		jw_kint(w, "sleep", g->sleep_ns);
		put_stats(w, "fns", g->fns, g->nfns);
		put_stats(w, "sleeps", g->sleeps, g->nsleeps);
		jw_karr(w, "spans");	/* flat [start, end, fn], cycle offsets */
		for (k = 0; k < g->nspans; k++) {
			jw_int(w, off(tc->c, g->spans[k].start));
			jw_int(w, off(tc->c, g->spans[k].end));
			jw_str(w, g->spans[k].fn);
		}
		jw_arr_end(w);
		jw_karr(w, "path");
		for (k = 0; k < g->nslow; k++)
			jw_str(w, g->slow_path[k]);
		jw_arr_end(w);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

static void put_paths(struct jw *w, const struct tl_cycle *tc)
{
	size_t i, k;

	jw_karr(w, "paths");
	for (i = 0; i < tc->cp->nphases; i++) {
		const struct cp_phase *p = &tc->cp->phases[i];

		jw_obj(w);
		jw_kint(w, "phase", p->phase);
		jw_kint(w, "length", p->length_ns);
		jw_kint(w, "explained", p->explained_ns);
		jw_kint(w, "run", p->run_ns);
		jw_kint(w, "wait", p->wait_ns);
		jw_kint(w, "gap", p->gap_ns);
		jw_karr(w, "slack");
		for (k = 0; k < p->nslack; k++) {
			jw_obj(w);
			jw_kint(w, "cb", drawn(tc, p->slack[k].cb));
			jw_kint(w, "slack", p->slack[k].slack_ns);
			jw_obj_end(w);
		}
		jw_arr_end(w);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

/* What the why panel lists: the paths' figures, the slowest callbacks
 * and the cycle's failures and warnings (its findings, notes left to the
 * text), as the analyses found them. */
static void put_why(struct jw *w, const struct tl_cycle *tc)
{
	const struct cycle_results *cr = tc->cr;
	size_t i;

	jw_kobj(w, "why");
	put_paths(w, tc);
	jw_karr(w, "slowest");
	for (i = 0; i < cr->nslowest; i++)
		jw_int(w, drawn(tc, (int)cr->slowest[i]));
	jw_arr_end(w);
	/* returned 0, but the log said error or timeout: the legend's key */
	jw_karr(w, "said");
	for (i = 0; i < cr->msgs.nsaid_error; i++)
		jw_int(w, drawn(tc, (int)cr->msgs.said_error[i]));
	jw_arr_end(w);
	/* each a row of the findings table, its callback and the line that
	 * said it first (the JSON's sources[0]) */
	jw_karr(w, "warnings");
	for (i = 0; i < cr->findings.n; i++) {
		const struct finding *x = &cr->findings.v[i];

		if (finding_sev(x) == SEV_NOTE)
			continue;
		jw_obj(w);
		jw_kint(w, "finding", (int64_t)i);
		jw_kint(w, "cb", drawn(tc, x->cb));
		jw_kstr(w, "file", x->nsrcs ? x->srcs[0].file : NULL);
		jw_key(w, "line");
		x->nsrcs && x->srcs[0].line ? jw_int(w, x->srcs[0].line) : jw_null(w);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	jw_obj_end(w);
}

static void put_cycle(struct jw *w, const struct tl_layout *L, const struct tl_cycle *tc,
		      struct strtab *fns)
{
	const struct pm_cycle *c = tc->c;
	char *s;

	jw_obj(w);
	jw_kint(w, "index", c->index);
	jw_kstr(w, "mode", mode_name(c->mode));
	jw_kstr(w, "title", s = tl_cycle_title(L->run, c));
	free(s);
	jw_kstr(w, "totals", s = tl_cycle_totals(tc->cr));
	free(s);
	jw_kstr(w, "source", c->file);
	jw_kint(w, "t0", off(c, tc->t0));
	jw_kint(w, "t1", off(c, tc->t1));
	jw_kint(w, "main", c->main_pid);
	jw_kint(w, "nfail", (int64_t)tc->nfail);
	jw_kint(w, "nwarn", (int64_t)tc->nwarn);
	if (tc->collapsed) {
		jw_kobj(w, "sleep");
		jw_kint(w, "start", off(c, tc->piece[0].t1));
		jw_kint(w, "end", off(c, tc->piece[1].t0));
		jw_kint(w, "phase", tc->machine);
		jw_kint(w, "drawn_as", tl_collapsed_ns(tc));
		jw_obj_end(w);
	}
	put_milestones(w, tc);
	put_tables(w, L->run, tc);
	put_layout(w, tc);
	put_excerpts(w, L->run, L->page, tc);
	put_msgs(w, tc);
	put_cycle_logs(w, L->run, L->page, tc);
	tl_put_devtab(w, L->run, tc);
	put_path(w, tc);
	put_graphs(w, tc);
	put_works(w, tc);
	tl_put_trees(w, L->run, L->page, tc, fn_index, fns);
	put_why(w, tc);
	jw_obj_end(w);
}

static void put_color(struct jw *w, const char *key, uint32_t rgb)
{
	char buf[8];

	snprintf(buf, sizeof(buf), "#%06x", rgb & 0xffffffu);
	if (key)
		jw_key(w, key);
	jw_str(w, buf);
}

static void put_palette(struct jw *w)
{
	int k;

	jw_kobj(w, "palette");	/* per phase kind, by its name: box, band */
	for (k = 0; k < PK_COUNT; k++) {
		jw_karr(w, phase_kind_name((enum phase_kind)k));
		put_color(w, NULL, tl_box_color(k));
		put_color(w, NULL, tl_band_color(k));
		jw_arr_end(w);
	}
	jw_obj_end(w);
	jw_kobj(w, "colors");
	put_color(w, "crit", TL_CRIT_COLOR);
	put_color(w, "error", TL_ERROR_COLOR);
	put_color(w, "said", TL_SAID_COLOR);
	put_color(w, "wait", TL_WAIT_COLOR);
	put_color(w, "gap", TL_GAP_COLOR);
	put_color(w, "sleep", TL_SLEEP_COLOR);
	put_color(w, "text", TL_TEXT_COLOR);
	put_color(w, "milestone", TL_MILESTONE_COLOR);
	jw_obj_end(w);
}

/* A device as a flat record, in dev_fields order (a run can hold 10^5). */
static void put_dev(struct jw *w, const struct pm_device *d)
{
	size_t i;

	for (i = 0; i < DEVF_COUNT; i++) {
		if (i == DEVF_NAME)
			jw_str(w, d->name);
		else if (i == DEVF_DRIVER)
			jw_str(w, d->driver && *d->driver ? d->driver : NULL);
		else
			jw_int(w, d->parent_id);
	}
}

/* The names and numbers the script takes from the data, not its own. */
static void put_contract(struct jw *w)
{
	size_t i;

	jw_kobj(w, "fields");
	put_names(w, "dev", dev_fields, DEVF_COUNT);
	put_names(w, "seg", seg_fields, SEGF_COUNT);
	put_names(w, "wait", wait_fields, WF_COUNT);
	put_names(w, "work", work_fields, ARRAY_SIZE(work_fields));
	jw_obj_end(w);
	put_names(w, "seg_kinds", seg_kinds, ARRAY_SIZE(seg_kinds));
	put_names(w, "gap_words", gap_words, CPG_COUNT);
	put_names(w, "log_mark_kinds", log_mark_kinds, ARRAY_SIZE(log_mark_kinds));
	jw_kobj(w, "flags");
	for (i = 0; i < ARRAY_SIZE(flag_names); i++)
		jw_kint(w, flag_names[i].name, flag_names[i].bit);
	jw_obj_end(w);
	jw_kobj(w, "geometry");
	jw_kint(w, "max_rows", TL_MAX_ROWS);
	jw_kint(w, "sleep_min_px", TL_SLEEP_MIN_PX);
	jw_kint(w, "row_px", (int64_t)TL_ROW_PX);
	jw_kint(w, "gutter_px", (int64_t)TL_GUTTER_PX);
	jw_kint(w, "margin_px", (int64_t)TL_MARGIN_PX);
	jw_kint(w, "machine_px", (int64_t)TL_MACHINE_PX);
	jw_kint(w, "font_px", (int64_t)TL_FONT_PX);
	jw_key(w, "char_px");
	jw_double(w, TL_CHAR_PX);
	jw_kstr(w, "font", TL_FONT);
	jw_obj_end(w);
}

void tl_put_html_data(FILE *f, const struct tl_layout *L)
{
	const struct pm_run *run = L->run;
	struct strtab fns = { 0 };
	struct jw w;
	size_t i;

	jw_init(&w, f);
	jw_obj(&w);
	put_contract(&w);
	jw_karr(&w, "devs");
	for (i = 0; i < run->ndevs; i++)
		put_dev(&w, &run->devs[i]);
	jw_arr_end(&w);
	jw_karr(&w, "cycles");
	for (i = 0; i < L->ncycles; i++)
		put_cycle(&w, L, &L->cycles[i], &fns);
	jw_arr_end(&w);
	put_names(&w, "fns", fns.v, fns.n);
	put_palette(&w);
	jw_karr(&w, "kinds");
	for (i = 0; i < PK_COUNT; i++)
		jw_str(&w, phase_kind_name((enum phase_kind)i));
	jw_arr_end(&w);
	jw_obj_end(&w);
	free(fns.v);
	free(fns.slots);
}
