// SPDX-License-Identifier: GPL-2.0
/*
 * Did the platform really sleep? RUN-DIR/sys/sleep-stats.txt holds what
 * the kernel counted before and after each cycle of `pmscope record`
 * (capture/sleepstats.c writes it):
 *
 *   [cycle 1 before]
 *   mode: s2idle
 *   clock.boottime_ns: 81234567890
 *   /sys/power/suspend_stats/total_hw_sleep: 1000
 *   /sys/kernel/debug/amd_pmc/s0ix_stats:
 *   	=== S0ix statistics ===
 *
 * Per cycle the time asleep is the BOOTTIME clock's advance less the
 * MONOTONIC one's (MONOTONIC stops while timekeeping is suspended; where
 * it was not, the cycle's whole span), and the time in the
 * hardware's sleep state is the first counter the machine has, in this
 * order: suspend_stats/total_hw_sleep (the PM core's, 6.5+),
 * pmc_core slp_s0_residency_usec, the ACPI LPIT system residency, and
 * amd_pmc s0ix_stats' "Residency Time" of a new S0ix entry (all in us).
 * An s2idle cycle gets the note "hardware sleep: X of Y s (Z%)", and a
 * warning when the counter did not move. A failed suspend the kernel
 * counted is a warning naming its device, errno and step.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "input.h"

#define MAX_SNAPS 100000

struct stat_kv {
	char *key;
	char *value;	/* lines joined by '\n' */
};

struct stat_snap {
	unsigned int cycle;
	bool after;
	unsigned int line;
	struct stat_kv *kv;
	size_t n, cap;
};

struct stat_file {
	struct stat_snap *v;
	size_t n, cap;
};

static void snaps_free(struct stat_file *sf)
{
	size_t i, k;

	for (i = 0; i < sf->n; i++) {
		for (k = 0; k < sf->v[i].n; k++) {
			free(sf->v[i].kv[k].key);
			free(sf->v[i].kv[k].value);
		}
		free(sf->v[i].kv);
	}
	free(sf->v);
}

static void add_kv(struct stat_snap *s, struct str key, struct str value)
{
	VEC_RESERVE(s->kv, s->n, s->cap);
	s->kv[s->n].key = xasprintf("%.*s", (int)key.len, key.p);
	s->kv[s->n].value = xasprintf("%.*s", (int)value.len, value.p);
	s->n++;
}

/* A continuation line (tab first) of the last key. */
static void add_line(struct stat_snap *s, struct str line)
{
	struct stat_kv *kv = &s->kv[s->n - 1];
	char *v = xasprintf("%s%s%.*s", kv->value, *kv->value ? "\n" : "", (int)line.len,
			    line.p);

	free(kv->value);
	kv->value = v;
}

static int parse_line(struct stat_file *sf, struct str line, unsigned int lineno)
{
	struct stat_snap *s = sf->n ? &sf->v[sf->n - 1] : NULL;
	unsigned int cycle;
	char when[8];
	const char *colon;

	if (!line.len)
		return 0;
	if (line.p[0] == '[') {
		char hdr[64];

		if (line.len >= sizeof(hdr))
			return -1;
		memcpy(hdr, line.p, line.len);
		hdr[line.len] = '\0';
		if (sscanf(hdr, "[cycle %u %7[a-z]]", &cycle, when) != 2 ||
		    (strcmp(when, "before") && strcmp(when, "after")) || sf->n >= MAX_SNAPS)
			return -1;
		VEC_RESERVE(sf->v, sf->n, sf->cap);
		s = &sf->v[sf->n++];
		memset(s, 0, sizeof(*s));
		s->cycle = cycle;
		s->after = !strcmp(when, "after");
		s->line = lineno;
		return 0;
	}
	if (!s)
		return -1;
	if (line.p[0] == '\t') {
		if (!s->n)
			return -1;
		add_line(s, str_make(line.p + 1, line.len - 1));
		return 0;
	}
	colon = memchr(line.p, ':', line.len);
	if (!colon)
		return -1;
	add_kv(s, str_make(line.p, (size_t)(colon - line.p)),
	       str_trim(str_make(colon + 1, line.len - (size_t)(colon - line.p) - 1)));
	return 0;
}

static const char *get(const struct stat_snap *s, const char *key)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (!strcmp(s->kv[i].key, key))
			return s->kv[i].value;
	return NULL;
}

static bool get_num(const struct stat_snap *s, const char *key, long long *v)
{
	const char *p = get(s, key);
	char *end;

	if (!p)
		return false;
	errno = 0;
	*v = strtoll(p, &end, 10);
	return end != p && !errno && *v >= 0;
}

