/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Input sources: reading files (plain or compressed) line by line in
 * constant memory, telling what kind of log a file is from its content,
 * and the parsers that turn each kind into the event stream (events.h).
 */
#ifndef PMSCOPE_INPUT_H
#define PMSCOPE_INPUT_H

#include <stdio.h>

#include "events.h"
#include "model.h"
#include "util.h"

/* Lines longer than this are reported and skipped, never buffered. */
#define LINE_MAX_BYTES (64 * 1024)

/*
 * What one input may take (pmscope(1), INPUT; --max-cycles,
 * --max-callbacks and --max-unpacked of every command that reads logs):
 * past a bound the rest of the file is not read, what was read is kept,
 * and input_read() fails naming the file and the bound. A 27 KB zstd
 * file of a million cycles took 2.2 GB; a 167 KB one unpacked a 4 GB
 * trace.dat into /tmp.
 */
struct read_keep;
struct read_opts {
	size_t max_cycles;	/* cycles kept of one input */
	size_t max_callbacks;	/* callbacks kept of one input */
	uint64_t max_unpacked;	/* bytes a compressed input may unpack to */
	struct read_keep *keep;	/* what a second reading will want, NULL none */
};
#define READ_MAX_CYCLES 10000
#define READ_MAX_CALLBACKS 10000000
#define READ_MAX_UNPACKED (2ull << 30)
#define READ_OPTS_DEFAULT { READ_MAX_CYCLES, READ_MAX_CALLBACKS, READ_MAX_UNPACKED, NULL }

/*
 * What the first reading keeps for a second one, beside the model (the
 * HTML page's log lines and call trees, extras.h): where each plain
 * file's lines start, and the call trees caught as the traces were read
 * (when @want_trees). The pipeline owns it (input/rereads/read_keep.c).
 */
struct read_keep {
	bool want_trees;
	struct caught_trees trees;
	struct kept_index {
		const char *file;	/* interned, as run->sources[] */
		struct line_index *index;
	} *index;
	size_t nindex;
};
/* @index (reader_take_index()) of @file (interned) kept; NULL ignored. */
void read_keep_index(struct read_keep *k, const char *file, struct line_index *index);
/* The index of @file kept last, or NULL (@k NULL: none). */
const struct line_index *read_kept_index(const struct read_keep *k, const char *file);
void read_keep_free(struct read_keep *k);

struct line_reader;

/* Returns NULL and fills @err (naming @path) on failure. */
/* @path "-" is standard input. */
struct line_reader *reader_open(const char *path, char *err, size_t errlen);
/*
 * 1 and the next line (without '\n'), 0 at the end, -1 on a read error
 * (message in reader_error()), after the lines before it. A line over
 * LINE_MAX_BYTES comes back empty with reader_line_too_long() true.
 */
int reader_next(struct line_reader *r, struct str *line);
/*
 * Closes @r after a second reading for a few of its lines (the HTML
 * page's) that ended with @rc: 0, or -1 with @err set. A read that failed
 * (a compressed file cut short) ends the file's lines there, as it did
 * for the first reading, which has said so: not an error again.
 */
int reader_close_again(struct line_reader *r, int rc, char *err, size_t errlen);
/* The next bytes of @r as they come, not cut into lines (a JSON report
 * is one line of any length): 1 and @chunk, valid until the next call;
 * 0 at the end, -1 on a read error (reader_error()). */
int reader_chunk(struct line_reader *r, struct str *chunk);
bool reader_line_too_long(const struct line_reader *r);
/*
 * The @k-th line after @cur, the line reader_next() gave last, without
 * taking it (1 the next): 1 and @next, 0 past the end, or when it holds
 * a NUL or is too long. A read it needs moves @cur, which it updates;
 * with @cur NULL it reads nothing (0 for a line the buffer does not hold
 * whole), and every line handed out stays where it is. @next stays good
 * until reader_next() or a peek that reads. reader_next_bytes() is the next
 * line's first two bytes (the first the high byte), if the buffer holds
 * them, else -1: a cheap first look.
 */
