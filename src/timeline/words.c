// SPDX-License-Identifier: GPL-2.0
/*
 * Timeline palette and words: colours per phase kind, box labels, hover
 * texts and cycle headings, shared by every timeline renderer.
 */
#include <stdio.h>
#include <stdlib.h>

#include "timeline.h"

/* Suspend side cool, resume side warm, machine grey; boot reuses the
 * suspend and resume pair. Boxes are mid tones that keep dark text
 * readable; bands are tints of them. */
static const uint32_t box_colors[PK_COUNT] = {
	[PK_ENTER] = 0xa9b7cc,
	[PK_PREPARE] = 0x8dbde8,
	[PK_SUSPEND] = 0x6fa8dc,
	[PK_SUSPEND_LATE] = 0x5dbfa6,
	[PK_SUSPEND_NOIRQ] = 0x93c47d,
	[PK_MACHINE] = 0x999999,
	[PK_RESUME_NOIRQ] = 0xf6b26b,
	[PK_RESUME_EARLY] = 0xffd966,
	[PK_RESUME] = 0xf4a09c,
	[PK_COMPLETE] = 0xc9a0dc,
	[PK_EXIT] = 0xb4a7d6,
	[PK_NOTIFY] = 0xd5a6bd,
	[PK_BOOT_KERNEL] = 0x6fa8dc,
	[PK_BOOT_USER] = 0xf6b26b,
};

uint32_t tl_box_color(enum phase_kind k)
{
	return k < PK_COUNT ? box_colors[k] : 0xcccccc;
}

/* A quarter of the box colour over white. */
uint32_t tl_band_color(enum phase_kind k)
{
	uint32_t c = tl_box_color(k), out = 0;
	int sh;

	for (sh = 0; sh <= 16; sh += 8) {
		uint32_t v = c >> sh & 0xff;

		out |= (255 - (255 - v) / 4) << sh;
	}
	return out;
}

const char *tl_label_text(const struct pm_run *run, const struct pm_cycle *c,
			  const struct tl_box *b, char *buf, size_t n)
{
	const struct pm_device *d = &run->devs[c->cbs[b->cb].dev];

	if (b->label == TL_LABEL_NONE)
		return "";
	if (b->label == TL_LABEL_DEV || !d->driver || !*d->driver)
		return d->name;
	snprintf(buf, n, "%s {%s}", d->name, d->driver);
	return buf;
}

static const char *cb_kind(const struct pm_run *run, const struct pm_callback *cb)
{
	return cb->flags & CB_INITCALL ? "initcall" : cb->flags & CB_PROBE ? "probe" :
	       cb->flags & CB_QUIRK ? "quirk" : cb_event(run, cb) ? cb_event(run, cb) : "callback";
}

char *tl_cb_title(const struct pm_run *run, const struct pm_cycle *c, int i)
{
	const struct pm_callback *cb = &c->cbs[i];
	const struct pm_device *d = &run->devs[cb->dev];
	const char *fn = cb_fn(run, cb);
	ns_t dur = cb_duration(cb);
	char len[48], thr[48], ret[32];

	if (cb->flags & CB_UNFINISHED)
		snprintf(len, sizeof(len), "UNFINISHED");
	else if (dur != NS_NONE)
		snprintf(len, sizeof(len), "%.3f ms", dur / 1e6);
	else
		snprintf(len, sizeof(len), "length unknown");
	if (cb->pid >= 0)
		snprintf(thr, sizeof(thr), "thread %d %s", cb->pid, cb->async ? "async" : "sync");
	else
		snprintf(thr, sizeof(thr), "thread unknown");
	if (cb->has_ret)
		snprintf(ret, sizeof(ret), ", returned %d", cb->ret);
	else
		ret[0] = 0;
	return xasprintf("%s%s%s%s\n%s %s%s%s\nstart +%.3f ms, %s, %s%s", d->name,
			 d->driver && *d->driver ? " {" : "", d->driver ? d->driver : "",
			 d->driver && *d->driver ? "}" : "",
			 cb->phase >= 0 ? c->phases[cb->phase].name : "?", cb_kind(run, cb),
			 fn ? " " : "", fn ? fn : "",
			 cb->start != NS_NONE && c->start != NS_NONE ? (cb->start - c->start) / 1e6 : 0.0,
			 len, thr, ret);
}

