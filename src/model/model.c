// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "model.h"

static const char *const kind_names[PK_COUNT] = {
	[PK_ENTER] = "suspend_enter",
	[PK_PREPARE] = "prepare",
	[PK_SUSPEND] = "suspend",
	[PK_SUSPEND_LATE] = "suspend_late",
	[PK_SUSPEND_NOIRQ] = "suspend_noirq",
	[PK_MACHINE] = "machine",
	[PK_RESUME_NOIRQ] = "resume_noirq",
	[PK_RESUME_EARLY] = "resume_early",
	[PK_RESUME] = "resume",
	[PK_COMPLETE] = "complete",
	[PK_EXIT] = "thaw_processes",
	[PK_NOTIFY] = "post_suspend",
	[PK_BOOT_KERNEL] = "kernel_init",
	[PK_BOOT_USER] = "user_init",
};

const char *phase_kind_name(enum phase_kind k)
{
	return k < PK_COUNT ? kind_names[k] : "unknown";
}

bool phase_kind_is_resume(enum phase_kind k)
{
	return k > PK_MACHINE && k <= PK_NOTIFY;
}

bool phase_kind_is_device(enum phase_kind k)
{
	return k >= PK_PREPARE && k <= PK_COMPLETE && k != PK_MACHINE;
}

static const char *const mark_names[BM_COUNT] = {
	[BM_FPDT] = "fpdt",
	[BM_FREE_INITMEM] = "free_initmem",
	[BM_FREE_LAST] = "free_initmem_last",
	[BM_RUN_INIT] = "run_init",
	[BM_SYSTEMD] = "systemd",
	[BM_SYSTEMD_INITRD] = "systemd_initrd",
};

const char *boot_mark_name(enum boot_mark m)
{
	return m < BM_COUNT && mark_names[m] ? mark_names[m] : "unknown";
}

/* The kernel's words for a mode, old and new ("deep" is "mem"). */
enum pm_mode mode_from_label(struct str label)
{
	if (str_eq(label, "deep") || str_eq(label, "mem"))
		return MODE_MEM;
	if (str_eq(label, "s2idle") || str_eq(label, "freeze"))
		return MODE_S2IDLE;
	if (str_eq(label, "shallow") || str_eq(label, "standby"))
		return MODE_STANDBY;
	if (str_eq(label, "disk"))
		return MODE_DISK;
	return MODE_UNKNOWN;
}

const char *mode_name(enum pm_mode m)
{
	switch (m) {
	case MODE_MEM: return "mem";
	case MODE_S2IDLE: return "s2idle";
	case MODE_STANDBY: return "standby";
	case MODE_DISK: return "disk";
	case MODE_BOOT: return "boot";
	default: return "unknown";
	}
}

const char *milestone_kind_name(enum milestone_kind k)
{
	static const char *const names[MS_COUNT] = {
		[MS_INITCALL] = "initcall", [MS_CONSOLE] = "console", [MS_LINK] = "link",
		[MS_QUEUES] = "queues", [MS_DISK] = "disk", [MS_PARTITIONS] = "partitions",
		[MS_MOUNT] = "mount", [MS_ROOT] = "root", [MS_INITMEM] = "initmem",
		[MS_INIT] = "init", [MS_SYSTEMD] = "systemd",
	};

	return (unsigned int)k < MS_COUNT ? names[k] : "unknown";
}

struct pm_run *run_new(void)
{
	struct pm_run *run = xcalloc(1, sizeof(*run));

	strpool_init(&run->pool);
	return run;
}

void cycle_free(struct pm_cycle *c)
{
	free(c->graphs);
	free(c->phases);
	free(c->cbs);
	free(c->threads);
	free(c->msgs);
	free(c->works);
	free(c->sleeps);
	free(c->milestones);
}

static void given_list_free(struct findings *fs)
{
	size_t i;

	for (i = 0; i < fs->n; i++)
		free(fs->v[i].text);
	free(fs->v);
}

static void given_free(struct pm_given *g)
{
	size_t i;

	if (!g)
		return;
	given_list_free(&g->run);
	for (i = 0; i < g->ncycles; i++)
		given_list_free(&g->cycles[i]);
	free(g->cycles);
	free(g);
}

