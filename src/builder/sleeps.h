/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PMSCOPE_BUILD_SLEEPS_H
#define PMSCOPE_BUILD_SLEEPS_H

#include "model.h"

/* A sleep of @pid from @start to @end, in cycle @c, woken as @woke
 * (enum sleep_woke) says. */
void sleeps_push(struct pm_cycle *c, int pid, ns_t start, ns_t end, uint8_t woke);
/* Sorted for cycle_slept(), once the cycle is built. */
void sleeps_settle(struct pm_cycle *c);

#endif
