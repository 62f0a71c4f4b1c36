// SPDX-License-Identifier: GPL-2.0
/*
 * Critical path and blocked sync devices: placeholder that finds nothing,
 * so renderers can be written against the API while the analysis
 * (issue 4) is being built.
 */
#include <stdlib.h>

#include "analysis.h"

int critpath_compute(const struct pm_run *run, const struct pm_cycle *c,
		     struct critpath *out)
{
	(void)run;
	(void)c;
	memset(out, 0, sizeof(*out));
	return 0;
}

void critpath_free(struct critpath *cp)
{
	size_t i;

	for (i = 0; i < cp->nphases; i++)
		free(cp->phases[i].segs);
	free(cp->phases);
	free(cp->blocked);
	memset(cp, 0, sizeof(*cp));
}
