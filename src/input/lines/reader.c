// SPDX-License-Identifier: GPL-2.0
/*
 * Line reader: plain files through read(2), compressed ones (gzip, xz,
 * zstd, bzip2) through their decompressor (unpack.h), both into one
 * fixed buffer, so memory does not grow with the input.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "input.h"
#include "unpack.h"

/* The buffer: what input detection looks at first (reader_prefill()),
 * and the longest line beside the rest of a read. It is as large as a
 * smaller file, and grows to BUF_MAX as reads need it otherwise (a
 * compressed file, standard input): most logs, and every fuzzer's input,
 * are small, and a megabyte allocated and faulted in at each open was
 * most of the time of a small one, the page's second readings too. */
#define READ_BUF (1024 * 1024)
#define BUF_MAX (READ_BUF + LINE_MAX_BYTES)
#define BUF_FIRST (64 * 1024)
#define BUF_PAGE 4096
/* A read asks for 256 KB at most: the lines are cut and parsed while the
 * bytes are still in the CPU's second-level cache (1 MB reads: 2-3%
 * slower to parse, make bench's traces on one CPU). A multiple of 32 KB:
 * test_reader places NULs around those marks. */
#define READ_CHUNK (256 * 1024)
#define NO_NUL SIZE_MAX
/* Lines between two marks of a line index: a few hundred bytes of marks
 * for a GB of trace, and a seek lands at most this many lines short. */
#define INDEX_EVERY 16384

/* The file a line index was noted from, as fstat() tells it. */
struct file_id {
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime;
};

struct line_index {
	struct file_id file;
	size_t n, cap;
	struct {
		unsigned int lineno;	/* lines before @off */
		uint64_t off;
	} mark[];
};

struct line_reader {
	char *path;
	int fd;
	struct unpack *unpack;	/* a compressed file's decompressor */
	uint64_t max_unpacked;	/* and the bytes it may give (@past_bound) */
	bool past_bound;
	char *buf;		/* @cap bytes, up to BUF_MAX */
	size_t cap, head, tail;	/* unread bytes are buf[head..tail) */
	bool eof, too_long, skipping;
	/* A read that failed ended the input there (@failed, with @why):
	 * the lines before it are read, and the error is said where they
	 * end. */
	bool failed;
	char why[256];
	/* The first NUL in buf[head..tail), or NO_NUL: looked for once per
	 * read, not once per line, as a line holding one is no text. */
	size_t nul;
	bool has_nul;
	/* The first non-breaking space (U+00A0, C2 A0) likewise, looked
	 * for only when the reader's user asks (reader_find_nbsp()). */
	bool find_nbsp;
	size_t nbsp;
	bool has_nbsp;
	size_t cur;		/* where the line handed out last starts */
	unsigned int lineno;
	unsigned int stop;	/* the last line handed out, 0: the file's */
	uint64_t bytes;		/* of a plain file: the offset of buf[tail] */
	/* a plain file's: the marks noted as it is read (@indexing), and
	 * those reader_skip() may seek by (@use) */
	bool indexing;
	struct file_id file;
	struct line_index *index;
	const struct line_index *use;
	char err[512];
};

/* The input ends where a read failed (see struct line_reader). */
static void read_failed(struct line_reader *r, const char *what, const char *why)
{
	snprintf(r->why, sizeof(r->why), "%s%s", what, why);
	r->failed = r->eof = true;
}

/* At the end of the lines a failed read left: -1, and why. */
static int failed_here(struct line_reader *r)
{
	snprintf(r->err, sizeof(r->err), "%s: line %u: %s", r->path, r->lineno + 1, r->why);
	return -1;
}

/* The rest of the file through its decompressor, which takes the bytes
 * read so far first: nothing is sought, so pipes work. */
static int open_unpack(struct line_reader *r)
{
	char why[320];

	r->unpack = unpack_open(r->fd, r->buf, r->tail, why, sizeof(why));
	r->tail = 0;
	r->nul = r->nbsp = NO_NUL;
	r->bytes = 0;
	if (!r->unpack) {
		snprintf(r->err, sizeof(r->err), "%s: %s", r->path, why);
		return -1;
	}
	return 0;
}

