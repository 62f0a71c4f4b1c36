/* SPDX-License-Identifier: GPL-2.0 */
/* Subcommands: each takes its own argv (argv[0] is the command's name). */
#ifndef PMSCOPE_CMD_H
#define PMSCOPE_CMD_H

/* Exit status, documented in pmscope(1). */
enum {
	EXIT_CLEAN = 0,
	EXIT_FOUND_FAILURE = 1,
	EXIT_USAGE = 2,
	EXIT_CAPTURE = 3,	/* live capture failed or was interrupted */
};

int cmd_analyze(int argc, char **argv);
int cmd_stats(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_record(int argc, char **argv);
int cmd_arm(int argc, char **argv);
int cmd_collect(int argc, char **argv);
int cmd_whatif(int argc, char **argv);

#endif
