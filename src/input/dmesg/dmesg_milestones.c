// SPDX-License-Identifier: GPL-2.0
/*
 * Boot milestones (model.h, enum milestone_kind): the lines every boot
 * prints whether or not it runs with initcall_debug, which a person reads
 * a boot by: a console enabled, a link up, a disk's queues set up and its
 * partition table read, a file system mounted, the root mounted. Pure
 * functions: the parser (dmesg.c) says whether a boot may be open, and
 * these run only then. "Run /init" and "Freeing unused kernel" are the
 * parser's own boot marks.
 */
#include <stdio.h>

#include "dmesg.h"

static bool is_lower_or_digit(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

/* A block device's name as the kernel spells it: "sda", "nvme0n1". */
static bool is_disk_name(struct str s)
{
	size_t i;

	if (s.len < 2 || s.len > 32 || !(s.p[0] >= 'a' && s.p[0] <= 'z'))
		return false;
	for (i = 1; i < s.len; i++)
		if (!is_lower_or_digit(s.p[i]))
			return false;
	return true;
}

static bool all_digits(struct str s)
{
	size_t i;

	for (i = 0; i < s.len; i++)
		if (s.p[i] < '0' || s.p[i] > '9')
			return false;
	return s.len > 0;
}

/* "p1", "sda1", "nvme0n1p1" of disk @disk; "<" and ">" (an extended
 * partition's) are no partition, but allowed: *@part says which. */
static bool partition_token(struct str disk, struct str t, bool *part)
{
	*part = false;
	if (str_eq(t, "<") || str_eq(t, ">"))
		return true;
	if (t.len > disk.len && !memcmp(t.p, disk.p, disk.len))
		t = str_skip(t, disk.len);
	if (t.len > 1 && t.p[0] == 'p' && all_digits(str_skip(t, 1)))
		t = str_skip(t, 1);
	*part = all_digits(t);
	return *part;
}

/* check_partition()'s " sda: sda1 sda2 < sda5 >", " nvme0n1: p1 p2":
 * the disk's name, then its partitions only. */
static bool partitions(struct str m, struct dmesg_milestone *out)
{
	const char *colon = memchr(m.p, ':', m.len < 34 ? m.len : 34);
	struct str disk, rest;
	bool any = false;
	size_t n;
	char c;

	/* most lines fail here, at the word after the first colon: a
	 * partition's ("p1", the disk's own name, "<") */
	if (!colon || (n = (size_t)(colon - m.p)) + 3 >= m.len || m.p[n + 1] != ' ')
		return false;
	c = m.p[n + 2];
	if (c != m.p[0] && c != '<' && !(c == 'p' && m.p[n + 3] >= '0' && m.p[n + 3] <= '9'))
		return false;
	disk = str_make(m.p, n);
	if (!is_disk_name(disk))
		return false;
	rest = str_skip(m, n + 1);
	while ((rest = str_trim(rest)).len) {
		long sp = str_find(rest, " ");
		struct str t = str_make(rest.p, sp < 0 ? rest.len : (size_t)sp);
		bool part;

		if (!partition_token(disk, t, &part))
			return false;
		any |= part;
		rest = str_skip(rest, t.len);
	}
	if (!any)
		return false;
	out->kind = MS_PARTITIONS;
	out->device = disk;
	return true;
}

/* The text of @m from @at to the next @close. */
static struct str between(struct str m, size_t at, char close)
{
	const char *e;

	if (at >= m.len)
		return STR_NULL;
	e = memchr(m.p + at, close, m.len - at);
	return e ? str_make(m.p + at, (size_t)(e - m.p) - at) : STR_NULL;
}

static bool set(struct dmesg_milestone *out, enum milestone_kind kind, struct str dev)
{
	if (kind != MS_ROOT && (!dev.len || dev.len > MS_DEVICE_MAX))
		return false;
	out->kind = kind;
	out->device = dev;
	return true;
}

/* A file system's "mounted" line, by its own words: "EXT4-fs (sda2):
 * mounted filesystem ...", "XFS (dm-0): Ending clean mount", "BTRFS info
 * (device nvme0n1p3): first mount of filesystem ...", "F2FS-fs (sda1):
 * Mounted with checkpoint version". */
static bool mounted(struct str m, struct dmesg_milestone *out)
{
	static const struct { const char *prefix, *said; } fs[] = {
		{ "EXT4-fs (", "): mounted filesystem" },
		{ "EXT3-fs (", "): mounted filesystem" },
		{ "XFS (", "): Ending clean mount" },
		{ "BTRFS info (device ", "): first mount of filesystem" },
		{ "F2FS-fs (", "): Mounted with checkpoint" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(fs); i++) {
		size_t n = strlen(fs[i].prefix);
		struct str dev;

		if (!str_starts(m, fs[i].prefix))
			continue;
		dev = between(m, n, ')');
		if (!dev.len || !str_starts(str_skip(m, n + dev.len), fs[i].said))
			return false;
		return set(out, MS_MOUNT, dev);
	}
	return false;
}

/* "printk: [legacy ]console [ttyS0] enabled", "printk: [legacy
 * ]bootconsole [uart0] disabled" (and before 5.x without "printk: "). */
static bool console(struct str m, struct dmesg_milestone *out)
{
	bool boot;
	struct str dev;

	if (str_starts(m, "printk: "))
		m = str_skip(m, 8);
	if (str_starts(m, "legacy "))
		m = str_skip(m, 7);
	boot = str_starts(m, "bootconsole [");
	if (!boot && !str_starts(m, "console ["))
		return false;
	m = str_skip(m, boot ? 13 : 9);
	dev = between(m, 0, ']');
	if (!str_eq(str_skip(m, dev.len), boot ? "] disabled" : "] enabled"))
		return false;
	out->boot_console = boot;
	return set(out, MS_CONSOLE, dev);
}

static bool ends_with(struct str m, const char *lit)
{
	size_t n = strlen(lit);

	return m.len >= n && !memcmp(m.p + m.len - n, lit, n);
}

/*
 * A network link up, by the drivers' own words ("e1000e 0000:00:19.0
 * eno1: NIC Link is Up 1000 Mbps", "r8169 ... enp2s0: Link is Up -
 * 1Gbps/Full", "igb ... eno1: igb: eno1 NIC Link is Up"): the interface
 * is the word before it, its colon dropped.
 */
static bool net_link(struct str m, struct dmesg_milestone *out)
{
	long at = str_find(m, "Link is Up");
	size_t e, b;

	if (at < 2)
		return false;
	if (at >= 4 && !memcmp(m.p + at - 4, "NIC ", 4))
		at -= 4;
	if (m.p[at - 1] != ' ')
		return false;
	e = (size_t)at - 1;
	if (e && m.p[e - 1] == ':')
		e--;
	for (b = e; b > 0 && m.p[b - 1] != ' '; b--)
		;
	return set(out, MS_LINK, str_make(m.p + b, e - b));
}

/* The device of dev_printk's "DRIVER DEVICE: " prefix ("nvme0"). */
static struct str prefix_device(struct str m)
{
	struct str drv, dev, text;

	if (!dmesg_msg_prefix(m, &drv, &dev, &text))
		return STR_NULL;
	return dev;
}

/* Lines whose shape their last words tell: a block device's queues, a
 * SCSI disk attached, a PCIe link up. */
static bool by_tail(struct str m, struct dmesg_milestone *out)
{
	long at;

	if (ends_with(m, " default/read/poll queues"))
		return set(out, MS_QUEUES, prefix_device(m));
	if (ends_with(m, "] Attached SCSI disk") || ends_with(m, "] Attached SCSI removable disk")) {
		at = str_find(m, ": [");
		return at > 0 && set(out, MS_DISK, between(m, (size_t)at + 3, ']'));
	}
	if (ends_with(m, " link up") && str_find(m, ": PCIe ") > 0)
		return set(out, MS_LINK, prefix_device(m));
	return false;
}

bool dmesg_milestone_line(struct str m, struct dmesg_milestone *out)
{
	long at;

	zero_struct(out, sizeof(*out));
	m = str_trim_end(m);
	if (m.len < 8)
		return false;
	switch (m.p[0]) {
	case ' ':
		return partitions(str_trim(m), out);
	case 'V':
		if (!str_starts(m, "VFS: Mounted root ("))
			return false;
		return set(out, MS_ROOT, STR_NULL);
	case 'E':
	case 'X':
	case 'B':
	case 'F':
		if (mounted(m, out))
			return true;
		break;
	case 'p':
	case 'c':
		if (console(m, out))
			return true;
		break;
	case 'a':	/* "ata2: SATA link up 6.0 Gbps (SStatus 133 SControl 300)" */
		if (str_starts(m, "ata") && (at = str_find(m, ": SATA link up ")) > 0)
			return set(out, MS_LINK, str_make(m.p, (size_t)at));
		break;
	case 'm':	/* "mmc0: new high speed SDHC card at address 0001" */
		if (str_starts(m, "mmc") && (at = str_find(m, ": new ")) > 0 &&
		    str_find(m, " card at address ") > 0)
			return set(out, MS_DISK, str_make(m.p, (size_t)at));
		break;
	case 'I':	/* "IPv6: ADDRCONF(NETDEV_CHANGE): wlan0: link becomes ready" */
		if (str_starts(m, "IPv6: ADDRCONF(NETDEV_CHANGE): ") &&
		    ends_with(m, ": link becomes ready"))
			return set(out, MS_LINK, str_make(m.p + 31, m.len - 31 - 20));
		break;
	default:
		break;
	}
	if (m.p[0] >= 'a' && m.p[0] <= 'z' && partitions(m, out))
		return true;	/* the blank lost on the way (a mail's paste) */
	return by_tail(m, out) || net_link(m, out);
}

void dmesg_milestone_name(const struct dmesg_milestone *m, char *buf, size_t len)
{
	static const char *const fmt[MS_COUNT] = {
		[MS_CONSOLE] = "console %.*s", [MS_LINK] = "%.*s link up",
		[MS_QUEUES] = "%.*s queues", [MS_DISK] = "%.*s attached",
		[MS_PARTITIONS] = "%.*s partitions", [MS_MOUNT] = "%.*s mounted",
		[MS_INITCALL] = "initcall %.*s",
	};
	const char *f = m->boot_console ? "bootconsole %.*s off" :
			m->kind < MS_COUNT && fmt[m->kind] ? fmt[m->kind] : NULL;

	if (m->kind == MS_ROOT || !f)
		snprintf(buf, len, "root mounted");
	else
		snprintf(buf, len, f, (int)m->device.len, m->device.p);
}

void ms_pending_add(struct ms_pending *q, ns_t ts, unsigned int line, enum milestone_kind kind,
		    const char *name, struct str device)
{
	struct ms_seen *s;

	if (q->n >= MS_PENDING_MAX || ts == NS_NONE)
		return;
	s = &q->v[q->n++];
	s->ts = ts;
	s->line = line;
	s->kind = (uint8_t)kind;
	snprintf(s->name, sizeof(s->name), "%s", name);
	snprintf(s->device, sizeof(s->device), "%.*s", (int)device.len, device.p);
}

size_t ms_pending_flush(struct ms_pending *q, struct builder *b, bool extent)
{
	size_t i, n = q->n;

	for (i = 0; i < q->n; i++) {
		const struct ms_seen *s = &q->v[i];
		struct pm_event ev;

		event_init(&ev, EV_MILESTONE, s->ts, s->line);
		ev.milestone = s->kind;
		ev.text = str_c(s->name);
		ev.device = str_c(s->device);
		ev.extent = extent;
		builder_event(b, &ev);
	}
	q->n = 0;
	return n;
}