static void refill(struct line_reader *r);

/* @path through a file that is no folder: a member of an archive
 * ("logs.zip/dmesg.txt", unpack.h), read through libarchive. */
static int open_member(struct line_reader *r, const char *path, char *err, size_t errlen)
{
	const char *member;
	char *archive = unpack_archive_of(path, &member), why[320];

	if (!archive) {
		snprintf(err, errlen, "%s: %s", path, strerror(ENOTDIR));
		return -1;
	}
	r->fd = open(archive, O_RDONLY | O_CLOEXEC);
	if (r->fd < 0)
		snprintf(err, errlen, "%s: %s", archive, strerror(errno));
	else if (!(r->unpack = unpack_member(r->fd, member, why, sizeof(why))))
		snprintf(err, errlen, "%s: %s", archive, why);
	free(archive);
	if (!r->unpack)
		return -1;
	r->max_unpacked = UINT64_MAX;
	r->cap = BUF_FIRST;
	r->buf = xmalloc(r->cap);
	r->nul = NO_NUL;
	return 0;
}

struct line_reader *reader_open(const char *path, char *err, size_t errlen)
{
	struct line_reader *r = xcalloc(1, sizeof(*r));
	struct stat st;

	r->path = xstrdup(path);
	r->fd = strcmp(path, "-") == 0 ? dup(0) : open(path, O_RDONLY | O_CLOEXEC);
	if (r->fd < 0 && errno == ENOTDIR) {
		if (open_member(r, path, err, errlen) < 0)
			goto fail;
		return r;
	}
	if (r->fd < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		goto fail;
	}
	if (fstat(r->fd, &st) < 0)
		memset(&st, 0, sizeof(st));
	if (S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "%s: is a directory", path);
		goto fail;
	}
	r->max_unpacked = UINT64_MAX;
	/* a small file's bytes and one more, to see its end in one read
	 * (a page at least: /proc and /sys files say 0 or 4096) */
	if (!S_ISREG(st.st_mode))
		r->cap = BUF_FIRST;
	else if (st.st_size >= 0 && (uint64_t)st.st_size < BUF_MAX)
		r->cap = (size_t)st.st_size < BUF_PAGE ? BUF_PAGE : (size_t)st.st_size + 1;
	else
		r->cap = BUF_MAX;
	r->buf = xmalloc(r->cap);
	r->nul = r->nbsp = NO_NUL;
	/* Sniff the start for compression magic without seeking. */
	while (r->tail < 8 && !r->eof)
		refill(r);
	if (r->failed && !r->tail) {
		failed_here(r);
		snprintf(err, errlen, "%s", r->err);
		goto fail;
	}
	if (unpack_magic(r->buf, r->tail)) {
		r->eof = r->failed = false;	/* the decompressor says why, if it fails */
		if (open_unpack(r) < 0) {
			snprintf(err, errlen, "%s", r->err);
			goto fail;
		}
	} else if (strcmp(path, "-") && S_ISREG(st.st_mode)) {
		r->indexing = true;	/* stdin may start anywhere in its file */
		r->file = (struct file_id){ st.st_dev, st.st_ino, st.st_size, st.st_mtim };
	}
	return r;
fail:
	reader_close(r);
	return NULL;
}

/* r->nul from buf[@from..tail). */
static void find_nul(struct line_reader *r, size_t from)
{
	const char *z = memchr(r->buf + from, '\0', r->tail - from);

	r->nul = z ? (size_t)(z - r->buf) : NO_NUL;
}

/* r->nbsp from buf[@from..tail): a pair a read cut in two is found
 * when the next read brings its second byte (@from one byte back). */
static void find_nbsp(struct line_reader *r, size_t from)
{
	const char *p = r->buf + from, *end = r->buf + r->tail;

	r->nbsp = NO_NUL;
	while (p + 1 < end && (p = memchr(p, '\xc2', (size_t)(end - p - 1)))) {
		if (p[1] == '\xa0') {
			r->nbsp = (size_t)(p - r->buf);
			return;
		}
		p++;
	}
}

