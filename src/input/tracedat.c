// SPDX-License-Identifier: GPL-2.0
/*
 * trace-cmd's binary trace.dat (file versions 6 and 7) through libtracecmd
 * and libtraceevent. The PM events and function_graph records are printed
 * with their own formats into the text the ftrace reader parses, so one
 * parser gives both the same model; every other event is passed over
 * without printing.
 * There are no lines in a binary file: "line" is the event's number.
 * libtracecmd seeks, so a compressed copy is first unpacked into an
 * unlinked temporary file.
 */
#include <archive.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <trace-cmd.h>
#include <unistd.h>

#include "ftrace.h"

struct dat_ctx {
	struct ftrace_parser p;
	struct tep_handle *tep;
	struct trace_seq seq;
	struct input_stats *st;
	/* event ids of what we read, looked up once */
	int id_sr, id_start, id_end, id_print, id_gentry, id_gexit;
};

/* libtracecmd prints function_graph records as the text tracer does:
 * "+ 95.481 us  |      input_dev_release_keys();" */
static void graph_record(struct dat_ctx *x, struct ftrace_line *fl)
{
	struct str info = str_make(x->seq.buffer, x->seq.len);
	const char *bar = memchr(info.p, '|', info.len);

	if (!bar)
		return;
	fl->graph = true;
	fl->duration = str_trim(str_make(info.p, (size_t)(bar - info.p)));
	fl->func = str_make(bar + 1, info.len - (size_t)(bar - info.p) - 1);
	ftrace_graph_line(&x->p, fl);
}

static int event_id(struct tep_handle *tep, const char *sys, const char *name)
{
	struct tep_event *e = tep_find_event_by_name(tep, sys, name);

	return e ? e->id : -1;
}

static int one_record(struct tracecmd_input *h, struct tep_record *rec, int cpu, void *data)
{
	struct dat_ctx *x = data;
	struct ftrace_line fl;
	int id = tep_data_type(x->tep, rec);
	const char *name;

	(void)h;
	x->st->lines++;
	x->p.line = x->st->lines;
	x->p.used = false;
	if (id != x->id_sr && id != x->id_start && id != x->id_end && id != x->id_print &&
	    id != x->id_gentry && id != x->id_gexit)
		return 0;
	name = id == x->id_sr ? "suspend_resume" : id == x->id_start ? "device_pm_callback_start" :
	       id == x->id_end ? "device_pm_callback_end" : "tracing_mark_write";
	trace_seq_reset(&x->seq);
	tep_print_event(x->tep, &x->seq, rec, "%s", TEP_PRINT_INFO);
	trace_seq_terminate(&x->seq);
	memset(&fl, 0, sizeof(fl));
	fl.ts = (ns_t)rec->ts;
	fl.cpu = cpu;
	fl.pid = tep_data_pid(x->tep, rec);
	fl.comm = str_c(tep_data_comm_from_pid(x->tep, fl.pid));
	if (id == x->id_gentry || id == x->id_gexit) {
		graph_record(x, &fl);
		return 0;
	}
	fl.event = str_c(name);
	fl.args = str_trim(str_make(x->seq.buffer, x->seq.len));
	ftrace_event(&x->p, &fl);
	if (x->p.used)
		x->st->used++;
	return 0;
}

/* A plain, seekable trace.dat starts with the magic itself. */
static bool plain_file(const char *path)
{
	char m[10];
	int fd = open(path, O_RDONLY);
	bool plain = fd >= 0 && read(fd, m, sizeof(m)) == (ssize_t)sizeof(m) &&
		     !memcmp(m, "\x17\x08\x44tracing", 10);

	if (fd >= 0)
		close(fd);
	return plain;
}

/* @path decompressed into an unlinked temporary file: its descriptor,
 * or -1 with @err. */
static int unpack(const char *path, char *err, size_t errlen)
{
	struct archive *a = archive_read_new();
	struct archive_entry *e;
	FILE *tmp = tmpfile();
	char buf[64 * 1024];
	la_ssize_t n;
	int fd = -1;

	archive_read_support_filter_all(a);
	archive_read_support_format_raw(a);
	if (!tmp) {
		snprintf(err, errlen, "%s: no temporary file to unpack into: %m", path);
		goto out;
	}
	if (archive_read_open_filename(a, path, sizeof(buf)) ||
	    archive_read_next_header(a, &e)) {
		snprintf(err, errlen, "%s: %s", path, archive_error_string(a));
		goto out;
	}
	while ((n = archive_read_data(a, buf, sizeof(buf))) > 0)
		if (fwrite(buf, 1, (size_t)n, tmp) != (size_t)n)
			break;
	if (n != 0 || fflush(tmp)) {
		snprintf(err, errlen, "%s: unpacking failed: %s", path,
			 n < 0 ? archive_error_string(a) : "write error");
		goto out;
	}
	fd = dup(fileno(tmp));
	if (fd >= 0)
		lseek(fd, 0, SEEK_SET);
out:
	if (tmp)
		fclose(tmp);
	archive_read_free(a);
	return fd;
}

int tracedat_read(const char *path, struct builder *b, struct input_stats *st,
		  char *err, size_t errlen)
{
	struct dat_ctx x = { .p = { .b = b, .start_mark = NS_NONE }, .st = st };
	struct tracecmd_input *h;
	int rc = -1, fd = -1;

	if (!strcmp(path, "-")) {
		snprintf(err, errlen, "-: a trace.dat cannot be read from standard input; "
			 "give its file name");
		return -1;
	}
	if (plain_file(path)) {
		h = tracecmd_open(path, 0);
	} else {
		fd = unpack(path, err, errlen);
		if (fd < 0)
			return -1;
		h = tracecmd_open_fd(fd, 0);
	}
	if (!h) {
		snprintf(err, errlen, "%s: libtracecmd cannot read this trace.dat", path);
		if (fd >= 0)
			close(fd);
		return -1;
	}
	x.tep = tracecmd_get_tep(h);
	x.id_sr = event_id(x.tep, "power", "suspend_resume");
	x.id_start = event_id(x.tep, "power", "device_pm_callback_start");
	x.id_end = event_id(x.tep, "power", "device_pm_callback_end");
	x.id_print = event_id(x.tep, "ftrace", "print");
	x.id_gentry = event_id(x.tep, "ftrace", "funcgraph_entry");
	x.id_gexit = event_id(x.tep, "ftrace", "funcgraph_exit");
	x.p.fg = fgraph_new();
	trace_seq_init(&x.seq);
	if (tracecmd_iterate_events(h, NULL, 0, one_record, &x) < 0)
		snprintf(err, errlen, "%s: reading the events failed after %u of them", path,
			 st->lines);
	else
		rc = 0;
	ftrace_finish(&x.p);
	ftrace_boot_graphs_free(&x.p);
	fgraph_free(x.p.fg);
	trace_seq_destroy(&x.seq);
	tracecmd_close(h);
	return rc;
}
