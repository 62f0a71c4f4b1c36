// SPDX-License-Identifier: GPL-2.0
/*
 * Lines refused for numbers out of range. Times beyond NS_MAX and lengths
 * beyond US_MAX would overflow the sums and differences the analyses
 * make; such a line is not a kernel's, and the user hears which one.
 */
#include <stdio.h>

#include "input.h"

/* Named one by one; the rest are counted at the end. */
#define REFUSED_NAMED 5

void input_refuse(struct builder *b, struct input_stats *st, unsigned int line, const char *why)
{
	struct pm_event ev;
	char text[160];

	if (!st->refused++)
		st->first_refused = line;
	if (st->refused > REFUSED_NAMED)
		return;
	snprintf(text, sizeof(text), "line not used: %s", why);
	event_init(&ev, EV_NOTE, NS_NONE, line);
	ev.code = FC_LINES_REFUSED;
	ev.text = str_c(text);
	builder_event(b, &ev);
}

void input_refused_end(struct pm_run *run, const char *path, const struct input_stats *st)
{
	if (st->refused > REFUSED_NAMED)
		run_warn(run, FC_LINES_REFUSED, 0, path, st->first_refused,
			 "%u lines not used in all, from this one on: numbers out of range",
			 st->refused);
}
