// SPDX-License-Identifier: GPL-2.0
/*
 * The trace.dat reader's child process: libtracecmd reads the records of
 * every CPU, merged here in time order; the ones pmscope uses are decoded
 * (input/tracedat/tracedat_decode.c) and go to the parent through the pipe.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <poll.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <trace-cmd.h>
#include <unistd.h>

#include "input.h"
#include "../lines/unpack.h"
#include "tracedat.h"

/* What the child may use: address space on top of what it has at the
 * fork, and CPU time; both grow with the file. A small trace.dat takes
 * milliseconds (a second under sanitizers in a slow VM); a crafted one
 * can keep libtracecmd going round its option chain for good, and the
 * user waits the whole base. The fuzz build gives less: libFuzzer calls
 * 5 s a hang. */
#define CHILD_MEM_BASE (1024ull << 20)
#define CHILD_MEM_PER_BYTE 4
#ifndef CHILD_CPU_BASE
#define CHILD_CPU_BASE 10
#endif
#define CHILD_CPU_PER_MB 2
/* CPUs whose records are merged: far more than machines have */
#define DAT_CPUS_MAX 8192
/* Messages not yet written: room for the largest one, and big writes */
#define DAT_OUT_BYTES (1u << 20)
_Static_assert(DAT_OUT_BYTES >= sizeof(struct dat_msg) + DAT_COMM_MAX +
				 DAT_PARTS * LINE_MAX_BYTES, "a message fits");

struct dat_out {
	int fd;
	size_t len;
	bool broken;		/* the parent is gone */
	char buf[DAT_OUT_BYTES];
};

struct dat_child {
	struct tracecmd_input *h;
	struct tep_handle *tep;
	struct dat_decoder *dec;
	struct dat_out *out;
	uint64_t nrec;
	int comm_pid;		/* the comm looked up last */
	bool lost;		/* events lost before a record not sent */
	const char *comm;
};

/*
 * When the libraries crash on a damaged file, the messages of the records
 * read before still reach the parent: the signal handler writes them out
 * (write() is safe there, and the buffer is ours) and then dies of the
 * same signal. A handler has no other way to the buffer than this one
 * global.
 */
static struct dat_out *crash_out;

static bool write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t k = write(fd, p, n);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return false;
		p += k;
		n -= (size_t)k;
	}
	return true;
}