/* "Name: N" inside a multi-line value (amd_pmc's s0ix_stats). */
static bool get_field(const struct stat_snap *s, const char *key, const char *field,
		      long long *v)
{
	const char *p = get(s, key), *at;

	if (!p || !(at = strstr(p, field)))
		return false;
	return sscanf(at + strlen(field), ": %lld", v) == 1 && *v >= 0;
}

struct hw_sleep {
	const char *source;	/* NULL: no counter */
	long long us;		/* -1 unknown */
};

static struct hw_sleep hw_sleep_of(const struct stat_snap *b, const struct stat_snap *a)
{
	static const struct { const char *key, *name; } counters[] = {
		{ "/sys/power/suspend_stats/total_hw_sleep", "suspend_stats total_hw_sleep" },
		{ "/sys/kernel/debug/pmc_core/slp_s0_residency_usec",
		  "pmc_core slp_s0_residency_usec" },
		{ "/sys/devices/system/cpu/cpuidle/low_power_idle_system_residency_us",
		  "ACPI LPIT low_power_idle_system_residency_us" },
	};
	static const char *const amd = "/sys/kernel/debug/amd_pmc/s0ix_stats";
	struct hw_sleep h = { NULL, -1 };
	long long x, y, ex, ey;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(counters); i++)
		if (get_num(b, counters[i].key, &x) && get_num(a, counters[i].key, &y)) {
			h.source = counters[i].name;
			h.us = y >= x ? y - x : -1;
			return h;
		}
	if (get_field(b, amd, "S0ix Entry Time", &ex) && get_field(a, amd, "S0ix Entry Time", &ey)) {
		h.source = "amd_pmc s0ix_stats";
		h.us = ey == ex ? 0 : get_field(a, amd, "Residency Time", &y) ? y : -1;
	}
	return h;
}

/*
 * The time the kernel slept between the two: BOOTTIME's advance less
 * MONOTONIC's, where timekeeping was suspended (over 10 ms); else the
 * whole span, @whole set (s2idle without a cpuidle driver that freezes
 * the tick keeps timekeeping running). -1 unknown.
 */
static long long asleep_ns(const struct stat_snap *b, const struct stat_snap *a, bool *whole)
{
	long long bb, ba, mb, ma, d;

	*whole = false;
	if (!get_num(b, "clock.boottime_ns", &bb) || !get_num(a, "clock.boottime_ns", &ba) ||
	    !get_num(b, "clock.monotonic_ns", &mb) || !get_num(a, "clock.monotonic_ns", &ma) ||
	    ba < bb || ma < mb)
		return -1;
	d = (ba - bb) - (ma - mb);
	if (d > 10000000)
		return d;
	*whole = true;
	return ba - bb;
}

/* The model's cycle @n of the record, or 0 (a run-wide note) if absent. */
static int model_cycle(const struct pm_run *run, unsigned int n)
{
	size_t i;

	for (i = 0; i < run->ncycles; i++)
		if (run->cycles[i].index == (int)n)
			return (int)n;
	return 0;
}

/* The model's cycle @cyc (model_cycle()), NULL for 0. */
static const struct pm_cycle *cycle_of(const struct pm_run *run, int cyc)
{
	return cyc && run->cycles[cyc - 1].index == cyc ? &run->cycles[cyc - 1] : NULL;
}

static void failed_suspend(struct pm_run *run, const char *path, const struct stat_snap *b,
			   const struct stat_snap *a, int cyc)
{
	long long fb, fa;
	const char *dev = get(a, "/sys/power/suspend_stats/last_failed_dev");
	const char *err = get(a, "/sys/power/suspend_stats/last_failed_errno");
	const char *step = get(a, "/sys/power/suspend_stats/last_failed_step");

	if (!get_num(b, "/sys/power/suspend_stats/fail", &fb) ||
	    !get_num(a, "/sys/power/suspend_stats/fail", &fa) || fa <= fb)
		return;
	run_warn(run, FC_SUSPEND_STATS, cyc, path, a->line,
		 "cycle %u: the kernel counted %lld failed suspend%s (suspend_stats: last "
		 "failed device %s, errno %s, step %s)", a->cycle, fa - fb, fa - fb == 1 ? "" : "s",
		 dev && *dev ? dev : "-", err && *err ? err : "-", step && *step ? step : "-");
}

/*
 * The mode the snapshot names; where it names none (pmscope watch runs
 * before the kernel picks one: systemd's "suspend" may be either), the
 * one the log gave the cycle.
 */
static const char *snap_mode(const struct pm_run *run, const struct stat_snap *a, int cyc)
{
	const char *mode = get(a, "mode");
	const struct pm_cycle *c = cycle_of(run, cyc);

	if (mode && strcmp(mode, "none"))
		return mode;
	return c ? mode_name(c->mode) : NULL;
}

