// SPDX-License-Identifier: GPL-2.0
/*
 * Text for a terminal. What a log says can be anything: a device name
 * holding "\e]0;...\a\e[2J" set the terminal's title and cleared its
 * screen when the summary named it. One stream filter (format.h) shows
 * control characters instead of sending them: C0 ones but '\n' and
 * '\t', and DEL, as "\x1b"; C1 ones (U+0080 to U+009F, which terminals
 * take for ESC sequences too) as "\u009b"; bytes that are no UTF-8 as
 * U+FFFD. The rest, real logs' text, passes byte for byte.
 */
#include <stdio.h>
#include <stdlib.h>

#include "format.h"

#define REPLACEMENT "\xef\xbf\xbd"

struct term {
	FILE *to;
	unsigned char part[4];	/* a sequence cut by the end of a write */
	size_t npart;
	bool heap;		/* freed when the stream closes */
};

/* The bytes a sequence starting with @c takes, 0 when none does. */
static size_t seq_len(unsigned char c)
{
	return c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 :
	       c >= 0xf0 && c <= 0xf4 ? 4 : 0;
}

static bool passes(unsigned char c)
{
	return (c >= 0x20 && c < 0x7f) || c == '\n' || c == '\t';
}

/* The @avail bytes at @p start a sequence they are too few for, and may
 * be its start: the end of a write cut it. */
static bool cut_short(const unsigned char *p, size_t avail)
{
	size_t i, k = seq_len(*p);

	if (k <= avail)
		return false;
	for (i = 1; i < avail; i++)
		if ((p[i] & 0xc0) != 0x80)
			return false;
	return true;
}

/* The character at @p (of @avail bytes) shown; the bytes it took. */
static size_t put_char(FILE *to, const unsigned char *p, size_t avail)
{
	unsigned char s[5] = { 0 };
	size_t k = seq_len(*p);
	uint32_t cp;

	if (k)
		memcpy(s, p, k <= avail ? k : avail);
	if (!k || k > avail || utf8_seq(s, &cp) != k) {
		fputs(REPLACEMENT, to);
		return 1;
	}
	if (cp < 0x80)
		fprintf(to, "\\x%02x", (unsigned int)cp);
	else if (cp < 0xa0)
		fprintf(to, "\\u%04x", (unsigned int)cp);
	else
		fwrite(p, 1, k, to);
	return k;
}

/*
 * @p[0..@n) shown; a sequence the end cuts is kept for the next write.
 * A run of plain text goes out in one piece: reports are mostly that.
 */
static void put_text(struct term *t, const unsigned char *p, size_t n)
{
	const unsigned char *end = p + n, *run;

	while (p < end) {
		for (run = p; p < end && passes(*p); p++)
			;
		if (p > run)
			fwrite(run, 1, (size_t)(p - run), t->to);
		if (p == end)
			return;
		if (cut_short(p, (size_t)(end - p))) {
			t->npart = (size_t)(end - p);
			memcpy(t->part, p, t->npart);
			return;
		}
		p += put_char(t->to, p, (size_t)(end - p));
	}
}

/* The sequence the last write cut, completed by this one's first bytes
 * (or shown as broken): how many of @p it took. */
static size_t put_part(struct term *t, const unsigned char *p, size_t n)
{
	size_t had = t->npart, take = n < 4 ? n : 4, len = had + take, i = 0;
	unsigned char s[8];

	memcpy(s, t->part, had);
	memcpy(s + had, p, take);
	t->npart = 0;
	while (i < had) {
		if (take == n && cut_short(s + i, len - i)) {
			t->npart = len - i;	/* still cut: all of @p is in it */
			memcpy(t->part, s + i, t->npart);
			return n;
		}
		i += put_char(t->to, s + i, len - i);
	}
	return i - had;
}

static ssize_t term_write(void *cookie, const char *buf, size_t n)
{
	struct term *t = cookie;
	const unsigned char *p = (const unsigned char *)buf;
	size_t used = t->npart ? put_part(t, p, n) : 0;

	put_text(t, p + used, n - used);
	return ferror(t->to) ? -1 : (ssize_t)n;
}

static int term_close(void *cookie)
{
	struct term *t = cookie;
	int rc;

	if (t->npart)
		fputs(REPLACEMENT, t->to);
	rc = ferror(t->to) ? EOF : 0;
	if (t->heap)
		free(t);
	return rc;
}

static FILE *open_on(struct term *t, FILE *to)
{
	FILE *f;

	t->to = to;
	f = fopencookie(t, "w", (cookie_io_functions_t){ .write = term_write,
							 .close = term_close });
	if (!f) {
		fprintf(to, "pmscope: out of memory\n");
		exit(2);
	}
	return f;
}

FILE *term_open(FILE *to)
{
	struct term *t = xcalloc(1, sizeof(*t));

	t->heap = true;
	return open_on(t, to);
}

/* Never closed: its state is the process's, not the heap's. */
void term_stderr(void)
{
	static struct term t;

	stderr = open_on(&t, stderr);
	setvbuf(stderr, NULL, _IONBF, 0);
}
