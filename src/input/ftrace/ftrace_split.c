// SPDX-License-Identifier: GPL-2.0
/*
 * ftrace text lines split into their columns: the kernel's "trace" file
 * with any tracer and any era's flag columns, "trace-cmd report" output
 * (no flags column, padded event names) and function_graph text with or
 * without its optional columns. Lines are split by scanning, never with
 * sscanf: traces reach gigabytes.
 */
#include <endian.h>
#include <stdio.h>
#include <stdlib.h>

#include "ftrace_int.h"

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Past the spaces at @q: trace lines are padded with runs of them (the
 * task column is right aligned to 16, graph lines pad column after
 * column), so eight bytes a step while they are all spaces. */
static inline const char *spaces_end(const char *q, const char *end)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	while (end - q >= 8) {
		uint64_t w;

		memcpy(&w, q, 8);
		w ^= 0x2020202020202020ull;
		if (w)
			return q + __builtin_ctzll(w) / 8;
		q += 8;
	}
#endif
	while (q < end && *q == ' ')
		q++;
	return q;
}

/* Back from @q over the spaces before it, not past @start: the task
 * column's padding, eight bytes a step as spaces_end(). */
static inline const char *spaces_before(const char *q, const char *start)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	while (q - start >= 8) {
		uint64_t w;

		memcpy(&w, q - 8, 8);
		w ^= 0x2020202020202020ull;
		if (w)	/* the byte before @q is the word's highest */
			return q - __builtin_clzll(w) / 8;
		q -= 8;
	}
#endif
	while (q > start && q[-1] == ' ')
		q--;
	return q;
}

/* @s past its blanks, tabs too. */
static inline struct str skip_spaces(struct str s)
{
	const char *end = s.p + s.len, *q = spaces_end(s.p, end);

	while (q < end && (*q == ' ' || *q == '\t'))
		q++;
	return str_make(q, (size_t)(end - q));
}

/* The six digits at @q, the kernel's microseconds, in one word (little
 * endian: q[0] in the low byte): every byte '0'..'9' (its high nibble 3,
 * and still 3 with 6 added), then digit pairs summed in place (each
 * byte times ten plus the next), then the three pairs. False when one
 * is not a digit. */
static inline bool six_digits(const char *q, uint64_t *v)
{
	const uint64_t threes = 0x303030303030ull, high = 0xf0f0f0f0f0f0ull;
	uint64_t w, d;
	uint32_t lo;
	uint16_t hi;

	/* two loads joined in a register: a 6-byte memcpy() into the word
	 * went through the stack as a 4- and a 2-byte store read back as
	 * one 8-byte load, which the CPU cannot forward (perf: a quarter of
	 * event_fast()'s time on the instruction after it) */
	memcpy(&lo, q, 4);
	memcpy(&hi, q + 4, 2);
	w = (uint64_t)le32toh(lo) | (uint64_t)le16toh(hi) << 32;
	if ((w & high) != threes || ((w + 0x060606060606ull) & high) != threes)
		return false;
	d = w - threes;
	d = (d * 10 + (d >> 8)) & 0x00ff00ff00ffull;	/* q0q1, q2q3, q4q5 */
	*v = (d & 0xff) * 10000 + (d >> 16 & 0xff) * 100 + (d >> 32 & 0xff);
	return true;
}

/* The "[003]" CPU column: where it starts, or -1; @close just past it. */
static long cpu_column(struct str s, int *cpu, size_t *close)
{
	const char *p = s.p, *end = s.p + s.len;

	while ((p = memchr(p, '[', (size_t)(end - p)))) {
		const char *d = p + 1;
		uint64_t v;
		size_t n = str_u64(str_make(d, (size_t)(end - d)), &v);

		if (n && d + n < end && d[n] == ']' && p > s.p && p[-1] == ' ') {
			*cpu = (int)v;
			*close = (size_t)(d + n + 1 - s.p);
			return p - s.p;
		}
		p++;
	}
	return -1;
}

/* "comm-pid", maybe followed by trace-cmd's or the tgid option's "(tgid)". */
static void task(struct str t, struct ftrace_line *out)
{
	uint64_t pid;
	size_t i;

	t = str_trim(t);
	if (t.len && t.p[t.len - 1] == ')') {
		long o = -1;

		for (i = t.len; i-- > 0;)
			if (t.p[i] == '(') {
				o = (long)i;
				break;
			}
		if (o > 0)
			t = str_trim(str_make(t.p, (size_t)o));
	}
	for (i = t.len; i-- > 0;) {
		if (t.p[i] != '-')
			continue;
		if (i + 1 < t.len && str_u64(str_skip(t, i + 1), &pid) == t.len - i - 1) {
			out->pid = (int)pid;
			out->comm = str_make(t.p, i);
		}
		return;
	}
	out->comm = t;
}

