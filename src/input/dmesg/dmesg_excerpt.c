// SPDX-License-Identifier: GPL-2.0
/*
 * Where a log is pieces: a step back of the clock (another paste, another
 * run), a paste that says again what the one before said once a cycle, a
 * paste's mark of lines left out, a line pasted twice.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#include "dmesg_parser.h"

/* What one piece of a log (an excerpt, a boot) told of itself, forgotten
 * where the next begins: its root, its marks of lines left out, the
 * silence that ended its boot, its open report. */
void dp_forget_piece(struct dmesg_parser *p)
{
	p->rooted = p->elided = false;
	p->silence_line = p->piece_line = p->report_line = p->refusal.line = 0;
}

/* The lines after a step back inside a hibernation in which the image's
 * clock may come back. */
#define IMAGE_BACK_LOOK 64

static bool image_comes_back(const struct dmesg_parser *p)
{
	struct kmsg_line kl;
	struct str next;
	unsigned int k;

	for (k = 1; p->r && k <= IMAGE_BACK_LOOK && reader_peek(p->r, k, NULL, &next) > 0; k++)
		if (dmesg_split(next, &kl) && kl.ts != NS_NONE && kl.ts >= p->last_ts)
			return true;
	return false;
}

/*
 * Whether a step back of the clock to the line @kl is the log's own:
 * a hibernation's image restored (the clock is the image's again), a
 * boot's CPUs and clocksources starting ("masked ExtINT on CPU#1" at
 * the secondary's clock, "tsc: Marking TSC unstable" from a new base).
 * A boot goes back to a new excerpt only at an initcall's start (one
 * grep over the initcalls of several boots). A hibernation that went no
 * further than its first line wrote no image to restore: a step back
 * there is another excerpt (the Fedora mac's two pastes, each ending at
 * its "hibernation entry"), unless the log comes back to its time within
 * the next lines (a grep of a hibernation's lines: the boot kernel's,
 * then the image's again).
 */
static bool same_excerpt(const struct dmesg_parser *p, const struct kmsg_line *kl)
{
	struct dmesg_cb cb;

	if (p->in_cycle && p->mode == MODE_DISK)
		return p->kernel_line > p->cycle_line || image_comes_back(p);
	return p->boot == BOOT_KERNEL && dmesg_cb_line(kl->msg, &cb) != DS_INITCALL_START;
}

/*
 * The log begins again at an earlier time: a mail with two pastes,
 * pstore's parts newest first, one grep over several runs. What is
 * open ends here, cut (its end is not in this excerpt): no cycle takes
 * lines of another time, so none has a phase of negative length.
 */
void dp_excerpt_ends(struct dmesg_parser *p, unsigned int end_line, bool pasted)
{
	struct pm_event ev;

	/* the builder's cycle, if one is open: callback lines open one
	 * without a start line. It ends at the excerpt's last stamped
	 * line, not at the next one's first. */
	event_init(&ev, EV_CYCLE_END, NS_NONE, end_line);
	ev.cut = true;
	ev.pasted = pasted;
	builder_event(p->b, &ev);
	dmesg_paste_forget(&p->paste);
	if (p->boot == BOOT_KERNEL || p->boot == BOOT_USER)
		p->boot = BOOT_NONE;
	p->in_cycle = p->in_enter = p->in_machine = p->in_exit = p->in_complete = false;
	dp_forget_piece(p);	/* another piece: of another boot, maybe */
}

void dp_new_excerpt_at(struct dmesg_parser *p, unsigned int end_line)
{
	dp_excerpt_ends(p, end_line, false);
}

/* Another paste begins, in a mail's log without stamps: where it says a
 * device's failure of the piece before again, that piece ended where its
 * author cut it (an excerpt), and this is another cycle's. */
void dp_paste_begins(struct dmesg_parser *p, struct str line)
{
	if (!p->stamped && p->kernel_line && dmesg_paste_again(&p->paste, p->r, line))
		dp_excerpt_ends(p, p->kernel_line, true);
}

static void new_excerpt(struct dmesg_parser *p)
{
	dp_new_excerpt_at(p, p->last_ts_line ? p->last_ts_line : p->line);
}

/* A step back this long is no printk's jitter nor a line stored late
 * (a continuation's stamp is its first part's): another excerpt. */
#define EXCERPT_STEP_NS 1000000000LL
/* The lines after this one that show whether a step back sticks. */
#define STEP_BACK_LOOK 16

/*
 * The clock went back to @kl's stamp from p->last_ts: whether the log
 * comes back to where it was within the next lines (what the buffer
 * holds of them): one CPU's early clock ("[0.021155] numa_add_cpu cpu 1
 * node 0" among lines at 1.4 s as the CPUs come up), not a new excerpt,
 * whose lines go on from the earlier time.
 */
