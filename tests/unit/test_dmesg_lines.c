// SPDX-License-Identifier: GPL-2.0
/* Each kernel log line shape, with real lines from tests/fixtures. */
#include <stdarg.h>
#include <string.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "input/dmesg/dmesg.h"

static struct kmsg_line split(const char *s)
{
	struct kmsg_line kl;

	assert_true(dmesg_split(str_c(s), &kl));
	return kl;
}

static void assert_str(struct str s, const char *want)
{
	char buf[256];

	snprintf(buf, sizeof(buf), "%.*s", (int)s.len, s.p ? s.p : "");
	assert_string_equal(buf, want);
}

static void test_prefix_plain(void **state)
{
	struct kmsg_line kl = split("[  550.850200] PM: Entering mem sleep");

	(void)state;
	assert_int_equal(kl.ts, 550850200000LL);
	assert_int_equal(kl.caller_tid, -1);
	assert_str(kl.msg, "PM: Entering mem sleep");
}

static void test_prefix_caller(void **state)
{
	/* kernel6.15-qemu: CONFIG_PRINTK_CALLER */
	struct kmsg_line kl = split("[   52.016170][ T6045] PM: suspend entry (s2idle)");

	(void)state;
	assert_int_equal(kl.ts, 52016170000LL);
	assert_int_equal(kl.caller_tid, 6045);
	assert_str(kl.msg, "PM: suspend entry (s2idle)");
	kl = split("[    0.000000][    C0] Linux version 6.16.0-rc4");
	assert_int_equal(kl.caller_tid, -1);
	assert_str(kl.msg, "Linux version 6.16.0-rc4");
}

static void test_prefix_decode(void **state)
{
	/* kernel5.4-lkp kmsg: dmesg --decode */
	struct kmsg_line kl = split("kern  :debug : [    0.231874] calling  con_init+0x0/0x227 @ 0");

	(void)state;
	assert_int_equal(kl.ts, 231874000LL);
	assert_str(kl.msg, "calling  con_init+0x0/0x227 @ 0");
	kl = split("<6>[   13.575363] PM: suspend entry (deep)");
	assert_str(kl.msg, "PM: suspend entry (deep)");
}

static void test_prefix_kmsg_journal(void **state)
{
	struct kmsg_line kl = split("6,1234,13575363,-;PM: suspend entry (deep)");

	(void)state;
	assert_int_equal(kl.ts, 13575363000LL);
	assert_str(kl.msg, "PM: suspend entry (deep)");
	kl = split("[   13.575363] testbox kernel: PM: suspend entry (deep)");
	assert_int_equal(kl.ts, 13575363000LL);
	assert_str(kl.msg, "PM: suspend entry (deep)");
	kl = split("> [  552.778682] PM: resume of devices complete after 180.949 msecs");
	assert_str(kl.msg, "PM: resume of devices complete after 180.949 msecs");
}

static void test_no_prefix(void **state)
{
	struct kmsg_line kl;

	(void)state;
	assert_false(dmesg_split(str_c("Subject: Re: [PATCH v1 3/4] acpi/x86"), &kl));
	assert_false(dmesg_split(str_c("U-Boot SPL 2024.10 (Dec 13 2024 - 10:06:12 +0200)"), &kl));
	assert_false(dmesg_split(str_c("[drm] Wrong MCH_SSKPD value"), &kl));
}

static void test_v1(void **state)
{
	struct dmesg_cb cb;

	(void)state;
	assert_int_equal(dmesg_cb_line(str_c("calling  7-0061+ @ 4122, parent: i2c-7"), &cb),
			 DS_CB_START);
	assert_str(cb.device, "7-0061");
	assert_str(cb.parent, "i2c-7");
	assert_int_equal(cb.pid, 4122);
	assert_int_equal(dmesg_cb_line(str_c("call 0000:00:14.0+ returned 0 after 217 usecs"), &cb),
			 DS_CB_END);
	assert_str(cb.device, "0000:00:14.0");
	assert_int_equal(cb.usecs, 217);
	assert_int_equal(cb.ret, 0);
	assert_int_equal(dmesg_cb_line(str_c("call 1-1+ returned -13 after 2140 usecs"), &cb),
			 DS_CB_END);
	assert_int_equal(cb.ret, -13);
}

