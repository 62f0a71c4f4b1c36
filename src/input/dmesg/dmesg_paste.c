// SPDX-License-Identifier: GPL-2.0
/*
 * A mail's paste of a log without stamps, where the mail says which
 * lines are the log: the lines between "```" fences, or a paragraph the
 * author indented that holds a kernel line ("    PM: suspend exit"; a
 * diff of two logs, "        +pca953x 4-0020: ...", is one). Every line
 * of it is the kernel's, whatever its words, but a shell's command and
 * a diff's removed lines (the other log's).
 */
#include <ctype.h>

#include "dmesg.h"

/* A paragraph's lines read ahead to find a kernel line in it. */
#define PASTE_LOOK 64

static size_t indent_of(struct str line)
{
	size_t n = 0;

	while (n < line.len && line.p[n] == ' ')
		n++;
	return n;
}

/* A mail's fence, a line of "```" and at most a language's name
 * ("```text"). */
static bool fence(struct str line)
{
	size_t i;

	line = str_trim(line);
	if (!str_starts(line, "```"))
		return false;
	for (i = 3; i < line.len; i++)
		if (!isalnum((unsigned char)line.p[i]) && line.p[i] != '-' && line.p[i] != '_')
			return false;
	return true;
}

/* Whether the indented lines @raw begins hold a kernel line, read ahead
 * to a blank line or a kernel line not indented (the log is not theirs);
 * a line not indented between them is a piece a mail's wrap broke off. */
static bool holds_kernel_line(struct line_reader *r, struct str *raw)
{
	struct kmsg_line kl;
	struct str next;
	unsigned int k;

	if (dmesg_split_bare(*raw, &kl))
		return true;
	for (k = 1; k <= PASTE_LOOK; k++) {
		if (reader_peek(r, k, raw, &next) <= 0 || !str_trim(next).len)
			return false;
		if (dmesg_split_bare(next, &kl))
			return indent_of(next) >= 2;
	}
	return false;
}

bool dmesg_paste_see(struct mail_paste *mp, struct line_reader *r, struct str *raw,
		     bool prefixed)
{
	bool first = !mp->in_indent;

	if (prefixed)	/* a stamped log: bare lines are no kernel's */
		return false;
	mp->in_indent = indent_of(*raw) >= 2 && str_trim(*raw).len;
	if (fence(*raw)) {
		mp->fenced = !mp->fenced;
		mp->start = mp->fenced;
		mp->indented = false;
		return true;
	}
	if (mp->fenced)
		return false;
	if (!mp->in_indent)
		mp->indented = false;
	else if (first)
		mp->indented = mp->start = holds_kernel_line(r, raw);
	return false;
}

bool dmesg_paste_line(struct mail_paste *mp, struct str line, struct kmsg_line *kl)
{
	struct str m = str_trim_end(line);

	if (mp->indented && indent_of(m) >= 2) {
		m = dmesg_unindent(m);
		if (m.len > 1 && m.p[0] == '-' && m.p[1] != ' ' && m.p[1] != '-') {
			mp->removed++;
			return false;
		}
	} else if (!mp->fenced || (m.len && (m.p[0] == ' ' || m.p[0] == '\t')))
		return false;	/* a fenced line indented continues the one before */
	if (m.len < 2 || m.p[0] == '-' || m.p[0] == '\t' ||
	    str_find(m, "echo ") >= 0 || str_find(m, "# ") >= 0 || str_find(m, "$ ") >= 0)
		return false;
	dmesg_line_init(kl, m);
	return true;
}
