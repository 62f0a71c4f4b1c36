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
 *
 * The libraries trust the file: crafted ones make them crash, read past
 * their buffers or allocate gigabytes. So they run in a child process
 * with a memory and CPU limit, which streams the few records we use
 * through a pipe; the parent parses them as they come, and a child that
 * dies leaves the events read before it and an error naming the file.
 */
#include <archive.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <trace-cmd.h>
#include <unistd.h>

#include "ftrace.h"

/* What the child may use: address space on top of what it has at the
 * fork, and CPU time; both grow with the file. */
#define CHILD_MEM_BASE (1024ull << 20)
#define CHILD_MEM_PER_BYTE 4
#define CHILD_CPU_BASE 120
#define CHILD_CPU_PER_MB 2
/* comm is 16 bytes in the kernel; a file can say anything */
#define COMM_MAX 255

/* The events read, by the name the ftrace reader knows them by. */
static const char *const dat_names[] = {
	"suspend_resume", "device_pm_callback_start", "device_pm_callback_end",
	"tracing_mark_write", "funcgraph_entry", "funcgraph_exit",
};
enum { DN_SR, DN_START, DN_END, DN_PRINT, DN_GENTRY, DN_GEXIT, DN_COUNT };

/* One message from the child: a record (its printed text follows), or
 * the end of the stream. */
enum { DM_RECORD = 1, DM_END, DM_OPEN_FAILED };
struct dat_msg {
	uint8_t kind, name;
	uint16_t comm_len;
	uint32_t text_len;
	int32_t cpu, pid;
	uint64_t ts;
	uint64_t nrec;		/* records read so far: the "line" */
	int32_t status;		/* DM_END: what iterating returned; DM_OPEN_FAILED: errno */
};

struct dat_child {
	struct tep_handle *tep;
	struct trace_seq seq;
	FILE *out;
	uint64_t nrec;
	int id[DN_COUNT];
};

/* --- the child: libtracecmd, one message per record we use --- */

static int event_id(struct tep_handle *tep, const char *sys, const char *name)
{
	struct tep_event *e = tep_find_event_by_name(tep, sys, name);

	return e ? e->id : -1;
}

static int send_record(struct tracecmd_input *h, struct tep_record *rec, int cpu, void *data)
{
	struct dat_child *x = data;
	struct dat_msg m = { .kind = DM_RECORD };
	int id = tep_data_type(x->tep, rec);
	const char *comm;

	(void)h;
	x->nrec++;
	for (m.name = 0; m.name < DN_COUNT && x->id[m.name] != id; m.name++)
		;
	if (m.name == DN_COUNT || id < 0)
		return 0;
	trace_seq_reset(&x->seq);
	tep_print_event(x->tep, &x->seq, rec, "%s", TEP_PRINT_INFO);
	trace_seq_terminate(&x->seq);
	m.pid = tep_data_pid(x->tep, rec);
	comm = tep_data_comm_from_pid(x->tep, m.pid);
	m.comm_len = comm ? (uint16_t)strnlen(comm, COMM_MAX) : 0;
	m.text_len = x->seq.len < LINE_MAX_BYTES ? (uint32_t)x->seq.len : LINE_MAX_BYTES;
	m.cpu = cpu;
	m.ts = rec->ts;
	m.nrec = x->nrec;
	if (fwrite(&m, sizeof(m), 1, x->out) != 1 ||
	    fwrite(comm, 1, m.comm_len, x->out) != m.comm_len ||
	    fwrite(x->seq.buffer, 1, m.text_len, x->out) != m.text_len)
		return -1;	/* the parent is gone */
	return 0;
}

/* @path decompressed into an unlinked temporary file: its descriptor,
 * or -1. */
