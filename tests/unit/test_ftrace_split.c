// SPDX-License-Identifier: GPL-2.0
/*
 * The fast event-line split against the general one, and the fast
 * function_graph head against the general one, on every line of every
 * text log under tests/fixtures (plain and compressed): where the fast
 * one answers, the general one must answer the same, field by field; and
 * the fast one must answer for most lines of the kernel's own traces, or
 * it is not worth having.
 */
#include <dirent.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <cmocka.h>

#include "input/ftrace/ftrace_int.h"

struct tally {
	unsigned long lines, fast, general;
	unsigned long graph_fast, graph;	/* graph lines, the fast way */
};

static bool same_str(struct str a, struct str b)
{
	return a.len == b.len && (!a.len || memcmp(a.p, b.p, a.len) == 0);
}

static void reset(struct ftrace_line *f, struct ftrace_line *g)
{
	memset(f, 0, sizeof(*f));
	memset(g, 0, sizeof(*g));
	f->ts = g->ts = NS_NONE;
	f->cpu = f->pid = g->cpu = g->pid = -1;
}

/* The duration column as the general reader takes it: the number in
 * seconds, as us (graph_call_parse() reads the kernel's shape its own way). */
static ns_t general_dur(struct str d)
{
	ns_t v;

	if (d.len && ftrace_duration_mark(d.p[0]))
		d = str_trim(str_make(d.p + 1, d.len - 1));
	if (!d.len || !str_seconds_ns(d, &v))
		return NS_NONE;
	return v / 1000000;
}

/* A graph line's head, both ways (as ftrace_split() tries them), and
 * the call's duration against the general reading of its column. */
static void check_graph(struct str s, const char *path, unsigned int lineno, struct tally *t,
			struct split_memo *memo)
{
	struct ftrace_line f, g, h;
	struct graph_call gc;
	struct str fr, gr, hr;

	reset(&f, &g);
	if (!s.len || s.p[0] < '0' || s.p[0] > '9' || !memchr(s.p, '|', s.len) ||
	    !ftrace_graph_head(s, &g, &gr))
		return;
	t->graph++;
	g.func = gr;
	if (graph_call_parse(&g, &gc) && gc.dur != general_dur(g.duration))
		fail_msg("%s:%u: the call's duration differs: %.*s", path, lineno, (int)s.len, s.p);
	/* with the memo the lines before left, and without one */
	h = f;
	if (ftrace_graph_head_fast(s, &h, &hr, memo) != ftrace_graph_head_fast(s, &f, &fr, NULL))
		fail_msg("%s:%u: the memo changes the answer: %.*s", path, lineno, (int)s.len, s.p);
	if (!ftrace_graph_head_fast(s, &f, &fr, NULL))
		return;
	t->graph_fast++;
	if (h.cpu != g.cpu || h.pid != g.pid || h.comm.p != g.comm.p || h.comm.len != g.comm.len ||
	    hr.p != gr.p)
		fail_msg("%s:%u: the memo's head differs: %.*s", path, lineno, (int)s.len, s.p);
	if (f.ts == g.ts && f.cpu == g.cpu && f.pid == g.pid && same_str(f.comm, g.comm) &&
	    same_str(f.duration, g.duration) && same_str(fr, gr) && f.duration.p == g.duration.p &&
	    fr.p == gr.p)
		return;
	fail_msg("%s:%u: the fast graph head differs: %.*s", path, lineno, (int)s.len, s.p);
}

static void check_line(struct str line, const char *path, unsigned int lineno, struct tally *t,
		       struct split_memo *memo)
{
	struct ftrace_line f, g, h;
	struct str s = line;
	bool fast;

	while (s.len && (*s.p == ' ' || *s.p == '\t'))
		s.p++, s.len--;
	t->lines++;
	check_graph(s, path, lineno, t, memo);
	reset(&f, &g);
	h = f;
	if (ftrace_split_event(s, &g))
		t->general++;
	if (!s.len)
		return;
	/* with the memo the lines before left, and without one */
	fast = ftrace_split_event_fast(line, &f, NULL);
	if (ftrace_split_event_fast(line, &h, memo) != fast)
		fail_msg("%s:%u: the memo changes the answer: %.*s", path, lineno, (int)line.len,
			 line.p);
	if (!fast)
		return;
	t->fast++;
	if (h.ts != f.ts || h.cpu != f.cpu || h.pid != f.pid || h.comm.p != f.comm.p ||
	    h.comm.len != f.comm.len || h.event.p != f.event.p || h.args.p != f.args.p)
		fail_msg("%s:%u: the memo's split differs: %.*s", path, lineno, (int)line.len,
			 line.p);
	if (f.ts == g.ts && f.cpu == g.cpu && f.pid == g.pid && same_str(f.comm, g.comm) &&
	    same_str(f.event, g.event) && same_str(f.args, g.args))
		return;
	fail_msg("%s:%u: the fast split differs: %.*s", path, lineno, (int)line.len, line.p);
}

