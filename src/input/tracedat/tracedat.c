// SPDX-License-Identifier: GPL-2.0
/*
 * trace-cmd's binary trace.dat (file versions 6 and 7) through libtracecmd
 * and libtraceevent. Callback and function_graph records come decoded by
 * field (input/tracedat/tracedat_child.c) and go to the ftrace parser as the
 * fields its text lines give; the rare phase and marker records come
 * printed with their own formats, as text for it to parse. Every other
 * event is passed over.
 * There are no lines in a binary file: "line" is the event's number.
 * libtracecmd seeks, so a compressed copy is first unpacked into an
 * unlinked temporary file.
 *
 * The libraries trust the file: crafted ones make them crash, read past
 * their buffers or allocate gigabytes. So they run in a child process
 * with a memory and CPU limit, which streams the few records we use
 * through a pipe; the parent parses them as they come, and a child that
 * dies leaves the events read before it and an error naming the file.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../ftrace/ftrace_int.h"
#include "tracedat.h"

/* The pipe and its stdio buffer for a large file; a small one's messages
 * are a few KB, and a megabyte of each at every open was most of the
 * time of a small file (the fuzzer's). */
#define DAT_PIPE_BYTES (1 << 20)
#define DAT_SMALL_FILE (1 << 20)

/* The names of DM_TEXT records, as the ftrace reader knows them. */
static const char *const dat_names[DN_COUNT] = {
	[DN_SR] = "suspend_resume", [DN_START] = "device_pm_callback_start",
	[DN_END] = "device_pm_callback_end", [DN_PRINT] = "tracing_mark_write",
	[DN_GENTRY] = "funcgraph_entry", [DN_GEXIT] = "funcgraph_exit",
	[DN_SCHED] = "sched_switch", [DN_WAKING] = "sched_waking",
};

/* --- the parent: the records into the ftrace parser --- */

struct dat_ctx {
	struct ftrace_parser p;
	struct input_stats *st;
	char *text;		/* DAT_PARTS x LINE_MAX_BYTES */
	char comm[DAT_COMM_MAX + 1];
};

/* A DM_TEXT record: the text as the ftrace reader would split it. */
static void text_record(struct dat_ctx *x, const struct dat_msg *m, struct ftrace_line *fl,
			struct str info)
{
	struct graph_call gc;
	const char *bar;

	if (m->name != DN_GENTRY && m->name != DN_GEXIT) {
		fl->event = str_c(dat_names[m->name]);
		fl->args = str_trim(info);
		ftrace_event(&x->p, fl);
		return;
	}
	/* "+ 95.481 us  |      input_dev_release_keys();" */
	bar = memchr(info.p, '|', info.len);
	if (!bar)
		return;
	fl->graph = true;
	fl->duration = str_trim(str_make(info.p, (size_t)(bar - info.p)));
	fl->func = str_make(bar + 1, info.len - (size_t)(bar - info.p) - 1);
	if (graph_call_parse(fl, &gc))
		ftrace_graph_call(&x->p, fl, &gc);
}

/* A funcgraph record's values, as graph_call_parse() reads its text. */
static void graph_record(struct dat_ctx *x, const struct dat_msg *m, struct ftrace_line *fl,
			 struct str fn)
{
	struct graph_call gc = {
		.depth = m->val < 0 ? -1 : m->val > INT_MAX ? INT_MAX : (int)m->val,
		.kind = m->kind == DM_GRAPH_ENTRY ? GL_ENTRY :
			m->kind == DM_GRAPH_LEAF ? GL_LEAF : GL_RETURN,
		.fn = fn,
		.dur = m->dur <= (uint64_t)NS_MAX ? (ns_t)m->dur : NS_NONE,
	};

	fl->graph = true;
	ftrace_graph_call(&x->p, fl, &gc);
}

