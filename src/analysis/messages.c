// SPDX-License-Identifier: GPL-2.0
/*
 * Messages per callback: the lines the log printed while a callback ran
 * that say why it took so long ("xhci_hcd 0000:39:00.0: Timeout while
 * waiting for setup device command" under a 11.6 s usb resume). Ties
 * each of the cycle's messages to the callbacks whose time it falls in,
 * by who printed it, and ranks them; method in pmscope(1).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analyses.h"

const char *msg_rel_name(enum msg_rel r)
{
	static const char *const names[] = { "device", "parent", "child", "driver", "other" };

	return (unsigned int)r < ARRAY_SIZE(names) ? names[r] : "other";
}

/* @needle (lower case) in @s, ignoring case. */
static bool has_word(const char *s, const char *needle)
{
	size_t n = strlen(needle);

	for (; *s; s++)
		if (tolower((unsigned char)*s) == needle[0] && !strncasecmp(s, needle, n))
			return true;
	return false;
}

/* "error -62", "err -110", "error: -5", "error=-19" */
static bool has_errno(const char *s)
{
	const char *e;

	for (e = s; (e = strcasestr(e, "err")); e += 3) {
		const char *p = e + 3;

		if (!strncasecmp(p, "or", 2))
			p += 2;
		while (*p == ' ' || *p == ':' || *p == '=')
			p++;
		if (*p == '-' && isdigit((unsigned char)p[1]))
			return true;
	}
	return false;
}

/* A number that is 0 at @p ("0", "0x0", "00"), and ends there. */
static bool zero_at(const char *p)
{
	char *end;

	if (!isdigit((unsigned char)*p) || strtoull(p, &end, 0) != 0 || end == p)
		return false;
	return !isalnum((unsigned char)*end) && *end != '.' && *end != '_';
}

/* "error" or "errors" that counts something other than none: the
 * CPTS's "calc_shift:29 error:0 nsec/sec" reports no error, "error
 * 0x4004" one. */
static bool has_error_word(const char *s)
{
	const char *e;

	for (e = s; (e = strcasestr(e, "error")); e += 5) {
		const char *p = e + 5 + (e[5] == 's' || e[5] == 'S');

		while (*p == ' ' || *p == ':' || *p == '=')
			p++;
		if (!zero_at(p))
			return true;
	}
	return false;
}

bool msg_is_error(const char *text)
{
	static const char *const words[] = {
		"timeout", "timed out", "time out", "fail", "firmware bug",
		"not responding", "not accepting", "unable to", "overheat", "hung ",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(words); i++)
		if (has_word(text, words[i]))
			return true;
	if (has_error_word(text))
		return true;
	/* ACPI exceptions: "AE_NOT_FOUND", "AE_AML_BUFFER_LIMIT" */
	return strstr(text, "AE_") || has_errno(text);
}

/* @anc is @dev or one of its parents. */
static bool is_ancestor(const struct pm_run *run, int anc, int dev)
{
	int depth;

	for (depth = 0; dev >= 0 && depth < 64; depth++, dev = run->devs[dev].parent_id)
		if (dev == anc)
			return true;
	return false;
}

static enum msg_rel relation(const struct pm_run *run, int cbdev, int mdev, const char *mdrv)
{
	const char *drv = run->devs[cbdev].driver;

	if (mdev == cbdev)
		return MR_DEVICE;
	if (mdev >= 0 && is_ancestor(run, mdev, cbdev))
		return MR_PARENT;
	if (mdev >= 0 && is_ancestor(run, cbdev, mdev))
		return MR_CHILD;
	if (mdrv && drv && *drv && !strcmp(mdrv, drv))
		return MR_DRIVER;
	return MR_OTHER;
}

/*
 * The kernel's alarms and errors of its family; errors no device owns
 * (ACPI, firmware); its own device's words, its parents', its
 * children's; then errors another device printed (of its driver or not:
 * they are about that device: 4-1's "Disable of device-initiated U1
 * failed" came before 1-5's own reset under 1-5's resume); its driver's
 * words. -1 when the line says nothing about it.
 */
static int tier(const struct cb_msg *x)
{
	if (x->alarm || (x->error && x->rel <= MR_CHILD))
		return 0;
	if (x->error && !x->named)
		return 1;
	if (x->rel <= MR_CHILD)
		return 2 + x->rel;	/* device 2, parent 3, child 4 */
	if (x->error)
		return 5;
	return x->rel == MR_DRIVER ? 6 : -1;
}

