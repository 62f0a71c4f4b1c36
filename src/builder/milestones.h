/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A boot cycle's milestones (model.h, struct pm_milestone), from the
 * parser's milestone lines and from its boot marks ("Run /sbin/init as
 * init process", "Freeing unused kernel image", systemd's banners).
 */
#ifndef PMSCOPE_BUILD_MILESTONES_H
#define PMSCOPE_BUILD_MILESTONES_H

#include "events.h"

/* @ev (EV_MILESTONE) into boot cycle @c: the first of each name. */
void milestone_take(struct pm_run *run, struct pm_cycle *c, const struct pm_event *ev,
		    uint16_t file_id);
/* The milestone boot mark @ev (EV_BOOT_MARK) names, into boot cycle @c. */
void milestone_of_mark(struct pm_run *run, struct pm_cycle *c, const struct pm_event *ev,
		       uint16_t file_id);

#endif
