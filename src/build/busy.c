// SPDX-License-Identifier: GPL-2.0
/*
 * pid -> the callbacks it last started (busy.h): asked at every callback
 * start and end of a thread the line names, so an open-addressing table
 * on the pid as comms.c has.
 */
#include <stdlib.h>

#include "busy.h"

static size_t slot_of(const struct busy_map *m, int pid)
{
	size_t i = int_slot_of((uint32_t)pid, m->nslots);

	while (m->slots[i].pid >= 0 && m->slots[i].pid != pid)
		i = (i + 1) & (m->nslots - 1);
	return i;
}

static void grow(struct busy_map *m)
{
	struct busy_map n = { .nslots = m->nslots ? m->nslots * 2 : 64, .count = m->count };
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

struct busy_slot *busy_get(struct busy_map *m, int pid, int cycle)
{
	struct busy_slot *s = m->last;
	int k;

	if (s && s->pid == pid && s->cycle == cycle)
		return s;
	if ((m->count + 1) * 2 > m->nslots)
		grow(m);
	s = m->last = &m->slots[slot_of(m, pid)];
	if (s->pid < 0) {
		m->count++;
		s->pid = pid;
		s->cycle = -1;
	}
	if (s->cycle != cycle) {
		s->cycle = cycle;
		for (k = 0; k < BUSY_KINDS; k++)
			s->cb[k] = -1;
	}
	return s;
}

void busy_free(struct busy_map *m)
{
	free(m->slots);
	m->slots = m->last = NULL;
	m->nslots = m->count = 0;
}