static void test_v2(void **state)
{
	struct dmesg_cb cb;

	(void)state;
	assert_int_equal(dmesg_cb_line(str_c("rfkill rfkill10: calling rfkill_suspend+0x0/0x20 @ 2968, parent: hci0"), &cb),
			 DS_CB_START);
	assert_str(cb.driver, "rfkill");
	assert_str(cb.device, "rfkill10");
	assert_str(cb.fn, "rfkill_suspend");
	assert_str(cb.parent, "hci0");
	assert_int_equal(cb.pid, 2968);
	assert_int_equal(dmesg_cb_line(str_c("rfkill rfkill10: rfkill_suspend+0x0/0x20 returned 0 after 4 usecs"), &cb),
			 DS_CB_END);
	assert_str(cb.device, "rfkill10");
	assert_int_equal(cb.usecs, 4);
}

static void test_v3(void **state)
{
	struct dmesg_cb cb;

	(void)state;
	assert_int_equal(dmesg_cb_line(str_c("sd 12:0:0:0: PM: calling scsi_bus_suspend+0x0/0xb0 [scsi_mod] @ 150, parent: target12:0:0"), &cb),
			 DS_CB_START);
	assert_str(cb.driver, "sd");
	assert_str(cb.device, "12:0:0:0");
	assert_str(cb.fn, "scsi_bus_suspend");
	assert_str(cb.module, "scsi_mod");
	assert_str(cb.parent, "target12:0:0");
	assert_int_equal(cb.pid, 150);
	assert_int_equal(dmesg_cb_line(str_c("usb 1-2: PM: usb_dev_suspend+0x0/0x10 [usbcore] returned 0 after 1190 usecs"), &cb),
			 DS_CB_END);
	assert_str(cb.device, "1-2");
	assert_int_equal(cb.usecs, 1190);
	/* without offsets (6.x) */
	assert_int_equal(dmesg_cb_line(str_c("input input31: PM: calling input_dev_suspend @ 2957, parent: card0"), &cb),
			 DS_CB_START);
	assert_str(cb.fn, "input_dev_suspend");
	assert_str(cb.device, "input31");
	/* device names with spaces after the driver: leds */
	assert_int_equal(dmesg_cb_line(str_c("leds input2::kana: PM: calling led_suspend+0x0/0x40 @ 1, parent: input2"), &cb),
			 DS_CB_START);
	assert_str(cb.device, "input2::kana");
	assert_str(cb.driver, "leds");
}

static void test_boot(void **state)
{
	struct dmesg_cb cb;

	(void)state;
	assert_int_equal(dmesg_cb_line(str_c("calling  cryptd_init+0x0/0x1000 [cryptd] @ 88"), &cb),
			 DS_INITCALL_START);
	assert_str(cb.fn, "cryptd_init");
	assert_str(cb.module, "cryptd");
	assert_int_equal(cb.pid, 88);
	assert_int_equal(dmesg_cb_line(str_c("initcall con_init+0x0/0x280 returned 0 after 0 usecs"), &cb),
			 DS_INITCALL_END);
	assert_str(cb.device, "con_init");
	assert_int_equal(dmesg_cb_line(str_c("probe of 0000:00:16.0-b638ab7e returned -517 after 0 usecs"), &cb),
			 DS_PROBE_END);
	assert_int_equal(cb.ret, -517);
	assert_str(cb.device, "0000:00:16.0-b638ab7e");
	assert_int_equal(dmesg_cb_line(str_c("pci 0000:00:00.0: calling  quirk_mmio_always_on+0x0/0x20 @ 1"), &cb),
			 DS_QUIRK_START);
	assert_str(cb.device, "0000:00:00.0");
	assert_int_equal(dmesg_cb_line(str_c("pci 0000:00:00.0: quirk_mmio_always_on+0x0/0x20 took 0 usecs"), &cb),
			 DS_QUIRK_END);
}

