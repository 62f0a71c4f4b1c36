// SPDX-License-Identifier: GPL-2.0
/*
 * System facts: the device tree of a real QEMU guest (sys/devices.txt),
 * device links, and the dmesg figures they complete.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <cmocka.h>

#include "input.h"

#define Q35 FIXTURES "/qemu-q35-s3-async1-medium"

static const struct pm_device *dev(const struct pm_run *run, const char *name)
{
	int id = run_device_find(run, strpool_cstr((struct strpool *)&run->pool, name));

	assert_true(id >= 0);
	return &run->devs[id];
}

static const char *parent_of(const struct pm_run *run, const char *name)
{
	return dev(run, name)->parent;
}

static void test_devices_tree(void **state)
{
	struct pm_run *run = run_new();
	char err[512];

	(void)state;
	assert_int_equal(sysfacts_devices(run, Q35 "/guest/sys/devices.txt", err, sizeof(err)), 0);
	/*
	 * pci0000:00/0000:00:03.0/usb1/1-1/1-1:1.0/0003:0627:0001.0001/input/input2:
	 * "input/" is a directory, not a device, so input2's parent is the
	 * HID device; the chain up is the one the resume waits went through.
	 */
	assert_string_equal(parent_of(run, "input2"), "0003:0627:0001.0001");
	assert_string_equal(parent_of(run, "0003:0627:0001.0001"), "1-1:1.0");
	assert_string_equal(parent_of(run, "1-1:1.0"), "1-1");
	assert_string_equal(parent_of(run, "1-1"), "usb1");
	assert_string_equal(parent_of(run, "usb1"), "0000:00:03.0");
	assert_string_equal(parent_of(run, "0000:00:03.0"), "pci0000:00");
	assert_null(parent_of(run, "pci0000:00"));
	assert_true(dev(run, "pci0000:00")->in_devtree);
	/* LNXSYSTM:00/LNXPWRBN:00/input/input5: as dmesg says, "parent: LNXPWRBN:00" */
	assert_string_equal(parent_of(run, "input5"), "LNXPWRBN:00");
	/* async=enabled on the USB interface, disabled on the input device */
	assert_int_equal(dev(run, "1-1:1.0")->async_flag, 1);
	assert_int_equal(dev(run, "input2")->async_flag, 0);
	/* .../target12:0:0/12:0:0:0 and its class devices scsi_disk/12:0:0:0 ... */
	assert_string_equal(parent_of(run, "12:0:0:0"), "target12:0:0");
	assert_int_equal(dev(run, "12:0:0:0")->async_flag, 1);
	/* ep_81 sits under every USB interface: a name that says nothing */
	assert_int_equal(run_device_find(run, strpool_cstr(&run->pool, "ep_81")), -1);
	/*
	 * 446 lines - 63 class devices named like their parent - 20 lines
	 * whose 7 names are used by unrelated devices (ep_00 and ep_81 under
	 * each USB device and interface; PNP0103:00, PNP0A06:00..02 and
	 * QEMU0002:00 both as ACPI nodes and as platform/PNP devices) = 363.
	 */
	assert_string_equal(run_fact(run, "device_tree"), "363 devices, 7 ambiguous names left out");
	run_free(run);
}

static void test_dmesg_then_tree(void **state)
{
	struct pm_run *run = run_new();
	struct input_stats st;
	char err[512];

	(void)state;
	assert_int_equal(input_read(run, Q35 "/dmesg.txt", NULL, &st, err, sizeof(err)), 0);
	/* dmesg never prints the HID device's parent: it has no PM callback */
	assert_null(parent_of(run, "0003:0627:0001.0001"));
	assert_int_equal(sysfacts_devices(run, Q35 "/guest/sys/devices.txt", err, sizeof(err)), 0);
	assert_string_equal(parent_of(run, "0003:0627:0001.0001"), "1-1:1.0");
	/*
	 * PNP0103:00 is an ACPI node and a platform device; dmesg printed
	 * "platform PNP0103:00: ... parent: platform", which picks the one;
	 * "fw_cfg QEMU0002:00: ... parent: pci0000:00" likewise. So 363 + 2
	 * devices, and 7 - 2 ambiguous names.
	 */
	assert_string_equal(parent_of(run, "PNP0103:00"), "platform");
	assert_true(dev(run, "PNP0103:00")->in_devtree);
	assert_true(dev(run, "QEMU0002:00")->in_devtree);
	assert_int_equal(run_device_find(run, strpool_cstr(&run->pool, "ep_81")), -1);
	assert_string_equal(run_fact(run, "device_tree"), "365 devices, 5 ambiguous names left out");
	/* what dmesg printed stays: "sd 12:0:0:0: ... parent: target12:0:0" */
	assert_string_equal(parent_of(run, "12:0:0:0"), "target12:0:0");
	run_free(run);
}