void run_free(struct pm_run *run)
{
	size_t i;

	if (!run)
		return;
	given_free(run->given);
	for (i = 0; i < run->ncycles; i++)
		cycle_free(&run->cycles[i]);
	for (i = 0; i < run->nwarns; i++)
		free(run->warns[i].text);
	free(run->cycles);
	free(run->devs);
	free(run->links);
	free(run->dev_slots);
	free(run->warns);
	free(run->verdicts);
	free(run->facts);
	free(run->sources);
	free(run->cb_fns.names);
	free(run->cb_fns.slots);
	free(run->cb_events.names);
	free(run->cb_events.slots);
	arena_free(&run->graph_arena);
	arena_free(&run->msg_arena);
	strpool_free(&run->pool);
	free(run);
}

struct run_mark run_mark(const struct pm_run *run)
{
	return (struct run_mark){ run->ncycles, run->nwarns, run->nverdicts, run->nsources };
}

/* Devices and names the file added stay: they name the same devices the
 * other copy will, and nothing points to a cycle that is gone. */
void run_rollback(struct pm_run *run, struct run_mark m)
{
	while (run->ncycles > m.ncycles)
		cycle_free(&run->cycles[--run->ncycles]);
	while (run->nwarns > m.nwarns)
		free(run->warns[--run->nwarns].text);
	run->nverdicts = m.nverdicts;
	if (run->nsources > m.nsources)
		run->nsources = m.nsources;
}

size_t run_source(struct pm_run *run, const char *file)
{
	size_t i;

	for (i = 0; i < run->nsources; i++)
		if (run->sources[i] == file)
			return i;
	if (run->nsources >= CB_SOURCES_MAX)
		return CB_SOURCES_MAX;
	run->sources = xrealloc(run->sources, (run->nsources + 1) * sizeof(char *));
	run->sources[run->nsources] = file;
	return run->nsources++;
}

static size_t ptr_hash(const char *p)
{
	uintptr_t v = (uintptr_t)p;

	return (size_t)((v >> 3) * 2654435761u);
}

static void dev_rehash(struct pm_run *run)
{
	size_t n = run->dev_nslots ? run->dev_nslots * 2 : 512, i, j;
	int *slots = xmalloc(n * sizeof(int));

	for (i = 0; i < n; i++)
		slots[i] = -1;
	for (i = 0; i < run->ndevs; i++) {	/* a twin's name is its first's */
		for (j = ptr_hash(run->devs[i].name) & (n - 1);
		     slots[j] >= 0 && run->devs[slots[j]].name != run->devs[i].name;
		     j = (j + 1) & (n - 1))
			;
		if (slots[j] < 0)
			slots[j] = (int)i;
	}
	free(run->dev_slots);
	run->dev_slots = slots;
	run->dev_nslots = n;
}

static void name_rehash(struct name_table *t)
{
	size_t n = t->nslots ? t->nslots * 2 : 256, i, j;
	uint32_t *slots = xcalloc(n, sizeof(*slots));

	for (i = 1; i < t->n; i++) {
		for (j = ptr_hash(t->names[i]) & (n - 1); slots[j]; j = (j + 1) & (n - 1))
			;
		slots[j] = (uint32_t)i;
	}
	free(t->slots);
	t->slots = slots;
	t->nslots = n;
}

uint32_t name_table_id(struct name_table *t, const char *name, uint32_t max)
{
	size_t j;

	if (!name)
		return 0;
	if (t->nslots) {
		for (j = ptr_hash(name) & (t->nslots - 1); t->slots[j];
		     j = (j + 1) & (t->nslots - 1))
			if (t->names[t->slots[j]] == name)
				return t->slots[j];
	}
	if (!t->n) {	/* index 0 is none */
		VEC_RESERVE(t->names, t->n, t->cap);
		t->names[t->n++] = NULL;
	}
	if (t->n > max)
		return 0;
	if ((t->n + 1) * 2 >= t->nslots)
		name_rehash(t);
	VEC_RESERVE(t->names, t->n, t->cap);
	t->names[t->n] = name;
	for (j = ptr_hash(name) & (t->nslots - 1); t->slots[j]; j = (j + 1) & (t->nslots - 1))
		;
	t->slots[j] = (uint32_t)t->n;
	return (uint32_t)t->n++;
}