static void test_not_callbacks(void **state)
{
	struct dmesg_cb cb;

	(void)state;
	assert_int_equal(dmesg_cb_line(str_c("PM: Calling kvm_suspend+0x0/0x30 [kvm]"), &cb), DS_NONE);
	assert_int_equal(dmesg_cb_line(str_c("dpm_run_callback(): usb_dev_resume+0x0/0x20 returns -13"), &cb), DS_NONE);
	assert_int_equal(dmesg_cb_line(str_c("Freezing user space processes ... (elapsed 0.001 seconds) done."), &cb), DS_NONE);
	assert_int_equal(dmesg_cb_line(str_c("foo: calling"), &cb), DS_NONE);
	assert_int_equal(dmesg_cb_line(str_c("x: y returned z after 3 usecs"), &cb), DS_NONE);
}

/*
 * Vendor printk prefixes (issue 15): brackets between the stamp and the
 * message. These lines are made up, in the shapes seen in Android/SoC
 * vendor logs; the messages themselves are the kernel's.
 */
static void test_prefix_vendor(void **state)
{
	struct kmsg_line kl;

	(void)state;
	/* a task bracket glued to the message */
	kl = split("[  123.456789] [pid:1201,cpu3,kworker/u16:2]xhci-hcd xhci-hcd.0.auto: "
		   "PM: calling platform_pm_suspend+0x0/0x70 @ 1201, parent: soc@0");
	assert_int_equal(kl.ts, 123456789000LL);
	assert_int_equal(kl.caller_tid, 1201);
	assert_str(kl.msg, "xhci-hcd xhci-hcd.0.auto: PM: calling platform_pm_suspend+0x0/0x70 "
		   "@ 1201, parent: soc@0");
	/* with the wall-clock bracket some kernels add every second */
	kl = split("[  123.456789] [2024:11:02 10:11:12][pid:1201,cpu3,kworker/u16:2]"
		   "PM: suspend entry (deep)");
	assert_int_equal(kl.caller_tid, 1201);
	assert_str(kl.msg, "PM: suspend entry (deep)");
	kl = split("[  123.456789][2024-11-02 10:11:12.000123] PM: suspend entry (deep)");
	assert_int_equal(kl.caller_tid, -1);
	assert_str(kl.msg, "PM: suspend entry (deep)");
	/* printk caller ids with and without padding, with the CPU */
	kl = split("[  123.456789] [T1201] PM: suspend entry (deep)");
	assert_int_equal(kl.caller_tid, 1201);
	assert_str(kl.msg, "PM: suspend entry (deep)");
	kl = split("[  123.456789][  T1@C0] PM: suspend entry (deep)");
	assert_int_equal(kl.caller_tid, 1);
	assert_str(kl.msg, "PM: suspend entry (deep)");
	kl = split("[  123.456789] [C3] [2024:11:02 10:11:12] PM: suspend exit");
	assert_int_equal(kl.caller_tid, -1);
	assert_str(kl.msg, "PM: suspend exit");
	/* message brackets stay in the message */
	kl = split("[  123.456789] [drm] Initialized i915 1.6.0");
	assert_str(kl.msg, "[drm] Initialized i915 1.6.0");
	kl = split("[  123.456789] [Firmware Bug]: TSC ADJUST differs");
	assert_str(kl.msg, "[Firmware Bug]: TSC ADJUST differs");
	kl = split("[  123.456789] [T12x] not a caller");
	assert_str(kl.msg, "[T12x] not a caller");
}

