// SPDX-License-Identifier: GPL-2.0
/*
 * The log's own words per callback: the lines the kernel log parser
 * keeps as messages, their "DRIVER DEVICE: " prefix, and (analysis)
 * which callbacks they explain, on the real lines of the fixtures.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "load_run.h"

#include "analysis.h"
#include "input/dmesg/dmesg.h"

#define XPS58 FIXTURES "/kernel5.8-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt"
#define XPS610 FIXTURES "/kernel6.10-xps9360-boot-initcall-s2idle-pmprint/dmesg.txt"
#define BBB FIXTURES "/kernel6.13-beaglebone-serial-boot-initcall/minicom_reverted.cap"

static void prefix(const char *msg, const char *driver, const char *device, const char *text)
{
	struct str drv, dev, txt;
	bool has = dmesg_msg_prefix(str_c(msg), &drv, &dev, &txt);

	assert_int_equal(has, driver != NULL);
	if (driver) {
		assert_true(str_eq(drv, driver));
		assert_true(str_eq(dev, device));
	}
	assert_true(str_eq(txt, text));
}

/* Lines as the fixtures print them. */
static void test_prefix(void **state)
{
	(void)state;
	prefix("xhci_hcd 0000:39:00.0: Timeout while waiting for setup device command",
	       "xhci_hcd", "0000:39:00.0", "Timeout while waiting for setup device command");
	prefix("usb 4-1: device not accepting address 2, error -62", "usb", "4-1",
	       "device not accepting address 2, error -62");
	prefix("acpi LNXPOWER:13: Turning OFF", "acpi", "LNXPOWER:13", "Turning OFF");
	/* netdev_printk: driver, device, interface */
	prefix("r8152 4-1.4:1.0 enx18dbf22dccf3: Using pass-thru MAC addr 18:db:f2:2d:cc:f3",
	       "r8152", "4-1.4:1.0", "Using pass-thru MAC addr 18:db:f2:2d:cc:f3");
	prefix("e1000e 0000:00:02.0 eth0: NIC Link is Up 1000 Mbps Full Duplex",
	       "e1000e", "0000:00:02.0", "NIC Link is Up 1000 Mbps Full Duplex");
	/* a blank in the driver's name: the device is what the callback
	 * lines name ("i8042 kbd 00:03: PM: calling pnp_bus_suspend", 6.10);
	 * a colon in the third word is no interface name's */
	prefix("i8042 kbd 00:03: some text", "i8042 kbd", "00:03", "some text");
	prefix("int3400 thermal INT3400:00: some text", "int3400 thermal", "INT3400:00",
	       "some text");
	prefix("SMSC LAN8710/LAN8720 4a101000.mdio:00: attached PHY driver "
	       "(mii_bus:phy_addr=4a101000.mdio:00, irq=POLL)",
	       "SMSC LAN8710/LAN8720", "4a101000.mdio:00",
	       "attached PHY driver (mii_bus:phy_addr=4a101000.mdio:00, irq=POLL)");
	/* amd_s2idle.py's table rows are not devices */
	prefix("USB controller [0000:0b:00.3]: x", NULL, NULL, "USB controller [0000:0b:00.3]: x");
	/* subsystem prefixes are not devices */
	prefix("ACPI: EC: interrupt unblocked", NULL, NULL, "ACPI: EC: interrupt unblocked");
	prefix("Restarting tasks ... done.", NULL, NULL, "Restarting tasks ... done.");
	prefix("[drm] Reducing the compressed framebuffer size", NULL, NULL,
	       "[drm] Reducing the compressed framebuffer size");
	prefix("nvme", NULL, NULL, "nvme");
}

static const struct pm_message *find_line(const struct pm_cycle *c, unsigned int line)
{
	size_t i;

	for (i = 0; i < c->nmsgs; i++)
		if (c->msgs[i].line == line)
			return &c->msgs[i];
	return NULL;
}

/* 5.8, lines 963-965: kept by the cycle with their devices and times;
 * PM lines (963's neighbours 962 and 968) are not messages. */
static void test_kept_58(void **state)
{
	struct pm_run *run = load(XPS58, NULL);
	const struct pm_cycle *c;
	const struct pm_message *m;

	(void)state;
	assert_int_equal(run->ncycles, 1);
	c = &run->cycles[0];
	m = find_line(c, 963);
	assert_non_null(m);
	assert_string_equal(m->device, "0000:39:00.0");
	assert_string_equal(m->driver, "xhci_hcd");
	assert_string_equal(m->text, "Timeout while waiting for setup device command");
	assert_int_equal(m->ts, 56885946000LL);
	m = find_line(c, 965);
	assert_non_null(m);
	assert_string_equal(m->device, "4-1");
	assert_string_equal(m->text, "device not accepting address 2, error -62");
	assert_int_equal(m->ts, 62469925000LL);
	assert_null(find_line(c, 962));	/* input32 returned */
	assert_null(find_line(c, 968));	/* 4-1 returned */
	assert_int_equal(c->msgs_cut, 0);
	assert_true(c->msg_bytes <= CYCLE_MSG_BYTES);
	run_free(run);
}