static void one_record(struct dat_ctx *x, const struct dat_msg *m)
{
	struct str part[DAT_PARTS];
	struct ftrace_line fl;
	const char *at = x->text;
	bool graph = m->kind == DM_GRAPH_ENTRY || m->kind == DM_GRAPH_LEAF ||
		     m->kind == DM_GRAPH_EXIT ||
		     (m->kind == DM_TEXT && (m->name == DN_GENTRY || m->name == DN_GEXIT));
	size_t i;

	for (i = 0; i < DAT_PARTS; i++) {
		part[i] = str_make(at, m->part[i]);
		at += m->part[i];
	}
	x->p.line = (unsigned int)m->nrec;
	x->p.used = false;
	zero_struct(&fl, sizeof(fl));	/* once a record: not "rep stos" */
	/* ftrace_event() refuses an event past NS_MAX; in a call tree the
	 * stamp is only a hint (as in ftrace_split()) */
	fl.ts = m->ts <= (uint64_t)NS_MAX ? (ns_t)m->ts : NS_MAX + 1;
	if (graph && fl.ts > NS_MAX)
		fl.ts = NS_NONE;
	fl.cpu = m->cpu;
	fl.pid = m->pid;
	fl.comm = str_make(x->comm, m->comm_len);
	fl.ctx = m->ctx == 2 ? FL_CTX_IRQ : m->ctx == 1 ? FL_CTX_TASK : FL_CTX_UNKNOWN;
	if (m->lost)
		ftrace_sched_lost(&x->p);
	switch (m->kind) {
	case DM_TEXT:
		text_record(x, m, &fl, part[0]);
		break;
	case DM_CB_START:
	case DM_CB_END:
		fl.event = str_c(dat_names[m->kind == DM_CB_START ? DN_START : DN_END]);
		ftrace_callback(&x->p, &fl, &(struct cb_fields){
			.end = m->kind == DM_CB_END, .driver = part[0], .device = part[1],
			.parent = part[2], .event = part[3],
			.err = m->val < INT_MIN || m->val > INT_MAX ? -1 : (int)m->val });
		break;
	case DM_PHASE:
		fl.event = str_c(dat_names[DN_SR]);
		ftrace_suspend_resume(&x->p, &fl, part[0], (uint64_t)m->val, m->begin);
		break;
	case DM_GRAPH_ENTRY:
	case DM_GRAPH_LEAF:
	case DM_GRAPH_EXIT:
		graph_record(x, m, &fl, part[0]);
		break;
	}
	if (!graph && x->p.used)
		x->st->used++;
}

static bool record_kind(uint8_t k)
{
	return k == DM_TEXT || k == DM_CB_START || k == DM_CB_END || k == DM_GRAPH_ENTRY ||
	       k == DM_GRAPH_LEAF || k == DM_GRAPH_EXIT || k == DM_PHASE;
}

/* Messages until the end of the stream. Returns the end message's kind
 * (DM_END, DM_OPEN_FAILED, DM_UNPACK_FAILED with its reason in x->text)
 * with @end filled, or 0 when the stream stopped short (the child died)
 * or made no sense. */
static int read_stream(struct dat_ctx *x, FILE *in, struct dat_msg *end)
{
	struct dat_msg m;
	size_t i, len;

	/* past a bound of the builder's the child is left to its SIGPIPE */
	while (!builder_stopped(x->p.b, NULL) && fread_unlocked(&m, sizeof(m), 1, in) == 1) {
		if (m.kind == DM_END || m.kind == DM_OPEN_FAILED) {
			*end = m;
			return m.kind;
		}
		if (m.kind == DM_UNPACK_FAILED) {
			len = m.part[0];
			if (len >= DAT_WHY_MAX || fread_unlocked(x->text, 1, len, in) != len)
				return 0;
			x->text[len] = '\0';
			*end = m;
			return m.kind;
		}
		if (!record_kind(m.kind) || m.name >= DN_COUNT || m.comm_len > DAT_COMM_MAX)
			return 0;
		for (i = 0, len = 0; i < DAT_PARTS; i++) {
			if (m.part[i] > LINE_MAX_BYTES)
				return 0;
			len += m.part[i];
		}
		if (fread_unlocked(x->comm, 1, m.comm_len, in) != m.comm_len ||
		    fread_unlocked(x->text, 1, len, in) != len)
			return 0;
		x->st->lines = m.nrec > UINT_MAX ? UINT_MAX : (unsigned int)m.nrec;
		one_record(x, &m);
	}
	return 0;
}

