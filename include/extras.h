/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What one output needs beyond the model and the results: the HTML
 * page's log lines and call trees. The model holds what happened; these
 * are the logs' own words around it, read again after the results for
 * the callbacks the page shows (input/rereads/, input/ftrace/calltrees.c)
 * and handed to the page (report_opts.page).
 */
#ifndef PMSCOPE_EXTRAS_H
#define PMSCOPE_EXTRAS_H

#include <stddef.h>
#include <stdint.h>

#include "model.h"

/* Log lines around line @line of @file ("\n"-joined, the middle one is
 * @line). */
struct pm_excerpt {
	const char *file;
	unsigned int line;
	unsigned int first;	/* line number of the first line in @text */
	char *text;
};

/*
 * A cycle's own log, for the HTML log viewer: lines @first .. @first + @n
 * - 1 of @file ("\n"-joined in @text, each cut to EXCERPT_COLS bytes).
 * A cycle with more lines than the viewer keeps has the lines around its
 * longest callback and counts the rest (cut_before, cut_after); @n is 0
 * when the run's budget was spent on earlier cycles.
 */
struct pm_log {
	int cycle;		/* index into run->cycles */
	const char *file;
	unsigned int first, n;
	unsigned int cut_before, cut_after;
	char *text;
};

/*
 * A callback's function_graph call tree (kept only for a few callbacks,
 * input_call_trees()): calls in entry order, a parent before its
 * children; calls of one function under one parent merged (@calls of
 * them), calls deeper than CALLTREE_DEPTH or past CALLTREE_NODES not kept
 * but counted (@cut).
 */
struct pm_tree_node {
	const char *fn;		/* interned in the run's pool */
	int32_t parent;		/* index of its caller, -1 outermost */
	uint32_t calls;
	ns_t total_ns;		/* its calls' lengths (those known) */
};

struct pm_calltree {
	int cycle;		/* index into run->cycles */
	int cb;			/* index into its cbs */
	struct pm_tree_node *nodes;
	size_t n;
	unsigned int cut;
};
#define CALLTREE_DEPTH 12
#define CALLTREE_NODES 1500

/* What the page shows of the logs; each array the struct's to free. */
struct page_extras {
	struct pm_excerpt *excerpts;	/* sorted by file pointer, line */
	size_t nexcerpts;
	struct pm_log *logs;		/* by cycle, then file */
	size_t nlogs;
	struct pm_calltree *trees;	/* by cycle, then callback */
	size_t ntrees;
};

void page_extras_free(struct page_extras *px);
/* The kept lines around @line of @file, or NULL (@px NULL: none). */
const struct pm_excerpt *page_excerpt(const struct page_extras *px, const char *file,
				      unsigned int line);

#endif
