// SPDX-License-Identifier: GPL-2.0
/*
 * Settling a cycle after its last event: the rules that need the whole
 * cycle at once.
 */
#include <stdio.h>
#include <stdlib.h>

#include "busy.h"
#include "events.h"

static ns_t phase_key(const struct pm_phase *p)
{
	return p->start != NS_NONE ? p->start : p->end;
}

struct phase_ord {
	struct pm_phase p;
	int old;
};

/* By kind when @by_kind (each kind once in the cycle), else by time. */
static int cmp_phase(const void *a, const void *b, void *by_kind)
{
	const struct phase_ord *x = a, *y = b;
	ns_t kx = phase_key(&x->p), ky = phase_key(&y->p);

	if (x->p.kind != y->p.kind && *(const bool *)by_kind)
		return x->p.kind < y->p.kind ? -1 : 1;
	if (kx != ky) {
		if (kx == NS_NONE)
			return 1;
		if (ky == NS_NONE)
			return -1;
		return kx < ky ? -1 : 1;
	}
	if (x->p.kind != y->p.kind)	/* same instant: sequence order */
		return x->p.kind < y->p.kind ? -1 : 1;
	return x->old - y->old;
}

/*
 * Each kind comes once in a cycle of every log seen, and then the
 * kernel's order is theirs: where the log's stamps and its figures
 * disagree, a phase placed by its figure can seem to start before the
 * one before it (resume before resume_early ends). Hibernation may run
 * a kind twice (its power-off after the image is written): by time then.
 */
_Static_assert(PK_COUNT <= 32, "kinds_once() keeps a bit per kind");
static bool kinds_once(const struct pm_cycle *c)
{
	unsigned int seen = 0;
	size_t i;

	for (i = 0; i < c->nphases; i++) {
		if (seen & (1u << c->phases[i].kind))
			return false;
		seen |= 1u << c->phases[i].kind;
	}
	return true;
}

static void sort_phases(struct pm_cycle *c)
{
	struct phase_ord *ord;
	bool by_kind;
	int *map;
	size_t i;

	if (c->nphases < 2)
		return;
	by_kind = kinds_once(c);
	ord = xmalloc(c->nphases * sizeof(*ord));
	map = xmalloc(c->nphases * sizeof(*map));
	for (i = 0; i < c->nphases; i++) {
		ord[i].p = c->phases[i];
		ord[i].old = (int)i;
	}
	qsort_r(ord, c->nphases, sizeof(*ord), cmp_phase, &by_kind);
	for (i = 0; i < c->nphases; i++) {
		c->phases[i] = ord[i].p;
		map[ord[i].old] = (int)i;
	}
	for (i = 0; i < c->ncbs; i++)
		if (c->cbs[i].phase >= 0)
			c->cbs[i].phase = map[c->cbs[i].phase];
	free(map);
	free(ord);
}

static bool ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), m = strlen(tail);

	return n >= m && memcmp(s + n - m, tail, m) == 0;
}

/*
 * The phase a callback function serves, from its name: the PM core's
 * and the buses' callbacks say it ("pci_pm_suspend_noirq",
 * "usb_dev_resume", "acpi_subsys_resume_early"). PK_COUNT when unsure.
 */
static enum phase_kind kind_of_fn(const char *fn)
{
	static const struct { const char *tail; enum phase_kind k; } tails[] = {
		{ "suspend_noirq", PK_SUSPEND_NOIRQ }, { "freeze_noirq", PK_SUSPEND_NOIRQ },
		{ "poweroff_noirq", PK_SUSPEND_NOIRQ }, { "suspend_late", PK_SUSPEND_LATE },
		{ "freeze_late", PK_SUSPEND_LATE }, { "poweroff_late", PK_SUSPEND_LATE },
		{ "resume_noirq", PK_RESUME_NOIRQ }, { "thaw_noirq", PK_RESUME_NOIRQ },
		{ "restore_noirq", PK_RESUME_NOIRQ }, { "resume_early", PK_RESUME_EARLY },
		{ "thaw_early", PK_RESUME_EARLY }, { "restore_early", PK_RESUME_EARLY },
		{ "suspend", PK_SUSPEND }, { "freeze", PK_SUSPEND }, { "poweroff", PK_SUSPEND },
		{ "resume", PK_RESUME }, { "thaw", PK_RESUME }, { "restore", PK_RESUME },
	};
	size_t i;

