// SPDX-License-Identifier: GPL-2.0
/*
 * Reading on two CPUs: a reader thread reads the trace (and decompresses
 * it) and cuts it into lines, in batches of a few thousand copied lines;
 * the parser takes the batches in file order on the calling thread.
 * Splitting a line into its columns needs no parser state, so both
 * threads do it, in chunks of a batch that each claims in turn: the
 * reader reads ahead while it has room and splits when it has none (the
 * parser is behind); the parser splits what is left of the batch it takes
 * next, then parses it. Neither waits while the other has work it could
 * share, whichever of reading (a slow decompressor) and parsing is the
 * slower. Memory stays a few MB whatever the file's size.
 */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>

#include "ftrace_int.h"

#define AHEAD_BATCHES 8
#define AHEAD_LINES 1024
#define AHEAD_CHUNK 256		/* lines split at once: a claim per chunk */
#define AHEAD_BYTES (256u << 10)	/* >= LINE_MAX_BYTES: any line fits */

_Static_assert(AHEAD_BYTES >= LINE_MAX_BYTES, "a batch holds the longest line");

struct ahead_slot {
	struct ahead_batch b;
	/* one array per writer: the reader's cuts, the splitters' columns
	 * and kinds (a line's cut and its columns in one struct made the
	 * reader write, line by line, memory the splitters had just held) */
	struct ahead_line *lines;
	struct ftrace_line *fl;
	uint8_t *kind;
	char *bytes;
	bool full;		/* cut, not yet given back by the parser */
	size_t nchunks;		/* of its lines */
	size_t claimed, done;	/* chunks taken to split, and split */
};

struct ftrace_ahead {
	struct line_reader *r;
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t changed;	/* a slot filled, split or emptied */
	struct ahead_slot slot[AHEAD_BATCHES];
	size_t next;		/* the slot the parser takes next */
	bool read_all;		/* the reader has cut its last batch */
	bool stop;		/* the parser wants no more */
	int rc;			/* the reader's: 0 at the end, -1 error */
};

/* The line @r just cut is no text: overlong, or holding a NUL. */
static bool unreadable(const struct line_reader *r)
{
	return reader_line_too_long(r) || reader_line_has_nul(r);
}

/*
 * A batch's memory goes round: the reader cuts lines into it, either
 * thread splits them, the parser reads them, and the reader cuts the
 * next lines into the same memory. Writing a cache line the other CPU
 * last held waits for it to give the line up; a text line's copy and its
 * columns take several cache lines, so the stores back up and the writer
 * stalls (it took the reader twice as long to cut lines as to read them
 * alone). Asking for the lines to write a few text lines ahead overlaps
 * those waits.
 * x86's PREFETCHW asks for a line to write (gcc's __builtin_prefetch()
 * emits it only for CPUs newer than the x86-64 baseline; a CPU without
 * it takes it as a NOP).
 */
static inline void prefetch_to_write(const void *p)
{
#if defined(__x86_64__) || defined(__i386__)
	__asm__ volatile("prefetchw %0" : : "m"(*(const char *)p));
#else
	__builtin_prefetch(p, 1);
#endif
}

#define PREFETCH_BYTES 1024	/* of text ahead of the copy */
#define PREFETCH_CUTS 8		/* cut lines ahead of the cut */
#define PREFETCH_LINES 4	/* split lines ahead of the split */

/* Copies of the lines from @r into @s until it is full or the file ends. */
static int fill(struct ftrace_ahead *a, struct ahead_slot *s)
{
	size_t used = 0, n = 0;
	struct str line;
	int rc = 1;

	while (n < AHEAD_LINES && AHEAD_BYTES - used >= LINE_MAX_BYTES &&
	       (rc = reader_next(a->r, &line)) > 0) {
		struct ahead_line *al = &s->lines[n++];

		if (used + PREFETCH_BYTES + 128 <= AHEAD_BYTES) {
			prefetch_to_write(s->bytes + used + PREFETCH_BYTES);
			prefetch_to_write(s->bytes + used + PREFETCH_BYTES + 64);
		}
		if (n + PREFETCH_CUTS < AHEAD_LINES)
			prefetch_to_write(al + PREFETCH_CUTS);
		memcpy(s->bytes + used, line.p, line.len);
		al->line = str_make(s->bytes + used, line.len);
		used += line.len;
		al->lineno = reader_lineno(a->r);
		al->unreadable = unreadable(a->r);
	}
	s->b.n = n;
	s->b.bytes = reader_bytes(a->r);
	s->b.last = rc <= 0;
	return rc;
}

