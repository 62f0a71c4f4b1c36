// SPDX-License-Identifier: GPL-2.0
/*
 * pid -> task name for the builder (comms.h). A trace names the task of
 * every line, so this is asked once per event: an open-addressing table
 * on the pid, and a name interned only when it changes.
 */
#include <stdlib.h>
#include <string.h>

#include "comms.h"

static size_t slot_of(const struct comm_map *m, int pid)
{
	size_t i = int_slot_of((uint32_t)pid, m->nslots);

	while (m->slots[i].pid >= 0 && m->slots[i].pid != pid)
		i = (i + 1) & (m->nslots - 1);
	return i;
}

static void grow(struct comm_map *m)
{
	struct comm_map n = { .nslots = m->nslots ? m->nslots * 2 : 64, .count = m->count };
	size_t i;

	n.slots = xmalloc(n.nslots * sizeof(*n.slots));
	for (i = 0; i < n.nslots; i++)
		n.slots[i].pid = -1;
	for (i = 0; i < m->nslots; i++)
		if (m->slots[i].pid >= 0)
			n.slots[slot_of(&n, m->slots[i].pid)] = m->slots[i];
	free(m->slots);
	*m = n;		/* @last too: NULL */
}

/* ftrace writes "<...>" when it lost the name: that names nothing. */
static bool real_name(struct str comm)
{
	return comm.len && !str_eq(comm, "<...>");
}

void comm_map_set(struct comm_map *m, struct strpool *pool, int pid, struct str comm)
{
	size_t i;

	if (pid < 0 || !real_name(comm))
		return;
	/* a trace's lines come in runs of one task's: its last name first */
	if (m->last && m->last->pid == pid && m->last->len == comm.len &&
	    same_bytes(m->last->comm, comm.p, comm.len))
		return;
	if ((m->count + 1) * 2 > m->nslots)
		grow(m);
	i = slot_of(m, pid);
	m->last = &m->slots[i];
	if (m->slots[i].pid == pid && m->slots[i].len == comm.len &&
	    same_bytes(m->slots[i].comm, comm.p, comm.len))
		return;
	if (m->slots[i].pid < 0)
		m->count++;
	m->slots[i].pid = pid;
	m->slots[i].comm = strpool_get(pool, comm);
	m->slots[i].len = (uint32_t)strlen(m->slots[i].comm);
}

const char *comm_map_get(const struct comm_map *m, int pid)
{
	size_t i;

	if (pid < 0 || !m->nslots)
		return NULL;
	i = slot_of(m, pid);
	return m->slots[i].pid == pid ? m->slots[i].comm : NULL;
}

void comm_map_name_threads(const struct comm_map *m, struct pm_cycle *c)
{
	size_t i;

	for (i = 0; i < c->nthreads; i++)
		if (!c->threads[i].comm)
			c->threads[i].comm = comm_map_get(m, c->threads[i].pid);
	if (!c->main_comm)
		c->main_comm = comm_map_get(m, c->main_pid);
}

void comm_map_free(struct comm_map *m)
{
	free(m->slots);
	memset(m, 0, sizeof(*m));
}
