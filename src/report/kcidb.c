// SPDX-License-Identifier: GPL-2.0
/*
 * A KCIDB submission (KernelCI's common results database; the I/O schema
 * of kernelci/kcidb-io, version 5.3, kept in tests/kcidb/): the run as a
 * test, each cycle a test, each of its phases a test, their status from
 * the findings and their figures in "misc" (pmscope(1), KCIDB). Written
 * a cycle at a time, as the JSON report is.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "analysis.h"
#include "report.h"
#include "table.h"

#define KCIDB_MAJOR 5
#define KCIDB_MINOR 3
#define ORIGIN "pmscope"
#define EXCERPT_MAX 16384	/* the schema's log_excerpt maxLength */
#define MISC_FINDINGS 20	/* a cycle's listed in its misc, the gravest first */

/* A test's id: the run's, and after it the cycle and the phase. */
static void put_id(struct jw *w, const struct pm_results *res, int cycle, int phase)
{
	char id[128];
	int n = snprintf(id, sizeof(id), ORIGIN ":%s", res->ident.id[0] ? res->ident.id : "run");

	if (cycle)
		n += snprintf(id + n, sizeof(id) - (size_t)n, ":c%d", cycle);
	if (phase >= 0)
		snprintf(id + n, sizeof(id) - (size_t)n, ":p%d", phase);
	jw_kstr(w, "id", id);
}

/* What every test of the run shares: who sent it, the build it tested
 * (none pmscope knows: the run names it), the machine. */
static void put_common(struct jw *w, const struct pm_run *run, const struct pm_results *res)
{
	char build[64];

	snprintf(build, sizeof(build), ORIGIN ":%s", res->ident.id[0] ? res->ident.id : "run");
	jw_kstr(w, "origin", ORIGIN);
	jw_kstr(w, "build_id", build);
	jw_kobj(w, "environment");
	if (res->ident.machine || res->ident.host)
		jw_kstr(w, "comment", res->ident.machine ? res->ident.machine : res->ident.host);
	jw_kobj(w, "misc");
	table_json_members(w, &runs_table, &(struct run_rows){ run, res }, 0);
	jw_obj_end(w);
	jw_obj_end(w);
}