/* "EVENT: ARGS" (also inside a function_graph comment). */
static bool event_text(struct str s, struct ftrace_line *out)
{
	const char *c = memchr(s.p, ':', s.len);

	if (!c || c == s.p)
		return false;
	out->event = str_make(s.p, (size_t)(c - s.p));
	out->args = skip_spaces(str_skip(s, (size_t)(c - s.p) + 1));
	return true;
}

/* TASK-PID [CPU] [FLAGS] TIMESTAMP: EVENT: ARGS */
bool ftrace_split_event(struct str s, struct ftrace_line *out)
{
	size_t close = 0;
	long br = cpu_column(s, &out->cpu, &close);
	struct str rest, tok;
	int k;

	if (br < 0)
		return false;
	task(str_make(s.p, (size_t)br), out);
	rest = str_skip(s, close);
	for (k = 0; k < 2; k++) {
		const char *sp;

		rest = skip_spaces(rest);
		sp = memchr(rest.p, ' ', rest.len);
		tok = str_make(rest.p, sp ? (size_t)(sp - rest.p) : rest.len);
		if (tok.len > 1 && tok.p[tok.len - 1] == ':' &&
		    str_seconds_ns(tok, &out->ts) == tok.len - 1)
			return event_text(skip_spaces(str_skip(rest, tok.len)), out);
		rest = str_skip(rest, tok.len);	/* the flags column */
	}
	return false;
}

/* The kernel's own task column, "%16s-%-7d " (kernel/trace/trace_output.c):
 * the task right-aligned to 16 columns and the pid left-aligned to 7 put
 * the dash and the CPU's '[' at fixed places of the line as read, found
 * without a search. @comm is the task's first byte; the '[', or NULL when
 * the line is laid out otherwise (trace-cmd report, a "(tgid)" column). */
#define KCOL_DASH 16
#define KCOL_CPU 25

/* A line's columns before the ones that change from line to line: an
 * event line's "TASK-PID [CPU] FLAGS " up to its stamp, a graph line's
 * " |  CPU)  TASK-PID  |" after its stamp. */
struct head_cols {
	int cpu, pid;
	struct str comm;
	const char *next;	/* where the line goes on */
};

static const char *fixed_task(struct str line, const char *comm, struct head_cols *c)
{
	const char *p = line.p, *pid = p + KCOL_DASH + 1, *q;
	uint64_t v = 0, w;

	if (line.len < KCOL_CPU + 6 || p[KCOL_DASH] != '-' || p[KCOL_CPU] != '[' ||
	    comm >= p + KCOL_DASH)
		return NULL;
	for (q = pid; q < pid + 7 && is_digit(*q); q++)
		v = v * 10 + (uint64_t)(*q - '0');
	/* the pid's eight columns: one to seven digits, then blanks only */
	memcpy(&w, pid, 8);
	w = le64toh(w);
	if (q == pid || w >> (8 * (q - pid)) != 0x2020202020202020ull >> (8 * (q - pid)))
		return NULL;
	c->comm = str_make(comm, (size_t)(p + KCOL_DASH - comm));
	c->pid = (int)v;
	return p + KCOL_CPU;
}

/* "TASK-PID [CPU] FLAGS " of the kernel's event line (trace-cmd
 * report's has no FLAGS), up to the stamp's first digit. @s is @line
 * past its leading blanks. */
