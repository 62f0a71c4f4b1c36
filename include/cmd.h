/* SPDX-License-Identifier: GPL-2.0 */
/* Subcommands: each takes its own argv (argv[0] is the command's name). */
#ifndef PMSCOPE_CMD_H
#define PMSCOPE_CMD_H

#include <getopt.h>

#include "analysis.h"
#include "input.h"
#include "report.h"

/* Exit status, documented in pmscope(1). */
enum {
	EXIT_CLEAN = 0,
	EXIT_FOUND_FAILURE = 1,
	EXIT_USAGE = 2,
	EXIT_CAPTURE = 3,	/* live capture failed or was interrupted */
	EXIT_NO_DATA = 4,	/* the inputs held no cycle, and nothing failed */
};

/*
 * The bounds of what one input may take (struct read_opts), options of
 * every command that reads logs (cmd/bounds.c): their entries in a
 * command's getopt_long() table, their parser (1 taken, 0 not one of
 * them, -1 a bad value, said on stderr) and their lines of --help, the
 * text at column @col.
 */
enum { OPT_MAX_CYCLES = 0x1000, OPT_MAX_CALLBACKS, OPT_MAX_UNPACKED };
#define READ_OPTIONS                                                         \
	{ "max-cycles", required_argument, NULL, OPT_MAX_CYCLES },          \
	{ "max-callbacks", required_argument, NULL, OPT_MAX_CALLBACKS },    \
	{ "max-unpacked", required_argument, NULL, OPT_MAX_UNPACKED }
int read_option(struct read_opts *ro, int opt, const char *arg);
void read_options_usage(FILE *f, int col);

/*
 * The one output pipeline (cmd/pipeline.c) of analyze, record and
 * collect: read the inputs, merge a log with its trace, compute the
 * results once, then write each output asked for through the table of
 * outputs: files first (atomically), standard output last, so a closed
 * pipe cannot cost a file.
 */
enum output_id {
	OUT_TEXT, OUT_JSON, OUT_SVG, OUT_PNG, OUT_HTML, OUT_PERFETTO, OUT_JUNIT, OUT_ROWS, OUT_KCIDB,
	OUT_TABLE,
	OUT_COUNT
};

enum output_needs {
	NEEDS_WINDOW = 1 << 0,	/* a timeline: --phase/--from/--to must show something */
	NEEDS_EXCERPTS = 1 << 1,/* the log lines around callbacks, read again */
	NEEDS_RUN_ID = 1 << 2,	/* the run's id: its inputs read again (input_run_id()) */
	NEEDS_DIR = 1 << 3,	/* a folder of files (the rows): @dir_fn writes it */
};

struct output {
	const char *opt;	/* its long option */
	const char *what;	/* "JSON report" */
	const char *file;	/* its name in a run folder */
	report_fn fn;
	int (*dir_fn)(const char *dir, const struct pm_run *run, const struct pm_results *res,
		      const struct report_opts *o, char *err, size_t errlen);
	unsigned needs;
	const struct report_stream *stream;	/* a cycle at a time, NULL no */
};

extern const struct output outputs[OUT_COUNT];

struct pipeline {
	char **inputs;
	int ninputs;
	struct read_opts bounds;	/* on each input */
	const char *paths[OUT_COUNT];	/* NULL not asked for, "-" stdout */
	const char *outdir;	/* and the outputs that have a run-folder name there */
	struct report_opts ro;
	bool quiet;		/* no summary on stdout */
	bool stats;		/* -s: speed, memory and analysis counts on stderr */
	bool no_hints;		/* no what-if hint per device phase */
	unsigned int expect;	/* --expect: modes, expect_parse() */
};

/*
 * No output may replace an input (cmd/guard.c): each of @outs (NULL: not
 * asked for) against every file @inputs would open. False, said on
 * stderr, when one would.
 */
bool outputs_spare_inputs(const char *const *outs, size_t nouts, char *const *inputs,
			  size_t ninputs);
/* The same for the files of --rows @dir (NULL: not asked for) in @fmt. */
bool rows_spare_inputs(const char *dir, enum rows_format fmt, char *const *inputs,
		       size_t ninputs);

/* The exit status of a verdict (analysis.h): the one mapping of every
 * command. */
static inline int exit_status(enum verdict v)
{
	return v == VERDICT_FAILED ? EXIT_FOUND_FAILURE : v == VERDICT_NO_DATA ? EXIT_NO_DATA :
	       EXIT_CLEAN;
}

/* Exit status: EXIT_CLEAN, EXIT_FOUND_FAILURE, EXIT_NO_DATA or EXIT_USAGE. */
int pipeline_run(const struct pipeline *p);
/* What record and collect write into the run folder @dir: the same as
 * pmscope analyze -o DIR DIR. */
int pipeline_run_folder(const char *dir, bool quiet);

/* First thing in main(): for a large input, start pmscope again with
 * glibc's heap on huge pages (cmd/hugepages.c); returns when it does not. */
void restart_with_huge_pages(int argc, char **argv);
/* Whether glibc was told to back the heap with huge pages. */
bool huge_pages(void);

/* "ndjson" or "csv" (--rows-format) into @out; -1 neither. */
static inline int rows_format_arg(const char *arg, enum rows_format *out)
{
	if (!strcmp(arg, "ndjson") || !strcmp(arg, "csv")) {
		*out = arg[0] == 'c' ? ROWS_CSV : ROWS_NDJSON;
		return 0;
	}
	return -1;
}

int cmd_analyze(int argc, char **argv);
int cmd_stats(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_record(int argc, char **argv);
int cmd_arm(int argc, char **argv);
int cmd_collect(int argc, char **argv);
int cmd_whatif(int argc, char **argv);
int cmd_watch(int argc, char **argv);

/* stats --since / --last (cmd/stats_when.c) */
struct stats_when {
	bool since_set;
	int64_t since_ns;	/* the wall clock, ns since the epoch */
	size_t last;		/* 0: all */
};
/* "2026-12-01", "2026-12-01 08:00[:00]" (local time, T or a space), or
 * "-7d", "-12h", "-30m" before now; -1 when it is none of those. */
int stats_when_date(const char *s, int64_t *ns);
/*
 * The run folders of @inputs with a time on the wall clock (their
 * sys/facts.txt's), since @w->since_ns and the @w->last newest of those,
 * oldest first, into @out (NULL-ended, stats_when_free()); the undated
 * ones said on stderr. Returns how many.
 */
size_t stats_when_pick(char *const *inputs, size_t ninputs, const struct stats_when *w,
		       char ***out);
void stats_when_free(char **paths);

#endif