static void test_devlinks(void **state)
{
	/*
	 * No capture in the corpus has device links; this is the run folder
	 * contract's form, "<supplier> <consumer> <status>", with names as
	 * /sys/class/devlink shows them on an x86 laptop.
	 */
	static const char text[] =
		"0000:00:1f.0 0000:00:1f.3 active\n"
		"PNP0C09:00 INT33D5:00 consumer probing\n"
		"bad-line\n"
		"\n";
	char path[] = "/tmp/pmscope-devlinks-XXXXXX", err[512];
	struct pm_run *run = run_new();
	int fd = mkstemp(path);
	FILE *f;

	(void)state;
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	fputs(text, f);
	fclose(f);
	assert_int_equal(sysfacts_devlinks(run, path, err, sizeof(err)), 0);
	unlink(path);
	assert_int_equal(run->nlinks, 2);
	assert_string_equal(run->devs[run->links[0].supplier].name, "0000:00:1f.0");
	assert_string_equal(run->devs[run->links[0].consumer].name, "0000:00:1f.3");
	assert_string_equal(run->links[0].status, "active");
	assert_string_equal(run->links[1].status, "consumer probing");
	assert_string_equal(run_fact(run, "device_links"), "2");
	assert_int_equal(run->nwarns, 1);	/* "bad-line" */
	assert_int_equal(run->warns[0].line, 3);
	run_free(run);
}

/*
 * Before 5.14 the PM core printed ns >> 10 as "usecs". kernel5.4 xps9360:
 *   [  533.274165] i915 0000:00:02.0: calling pci_pm_suspend+0x0/0x150 @ 2557, ...
 *   [  534.466597] i915 0000:00:02.0: pci_pm_suspend+0x0/0x150 returned 0 after 1165034 usecs
 * 1165034 << 10 ns = 1192.994816 ms, from 534.466597 - 1.192994816 =
 * 533.273602184; 1165.034 ms would put the start 27 ms after the
 * "calling" line. (That it lands 0.563 ms before it is the two clocks:
 * the figure is ktime, the stamps printk's, 472 ppm apart here.)
 */
static void test_old_usecs(void **state)
{
	struct pm_run *run = run_new();
	const struct pm_callback *cb = NULL;
	const struct pm_cycle *c;
	struct input_stats st;
	char err[512];
	size_t i;

	(void)state;
	assert_int_equal(input_read(run, FIXTURES "/kernel5.4-xps9360-mem-sleepgraph-dmesg/"
				    "Ixpees_mem_dmesg.txt", NULL, &st, err, sizeof(err)), 0);
	c = &run->cycles[0];
	for (i = 0; i < c->ncbs && !cb; i++)
		if (!strcmp(run->devs[c->cbs[i].dev].name, "0000:00:02.0"))
			cb = &c->cbs[i];
	assert_non_null(cb);
	assert_int_equal(cb->kernel_us, 1165034);
	assert_true(cb->flags & CB_US_1024);
	assert_int_equal(cb->start, 533273602184LL);
	assert_int_equal(cb_duration(cb), 1165034LL * 1024);
	/* its suspend_late: "calling" at 534.467153, "returned ... after 18164
	 * usecs" at 534.485765: 534.485765 - 18164 * 1.024 us = 534.467165 */
	for (i = 0, cb = NULL; i < c->ncbs && !cb; i++)
		if (!strcmp(run->devs[c->cbs[i].dev].name, "0000:00:02.0") &&
		    !strcmp(c->phases[c->cbs[i].phase].name, "suspend_late"))
			cb = &c->cbs[i];
	assert_non_null(cb);
	assert_int_equal(cb->start, 534485765000LL - 18164LL * 1024);
	run_free(run);

	/* 6.1 prints true usecs: usb 1-1 "returned 0 after 302394 usecs" */
	run = run_new();
	assert_int_equal(input_read(run, Q35 "/dmesg.txt", NULL, &st, err, sizeof(err)), 0);
	c = &run->cycles[1];
	for (i = 0, cb = NULL; i < c->ncbs && !cb; i++)
		if (!strcmp(run->devs[c->cbs[i].dev].name, "1-1") &&
		    c->cbs[i].phase >= 0 && !strcmp(c->phases[c->cbs[i].phase].name, "resume"))
			cb = &c->cbs[i];
	assert_non_null(cb);
	assert_false(cb->flags & CB_US_1024);
	assert_int_equal(cb_duration(cb), 302394000LL);
	run_free(run);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_devices_tree),
		cmocka_unit_test(test_dmesg_then_tree),
		cmocka_unit_test(test_devlinks),
		cmocka_unit_test(test_old_usecs),
	};

	return cmocka_run_group_tests_name("system facts", tests, NULL, NULL);
}
