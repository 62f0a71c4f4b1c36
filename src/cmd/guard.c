// SPDX-License-Identifier: GPL-2.0
/*
 * No output replaces an input: every output path of a command against
 * every file its inputs would open (a log, a run folder's members, its
 * system facts, standard input redirected from a file), by device and
 * inode, before anything is read or written.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cmd.h"
#include "input.h"

bool outputs_spare_inputs(const char *const *outs, size_t nouts, char *const *inputs,
			  size_t ninputs)
{
	struct file_ids ids = { 0 };
	const char *in = NULL;
	size_t i;

	for (i = 0; i < ninputs; i++)
		input_files(inputs[i], &ids);
	for (i = 0; !in && i < nouts; i++)
		if (outs[i] && (in = file_ids_find(&ids, outs[i])))
			fprintf(stderr, "pmscope: %s is the input %s: it would be replaced by "
				"the output; give another name\n", outs[i], in);
	file_ids_free(&ids);
	return !in;
}

bool rows_spare_inputs(const char *dir, enum rows_format fmt, char *const *inputs,
		       size_t ninputs)
{
	char *files[ROWS_NTABLES];
	size_t i;
	bool ok;

	if (!dir)
		return true;
	for (i = 0; i < ROWS_NTABLES; i++)
		files[i] = rows_path(dir, rows_tables[i], fmt);
	ok = outputs_spare_inputs((const char *const *)files, ROWS_NTABLES, inputs, ninputs);
	for (i = 0; i < ROWS_NTABLES; i++)
		free(files[i]);
	return ok;
}