int reader_peek(struct line_reader *r, unsigned int k, struct str *cur, struct str *next);
int reader_next_bytes(const struct line_reader *r);
/* Past the lines up to line @upto, as reader_next() would count them
 * but without handing them out: a pass that wants a few lines of a long
 * file. 1 when there, 0 when the file ended before, -1 on a read error. */
int reader_skip(struct line_reader *r, unsigned int upto);
/* reader_next() ends after line @lineno: a part of a file read as a
 * file (a sleepgraph page's embedded log); 0 lifts it. */
void reader_stop_after(struct line_reader *r, unsigned int lineno);
/*
 * Where the lines of a plain file start, every 16384th, noted as it is
 * read: a second reading for a few lines (the HTML page's excerpts and
 * logs) seeks to the mark before the line it wants instead of counting
 * every line up to it. The file's identity, size and mtime are noted
 * too: a file changed since is counted through as before.
 */
struct line_index;
/* What @r noted, now the caller's to free(); NULL for a compressed file,
 * standard input, or fewer lines than a mark takes. */
struct line_index *reader_take_index(struct line_reader *r);
/* reader_skip() on @r may seek by @idx (NULL: none) if it is the same file;
 * a second reading notes no index of its own. */
void reader_use_index(struct line_reader *r, const struct line_index *idx);
/* The line holds a NUL byte (no text line does; a binary file's do). */
bool reader_line_has_nul(const struct line_reader *r);
/* reader_line_has_nbsp() tells from now on whether a line holds a
 * non-breaking space (U+00A0: a mail client's, where the kernel printed
 * blanks); looked for once per read, not once per line. */
void reader_find_nbsp(struct line_reader *r);
bool reader_line_has_nbsp(const struct line_reader *r);
/* Read ahead as far as the buffer goes, consuming nothing; @window is
 * the data not yet returned (what content detection looks at). */
int reader_prefill(struct line_reader *r, struct str *window);
unsigned int reader_lineno(const struct line_reader *r);
uint64_t reader_bytes(const struct line_reader *r);
bool reader_compressed(const struct line_reader *r);
/* A compressed file's lines end where it unpacked past @max bytes: a
 * read error saying so (--max-unpacked). */
void reader_max_unpacked(struct line_reader *r, uint64_t max);
bool reader_past_bound(const struct line_reader *r);
/* A compressed file that ended inside its compressed data (cut short)
 * and was read to its last decoded byte: a gzip file's. */
bool reader_cut(const struct line_reader *r);

/* Progress of a long read on stderr when it is a terminal (input/lines/progress.c):
 * call tick every few thousand lines; it looks at the clock only. */
struct progress {
	const char *path;
	bool on, shown;
	uint64_t size;
	int64_t start, next;
};
void progress_init(struct progress *pg, const char *path);
/* @done: bytes read (reader_bytes()), of a @compressed file or not. */
void progress_tick(struct progress *pg, uint64_t done, bool compressed);
void progress_done(struct progress *pg);
const char *reader_error(const struct line_reader *r);
const char *reader_path(const struct line_reader *r);
void reader_close(struct line_reader *r);

enum input_kind {
	INPUT_UNKNOWN,
	INPUT_DMESG,	/* kernel log in any of its shapes */
	INPUT_FTRACE,	/* ftrace text or trace-cmd report text */
	INPUT_TRACE_DAT,/* trace-cmd binary */
	INPUT_SGHTML,	/* a sleepgraph page with its logs in it */
	INPUT_REPORT,	/* pmscope's own JSON report */
};

const char *input_kind_name(enum input_kind k);

/* Guess from the first lines in @window (see reader_prefill()). */
enum input_kind input_detect(struct str window);

struct input_stats {
	uint64_t bytes;
	unsigned int lines;
	unsigned int used;	/* lines that produced events */
	unsigned int skipped;	/* binary or overlong lines */
	unsigned int partial;	/* read up to a NUL byte only, the rest no
				 * log line (a kernel log's) */
	unsigned int first_partial;	/* the first of them */
	unsigned int refused;	/* lines with numbers out of range */
	unsigned int first_refused;	/* the first of them */
	bool bounded;		/* a bound (struct read_opts) stopped the reading */
	char hint[240];		/* why nothing usable was found, "" */
};