static void check_file(const char *path, struct tally *t)
{
	struct split_memo memo = { 0 };
	struct line_reader *r;
	struct str line;
	char err[512];

	r = reader_open(path, err, sizeof(err));
	assert_non_null(r);
	while (reader_next(r, &line) > 0)
		check_line(line, path, reader_lineno(r), t, &memo);
	reader_close(r);
}

static bool is_log(const char *name)
{
	static const char *const ends[] = { ".txt", ".log", ".xz", ".gz", ".zst" };
	size_t i, n = strlen(name);

	for (i = 0; i < sizeof(ends) / sizeof(ends[0]); i++) {
		size_t k = strlen(ends[i]);

		if (n > k && !strcmp(name + n - k, ends[i]))
			return true;
	}
	return false;
}

static void walk(const char *dir, struct tally *t)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	assert_non_null(d);
	while ((e = readdir(d))) {
		char path[4096];
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (stat(path, &st) < 0)
			continue;
		if (S_ISDIR(st.st_mode))
			walk(path, t);
		else if (S_ISREG(st.st_mode) && is_log(e->d_name))
			check_file(path, t);
	}
	closedir(d);
}

static void test_fast_equals_general(void **state)
{
	struct tally t = { 0 };

	(void)state;
	walk(FIXTURES, &t);
	print_message("# %lu lines, %lu event lines, %lu of them split the fast way\n",
		      t.lines, t.general, t.fast);
	print_message("# %lu function_graph lines, %lu of them read the fast way\n", t.graph,
		      t.graph_fast);
	/* most event lines of the fixtures are the kernel's own shape */
	assert_true(t.fast * 10 > t.general * 8);
	/* and most graph lines have a stamp and a task column */
	assert_true(t.graph_fast * 10 > t.graph * 5);
}

static void test_fast_declines(void **state)
{
	struct split_memo memo;
	static const char *const odd[] = {
		/* the tgid option */
		"bash-1234  (  1234) [001] d... 13.5: suspend_resume: x",
		/* a tab before the stamp */
		"bash-1 [001] d... \t13.5: suspend_resume: x",
		/* a pid of eight digits */
		"bash-12345678 [001] d... 13.5: suspend_resume: x",
	};
	struct ftrace_line fl;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(odd) / sizeof(odd[0]); i++) {
		assert_false(ftrace_split_event_fast(str_c(odd[i]), &fl, NULL));
		assert_true(ftrace_split_event(str_c(odd[i]), &fl));
	}
	assert_true(ftrace_split_event_fast(str_c("init-1       [001] .....    13.622119: "
						  "device_pm_callback_end:  cpu, err=0"), &fl, NULL));
	assert_int_equal(fl.ts, 13622119000LL);
	assert_int_equal(fl.pid, 1);
	assert_int_equal(fl.cpu, 1);
	/* the kernel's columns: dash at 16, '[' at 25, whatever the task holds */
	assert_true(ftrace_split_event_fast(str_c("          foo[1]-123     [002] .....    13.622119: "
						  "suspend_resume: x"), &fl, NULL));
	assert_true(str_eq(fl.comm, "foo[1]"));
	assert_int_equal(fl.pid, 123);
	assert_int_equal(fl.cpu, 2);
	/* ... but not a pid column with more than its digits and blanks */
	assert_false(ftrace_split_event_fast(str_c("             a-12 x     [002] .....    13.622119: "
						   "suspend_resume: x"), &fl, NULL));
	assert_true(ftrace_split_event(str_c("a-12 x     [002] .....    13.622119: "
					     "suspend_resume: x"), &fl));
	assert_int_equal(fl.ts, 13622119000LL);
	/* a memo of the columns before a stamp of two digits, and a stamp
	 * of one a blank later: the memo's bytes, but not where a digit
	 * follows them, so the columns are read again */
	memset(&memo, 0, sizeof(memo));
	assert_true(ftrace_split_event_fast(str_c("init-1       [001] .....    13.622119: a: x"), &fl,
					    &memo));
	assert_true(ftrace_split_event_fast(str_c("init-1       [001] .....     3.622119: a: x"), &fl,
					    &memo));
	assert_int_equal(fl.ts, 3622119000LL);
	/* columns whose flags run to the line's end (a fuzzer's line): not
	 * kept, since a longer line with the same bytes has its flags run
	 * on into the digits and reads as no event line at all */
	memset(&memo, 0, sizeof(memo));
	assert_false(ftrace_split_event_fast(str_c("-0       [000] ...te-disable"), &fl, &memo));
	assert_false(ftrace_split_event(str_c("-0       [000] ...te-disable0.057628: a: x"), &fl));
	assert_false(ftrace_split_event_fast(str_c("-0       [000] ...te-disable0.057628: a: x"), &fl,
					     &memo));
	/* trace-cmd report has no flags column (kernel5.5-tegra) */
	assert_true(ftrace_split_event_fast(str_c("rtcwake-264   [003]    27.747644: "
						  "device_pm_callback_start:  platform, parent: none, [suspend]"), &fl, NULL));
	assert_int_equal(fl.ts, 27747644000LL);
	assert_int_equal(fl.cpu, 3);
}

