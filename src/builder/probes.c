// SPDX-License-Identifier: GPL-2.0
/* The probes beside a suspend or resume cycle, summed up (probes.h). */
#include <stdio.h>
#include <string.h>

#include "probes.h"

void probes_add(struct cycle_probes *pr, int cycle, const struct probe_seen *p)
{
	if (pr->cycle != cycle)
		pr->n = pr->lost = 0;
	pr->cycle = cycle;
	if (pr->n < PROBES_KEPT)
		pr->seen[pr->n++] = *p;
	else
		pr->lost++;
}

/* The phase of @c that @t falls in (cycle_phase_at(), up to its end),
 * NULL */
static const struct pm_phase *phase_at(const struct pm_cycle *c, ns_t t)
{
	int k = t != NS_NONE ? cycle_phase_at(c, t) : -1;

	if (k < 0 || c->phases[k].end == NS_NONE || t > c->phases[k].end)
		return NULL;
	return &c->phases[k];
}

/* Whether @p ended by @c's last line. */
static bool beside(const struct probe_seen *p, const struct pm_cycle *c)
{
	return p->end == NS_NONE || c->end == NS_NONE || p->end <= c->end;
}

/*
 * @p's name cut to PROBES_NAME_MAX bytes, at a character's start, into
 * @buf: a name a log made long (a hostile one) must leave the note room
 * for what follows, the probe that ran longest above all.
 */
static const char *short_name(const struct probe_seen *p, char *buf, size_t n)
{
	size_t len = strlen(p->name);

	if (len <= PROBES_NAME_MAX)
		return p->name;
	len = utf8_cut(p->name, PROBES_NAME_MAX);
	snprintf(buf, n, "%.*s...", (int)len, p->name);
	return buf;
}

/* "N deferred (...): a, b, c, ..." */
static size_t say_deferred(const struct cycle_probes *pr, const struct pm_cycle *c, char *buf,
			   size_t n, size_t ndeferred)
{
	size_t i, k = 0, at;

	at = (size_t)snprintf(buf, n, "%zu deferred (-517: the driver core holds probes from "
			      "prepare to complete):", ndeferred);
	for (i = 0; i < pr->n && k < PROBES_NAMED && at < n; i++) {
		const struct probe_seen *p = &pr->seen[i];
		char name[PROBES_NAME_MAX + 4];

		if (p->err != -EPROBE_DEFER_NR || !beside(p, c))
			continue;
		at += (size_t)snprintf(buf + at, n - at, "%s %s", k++ ? "," : "",
				       short_name(p, name, sizeof(name)));
	}
	if (ndeferred > k && at < n)
		at += (size_t)snprintf(buf + at, n - at, ", ...");
	return at < n ? at : n;
}

/* "M ran, the longest X, 408.111 ms (error -19), ending in P +T ms" */
static void say_ran(const struct probe_seen *l, const struct pm_cycle *c, char *buf, size_t n,
		    size_t nran)
{
	const struct pm_phase *ph = l ? phase_at(c, l->end) : NULL;
	size_t at = (size_t)snprintf(buf, n, "%zu ran", nran);
	char name[PROBES_NAME_MAX + 4];

	if (!l || at >= n)
		return;
	at += (size_t)snprintf(buf + at, n - at, ", the longest %s, %.3f ms",
			       short_name(l, name, sizeof(name)), l->us / 1e3);
	if (l->err && at < n)
		at += (size_t)snprintf(buf + at, n - at, " (error %d)", l->err);
	else if (l->unbound && at < n)
		at += (size_t)snprintf(buf + at, n - at, " (not bound)");
	if (ph && at < n)
		snprintf(buf + at, n - at, ", ending in %s +%.3f ms", ph->name,
			 (l->end - ph->start) / 1e6);
}

bool probes_note(const struct cycle_probes *pr, const struct pm_cycle *c, char *buf, size_t n)
{
	const struct probe_seen *longest = NULL;
	size_t i, ndeferred = 0, nran = 0, at;

	for (i = 0; pr->cycle == c->index && i < pr->n; i++) {
		const struct probe_seen *p = &pr->seen[i];

		if (!beside(p, c))
			continue;	/* after the cycle's last line */
		if (p->err == -EPROBE_DEFER_NR) {
			ndeferred++;
			continue;
		}
		nran++;
		if (p->us != US_NONE && (!longest || p->us > longest->us))
			longest = p;
	}
	if (!ndeferred && !nran)
		return false;
	at = (size_t)snprintf(buf, n, "cycle %d: probes beside its callbacks (initcall_debug): ",
			      c->index);
	if (ndeferred && at < n)
		at += say_deferred(pr, c, buf + at, n - at, ndeferred);
	if (nran && at + 2 < n) {
		if (ndeferred)
			at += (size_t)snprintf(buf + at, n - at, "; ");
		say_ran(longest, c, buf + at, n - at, nran);
		at += strlen(buf + at);
	}
	if (pr->lost && at < n)
		snprintf(buf + at, n - at, "; %zu more, not told", pr->lost);
	return true;
}

void probes_forget(struct cycle_probes *pr)
{
	pr->n = pr->lost = 0;
	pr->cycle = 0;
}

bool probes_late_note(const struct pm_cycle *c, const struct probe_seen *p, char *buf, size_t n)
{
	char name[PROBES_NAME_MAX + 4];
	const struct pm_phase *ph;
	ns_t start;
	size_t at;

	if (p->err == -EPROBE_DEFER_NR || p->us == US_NONE || p->end == NS_NONE ||
	    c->end == NS_NONE || p->end <= c->end)
		return false;
	/* the driver core's figure is in us, from ktime (really_probe_debug()) */
	start = ns_before(p->end, kernel_us_ns(p->us, false));
	/* one under way at prepare was waited for (wait_for_device_probe()):
	 * a start before the cycle's is a figure no probe of it had */
	if (start == NS_NONE || start > c->end || c->start == NS_NONE || start < c->start)
		return false;
	at = (size_t)snprintf(buf, n, "cycle %d: a probe ran past the cycle's end (initcall_debug): %s, "
			      "%.3f ms", c->index, short_name(p, name, sizeof(name)), p->us / 1e3);
	if (p->err && at < n)
		at += (size_t)snprintf(buf + at, n - at, " (error %d)", p->err);
	else if (p->unbound && at < n)
		at += (size_t)snprintf(buf + at, n - at, " (not bound)");
	ph = phase_at(c, start);
	if (ph && at < n)
		at += (size_t)snprintf(buf + at, n - at, ", from %s +%.3f ms", ph->name,
				       (start - ph->start) / 1e6);
	else if (at < n)
		at += (size_t)snprintf(buf + at, n - at, ", from %.3f ms before the cycle's end",
				       (c->end - start) / 1e6);
	if (at < n)
		snprintf(buf + at, n - at, " to %.3f ms after the cycle's end", (p->end - c->end) / 1e6);
	return true;
}