/*
 * The BeagleBone's line 2346, "SMSC LAN8710/LAN8720 4a101000.mdio:00:
 * attached PHY driver ...": the PHY driver's name has a blank, the device
 * is the one whose probe line 2203 names ("probe of 4a101000.mdio:00
 * returned 0 after 1919 usecs"), not "LAN8710/LAN8720".
 */
static void test_kept_blank_driver(void **state)
{
	struct pm_run *run = load(BBB, NULL);
	const struct pm_message *m;

	(void)state;
	assert_int_equal(run->ncycles, 2);
	m = find_line(&run->cycles[1], 2346);
	assert_non_null(m);
	assert_string_equal(m->driver, "SMSC LAN8710/LAN8720");
	assert_string_equal(m->device, "4a101000.mdio:00");
	assert_true(run_device_find(run, m->device) >= 0);
	run_free(run);
}

/* A cycle keeps at most CYCLE_MSG_BYTES of messages, says how many it
 * dropped, and no message outside a cycle. */
static void test_bounded(void **state)
{
	struct pm_run *run = run_new();
	struct builder *b = builder_new(run, "synthetic");
	char text[MSG_TEXT_MAX * 2];
	struct pm_event ev;
	size_t i, n = 2 * CYCLE_MSG_BYTES / MSG_TEXT_MAX;

	(void)state;
	memset(text, 'x', sizeof(text));
	event_init(&ev, EV_MESSAGE, 1000, 1);
	ev.text = str_make(text, 10);
	builder_event(b, &ev);	/* no cycle open: dropped */
	event_init(&ev, EV_CYCLE_BEGIN, 2000, 2);
	ev.mode = MODE_MEM;
	builder_event(b, &ev);
	for (i = 0; i < n; i++) {
		event_init(&ev, EV_MESSAGE, 3000 + (ns_t)i, 3 + (unsigned int)i);
		ev.text = str_make(text, sizeof(text));	/* cut at MSG_TEXT_MAX */
		builder_event(b, &ev);
	}
	builder_finish(b);
	assert_int_equal(run->ncycles, 1);
	assert_true(run->cycles[0].nmsgs > 0);
	assert_true(run->cycles[0].msg_bytes <= CYCLE_MSG_BYTES);
	assert_int_equal(run->cycles[0].nmsgs + run->cycles[0].msgs_cut, n);
	assert_int_equal(strlen(run->cycles[0].msgs[0].text), MSG_TEXT_MAX);
	assert_int_equal(run->cycles[0].msgs[0].line, 3);
	for (i = 0; i < run->nwarns; i++)
		if (strstr(run->warns[i].text, "log lines not kept"))
			break;
	assert_true(i < run->nwarns);
	assert_int_equal(run->warns[i].code, FC_MESSAGES_CUT);
	run_free(run);
}

/* Error shapes, on lines of the fixtures and the kernel's wording. */
static void test_error_shapes(void **state)
{
	(void)state;
	assert_true(msg_is_error("Timeout while waiting for setup device command"));
	assert_true(msg_is_error("device not accepting address 2, error -62"));
	assert_true(msg_is_error("CPU-PCH overheats [66C], S0ix might fail.  Start cooling..."));
	assert_true(msg_is_error("I/O tag 736 (82e0) QID 1 timeout, completion polled"));
	assert_true(msg_is_error("hub_port_status failed (err = -71)"));
	assert_true(msg_is_error("cannot disable (err = -71)"));
	assert_true(msg_is_error("[Firmware Bug]: BIOS _OSI(Linux) query ignored"));
	assert_true(msg_is_error("\\_SB.PCI0.LPCB.EC0: AE_NOT_FOUND"));
	assert_false(msg_is_error("reset high-speed USB device number 2 using xhci_hcd"));
	assert_false(msg_is_error("Turning OFF"));
	assert_false(msg_is_error("Using pass-thru MAC addr 18:db:f2:2d:cc:f3"));
	/* a count of no errors is none; a code is one, hex too */
	assert_false(msg_is_error("CPTS: ref_clk_freq:250000000 calc_mult:2147483648 "
				  "calc_shift:29 error:0 nsec/sec"));
	assert_false(msg_is_error("link check: errors: 0, retries 2"));
	assert_false(msg_is_error("firmware status error 0x0"));
	assert_true(msg_is_error("firmware error 0x0badc0de"));
	assert_true(msg_is_error("nvme nvme0: error 0x4004"));
	assert_true(msg_is_error("error 0.5 s late"));
	assert_true(msg_is_error("Error reading EDID"));
}