static bool event_cols(struct str line, struct str s, struct head_cols *c)
{
	const char *p = s.p, *end = s.p + s.len, *br, *q, *num;
	uint64_t v = 0;

	if (!(br = fixed_task(line, p, c))) {
		/* TASK-PID: back from the CPU column over blanks and the pid */
		br = memchr(p, '[', s.len);
		if (!br || br == p || br[-1] != ' ')
			return false;
		q = spaces_before(br - 1, p);
		for (num = q; num > p && is_digit(num[-1]); num--)
			;
		if (num == q || q - num > 7 || num == p || num[-1] != '-')
			return false;
		c->comm = str_make(p, (size_t)(num - 1 - p));
		for (; num < q; num++)
			v = v * 10 + (uint64_t)(*num - '0');
		c->pid = (int)v;
	}
	/* [CPU]: the kernel prints three digits */
	if (end - br > 5 && is_digit(br[1]) && is_digit(br[2]) && is_digit(br[3]) &&
	    br[4] == ']' && br[5] == ' ') {
		v = (uint64_t)(br[1] - '0') * 100 + (uint64_t)(br[2] - '0') * 10 +
		    (uint64_t)(br[3] - '0');
		q = br + 4;
	} else {
		for (q = br + 1, v = 0; q < end && is_digit(*q) && q - br <= 6; q++)
			v = v * 10 + (uint64_t)(*q - '0');
		if (q == br + 1 || q + 1 >= end || q[0] != ']' || q[1] != ' ')
			return false;
	}
	c->cpu = (int)v;
	/* FLAGS: never starting with a digit (irqs-off is 'd', 'D', 'X' or
	 * '.'), nor holding the stamp's colon */
	q = spaces_end(q + 2, end);
	if (q < end && !is_digit(*q)) {
		while (q < end && *q != ' ' && *q != ':')
			q++;
		q = spaces_end(q, end);
	}
	c->next = q;
	return true;
}

/* "SECONDS.FRACTION: EVENT: ARGS" at @q: at most ten digits, a point and
 * one to nine, the colon, a blank. */
static bool event_stamp(const char *q, const char *end, struct ftrace_line *out)
{
	const char *num;
	uint64_t sec = 0, frac = 0;
	int digits;

	for (num = q; q < end && is_digit(*q); q++)
		sec = sec * 10 + (uint64_t)(*q - '0');
	if (q == num || q - num > 10 || q >= end || *q != '.' || sec > 9000000000ULL)
		return false;
	num = ++q;
	if (end - q > 6 && q[6] == ':' && six_digits(q, &frac)) {
		frac *= 1000;
		q += 6;
	} else {
		for (; q < end && is_digit(*q); q++)
			frac = frac * 10 + (uint64_t)(*q - '0');
		digits = (int)(q - num);
		if (q >= end || *q != ':' || digits < 1 || digits > 9)
			return false;
		frac = frac_ns(frac, (size_t)digits);
	}
	if (q + 1 < end && q[1] != ' ')
		return false;
	out->ts = (ns_t)(sec * 1000000000ULL + frac);
	return event_text(skip_spaces(str_make(q + 1, (size_t)(end - q - 1))), out);
}

/* The columns from @q as the memo has them, when it holds this @kind's
 * and their bytes are the memo's (and, for an event line, a digit comes
 * next, where event_cols() stopped): what reading them would give. */
static inline bool cols_as_memo(const struct split_memo *m, uint8_t kind, const char *q,
				const char *end, struct head_cols *c)
{
	if (!m || m->kind != kind || end - q <= m->len || !same_bytes(q, m->head, m->len) ||
	    (kind == SM_EVENT && !is_digit(q[m->len])))
		return false;
	c->cpu = m->cpu;
	c->pid = m->pid;
	c->comm = str_make(q + m->comm, m->comm_len);
	c->next = q + m->len;
	return true;
}

static void memo_keep(struct split_memo *m, uint8_t kind, const char *q, const struct head_cols *c)
{
	size_t n = (size_t)(c->next - q);

	if (!m || n > sizeof(m->head))
		return;
	memcpy(m->head, q, n);
	m->kind = kind;
	m->len = (uint8_t)n;
	m->comm = (uint8_t)(c->comm.p - q);
	m->comm_len = (uint8_t)c->comm.len;
	m->cpu = c->cpu;
	m->pid = c->pid;
}

/*
 * The kernel's own event line, nearly every line of an events trace:
 * "TASK-PID [CPU] FLAGS SECONDS: EVENT: ARGS" (trace-cmd report's has no
 * FLAGS) with blanks where the kernel puts them, read in one pass (the
 * columns before the stamp by @memo when it has them). Anything else (a
 * "(tgid)" column, tabs, a '[' in the task name, long numbers) returns
 * false and goes to ftrace_split_event(), which gives the same fields for
 * this shape (tests/unit/test_ftrace_split.c holds the two to that on
 * every fixture line). @s is @line past its leading blanks, as
 * ftrace_split() already has it.
 */