/* Why the child stopped, when it did not finish. */
static void child_error(const char *path, int status, unsigned int nrec, char *err,
			size_t errlen)
{
	char why[128];

	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGXCPU)
		snprintf(why, sizeof(why), "took more CPU time than allowed");
	else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)
		snprintf(why, sizeof(why), "were killed (out of memory, or past a CPU limit)");
	else if (WIFSIGNALED(status))
		snprintf(why, sizeof(why), "crashed (%s)", strsignal(WTERMSIG(status)));
	else if (WIFEXITED(status) && WEXITSTATUS(status))
		snprintf(why, sizeof(why), "failed (exit status %d; out of the memory allowed?)",
			 WEXITSTATUS(status));
	else
		snprintf(why, sizeof(why), "stopped without a word");
	if (nrec)
		snprintf(err, errlen, "%s: trace-cmd's libraries %s reading this trace.dat "
			 "after %u events; the events before are kept", path, why, nrec);
	else	/* the child sends only PM events: it may have read others */
		snprintf(err, errlen, "%s: trace-cmd's libraries %s before any PM event "
			 "of this trace.dat was read", path, why);
}

/*
 * A trace.dat, a plain file; -1 and @err on a read error, what was read
 * before it kept. A compressed copy is unpacked into a temporary file
 * first, at most @max_unpacked bytes. Stopped by @b's bound: 0, the bound
 * says the rest.
 */
static int tracedat_read(const char *path, struct builder *b, struct input_stats *st,
			 uint64_t max_unpacked, char *err, size_t errlen)
{
	struct dat_ctx x = { .p = { .b = b, .st = st, .start_mark = NS_NONE }, .st = st };
	struct dat_msg end = { 0 };
	int pfd[2], status = 0, kind, rc = -1;
	struct stat sb;
	FILE *in;
	pid_t pid;

	if (!strcmp(path, "-")) {
		snprintf(err, errlen, "-: a trace.dat cannot be read from standard input; "
			 "give its file name");
		return -1;
	}
	if (stat(path, &sb) < 0 || pipe2(pfd, O_CLOEXEC) < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	/* a bigger pipe: fewer switches between the two processes (the
	 * system's limit may refuse it; the default works too) */
	if (sb.st_size > DAT_SMALL_FILE)
		fcntl(pfd[1], F_SETPIPE_SZ, DAT_PIPE_BYTES);
	fflush(NULL);	/* the child must not write our buffered output again */
	pid = fork();
	if (pid < 0) {
		snprintf(err, errlen, "%s: cannot start a process to read it: %s", path,
			 strerror(errno));
		close(pfd[0]);
		close(pfd[1]);
		return -1;
	}
	if (pid == 0) {
		close(pfd[0]);
		_exit(tracedat_child(path, sb.st_size, max_unpacked, pfd[1]));
	}
	close(pfd[1]);
	in = fdopen(pfd[0], "r");
	if (!in) {
		close(pfd[0]);
		waitpid(pid, &status, 0);
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	x.text = xmalloc(DAT_PARTS * LINE_MAX_BYTES);
	if (sb.st_size > DAT_SMALL_FILE)
		setvbuf(in, NULL, _IOFBF, DAT_PIPE_BYTES);
	x.p.fg = ftrace_fgraph_new(&x.p);
	kind = read_stream(&x, in, &end);
	fclose(in);	/* a child still writing gets SIGPIPE */
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	ftrace_finish(&x.p);
	ftrace_boot_graphs_free(&x.p);
	fgraph_free(x.p.fg);
	st->bounded = kind == DM_UNPACK_FAILED && end.status == E2BIG;
	if (kind == DM_UNPACK_FAILED)
		snprintf(err, errlen, "%s: %s", path, x.text);
	else if (kind == DM_OPEN_FAILED)
		snprintf(err, errlen, "%s: libtracecmd cannot read this trace.dat%s", path,
			 end.status == ENOMEM ? " (it asked for more memory than allowed)" : "");
	else if (kind != DM_END)
		child_error(path, status, st->lines, err, errlen);
	else if (end.status < 0)
		snprintf(err, errlen, "%s: reading the events failed after %u of them", path,
			 st->lines);
	else
		rc = 0;
	free(x.text);
	if (kind == DM_END)
		st->lines = end.nrec > UINT_MAX ? UINT_MAX : (unsigned int)end.nrec;
	st->bytes = (uint64_t)sb.st_size;
	return rc;
}

static unsigned int detect(struct str window)
{
	return str_starts(window, "\x17\x08\x44tracing") ? DETECT_SURE : 0;
}

static int read_file(struct input_ctx *in)
{
	reader_close(in->r);	/* libtracecmd reads the file itself */
	in->r = NULL;
	return tracedat_read(in->path, in->b, in->st, in->ro->max_unpacked, in->err, in->errlen);
}

const struct input_format tracedat_format = { INPUT_TRACE_DAT, "trace-cmd data", true, detect,
					      read_file };
