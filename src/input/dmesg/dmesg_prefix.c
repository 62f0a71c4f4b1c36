// SPDX-License-Identifier: GPL-2.0
/*
 * dev_printk()'s "DRIVER DEVICE: " prefix (and netdev_printk()'s
 * "DRIVER DEVICE IFNAME: "), split off a log line's message: what ties a
 * message or a verdict to the device it is about.
 */
#include "dmesg.h"

/* A driver, bus or class name as dev_driver_string() gives it. */
static bool is_driver_name(struct str s)
{
	size_t i;

	if (!s.len || s.len > 64)
		return false;
	for (i = 0; i < s.len; i++) {
		char c = s.p[i];

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		      c == '_' || c == '-' || c == '.'))
			return false;
	}
	return true;
}

/* The next space-free word of @s from @at, or an empty one. */
static struct str word_at(struct str s, size_t at)
{
	struct str w = str_skip(s, at);
	long sp = str_find(w, " ");

	return sp < 0 ? STR_NULL : str_make(w.p, (size_t)sp);
}

bool dmesg_msg_prefix(struct str msg, struct str *driver, struct str *device,
		      struct str *text)
{
	struct str drv = word_at(msg, 0), dev, net;
	size_t at;

	*driver = *device = STR_NULL;
	*text = msg;
	if (!is_driver_name(drv))
		return false;
	at = drv.len + 1;
	dev = word_at(msg, at);
	if (dev.len < 2 || dev.len > 128)
		return false;
	at += dev.len + 1;
	if (dev.p[dev.len - 1] == ':') {
		dev.len--;	/* dev_printk: "DRIVER DEVICE: text" */
	} else {
		net = word_at(msg, at);
		if (net.len < 2 || net.p[net.len - 1] != ':')
			return false;
		at += net.len + 1;
		/*
		 * netdev_printk's "DRIVER DEVICE IFNAME: text", unless the
		 * third word has a colon, which no interface name may hold
		 * (dev_valid_name()): then it is dev_printk's with a blank
		 * in the driver's name ("i8042 kbd 00:01: text"), read as
		 * the callback lines are.
		 */
		if (memchr(net.p, ':', net.len - 1))
			driver_device(str_make(msg.p, at - 2), &drv, &dev);
	}
	if (!dev.len || dev.p[0] == '[' || dev.p[0] == '(' || memchr(dev.p, '=', dev.len))
		return false;
	*driver = drv;
	*device = dev;
	*text = str_skip(msg, at);
	return true;
}