static bool event_fast(struct str line, struct str s, struct ftrace_line *out,
		       struct split_memo *memo)
{
	const char *end = s.p + s.len;
	struct head_cols c;

	if (!s.len || *s.p == '\r')
		return false;
	if (!cols_as_memo(memo, SM_EVENT, line.p, end, &c)) {
		if (!event_cols(line, s, &c))
			return false;
		/* Only columns that end at the stamp's digit: FLAGS that ran
		 * to the line's end (or to a colon) end where this line does,
		 * and a longer line with the same bytes reads otherwise. */
		if (c.next < end && is_digit(*c.next))
			memo_keep(memo, SM_EVENT, line.p, &c);
	}
	out->comm = c.comm;
	out->pid = c.pid;
	out->cpu = c.cpu;
	return event_stamp(c.next, end, out);
}

bool ftrace_split_event_fast(struct str line, struct ftrace_line *out, struct split_memo *memo)
{
	return event_fast(line, skip_spaces(line), out, memo);
}

/* A duration column: "", "0.256 us", "+ 14.992 us", "! 123.4 us"; the
 * text without its blanks into @dur. One pass: every graph line has one. */
static bool duration_column(struct str seg, struct str *dur)
{
	struct str d = skip_spaces(seg), num = d;

	if (!d.len) {
		*dur = d;
		return true;
	}
	if (!is_digit(d.p[0])) {
		if (!ftrace_duration_mark(d.p[0]))
			return false;	/* a task column: the common case, seen first */
		num = skip_spaces(str_skip(d, 1));
	}
	num = str_trim(num);
	if (num.len <= 3 || !is_digit(num.p[0]) || num.p[num.len - 2] != 'u' ||
	    num.p[num.len - 1] != 's')
		return false;
	*dur = num.p == d.p ? num : str_trim(d);
	return true;
}

/* The kernel's duration column read forward from @q up to its bar:
 * blank, or "%c %lu.%03lu us" padded with blanks (the mark a blank too,
 * or '+', '!' ...). Only these shapes, for which duration_column() gives
 * the same text; false for any other, and the caller reads it that way. */
static bool duration_fast(const char *q, const char *end, struct str *dur, const char **bar)
{
	const char *d, *num;

	q = d = spaces_end(q, end);
	if (q < end && ftrace_duration_mark(*q))
		q = spaces_end(q + 1, end);
	for (num = q; q < end && is_digit(*q); q++)
		;
	if (q != num && q < end && *q == '.')
		for (q++; q < end && is_digit(*q); q++)
			;
	if (q == num) {		/* blank: nothing before the bar */
		if (d != num || q >= end || *q != '|')
			return false;
		*dur = str_make(q, 0);
		*bar = q;
		return true;
	}
	if (end - q < 3 || q[0] != ' ' || q[1] != 'u' || q[2] != 's')
		return false;
	*dur = str_make(d, (size_t)(q + 3 - d));
	q = spaces_end(q + 3, end);
	if (q >= end || *q != '|')
		return false;
	*bar = q;
	return true;
}

static struct str upto_bar(struct str s, struct str *rest)
{
	const char *b = memchr(s.p, '|', s.len);

	if (!b) {
		*rest = str_make(s.p + s.len, 0);
		return STR_NULL;
	}
	*rest = str_skip(s, (size_t)(b - s.p) + 1);
	return str_make(s.p, (size_t)(b - s.p));
}

/* [ABSTIME |] CPU) [TASK-PID |] [DURATION] |: the columns before the
 * function's, in every shape the options give; @rest the function column. */
bool ftrace_graph_head(struct str s, struct ftrace_line *out, struct str *rest)
{
	struct str seg;
	uint64_t cpu;
	size_t n = str_seconds_ns(s, &out->ts);

	if (n && n < s.len && s.p[n] == ' ') {
		seg = upto_bar(s, rest);
		if (!seg.p)
			return false;
		s = skip_spaces(*rest);
	} else {
		out->ts = NS_NONE;
	}
	n = str_u64(s, &cpu);
	if (!n || n >= s.len || s.p[n] != ')')
		return false;
	out->cpu = (int)cpu;
	seg = upto_bar(str_skip(s, n + 1), rest);
	if (!seg.p)
		return false;
	if (!duration_column(seg, &out->duration)) {
		task(seg, out);
		seg = upto_bar(*rest, rest);
		if (!seg.p || !duration_column(seg, &out->duration))
			return false;
	}
	return true;
}

