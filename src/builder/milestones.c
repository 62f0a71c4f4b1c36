// SPDX-License-Identifier: GPL-2.0
/*
 * A boot's milestones, in log order, each name once: the first line of
 * it is the milestone (a second "console [tty0] enabled" from a serial
 * capture's other console, systemd's banner again at a daemon-reexec).
 */
#include <stdio.h>
#include <string.h>

#include "milestones.h"

static struct pm_milestone *find(struct pm_cycle *c, const char *name)
{
	size_t i;

	for (i = 0; i < c->nmilestones; i++)
		if (c->milestones[i].name == name)
			return &c->milestones[i];
	return NULL;
}

static struct pm_milestone *add(struct pm_run *run, struct pm_cycle *c,
				enum milestone_kind kind, const char *name, struct str device,
				const struct pm_event *ev, uint16_t file_id)
{
	struct pm_milestone *m;
	const char *n = strpool_cstr(&run->pool, name);

	if (find(c, n) || c->nmilestones >= CYCLE_MILESTONES_MAX)
		return NULL;
	VEC_RESERVE(c->milestones, c->nmilestones, c->milestones_cap);
	m = &c->milestones[c->nmilestones++];
	m->ts = ev->ts;
	m->name = n;
	m->device = device.len ? strpool_get(&run->pool, device) : NULL;
	m->line = ev->line;
	m->file_id = file_id;
	m->kind = (uint8_t)kind;
	return m;
}

static bool has_kind(const struct pm_cycle *c, enum milestone_kind kind)
{
	size_t i;

	for (i = 0; i < c->nmilestones; i++)
		if (c->milestones[i].kind == kind)
			return true;
	return false;
}

/*
 * The root an initramfs mounts: its /init runs from memory, mounts the
 * real root and hands over to the root's init, which the kernel does not
 * print. The first file system mounted after "Run /init" is that root
 * (the root's own fstab mounts the others later, /boot among them).
 */
static void initrd_root(struct pm_run *run, struct pm_cycle *c, const struct pm_event *ev,
			uint16_t file_id)
{
	if (!c->init_path || strcmp(c->init_path, "/init") || !has_kind(c, MS_INIT) ||
	    has_kind(c, MS_ROOT))
		return;
	add(run, c, MS_ROOT, "root mounted", ev->device, ev, file_id);
}

void milestone_take(struct pm_run *run, struct pm_cycle *c, const struct pm_event *ev,
		    uint16_t file_id)
{
	char name[160];

	if (ev->ts == NS_NONE || ev->milestone >= MS_COUNT || !ev->text.len)
		return;
	snprintf(name, sizeof(name), "%.*s", (int)ev->text.len, ev->text.p);
	if (add(run, c, ev->milestone, name, ev->device, ev, file_id) && ev->milestone == MS_MOUNT)
		initrd_root(run, c, ev, file_id);
}

/* "Running in initrd": the banner before it was the initrd's systemd. */
static void systemd_in_initrd(struct pm_run *run, struct pm_cycle *c)
{
	struct pm_milestone *m = find(c, strpool_cstr(&run->pool, "systemd"));
	const char *initrd = strpool_cstr(&run->pool, "systemd (initrd)");

	if (m && !find(c, initrd))
		m->name = initrd;
}

void milestone_of_mark(struct pm_run *run, struct pm_cycle *c, const struct pm_event *ev,
		       uint16_t file_id)
{
	char name[160];

	if (ev->ts == NS_NONE)
		return;
	switch (ev->boot_mark) {
	case BM_RUN_INIT:
		snprintf(name, sizeof(name), "init %.*s", ev->text.len ? (int)ev->text.len : 5,
			 ev->text.len ? ev->text.p : "/init");
		add(run, c, MS_INIT, name, STR_NULL, ev, file_id);
		break;
	case BM_FREE_INITMEM:
		add(run, c, MS_INITMEM, "init memory freed", STR_NULL, ev, file_id);
		break;
	case BM_SYSTEMD:
		add(run, c, MS_SYSTEMD, "systemd", STR_NULL, ev, file_id);
		break;
	case BM_SYSTEMD_INITRD:
		systemd_in_initrd(run, c);
		break;
	default:
		break;
	}
}
