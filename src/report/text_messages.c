// SPDX-License-Identifier: GPL-2.0
/*
 * The log's words in the terminal summary: under the slowest and
 * critical-path callbacks, a few of the lines printed while each ran,
 * most telling first (the messages analysis ranked them), and the
 * callbacks that returned 0 while their log said error or timeout.
 */
#include <stdio.h>
#include <stdlib.h>

#include "analysis.h"
#include "report.h"

enum { SHOW_CBS = 5, SHOW_LINES = 3, WIDTH = 80 };

/* @s into @buf for the terminal: control characters as '?', cut to
 * @width bytes with "..." (never inside a UTF-8 sequence). */
static const char *clean(char *buf, size_t width, const char *s)
{
	size_t i, n = strlen(s);
	bool cut = n > width;

	if (cut)
		n = utf8_cut(s, width > 3 ? width - 3 : 0);
	for (i = 0; i < n; i++)
		buf[i] = (unsigned char)s[i] < 0x20 || s[i] == 0x7f ? '?' : s[i];
	strcpy(buf + n, cut ? "..." : "");
	return buf;
}

static bool same_words(const struct pm_message *a, const struct pm_message *b)
{
	return a->device == b->device && !strcmp(a->text, b->text);
}

/* @text from column @col on, wrapped at spaces within WIDTH, in at most
 * three rows (the words that tell are often at the end of the line). */
static void print_wrapped(FILE *f, const char *text, size_t col)
{
	char buf[WIDTH + 1];
	size_t avail = WIDTH - col, rows;

	for (rows = 0; *text; rows++) {
		size_t n = strlen(text);

		if (rows)
			fprintf(f, "%*s", (int)col, "");
		if (n > avail && rows < 2) {
			n = avail;
			while (n > avail / 2 && text[n] != ' ')
				n--;
			if (text[n] != ' ')
				n = avail;
			n = utf8_cut(text, n);
			memcpy(buf, text, n);
			buf[n] = '\0';
			fprintf(f, "%s\n", clean(buf, avail, buf));
			text += n;
			while (*text == ' ')
				text++;
			continue;
		}
		fprintf(f, "%s\n", clean(buf, avail, text));
		break;
	}
}

static void print_line(FILE *f, const struct pm_message *x, const struct pm_message *prev)
{
	char head[WIDTH + 1];
	int n;

	if (prev && same_words(x, prev)) {
		fprintf(f, "    %6u the same again\n", x->line);
		return;
	}
	n = x->device ? snprintf(head, sizeof(head), "%s%s%s: ", x->driver ? x->driver : "",
				 x->driver ? " " : "", x->device) : 0;
	if (n < 0 || n > WIDTH / 2)
		n = 0;
	head[n] = '\0';
	fprintf(f, "    %6u %s", x->line, clean(head, WIDTH / 2, head));
	print_wrapped(f, x->text, 11 + (size_t)n);
}

static void print_cb(FILE *f, const struct pm_run *run, const struct cycle_results *cr, size_t i)
{
	const struct pm_callback *cb = &cr->c->cbs[i];
	const struct pm_device *d = &run->devs[cb->dev];
	const struct cb_msg *m;
	size_t k, shown = 0, n = cb_msgs(&cr->msgs, i, &m);
	const struct pm_message *prev = NULL;
	char name[40], ms[24];

	fprintf(f, "    %s%s%s%s %s, %s ms", clean(name, 32, d->name), d->driver && *d->driver ? " (" : "",
		d->driver && *d->driver ? d->driver : "", d->driver && *d->driver ? ")" : "",
		cb->phase >= 0 ? cr->c->phases[cb->phase].name : "?",
		text_ms(ms, sizeof(ms), 0, cb_duration(cb)));
	if (cb->has_ret)
		fprintf(f, ", returned %d", cb->ret);
	fputc('\n', f);
	for (k = 0; k < n && shown < SHOW_LINES; k++) {
		const struct pm_message *x = &cr->c->msgs[m[k].msg];

		print_line(f, x, prev);
		shown += !(prev && same_words(x, prev));
		prev = x;
	}
	if (n > k)
		fprintf(f, "           %zu more in the JSON report\n", n - k);
}

/* The slowest callbacks, then those the critical paths ran through. */
static size_t pick(const struct cycle_results *cr, size_t *out, size_t max)
{
	const struct cb_msg *m;
	size_t i, j, k, n = 0;

	for (i = 0; i < cr->nslowest && n < max; i++)
		if (cb_msgs(&cr->msgs, cr->slowest[i], &m))
			out[n++] = cr->slowest[i];
	for (i = 0; i < cr->cp.nphases && n < max; i++) {
		const struct cp_phase *p = &cr->cp.phases[i];

		for (j = 0; j < p->nsegs && n < max; j++) {
			int cb = p->segs[j].cb;

			if (p->segs[j].kind != CP_RUN || cb < 0 || !cb_msgs(&cr->msgs, (size_t)cb, &m))
				continue;
			for (k = 0; k < n && out[k] != (size_t)cb; k++)
				;
			if (k == n)
				out[n++] = (size_t)cb;
		}
	}
	return n;
}

void report_text_messages(FILE *f, const struct pm_run *run, const struct cycle_results *cr)
{
	size_t i, n, cbs[SHOW_CBS];

	if (!cr->msgs.nmsgs)
		return;
	n = pick(cr, cbs, SHOW_CBS);
	if (!n)
		return;
	fprintf(f, "  the log while they ran (line, words; most telling first)\n");
	for (i = 0; i < n; i++)
		print_cb(f, run, cr, cbs[i]);
}