/*
 * A line not used because a number in it is beyond what pmscope takes
 * (a stamp past NS_MAX, a length past US_MAX, a return value past int):
 * counted in @st, and the first few are warnings naming the line; @why
 * says which number (input/refuse.c).
 */
void input_refuse(struct builder *b, struct input_stats *st, unsigned int line, const char *why);
/* After the file: the count of the refused lines not named one by one. */
void input_refused_end(struct pm_run *run, const char *path, const struct input_stats *st);

/*
 * Read one file into @run within @ro's bounds (NULL: the defaults).
 * Returns 0 when something usable was found; -1 with a message in @err
 * when the file cannot be read in full (what was read is kept, a bound
 * that stopped it named, st->bounded); INPUT_NOTHING (and the message)
 * when it was read and holds no suspend, resume or boot data at all: a
 * nothing-found note of the run then says so.
 */
#define INPUT_NOTHING (-2)
int input_read(struct pm_run *run, const char *path, const struct read_opts *ro,
	       struct input_stats *st, char *err, size_t errlen);

/*
 * What a path holds (input/discover.c, one routine for every command):
 * its runs, each one log or a log and the trace of the same boot (a run
 * folder's dmesg.txt and trace.txt, compressed or not; sleepgraph's
 * NAME_dmesg.txt and NAME_ftrace.txt), and what was passed over with why
 * (temporary files, FIFOs, link loops, folders too deep). A file is one
 * run of itself.
 */
struct input_src {
	char *name;		/* the run folder, or its first log */
	char *logs[2];		/* the log first, then the trace */
	size_t nlogs;
	char *sysdir;		/* a run folder's sys/, else NULL */
	char *trace_text;	/* a run folder's trace.txt when the trace read
				 * is its trace.dat: read if that cannot be */
};

struct input_skip {
	char *path;
	const char *why;
};

struct input_found {
	struct input_src *runs;
	size_t nruns, runs_cap;
	struct input_skip *skips;
	size_t nskips, skips_cap;
};

/* @name's length without a compression suffix (.gz, .xz, .zst, .bz2). */
size_t input_unpacked_len(const char *name);

void input_find(const char *path, struct input_found *f);
void input_found_free(struct input_found *f);
/* Every file that reading @path (a log, a folder of runs, "-") may open,
 * added to @ids: no output may replace one. */
void input_files(const char *path, struct file_ids *ids);
/* Why @b stopped reading @path (builder_bound()), as its error: which
 * bound, and its option. */
void input_bound_error(const struct builder *b, const char *path, const struct read_opts *ro,
		       char *err, size_t errlen);
/* One run's logs (merged when two), then its system facts; -1 when no
 * log could be read, or one was stopped by a bound. */
int input_read_src(struct pm_run *run, const struct input_src *src,
		   const struct read_opts *ro, struct input_stats *st, char *err, size_t errlen);

/*
 * The one run a folder holds (see pmscope(1)). Returns 0 when a log was
 * read, -1 with @err otherwise (no run, or more than one).
 */
int input_read_dir(struct pm_run *run, const char *dir, const struct read_opts *ro,
		   struct input_stats *st, char *err, size_t errlen);

/*
 * The logs input_each() has read, by device and inode: the same file given
 * twice, or by two paths (a link, a folder and a file in it), is one run.
 * Zeroed to begin; input_seen_free() when done.
 */
struct input_seen {
	struct seen_file {
		uint64_t dev, ino;
		char *path;	/* as first given */
	} *files;
	size_t n, cap;
};
void input_seen_free(struct input_seen *seen);

/*
 * Many runs (input/batch.c): each run input_find() finds in @path is read
 * into a run of its own and handed to @fn, which does not keep it: read
 * (@err NULL), read in part or not at all (@err says why; the run holds
 * what was read), or a path with no log in it (an empty run). What was
 * passed over and unreadable inputs are said on stderr, the latter
 * counted in @nbad. A run with a log in @seen is passed over too (said on
 * stderr, not counted as bad); the logs of the others are added to it.
 * Returns the number of runs read.
 */