/* 6.10 prints PM callbacks with %ps: no "+0x.../0x..." (the 6.10 XPS fixture). */
/* Serial and pasted logs' damage, on the fixtures' lines. */
static void test_damaged(void **state)
{
	struct kmsg_line kl;
	const char *l1602 = "[ 7915.368122][T29333] eh 17100000.eh: PM: calling "
			    "genpd_suspend_noirq @ 29333, parent\\FA\\00[ 7915.551114][T29333] "
			    "exynos-uart 10a00000.uart: PM: platform_pm_resume returned 0 "
			    "after 37 usecs";

	(void)state;
	/* BeagleBone line 242: one digit of the stamp lost */
	assert_false(dmesg_split(str_c("[    0.76 944] initcall pm_init+0x0/0x78 returned 0 "
				       "after 0 usecs"), &kl));
	assert_true(dmesg_split_damaged(str_c("[    0.76 944] initcall pm_init+0x0/0x78 "
					      "returned 0 after 0 usecs"), &kl));
	assert_int_equal(kl.ts, NS_NONE);
	assert_str(kl.msg, "initcall pm_init+0x0/0x78 returned 0 after 0 usecs");
	assert_true(dmesg_split_damaged(str_c("[ 79x5.3681z2][T29333] x"), &kl));
	assert_int_equal(kl.caller_tid, 29333);
	assert_str(kl.msg, "x");
	/* whole stamps, more damage, and brackets that are no stamps */
	assert_false(dmesg_split_damaged(str_c("[    0.762715] x"), &kl));
	assert_false(dmesg_split_damaged(str_c("[    0.7x 9y4] x"), &kl));
	assert_false(dmesg_split_damaged(str_c("[ 7] BadDLLP"), &kl));
	assert_false(dmesg_split_damaged(str_c("[drm] Reducing the compressed framebuffer"), &kl));
	assert_false(dmesg_split_damaged(str_c("U-Boot SPL 2018.01-dirty (Apr 12 2018)"), &kl));
	/* Pixel 6 line 1602: the next record glued after garbled bytes */
	assert_true(dmesg_split(str_c(l1602), &kl));
	assert_int_equal(dmesg_glued_at(&kl), strlen("eh 17100000.eh: PM: calling "
						     "genpd_suspend_noirq @ 29333, parent\\FA\\00"));
	/* a stamp-like bracket earlier than the line's own is text */
	assert_true(dmesg_split(str_c("[ 10.000000] x: [    9.000000] y"), &kl));
	assert_int_equal(dmesg_glued_at(&kl), kl.msg.len);
	assert_true(dmesg_split(str_c("[ 10.000000] x [drm] y [ 11.0] z"), &kl));
	assert_int_equal(dmesg_glued_at(&kl), kl.msg.len);
}

static void test_v3_ps(void **state)
{
	struct dmesg_cb cb;

	(void)state;
	assert_int_equal(dmesg_cb_line(str_c("intel_pch_thermal 0000:00:14.2: PM: calling "
					     "pci_pm_suspend @ 42, parent: pci0000:00"), &cb),
			 DS_CB_START);
	assert_str(cb.driver, "intel_pch_thermal");
	assert_str(cb.device, "0000:00:14.2");
	assert_str(cb.fn, "pci_pm_suspend");
	assert_int_equal(cb.pid, 42);
	assert_str(cb.parent, "pci0000:00");
	assert_int_equal(dmesg_cb_line(str_c("intel_pch_thermal 0000:00:14.2: PM: pci_pm_suspend "
					     "returned 0 after 0 usecs"), &cb), DS_CB_END);
	assert_str(cb.fn, "pci_pm_suspend");
	assert_int_equal(cb.usecs, 0);
	assert_true(cb.pm_prefix);
}

static void test_nbsp(void **state)
{
	/* kernel5.3-zenbook: "[NBSP NBSP 55.646109]" (C2 A0 C2 A0 20) */
	struct kmsg_line kl = split("[\xc2\xa0\xc2\xa0 55.646109] PM: suspend entry (s2idle)");
	char out[256];
	const char *usbip = "[\xc2\xa0 674.000257][\xc2\xa0\xc2\xa0 T39] pci 0000:00:00.0: PM: calling";
	size_t n;

	(void)state;
	assert_int_equal(kl.ts, 55646109000LL);
	assert_str(kl.msg, "PM: suspend entry (s2idle)");
	/* the caller's bracket too, once the line is as the kernel printed it */
	n = dmesg_unnbsp(str_c(usbip), out);
	assert_int_equal(n, strlen(usbip) - 3);
	out[n] = '\0';
	kl = split(out);
	assert_int_equal(kl.ts, 674000257000LL);
	assert_int_equal(kl.caller_tid, 39);
	assert_str(kl.msg, "pci 0000:00:00.0: PM: calling");
	/* a C2 that is no NBSP stays as it is ("µs", C2 B5) */
	n = dmesg_unnbsp(str_c("took 5 \xc2\xb5s"), out);
	assert_int_equal(n, 10);
	assert_memory_equal(out, "took 5 \xc2\xb5s", 10);
}

