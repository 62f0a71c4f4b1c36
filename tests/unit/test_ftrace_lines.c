// SPDX-License-Identifier: GPL-2.0
/* ftrace line shapes of every era, with real lines from tests/fixtures. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "input/ftrace/ftrace_int.h"

static void assert_str(struct str s, const char *want)
{
	char buf[256];

	snprintf(buf, sizeof(buf), "%.*s", (int)s.len, s.p ? s.p : "");
	assert_string_equal(buf, want);
}

static struct ftrace_line split(const char *s)
{
	struct ftrace_line fl;

	assert_true(ftrace_split(str_c(s), &fl));
	return fl;
}

static void test_latency_4flags(void **state)
{
	/* pmgraph-2014-skynet-mem: 3.15, "...1" flags, comm with a dash */
	struct ftrace_line fl = split(" analyze_suspend-4122  [004] ....   550.850302: "
				      "device_pm_callback_start: pci 0000:00:00.0, parent: pci0000:00, preparing bus [suspend]");

	(void)state;
	assert_int_equal(fl.ts, 550850302000LL);
	assert_int_equal(fl.pid, 4122);
	assert_int_equal(fl.cpu, 4);
	assert_str(fl.comm, "analyze_suspend");
	assert_str(fl.event, "device_pm_callback_start");
	assert_str(fl.args, "pci 0000:00:00.0, parent: pci0000:00, preparing bus [suspend]");
	assert_false(fl.graph);
	fl = split("  kworker/u16:12-4266  [003] ....   550.863048: device_pm_callback_start: usb 2-1, parent: usb2, type [suspend]");
	assert_str(fl.comm, "kworker/u16:12");
	assert_int_equal(fl.pid, 4266);
}

static void test_latency_5flags(void **state)
{
	/* qemu-q35 6.1: irqs-off/BH, need-resched, hardirq, preempt, migrate */
	struct ftrace_line fl = split("            init-1       [000] d....    13.785132: suspend_resume: syscore_suspend[0] begin");

	(void)state;
	assert_int_equal(fl.ts, 13785132000LL);
	assert_int_equal(fl.pid, 1);
	assert_str(fl.event, "suspend_resume");
	assert_str(fl.args, "syscore_suspend[0] begin");
}

static void test_trace_cmd_report(void **state)
{
	/* kernel5.5-tegra: no flags column, event names padded */
	struct ftrace_line fl = split("         rtcwake-264   [003]    27.747644: device_pm_callback_start:  platform, parent: none, [suspend]");

	(void)state;
	assert_int_equal(fl.ts, 27747644000LL);
	assert_int_equal(fl.pid, 264);
	assert_int_equal(fl.cpu, 3);
	assert_str(fl.args, "platform, parent: none, [suspend]");
	fl = split("     kworker/0:1-12    [000]    26.168731: rpm_resume:           7000d000.i2c flags-4 cnt-1");
	assert_str(fl.event, "rpm_resume");
	assert_str(fl.args, "7000d000.i2c flags-4 cnt-1");
}

static void test_kprobe(void **state)
{
	/* pmgraph-2016 dev mode: kprobe lines pass through as events */
	struct ftrace_line fl = split(" analyze_suspend-1852  [002] d...    88.271698: ext4_sync_fs_ret: "
				      "(sync_fs_one_sb+0x20/0x30 <- ext4_sync_fs) arg1=0x0");

	(void)state;
	assert_str(fl.event, "ext4_sync_fs_ret");
	assert_int_equal(fl.ts, 88271698000LL);
}

static void test_graph_abstime(void **state)
{
	/* qemu-q35-s3-fgraph: abstime, cpu, proc, duration columns */
	struct ftrace_line fl = split("   24.546611 |   0)     init-1     |   21.921 us   |      input_dev_toggle();");

	(void)state;
	assert_true(fl.graph);
	assert_int_equal(fl.ts, 24546611000LL);
	assert_int_equal(fl.cpu, 0);
	assert_int_equal(fl.pid, 1);
	assert_str(fl.duration, "21.921 us");
	assert_str(fl.func, "      input_dev_toggle();");
	fl = split("    2.045073 |   1)   swapper-1    | + 14.992 us   |              } /* create_object.isra.0 */");
	assert_str(fl.duration, "+ 14.992 us");
	fl = split("   24.546903 |   0)     init-1     |   1559.207 us |  } /* dpm_run_callback */");
	assert_true(fl.graph);
	assert_str(fl.duration, "1559.207 us");
}

static void test_graph_comment(void **state)
{
	/* events and markers inside function_graph are comments */
	struct ftrace_line fl = split("   24.530498 |   0)     init-1     |               |  "
				      "/* device_pm_callback_start:  platform, parent: none, [suspend] */");

	(void)state;
	assert_false(fl.graph);
	assert_str(fl.event, "device_pm_callback_start");
	assert_str(fl.args, "platform, parent: none, [suspend]");
	fl = split("   24.510841 |   1)     init-1     |               |  /* qcap: SUSPEND START 1 mode=mem state=mem pm_async=1 */");
	assert_str(fl.event, "tracing_mark_write");
	assert_str(fl.args, "qcap: SUSPEND START 1 mode=mem state=mem pm_async=1");
}