typedef void (*input_run_fn)(const struct pm_run *run, const char *source, const char *err,
			     void *ctx);
size_t input_each(const char *path, const struct read_opts *ro, struct input_seen *seen,
		  input_run_fn fn, void *ctx, size_t *nbad);

/*
 * The HTML page's extras (extras.h), read again after the results into
 * @px, each log once more (standard input cannot be and is passed over),
 * each plain file from the marks @keep holds. Each returns 0, or -1 with
 * @err when a log could not be read again (what was read is kept).
 *
 * The log lines around each callback's line (input/rereads/excerpts.c):
 * EXCERPT_BEFORE lines before it and EXCERPT_AFTER after, each cut to
 * EXCERPT_COLS bytes, longest callbacks first until about @budget bytes
 * are kept.
 */
#define EXCERPT_BEFORE 2
#define EXCERPT_AFTER 2
#define EXCERPT_COLS 200
int input_excerpts(const struct pm_run *run, const struct read_keep *keep, size_t budget,
		   struct page_extras *px, char *err, size_t errlen);

/*
 * Each cycle's own log lines for the log viewer (input/rereads/cycle_logs.c):
 * per cycle and file, the lines from its first to its last, at most
 * LOG_LINES_MAX (those around the longest callback), cycles in order
 * until about @budget bytes are kept.
 */
#define LOG_LINES_MAX 20000
int input_cycle_logs(const struct pm_run *run, const struct read_keep *keep, size_t budget,
		     struct page_extras *px, char *err, size_t errlen);

/*
 * The function_graph call trees of the callbacks in @want (cycle,
 * callback index pairs, sorted; input/ftrace/calltrees.c): the ones
 * caught while the traces were read (@keep's, taken from it), and for
 * the rest each text trace read once more, a wanted callback's calls
 * collected between its start line and its end on its thread.
 */
int input_call_trees(struct pm_run *run, struct read_keep *keep, const struct cb_ref *want,
		     size_t nwant, struct page_extras *px, char *err, size_t errlen);

/*
 * The run's id (input/rereads/digest.c; pmscope(1), JSON: run): 32 hex
 * digits of XXH3-128 over the 128-bit digests of its sources' bytes, as
 * stored (a compressed file's own), sorted: the same files give the same
 * id whatever their names and order, so loading a run's rows twice keeps
 * one copy. Each source is read once more; standard input, which cannot
 * be, and a file that can no longer be read count by what the run read
 * from them (its cycles' times and callbacks). Into @out, RUN_ID_LEN + 1
 * bytes.
 */
void input_run_id(const struct pm_run *run, char *out);

/* System facts (input/facts/sysfacts.c): sys/devices.txt and sys/devlinks.txt. */
int sysfacts_devices(struct pm_run *run, const char *path, char *err, size_t errlen);
int sysfacts_devlinks(struct pm_run *run, const char *path, char *err, size_t errlen);
/* sys/sleep-stats.txt (input/facts/residency.c): per cycle the hardware sleep
 * residency and the kernel's suspend counts, as facts and notes. */
int residency_read(struct pm_run *run, const char *path, char *err, size_t errlen);
/* sys/facts.txt as record writes it (input/facts/capfacts.c): run facts, and
 * warnings for events and log records the capture lost. */
int capfacts_read(struct pm_run *run, const char *path, char *err, size_t errlen);

/*
 * sleepgraph's header lines in its saved dmesg and ftrace files
 * (input/sleepgraph/sleepgraph.c): "# suspend-…", "# sysinfo | …", "# command | …",
 * "# fwsuspend N fwresume N". True when @line was one; @kernel gets the
 * release when the line named it.
 */
bool sleepgraph_line(struct builder *b, struct str line, unsigned int lineno,
		     struct str *kernel);

/* "DRIVER DEVICE" (input/devname.c): both may hold blanks; @driver is
 * empty for a device without one. */
void driver_device(struct str head, struct str *driver, struct str *device);

#endif
