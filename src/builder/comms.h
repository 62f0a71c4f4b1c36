/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Task names by pid, as a source's lines gave them (ftrace's "comm-pid"
 * column): the builder names each cycle's threads from it, so lanes say
 * "kworker/u32:7" rather than a bare pid.
 */
#ifndef PMSCOPE_BUILD_COMMS_H
#define PMSCOPE_BUILD_COMMS_H

#include "model.h"

struct comm_slot {
	int pid;	/* -1: empty */
	uint32_t len;	/* of comm: compared per event, not strlen()'d */
	const char *comm;
};

struct comm_map {
	struct comm_slot *slots;
	size_t nslots, count;
	const struct comm_slot *last;	/* set last, or NULL */
};

/* Remember @comm for @pid (the latest name wins); interned in @pool. */
void comm_map_set(struct comm_map *m, struct strpool *pool, int pid, struct str comm);
const char *comm_map_get(const struct comm_map *m, int pid);
/* Name the threads of @c the cycle's own events left nameless. */
void comm_map_name_threads(const struct comm_map *m, struct pm_cycle *c);
void comm_map_free(struct comm_map *m);

#endif