static void test_graph_plain(void **state)
{
	/* kernel5.2-boot: only the CPU and duration columns */
	struct ftrace_line fl = split(" 0)   0.256 us    |    current_is_async();");

	(void)state;
	assert_true(fl.graph);
	assert_int_equal(fl.ts, NS_NONE);
	assert_int_equal(fl.pid, -1);
	assert_str(fl.duration, "0.256 us");
	fl = split(" 0)               |  __request_module() {");
	assert_str(fl.duration, "");
	assert_str(fl.func, "  __request_module() {");
}

static void test_graph_report(void **state)
{
	/* qemu-q35-s3-tracecmd-fgraph/report.txt: trace-cmd report prints
	 * function_graph records as events (lines 659, 661) */
	struct ftrace_line fl = split("              sh-252   [001]    39.031664: funcgraph_entry:      "
				      "+ 95.481 us  |      input_dev_release_keys();");

	(void)state;
	assert_true(fl.graph);
	assert_int_equal(fl.ts, 39031664000LL);
	assert_int_equal(fl.pid, 252);
	assert_str(fl.comm, "sh");
	assert_str(fl.duration, "+ 95.481 us");
	assert_str(fl.func, "      input_dev_release_keys();");
	fl = split("              sh-252   [001]    39.031991: funcgraph_exit:       ! 353.764 us |    }");
	assert_true(fl.graph);
	assert_str(fl.duration, "! 353.764 us");
	assert_str(fl.func, "    }");
}

static void test_not_lines(void **state)
{
	struct ftrace_line fl;

	(void)state;
	assert_false(ftrace_split(str_c("# tracer: nop"), &fl));
	assert_false(ftrace_split(str_c("cpus=4"), &fl));
	assert_false(ftrace_split(str_c("/sys/kernel/debug/tracing # cat trace"), &fl));
	assert_false(ftrace_split(str_c("--------------------------------"), &fl));
	/* cut in the middle of the time stamp */
	assert_false(ftrace_split(str_c(" analyze_suspend-4122  [004] ....   550.85"), &fl));
}

/* The input registry picks a reader from the content (input/detect.c). */
static void test_detect(void **state)
{
	/* the first bytes of qemu-q35-s3-tracecmd-dat/trace.dat */
	static const char dat[] = "\x17\x08\x44tracing7\0";
	/* skynet_mem_ftrace.txt: a header, then a trace line */
	const char *trace = "# tracer: nop\n"
			    " analyze_suspend-4122  [004] ....   550.850302: suspend_resume: "
			    "suspend_enter[3] begin\n";
	/* skynet_mem_dmesg.txt */
	const char *log = "[  550.850200] PM: Entering mem sleep\n"
			  "[  550.850302] Suspending console(s) (use no_console_suspend to debug)\n";

	(void)state;
	assert_int_equal(input_detect(str_make(dat, sizeof(dat) - 1)), INPUT_TRACE_DAT);
	assert_int_equal(input_detect(str_c(trace)), INPUT_FTRACE);
	assert_int_equal(input_detect(str_c(log)), INPUT_DMESG);
	assert_int_equal(input_detect(str_c("hello\nworld\n")), INPUT_UNKNOWN);
	assert_string_equal(input_kind_name(INPUT_FTRACE), "ftrace text");
	assert_string_equal(input_kind_name(INPUT_UNKNOWN), "unknown");
}

/* The kernel's printed "usecs" in ns (include/model.h). */
static void test_kernel_us(void **state)
{
	struct pm_callback cb = { .kernel_us = 1165034, .flags = CB_US_1024 };

	(void)state;
	/* 5.4 XPS: "i915 0000:00:02.0: pci_pm_suspend+0x0/0x150 returned 0 after 1165034 usecs" */
	assert_int_equal(cb_kernel_ns(&cb), 1165034LL * 1024);
	cb.flags = 0;
	assert_int_equal(cb_kernel_ns(&cb), 1165034LL * 1000);
	cb.kernel_us = US_NONE;
	assert_true(cb_kernel_ns(&cb) == NS_NONE);
	assert_true(kernel_us_ns(INT64_MAX, true) > 0);	/* saturates, no overflow */
	assert_true(ns_before(NS_NONE, 5) == NS_NONE);
	assert_true(ns_before(INT64_MIN + 10, 1000) == NS_NONE);
	assert_int_equal(ns_before(534466597000LL, kernel_us_ns(1165034, true)),
			 534466597000LL - 1192994816LL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_latency_4flags),
		cmocka_unit_test(test_latency_5flags),
		cmocka_unit_test(test_trace_cmd_report),
		cmocka_unit_test(test_kprobe),
		cmocka_unit_test(test_graph_abstime),
		cmocka_unit_test(test_graph_comment),
		cmocka_unit_test(test_graph_plain),
		cmocka_unit_test(test_graph_report),
		cmocka_unit_test(test_not_lines),
		cmocka_unit_test(test_detect),
		cmocka_unit_test(test_kernel_us),
	};

	return cmocka_run_group_tests_name("ftrace line shapes", tests, NULL, NULL);
}
