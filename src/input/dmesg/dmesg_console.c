// SPDX-License-Identifier: GPL-2.0
/*
 * A boot console handing over to the real one on the same wire: when
 * the real console is not the preferred one, register_console() prints
 * the whole buffer to it again ("printk: console [tty1] enabled",
 * "printk: bootconsole [uart8250] disabled", then "Booting Linux ...",
 * "Linux version ..." once more, up to that hand-over line). A serial
 * capture holds the start of the log twice: the second time is the same
 * records, not a second boot.
 */
#include "dmesg.h"

/* A replay begins within this many lines of the hand-over. */
#define HANDOVER_LINES 3

/* "bootconsole [uart8250] disabled", after "printk: " and 6.x's "legacy ". */
static bool handover_line(struct str m)
{
	if (str_starts(m, "printk: "))
		m = str_skip(m, 8);
	if (str_starts(m, "legacy "))
		m = str_skip(m, 7);
	return str_starts(m, "bootconsole [") && str_find(m, "] disabled") > 0;
}

static bool same_record(const struct console_handover *h, const struct kmsg_line *kl)
{
	return kl->ts == h->ts && kl->msg.len == h->len && !memcmp(kl->msg.p, h->msg, h->len);
}

bool console_replayed(struct console_handover *h, const struct kmsg_line *kl, unsigned int line)
{
	if (h->replay) {
		/* the replay ends with the hand-over's own line, or where
		 * the log is past it */
		if (same_record(h, kl) || (kl->ts != NS_NONE && h->ts != NS_NONE && kl->ts > h->ts)) {
			h->replay = false;
			h->line = 0;
			h->to = line;
			return same_record(h, kl);
		}
		return true;
	}
	if (h->line && line <= h->line + HANDOVER_LINES &&
	    ((kl->ts != NS_NONE && h->ts != NS_NONE && kl->ts < h->ts) ||
	     str_starts(kl->msg, "Linux version ") || str_starts(kl->msg, "Booting Linux"))) {
		h->replay = true;
		h->from = line;
		h->replays++;
		return true;
	}
	if (handover_line(kl->msg) && kl->msg.len <= sizeof(h->msg)) {
		h->line = line;
		h->ts = kl->ts;
		h->len = kl->msg.len;
		memcpy(h->msg, kl->msg.p, h->len);
	} else if (h->line && line > h->line + HANDOVER_LINES) {
		h->line = 0;
	}
	return false;
}
