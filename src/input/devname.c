// SPDX-License-Identifier: GPL-2.0
/*
 * The "DRIVER DEVICE" words the kernel puts before a device's PM callback
 * lines, in dmesg (dev_printk) and in ftrace's device_pm_callback events:
 * one reading for both.
 */
#include <string.h>

#include "input.h"

/*
 * "DRV DEV": the kernel prints the driver (or bus or class) name and the
 * device name with a space between, and both can hold spaces ("i8042 kbd
 * 00:04", "int3403 thermal INT3403:00", "platform Fixed MDIO bus.0").
 * The device is the last word, unless the second of three or more words
 * starts with a capital: device names rarely do, driver names seldom
 * ("platform Fixed MDIO bus.0"). A last word with a colon is a bus id
 * ("00:04", "4a101000.mdio:00"), the device whatever comes before it:
 * PHY drivers' names are capitalised ("SMSC LAN8710/LAN8720
 * 4a101000.mdio:00", "Generic PHY stmmac-0:01").
 * The driver is empty for devices without one.
 */
void driver_device(struct str head, struct str *driver, struct str *device)
{
	const char *sp, *last;

	head = str_trim(head);
	sp = memchr(head.p, ' ', head.len);
	if (!sp) {
		*driver = str_make(head.p, 0);
		*device = head;
		return;
	}
	last = memrchr(head.p, ' ', head.len);
	if (last != sp && sp[1] >= 'A' && sp[1] <= 'Z' &&
	    !memchr(last + 1, ':', (size_t)(head.p + head.len - last - 1)))
		last = sp;
	*driver = str_trim_end(str_make(head.p, (size_t)(last - head.p)));
	*device = str_skip(head, (size_t)(last - head.p) + 1);
}