/* " |  CPU)  TASK-PID  |" from @q, a graph line's stamp's end: a task
 * column (not a duration, no "(tgid)"); c->next past its bar. */
static bool cpu_task(const char *q, const char *end, struct head_cols *c)
{
	const char *p, *task, *task_end, *dash, *bar;
	uint64_t cpu = 0, pid = 0;

	q = spaces_end(q, end);
	if (q >= end || *q++ != '|')
		return false;
	q = spaces_end(q, end);
	for (p = q; q < end && is_digit(*q); q++)
		cpu = cpu * 10 + (uint64_t)(*q - '0');
	if (q == p || q - p > 9 || q >= end || *q++ != ')')
		return false;
	q = spaces_end(q, end);
	task = q;
	bar = q < end ? memchr(q, '|', (size_t)(end - q)) : NULL;
	if (!bar || task == bar || is_digit(*task) || ftrace_duration_mark(*task) ||
	    *task == '\t' || *task == '\r')
		return false;
	task_end = spaces_before(bar, task);
	for (dash = task_end; dash > task && is_digit(dash[-1]); dash--)
		;
	if (dash == task_end || task_end - dash > 9 || dash == task || dash[-1] != '-')
		return false;
	for (p = dash; p < task_end; p++)
		pid = pid * 10 + (uint64_t)(*p - '0');
	c->cpu = (int)cpu;
	c->pid = (int)pid;
	c->comm = str_make(task, (size_t)(dash - 1 - task));
	c->next = bar + 1;
	return true;
}

/*
 * "SECONDS.FRACTION |  CPU)  TASK-PID  |  DURATION  |": the shape of
 * nearly every line of a trace with the abstime and funcgraph-proc
 * options, read in one pass (the CPU and task by @memo when it has them).
 * Any other shape, or anything ftrace_graph_head() would read otherwise,
 * returns false and leaves @out as it was (tests/unit/test_ftrace_split.c
 * holds the two to the same fields on every fixture line).
 */
bool ftrace_graph_head_fast(struct str s, struct ftrace_line *out, struct str *rest,
			    struct split_memo *memo)
{
	const char *p = s.p, *end = s.p + s.len, *q, *bar;
	uint64_t sec = 0, frac = 0;
	struct head_cols c;
	struct str dur;
	int digits;

	/* SECONDS.FRACTION and a blank */
	for (q = p; q < end && is_digit(*q); q++)
		sec = sec * 10 + (uint64_t)(*q - '0');
	if (q == p || q - p > 10 || sec > 9000000000ULL || q >= end || *q != '.')
		return false;
	p = ++q;
	if (end - q > 6 && q[6] == ' ' && six_digits(q, &frac)) {
		frac *= 1000;
		q += 6;
	} else {
		for (; q < end && is_digit(*q); q++)
			frac = frac * 10 + (uint64_t)(*q - '0');
		digits = (int)(q - p);
		if (digits < 1 || digits > 9 || q >= end || *q != ' ')
			return false;
		frac = frac_ns(frac, (size_t)digits);
	}
	if (!cols_as_memo(memo, SM_GRAPH, q, end, &c)) {
		if (!cpu_task(q, end, &c))
			return false;
		memo_keep(memo, SM_GRAPH, q, &c);
	}
	/* "  DURATION  |" */
	q = c.next;
	if (!duration_fast(q, end, &dur, &bar)) {
		struct str col;	/* not @dur: its address would keep it in memory */

		bar = memchr(q, '|', (size_t)(end - q));
		if (!bar || !duration_column(str_make(q, (size_t)(bar - q)), &col))
			return false;
		dur = col;
	}
	out->ts = (ns_t)(sec * 1000000000ULL + frac);
	out->cpu = c.cpu;
	out->pid = c.pid;
	out->comm = c.comm;
	out->duration = dur;
	*rest = str_make(bar + 1, (size_t)(end - bar - 1));
	return true;
}

/* A graph line: its head, then the function column, or the event or
 * marker a comment there holds. The general head only for a line with a
 * bar: the search over a whole event line is not for free. */