/* Move the unread tail to the front and read more behind it; a failed
 * read ends the input (read_failed()). */
static void refill_from(struct line_reader *r, size_t keep)
{
	size_t old_tail, want;
	ssize_t n;

	if (keep) {
		memmove(r->buf, r->buf + keep, r->tail - keep);
		r->tail -= keep;
		r->head -= keep;
		r->cur = r->cur >= keep ? r->cur - keep : 0;
		if (r->nul != NO_NUL)
			r->nul -= keep;
		if (r->nbsp != NO_NUL)
			r->nbsp -= keep;
	}
	if (r->tail == r->cap && r->cap < BUF_MAX) {
		r->cap = 2 * r->cap < BUF_MAX ? 2 * r->cap : BUF_MAX;
		r->buf = xrealloc(r->buf, r->cap);
	}
	if (r->tail == r->cap)
		return;
	want = r->cap - r->tail < READ_CHUNK ? r->cap - r->tail : READ_CHUNK;
	if (r->unpack) {
		n = unpack_read(r->unpack, r->buf + r->tail, want);
		if (n < 0) {
			read_failed(r, "", unpack_error(r->unpack));
			return;
		}
		if ((uint64_t)n > r->max_unpacked - r->bytes) {
			n = (ssize_t)(r->max_unpacked - r->bytes);
			r->past_bound = true;
		}
	} else {
		do
			n = read(r->fd, r->buf + r->tail, want);
		while (n < 0 && errno == EINTR);
		if (n < 0) {
			read_failed(r, "", strerror(errno));
			return;
		}
	}
	if (n == 0)
		r->eof = true;
	old_tail = r->tail;
	r->tail += (size_t)n;
	r->bytes += (uint64_t)n;
	if (r->nul == NO_NUL)
		find_nul(r, old_tail);
	if (r->find_nbsp && r->nbsp == NO_NUL)
		find_nbsp(r, old_tail > r->head ? old_tail - 1 : r->head);
	if (r->past_bound) {	/* a bomb, or a bound too low: the lines so far */
		char why[128];

		snprintf(why, sizeof(why), "it unpacks to more than %llu bytes: the rest is "
			 "not read (--max-unpacked)", (unsigned long long)r->max_unpacked);
		read_failed(r, "", why);
	}
}

static void refill(struct line_reader *r)
{
	refill_from(r, r->head);
}

/* Line r->lineno + 1 starts at buf[head]: a mark there. */
static void note_mark(struct line_reader *r)
{
	struct line_index *x = r->index;

	if (!x || x->n == x->cap) {
		size_t cap = x ? 2 * x->cap : 64;

		x = xrealloc(x, sizeof(*x) + cap * sizeof(x->mark[0]));
		if (!r->index)
			*x = (struct line_index){ .file = r->file };
		x->cap = cap;
		r->index = x;
	}
	x->mark[x->n].lineno = r->lineno;
	x->mark[x->n++].off = r->bytes - (r->tail - r->head);
}

int reader_next(struct line_reader *r, struct str *line)
{
	char *start, *nl;
	size_t len;

	r->too_long = r->has_nul = r->has_nbsp = false;
	if (r->stop && r->lineno >= r->stop)
		return 0;
	for (;;) {
		nl = memchr(r->buf + r->head, '\n', r->tail - r->head);
		if (nl || (r->eof && !r->failed && r->tail > r->head))
			break;
		if (r->eof)	/* a line a failed read cut is not read */
			return r->failed ? failed_here(r) : 0;
		if (r->tail - r->head >= LINE_MAX_BYTES) {
			/* Drop what we have of the long line and keep going. */
			r->head = r->tail;
			r->nul = r->nbsp = NO_NUL;
			r->skipping = true;
		}
		refill(r);
	}
	/* Line numbers are 32-bit everywhere (events, warnings, callbacks):
	 * past them a report would name wrong lines, so the file ends there. */
	if (r->lineno == UINT_MAX) {
		snprintf(r->err, sizeof(r->err), "%s: more than %u lines: the rest is not read",
			 r->path, UINT_MAX);
		return -1;
	}
	r->lineno++;
	r->cur = r->head;
	start = r->buf + r->head;
	if (!nl)
		nl = r->buf + r->tail;
	len = (size_t)(nl - start);
	r->head = nl < r->buf + r->tail ? (size_t)(nl - r->buf) + 1 : r->tail;
	if (r->nul < r->head) {	/* in this line: look past it */
		r->has_nul = true;
		find_nul(r, r->head);
	}
	if (r->nbsp < r->head) {
		r->has_nbsp = true;
		find_nbsp(r, r->head);
	}
	if (!(r->lineno % INDEX_EVERY) && r->indexing && (r->head < r->tail || !r->eof))
		note_mark(r);	/* not after a last line without '\n' */
	if (r->skipping || len > LINE_MAX_BYTES) {
		r->skipping = false;
		r->too_long = true;
		len = 0;
		start = r->buf;
	}
	if (len && start[len - 1] == '\r')
		len--;
	*line = str_make(start, len);
	return 1;
}