/* @a ranks before @b: tier, who printed it, then log order. */
static bool before(const struct cb_msg *a, const struct cb_msg *b)
{
	int ta = tier(a), tb = tier(b);

	if (ta != tb)
		return ta < tb;
	if (a->rel != b->rel)
		return a->rel < b->rel;
	return a->msg < b->msg;
}

/* Keep @x among the CB_MSGS_MAX best in @best (sorted, *n of them). */
static void keep(struct cb_msg *best, size_t *n, const struct cb_msg *x)
{
	size_t i = *n;

	if (*n == CB_MSGS_MAX && !before(x, &best[*n - 1]))
		return;
	if (*n < CB_MSGS_MAX)
		(*n)++;
	else
		i = CB_MSGS_MAX - 1;
	for (; i > 0 && before(x, &best[i - 1]); i--)
		best[i] = best[i - 1];
	best[i] = *x;
}

struct msg_index {
	const struct pm_cycle *c;
	uint32_t *by_ts;	/* messages with a time, by time then line */
	size_t n;
	int *dev;		/* per message: its device in run->devs, -1 */
	bool *error;
};

static int cmp_ts(const void *a, const void *b, void *ctx)
{
	const struct pm_message *m = ctx;
	const struct pm_message *x = &m[*(const uint32_t *)a], *y = &m[*(const uint32_t *)b];

	if (x->ts != y->ts)
		return x->ts < y->ts ? -1 : 1;
	return x->line < y->line ? -1 : x->line > y->line;
}

/*
 * A few lines whose stamps fall back (by more than printk's CPUs
 * disagree: CLOCK_STEP_BACK_NS, as the reader's note) and come back: a
 * CPU being brought up prints with a clock not yet set (the QEMU boot's "calibrate_delay_direct() failed" at
 * [0.000000] between lines at 0.938 and 1.115 s). Their time is not when
 * they were printed, and ties them to no callback. A clock that stays
 * back (a restored hibernation image) is followed.
 */
#define STRAY_RUN_MAX 16

static bool same_clock(const struct pm_message *a, const struct pm_message *b)
{
	return a->ts != NS_NONE && b->ts != NS_NONE && a->file_id == b->file_id;
}

/* The end of the run of stray messages at @i below @top's stamp, or @i
 * when the stamps do not come back within STRAY_RUN_MAX messages. */
static size_t strays_end(const struct pm_cycle *c, size_t i, const struct pm_message *top)
{
	size_t k;

	for (k = i; k < c->nmsgs && k < i + STRAY_RUN_MAX; k++) {
		const struct pm_message *m = &c->msgs[k];

		if (m->ts == NS_NONE)
			continue;
		if (!same_clock(m, top))
			return i;
		if (m->ts + CLOCK_STEP_BACK_NS >= top->ts)
			return k;
	}
	return i;
}

static void index_build(const struct pm_run *run, const struct pm_cycle *c,
			struct msg_index *ix)
{
	size_t i, k, n = c->nmsgs ? c->nmsgs : 1;
	const struct pm_message *top = NULL;

	ix->c = c;
	ix->by_ts = xmalloc(n * sizeof(*ix->by_ts));
	ix->dev = xmalloc(n * sizeof(*ix->dev));
	ix->error = xmalloc(n * sizeof(*ix->error));
	ix->n = 0;
	for (i = 0; i < c->nmsgs; i++) {
		const struct pm_message *m = &c->msgs[i];

		ix->dev[i] = m->device ? run_device_find(run, m->device) : -1;
		ix->error[i] = m->alarm || msg_is_error(m->text);
	}
	for (i = 0; i < c->nmsgs; i++) {
		const struct pm_message *m = &c->msgs[i];

		if (m->ts == NS_NONE)
			continue;
		if (top && same_clock(m, top) && m->ts + CLOCK_STEP_BACK_NS < top->ts &&
		    (k = strays_end(c, i, top)) > i) {
			i = k - 1;	/* left out of by_ts */
			continue;
		}
		top = m;
		ix->by_ts[ix->n++] = (uint32_t)i;
	}
	qsort_r(ix->by_ts, ix->n, sizeof(*ix->by_ts), cmp_ts, c->msgs);
}

static void index_free(struct msg_index *ix)
{
	free(ix->by_ts);
	free(ix->dev);
	free(ix->error);
}