static void crash_flush(int sig)
{
	if (crash_out && !crash_out->broken)
		write_all(crash_out->fd, crash_out->buf, crash_out->len);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void out_flush(struct dat_out *o)
{
	size_t n = o->len;

	o->len = 0;	/* written or lost: never twice, from the handler */
	if (!o->broken && n && !write_all(o->fd, o->buf, n))
		o->broken = true;
}

/* Room was made: @p may be NULL when @n is 0 (an empty part). */
static void out_bytes(struct dat_out *o, const char *p, size_t n)
{
	if (n) {
		memcpy(o->buf + o->len, p, n);
		o->len += n;
	}
}

/* @m, the comm and the parts as one message; -1 once the parent is gone. */
static int out_msg(struct dat_out *o, const struct dat_msg *m, const char *comm,
		   const struct str *part)
{
	size_t n = sizeof(*m) + m->comm_len, i;

	for (i = 0; i < DAT_PARTS; i++)
		n += m->part[i];
	if (o->len + n > sizeof(o->buf))
		out_flush(o);
	memcpy(o->buf + o->len, m, sizeof(*m));
	o->len += sizeof(*m);
	out_bytes(o, comm, m->comm_len);
	for (i = 0; i < DAT_PARTS; i++)
		out_bytes(o, part[i].p, m->part[i]);
	return o->broken ? -1 : 0;
}

/* The end of the stream: @m (DM_END, DM_OPEN_FAILED, DM_UNPACK_FAILED
 * with @why) and the rest out. */
static int out_end(struct dat_out *o, struct dat_msg *m, const char *why)
{
	struct str part[DAT_PARTS] = { 0 };

	if (why) {
		part[0] = str_make(why, strnlen(why, DAT_WHY_MAX));
		m->part[0] = (uint32_t)part[0].len;
	}
	out_msg(o, m, "", part);
	out_flush(o);
	return o->broken ? 1 : 0;
}

/* @rec (@next: the next record of its CPU) to the parent, when it is
 * used; 1 when @next went with it, -1 when the parent is gone. */
static int send_record(struct dat_child *x, struct tep_record *rec, struct tep_record *next)
{
	struct dat_msg m = { .kind = 0 };
	struct str part[DAT_PARTS];
	int took, i, flags;

	x->nrec++;
	x->lost |= rec->missed_events != 0;
	took = dat_decode(x->dec, rec, next, &m, part);
	if (took < 0)
		return 0;
	m.lost = x->lost;
	x->lost = false;
	m.pid = tep_data_pid(x->tep, rec);
	if (m.pid != x->comm_pid || !x->comm) {
		x->comm_pid = m.pid;
		x->comm = tep_data_comm_from_pid(x->tep, m.pid);
	}
	m.comm_len = x->comm ? (uint16_t)strnlen(x->comm, DAT_COMM_MAX) : 0;
	m.cpu = rec->cpu;
	m.ts = rec->ts;
	flags = tep_data_flags(x->tep, rec);
	m.ctx = flags < 0 ? 0 : flags & (TRACE_FLAG_HARDIRQ | TRACE_FLAG_SOFTIRQ) ? 2 : 1;
	m.nrec = x->nrec;
	for (i = 0; i < DAT_PARTS; i++)
		m.part[i] = (uint32_t)(part[i].len < LINE_MAX_BYTES ? part[i].len : LINE_MAX_BYTES);
	return out_msg(x->out, &m, x->comm, part) < 0 ? -1 : took;
}

/*
 * The records of all CPUs in time order, the lowest CPU first among equal
 * stamps, as tracecmd_iterate_events() gives them; merged here so that
 * the decoder sees the next record of a CPU (a call and its return).
 */
static int iterate(struct dat_child *x)
{
	int ncpus = tep_get_cpus(x->tep), c, next, rc = 0;
	struct tep_record **head;

	if (ncpus <= 0 || ncpus > DAT_CPUS_MAX)
		return -1;
	head = calloc((size_t)ncpus, sizeof(*head));
	if (!head)
		return -1;
	for (c = 0; c < ncpus; c++)
		head[c] = tracecmd_read_data(x->h, c);
	for (;;) {
		struct tep_record *rec;

		for (next = -1, c = 0; c < ncpus; c++)
			if (head[c] && (next < 0 || head[c]->ts < head[next]->ts))
				next = c;
		if (next < 0)
			break;
		rec = head[next];
		head[next] = tracecmd_read_data(x->h, next);
		rc = send_record(x, rec, head[next]);
		tracecmd_free_record(rec);
		if (rc < 0)
			break;
		if (rc > 0) {
			tracecmd_free_record(head[next]);
			head[next] = tracecmd_read_data(x->h, next);
			rc = 0;
		}
	}
	free(head);
	return rc;
}

/* The decompressed bytes of @u into @tmp, at most @max of them; -1 with
 * why in @why, -2 past @max. */
static int unpack_into(struct unpack *u, FILE *tmp, uint64_t max, char *why, size_t whylen)
{
	char buf[64 * 1024];
	uint64_t total = 0;
	ssize_t n;

	while ((n = unpack_read(u, buf, sizeof(buf))) > 0) {
		if ((total += (uint64_t)n) > max) {
			snprintf(why, whylen, "it unpacks to more than %llu bytes, and a trace.dat "
				 "is read whole: not read (--max-unpacked)",
				 (unsigned long long)max);
			return -2;
		}
		if (fwrite(buf, 1, (size_t)n, tmp) != (size_t)n || ferror(tmp)) {
			snprintf(why, whylen, "decompressing into a temporary file: %s",
				 strerror(errno));
			return -1;
		}
	}
	if (n < 0 || unpack_cut(u)) {	/* libtracecmd wants the whole file */
		snprintf(why, whylen, "cannot decompress: %s", n < 0 ? unpack_error(u) :
			 "the file ends inside its compressed data (cut short?)");
		return -1;
	}
	if (fflush(tmp)) {
		snprintf(why, whylen, "decompressing into a temporary file: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* @path decompressed into an unlinked temporary file, at most @max
 * bytes: its descriptor, or -1 with why in @why (-2 past @max). */
static int unpack(const char *path, uint64_t max, char *why, size_t whylen)
{
	struct unpack *u = NULL;
	char magic[8];
	FILE *tmp = NULL;
	int in, fd = -1, rc = -1;
	ssize_t n = -1;

	if ((in = open(path, O_RDONLY | O_CLOEXEC)) >= 0)
		n = read(in, magic, sizeof(magic));
	if (n <= 0) {
		snprintf(why, whylen, "%s", n < 0 ? strerror(errno) : "empty file");
		goto out;
	}
	if (!(u = unpack_open(in, magic, (size_t)n, why, whylen)))
		goto out;
	if (!(tmp = tmpfile())) {
		snprintf(why, whylen, "a temporary file to decompress into: %s", strerror(errno));
		goto out;
	}
	if ((rc = unpack_into(u, tmp, max, why, whylen)) < 0)
		goto out;
	if ((fd = dup(fileno(tmp))) < 0)
		snprintf(why, whylen, "the decompressed temporary file: %s", strerror(errno));
	else
		lseek(fd, 0, SEEK_SET);
out:
	if (tmp)
		fclose(tmp);
	unpack_close(u);
	if (in >= 0)
		close(in);
	return fd >= 0 ? fd : rc == -2 ? -2 : -1;
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

/*
 * @secs of CPU, never more than the process was given (a user's "ulimit
 * -t" holds for the child too). The hard limit a second above the soft
 * one: at the soft limit the child gets SIGXCPU, flushes what it read
 * and dies of it, and the parent can say why; at a hard limit alone it
 * would die of SIGKILL, like any killed process.
 */
static void cpu_limit(rlim_t secs)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_CPU, &rl) < 0)
		return;
	if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < secs)
		secs = rl.rlim_cur;
	if (rl.rlim_max == RLIM_INFINITY || rl.rlim_max > secs)
		rl.rlim_max = secs + 1;
	rl.rlim_cur = secs;
	setrlimit(RLIMIT_CPU, &rl);
}

static void child_limits(off_t size)
{
	static const int fatal[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGXCPU };
	unsigned long long mb = (unsigned long long)size >> 20, vm_pages = 0;
	struct rlimit rl = { 0, 0 };
	FILE *f = fopen("/proc/self/statm", "r");
	size_t i;

	for (i = 0; i < ARRAY_SIZE(fatal); i++)
		signal(fatal[i], crash_flush);
	if (__sanitizer_set_death_callback)
		__sanitizer_set_death_callback(NULL);
	if (__sanitizer_set_report_fd)
		__sanitizer_set_report_fd((void *)(intptr_t)open("/dev/null", O_WRONLY | O_CLOEXEC));
	setrlimit(RLIMIT_CORE, &rl);
	cpu_limit(CHILD_CPU_BASE + CHILD_CPU_PER_MB * mb);
	if (f && fscanf(f, "%llu", &vm_pages) == 1) {
		rl.rlim_cur = rl.rlim_max = vm_pages * (unsigned long long)sysconf(_SC_PAGESIZE) +
					    CHILD_MEM_BASE + CHILD_MEM_PER_BYTE * (unsigned long long)size;
		setrlimit(RLIMIT_AS, &rl);
	}
	if (f)
		fclose(f);
}

/*
 * The child dies with its parent (pmscope killed, or record ended by a
 * signal): nobody reads what it sends, and a file that keeps libtracecmd
 * busy would hold the CPU until the limit above. The parent may have died
 * since the fork, before the request: then the child was given to another
 * process (getppid() changed), or, if it was already when the child first
 * looked, its pipe has no reader.
 */
static bool die_with_parent(int wfd)
{
	struct pollfd p = { .fd = wfd };
	pid_t parent = getppid();

	if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0)
		return true;	/* a kernel without it: the pipe still tells */
	return getppid() == parent && !(poll(&p, 1, 0) == 1 && (p.revents & POLLERR));
}