struct line_index *reader_take_index(struct line_reader *r)
{
	struct line_index *x = r->index;

	r->index = NULL;
	return x;
}

static bool same_file(const struct file_id *a, const struct file_id *b)
{
	return a->dev == b->dev && a->ino == b->ino && a->size == b->size &&
	       a->mtime.tv_sec == b->mtime.tv_sec && a->mtime.tv_nsec == b->mtime.tv_nsec;
}

void reader_use_index(struct line_reader *r, const struct line_index *x)
{
	r->use = x && r->indexing && same_file(&x->file, &r->file) ? x : NULL;
	r->indexing = false;	/* a second reading notes no marks of its own */
}

/* Seek to the last mark at or before line @upto + 1 when it lies past
 * what the buffer holds; else (or when the seek fails) stay. */
static void seek_mark(struct line_reader *r, unsigned int upto)
{
	const struct line_index *x = r->use;
	size_t lo = 0, hi = x->n;

	while (lo < hi) {	/* the first mark past @upto */
		size_t mid = lo + (hi - lo) / 2;

		if (x->mark[mid].lineno <= upto)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo || x->mark[lo - 1].lineno <= r->lineno || x->mark[lo - 1].off <= r->bytes ||
	    lseek(r->fd, (off_t)x->mark[lo - 1].off, SEEK_SET) < 0)
		return;
	r->head = r->tail = 0;
	r->nul = r->nbsp = NO_NUL;
	r->eof = r->skipping = false;
	r->lineno = x->mark[lo - 1].lineno;
	r->bytes = x->mark[lo - 1].off;
}

int reader_skip(struct line_reader *r, unsigned int upto)
{
	bool part = false;	/* bytes of an unfinished line dropped */

	r->too_long = r->has_nul = r->has_nbsp = false;
	if (r->use && r->lineno < upto)
		seek_mark(r, upto);
	while (r->lineno < upto) {
		char *p = r->buf + r->head, *end = r->buf + r->tail, *nl;

		while (r->lineno < upto && (nl = memchr(p, '\n', (size_t)(end - p)))) {
			p = nl + 1;
			r->lineno++;
			part = false;
		}
		if (r->lineno < upto) {	/* the rest is part of a line */
			part = part || p < end;
			p = end;
		}
		r->head = (size_t)(p - r->buf);
		if (r->nul < r->head)
			find_nul(r, r->head);
		if (r->nbsp < r->head)
			find_nbsp(r, r->head);
		if (r->lineno == upto)
			break;
		if (r->eof) {
			if (r->failed)
				return failed_here(r);
			if (part)	/* the last line, without '\n' */
				r->lineno++;
			return 0;
		}
		refill(r);
	}
	return 1;
}

int reader_prefill(struct line_reader *r, struct str *window)
{
	while (!r->eof && r->tail < BUF_MAX)
		refill(r);
	if (r->failed && r->tail == r->head)
		return failed_here(r);
	*window = str_make(r->buf + r->head, r->tail - r->head);
	return 0;
}

int reader_chunk(struct line_reader *r, struct str *chunk)
{
	while (r->head == r->tail) {
		if (r->eof)
			return r->failed ? failed_here(r) : 0;
		refill(r);
	}
	*chunk = str_make(r->buf + r->head, r->tail - r->head);
	r->head = r->tail;
	return 1;
}