/* A path's node: what the schema takes of @s ([a-zA-Z0-9_-]). */
static void path_node(char *out, size_t n, const char *s)
{
	size_t i;

	for (i = 0; s && s[i] && i + 1 < n; i++)
		out[i] = (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
			 (s[i] >= '0' && s[i] <= '9') || s[i] == '-' ? s[i] : '_';
	out[i ? i : 0] = '\0';
	if (!i)
		snprintf(out, n, "unnamed");
}

/* The texts of @fs's failures (of phase @phase, NULL any), one a line,
 * cut to what the schema takes. */
static void put_excerpt(struct jw *w, const struct findings *fs, const char *phase)
{
	char buf[EXCERPT_MAX];
	size_t i, n = 0, len;

	for (i = 0; i < fs->n && n + 1 < sizeof(buf); i++) {
		const struct finding *f = &fs->v[i];

		if (finding_sev(f) != SEV_FAILURE || (phase && (!f->phase || strcmp(f->phase, phase))))
			continue;
		len = strlen(f->text);
		if (len > sizeof(buf) - n - 2)
			len = utf8_cut(f->text, sizeof(buf) - n - 2);
		memcpy(buf + n, f->text, len);
		n += len;
		buf[n++] = '\n';
	}
	buf[n] = '\0';
	if (n)
		jw_kstr(w, "log_excerpt", buf);
}

/* A cycle's start on the wall clock, as RFC 3339 in UTC. */
static void put_start(struct jw *w, int64_t wall)
{
	time_t secs = (time_t)(wall / 1000000000);
	struct tm tm;
	char t[64];

	if (wall == NS_NONE || wall < 0 || !gmtime_r(&secs, &tm))
		return;
	snprintf(t, sizeof(t), "%04d-%02d-%02dT%02d:%02d:%02d.%06lld+00:00", tm.tm_year + 1900,
		 tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
		 (long long)(wall % 1000000000 / 1000));
	jw_kstr(w, "start_time", t);
}

static void put_duration(struct jw *w, ns_t ns)
{
	if (ns == NS_NONE || ns < 0)
		return;
	jw_key(w, "duration");
	jw_double(w, ns / 1e9);
}

/* The findings a cycle's misc lists, the gravest first, as the JSON
 * report words them. */
static void put_findings(struct jw *w, const struct findings *fs)
{
	const struct finding_rows rows = { fs, NULL, 0 };
	size_t i;

	jw_karr(w, "findings");
	for (i = 0; i < fs->n && i < MISC_FINDINGS; i++) {
		jw_obj(w);
		table_json_members(w, &findings_table, &rows, i);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	jw_kint(w, "findings_cut", fs->n > MISC_FINDINGS ? (int64_t)(fs->n - MISC_FINDINGS) : 0);
}

/* The slowest callbacks of @cr (of phase @phase, -1 all). */
static void put_slowest(struct jw *w, const struct pm_run *run, const struct cycle_results *cr,
			int phase)
{
	const struct pm_cycle *c = cr->c;
	size_t i;

	jw_karr(w, "slowest");
	for (i = 0; cr->slowest && i < cr->nslowest; i++) {
		const struct pm_callback *cb = &c->cbs[cr->slowest[i]];
		const struct pm_device *d = &run->devs[cb->dev];

		if (phase >= 0 && cb->phase != phase)
			continue;
		jw_obj(w);
		jw_kstr(w, "device", d->name);
		jw_kstr(w, "driver", d->driver && *d->driver ? d->driver : NULL);
		jw_kstr(w, "phase", cb->phase >= 0 ? c->phases[cb->phase].name : NULL);
		jw_kns(w, "duration_ns", cb_duration(cb));
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

/* Phase @i: FAIL where a failure names it, ERROR where it has no length
 * (the log shows one end only), PASS otherwise. */
static const char *phase_status(const struct cycle_results *cr, size_t i)
{
	const struct pm_phase *p = &cr->c->phases[i];
	size_t k;

	for (k = 0; k < cr->findings.n; k++) {
		const struct finding *f = &cr->findings.v[k];

		if (finding_sev(f) == SEV_FAILURE && f->phase && !strcmp(f->phase, p->name))
			return "FAIL";
	}
	return phase_duration(p) == NS_NONE ? "ERROR" : "PASS";
}

static void put_phase(struct jw *w, const struct pm_run *run, const struct pm_results *res,
		      const struct cycle_results *cr, size_t i)
{
	const struct cycle_rows rows = { run, cr, NULL };
	const struct pm_cycle *c = cr->c;
	const struct pm_phase *p = &c->phases[i];
	const char *status = phase_status(cr, i);
	char mode[32], name[64], path[128];

	path_node(mode, sizeof(mode), mode_name(c->mode));
	path_node(name, sizeof(name), p->name);
	snprintf(path, sizeof(path), ORIGIN ".%s.%s", mode, name);
	jw_obj(w);
	put_id(w, res, c->index, (int)i);
	put_common(w, run, res);
	jw_kstr(w, "path", path);
	jw_kstr(w, "status", status);
	put_duration(w, phase_duration(p));
	if (phase_duration(p) != NS_NONE) {
		jw_kobj(w, "number");
		jw_key(w, "value");
		jw_double(w, phase_duration(p) / 1e9);
		jw_kstr(w, "unit", "s");
		jw_obj_end(w);
	}
	put_excerpt(w, &cr->findings, p->name);
	jw_kobj(w, "misc");
	jw_kint(w, "cycle", c->index);
	jw_kint(w, "phase_index", (int64_t)i);
	table_json_members(w, &phases_table, &rows, i);
	jw_kns(w, "duration_ns", phase_duration(p));
	jw_kint(w, "callbacks", cr->phase_cbs ? (int64_t)cr->phase_cbs[i] : 0);
	put_slowest(w, run, cr, (int)i);
	jw_obj_end(w);
	jw_obj_end(w);
}

/* A cycle: FAIL with a failure finding, ERROR with no phase and no
 * callback (nothing measured), PASS otherwise. */
static void put_cycle(struct jw *w, const struct pm_run *run, const struct pm_results *res,
		      const struct cycle_results *cr)
{
	const struct cycle_rows rows = { run, cr, NULL };
	const struct pm_cycle *c = cr->c;
	const struct cycle_totals *t = &cr->totals;
	char mode[32], path[64], comment[160];
	const char *status = cr->nsev[SEV_FAILURE] ? "FAIL" :
			     !c->nphases && !c->ncbs ? "ERROR" : "PASS";

	path_node(mode, sizeof(mode), mode_name(c->mode));
	snprintf(path, sizeof(path), ORIGIN ".%s", mode);
	snprintf(comment, sizeof(comment), "cycle %d: %s%s%s%s", c->index, mode_name(c->mode),
		 c->mode_label ? " (" : "", c->mode_label ? c->mode_label : "",
		 c->mode_label ? ")" : "");
	jw_obj(w);
	put_id(w, res, c->index, -1);
	put_common(w, run, res);
	jw_kstr(w, "path", path);
	jw_kstr(w, "comment", comment);
	jw_kstr(w, "status", status);
	put_start(w, c->wall_start);
	put_duration(w, t->total_ns);
	put_excerpt(w, &cr->findings, NULL);
	jw_kobj(w, "misc");
	table_json_members(w, &cycles_table, &rows, 0);
	jw_kns(w, "suspend_ns", t->suspend_ns);
	jw_kns(w, "resume_ns", t->resume_ns);
	jw_kns(w, "machine_ns", t->machine_ns);
	jw_kns(w, "total_ns", t->total_ns);
	jw_kint(w, "callbacks", (int64_t)c->ncbs);
	jw_kint(w, "failures", (int64_t)cr->nsev[SEV_FAILURE]);
	jw_kint(w, "warnings", (int64_t)cr->nsev[SEV_WARNING]);
	jw_kint(w, "notes", (int64_t)cr->nsev[SEV_NOTE]);
	put_findings(w, &cr->findings);
	put_slowest(w, run, cr, -1);
	jw_obj_end(w);
	jw_obj_end(w);
}

static void kcidb_head(struct report_cursor *rc, const struct pm_run *run,
		       const struct pm_results *res, const struct report_opts *o)
{
	struct jw *w = &rc->jw;

	(void)run;
	(void)o;
	rc->res = res;	/* a cycle's tests are named by the run */
	jw_init(w, rc->f);
	jw_obj(w);
	jw_kobj(w, "version");
	jw_kint(w, "major", KCIDB_MAJOR);
	jw_kint(w, "minor", KCIDB_MINOR);
	jw_obj_end(w);
	jw_karr(w, "tests");
}

static void kcidb_cycle(struct report_cursor *rc, const struct pm_run *run,
			const struct cycle_results *cr, const struct report_opts *o)
{
	const struct pm_results *res = rc->res;
	size_t i;

	(void)o;
	put_cycle(&rc->jw, run, res, cr);
	for (i = 0; i < cr->c->nphases; i++)
		put_phase(&rc->jw, run, res, cr, i);
}

/* The run, last: its verdict is known once every cycle is judged. */
static int kcidb_tail(struct report_cursor *rc, const struct pm_run *run,
		      const struct pm_results *res, const struct report_opts *o)
{
	static const char *const status[] = {
		[VERDICT_OK] = "PASS", [VERDICT_FAILED] = "FAIL", [VERDICT_NO_DATA] = "ERROR",
	};
	enum verdict v = results_verdict(res);
	struct jw *w = &rc->jw;
	size_t i;

	(void)o;
	jw_obj(w);
	put_id(w, res, 0, -1);
	put_common(w, run, res);
	jw_kstr(w, "path", ORIGIN);
	jw_kstr(w, "comment", "the run: every cycle, and what lies outside them");
	jw_kstr(w, "status", status[v]);
	put_excerpt(w, &res->findings, NULL);
	jw_kobj(w, "misc");
	jw_kstr(w, "verdict", verdict_name(v));
	jw_kint(w, "cycles", (int64_t)run->ncycles);
	for (i = SEV_COUNT; i-- > 0;)
		jw_kint(w, finding_sev_name((enum finding_sev)i), (int64_t)res->nsev[i]);
	put_findings(w, &res->findings);
	jw_obj_end(w);
	jw_obj_end(w);
	jw_arr_end(w);
	jw_obj_end(w);
	fputc('\n', rc->f);
	return ferror(rc->f) ? -1 : 0;
}

const struct report_stream report_kcidb_stream = { kcidb_head, kcidb_cycle, kcidb_tail };

int report_kcidb(FILE *f, const struct pm_run *run, const struct pm_results *res,
		 const struct report_opts *o, char *err, size_t errlen)
{
	(void)err;	/* it fails only writing */
	(void)errlen;
	return report_streamed(&report_kcidb_stream, f, run, res, o);
}