static void test_journal_forms(void **state)
{
	struct kmsg_line kl;

	(void)state;
	/* kernel6.18-elitebook: short-monotonic without the host */
	kl = split("[ 4297.875124] kernel: PM: suspend entry (s2idle)");
	assert_int_equal(kl.ts, 4297875124000LL);
	assert_str(kl.msg, "PM: suspend entry (s2idle)");
	/* kernel5.4-thinkpad: an Italian month, no kernel stamp */
	kl = split("set 01 21:34:54 tricky kernel: PM: suspend entry (deep)");
	assert_int_equal(kl.ts, NS_NONE);
	assert_str(kl.msg, "PM: suspend entry (deep)");
	kl = split("jan 09 10:00:00.123456 host kernel: PM: suspend exit");
	assert_str(kl.msg, "PM: suspend exit");
	kl = split("Mär 21 10:22:08 abreu kernel: sd 0:0:0:0: [sda] Attached SCSI disk");
	assert_str(kl.msg, "sd 0:0:0:0: [sda] Attached SCSI disk");
	kl = split("janv. 09 10:00:00 host kernel: PM: suspend exit");
	assert_str(kl.msg, "PM: suspend exit");
	kl = split("1\xe6\x9c\x88 09 10:00:00 host kernel: PM: suspend exit");	/* 1月 */
	assert_str(kl.msg, "PM: suspend exit");
	/* syslog's kern.log keeps the kernel's stamp */
	kl = split("Jan  9 10:00:00 host kernel: [   12.345678] PM: suspend entry (deep)");
	assert_int_equal(kl.ts, 12345678000LL);
	assert_str(kl.msg, "PM: suspend entry (deep)");
	/* kernel6.13-omnibook: user space, its own stamp no kernel's */
	assert_false(dmesg_split(str_c("Jan 05 08:41:06 omnibook.happyassassin.net "
				       "NetworkManager[1640]: <info>  [1736095266.4165] "
				       "NetworkManager (version 1.51.2-4.fc42) is starting..."), &kl));
	assert_false(dmesg_split(str_c("usb 1-1: new full-speed USB device"), &kl));
}

static void test_bare(void **state)
{
	struct kmsg_line kl;

	(void)state;
	/* kernel5-chromebook: dmesg -t */
	assert_true(dmesg_split_bare(str_c("xhci_hcd 0000:00:0d.0: pci_pm_freeze+0x0/0xad returned 0 after 196000 usecs"), &kl));
	assert_int_equal(kl.ts, NS_NONE);
	assert_true(dmesg_split_bare(str_c("PM: suspend entry (deep)"), &kl));
	/* " ata1: PM: calling ..." as the kernel prints a driverless bus */
	assert_true(dmesg_split_bare(str_c(" ata1: PM: calling ata_port_pm_suspend+0x0/0x3e @ 4440, parent: 0000:00:12.0"), &kl));
	/* a mail's own words, indented or quoted, are not */
	assert_false(dmesg_split_bare(str_c("xhci_hcd 0000:00:14.0: EVAN Write MSI 0 fee01000 4024"), &kl));
	assert_false(dmesg_split_bare(str_c("   This sets up the interrupt when the driver is loaded"), &kl));
	assert_false(dmesg_split_bare(str_c("> PM: suspend exit"), &kl));
	/* a line a mail indented is read only in a paste of one (dmesg_paste.c),
	 * without its indent and a diff's '+' (Salvator-XS, corpus) */
	assert_false(dmesg_split_bare(str_c("    PM: suspend exit"), &kl));
	assert_str(dmesg_unindent(str_c("    PM: suspend exit")), "PM: suspend exit");
	assert_str(dmesg_unindent(str_c("        +pca953x 4-0020: PM: failed to resume async noirq: error -16")),
		   "pca953x 4-0020: PM: failed to resume async noirq: error -16");
	assert_str(dmesg_unindent(str_c("        -PM: suspend exit")), "-PM: suspend exit");
	/* a patch's added line is no diff of logs: no indent before its '+' */
	assert_str(dmesg_unindent(str_c("+PM: suspend exit")), "+PM: suspend exit");
	assert_str(dmesg_unindent(str_c(" ata1: PM: calling")), " ata1: PM: calling");
	assert_str(dmesg_unindent(str_c("  + x")), "+ x");
}