static int unpack(const char *path)
{
	struct archive *a = archive_read_new();
	struct archive_entry *e;
	FILE *tmp = tmpfile();
	char buf[64 * 1024];
	la_ssize_t n = -1;
	int fd = -1;

	archive_read_support_filter_all(a);
	archive_read_support_format_raw(a);
	if (!tmp || archive_read_open_filename(a, path, sizeof(buf)) ||
	    archive_read_next_header(a, &e))
		goto out;
	while ((n = archive_read_data(a, buf, sizeof(buf))) > 0)
		if (fwrite(buf, 1, (size_t)n, tmp) != (size_t)n)
			break;
	if (n != 0 || fflush(tmp))
		goto out;
	fd = dup(fileno(tmp));
	if (fd >= 0)
		lseek(fd, 0, SEEK_SET);
out:
	if (tmp)
		fclose(tmp);
	archive_read_free(a);
	return fd;
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

/* In a sanitized build the child's faults are the libraries' (our code
 * there only copies records out): their reports go nowhere and no
 * sanitizer or fuzzer death callback may take them for a bug of ours. */
extern void __sanitizer_set_death_callback(void (*cb)(void)) __attribute__((weak));
extern void __sanitizer_set_report_fd(void *fd) __attribute__((weak));

static void child_limits(off_t size)
{
	static const int fatal[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };
	unsigned long long mb = (unsigned long long)size >> 20, vm_pages = 0;
	struct rlimit rl = { 0, 0 };
	FILE *f = fopen("/proc/self/statm", "r");
	size_t i;

	for (i = 0; i < ARRAY_SIZE(fatal); i++)
		signal(fatal[i], SIG_DFL);
	if (__sanitizer_set_death_callback)
		__sanitizer_set_death_callback(NULL);
	if (__sanitizer_set_report_fd)
		__sanitizer_set_report_fd((void *)(intptr_t)open("/dev/null", O_WRONLY | O_CLOEXEC));
	setrlimit(RLIMIT_CORE, &rl);
	rl.rlim_cur = rl.rlim_max = CHILD_CPU_BASE + CHILD_CPU_PER_MB * mb;
	setrlimit(RLIMIT_CPU, &rl);
	if (f && fscanf(f, "%llu", &vm_pages) == 1) {
		rl.rlim_cur = rl.rlim_max = vm_pages * (unsigned long long)sysconf(_SC_PAGESIZE) +
					    CHILD_MEM_BASE + CHILD_MEM_PER_BYTE * (unsigned long long)size;
		setrlimit(RLIMIT_AS, &rl);
	}
	if (f)
		fclose(f);
}

static int child_main(const char *path, off_t size, int wfd)
{
	struct dat_child x = { .out = fdopen(wfd, "w") };
	struct dat_msg m = { .kind = DM_END };
	struct tracecmd_input *h;
	int fd = -1;

	if (!x.out)
		return 1;
	child_limits(size);
	errno = 0;
	if (plain_file(path)) {
		h = tracecmd_open(path, 0);
	} else {
		fd = unpack(path);
		h = fd < 0 ? NULL : tracecmd_open_fd(fd, 0);
	}
	if (!h) {
		m.kind = DM_OPEN_FAILED;
		m.status = errno;
		fwrite(&m, sizeof(m), 1, x.out);
		return fclose(x.out) ? 1 : 0;
	}
	x.tep = tracecmd_get_tep(h);
	x.id[DN_SR] = event_id(x.tep, "power", "suspend_resume");
	x.id[DN_START] = event_id(x.tep, "power", "device_pm_callback_start");
	x.id[DN_END] = event_id(x.tep, "power", "device_pm_callback_end");
	x.id[DN_PRINT] = event_id(x.tep, "ftrace", "print");
	x.id[DN_GENTRY] = event_id(x.tep, "ftrace", "funcgraph_entry");
	x.id[DN_GEXIT] = event_id(x.tep, "ftrace", "funcgraph_exit");
	trace_seq_init(&x.seq);
	m.status = tracecmd_iterate_events(h, NULL, 0, send_record, &x);
	m.nrec = x.nrec;
	fwrite(&m, sizeof(m), 1, x.out);
	/* no tracecmd_close(): the process ends, and a crash there would
	 * only lose what is already sent */
	return fclose(x.out) ? 1 : 0;
}

/* --- the parent: the records into the ftrace parser --- */

struct dat_ctx {
	struct ftrace_parser p;
	struct input_stats *st;
	char *text;
	char comm[COMM_MAX + 1];
};

/* libtracecmd prints function_graph records as the text tracer does:
 * "+ 95.481 us  |      input_dev_release_keys();" */
static void graph_record(struct dat_ctx *x, struct ftrace_line *fl, struct str info)
{
	const char *bar = memchr(info.p, '|', info.len);

	if (!bar)
		return;
	fl->graph = true;
	fl->duration = str_trim(str_make(info.p, (size_t)(bar - info.p)));
	fl->func = str_make(bar + 1, info.len - (size_t)(bar - info.p) - 1);
	ftrace_graph_line(&x->p, fl);
}

static void one_record(struct dat_ctx *x, const struct dat_msg *m)
{
	struct str info = str_make(x->text, m->text_len);
	struct ftrace_line fl;

	x->p.line = (unsigned int)m->nrec;
	x->p.used = false;
	memset(&fl, 0, sizeof(fl));
	/* ftrace_event() refuses an event past NS_MAX; in a call tree the
	 * stamp is only a hint (as in ftrace_split()) */
	fl.ts = m->ts <= (uint64_t)NS_MAX ? (ns_t)m->ts : NS_MAX + 1;
	if ((m->name == DN_GENTRY || m->name == DN_GEXIT) && fl.ts > NS_MAX)
		fl.ts = NS_NONE;
	fl.cpu = m->cpu;
	fl.pid = m->pid;
	fl.comm = str_make(x->comm, m->comm_len);
	if (m->name == DN_GENTRY || m->name == DN_GEXIT) {
		graph_record(x, &fl, info);
		return;
	}
	fl.event = str_c(dat_names[m->name]);
	fl.args = str_trim(info);
	ftrace_event(&x->p, &fl);
	if (x->p.used)
		x->st->used++;
}

/* Messages until the end of the stream. Returns the end message's kind
 * (DM_END, DM_OPEN_FAILED) with @end filled, or 0 when the stream stopped
 * short (the child died) or made no sense. */
static int read_stream(struct dat_ctx *x, FILE *in, struct dat_msg *end)
{
	struct dat_msg m;

	while (fread(&m, sizeof(m), 1, in) == 1) {
		if (m.kind == DM_END || m.kind == DM_OPEN_FAILED) {
			*end = m;
			return m.kind;
		}
		if (m.kind != DM_RECORD || m.name >= DN_COUNT || m.comm_len > COMM_MAX ||
		    m.text_len > LINE_MAX_BYTES)
			return 0;
		if (fread(x->comm, 1, m.comm_len, in) != m.comm_len ||
		    fread(x->text, 1, m.text_len, in) != m.text_len)
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
	else
		snprintf(err, errlen, "%s: trace-cmd's libraries %s opening this trace.dat",
			 path, why);
}

int tracedat_read(const char *path, struct builder *b, struct input_stats *st,
		  char *err, size_t errlen)
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
		_exit(child_main(path, sb.st_size, pfd[1]));
	}
	close(pfd[1]);
	in = fdopen(pfd[0], "r");
	if (!in) {
		close(pfd[0]);
		waitpid(pid, &status, 0);
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	x.text = xmalloc(LINE_MAX_BYTES);
	x.p.fg = ftrace_fgraph_new(&x.p);
	kind = read_stream(&x, in, &end);
	fclose(in);	/* a child still writing gets SIGPIPE */
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	ftrace_finish(&x.p);
	ftrace_boot_graphs_free(&x.p);
	fgraph_free(x.p.fg);
	free(x.text);
	if (kind == DM_OPEN_FAILED)
		snprintf(err, errlen, "%s: libtracecmd cannot read this trace.dat%s", path,
			 end.status == ENOMEM ? " (it asked for more memory than allowed)" : "");
	else if (kind != DM_END)
		child_error(path, status, st->lines, err, errlen);
	else if (end.status < 0)
		snprintf(err, errlen, "%s: reading the events failed after %u of them", path,
			 st->lines);
	else
		rc = 0;
	if (kind == DM_END)
		st->lines = end.nrec > UINT_MAX ? UINT_MAX : (unsigned int)end.nrec;
	return rc;
}