int tracedat_child(const char *path, off_t size, uint64_t max_unpacked, int wfd)
{
	struct dat_child x = { .comm_pid = -1 };
	struct dat_msg m = { .kind = DM_END };
	char why[DAT_WHY_MAX] = "";
	int fd = -1;

	if (!die_with_parent(wfd))
		return 1;
	/* not calloc(): a megabyte zeroed, of which a small file's messages
	 * use a few KB */
	x.out = malloc(sizeof(*x.out));
	if (!x.out)
		return 1;
	x.out->fd = wfd;
	x.out->len = 0;
	x.out->broken = false;
	crash_out = x.out;
	child_limits(size);
	errno = 0;
	/* no plugins: pmscope takes the events' fields, not the plugins'
	 * printing, and each dlopen() costs the child more than a small
	 * trace's reading */
	if (plain_file(path)) {
		x.h = tracecmd_open(path, TRACECMD_FL_LOAD_NO_PLUGINS);
	} else {
		if ((fd = unpack(path, max_unpacked, why, sizeof(why))) < 0) {
			m.kind = DM_UNPACK_FAILED;
			m.status = fd == -2 ? E2BIG : 0;
			return out_end(x.out, &m, why);
		}
		x.h = tracecmd_open_fd(fd, TRACECMD_FL_LOAD_NO_PLUGINS);
	}
	if (!x.h) {
		m.kind = DM_OPEN_FAILED;
		m.status = errno;
		return out_end(x.out, &m, NULL);
	}
	x.tep = tracecmd_get_tep(x.h);
	x.dec = dat_decoder_new(x.tep);
	if (!x.dec)
		return 1;
	m.status = iterate(&x);
	m.nrec = x.nrec;
	/* no tracecmd_close(): the process ends, and a crash there would
	 * only lose what is already sent */
	return out_end(x.out, &m, NULL);
}