/*
 * The end of the line at buf[@from], reading more when it is not all in
 * the buffer yet, the line handed out last kept in it (@cur): SIZE_MAX
 * when the file ends first or the line is too long to hold beside.
 */
static size_t peek_end(struct line_reader *r, struct str *cur, size_t *from)
{
	for (;;) {
		const char *nl;
		size_t old = r->cur;

		/* past a last line that had no '\n': no line there */
		if (*from > r->tail)
			return SIZE_MAX;
		nl = memchr(r->buf + *from, '\n', r->tail - *from);

		if (nl)
			return (size_t)(nl - r->buf);
		if (r->eof)
			return r->tail > *from && !r->failed ? r->tail : SIZE_MAX;
		if (!cur)	/* no read asked for */
			return SIZE_MAX;
		if (r->tail - r->cur >= LINE_MAX_BYTES || (r->tail == r->cap && !r->cur &&
							    r->cap == BUF_MAX))
			return SIZE_MAX;
		refill_from(r, r->cur);
		*from -= old - r->cur;
		cur->p = r->buf + r->cur;
	}
}

int reader_peek(struct line_reader *r, unsigned int k, struct str *cur, struct str *next)
{
	size_t from = r->head, end = SIZE_MAX;

	if (r->skipping || r->too_long || !k || (r->stop && r->lineno + k > r->stop) ||
	    r->lineno == 0 || (cur && (size_t)(cur->p - r->buf) != r->cur))
		return 0;
	while (k--) {
		if ((end = peek_end(r, cur, &from)) == SIZE_MAX)
			return 0;
		if (k)
			from = end + 1;
	}
	if (end - from > LINE_MAX_BYTES || memchr(r->buf + from, '\0', end - from))
		return 0;
	*next = str_make(r->buf + from, end - from);
	if (next->len && next->p[next->len - 1] == '\r')
		next->len--;
	return 1;
}

int reader_next_bytes(const struct line_reader *r)
{
	if (r->tail - r->head < 2)
		return -1;
	return (unsigned char)r->buf[r->head] << 8 | (unsigned char)r->buf[r->head + 1];
}

bool reader_line_too_long(const struct line_reader *r)
{
	return r->too_long;
}

bool reader_line_has_nul(const struct line_reader *r)
{
	return r->has_nul;
}

void reader_find_nbsp(struct line_reader *r)
{
	if (!r->find_nbsp)
		find_nbsp(r, r->head);
	r->find_nbsp = true;
}

bool reader_line_has_nbsp(const struct line_reader *r)
{
	return r->has_nbsp;
}

unsigned int reader_lineno(const struct line_reader *r)
{
	return r->lineno;
}

uint64_t reader_bytes(const struct line_reader *r)
{
	return r->bytes;
}

bool reader_compressed(const struct line_reader *r)
{
	return r->unpack != NULL;
}

void reader_max_unpacked(struct line_reader *r, uint64_t max)
{
	r->max_unpacked = max;
}

bool reader_past_bound(const struct line_reader *r)
{
	return r->past_bound;
}

bool reader_cut(const struct line_reader *r)
{
	return r->unpack && unpack_cut(r->unpack) && !r->failed;
}

void reader_stop_after(struct line_reader *r, unsigned int lineno)
{
	r->stop = lineno;
}

int reader_close_again(struct line_reader *r, int rc, char *err, size_t errlen)
{
	if (rc < 0 && !r->failed)
		snprintf(err, errlen, "%s", r->err);
	rc = rc < 0 && !r->failed ? -1 : 0;
	reader_close(r);
	return rc;
}

const char *reader_error(const struct line_reader *r)
{
	return r->err;
}

const char *reader_path(const struct line_reader *r)
{
	return r->path;
}

void reader_close(struct line_reader *r)
{
	if (!r)
		return;
	unpack_close(r->unpack);
	if (r->fd >= 0)
		close(r->fd);
	free(r->buf);
	free(r->path);
	free(r->index);
	free(r);
}
