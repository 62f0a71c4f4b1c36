// SPDX-License-Identifier: GPL-2.0
/*
 * pmscope: why suspend, resume or boot took as long as it did.
 */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "format.h"
#include "report.h"
#include "table.h"

static const struct {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *help;
} commands[] = {
	{ "analyze", cmd_analyze, "read saved logs and report on each cycle" },
	{ "stats", cmd_stats, "statistics over the cycles of many runs" },
	{ "compare", cmd_compare, "two sets of runs side by side (before/after)" },
	{ "whatif", cmd_whatif, "predict each phase under another async policy" },
	{ "record", cmd_record, "capture suspend/resume on this machine and analyze it" },
	{ "arm", cmd_arm, "set up a capture; you suspend, then run collect" },
	{ "collect", cmd_collect, "save and analyze what arm captured; restore" },
	{ "watch", cmd_watch, "keep every suspend of this machine (a systemd sleep hook)" },
};

static void usage(FILE *f)
{
	size_t i;

	fprintf(f, "usage: pmscope <command> [options]\n\ncommands:\n");
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].help);
	fprintf(f, "\n'pmscope <command> --help' tells more; see also pmscope(1).\n");
}

int main(int argc, char **argv)
{
	size_t i;

	restart_with_huge_pages(argc, argv);
	/* what pmscope says on standard error quotes logs and file names */
	term_stderr();
	out_catch_signals();	/* no temporary file outlives an interrupt */

	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		usage(stdout);
		return EXIT_CLEAN;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version")) {
		printf("pmscope %s\n", PMSCOPE_VERSION);
		return EXIT_CLEAN;
	}
	/* not in --help: the rows' columns, for scripts/rows-schema.sh,
	 * which makes pmscope(1)'s ROWS and the SQL schemas of them */
	if (!strcmp(argv[1], "--tables")) {
		table_print_columns(stdout, rows_tables, ROWS_NTABLES);
		return fflush(stdout) ? EXIT_USAGE : EXIT_CLEAN;
	}
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].fn(argc - 1, argv + 1);
	fprintf(stderr, "pmscope: unknown command '%s'\n", argv[1]);
	usage(stderr);
	return EXIT_USAGE;
}
