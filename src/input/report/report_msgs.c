// SPDX-License-Identifier: GPL-2.0
/*
 * What the log said while callbacks ran, as far as a report keeps it:
 * each callback's messages[], the few most telling lines of its own
 * device, family or driver. A cycle's lines are gathered from them once
 * each, in log order, for the messages analysis to place again; the
 * lines no callback showed are not in the report (pmscope(1), Reports
 * as inputs).
 */
#include <stdlib.h>

#include "report.h"

static int message(struct rep *r, struct json_object *v)
{
	struct pm_run *run = r->run;
	struct pm_cycle *c = r->c;
	struct pm_message m = { 0 };
	const char *text, *file;
	size_t len, cost;
	int64_t line;
	char *t;

	if (rv_object(r, v, "a message") < 0 || rv_source(r, v, "source", &m.file_id, &file) < 0 ||
	    rv_int(r, v, "line", 0, UINT32_MAX, 0, &line) < 0 || rv_ns(r, v, "ts_ns", &m.ts) < 0 ||
	    rv_str(r, v, "driver", &m.driver) < 0 || rv_str(r, v, "device", &m.device) < 0 ||
	    rv_str(r, v, "text", &text) < 0 || rv_bool(r, v, "alarm", &m.alarm) < 0)
		return -1;
	len = text ? strlen(text) : 0;
	if (len > MSG_TEXT_MAX)
		len = utf8_cut(text, MSG_TEXT_MAX);
	cost = sizeof(m) + len + 1;
	if (c->msg_bytes + cost > CYCLE_MSG_BYTES)	/* as a log's reading keeps them */
		return 0;
	t = arena_alloc(&run->msg_arena, len + 1, 1);
	memcpy(t, text ? text : "", len);
	t[len] = '\0';
	m.text = t;
	m.line = (uint32_t)line;
	VEC_RESERVE(c->msgs, c->nmsgs, c->msgs_cap);
	c->msgs[c->nmsgs++] = m;
	c->msg_bytes += cost;
	return 0;
}

int rep_cb_messages(struct rep *r, struct json_object *cb)
{
	struct json_object *list = json_object_object_get(cb, "messages");
	size_t i, n;

	if (!list)
		return 0;
	if (json_object_get_type(list) != json_type_array)
		return rep_error(r, "a callback's \"messages\": not a list");
	n = json_object_array_length(list);
	for (i = 0; i < n; i++)
		if (message(r, json_object_array_get_idx(list, i)) < 0)
			return -1;
	return 0;
}

static int cmp_place(const void *a, const void *b)
{
	const struct pm_message *x = a, *y = b;

	if (x->file_id != y->file_id)
		return x->file_id < y->file_id ? -1 : 1;
	return x->line < y->line ? -1 : x->line > y->line;
}

void rep_msgs_settle(struct pm_cycle *c)
{
	size_t i, n = 0;

	if (!c->nmsgs)
		return;
	qsort(c->msgs, c->nmsgs, sizeof(*c->msgs), cmp_place);
	for (i = 0; i < c->nmsgs; i++)	/* a line two callbacks showed: once */
		if (!n || cmp_place(&c->msgs[n - 1], &c->msgs[i]))
			c->msgs[n++] = c->msgs[i];
	c->nmsgs = n;
}
