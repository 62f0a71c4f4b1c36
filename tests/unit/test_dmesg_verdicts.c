// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's verdict lines (src/input/dmesg/dmesg_verdicts.c) as real
 * kernels printed them: lines from logs posted to the kernel's lists
 * (qcom-pcie: linux-arm-msm, amdgpu: amd-gfx, "late suspend of devices
 * failed": linux-acpi 2022-05; see tests/fixtures/ for whole logs), in
 * the shapes of 6.x, 5.x and 4.x; and words of the same look that are no
 * verdict of the PM core.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "input/dmesg/dmesg.h"

static void assert_str(struct str s, const char *want)
{
	char buf[256];

	snprintf(buf, sizeof(buf), "%.*s", (int)s.len, s.p ? s.p : "");
	assert_string_equal(buf, want);
}

static struct dmesg_verdict verdict(const char *line, enum verdict_kind kind)
{
	struct dmesg_verdict v;

	assert_true(dmesg_verdict_line(str_c(line), &v));
	assert_int_equal(v.kind, kind);
	return v;
}

static void test_device_failed(void **state)
{
	struct dmesg_verdict v;

	(void)state;
	v = verdict("qcom-pcie 1c00000.pci: PM: failed to suspend noirq: error -110",
		    VK_DEV_FAILED);
	assert_str(v.driver, "qcom-pcie");
	assert_str(v.device, "1c00000.pci");
	assert_string_equal(v.phase, "suspend_noirq");
	assert_int_equal(v.err, -110);
	v = verdict("amdgpu 0000:2d:00.0: PM: failed to suspend async noirq: error -22",
		    VK_DEV_FAILED);
	assert_string_equal(v.phase, "suspend_noirq");
	assert_int_equal(v.err, -22);
	v = verdict("acpi-fan PNP0C0B:00: PM: failed to resume async: error -19", VK_DEV_FAILED);
	assert_str(v.device, "PNP0C0B:00");
	assert_string_equal(v.phase, "resume");
	v = verdict("sd 0:0:0:0: PM: failed to freeze async: error -5", VK_DEV_FAILED);
	assert_str(v.device, "0:0:0:0");
	assert_string_equal(v.phase, "freeze");
	v = verdict("ahci 0000:00:17.0: PM: failed to restore early: error -19", VK_DEV_FAILED);
	assert_string_equal(v.phase, "restore_early");
	/* up to 4.x, the core named the device itself */
	v = verdict("PM: Device 0000:00:1f.3 failed to suspend async: error -16", VK_DEV_FAILED);
	assert_str(v.device, "0000:00:1f.3");
	assert_int_equal(v.driver.len, 0);
	assert_string_equal(v.phase, "suspend");
	assert_int_equal(v.err, -16);
	v = verdict("PM: Device 2-1 failed to resume: error -19", VK_DEV_FAILED);
	assert_str(v.device, "2-1");
}

static void test_callback_returns(void **state)
{
	struct dmesg_verdict v;

	(void)state;
	v = verdict("qcom-pcie 1c00000.pci: PM: dpm_run_callback(): genpd_suspend_noirq "
		    "returns -110", VK_CB_RETURNS);
	assert_str(v.device, "1c00000.pci");
	assert_str(v.fn, "genpd_suspend_noirq");
	assert_int_equal(v.err, -110);
	assert_string_equal(v.phase, "");
	v = verdict("amdgpu 0000:2d:00.0: PM: pci_pm_suspend_noirq(): amdgpu_pmops_suspend_noirq "
		    "[amdgpu] returns -22", VK_CB_RETURNS);
	assert_str(v.fn, "amdgpu_pmops_suspend_noirq");
	assert_int_equal(v.err, -22);
	/* before 5.x: no device, "%pF" offsets */
	v = verdict("PM: dpm_run_callback(): pci_pm_suspend+0x0/0x160 returns -16", VK_CB_RETURNS);
	assert_int_equal(v.device.len, 0);
	assert_str(v.fn, "pci_pm_suspend");
	v = verdict("dpm_run_callback(): usb_dev_resume+0x0/0x20 returns -19", VK_CB_RETURNS);
	assert_str(v.fn, "usb_dev_resume");
	assert_int_equal(v.err, -19);
}

static void test_phase_failed(void **state)
{
	struct dmesg_verdict v;

	(void)state;
	v = verdict("PM: noirq suspend of devices failed", VK_PHASE_FAILED);
	assert_string_equal(v.phase, "suspend_noirq");
	v = verdict("PM: late suspend of devices failed", VK_PHASE_FAILED);
	assert_string_equal(v.phase, "suspend_late");
	v = verdict("PM: suspend of devices aborted after 151.093 msecs", VK_PHASE_FAILED);
	assert_string_equal(v.phase, "suspend");
	v = verdict("PM: late freeze of devices aborted after 2.135 msecs", VK_PHASE_FAILED);
	assert_string_equal(v.phase, "freeze_late");
	/* dpm_suspend_start(): prepare and suspend */
	v = verdict("PM: start suspend of devices aborted after 10065.318 msecs", VK_PHASE_FAILED);
	assert_string_equal(v.phase, "suspend");
}

static void test_not_verdicts(void **state)
{
	static const char *const lines[] = {
		"usb 4-1: device not accepting address 2, error -62",
		/* a driver's own words, not the PM core's (no "PM: ") */
		"mt7921e 0000:01:00.0: failed to resume: error -110",
		"i915 0000:00:02.0: PM: failed to load firmware: error -2",
		"PM: noirq suspend of devices complete after 47.732 msecs",
		"PM: suspend entry (deep)",
		"xhci_hcd 0000:39:00.0: Timeout while waiting for setup device command",
		"foo_probe(): bar returns -12",
		"PM: Device eth0 failed to start: error -5",
	};
	struct dmesg_verdict v;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++)
		if (dmesg_verdict_line(str_c(lines[i]), &v))
			fail_msg("taken for a verdict: %s", lines[i]);
}