	if (!fn)
		return PK_COUNT;
	for (i = 0; i < ARRAY_SIZE(tails); i++)
		if (ends_with(fn, tails[i].tail))
			return tails[i].k;
	return PK_COUNT;
}

static bool has_device_phase(const struct pm_cycle *c)
{
	size_t i;

	for (i = 0; i < c->nphases; i++)
		if (phase_kind_is_device(c->phases[i].kind))
			return true;
	return false;
}

static int phase_for_kind(struct pm_run *run, struct pm_cycle *c, enum phase_kind k, int *map)
{
	struct pm_phase *p;

	if (map[k] >= 0)
		return map[k];
	VEC_RESERVE(c->phases, c->nphases, c->phases_cap);
	p = &c->phases[c->nphases];
	p->kind = k;
	p->name = strpool_cstr(&run->pool, phase_kind_name(k));
	p->start = p->end = NS_NONE;
	p->kernel_us = US_NONE;
	p->line = p->end_line = 0;
	return map[k] = (int)c->nphases++;
}

static void span_cb(struct pm_phase *p, const struct pm_callback *cb)
{
	if (cb->start != NS_NONE && (p->start == NS_NONE || cb->start < p->start))
		p->start = cb->start;
	/* an inferred end is the next callback's start, maybe a phase later */
	if (cb->end != NS_NONE && !cb_end_inferred(cb) && (p->end == NS_NONE || cb->end > p->end))
		p->end = cb->end;
	/* one that never returned (an excerpt ends in it): the phase ran
	 * at least until it started */
	if (cb->end == NS_NONE && cb->start != NS_NONE && (p->end == NS_NONE || cb->start > p->end))
		p->end = cb->start;
}

/*
 * Names mislead ("intel_lpss_resume" is an early callback), but phases
 * never overlap: a callback put in phase B that started before the last
 * callback of the phase A before it ended belongs to A.
 */
static void settle_inferred(struct pm_cycle *c, const int *map, const bool *made)
{
	enum phase_kind a, bk;
	size_t i;

	for (bk = PK_SUSPEND; bk < PK_BOOT_KERNEL; bk++) {
		a = bk - 1;
		if (bk == PK_MACHINE || bk == PK_RESUME_NOIRQ || !made[bk] || map[bk] < 0 ||
		    map[a] < 0 || !made[a] || c->phases[map[a]].end == NS_NONE)
			continue;
		for (i = 0; i < c->ncbs; i++) {
			struct pm_callback *cb = &c->cbs[i];

			if (cb->phase == map[bk] && cb->start != NS_NONE &&
			    cb->start < c->phases[map[a]].end) {
				cb->phase = map[a];
				span_cb(&c->phases[map[a]], cb);
			}
		}
		c->phases[map[bk]].start = c->phases[map[bk]].end = NS_NONE;
		for (i = 0; i < c->ncbs; i++)
			if (c->cbs[i].phase == map[bk])
				span_cb(&c->phases[map[bk]], &c->cbs[i]);
	}
}

/*
 * Callbacks the log's phase lines do not place: a log without them (they
 * are debug messages on some kernels), one with some lines missing, or
 * a cycle cut off. Each callback's phase comes from its function's name,
 * or follows the one before it, starting from @cur; phases created here
 * span their callbacks, and the machine phase the gap between the sides.
 */
