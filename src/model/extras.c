// SPDX-License-Identifier: GPL-2.0
/* The page's log lines and call trees (extras.h): freed, and found. */
#include <stdlib.h>

#include "extras.h"
#include "model.h"

void page_extras_free(struct page_extras *px)
{
	size_t i;

	for (i = 0; i < px->nexcerpts; i++)
		free(px->excerpts[i].text);
	free(px->excerpts);
	for (i = 0; i < px->nlogs; i++)
		free(px->logs[i].text);
	free(px->logs);
	for (i = 0; i < px->ntrees; i++)
		free(px->trees[i].nodes);
	free(px->trees);
	*px = (struct page_extras){ 0 };
}

static int cmp_excerpt(const void *k, const void *e)
{
	const struct pm_excerpt *a = k, *b = e;

	return place_cmp(a->file, a->line, b->file, b->line);
}

const struct pm_excerpt *page_excerpt(const struct page_extras *px, const char *file,
				      unsigned int line)
{
	struct pm_excerpt key = { .file = file, .line = line };

	if (!px || !px->nexcerpts)
		return NULL;
	return bsearch(&key, px->excerpts, px->nexcerpts, sizeof(key), cmp_excerpt);
}
