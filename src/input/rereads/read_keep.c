// SPDX-License-Identifier: GPL-2.0
/*
 * What the first reading keeps for the second (input.h, struct
 * read_keep): the marks of each plain file's lines, and the call trees
 * caught as the traces were read.
 */
#include <stdlib.h>

#include "input.h"

void read_keep_index(struct read_keep *k, const char *file, struct line_index *index)
{
	if (!index)
		return;
	k->index = xrealloc(k->index, (k->nindex + 1) * sizeof(*k->index));
	k->index[k->nindex++] = (struct kept_index){ file, index };
}

/* The last one kept: a file read twice (a folder and its trace given
 * again) is the same file, or its index is not used (reader.c). */
const struct line_index *read_kept_index(const struct read_keep *k, const char *file)
{
	size_t i;

	for (i = k ? k->nindex : 0; i-- > 0;)
		if (k->index[i].file == file)
			return k->index[i].index;
	return NULL;
}

void read_keep_free(struct read_keep *k)
{
	size_t i;

	for (i = 0; i < k->nindex; i++)
		free(k->index[i].index);
	free(k->index);
	caught_trees_drop(&k->trees, 0);
	*k = (struct read_keep){ 0 };
}