static void infer_phases(struct pm_run *run, struct pm_cycle *c, enum phase_kind cur)
{
	int map[PK_COUNT];
	bool made[PK_COUNT] = { false };
	enum phase_kind k;
	ns_t gap_start = NS_NONE, gap_end = NS_NONE;
	size_t i;

	for (i = 0; i < PK_COUNT; i++)
		map[i] = -1;
	for (i = 0; i < c->nphases; i++)
		map[c->phases[i].kind] = (int)i;
	for (i = 0; i < c->ncbs; i++) {
		struct pm_callback *cb = &c->cbs[i];

		if (cb->phase >= 0)
			continue;
		k = kind_of_fn(cb_fn(run, cb));
		/* phases only move forward; an unknown name stays where we are */
		if (k != PK_COUNT && (k > cur || (phase_kind_is_resume(k) && !phase_kind_is_resume(cur))))
			cur = k;
		if (map[cur] < 0)
			made[cur] = true;
		cb->phase = phase_for_kind(run, c, cur, map);
		if (made[cur])
			span_cb(&c->phases[cb->phase], cb);
	}
	settle_inferred(c, map, made);
	for (k = 0; k < PK_MACHINE; k++)
		if (map[k] >= 0 && c->phases[map[k]].end != NS_NONE)
			gap_start = c->phases[map[k]].end;
	for (k = PK_COUNT; k-- > PK_MACHINE + 1;)
		if (map[k] >= 0 && c->phases[map[k]].start != NS_NONE)
			gap_end = c->phases[map[k]].start;
	if (gap_start != NS_NONE && gap_end != NS_NONE && gap_end >= gap_start && map[PK_MACHINE] < 0) {
		/* not &c->phases[phase_for_kind()]: it may move c->phases, and
		 * C leaves open whether the array is read before the call */
		int machine = phase_for_kind(run, c, PK_MACHINE, map);

		c->phases[machine].start = gap_start;
		c->phases[machine].end = gap_end;
	}
}

/* The kind after the last device phase that ended before @t. */
static enum phase_kind kind_after(const struct pm_cycle *c, ns_t t)
{
	const struct pm_phase *last = NULL;
	size_t i;

	for (i = 0; i < c->nphases; i++) {
		const struct pm_phase *p = &c->phases[i];

		if (phase_kind_is_device(p->kind) && p->end != NS_NONE &&
		    (t == NS_NONE || p->end <= t + PHASE_SLACK_NS) && (!last || p->end >= last->end))
			last = p;
	}
	if (!last)
		return PK_SUSPEND;
	switch (last->kind) {
	case PK_PREPARE: return PK_SUSPEND;
	case PK_SUSPEND_NOIRQ: return PK_RESUME_NOIRQ;
	case PK_RESUME: case PK_COMPLETE: return PK_RESUME;
	default: return last->kind + 1;
	}
}

static void place_leftovers(struct pm_run *run, struct pm_cycle *c)
{
	bool any_phase = has_device_phase(c);
	size_t i, n = 0;
	ns_t first = NS_NONE;

	for (i = 0; i < c->ncbs; i++) {
		if (c->cbs[i].phase >= 0)
			continue;
		n++;
		if (c->cbs[i].start != NS_NONE && (first == NS_NONE || c->cbs[i].start < first))
			first = c->cbs[i].start;
	}
	if (!n || c->mode == MODE_BOOT)
		return;
	infer_phases(run, c, kind_after(c, first));
	if (!any_phase)
		run_warn(run, FC_PHASES_INFERRED, c->index, c->file, c->first_line,
			 "cycle %d: the log has no phase lines; phases inferred from callbacks",
			 c->index);
	else if (c->resumed)
		run_warn(run, FC_PHASES_INFERRED, c->index, c->file, c->first_line,
			 "cycle %d: %zu callbacks outside the phases the log printed; "
			 "their phases inferred from callbacks", c->index, n);
	sort_phases(c);
}

static void fill_edges(struct pm_cycle *c)
{
	size_t i;

	for (i = 0; i < c->nphases; i++) {
		struct pm_phase *p = &c->phases[i];

		if (p->start == NS_NONE)
			p->start = i ? c->phases[i - 1].end : c->start;
		/* The machine phase is everything between the two device sides:
		 * platform wake-up work after "Waking up" belongs to it. Without
		 * device phases after it, what follows the wake is resume. */
		if (p->kind == PK_MACHINE && p->end != NS_NONE && i + 1 < c->nphases &&
		    phase_kind_is_device(c->phases[i + 1].kind) &&
		    phase_key(&c->phases[i + 1]) != NS_NONE && phase_key(&c->phases[i + 1]) > p->end)
			p->end = phase_key(&c->phases[i + 1]);
		if (p->end != NS_NONE)
			continue;
		if (i + 1 < c->nphases && phase_key(&c->phases[i + 1]) != NS_NONE)
			p->end = phase_key(&c->phases[i + 1]);
		else
			p->end = c->end;
		if (p->start != NS_NONE && p->end != NS_NONE && p->end < p->start)
			p->end = p->start;
	}
}

