/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Probes a suspend or resume cycle's log shows (initcall_debug's "probe of
 * DEV returned R after N usecs"), for the builder's note: the driver core
 * holds probes from dpm_prepare() to dpm_complete() (device_block_probing())
 * and defers those asked for meanwhile (-517); they run after, while tasks
 * restart (psmouse's re-probe of serio1, 408 ms on the XPS 13 9360 6.10).
 * None is a PM callback: they only say what ran beside the cycle.
 * A cycle's probes are kept until its end is final: the log's cycle ends
 * at "Restarting tasks", "PM: suspend exit" can stretch it later. One
 * that began before that end and returned after it is told on its own
 * (psmouse's re-probe of serio1 on the XPS 13 9360 5.4, 203.673 ms, 35
 * ms past "PM: suspend exit", while user space ran).
 */
#ifndef PMSCOPE_BUILD_PROBES_H
#define PMSCOPE_BUILD_PROBES_H

#include "model.h"

/* -EPROBE_DEFER: the driver core deferred the probe before the driver ran */
#define EPROBE_DEFER_NR 517
#define PROBES_KEPT 256		/* a cycle's; later ones are not told */
#define PROBES_NAMED 3		/* deferred ones named in the note */
#define PROBES_NAME_MAX 64	/* bytes of a name the note gives */
#define PROBES_NOTE_MAX 1024	/* the note's: room for 4 names cut */
#define PROBES_LATE_TOLD 3	/* a cycle's probes past its end told */

struct probe_seen {
	const char *name;	/* interned */
	int err;		/* the driver's error (decoded), 0 none */
	bool unbound;		/* before 5.15, 0: the driver failed (its
				 * error is not in the line) */
	int64_t us;		/* the kernel's figure, US_NONE */
	ns_t end;		/* its line's stamp */
	unsigned int line;	/* its line, where a note of its own is */
};

struct cycle_probes {
	int cycle;		/* index of the cycle they are beside, 0 none */
	struct probe_seen seen[PROBES_KEPT];
	size_t n;
	size_t lost;		/* past PROBES_KEPT: counted, not told */
};

/* A probe beside cycle @cycle (1-based). */
void probes_add(struct cycle_probes *pr, int cycle, const struct probe_seen *p);
/* The note of @c's probes that ended by its end into @buf; false when
 * there were none. */
bool probes_note(const struct cycle_probes *pr, const struct pm_cycle *c, char *buf, size_t n);
/* The note of probe @p of cycle @c when it began in @c (by its start, by
 * its end) and returned after it; false for any other. */
bool probes_late_note(const struct pm_cycle *c, const struct probe_seen *p, char *buf, size_t n);
/* The probes kept are said: forget them. */
void probes_forget(struct cycle_probes *pr);

#endif
