// SPDX-License-Identifier: GPL-2.0
/*
 * Which parser reads a file: decided from the content, never the name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "ftrace.h"

#define DETECT_LINES 400

const char *input_kind_name(enum input_kind k)
{
	switch (k) {
	case INPUT_DMESG: return "kernel log";
	case INPUT_FTRACE: return "ftrace text";
	case INPUT_TRACE_DAT: return "trace-cmd data";
	default: return "unknown";
	}
}

enum input_kind input_detect(struct str window)
{
	unsigned int dmesg = 0, ftrace = 0, n = 0;
	struct ftrace_line fl;
	struct kmsg_line kl;
	struct str line;
	const char *nl;

	if (str_starts(window, "\x17\x08\x44tracing"))
		return INPUT_TRACE_DAT;
	while (window.len && n < DETECT_LINES) {
		nl = memchr(window.p, '\n', window.len);
		line = str_make(window.p, nl ? (size_t)(nl - window.p) : window.len);
		window = nl ? str_make(nl + 1, window.len - line.len - 1) : str_make(window.p, 0);
		n++;
		if (str_starts(line, "# tracer:") || str_starts(line, "cpus=") ||
		    str_starts(line, "# entries-in-buffer")) {
			ftrace += 50;
			continue;
		}
		/* a trace line of any shape (input/ftrace.c splits it the same way) */
		if (ftrace_split(line, &fl)) {
			ftrace++;
			continue;
		}
		if (!memchr(line.p, '\0', line.len) && dmesg_split(line, &kl))
			dmesg++;
	}
	if (ftrace > dmesg && ftrace)
		return INPUT_FTRACE;
	return dmesg ? INPUT_DMESG : INPUT_UNKNOWN;
}

int input_read(struct pm_run *run, const char *path, struct input_stats *st,
	       char *err, size_t errlen)
{
	struct line_reader *r = NULL;
	struct builder *b = NULL;
	enum input_kind kind = INPUT_UNKNOWN;
	size_t first = run->ncycles, i;
	struct str window;
	struct stat sb;
	int rc = -1;

	if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode))
		return input_read_dir(run, path, st, err, errlen);
	memset(st, 0, sizeof(*st));
	r = reader_open(path, err, errlen);
	if (!r)
		return -1;
	if (reader_prefill(r, &window) < 0) {
		snprintf(err, errlen, "%s", reader_error(r));
		goto out;
	}
	if (!window.len) {
		snprintf(err, errlen, "%s: empty file", path);
		goto out;
	}
	kind = input_detect(window);
	if (run->nsources >= CB_SOURCES_MAX) {	/* a callback's file_id is 16 bits */
		snprintf(err, errlen, "%s: more than %u input files", path, CB_SOURCES_MAX);
		goto out;
	}
	b = builder_new(run, path);
	if (kind == INPUT_TRACE_DAT) {
		reader_close(r);	/* libtracecmd reads the file itself */
		r = NULL;
		if (tracedat_read(path, b, st, err, errlen) < 0)
			goto out;
	} else if ((kind == INPUT_FTRACE ? ftrace_read(r, b, st) : dmesg_read(r, b, st)) < 0) {
		snprintf(err, errlen, "%s", reader_error(r));
		goto out;	/* what was read before the error stays */
	}
	if (!st->used) {
		snprintf(err, errlen,
			 "%s: no suspend, resume or boot timing found in %u lines%s%s%s", path,
			 st->lines, st->skipped ? " (binary or overlong lines skipped)" : "",
			 st->hint[0] ? ": " : "", st->hint);
		goto out;
	}
	if (st->skipped)
		run_warn(run, WARN_WARNING, 0, path, 0,
			 "%u binary or overlong lines skipped", st->skipped);
	rc = 0;
out:
	builder_finish(b);
	for (i = first; (kind == INPUT_FTRACE || kind == INPUT_TRACE_DAT) && i < run->ncycles; i++)
		run->cycles[i].from_trace = true;
	reader_close(r);
	return rc;
}