static void test_wrapped(void **state)
{
	/* kernel5.16-thinkbook, lines 13-14, 87-88 and 1206-1207 */
	const char *a = "[  374.305297] input input19: PM: calling input_dev_suspend+0x0/0x50 @";
	const char *b = "[  374.386807] snd_hda_intel 0000:00:1f.3: PM: pci_pm_suspend+0x0/0x170";
	char out[512];
	struct kmsg_line kl;
	size_t n, depth;

	(void)state;
	assert_false(dmesg_says_all(split(a).msg));
	n = dmesg_join(str_c(a), str_c("2952, parent: card0"), out, sizeof(out));
	assert_true(n > 0);
	out[n] = '\0';
	kl = split(out);
	assert_true(dmesg_says_all(kl.msg));
	assert_false(dmesg_says_all(split(b).msg));
	n = dmesg_join(str_c(b), str_c("returned 0 after 34008 usecs"), out, sizeof(out));
	out[n] = '\0';
	assert_true(dmesg_says_all(split(out).msg));
	/* a start whose parent the wrap cut off is read, not whole */
	assert_false(dmesg_says_all(str_c("leds phy0-led: PM: calling led_suspend+0x0/0x50 @ 2952,")));
	/* an entry line's mode the wrap put on the next line (the RPi's
	 * quoted syslog of tests/fixtures/corpus/, lines 12-13) */
	assert_false(dmesg_says_all(str_c("PM: suspend entry")));
	n = dmesg_join(str_c("> Apr 24 16:14:08 raspberrypi kernel: [  271.494472] PM: suspend entry"),
		       str_c("> (s2idle)"), out, sizeof(out));
	assert_true(n > 0);
	out[n] = '\0';
	assert_true(dmesg_says_all(str_c("PM: suspend entry (s2idle)")));
	assert_true(dmesg_says_all(str_c("PM: suspend of devices complete after 1751.757")));
	assert_true(dmesg_says_all(str_c("rockchip-dw-pcie a41000000.pcie: PM: failed to suspend noirq: error -110")));
	assert_false(dmesg_says_all(str_c("rockchip-dw-pcie a41000000.pcie: PM: failed to")));
	/* tgl-2023-sof (corpus), lines 813-814: the abort cut at its comma */
	assert_false(dmesg_says_all(str_c("PM: Some devices failed to suspend,")));
	assert_true(dmesg_says_all(str_c("PM: Some devices failed to suspend, or early wake event detected")));
	/* quotes: the piece as deep as the line, its quote left out */
	assert_int_equal(dmesg_quote_depth(str_c("> > [  1.0] x"), &depth), 2);
	assert_int_equal(depth, 4);
	n = dmesg_join(str_c("> [  297.868524][ T9402] usb 4-1: PM: usb_dev_suspend returned 0 after "),
		       str_c("> 13214 usecs"), out, sizeof(out));
	assert_true(n > 0);
	out[n] = '\0';
	assert_true(dmesg_says_all(split(out).msg));
	assert_int_equal(dmesg_join(str_c("> [  1.0] a"), str_c(">> b"), out, sizeof(out)), 0);
	assert_int_equal(dmesg_join(str_c("[  1.0] a"), str_c("   "), out, sizeof(out)), 0);
	assert_int_equal(dmesg_join(str_c("[  1.0] a"), str_c("b"), out, 8), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_prefix_plain),
		cmocka_unit_test(test_prefix_caller),
		cmocka_unit_test(test_prefix_decode),
		cmocka_unit_test(test_prefix_kmsg_journal),
		cmocka_unit_test(test_no_prefix),
		cmocka_unit_test(test_v1),
		cmocka_unit_test(test_v2),
		cmocka_unit_test(test_v3),
		cmocka_unit_test(test_boot),
		cmocka_unit_test(test_not_callbacks),
		cmocka_unit_test(test_prefix_vendor),
		cmocka_unit_test(test_v3_ps),
		cmocka_unit_test(test_damaged),
		cmocka_unit_test(test_nbsp),
		cmocka_unit_test(test_journal_forms),
		cmocka_unit_test(test_bare),
		cmocka_unit_test(test_wrapped),
	};

	return cmocka_run_group_tests_name("dmesg line shapes", tests, NULL, NULL);
}
