/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the log said while each callback ran (analysis/messages.c), as the
 * results of a cycle hold it (analysis.h).
 */
#ifndef PMSCOPE_MESSAGES_H
#define PMSCOPE_MESSAGES_H

#include "model.h"

/*
 * What the log said while each callback ran (analysis/messages.c): the
 * cycle's messages stamped between the callback's start and end (the
 * critical path's printk skew and clock drift allowed; an unfinished
 * callback to the cycle's end) that its device, a parent, a child or
 * another device of its driver printed, and the error-shaped lines of
 * that time from anyone (timeouts, "error -N", "failed", firmware and
 * ACPI errors). Most telling first: errors of its own family (device,
 * parents, children), errors no device printed, its own device's words,
 * its parents', its children's, other devices' errors, its driver's
 * words; at most CB_MSGS_MAX per callback.
 */
enum msg_rel {
	MR_DEVICE,	/* the callback's own device */
	MR_PARENT,	/* a parent, grandparent ... */
	MR_CHILD,	/* a child, grandchild ... */
	MR_DRIVER,	/* another device of the same driver */
	MR_OTHER,	/* anyone else: kept only when error-shaped */
};

struct cb_msg {
	uint32_t msg;		/* index into cycle->msgs */
	uint8_t rel;		/* enum msg_rel */
	bool error;		/* error-shaped */
	bool alarm;		/* the kernel's own: an oops, a warning, a stall */
	bool named;		/* printed by a device ("usb 4-1: ...") */
};
#define CB_MSGS_MAX 8

struct cycle_messages {
	size_t *first;		/* callback i's: msgs[first[i]] up to
				 * msgs[first[i + 1]]; NULL when none has any */
	struct cb_msg *msgs;
	size_t nmsgs;
	/* Callbacks that returned 0 although a line of their own device, a
	 * parent or a child said error or timeout while they ran: warnings
	 * the kernel gave no failure for. In callback order. */
	size_t *said_error;
	size_t nsaid_error;
};

/* Callback @cb's messages in @m; how many (*out NULL when none). */
static inline size_t cb_msgs(const struct cycle_messages *m, size_t cb,
			     const struct cb_msg **out)
{
	*out = m->first ? &m->msgs[m->first[cb]] : NULL;
	return m->first ? m->first[cb + 1] - m->first[cb] : 0;
}

/* Callback @cb of @c is in said_error[]: it returned 0, yet its own
 * device, a parent or a child said error or timeout while it ran (its
 * most telling line). */
static inline bool cb_said_error(const struct cycle_messages *m, const struct pm_cycle *c,
				 size_t cb)
{
	const struct cb_msg *x;

	return c->cbs[cb].has_ret && c->cbs[cb].ret == 0 && cb_msgs(m, cb, &x) && x[0].error &&
	       (x[0].rel == MR_DEVICE || x[0].rel == MR_PARENT || x[0].rel == MR_CHILD);
}

const char *msg_rel_name(enum msg_rel r);
/* A timeout, "error -N", "failed", a firmware or ACPI error ... */
bool msg_is_error(const char *text);

#endif
