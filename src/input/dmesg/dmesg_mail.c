// SPDX-License-Identifier: GPL-2.0
/*
 * What mail does to a kernel log pasted into it, undone where the log's
 * own words allow: the non-breaking spaces a mail client makes of the
 * kernel's padding, the lines it breaks at 72-80 columns (joined back
 * where the joined line says what the pieces did not). Functions over
 * lines and the reader's look-ahead, unit-tested with real ones
 * (tests/unit/test_dmesg_lines.c).
 */
#include "dmesg.h"

/* Lines mail broke that the next ones finish: at most this many more. */
#define WRAP_PIECES 2

size_t dmesg_unnbsp(struct str line, char *out)
{
	size_t i, n = 0;

	for (i = 0; i < line.len; i++) {
		if (line.p[i] == '\xc2' && i + 1 < line.len && line.p[i + 1] == '\xa0') {
			out[n++] = ' ';
			i++;
		} else {
			out[n++] = line.p[i];
		}
	}
	return n;
}

/* "... of devices complete after 371.285 msecs" (or "aborted after"):
 * the phase's end with the kernel's figure, read whole. */
static bool phase_end_line(struct str msg)
{
	static const char *const ends[] = { " of devices complete after ",
					     " of devices aborted after " };
	size_t i;
	ns_t ns;

	for (i = 0; i < ARRAY_SIZE(ends); i++) {
		long at = str_find(msg, ends[i]);

		if (at > 0)
			return str_seconds_ns(str_skip(msg, (size_t)at + strlen(ends[i])), &ns) > 0;
	}
	return false;
}

/* A callback's start whose parent a wrap cut off ("@ 2952," or
 * "parent:" at the end), a verdict cut at its comma ("PM: Some devices
 * failed to suspend,"): read, but not whole. */
static bool cut_short(struct str msg)
{
	msg = str_trim_end(msg);
	return (msg.len && msg.p[msg.len - 1] == ',') ||
	       (msg.len >= 7 && !memcmp(msg.p + msg.len - 7, "parent:", 7));
}

/* The PM core backing out of a cycle ("PM: Some devices failed to
 * suspend, or early wake event detected"): no verdict line of its own. */
static bool abort_line(struct str msg)
{
	if (str_starts(msg, "PM: "))
		msg = str_skip(msg, 4);
	return str_starts(msg, "Some devices failed to");
}

/* "PM: suspend entry (s2idle)": the cycle's mode in its parentheses,
 * which a wrap may have put on the next line. */
static bool entry_line(struct str msg)
{
	if (str_starts(msg, "PM: "))
		msg = str_skip(msg, 4);
	msg = str_trim_end(msg);
	return str_starts(msg, "suspend entry (") && msg.p[msg.len - 1] == ')';
}

bool dmesg_says_all(struct str msg)
{
	struct dmesg_verdict v;
	struct dmesg_cb cb;

	switch (dmesg_cb_line(msg, &cb)) {
	case DS_NONE:
		return ((dmesg_verdict_line(msg, &v) || abort_line(msg)) && !cut_short(msg)) ||
		       phase_end_line(msg) || entry_line(msg);
	case DS_CB_START:
	case DS_QUIRK_START:
	case DS_INITCALL_START:
		return !cut_short(msg);
	default:
		return true;
	}
}

size_t dmesg_quote_depth(struct str line, size_t *len)
{
	size_t i = 0, depth = 0;

	while (i < line.len && (line.p[i] == '>' || line.p[i] == ' ' || line.p[i] == '\t'))
		depth += line.p[i++] == '>';
	*len = i;
	return depth;
}

size_t dmesg_join(struct str line, struct str more, char *out, size_t cap)
{
	size_t skip, n;

	if (dmesg_quote_depth(more, &skip) != dmesg_quote_depth(line, &n))
		return 0;
	more = str_trim_end(str_skip(more, skip));
	line = str_trim_end(line);
	if (!more.len || line.len + 1 + more.len > cap)
		return 0;
	memmove(out, line.p, line.len);	/* @line may be in @out already */
	out[line.len] = ' ';
	memcpy(out + line.len + 1, more.p, more.len);
	n = line.len + 1 + more.len;
	return dmesg_unnbsp(str_make(out, n), out);
}

/* A kernel log line, with its prefix or (in a log that has none) bare. */
static bool split_any(struct str line, bool prefixed, struct kmsg_line *kl)
{
	return dmesg_split(line, kl) || (!prefixed && dmesg_split_bare(line, kl));
}

/* A line of a mail's own, no kernel log line of any shape: what a wrap
 * left of the line before. */
static bool continues(struct str next, bool prefixed)
{
	struct kmsg_line kl;

	return next.len && !split_any(next, prefixed, &kl) && !dmesg_split_damaged(next, &kl);
}

struct str dmesg_unwrap(struct mail_wrap *w, struct line_reader *r, struct str *raw,
			struct str line, bool prefixed, unsigned int *taken)
{
	struct str next, joined = line;
	struct kmsg_line kl;
	unsigned int k;
	size_t n;

	*taken = 0;
	/* in a log without prefixes, a piece is no known shape either */
	if (!split_any(line, prefixed, &kl) && (prefixed || !line.len))
		return line;
	if (dmesg_says_all(split_any(line, prefixed, &kl) ? kl.msg : line))
		return line;
	if (!w->buf)
		w->buf = xmalloc(LINE_MAX_BYTES);
	for (k = 1; k <= WRAP_PIECES; k++) {
		if (reader_peek(r, k, raw, &next) <= 0 || !continues(next, prefixed) ||
		    !(n = dmesg_join(joined, next, w->buf, LINE_MAX_BYTES)))
			return line;
		joined = str_make(w->buf, n);
		if (split_any(joined, prefixed, &kl) && dmesg_says_all(kl.msg))
			break;
	}
	if (k > WRAP_PIECES)
		return line;
	for (*taken = k; k--;)
		reader_next(r, &next);
	return joined;
}

/* The second byte of a line, as far as a kernel log's lines differ:
 * "[    1.2", "[   10.2" and "[100000." alike, "[snd_pcm]" not. */
static int second_byte(int c)
{
	return c == ' ' || (c >= '0' && c <= '9') ? '0' : c;
}

bool dmesg_may_continue(const struct line_reader *r, struct str raw)
{
	int c = reader_next_bytes(r);

	if (raw.len < 2 || c < 0)
		return raw.len > 0;
	return c >> 8 != (unsigned char)raw.p[0] || c >> 8 == '>' ||
	       second_byte(c & 0xff) != second_byte((unsigned char)raw.p[1]);
}