char *tl_cycle_title(const struct pm_run *run, const struct pm_cycle *c)
{
	const char *kernel = run_fact(run, "kernel"), *host = run_fact(run, "host");

	const char *label = c->mode_label && strcmp(c->mode_label, mode_name(c->mode)) ?
			    c->mode_label : NULL;

	return xasprintf("cycle %d: %s%s%s%s%s%s%s%s", c->index, mode_name(c->mode),
			 label ? " (" : "", label ? label : "", label ? ")" : "", kernel ? ", kernel " : "", kernel ? kernel : "",
			 host ? ", host " : "", host ? host : "");
}

static void put_ms(char *buf, size_t n, const char *what, ns_t v)
{
	if (v == NS_NONE)
		snprintf(buf, n, "%s -", what);
	else
		snprintf(buf, n, "%s %.3f ms", what, v / 1e6);
}

/* "; kernel to /init 441.792 ms, /init to systemd 8382.542 ms, /init to
 * last initcall 16863.211 ms": where the boot's time went, as the text
 * report's boot totals (systemd where the log has its banner). */
static const char *boot_split(const struct boot_totals *bt, char *buf, size_t n)
{
	char a[48], b[48], s[48] = "";

	if (n < sizeof(a) + sizeof(b) + sizeof(s) + 6)
		return "";

	buf[0] = '\0';
	if (!bt->boot || (bt->kernel_ns == NS_NONE && bt->user_ns == NS_NONE))
		return buf;
	put_ms(a, sizeof(a), "kernel to /init", bt->kernel_ns);
	if (bt->first_initcall >= 0)	/* a boot with initcall_debug */
		put_ms(b, sizeof(b), ", /init to last initcall", bt->user_ns);
	else
		b[0] = '\0';
	if (bt->init_systemd_ns != NS_NONE)
		put_ms(s, sizeof(s), ", /init to systemd", bt->init_systemd_ns);
	snprintf(buf, n, "; %s%s%s", a, s, b);
	return buf;
}

/* "boot 8824.334 ms to systemd on the root, 1009 initcalls and probes":
 * the text's headline (report_text_boot_headline()). */
static char *boot_line(const struct cycle_results *cr, const char *split)
{
	const struct pm_cycle *c = cr->c;
	const char *end = boot_end_words(c, &cr->totals);
	char a[48];

	if (!end) {
		put_ms(a, sizeof(a), "boot", cr->totals.total_ns);
		return xasprintf("%s, %zu initcalls and probes%s", a, c->ncbs, split);
	}
	put_ms(a, sizeof(a), "boot", cr->totals.boot_ns);
	if (!c->ncbs)
		return xasprintf("%s to %s, %zu milestones%s", a, end, c->nmilestones, split);
	return xasprintf("%s to %s, %zu initcalls and probes%s", a, end, c->ncbs, split);
}

char *tl_cycle_totals(const struct cycle_results *cr)
{
	const struct pm_cycle *c = cr->c;
	const struct cycle_totals t = cr->totals;
	char a[48], b[48];

	if (c->mode == MODE_BOOT) {
		char split[160];

		return boot_line(cr, boot_split(&cr->boot, split, sizeof(split)));
	}
	put_ms(a, sizeof(a), "suspend", t.suspend_ns);
	put_ms(b, sizeof(b), "resume", t.resume_ns);
	return xasprintf("%s, %s, %zu callbacks on %zu threads%s%s", a, b, c->ncbs, c->nthreads,
			 c->resumed ? "" : ", did not complete", c->aborted ? ", aborted" : "");
}

const char *tl_legend_text(const struct pm_cycle *c, int entry, char *buf, size_t n)
{
	const struct pm_phase *p = entry >= 0 ? &c->phases[entry] : NULL;

	if (entry == TL_KEY_CRIT)
		return "critical path";
	if (entry == TL_KEY_WAIT)
		return "blocked sync wait";
	if (entry == TL_KEY_ERROR)
		return "error or unfinished";
	if (entry == TL_KEY_SAID)
		return "the log said error";
	if (entry == TL_KEY_SLEEP)
		return "slept";
	if (p->start != NS_NONE && p->end != NS_NONE)
		snprintf(buf, n, "%s %.3f ms", p->name, (p->end - p->start) / 1e6);
	else
		snprintf(buf, n, "%s", p->name);
	return buf;
}