static void one_cycle(struct pm_run *run, const char *path, const struct stat_snap *b,
		      const struct stat_snap *a)
{
	int cyc = model_cycle(run, a->cycle);
	const char *mode = snap_mode(run, a, cyc), *irq = get(a, "/sys/power/pm_wakeup_irq");
	struct hw_sleep h = hw_sleep_of(b, a);
	bool whole;
	long long slept = asleep_ns(b, a, &whole);
	char key[64], val[256];

	failed_suspend(run, path, b, a, cyc);
	if (irq && *irq)
		run_warn(run, FC_HW_SLEEP, cyc, path, a->line, "cycle %u: woken by IRQ %s "
			 "(/sys/power/pm_wakeup_irq)", a->cycle, irq);
	if (!mode || strcmp(mode, "s2idle"))
		return;
	if (!h.source) {
		run_warn(run, FC_HW_SLEEP, cyc, path, a->line, "cycle %u: hardware sleep not known: "
			 "no residency counter on this machine (suspend_stats/total_hw_sleep, "
			 "pmc_core, ACPI LPIT or amd_pmc)", a->cycle);
		return;
	}
	if (h.us < 0) {
		run_warn(run, FC_NOT_READ, cyc, path, a->line, "cycle %u: hardware sleep not "
			 "known: %s went backwards", a->cycle, h.source);
		return;
	}
	if (slept > 0)
		snprintf(val, sizeof(val), "%.3f of %.3f s%s (%.1f%%), %s", h.us / 1e6,
			 slept / 1e9, whole ? " of the cycle" : "",
			 100.0 * (double)h.us * 1000 / (double)slept, h.source);
	else
		snprintf(val, sizeof(val), "%.3f s, %s", h.us / 1e6, h.source);
	snprintf(key, sizeof(key), "hw_sleep.cycle%u", a->cycle);
	run_set_fact(run, key, val);
	run_warn(run, FC_HW_SLEEP, cyc, path, a->line, "cycle %u: hardware sleep: %s", a->cycle, val);
	if (!h.us)
		run_warn(run, FC_NO_HW_SLEEP, cyc, path, a->line, "cycle %u: the platform never "
			 "reached its hardware sleep state: %s did not increase", a->cycle, h.source);
}

/* A fact of the run as a count, -1 when it has none. */
static long long fact_num(const struct pm_run *run, const char *key)
{
	const char *v = run_fact(run, key);
	char *end;
	long long n;

	if (!v)
		return -1;
	errno = 0;
	n = strtoll(v, &end, 10);
	return end != v && !*end && !errno && n >= 0 ? n : -1;
}

/*
 * Cycle @b's start on the wall clock: sys/facts.txt's wall clock, less
 * the BOOTTIME from @b's snapshot to the facts (both clocks go on while
 * the machine sleeps), plus MONOTONIC from the snapshot to the cycle's
 * first event (the log's clock: printk's runs as MONOTONIC does, within
 * the ms a wall-clock time is good for here).
 */
static void wall_start(struct pm_run *run, const struct stat_snap *b)
{
	long long real = fact_num(run, "capture.realtime_ns"), boot = fact_num(run,
		"capture.boottime_ns"), bb, mb;
	int cyc = model_cycle(run, b->cycle);
	struct pm_cycle *c = cyc ? &run->cycles[cyc - 1] : NULL;

	if (!c || c->index != cyc || c->start == NS_NONE || real < 0 || boot < 0 ||
	    !get_num(b, "clock.boottime_ns", &bb) || !get_num(b, "clock.monotonic_ns", &mb) ||
	    bb > boot)
		return;
	c->wall_start = real - (boot - bb) + (c->start - mb);
}

int residency_read(struct pm_run *run, const char *path, char *err, size_t errlen)
{
	struct line_reader *r = reader_open(path, err, errlen);
	struct stat_file sf = { 0 };
	struct str line;
	size_t i, k;
	int rc;

	if (!r)
		return -1;
	while ((rc = reader_next(r, &line)) > 0)
		if (parse_line(&sf, line, reader_lineno(r)) < 0)
			break;
	if (rc > 0)
		snprintf(err, errlen, "%s:%u: not understood", path, reader_lineno(r));
	else if (rc < 0)
		snprintf(err, errlen, "%s", reader_error(r));
	else {
		/* warnings keep the name: the caller's buffer does not last */
		path = strpool_cstr(&run->pool, path);
		for (i = 0; i < sf.n; i++)
			if (!sf.v[i].after)
				wall_start(run, &sf.v[i]);
		/* each "after" with the "before" of its cycle */
		for (i = 0; i < sf.n; i++)
			for (k = 0; sf.v[i].after && k < i; k++)
				if (!sf.v[k].after && sf.v[k].cycle == sf.v[i].cycle) {
					one_cycle(run, path, &sf.v[k], &sf.v[i]);
					break;
				}
	}
	snaps_free(&sf);
	reader_close(r);
	return rc ? -1 : 0;
}