/* The stamp's six digits, every value of them, and a byte next to the
 * digits in ASCII ('/', ':') or far from them in each place. */
static void test_six_digits(void **state)
{
	static const char odd[] = { '/', ':', '\t', 'a', '\x80' };
	char line[64];
	struct ftrace_line fl;
	struct str rest;
	unsigned int v, k, i;

	(void)state;
	for (v = 0; v < 1000000; v++) {
		snprintf(line, sizeof(line), "24.%06u |   0)   a-9    |               |  f() {", v);
		assert_true(ftrace_graph_head_fast(str_c(line), &fl, &rest, NULL));
		assert_int_equal(fl.ts, 24000000000LL + (int64_t)v * 1000);
	}
	for (k = 0; k < 6; k++)
		for (i = 0; i < sizeof(odd); i++) {
			snprintf(line, sizeof(line), "24.123456 |   0)   a-9    |               |  f() {");
			line[3 + k] = odd[i];
			assert_false(ftrace_graph_head_fast(str_c(line), &fl, &rest, NULL));
		}
}

static void test_graph_fast(void **state)
{
	static const char *const odd[] = {
		/* no task column */
		"24.585218 |   0)   47.198 us   |    pci_pm_suspend();",
		/* no stamp */
		"0)   kworker-9    |   47.198 us   |    pci_pm_suspend();",
		/* the tgid option */
		"24.585218 |   0)   kworker-9  (  9)  |   47.198 us   |    f();",
	};
	/* duration columns the forward reading leaves to the general one:
	 * what that makes of each, and the call's duration then */
	static const struct {
		const char *line, *dur;
		ns_t ns;
	} cols[] = {
		{ "24.5 |  0)  a-9  | \t47.198 us |  f();", "47.198 us", 47198 },
		{ "24.5 |  0)  a-9  |  47.198 us\t|  f();", "47.198 us", 47198 },
		{ "24.5 |  0)  a-9  |  47.1984 us |  f();", "47.1984 us", 47198 },
		{ "24.5 |  0)  a-9  |  12345678.5 us |  f();", "12345678.5 us", 12345678500 },
		{ "24.5 |  0)  a-9  |  4x7 us |  f();", "4x7 us", 4000 },
	};
	struct ftrace_line fl;
	struct graph_call gc;
	struct str rest;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(odd) / sizeof(odd[0]); i++)
		assert_false(ftrace_graph_head_fast(str_c(odd[i]), &fl, &rest, NULL));
	for (i = 0; i < sizeof(cols) / sizeof(cols[0]); i++) {
		assert_true(ftrace_split(str_c(cols[i].line), &fl));
		assert_true(str_eq(fl.duration, cols[i].dur));
		assert_true(str_eq(fl.func, "  f();"));
		assert_true(graph_call_parse(&fl, &gc));
		assert_int_equal(gc.dur, cols[i].ns);
	}
	assert_true(ftrace_graph_head_fast(str_c("24.585218 |   0)   kworker-9    | "
						 "  47.198 us   |    pci_pm_suspend();"), &fl, &rest, NULL));
	assert_int_equal(fl.ts, 24585218000LL);
	assert_int_equal(fl.cpu, 0);
	assert_int_equal(fl.pid, 9);
	assert_true(str_eq(fl.comm, "kworker"));
	assert_true(str_eq(fl.duration, "47.198 us"));
	assert_true(str_eq(rest, "    pci_pm_suspend();"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fast_equals_general),
		cmocka_unit_test(test_fast_declines),
		cmocka_unit_test(test_graph_fast),
		cmocka_unit_test(test_six_digits),
	};

	return cmocka_run_group_tests_name("ftrace split: fast and general", tests, NULL, NULL);
}