/* First message in @ix stamped at or after @t. */
static size_t first_after(const struct msg_index *ix, ns_t t)
{
	size_t lo = 0, hi = ix->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (ix->c->msgs[ix->by_ts[mid]].ts < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The last stamp of @ix's messages, NS_NONE */
static ns_t last_stamp(const struct msg_index *ix)
{
	return ix->n ? ix->c->msgs[ix->by_ts[ix->n - 1]].ts : NS_NONE;
}

/*
 * When @cb may have printed: its time, widened by the stamps' error.
 * Messages carry the log's microsecond stamps (CP_SKEW_DMESG_NS). A dmesg
 * start is the return stamp minus the kernel's figure, taken on another
 * clock (CP_DRIFT_PPM); a dmesg end is the return line's own stamp, and
 * a line stamped after it came after it. One that never returned was
 * still running when the cycle's last line was printed: the warning or
 * Oops that tells why it hung comes after its cycle's last PM event; one
 * whose thread went on to the next (cb_end_inferred()) had ended by then.
 */
static bool window(const struct msg_index *ix, const struct pm_callback *cb, ns_t *lo,
		   ns_t *hi)
{
	bool dmesg = cb->flags & CB_FROM_DMESG;
	ns_t end = cb->end;

	if ((cb->flags & CB_UNFINISHED) && !cb_end_inferred(cb)) {
		end = ix->c->end;
		if (last_stamp(ix) != NS_NONE && (end == NS_NONE || last_stamp(ix) > end))
			end = last_stamp(ix);
	}

	if (cb->start == NS_NONE || end == NS_NONE || end < cb->start)
		return false;
	*lo = cb->start - CP_SKEW_DMESG_NS -
	      (dmesg ? (end - cb->start) / 1000000 * CP_DRIFT_PPM : 0);
	*hi = dmesg ? end : end + CP_SKEW_DMESG_NS;
	return true;
}

/*
 * A kernel log is in printk order: a line above the callback's "calling"
 * line came before it, whatever the stamps' error allows.
 */
static bool printed_before(const struct pm_callback *cb, const struct pm_message *m)
{
	return (cb->flags & CB_FROM_DMESG) && !(cb->flags & CB_NO_START) &&
	       m->file_id == cb->file_id && m->line < cb->line;
}

/* The best CB_MSGS_MAX messages of callback @i into @best. */
static size_t cb_best(const struct pm_run *run, const struct msg_index *ix, size_t i,
		      struct cb_msg *best)
{
	const struct pm_callback *cb = &ix->c->cbs[i];
	size_t k, n = 0;
	ns_t lo, hi;

	if (!window(ix, cb, &lo, &hi))
		return 0;
	for (k = first_after(ix, lo); k < ix->n; k++) {
		uint32_t mi = ix->by_ts[k];
		const struct pm_message *m = &ix->c->msgs[mi];
		struct cb_msg x = { .msg = mi, .error = ix->error[mi], .alarm = m->alarm,
				    .named = m->device != NULL };

		if (m->ts > hi)
			break;
		if (printed_before(cb, m))
			continue;
		x.rel = (uint8_t)relation(run, cb->dev, ix->dev[mi], m->driver);
		if (tier(&x) >= 0)
			keep(best, &n, &x);
	}
	return n;
}

/* Returned 0, yet its family's words say error or timeout. */
static bool said_error(const struct pm_callback *cb, const struct cb_msg *best, size_t n)
{
	return cb->has_ret && cb->ret == 0 && n && tier(&best[0]) == 0;
}

int an_messages(const struct pm_run *run, struct cycle_results *cr, const struct results_opts *o)
{
	const struct pm_cycle *c = cr->c;
	struct cycle_messages *out = &cr->msgs;
	struct cb_msg best[CB_MSGS_MAX];
	struct msg_index ix;
	size_t i, cap = 0;

	(void)o;
	memset(out, 0, sizeof(*out));
	if (!c->nmsgs || !c->ncbs)
		return 0;
	index_build(run, c, &ix);
	out->first = xcalloc(c->ncbs + 1, sizeof(*out->first));
	for (i = 0; i < c->ncbs; i++) {
		size_t n = cb_best(run, &ix, i, best);

		out->first[i] = out->nmsgs;
		if (!n)
			continue;
		VEC_RESERVE(out->msgs, out->nmsgs + n - 1, cap);
		memcpy(&out->msgs[out->nmsgs], best, n * sizeof(*best));
		out->nmsgs += n;
		if (said_error(&c->cbs[i], best, n)) {
			out->said_error = xrealloc(out->said_error,
						   (out->nsaid_error + 1) * sizeof(size_t));
			out->said_error[out->nsaid_error++] = i;
		}
	}
	out->first[c->ncbs] = out->nmsgs;
	index_free(&ix);
	if (!out->nmsgs)
		an_messages_free(cr);
	return 0;
}

void an_messages_free(struct cycle_results *cr)
{
	free(cr->msgs.first);
	free(cr->msgs.msgs);
	free(cr->msgs.said_error);
	memset(&cr->msgs, 0, sizeof(cr->msgs));
}