static void test_alarms(void **state)
{
	(void)state;
	/* the old WARN() and 6.16's */
	assert_int_equal(dmesg_alarm(str_c("WARNING: CPU: 3 PID: 518 at drivers/gpu/drm/i915/"
					   "intel_runtime_pm.c:624 intel_runtime_pm_put+0x3c/0x50")),
			 VK_WARNING);
	assert_int_equal(dmesg_alarm(str_c("WARNING: drivers/clk/clk.c:1188 at "
					   "clk_core_disable+0xa4/0xac, CPU#3: sh/396")),
			 VK_WARNING);
	/* 6.1's perf watchdog (the P6T WS Pro of tests/fixtures/corpus/, line 302) */
	assert_int_equal(dmesg_alarm(str_c("NMI watchdog: Watchdog detected hard LOCKUP on cpu 11")),
			 VK_STALL);
	assert_int_equal(dmesg_alarm(str_c("BUG: kernel NULL pointer dereference, address: "
					   "0000000000000008")), VK_OOPS);
	assert_int_equal(dmesg_alarm(str_c("Oops: 0000 [#1] PREEMPT SMP NOPTI")), VK_OOPS);
	assert_int_equal(dmesg_alarm(str_c("watchdog: BUG: soft lockup - CPU#2 stuck for 22s! "
					   "[kworker/2:1:85]")), VK_STALL);
	assert_int_equal(dmesg_alarm(str_c("INFO: task kworker/u16:3:230 blocked for more than "
					   "122 seconds.")), VK_STALL);
	assert_int_equal(dmesg_alarm(str_c("rcu: INFO: rcu_preempt detected stalls on CPUs/tasks:")),
			 VK_STALL);
	assert_int_equal(dmesg_alarm(str_c("WARNING: kernel/notifier.c:79 at notifier_call_chain"
					   "+0x84/0x1a4, CPU#3: bash/518")), VK_WARNING);
	assert_int_equal(dmesg_alarm(str_c("WARNING: possible circular locking dependency "
					   "detected")), VK_WARNING);
	assert_int_equal(dmesg_alarm(str_c("usb 1-1: USB disconnect, device number 2")), VK_NONE);
	/* the BeagleBone's omap8250 (tests/fixtures, line 137): no WARN() */
	assert_int_equal(dmesg_alarm(str_c("WARNING: Your 'console=ttyO0' has been replaced by "
					   "'ttyS0'")), VK_NONE);
}

/* Frames of a task's dump (the Lenovo 81EU's, corpus) and what is none */
static void test_stack_frames(void **state)
{
	(void)state;
	assert_true(dmesg_stack_frame(str_c(" rewind_stack_do_exit+0x17/0x20")));
	assert_true(dmesg_stack_frame(str_c(" ? __schedule+0x248/0x760")));
	assert_true(dmesg_stack_frame(str_c("  rfkill_fop_release+0x1c/0xa0 [rfkill]")));
	assert_true(dmesg_stack_frame(str_c(" __mutex_lock.isra.1+0x1ff/0x4f0")));
	/* not indented: no frame of a trace (a message naming a function) */
	assert_false(dmesg_stack_frame(str_c("__mutex_lock.isra.1+0x1ff/0x4f0")));
	assert_false(dmesg_stack_frame(str_c("---[ end trace 0000000000000000 ]---")));
	assert_false(dmesg_stack_frame(str_c("usb 1-1: reset high-speed USB device number 2")));
	assert_false(dmesg_stack_frame(str_c("PM: noirq suspend of devices complete after 0x1/0x2")));
	assert_false(dmesg_stack_frame(str_c(" fn+0x1c/0xzz")));
	assert_false(dmesg_stack_frame(str_c(" fn+0x1c/0x20 and more")));
}

/* The tasks a freezer's failure dumps (the XPS 9360's, the Lenovo 81EU's) */
static void test_task_lines(void **state)
{
	char out[96];

	(void)state;
	assert_true(dmesg_task_line(str_c("task:systemd-journal state:D stack:0     pid:474   tgid:474   ppid:1"),
				    out, sizeof(out)));
	assert_string_equal(out, "systemd-journal (pid 474)");
	assert_true(dmesg_task_line(str_c("task:Web Content     state:D stack:0 pid:15156"), out, sizeof(out)));
	assert_string_equal(out, "Web Content (pid 15156)");
	assert_true(dmesg_task_line(str_c("rfkill          D    0  2586   2550 0x80080006"), out, sizeof(out)));
	assert_string_equal(out, "rfkill (pid 2586)");
	assert_false(dmesg_task_line(str_c("rfkill is blocked 0 2586 2550 0x80080006"), out, sizeof(out)));
	assert_false(dmesg_task_line(str_c("usb 1-1: new high-speed USB device number 2"), out, sizeof(out)));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_device_failed),
		cmocka_unit_test(test_callback_returns),
		cmocka_unit_test(test_phase_failed),
		cmocka_unit_test(test_not_verdicts),
		cmocka_unit_test(test_alarms),
		cmocka_unit_test(test_stack_frames),
		cmocka_unit_test(test_task_lines),
	};

	return cmocka_run_group_tests_name("kernel verdict lines", tests, NULL, NULL);
}