static const struct pm_callback *find_cb(const struct pm_run *run, const struct pm_cycle *c,
					 const char *dev, const char *phase, size_t *idx)
{
	size_t i;

	for (i = 0; i < c->ncbs; i++)
		if (!strcmp(run->devs[c->cbs[i].dev].name, dev) && c->cbs[i].phase >= 0 &&
		    !strcmp(c->phases[c->cbs[i].phase].name, phase)) {
			*idx = i;
			return &c->cbs[i];
		}
	fail();
	return NULL;
}

/*
 * 5.8: 3-1 resumed 51.582258 -> 63.209888 (11355107 x 1.024 us); its
 * grandparent 0000:39:00.0 timed out at 56.885946 and 62.261948 (963,
 * 964), usb 4-1 said error -62 at 62.469925 (965), 3-1 itself reset at
 * 62.821931 (967). Errors of its family first, then its own words, then
 * another device's errors; 4-1's lines 871-872 came before 3-1's calling line 874.
 */
static void test_analysis_58(void **state)
{
	struct pm_run *run = load(XPS58, NULL);
	struct results_opts o = { .top = 10 };
	struct pm_results r;
	const struct cycle_results *cr;
	const struct pm_cycle *c;
	const struct cb_msg *m;
	size_t i, n, cb31, cb41;

	(void)state;
	assert_int_equal(results_compute(&r, run, &o), 0);
	cr = &r.cycles[0];
	c = cr->c;
	find_cb(run, c, "3-1", "resume", &cb31);
	n = cb_msgs(&cr->msgs, cb31, &m);
	assert_true(n >= 4 && n <= CB_MSGS_MAX);
	assert_int_equal(c->msgs[m[0].msg].line, 963);
	assert_int_equal(m[0].rel, MR_PARENT);
	assert_true(m[0].error);
	assert_int_equal(c->msgs[m[1].msg].line, 964);
	/* its own words before another device's error (issue 36) */
	assert_int_equal(c->msgs[m[2].msg].line, 967);
	assert_int_equal(m[2].rel, MR_DEVICE);
	assert_int_equal(c->msgs[m[3].msg].line, 965);
	assert_int_equal(m[3].rel, MR_DRIVER);
	assert_true(m[3].error);
	for (i = 0; i < n; i++)
		assert_true(c->msgs[m[i].msg].line > 874);
	find_cb(run, c, "4-1", "resume", &cb41);
	assert_int_equal(cr->msgs.nsaid_error, 4);
	assert_int_equal(cr->msgs.said_error[2], cb41);
	assert_int_equal(cr->msgs.said_error[3], cb31);
	results_free(&r);
	run_free(run);
}

/* 6.10: 0000:00:14.2's noirq suspend 41.313924 -> 106.122190; its own
 * "CPU-PCH overheats" at 41.313922 is 2 us before the computed start,
 * inside the drift allowed for a 64.8 s figure (64.8 ms). */
static void test_analysis_610(void **state)
{
	struct pm_run *run = load(XPS610, NULL);
	struct results_opts o = { .top = 10 };
	struct pm_results r;
	const struct cycle_results *cr;
	const struct cb_msg *m;
	size_t n, cb;

	(void)state;
	assert_int_equal(results_compute(&r, run, &o), 0);
	assert_int_equal(run->ncycles, 2);
	cr = &r.cycles[1];
	find_cb(run, cr->c, "0000:00:14.2", "suspend_noirq", &cb);
	n = cb_msgs(&cr->msgs, cb, &m);
	assert_int_equal(n, 3);
	assert_int_equal(cr->c->msgs[m[0].msg].line, 3256);
	assert_int_equal(m[0].rel, MR_DEVICE);
	assert_int_equal(cr->c->msgs[m[1].msg].line, 3272);
	assert_int_equal(cr->c->msgs[m[2].msg].line, 3271);
	assert_int_equal(m[2].rel, MR_OTHER);
	assert_int_equal(cr->msgs.nsaid_error, 1);
	assert_int_equal(cr->msgs.said_error[0], cb);
	results_free(&r);
	run_free(run);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_prefix),
		cmocka_unit_test(test_kept_58),
		cmocka_unit_test(test_kept_blank_driver),
		cmocka_unit_test(test_bounded),
		cmocka_unit_test(test_error_shapes),
		cmocka_unit_test(test_analysis_58),
		cmocka_unit_test(test_analysis_610),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