static bool comes_back(const struct dmesg_parser *p, ns_t back)
{
	struct kmsg_line kl;
	struct str next;
	unsigned int k;

	if (!p->r)
		return false;
	for (k = 1; k <= STEP_BACK_LOOK && reader_peek(p->r, k, NULL, &next) > 0; k++) {
		if (!dmesg_split(next, &kl) || kl.ts == NS_NONE)
			continue;
		if (kl.ts + CLOCK_STEP_BACK_NS >= p->last_ts)
			return true;
		/* the earlier time goes on for seconds: another excerpt
		 * (a second grep of the same log, 37 s back), however soon
		 * it passes the first */
		if (kl.ts > back + EXCERPT_STEP_NS)
			return false;
	}
	return false;
}

/*
 * A line the stamps step back at that is one read a little before, stamp
 * and words (a paste that repeats a line: "[ 122.742365] PM: suspend of
 * devices complete ..." again after its cycle's exit, in the am335x
 * mail): said, and passed over; no excerpt begins there. True when it is.
 * (Not at the same stamp: the E7250's log has a line twice in a
 * microsecond, and the kernel printed both.)
 */
bool dp_repeated(struct dmesg_parser *p, const struct kmsg_line *kl)
{
	uint32_t h;
	unsigned int i, n = p->nseen < SEEN_LINES ? p->nseen : SEEN_LINES;
	char buf[96];

	if (kl->ts == NS_NONE || p->last_ts == NS_NONE || kl->ts + CLOCK_STEP_BACK_NS >= p->last_ts)
		return false;
	h = hash_bytes(kl->msg.p, kl->msg.len);
	for (i = 0; i < n; i++) {
		const struct seen_line *s = &p->seen[i];

		if (s->ts != kl->ts || s->hash != h)
			continue;
		if (!p->repeats++) {	/* the first at its line; the count at the end */
			snprintf(buf, sizeof(buf), "line %u repeats line %u (stamp and words): "
				 "passed over", p->line, s->line);
			dp_say(p, kl->ts, FC_NOTE, buf);
		}
		return true;
	}
	return false;
}

/*
 * A paste's mark of lines left out ("... etc ...") in a cycle the kernel
 * backed out of: its last lines come within seconds of its failure (the
 * freezer gives up after 20 s), so lines stamped a minute later are
 * another attempt's (the Lenovo 81EU's fifth, then one six minutes on).
 */
#define BACK_OUT_NS 60000000000LL

/* From one wall-clock second of the day to the next line's: across
 * midnight when it went back by more than half a day; none when it went
 * back less (a clock set back). */
static ns_t day_gap(int32_t from, int32_t to)
{
	int32_t d = to - from;

	if (d < -43200)
		d += 86400;
	return d < 0 ? NS_NONE : (ns_t)d * 1000000000LL;
}

void dp_lines_left_out(struct dmesg_parser *p, const struct kmsg_line *kl)
{
	ns_t gap = NS_NONE;

	if (kl->ts != NS_NONE && p->last_ts != NS_NONE)
		gap = kl->ts - p->last_ts;
	else if (kl->ts == NS_NONE && kl->day_s >= 0 && p->last_day_s >= 0)
		gap = day_gap(p->last_day_s, kl->day_s);
	if (kl->day_s >= 0)
		p->last_day_s = kl->day_s;
	if (kl->ts == NS_NONE && kl->day_s < 0)
		return;	/* no time: it says nothing of the gap */
	if (p->elided && p->in_cycle && p->backed_out && gap != NS_NONE && gap > BACK_OUT_NS) {
		dp_new_excerpt_at(p, p->elided_after);
		p->piece_line = p->line;
	}
	p->elided = false;
}

void dp_check_clock(struct dmesg_parser *p, const struct kmsg_line *kl)
{
	ns_t ts = kl->ts;
	bool same;
	char buf[128];

	if (ts == NS_NONE)
		return;
	/* Tiny steps back happen (printk from several CPUs); larger ones mean
	 * a restored hibernation image, a new boot in the same file, or a
	 * new excerpt. */
	if (p->last_ts != NS_NONE && ts + CLOCK_STEP_BACK_NS < p->last_ts) {
		same = ts + EXCERPT_STEP_NS >= p->last_ts || same_excerpt(p, kl) || comes_back(p, ts);
		if (!same)
			new_excerpt(p);
		snprintf(buf, sizeof(buf), "time stamps go back from %.6f to %.6f s%s",
			 p->last_ts / 1e9, ts / 1e9,
			 same ? "" : ": the log starts again here (another excerpt)");
		dp_say(p, ts, FC_NOTE, buf);
	}
	dp_boot_silence(p, ts);
	p->last_ts = ts;
	p->last_ts_line = p->line;
	p->seen[p->nseen % SEEN_LINES] =
		(struct seen_line){ ts, hash_bytes(kl->msg.p, kl->msg.len), p->line };
	p->nseen++;
}
