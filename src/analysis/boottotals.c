// SPDX-License-Identifier: GPL-2.0
/*
 * Boot totals that say what they measure (issue 13), from the kernel's
 * clock, which starts at 0 when the kernel starts timekeeping:
 *   kernel: 0 to "Run /init as init process" (pid 1 leaves the kernel);
 *   init memory freed: 0 to the first "Freeing unused kernel ..." line,
 *     printed by pid 1 after waiting for all async work
 *     (async_synchronize_full), shortly before /init;
 *   bootgraph's "Init process starts @": 0 to the last such line (it
 *     takes every one; mark_rodata_ro() prints two more);
 *   built-in initcalls: the first initcall's start to the last one's
 *     end before that line;
 *   init to the last initcall: "Run /init" to the end of the last
 *     initcall after it (modules that udev or the initramfs loaded);
 *   init to systemd: "Run /init" to the banner of systemd on the real
 *     root: the initrd (its scripts, or its own systemd), mounting the
 *     root (a disk's passphrase waits there) and the switch to it.
 * Firmware and boot loader run before the kernel's clock: the log has
 * no figure for them. The ACPI FPDT table holds the firmware's (Linux
 * lists the table at boot and shows it in /sys/firmware/acpi/fpdt/boot/,
 * systemd-analyze reads it or the loader's EFI variables); the totals
 * say whether the log shows the table. Definitions: pmscope(1).
 */
#include "analyses.h"

static bool is_initcall(const struct pm_callback *cb)
{
	return (cb->flags & CB_INITCALL) && cb->start != NS_NONE;
}

static ns_t cb_end(const struct pm_callback *cb)
{
	return cb->end != NS_NONE ? cb->end : cb->start;
}

/* What began after the boot's end milestone (cycle_totals()): modules
 * loaded late, the headline's own line. */
static void late_modules(const struct pm_cycle *c, struct boot_totals *t)
{
	struct cycle_totals ct;
	ns_t end;
	size_t i;

	cycle_totals(c, &ct);
	if (ct.boot_end < 0)
		return;
	end = c->milestones[ct.boot_end].ts;
	for (i = 0; i < c->ncbs; i++) {
		const struct pm_callback *cb = &c->cbs[i];

		if (cb->start == NS_NONE || cb->start < end)
			continue;
		t->nlate++;
		if (t->late_last < 0 || cb_end(cb) >= cb_end(&c->cbs[t->late_last]))
			t->late_last = (int)i;
	}
	if (t->late_last >= 0)
		t->late_end = cb_end(&c->cbs[t->late_last]);
}

void boot_totals(const struct pm_cycle *c, struct boot_totals *t)
{
	ns_t freed = c->boot_marks[BM_FREE_INITMEM], run_init = c->boot_marks[BM_RUN_INIT];
	ns_t kernel_end = freed != NS_NONE ? freed : run_init;
	size_t i;

	memset(t, 0, sizeof(*t));
	t->firmware_ns = t->loader_ns = NS_NONE;
	t->kernel_ns = t->freed_ns = t->bootgraph_ns = t->builtin_ns = t->user_ns = NS_NONE;
	t->init_systemd_ns = NS_NONE;
	t->systemd = c->boot_marks[BM_SYSTEMD];
	t->systemd_initrd = c->boot_marks[BM_SYSTEMD_INITRD];
	t->first_initcall = t->last_builtin = t->last_initcall = t->late_last = -1;
	t->late_end = NS_NONE;
	t->free_initmem = freed;
	t->run_init = run_init;
	t->init_path = c->init_path;
	if (c->mode != MODE_BOOT)
		return;
	t->boot = true;
	t->fpdt_table = c->boot_marks[BM_FPDT] != NS_NONE;
	for (i = 0; i < c->ncbs; i++) {
		const struct pm_callback *cb = &c->cbs[i];
		bool builtin = kernel_end != NS_NONE ? cb->start < kernel_end :
			       cb->phase >= 0 && c->phases[cb->phase].kind == PK_BOOT_KERNEL;

		if (!is_initcall(cb))
			continue;
		if (t->first_initcall < 0 || cb->start < c->cbs[t->first_initcall].start)
			t->first_initcall = (int)i;
		if (builtin) {
			t->nbuiltin++;
			if (t->last_builtin < 0 || cb_end(cb) > cb_end(&c->cbs[t->last_builtin]))
				t->last_builtin = (int)i;
		} else {
			t->nmodule++;
		}
		if (t->last_initcall < 0 || cb_end(cb) >= cb_end(&c->cbs[t->last_initcall]))
			t->last_initcall = (int)i;
	}
	if (run_init != NS_NONE && run_init >= 0)
		t->kernel_ns = run_init;
	if (freed != NS_NONE && freed >= 0)
		t->freed_ns = freed;
	if (c->boot_marks[BM_FREE_LAST] != NS_NONE && c->boot_marks[BM_FREE_LAST] >= 0)
		t->bootgraph_ns = c->boot_marks[BM_FREE_LAST];
	if (t->first_initcall >= 0 && t->last_builtin >= 0)
		t->builtin_ns = cb_end(&c->cbs[t->last_builtin]) - c->cbs[t->first_initcall].start;
	if (run_init != NS_NONE && t->last_initcall >= 0 &&
	    c->cbs[t->last_initcall].start >= run_init)
		t->user_ns = cb_end(&c->cbs[t->last_initcall]) - run_init;
	if (run_init != NS_NONE && t->systemd != NS_NONE && t->systemd >= run_init)
		t->init_systemd_ns = t->systemd - run_init;
	late_modules(c, t);
}

int an_boottotals(const struct pm_run *run, struct cycle_results *cr,
		  const struct results_opts *o)
{
	(void)run;
	(void)o;
	boot_totals(cr->c, &cr->boot);
	return 0;
}