static void split_chunk(struct ahead_slot *s, size_t chunk)
{
	size_t i = chunk * AHEAD_CHUNK, end = i + AHEAD_CHUNK < s->b.n ? i + AHEAD_CHUNK : s->b.n;
	struct split_memo memo = { 0 };

	for (; i < end; i++) {
		struct ahead_line *al = &s->lines[i];

		if (i + PREFETCH_LINES < end) {
			const char *next = (const char *)&s->fl[i + PREFETCH_LINES];
			size_t off;

			for (off = 0; off < sizeof(*s->fl); off += 64)
				prefetch_to_write(next + off);
		}
		s->kind[i] = (uint8_t)ftrace_classify(al->line, al->unreadable, &s->fl[i], &memo);
	}
}

/* Split one chunk of @s, claimed under the lock (held on entry and on
 * return); false when none was left to claim. */
static bool share_chunk(struct ftrace_ahead *a, struct ahead_slot *s)
{
	size_t chunk;

	if (!s->full || s->claimed == s->nchunks)
		return false;
	chunk = s->claimed++;
	pthread_mutex_unlock(&a->lock);
	split_chunk(s, chunk);
	pthread_mutex_lock(&a->lock);
	if (++s->done == s->nchunks)
		pthread_cond_broadcast(&a->changed);
	return true;
}

/* The oldest batch with lines left to split, or NULL. */
static struct ahead_slot *unsplit(struct ftrace_ahead *a)
{
	size_t i;

	for (i = 0; i < AHEAD_BATCHES; i++) {
		struct ahead_slot *s = &a->slot[(a->next + i) % AHEAD_BATCHES];

		if (s->full && s->claimed < s->nchunks)
			return s;
	}
	return NULL;
}

static void *reader_thread(void *arg)
{
	struct ftrace_ahead *a = arg;
	struct ahead_slot *s;
	size_t k = 0;
	int rc;

	pthread_mutex_lock(&a->lock);
	while (!a->stop) {
		if (a->read_all || a->slot[k].full) {
			/* nothing to read into: split for the parser */
			if ((s = unsplit(a)))
				share_chunk(a, s);
			else if (a->read_all)
				break;
			else
				pthread_cond_wait(&a->changed, &a->lock);
			continue;
		}
		s = &a->slot[k];
		pthread_mutex_unlock(&a->lock);
		rc = fill(a, s);
		pthread_mutex_lock(&a->lock);
		if (rc <= 0) {
			a->rc = rc;
			a->read_all = true;
		}
		s->nchunks = (s->b.n + AHEAD_CHUNK - 1) / AHEAD_CHUNK;
		s->claimed = s->done = 0;
		s->full = true;
		pthread_cond_broadcast(&a->changed);
		k = (k + 1) % AHEAD_BATCHES;
	}
	pthread_mutex_unlock(&a->lock);
	return NULL;
}

static void ahead_free(struct ftrace_ahead *a)
{
	size_t i;

	for (i = 0; i < AHEAD_BATCHES; i++) {
		free(a->slot[i].lines);
		free(a->slot[i].fl);
		free(a->slot[i].kind);
		free(a->slot[i].bytes);
	}
	pthread_mutex_destroy(&a->lock);
	pthread_cond_destroy(&a->changed);
	free(a);
}

static bool second_cpu(void)
{
	cpu_set_t set;

	return sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) >= 2;
}

struct ftrace_ahead *ahead_start(struct line_reader *r)
{
	struct ftrace_ahead *a;
	size_t i;