/* @name must be interned in run->pool: lookups compare pointers. */
int run_device_find(const struct pm_run *run, const char *name)
{
	size_t j;

	if (!run->dev_nslots)
		return -1;
	for (j = ptr_hash(name) & (run->dev_nslots - 1); run->dev_slots[j] >= 0;
	     j = (j + 1) & (run->dev_nslots - 1)) {
		if (run->devs[run->dev_slots[j]].name == name)
			return run->dev_slots[j];
	}
	return -1;
}

static int new_device(struct pm_run *run, const char *name)
{
	struct pm_device *d;

	VEC_RESERVE(run->devs, run->ndevs, run->devs_cap);
	d = &run->devs[run->ndevs];
	memset(d, 0, sizeof(*d));
	d->name = name;
	d->parent_id = -1;
	d->async_flag = -1;
	d->twin = -1;
	return (int)run->ndevs++;
}

int run_device(struct pm_run *run, const char *name)
{
	int id = run_device_find(run, name);
	size_t j;

	if (id >= 0)
		return id;
	if ((run->ndevs + 1) * 2 >= run->dev_nslots)
		dev_rehash(run);
	for (j = ptr_hash(name) & (run->dev_nslots - 1); run->dev_slots[j] >= 0;
	     j = (j + 1) & (run->dev_nslots - 1))
		;
	id = new_device(run, name);
	run->dev_slots[j] = id;
	return id;
}

int run_device_twin(struct pm_run *run, int id)
{
	int twin = new_device(run, run->devs[id].name);	/* may move run->devs */

	while (run->devs[id].twin >= 0)
		id = run->devs[id].twin;
	run->devs[id].twin = twin;
	run->devs[id].named_twice = run->devs[twin].named_twice = true;
	return twin;
}

void run_set_fact(struct pm_run *run, const char *key, const char *value)
{
	size_t i;

	key = strpool_cstr(&run->pool, key);
	value = strpool_cstr(&run->pool, value);
	for (i = 0; i < run->nfacts; i++) {
		if (run->facts[i].key == key) {
			run->facts[i].value = value;
			return;
		}
	}
	VEC_RESERVE(run->facts, run->nfacts, run->facts_cap);
	run->facts[run->nfacts].key = key;
	run->facts[run->nfacts++].value = value;
}

const char *run_fact(const struct pm_run *run, const char *key)
{
	size_t i;

	for (i = 0; i < run->nfacts; i++)
		if (strcmp(run->facts[i].key, key) == 0)
			return run->facts[i].value;
	return NULL;
}

int run_kernel_since(const struct pm_run *run, uint64_t major, uint64_t minor)
{
	const char *v = run_fact(run, "kernel");

	return v ? version_since(str_c(v), major, minor) : -1;
}

void run_warn(struct pm_run *run, enum finding_code code, int cycle,
	      const char *file, unsigned int line, const char *fmt, ...)
{
	struct pm_warning *w;
	va_list ap;
	char *text;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	text = xmalloc(n > 0 ? (size_t)n + 1 : 1);
	va_start(ap, fmt);
	vsnprintf(text, n > 0 ? (size_t)n + 1 : 1, fmt, ap);
	va_end(ap);

	VEC_RESERVE(run->warns, run->nwarns, run->warns_cap);
	w = &run->warns[run->nwarns++];
	w->code = code;
	w->cycle = cycle;
	w->file = file;
	w->line = line;
	w->text = text;
}

struct pm_verdict *run_verdict(struct pm_run *run, const struct pm_verdict *v)
{
	if (run->nverdicts >= RUN_VERDICTS_MAX) {
		run->verdicts_cut++;
		return NULL;
	}
	VEC_RESERVE(run->verdicts, run->nverdicts, run->verdicts_cap);
	run->verdicts[run->nverdicts] = *v;
	return &run->verdicts[run->nverdicts++];
}

bool run_cycle_said(const struct pm_run *run, int cycle)
{
	size_t i;

	for (i = run->nverdicts; i-- > 0;)
		if (run->verdicts[i].cycle == cycle)
			return true;
	return false;
}

