// SPDX-License-Identifier: GPL-2.0
/*
 * Bounded call trees of the callbacks open on each thread, built from the
 * function_graph parser's watch as the calls stream by (ftrace_int.h,
 * tree_catch_*()): calls of one function under one caller merged, depth
 * and node count capped. The trace parser catches every callback's tree
 * while it reads (when the HTML page wants trees); the page's second
 * look at a trace (calltrees.c) catches the few it still misses.
 *
 * A capture is a thread inside a callback; its tree's buffers are taken
 * at the callback's first call and given back at its end, so a trace of
 * a million callbacks without calls costs no allocation per callback.
 */
#include <stdlib.h>
#include <string.h>

#include "ftrace_int.h"

#define SLOTS 4096	/* > 2 * CALLTREE_NODES, a power of two */

/* One tree being built: its nodes, and (caller, function) -> node, the
 * slots of an older generation free. */
struct build {
	struct pm_tree_node nodes[CALLTREE_NODES];
	size_t n;
	unsigned int cut;
	uint32_t gen;
	struct { uint32_t gen; int parent; const char *fn; int node; } slot[SLOTS];
};

/* A callback open on a thread. */
struct capture {
	int pid, cpu;
	size_t tag;
	struct build *b;	/* NULL until its first call */
};

struct tree_catch {
	struct capture *v;
	size_t n, cap;
	struct capture *last;	/* found last (calls come in runs per thread),
				 * NULL after a capture came or went */
	struct build **spare;
	size_t nspare, spare_cap;
	struct pm_calltree out;	/* what tree_catch_end() handed out */
};

static size_t slot_of(const struct build *b, int parent, const char *fn)
{
	size_t i = (((uintptr_t)fn >> 3) * 31 + (size_t)(parent + 1) * 2654435761u) & (SLOTS - 1);

	while (b->slot[i].gen == b->gen &&
	       (b->slot[i].fn != fn || b->slot[i].parent != parent))
		i = (i + 1) & (SLOTS - 1);
	return i;
}

static bool same_thread(const struct capture *c, const struct ftrace_line *fl)
{
	return fl->pid >= 0 ? c->pid == fl->pid : c->cpu == fl->cpu;
}

/* The capture of the watch's thread @key (pid, or -(cpu + 1)), the
 * first in the array (tc->last is NULL whenever the array changed). */
static struct capture *capture_of(struct tree_catch *tc, int key)
{
	struct capture *c = tc->last;
	size_t i;

	if (c && (key >= 0 ? c->pid == key : c->cpu == -key - 1))
		return c;
	for (i = 0; i < tc->n; i++) {
		c = &tc->v[i];
		if (key >= 0 ? c->pid == key : c->cpu == -key - 1)
			return tc->last = c;
	}
	return NULL;
}

static struct build *build_take(struct tree_catch *tc)
{
	struct build *b;

	if (tc->nspare) {
		b = tc->spare[--tc->nspare];
	} else {
		b = xmalloc(sizeof(*b));
		b->gen = 0;
		memset(b->slot, 0, sizeof(b->slot));	/* generation 0: none is used */
	}
	b->gen++;
	b->n = 0;
	b->cut = 0;
	return b;
}

static void build_give(struct tree_catch *tc, struct build *b)
{
	if (!b)
		return;
	VEC_RESERVE(tc->spare, tc->nspare, tc->spare_cap);
	tc->spare[tc->nspare++] = b;
}

/* A call: merged into its caller's node of the same function, or a new
 * node while the tree has room; -1 when not kept (counted as cut). */
static int on_open(void *ctx, int key, const char *fn, int depth, bool has_caller, int caller)
{
	struct tree_catch *tc = ctx;
	struct capture *c = capture_of(tc, key);
	struct build *b;
	int node = -1;
	size_t s;

	if (!c)
		return -1;
	if (!c->b)
		c->b = build_take(tc);
	b = c->b;
	if (depth >= CALLTREE_DEPTH || (has_caller && caller < 0))
		goto out;	/* too deep, or its caller was not kept */
	s = slot_of(b, caller, fn);
	if (b->slot[s].gen == b->gen) {
		node = b->slot[s].node;
	} else if (b->n < CALLTREE_NODES) {
		node = (int)b->n++;
		b->nodes[node] = (struct pm_tree_node){ .fn = fn, .parent = caller };
		b->slot[s].gen = b->gen;
		b->slot[s].fn = fn;
		b->slot[s].parent = caller;
		b->slot[s].node = node;
	}
	if (node >= 0)
		b->nodes[node].calls++;
out:
	if (node < 0)
		b->cut++;
	return node;
}

static void on_done(void *ctx, int key, int call, ns_t dur)
{
	struct capture *c = capture_of(ctx, key);

	if (c && c->b && call >= 0 && dur != NS_NONE && dur > 0)
		c->b->nodes[call].total_ns = ns_sum(c->b->nodes[call].total_ns, dur);
}

struct tree_catch *tree_catch_new(struct fgraph *g)
{
	struct tree_catch *tc = xcalloc(1, sizeof(*tc));
	struct fgraph_watch watch = { on_open, on_done, tc };

	fgraph_set_watch(g, &watch);
	return tc;
}

void tree_catch_free(struct tree_catch *tc)
{
	size_t i;

	if (!tc)
		return;
	for (i = 0; i < tc->n; i++)
		free(tc->v[i].b);
	for (i = 0; i < tc->nspare; i++)
		free(tc->spare[i]);
	free(tc->v);
	free(tc->spare);
	free(tc);
}

void tree_catch_start(struct tree_catch *tc, const struct ftrace_line *fl, size_t tag)
{
	VEC_RESERVE(tc->v, tc->n, tc->cap);
	tc->v[tc->n++] = (struct capture){ fl->pid, fl->cpu, tag, NULL };
	tc->last = NULL;	/* the array may have moved */
}

/* Capture @i's tree into tc->out, and the capture gone. */
static const struct pm_calltree *finish(struct tree_catch *tc, size_t i, size_t *tag)
{
	struct capture c = tc->v[i];

	tc->v[i] = tc->v[--tc->n];
	tc->last = NULL;
	*tag = c.tag;
	tc->out = (struct pm_calltree){ .nodes = c.b ? c.b->nodes : NULL,
					.n = c.b ? c.b->n : 0, .cut = c.b ? c.b->cut : 0 };
	build_give(tc, c.b);	/* its nodes stay as they are until the next call */
	return &tc->out;
}

const struct pm_calltree *tree_catch_end(struct tree_catch *tc, const struct ftrace_line *fl,
					 size_t *tag)
{
	size_t i;

	for (i = 0; i < tc->n; i++)
		if (same_thread(&tc->v[i], fl))
			return finish(tc, i, tag);
	return NULL;
}

const struct pm_calltree *tree_catch_any(struct tree_catch *tc, size_t *tag)
{
	return tc->n ? finish(tc, tc->n - 1, tag) : NULL;
}

size_t tree_catch_open(const struct tree_catch *tc)
{
	return tc->n;
}
