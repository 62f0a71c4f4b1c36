// SPDX-License-Identifier: GPL-2.0
/*
 * pid -> the callbacks it last started (busy.h): asked at every callback
 * start of a thread the line names; the pids indexed (int_index), the
 * slots in a vector beside it.
 */
#include <stdlib.h>

#include "busy.h"

struct busy_slot *busy_get(struct busy_map *m, int pid, int cycle)
{
	struct busy_slot *s = m->n ? &m->slots[m->last] : NULL;
	size_t i;
	int k;

	if (s && s->pid == pid && s->cycle == cycle)
		return s;
	i = (size_t)int_index_get(&m->ix, pid, (int)m->n);
	if (i == m->n) {
		VEC_RESERVE(m->slots, m->n, m->cap);
		m->slots[m->n++] = (struct busy_slot){ .pid = pid, .cycle = -1 };
	}
	m->last = i;
	s = &m->slots[i];
	if (s->cycle != cycle) {
		s->cycle = cycle;
		for (k = 0; k < BUSY_KINDS; k++)
			s->cb[k] = -1;
	}
	return s;
}

int busy_step(struct busy_slot *s, int k, int i, int ended[2])
{
	int n = 0;

	if (s->cb[k] >= 0 && s->cb[k] != i)
		ended[n++] = s->cb[k];
	if (k == BUSY_INITCALL && s->cb[BUSY_QUIRK] >= 0) {
		ended[n++] = s->cb[BUSY_QUIRK];
		s->cb[BUSY_QUIRK] = -1;
	}
	s->cb[k] = i;
	return n;
}

void busy_free(struct busy_map *m)
{
	int_index_free(&m->ix);
	free(m->slots);
	memset(m, 0, sizeof(*m));
}