static int cmp_pid_count(const void *a, const void *b)
{
	const struct pm_thread *x = a, *y = b;

	if (x->main != y->main)
		return x->main ? -1 : 1;
	if (x->ncbs != y->ncbs)
		return x->ncbs > y->ncbs ? -1 : 1;
	return x->pid - y->pid;
}

static void find_threads(struct pm_cycle *c)
{
	struct pm_thread *t = NULL;
	struct int_index by_pid = { 0 };
	size_t n = 0, cap = 0, i, j = 0;

	for (i = 0; i < c->ncbs; i++) {
		const struct pm_callback *cb = &c->cbs[i];
		ns_t d = cb_duration(cb);

		if (cb->pid < 0)
			continue;
		/* a thread's callbacks come in runs: its last first */
		if (!n || t[j].pid != cb->pid)
			j = (size_t)int_index_get(&by_pid, cb->pid, (int)n);
		if (j == n) {
			VEC_RESERVE(t, n, cap);
			memset(&t[n++], 0, sizeof(*t));
			t[j].pid = cb->pid;
		}
		t[j].ncbs++;
		if (d != NS_NONE && d > 0)
			t[j].busy_ns += d;
	}
	int_index_free(&by_pid);
	if (c->main_pid < 0) {
		/* No thread announced the phases: the busiest one drives. */
		for (j = 0; j < n; j++)
			if (c->main_pid < 0 || t[j].ncbs > t[c->main_pid].ncbs)
				c->main_pid = (int)j;
		if (c->main_pid >= 0)
			c->main_pid = t[c->main_pid].pid;
	}
	for (j = 0; j < n; j++) {
		t[j].main = t[j].pid == c->main_pid;
		if (t[j].main)
			t[j].comm = c->main_comm;
	}
	if (n)
		qsort(t, n, sizeof(*t), cmp_pid_count);
	c->threads = t;
	c->nthreads = n;
	/* a boot's pid 0 is start_kernel() itself, before kernel_init runs:
	 * its console initcalls come first, one after another */
	for (i = 0; i < c->ncbs; i++)
		c->cbs[i].async = c->cbs[i].pid >= 0 && c->cbs[i].pid != c->main_pid &&
				  !(c->mode == MODE_BOOT && c->cbs[i].pid == 0);
}

/*
 * For each callback of @c, the one whose start bounded its end
 * (cb_end_inferred()), -1: the builder's rule (busy_step()) again, in one
 * pass. (That start may have moved since: a dmesg start is its end less
 * the kernel's figure.)
 */
static int *enders(const struct pm_cycle *c)
{
	int *by = xmalloc((c->ncbs ? c->ncbs : 1) * sizeof(*by));
	struct busy_map m = { 0 };
	size_t j;

	for (j = 0; j < c->ncbs; j++)
		by[j] = -1;
	for (j = 0; j < c->ncbs; j++) {
		const struct pm_callback *cb = &c->cbs[j];
		int k = busy_kind(cb->flags), ended[2], n;

		if (k < 0 || cb->pid < 0)
			continue;
		n = busy_step(busy_get(&m, cb->pid, 0), k, (int)j, ended);
		while (n-- > 0)
			by[ended[n]] = (int)j;
	}
	busy_free(&m);
	return by;
}

/* The log lost @c's callback @i's return line, but not what its thread
 * did next (@by, enders()): a warning, whatever the mode; it returned,
 * with what is not known. */
static void warn_inferred(struct pm_run *run, const struct pm_cycle *c, size_t i, int by)
{
	const struct pm_callback *cb = &c->cbs[i], *next = by >= 0 ? &c->cbs[by] : NULL;
	const char *name = run->devs[cb->dev].name;

	if (!next) {
		run_warn(run, FC_NO_RETURN, c->index, cb_file(run, cb), cb->line,
			 "%s: no return line (lost or garbled?); its thread %d went on: "
			 "it ended within %.3f ms", name, cb->pid, (cb->end - cb->start) / 1e6);
		return;
	}
	run_warn(run, FC_NO_RETURN, c->index, cb_file(run, cb), cb->line,
		 "%s: no return line (lost or garbled?); its thread %d went on to %s "
		 "(line %u): it ended within %.3f ms", name, cb->pid,
		 run->devs[next->dev].name, next->line, (cb->end - cb->start) / 1e6);
}