static bool split_graph(struct str s, struct ftrace_line *out, struct split_memo *memo)
{
	struct str seg;

	/* the rest straight into @out: copied from a local, its two 8-byte
	 * stores were read back as one 16-byte load, which the CPU cannot
	 * forward (perf: 40% of this function's time) */
	if (!ftrace_graph_head_fast(s, out, &out->func, memo) &&
	    (!memchr(s.p, '|', s.len) || !ftrace_graph_head(s, out, &out->func)))
		return false;
	/* a comment ends in its star and slash: looked at first, the end
	 * spares a call's line the pass over its indentation */
	seg = str_trim_end(out->func);
	if (seg.len < 4 || seg.p[seg.len - 1] != '/' || seg.p[seg.len - 2] != '*') {
		out->graph = true;
		return true;
	}
	seg = skip_spaces(out->func);
	if (seg.len >= 4 && seg.p[0] == '/' && seg.p[1] == '*' && (seg = str_trim(seg)).len >= 4 &&
	    seg.p[seg.len - 2] == '*' && seg.p[seg.len - 1] == '/') {
		seg = str_trim(str_make(seg.p + 2, seg.len - 4));
		if (!event_text(seg, out) ||
		    (!str_eq(out->event, "suspend_resume") &&
		     !str_starts(out->event, "device_pm_callback_") &&
		     !str_starts(out->event, "initcall_") &&
		     !str_starts(out->event, "sched_"))) {
			/* a trace marker: the graph prints only its text */
			out->event = str_c("tracing_mark_write");
			out->args = seg;
		}
		return true;
	}
	out->graph = true;
	return true;
}

/* The kernel's "%lu.%03lu us" below ten seconds (at most seven digits
 * before the point), as ns: what str_seconds_ns() reads it as, without
 * its generality; false for any other shape. */
static bool us_fixed(struct str d, ns_t *ns)
{
	const char *q = d.p, *end = d.p + d.len;
	uint64_t us = 0, frac;

	for (; q < end && is_digit(*q) && q - d.p < 7; q++)
		us = us * 10 + (uint64_t)(*q - '0');
	if (q == d.p || end - q < 5 || q[0] != '.' || !is_digit(q[1]) || !is_digit(q[2]) ||
	    !is_digit(q[3]) || q[4] != ' ')
		return false;
	frac = (uint64_t)(q[1] - '0') * 100 + (uint64_t)(q[2] - '0') * 10 + (uint64_t)(q[3] - '0');
	*ns = (ns_t)(us * 1000 + frac);
	return true;
}

/* "546.656 us", "+ 14.992 us", "$ 54568437 us" -> ns; NS_NONE when empty. */
static ns_t duration_ns(struct str d)
{
	ns_t v;

	if (d.len && ftrace_duration_mark(d.p[0]))
		d = str_trim(str_make(d.p + 1, d.len - 1));
	if (us_fixed(d, &v))
		return v;
	if (!d.len || !str_seconds_ns(d, &v))
		return NS_NONE;
	return v / 1000000;	/* read as seconds: the number is in us */
}

/* The function column is indented two blanks a level, one level to begin
 * with: "  fn() {", "    leaf();", "  }". */
bool graph_call_parse(const struct ftrace_line *fl, struct graph_call *gc)
{
	struct str s = fl->func;
	const char *paren;
	size_t sp = (size_t)(spaces_end(s.p, s.p + s.len) - s.p);

	gc->depth = (int)(sp / 2) - 1;
	s = str_trim(str_skip(s, sp));
	if (!s.len)
		return false;
	gc->dur = duration_ns(fl->duration);
	if (s.p[0] == '}') {
		gc->kind = GL_RETURN;
		gc->fn = STR_NULL;
		return true;
	}
	paren = memchr(s.p, '(', s.len);
	if (!paren || paren == s.p)
		return false;
	gc->fn = str_make(s.p, (size_t)(paren - s.p));
	gc->kind = s.p[s.len - 1] == '{' ? GL_ENTRY : GL_LEAF;
	return true;
}

/* trace-cmd report prints function_graph as events:
 * "funcgraph_entry:   0.123 us   |  func();" */
static void graph_event(struct ftrace_line *out)
{
	const char *bar;

	if (!str_starts(out->event, "funcgraph_") ||
	    !(bar = memchr(out->args.p, '|', out->args.len)))
		return;
	out->duration = str_trim(str_make(out->args.p, (size_t)(bar - out->args.p)));
	out->func = str_skip(out->args, (size_t)(bar - out->args.p) + 1);
	out->graph = true;
}

