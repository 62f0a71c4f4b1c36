// SPDX-License-Identifier: GPL-2.0
/*
 * The log lines the kernel log parser does not take as PM or timing
 * lines: handed to the builder as they are, with the "DRIVER DEVICE: "
 * prefix of dev_printk() split off, so the analyses can tie them to the
 * callbacks they explain.
 */
#include "dmesg.h"

void dmesg_message(struct builder *b, const struct kmsg_line *kl, unsigned int line,
		   enum verdict_kind alarm, bool first)
{
	struct pm_event ev;

	event_init(&ev, EV_MESSAGE, kl->ts, line);
	ev.cut = first;
	/* "Internal error: : 1028 [#1] SMP ARM" has no device in it */
	ev.verdict = (uint8_t)alarm;
	if (ev.verdict)
		ev.text = kl->msg;
	else
		dmesg_msg_prefix(kl->msg, &ev.driver, &ev.device, &ev.text);
	if (kl->caller_tid >= 0)
		ev.pid = kl->caller_tid;
	builder_event(b, &ev);
}