/*
 * What the log lost of @c's callbacks: a return line whose thread went
 * on (its end inferred), a boot's return lines lost to serial noise.
 * Callbacks that never returned, and a cycle the log ends in, are the
 * findings analysis's to say (analysis/findings.c): they are what
 * happened, not what the reading lost.
 */
static void warn_unfinished(struct pm_run *run, struct pm_cycle *c)
{
	size_t i, hung = cycle_boot_hang(c);
	int *by = NULL;	/* enders(), when one is asked */

	for (i = 0; i < c->ncbs; i++) {
		const struct pm_callback *cb = &c->cbs[i];

		if (!(cb->flags & CB_UNFINISHED))
			continue;
		if (cb_end_inferred(cb)) {
			if (!by)
				by = enders(c);
			warn_inferred(run, c, i, by[i]);
		} else if (c->mode == MODE_BOOT && i != hung) {
			run_warn(run, FC_NO_RETURN, c->index, cb_file(run, cb), cb->line,
				 "%s: no return line (lost or garbled?)", run->devs[cb->dev].name);
		}
	}
	free(by);
	if (c->mode != MODE_BOOT && !c->resumed && !c->nphases && !c->ncbs &&
	    !run_cycle_said(run, c->index))
		run_warn(run, FC_EMPTY_CYCLE, c->index, c->file, c->first_line,
			 "cycle %d has no phases or callbacks", c->index);
}

/*
 * A log without device lines (no pm_print_times) still says where the
 * machine woke; from there to the thaw, devices resumed: that is the
 * resume phase, which no line printed.
 */
static void unexplained_resume(struct pm_run *run, struct pm_cycle *c)
{
	int map[PK_COUNT], k, resume;
	struct pm_phase *p;
	ns_t from, to;
	size_t i;

	if (has_device_phase(c))
		return;
	for (i = 0; i + 1 < c->nphases; i++)
		if (c->phases[i].kind == PK_MACHINE)
			break;
	if (i + 1 >= c->nphases || c->phases[i + 1].kind != PK_EXIT)
		return;
	from = c->phases[i].end;
	to = c->phases[i + 1].start;
	if (from == NS_NONE || to == NS_NONE || to <= from)
		return;
	for (k = 0; k < PK_COUNT; k++)
		map[k] = -1;
	resume = phase_for_kind(run, c, PK_RESUME, map);	/* may move c->phases */
	p = &c->phases[resume];
	p->start = from;
	p->end = to;
	sort_phases(c);
}

/*
 * An inferred end (cb_end_inferred()) is the next callback its thread
 * ran, maybe phases later when the log lost their lines: a phase the
 * kernel printed the length of had not begun before the callback's own
 * phase was over, so its start bounds it too.
 */
static void bound_inferred(struct pm_cycle *c)
{
	size_t i;
	int j;

	for (i = 0; i < c->ncbs; i++) {
		struct pm_callback *cb = &c->cbs[i];

		if (!cb_end_inferred(cb) || cb->phase < 0)
			continue;
		for (j = cb->phase + 1; j < (int)c->nphases; j++) {
			const struct pm_phase *p = &c->phases[j];

			if (p->kernel_us == US_NONE || p->start == NS_NONE || p->start < cb->start)
				continue;
			if (p->start < cb->end)
				cb->end = p->start;
			break;
		}
	}
}

void cycle_finish(struct pm_run *run, struct pm_cycle *c)
{
	size_t i;

	for (i = 0; i < c->ncbs; i++)
		if (c->cbs[i].end != NS_NONE && (c->end == NS_NONE || c->cbs[i].end > c->end))
			c->end = c->cbs[i].end;
	sort_phases(c);
	place_leftovers(run, c);	/* sorts again when it adds phases */
	fill_edges(c);
	unexplained_resume(run, c);
	settle_phases(run, c);
	bound_inferred(c);
	find_threads(c);
	warn_unfinished(run, c);
	twin_parents(run, c);
}