/* Field by field: a memset() or struct copy becomes "rep stos", slow to
 * start for a few words, once per line. Each field its own store, not
 * "a = b = STR_NULL": that reads one field back to write the next, a
 * 16-byte load of two 8-byte stores the CPU cannot forward (perf: 40% of
 * ftrace_split_memo()'s time). */
static void line_reset(struct ftrace_line *out)
{
	out->ts = NS_NONE;
	out->cpu = -1;
	out->pid = -1;
	out->comm = STR_NULL;
	out->event = STR_NULL;
	out->args = STR_NULL;
	out->duration = STR_NULL;
	out->func = STR_NULL;
	out->graph = false;
	out->ahead = FA_NONE;
	out->ctx = FL_CTX_UNKNOWN;
}

bool ftrace_split_memo(struct str line, struct ftrace_line *out, struct split_memo *memo)
{
	struct str s = skip_spaces(line);

	line_reset(out);
	if (!s.len || s.p[0] == '#')
		return false;
	/* a function_graph line starts with its time stamp or CPU: a digit */
	if (is_digit(s.p[0])) {
		if (split_graph(s, out, memo))
			return true;
		line_reset(out);
	}
	if (!event_fast(line, s, out, memo)) {
		line_reset(out);
		if (!ftrace_split_event(s, out))
			return false;
	}
	graph_event(out);
	/* ftrace_event() refuses an event line past NS_MAX; in a call
	 * tree the stamp is only a hint */
	if (out->graph && out->ts > NS_MAX)
		out->ts = NS_NONE;
	return true;
}

bool ftrace_split(struct str line, struct ftrace_line *out)
{
	return ftrace_split_memo(line, out, NULL);
}

/* Where @lit (@n bytes, the first a comma) is in @a, or -1: str_find()
 * for the two separators every callback line has, found by their comma. */
static long comma_at(struct str a, const char *lit, size_t n)
{
	const char *c = a.p, *end = a.p + a.len;

	while ((c = memchr(c, ',', (size_t)(end - c)))) {
		if ((size_t)(end - c) < n)
			return -1;
		if (same_bytes(c, lit, n))
			return c - a.p;
		c++;
	}
	return -1;
}

/* "DRV DEV, parent: PARENT, [INFO][EVENT]" or "DRV DEV, err=ERR" */
bool ftrace_cb_args(struct str a, bool end, struct cb_fields *f)
{
	const char *ob, *cb, *comma;
	struct str rest;
	int64_t err;
	long at;

	memset(f, 0, sizeof(*f));
	f->end = end;
	if (end) {
		at = comma_at(a, ", err=", 6);
		if (at <= 0 || !str_i64(str_skip(a, (size_t)at + 6), &err))
			return false;
		driver_device(str_make(a.p, (size_t)at), &f->driver, &f->device);
		f->err = (int)err;
		return true;
	}
	at = comma_at(a, ", parent: ", 10);
	if (at <= 0)
		return false;
	driver_device(str_make(a.p, (size_t)at), &f->driver, &f->device);
	rest = str_skip(a, (size_t)at + 10);
	comma = memchr(rest.p, ',', rest.len);
	f->parent = str_trim(comma ? str_make(rest.p, (size_t)(comma - rest.p)) : rest);
	ob = memrchr(rest.p, '[', rest.len);
	cb = memrchr(rest.p, ']', rest.len);
	if (ob && cb && cb > ob)
		f->event = str_make(ob + 1, (size_t)(cb - ob - 1));
	return true;
}

/* What the parser would read next of a split line and needs no state
 * for: a graph line's call, a callback event's fields. */
static void read_beyond(struct ftrace_line *fl)
{
	bool end;

	if (fl->graph) {
		if (graph_call_parse(fl, &fl->call))
			fl->ahead = FA_CALL;
		return;
	}
	if (!str_starts(fl->event, "device_pm_callback_"))
		return;
	end = str_eq(fl->event, "device_pm_callback_end");
	if ((end || str_eq(fl->event, "device_pm_callback_start")) &&
	    ftrace_cb_args(fl->args, end, &fl->cb))
		fl->ahead = FA_CALLBACK;
}

enum ftrace_kind ftrace_classify(struct str line, bool unreadable, struct ftrace_line *fl,
				 struct split_memo *memo)
{
	if (unreadable)
		return FK_SKIP;
	if (line.len && line.p[0] == '#')
		return FK_HEADER;
	if (!ftrace_split_memo(line, fl, memo))
		return FK_NONE;
	read_beyond(fl);
	return FK_SPLIT;
}
