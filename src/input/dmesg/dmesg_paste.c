// SPDX-License-Identifier: GPL-2.0
/*
 * A mail's paste of a log without stamps, where the mail says which
 * lines are the log: the lines between "```" fences, or a run of lines
 * the author indented that holds kernel lines ("    PM: suspend exit"; a
 * diff of two logs, "        +pca953x 4-0020: ...", is one). Every line
 * of it is the kernel's, whatever its words, but a shell's command and
 * a diff's removed lines (the other log's). A paste is no excerpt of its
 * own by being one: an author splits one log in paragraphs, and a hang
 * split so must stay a hang. It is another cycle's where it says again
 * what the piece before it said once a cycle: a device's failure in the
 * same phase (the Salvator-XS's two pastes).
 */
#include <ctype.h>

#include "dmesg.h"

/* A paste's lines read ahead: to find its kernel lines, its failures. */
#define PASTE_LOOK 64
/* An indented run is a paste with a kernel line and another line (one
 * line alone is a quote in prose), or a diff's added kernel line. */
#define PASTE_LINES 2

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

static bool kernel_line(struct str line)
{
	struct kmsg_line kl;

	return dmesg_split_bare(dmesg_unindent(str_trim_end(line)), &kl);
}

/* A diff's added line ("        +pca953x 4-0020: ..."; between fences,
 * "+pca953x ..."), indented at least @indent; not a patch's code
 * ("+\tfoo();"). */
static bool added(struct str line, size_t indent)
{
	size_t n = indent_of(line);

	return n >= indent && n + 1 < line.len && line.p[n] == '+' && line.p[n + 1] != ' ' &&
	       line.p[n + 1] != '\t' && line.p[n + 1] != '+';
}

/* Whether the lines from the @k-th after @raw on, to a blank line (a
 * fence), show a diff: an added kernel line. */
static bool a_diff(struct line_reader *r, struct str *raw, unsigned int k, bool fenced)
{
	struct str next;

	for (; k <= PASTE_LOOK && reader_peek(r, k, raw, &next) > 0; k++) {
		if (fenced ? fence(next) : !str_trim(next).len)
			return false;
		if (added(next, fenced ? 0 : 1))
			return true;
	}
	return false;
}

/*
 * Whether the indented lines @raw begins are a paste: a kernel line and
 * PASTE_LINES lines in all, or a diff's added kernel line, read ahead to
 * a blank line or a kernel line not indented (the log is not theirs); a
 * line not indented between them is a piece a mail's wrap broke off.
 * Lines a scan found with no kernel line are not read again.
 */
static bool a_paste(struct mail_paste *mp, struct line_reader *r, struct str *raw)
{
	unsigned int at = reader_lineno(r), kernel = kernel_line(*raw), lines = 1, k = 1;
	bool diff = added(*raw, 1);
	struct str next;

	if (!kernel && at > mp->clean_from && at < mp->clean_to) {
		k = mp->clean_to - at;	/* the lines before: none */
		lines = 2;
	}
	for (; !diff && (!kernel || lines < PASTE_LINES) && k <= PASTE_LOOK; k++) {
		if (reader_peek(r, k, raw, &next) <= 0 || !str_trim(next).len)
			break;
		lines++;
		if (!kernel_line(next))
			continue;
		if (indent_of(next) < 2)
			break;
		kernel++;
		diff = added(next, 1);
	}
	if (!kernel) {
		mp->clean_from = at;
		mp->clean_to = at + k;
	}
	/* a diff's removed lines may come first: its added ones say it */
	mp->diff = diff || (kernel && a_diff(r, raw, k, false));
	return diff || (kernel && lines >= PASTE_LINES);
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
		mp->diff = mp->fenced && a_diff(r, raw, 1, true);
		return true;
	}
	if (mp->fenced)
		return false;
	if (!mp->in_indent) {
		mp->indented = mp->diff = false;
	} else if (first) {
		mp->diff = false;
		mp->indented = mp->start = a_paste(mp, r, raw);
	}
	return false;
}

struct str dmesg_paste_text(const struct mail_paste *mp, struct str line)
{
	if (mp->indented)
		return dmesg_unindent(line);
	/* a diff between fences: each line after its ' ' or '+' */
	if (mp->fenced && mp->diff && line.len && (line.p[0] == ' ' || line.p[0] == '+'))
		return str_skip(line, 1);
	return line;
}

bool dmesg_paste_removed(const struct mail_paste *mp, struct str line)
{
	return (mp->indented || mp->fenced) && mp->diff && line.len > 1 && line.p[0] == '-' &&
	       line.p[1] != ' ' && line.p[1] != '-';
}

bool dmesg_paste_line(struct mail_paste *mp, struct str line, struct kmsg_line *kl)
{
	struct str m = str_trim_end(line);

	if (!mp->indented && (!mp->fenced || (m.len && (m.p[0] == ' ' || m.p[0] == '\t'))))
		return false;	/* a fenced line indented continues the one before */
	/* a shell's command, its "-sh: echo: write error: ..." */
	if (m.len < 2 || m.p[0] == '\t' || str_find(m, "echo ") >= 0 || str_find(m, "echo: ") >= 0 ||
	    str_find(m, "# ") >= 0 || str_find(m, "$ ") >= 0)
		return false;
	dmesg_line_init(kl, m);
	return true;
}

static uint32_t fail_hash(struct str device, const char *phase)
{
	uint32_t h = 2166136261u;
	size_t i;

	for (i = 0; i < device.len; i++)
		h = (h ^ (unsigned char)device.p[i]) * 16777619u;
	h = (h ^ '/') * 16777619u;
	for (i = 0; phase[i]; i++)
		h = (h ^ (unsigned char)phase[i]) * 16777619u;
	return h;
}

void dmesg_paste_failed(struct mail_paste *mp, const struct dmesg_verdict *v)
{
	if (!v->device.len || !v->phase[0] || mp->nfails >= PASTE_FAILS)
		return;
	mp->fails[mp->nfails++] = fail_hash(v->device, v->phase);
}

void dmesg_paste_forget(struct mail_paste *mp)
{
	mp->nfails = 0;
}

static bool failed_before(const struct mail_paste *mp, struct str line)
{
	struct dmesg_verdict v;
	struct kmsg_line kl;
	uint32_t h;
	unsigned int i;

	if (!dmesg_split_bare(dmesg_unindent(str_trim_end(line)), &kl) ||
	    !dmesg_verdict_line(kl.msg, &v) || !v.device.len || !v.phase[0])
		return false;
	h = fail_hash(v.device, v.phase);
	for (i = 0; i < mp->nfails; i++)
		if (mp->fails[i] == h)
			return true;
	return false;
}

bool dmesg_paste_again(const struct mail_paste *mp, struct line_reader *r, struct str line)
{
	struct str next;
	unsigned int k;

	if (!mp->nfails)
		return false;
	if (failed_before(mp, line))
		return true;
	for (k = 1; r && k <= PASTE_LOOK && reader_peek(r, k, NULL, &next) > 0; k++) {
		if (fence(next) || (mp->indented && !str_trim(next).len))
			return false;	/* the paste's end */
		if (failed_before(mp, next))
			return true;
	}
	return false;
}
