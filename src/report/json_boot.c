// SPDX-License-Identifier: GPL-2.0
/*
 * A boot cycle's "boot_totals" object (analysis/boottotals.c; the fields
 * are documented in pmscope(1), JSON OUTPUT), and its "boot_marks", the
 * milestones as the model keeps them (what a report read back as an
 * input gives the boot totals from).
 */
#include <stdio.h>

#include "analysis.h"
#include "report.h"

static void put_cb(struct jw *w, const char *k, const struct pm_run *run,
		   const struct pm_cycle *c, int i)
{
	jw_kstr(w, k, i >= 0 ? run->devs[c->cbs[i].dev].name : NULL);
}

void report_json_boot_totals(struct jw *w, const struct pm_run *run,
			     const struct cycle_results *cr)
{
	const struct boot_totals *t = &cr->boot;
	const struct pm_cycle *c = cr->c;

	if (!t->boot)
		return;
	jw_kobj(w, "boot_totals");
	jw_kns(w, "firmware_ns", t->firmware_ns);
	jw_kns(w, "loader_ns", t->loader_ns);
	jw_kbool(w, "fpdt_table", t->fpdt_table);
	jw_kns(w, "free_initmem_ns", t->free_initmem);
	jw_kns(w, "run_init_ns", t->run_init);
	jw_kstr(w, "init_path", t->init_path);
	jw_kns(w, "kernel_ns", t->kernel_ns);
	jw_kns(w, "free_initmem_from_0_ns", t->freed_ns);
	jw_kns(w, "bootgraph_init_ns", t->bootgraph_ns);
	jw_kns(w, "builtin_initcalls_ns", t->builtin_ns);
	jw_kns(w, "init_to_last_initcall_ns", t->user_ns);
	jw_kns(w, "systemd_ns", t->systemd);
	jw_kns(w, "systemd_initrd_ns", t->systemd_initrd);
	jw_kns(w, "init_to_systemd_ns", t->init_systemd_ns);
	jw_kint(w, "builtin_initcalls", (int64_t)t->nbuiltin);
	jw_kint(w, "module_initcalls", (int64_t)t->nmodule);
	put_cb(w, "first_initcall", run, c, t->first_initcall);
	put_cb(w, "last_builtin_initcall", run, c, t->last_builtin);
	put_cb(w, "last_initcall", run, c, t->last_initcall);
	jw_kns(w, "boot_ns", cr->totals.boot_ns);
	jw_kstr(w, "boot_end", cr->totals.boot_end >= 0 ?
			       c->milestones[cr->totals.boot_end].name : NULL);
	jw_kint(w, "late_initcalls", (int64_t)t->nlate);
	put_cb(w, "last_late_initcall", run, c, t->late_last);
	jw_kns(w, "last_late_end_ns", t->late_end);
	jw_obj_end(w);
}

void report_json_boot_marks(struct jw *w, const struct pm_cycle *c)
{
	char key[64];
	size_t i;

	if (c->mode != MODE_BOOT)
		return;
	jw_kobj(w, "boot_marks");
	for (i = 0; i < BM_COUNT; i++) {
		snprintf(key, sizeof(key), "%s_ns", boot_mark_name((enum boot_mark)i));
		jw_kns(w, key, c->boot_marks[i]);
	}
	jw_obj_end(w);
}