	if (!second_cpu())
		return NULL;
	a = xcalloc(1, sizeof(*a));
	a->r = r;
	for (i = 0; i < AHEAD_BATCHES; i++) {
		a->slot[i].lines = xmalloc(AHEAD_LINES * sizeof(*a->slot[i].lines));
		a->slot[i].bytes = xmalloc(AHEAD_BYTES);
		a->slot[i].fl = xmalloc(AHEAD_LINES * sizeof(*a->slot[i].fl));
		a->slot[i].kind = xmalloc(AHEAD_LINES);
		a->slot[i].b.lines = a->slot[i].lines;
		a->slot[i].b.fl = a->slot[i].fl;
		a->slot[i].b.kind = a->slot[i].kind;
	}
	pthread_mutex_init(&a->lock, NULL);
	pthread_cond_init(&a->changed, NULL);
	if (pthread_create(&a->thread, NULL, reader_thread, a) == 0)
		return a;
	ahead_free(a);	/* no thread: the caller reads on its own */
	return NULL;
}

const struct ahead_batch *ahead_next(struct ftrace_ahead *a, const struct ahead_batch *done)
{
	struct ahead_slot *s;

	pthread_mutex_lock(&a->lock);
	if (done) {
		a->slot[a->next].full = false;
		a->next = (a->next + 1) % AHEAD_BATCHES;
		pthread_cond_broadcast(&a->changed);
		if (done->last) {
			pthread_mutex_unlock(&a->lock);
			return NULL;
		}
	}
	s = &a->slot[a->next];
	while (!s->full)
		pthread_cond_wait(&a->changed, &a->lock);
	while (share_chunk(a, s))
		;
	while (s->done < s->nchunks)	/* the reader's last chunk of it */
		pthread_cond_wait(&a->changed, &a->lock);
	pthread_mutex_unlock(&a->lock);
	return &s->b;
}

int ahead_stop(struct ftrace_ahead *a)
{
	int rc;

	pthread_mutex_lock(&a->lock);	/* a parser may stop before the end */
	a->stop = true;
	pthread_cond_broadcast(&a->changed);
	pthread_mutex_unlock(&a->lock);
	pthread_join(a->thread, NULL);
	rc = a->rc;
	ahead_free(a);
	return rc;
}

/* One CPU: lines as the reader cuts them, split on demand. */
static int each_here(struct line_reader *r, ftrace_item_fn fn, void *ctx, struct progress *pg)
{
	struct ftrace_item it = { 0 };
	int rc;

	while ((rc = reader_next(r, &it.line)) > 0) {
		it.lineno = reader_lineno(r);
		if (pg && !(it.lineno & 0xffff))
			progress_tick(pg, reader_bytes(r), reader_compressed(r));
		it.unreadable = unreadable(r);
		it.kind = FK_PENDING;
		if (!fn(ctx, &it))
			return 0;
	}
	return rc;
}

/* Two: batches read and split ahead. */
static int each_ahead(struct ftrace_ahead *a, bool compressed, ftrace_item_fn fn, void *ctx,
		      struct progress *pg)
{
	const struct ahead_batch *b = NULL;
	struct ftrace_item it;
	size_t i;

	while ((b = ahead_next(a, b))) {
		for (i = 0; i < b->n; i++) {
			const struct ahead_line *al = &b->lines[i];

			it.line = al->line;
			it.lineno = al->lineno;
			it.unreadable = al->unreadable;
			it.kind = (enum ftrace_kind)b->kind[i];
			it.fl = &b->fl[i];
			if (!fn(ctx, &it))
				return ahead_stop(a);
		}
		if (pg)
			progress_tick(pg, b->bytes, compressed);
	}
	return ahead_stop(a);
}

int ftrace_each_line(struct line_reader *r, ftrace_item_fn fn, void *ctx, struct progress *pg)
{
	/* asked before the thread starts: the reader is its own after that */
	bool compressed = reader_compressed(r);
	struct ftrace_ahead *a = ahead_start(r);

	return a ? each_ahead(a, compressed, fn, ctx, pg) : each_here(r, fn, ctx, pg);
}
