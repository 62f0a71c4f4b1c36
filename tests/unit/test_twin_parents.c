// SPDX-License-Identifier: GPL-2.0
/*
 * Which device of a shared name is a child's parent (builder/twin_parents.c):
 * the PM core's order on the IdeaPad's real lines, and no decision from
 * an end that a lost return line left unseen.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "load_run.h"

#include "model.h"

#define IDEAPAD FIXTURES "/kernel5.15-chromeos-ideapad-mem-pmprint/ideapad_patch_complete.txt"

/* The driver of the parent of the device @name whose driver is @drv. */
static const char *parent_driver(const struct pm_run *run, const char *name, const char *drv)
{
	size_t i;

	for (i = 0; i < run->ndevs; i++) {
		const struct pm_device *d = &run->devs[i];

		if (strcmp(d->name, name) || !d->driver || strcmp(d->driver, drv))
			continue;
		return d->parent_id >= 0 ? run->devs[d->parent_id].driver : NULL;
	}
	return NULL;
}

/* Lines 3453 and 3513: the platform lid device and the ACPI button both
 * name PNP0C09:00; the platform EC suspends at 30.390883 (line 3459),
 * the ACPI EC at 30.694885 (line 3515), the button at 30.694849: a child
 * suspends first, so the button's is the ACPI EC. */
static void test_ideapad(void **state)
{
	struct pm_run *run = load(IDEAPAD, NULL);

	(void)state;
	assert_string_equal(parent_driver(run, "PNP0C0D:00", "button"), "ec");
	assert_string_equal(parent_driver(run, "PNP0C0D:00", "platform"), "platform");
	/* the ACPI battery, under the ACPI EC too (line 3779) */
	assert_string_equal(parent_driver(run, "PNP0C0A:00", "battery"), "ec");
	run_free(run);
}

/* The ACPI EC's resume return line lost; its thread goes on 100 ms later
 * (an end bounded there, not seen): the button, started 10 ms after the
 * EC, is no evidence against it, and the first of the name stays. */
static const char lost_return[] =
	"[    1.000000] PM: suspend entry (deep)\n"
	"[    1.010000] acpi PNP0C09:00: PM: calling acpi_subsys_suspend @ 100, parent: device:00\n"
	"[    1.011000] acpi PNP0C09:00: PM: acpi_subsys_suspend returned 0 after 1000 usecs\n"
	"[    1.020000] platform PNP0C09:00: PM: calling platform_pm_suspend @ 100, parent: PNP0A08:00\n"
	"[    1.021000] platform PNP0C09:00: PM: platform_pm_suspend returned 0 after 1000 usecs\n"
	"[    1.100000] PM: suspend of devices complete after 100.000 msecs\n"
	"[    1.200000] ACPI: PM: Preparing to enter system sleep state S3\n"
	"[    1.300000] ACPI: PM: Waking up from system sleep state S3\n"
	"[    9.990000] platform PNP0C09:00: PM: calling platform_pm_resume @ 102, parent: PNP0A08:00\n"
	"[    9.995000] platform PNP0C09:00: PM: platform_pm_resume returned 0 after 5000 usecs\n"
	"[   10.000000] acpi PNP0C09:00: PM: calling acpi_subsys_resume @ 100, parent: device:00\n"
	"[   10.010000] button PNP0C0D:00: PM: calling acpi_button_resume @ 101, parent: PNP0C09:00\n"
	"[   10.020000] button PNP0C0D:00: PM: acpi_button_resume returned 0 after 10000 usecs\n"
	"[   10.100000] foo dev9: PM: calling foo_resume @ 100, parent: none\n"
	"[   10.110000] foo dev9: PM: foo_resume returned 0 after 10000 usecs\n"
	"[   10.200000] PM: resume of devices complete after 250.000 msecs\n"
	"[   10.300000] PM: suspend exit\n";

/* @text read as a log. */
static struct pm_run *load_text(const char *text)
{
	char path[] = "/tmp/pmscope-twins-XXXXXX";
	int fd = mkstemp(path);
	struct pm_run *run;
	FILE *f;

	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	run = load(path, NULL);
	unlink(path);
	return run;
}

static void test_inferred_end(void **state)
{
	struct pm_run *run = load_text(lost_return);

	(void)state;
	assert_string_equal(parent_driver(run, "PNP0C0D:00", "button"), "acpi");
	run_free(run);
}

/* The ATA port's class device first (children suspend first), naming
 * its port, "ata1", as its parent: the name was its own when the line
 * was read; the other device of the name is its parent, not itself. */
static const char class_first[] =
	"[    1.000000] PM: suspend entry (deep)\n"
	"[    1.010000] ata_port ata1: PM: calling ata_port_suspend @ 100, parent: ata1\n"
	"[    1.011000] ata_port ata1: PM: ata_port_suspend returned 0 after 1000 usecs\n"
	"[    1.020000] ahci ata1: PM: calling ahci_suspend @ 100, parent: 0000:00:17.0\n"
	"[    1.021000] ahci ata1: PM: ahci_suspend returned 0 after 1000 usecs\n"
	"[    1.100000] PM: suspend of devices complete after 100.000 msecs\n"
	"[   10.300000] PM: suspend exit\n";

static void test_class_first(void **state)
{
	struct pm_run *run = load_text(class_first);

	(void)state;
	assert_string_equal(parent_driver(run, "ata1", "ata_port"), "ahci");
	run_free(run);
}

/* Three devices named P: drv0's suspends before the child C, so it is
 * not C's parent (a child suspends first); drv1's and drv2's after: one
 * of them is, the first left until a cycle tells. */
static const char first_ruled_out[] =
	"[    1.000000] PM: suspend entry (deep)\n"
	"[    1.010000] drv0 P: PM: calling a_suspend @ 100, parent: p0\n"
	"[    1.011000] drv0 P: PM: a_suspend returned 0 after 1000 usecs\n"
	"[    1.030000] x C: PM: calling c_suspend @ 100, parent: P\n"
	"[    1.040000] x C: PM: c_suspend returned 0 after 10000 usecs\n"
	"[    1.050000] drv1 P: PM: calling b_suspend @ 100, parent: p1\n"
	"[    1.051000] drv1 P: PM: b_suspend returned 0 after 1000 usecs\n"
	"[    1.060000] drv2 P: PM: calling b_suspend @ 100, parent: p2\n"
	"[    1.061000] drv2 P: PM: b_suspend returned 0 after 1000 usecs\n"
	"[    1.100000] PM: suspend of devices complete after 100.000 msecs\n"
	"[   10.300000] PM: suspend exit\n";

static void test_first_ruled_out(void **state)
{
	struct pm_run *run = load_text(first_ruled_out);

	(void)state;
	assert_string_equal(parent_driver(run, "C", "x"), "drv1");
	run_free(run);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ideapad),
		cmocka_unit_test(test_inferred_end),
		cmocka_unit_test(test_class_first),
		cmocka_unit_test(test_first_ruled_out),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