const struct pm_phase *cycle_phase(const struct pm_cycle *c, enum phase_kind kind)
{
	size_t i;

	for (i = c->nphases; i-- > 0;)
		if (c->phases[i].kind == kind)
			return &c->phases[i];
	return NULL;
}

/* Millions of callbacks: their size is most of a trace's memory. */
_Static_assert(sizeof(struct pm_callback) <= 48, "struct pm_callback grew past 48 bytes");
_Static_assert(CB_US_1024 < 1 << 8, "enum cb_flags outgrew pm_callback.flags");

ns_t cb_duration(const struct pm_callback *cb)
{
	/* an inferred end bounds the length; it does not measure it */
	if (cb->start == NS_NONE || cb->end == NS_NONE || (cb->flags & CB_UNFINISHED))
		return cb_kernel_ns(cb);
	return cb->end - cb->start;
}

ns_t phase_duration(const struct pm_phase *p)
{
	if (p->start == NS_NONE || p->end == NS_NONE)
		return kernel_us_ns(p->kernel_us, false);	/* "after N msecs" */
	return p->end - p->start;
}

const struct pm_callgraph *cb_graph(const struct pm_cycle *c, const struct pm_callback *cb,
				    struct pm_callgraph *view)
{
	const struct pm_callgraph_packed *g;

	if (cb->graph_id < 0 || (size_t)cb->graph_id >= c->ngraphs)
		return NULL;
	g = c->graphs[cb->graph_id];
	view->sleep_ns = g->sleep_ns;
	view->calls = g->calls;
	view->repaired = g->repaired;
	view->nfns = g->nfns;
	view->nsleeps = g->nsleeps;
	view->nslow = g->nslow;
	view->ndeep = g->ndeep;
	view->fns = (struct pm_fn_stat *)(g + 1);
	view->sleeps = view->fns + g->nfns;
	view->nspans = g->nspans;
	view->spans = (struct pm_sleep_span *)(view->sleeps + g->nsleeps);
	view->slow_path = (const char **)(view->spans + g->nspans);
	view->deep_path = view->slow_path + g->nslow;
	return view;
}

/*
 * The initcall a boot hung in: the last one started that never returned,
 * when the kernel never got as far as running init. c->ncbs when none.
 */
size_t cycle_boot_hang(const struct pm_cycle *c)
{
	size_t i, last = c->ncbs;

	if (cycle_phase(c, PK_BOOT_USER))
		return c->ncbs;
	for (i = 0; i < c->ncbs; i++) {
		const struct pm_callback *cb = &c->cbs[i];

		if ((cb->flags & CB_INITCALL) && (cb->flags & CB_UNFINISHED) &&
		    !cb_end_inferred(cb) && cb->start != NS_NONE && (last == c->ncbs || cb->start >= c->cbs[last].start))
			last = i;
	}
	return last;
}

int cycle_phase_at(const struct pm_cycle *c, ns_t ts)
{
	size_t i;
	int k = -1;

	for (i = 0; i < c->nphases; i++)
		if (c->phases[i].start != NS_NONE && c->phases[i].start <= ts &&
		    (k < 0 || c->phases[i].start >= c->phases[k].start))
			k = (int)i;
	return k;
}

const char *cycle_thread_comm(const struct pm_cycle *c, int pid)
{
	size_t i;

	for (i = 0; i < c->nthreads; i++)
		if (c->threads[i].pid == pid)
			return c->threads[i].comm;
	return NULL;
}

ns_t cycle_slept(const struct pm_cycle *c, int pid, ns_t a, ns_t b, unsigned int woke)
{
	size_t lo = 0, hi = c->nsleeps;
	ns_t sum = 0;

	if (!c->nsleeps || c->sleeps_cut)
		return -1;
	/* a thread's sleeps do not overlap: by start, their ends rise too */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct pm_sleep *s = &c->sleeps[mid];

		if (s->pid < pid || (s->pid == pid && s->end <= a))
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < c->nsleeps && c->sleeps[lo].pid == pid && c->sleeps[lo].start < b; lo++) {
		ns_t s = c->sleeps[lo].start > a ? c->sleeps[lo].start : a;
		ns_t e = c->sleeps[lo].end < b ? c->sleeps[lo].end : b;

		if (e > s && (woke & (1u << c->sleeps[lo].woke)))
			sum += e - s;
	}
	return sum;
}
