// SPDX-License-Identifier: GPL-2.0
/*
 * The header sleepgraph (pm-graph) writes at the top of each saved log:
 *   # suspend-070820-152008 Ixpees mem 5.8.0-050800-generic
 *   # sysinfo | man:Dell Inc. | plat:XPS 13 9360 | cpu:... | bios:2.13.0 | ...
 *   # command | sleepgraph.py -config config/suspend.cfg -multi 50 15
 *   # fwsuspend 0 fwresume 2706432      (ns, from ACPI FPDT; one per test)
 */
#include <stdio.h>

#include "input.h"

static void fact(struct builder *b, unsigned int lineno, const char *key, struct str v)
{
	struct pm_event ev;

	v = str_trim(v);
	if (!v.len)
		return;
	event_init(&ev, EV_FACT, NS_NONE, lineno);
	ev.key = str_c(key);
	ev.text = v;
	builder_event(b, &ev);
}

/* Up to @max words separated by single spaces. */
static size_t words(struct str s, struct str *w, size_t max)
{
	size_t n = 0;

	while (n < max && s.len) {
		long sp = str_find(s, " ");

		w[n++] = sp < 0 ? s : str_make(s.p, (size_t)sp);
		s = sp < 0 ? str_skip(s, s.len) : str_skip(s, (size_t)sp + 1);
	}
	return n;
}

/* "suspend-MMDDYY-HHMMSS" -> "20YY-MM-DD HH:MM:SS" */
static void stamp_date(struct builder *b, unsigned int lineno, struct str stamp)
{
	long dash = str_find(stamp, "-");
	const char *d;
	char buf[32];
	size_t i;

	if (dash < 0 || stamp.len != (size_t)dash + 14)
		return;
	d = stamp.p + dash + 1;
	for (i = 0; i < 13; i++)
		if (i != 6 && (d[i] < '0' || d[i] > '9'))
			return;
	snprintf(buf, sizeof(buf), "20%.2s-%.2s-%.2s %.2s:%.2s:%.2s", d + 4, d, d + 2, d + 7,
		 d + 9, d + 11);
	fact(b, lineno, "date", str_c(buf));
}

static void stamp_line(struct builder *b, struct str line, unsigned int lineno,
		       struct str *kernel)
{
	struct str w[4];

	if (words(str_skip(line, 2), w, 4) < 4)
		return;
	stamp_date(b, lineno, w[0]);
	fact(b, lineno, "host", w[1]);
	fact(b, lineno, "mode", w[2]);
	fact(b, lineno, "kernel", w[3]);
	*kernel = w[3];
}

static void sysinfo_line(struct builder *b, struct str line, unsigned int lineno)
{
	static const char *const keys[][2] = {
		{ "man:", "vendor" }, { "plat:", "product" }, { "cpu:", "cpu" },
		{ "bios:", "bios" }, { "biosdate:", "biosdate" }, { "numcpu:", "ncpus" },
		{ "memsz:", "memory_kb" },
	};

	while (line.len) {
		long bar = str_find(line, "|");
		struct str f = str_trim(bar < 0 ? line : str_make(line.p, (size_t)bar));
		size_t i;

		for (i = 0; i < ARRAY_SIZE(keys); i++)
			if (str_starts(f, keys[i][0]))
				fact(b, lineno, keys[i][1], str_skip(f, strlen(keys[i][0])));
		line = bar < 0 ? str_skip(line, line.len) : str_skip(line, (size_t)bar + 1);
	}
}

static void firmware_line(struct builder *b, struct str line, unsigned int lineno)
{
	struct str w[4];
	uint64_t s = 0, r = 0;	/* an empty word parses as no digits */
	struct pm_event ev;

	if (words(str_skip(line, 2), w, 4) < 4 || !str_eq(w[2], "fwresume") ||
	    str_u64(w[1], &s) != w[1].len || str_u64(w[3], &r) != w[3].len)
		return;
	event_init(&ev, EV_FIRMWARE, NS_NONE, lineno);
	ev.fw_suspend = (ns_t)s;
	ev.fw_resume = (ns_t)r;
	builder_event(b, &ev);
}

bool sleepgraph_line(struct builder *b, struct str line, unsigned int lineno,
		     struct str *kernel)
{
	if (str_starts(line, "# suspend-") || str_starts(line, "# hibernate-") ||
	    str_starts(line, "# freeze-") || str_starts(line, "# standby-"))
		stamp_line(b, line, lineno, kernel);
	else if (str_starts(line, "# sysinfo |"))
		sysinfo_line(b, str_skip(line, 11), lineno);
	else if (str_starts(line, "# command |"))
		fact(b, lineno, "command", str_skip(line, 11));
	else if (str_starts(line, "# fwsuspend "))
		firmware_line(b, line, lineno);
	else
		return false;
	return true;
}
