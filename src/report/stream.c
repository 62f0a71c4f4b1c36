// SPDX-License-Identifier: GPL-2.0
/*
 * A streamed renderer (report.h's report_stream) run over a whole run
 * whose results are all computed: what report_text() and report_json()
 * are when the pipeline does not feed them a cycle at a time.
 */
#include "analysis.h"
#include "report.h"

int report_streamed(const struct report_stream *s, FILE *f, const struct pm_run *run,
		    const struct pm_results *res, const struct report_opts *o)
{
	struct report_cursor c = { .f = f };
	size_t i;

	s->head(&c, run, res, o);
	for (i = 0; i < res->ncycles; i++)
		if (res->cycles[i].shown)
			s->cycle(&c, run, &res->cycles[i], o);
	return s->tail(&c, run, res, o);
}
