// SPDX-License-Identifier: GPL-2.0
/*
 * pmscope stats --html: what the summary page shows of each run, taken as
 * the run passes (analysis.h, tl_summary_add()): per-mode statistics,
 * each run's worst figures and slowest callback, each mode's series of
 * totals over the runs with the kernel changes in it, and the issues
 * grouped once their numbers are masked. timeline/html_summary.c and
 * html_trend.c write the page.
 */
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analysis.h"
#include "stats.h"

#define ISSUE_TEXT_MAX 160

struct tl_summary *tl_summary_new(void)
{
	struct tl_summary *s = xcalloc(1, sizeof(*s));
	int m;

	strpool_init(&s->pool);
	for (m = MODE_UNKNOWN; m <= MODE_BOOT; m++)
		stats_init(&s->modes[m], m == MODE_UNKNOWN ? "unknown" : mode_name(m));
	return s;
}

void tl_summary_free(struct tl_summary *s)
{
	int m;

	if (!s)
		return;
	for (m = MODE_UNKNOWN; m <= MODE_BOOT; m++) {
		stats_free(&s->modes[m]);
		free(s->series[m].v);
	}
	free(s->runs);
	free(s->issues);
	strpool_free(&s->pool);
	free(s);
}

/* A run folder's own page, written by analyze or record. */
static const char *run_page(struct tl_summary *s, const char *source)
{
	struct stat sb;
	char *p;
	const char *out = NULL;

	if (stat(source, &sb) < 0 || !S_ISDIR(sb.st_mode))
		return NULL;
	p = xasprintf("%s/report.html", source);
	if (access(p, R_OK) == 0)
		out = strpool_cstr(&s->pool, p);
	free(p);
	return out;
}

static const char *issue_key(struct tl_summary *s, const char *text)
{
	char buf[ISSUE_TEXT_MAX + 1];
	size_t i, k = 0;

	for (i = 0; text[i] && k < ISSUE_TEXT_MAX; i++) {
		bool digit = text[i] >= '0' && text[i] <= '9';

		if (digit && k && buf[k - 1] == '#')
			continue;
		buf[k++] = digit ? '#' : text[i];
	}
	buf[k] = '\0';
	return strpool_cstr(&s->pool, buf);
}

/* A finding of a run: issues of one code whose words differ only in
 * their numbers are one issue. Its first place is the finding's own
 * file and line (a run folder's trace, or its log), not the run's. */
static void add_issue(struct tl_summary *s, const struct finding *w, const char *source)
{
	char *text = xasprintf("%s: %s", finding_codes[w->code].name, w->text);
	const char *key = issue_key(s, text);
	struct sum_issue *x;
	size_t i;

	free(text);
	/* issues are few kinds (tens): a scan is enough */
	for (i = 0; i < s->nissues && s->issues[i].key != key; i++)
		;
	if (i == s->nissues) {
		VEC_RESERVE(s->issues, s->nissues, s->issues_cap);
		x = &s->issues[s->nissues++];
		*x = (struct sum_issue){ .key = key, .code = w->code, .last_run = SIZE_MAX,
					 .example = strpool_cstr(&s->pool, w->text),
					 .first_source = strpool_cstr(&s->pool, w->nsrcs && w->srcs[0].file ?
								      w->srcs[0].file : source),
					 .first_line = w->nsrcs ? w->srcs[0].line : 0,
					 .first_cycle = w->cycle };
	}
	x = &s->issues[i];
	x->count++;
	if (x->last_run != s->nruns - 1) {
		x->nruns++;
		x->last_run = s->nruns - 1;
	}
}

static void put_max(ns_t *at, ns_t v)
{
	if (v != NS_NONE && (*at == NS_NONE || v > *at))
		*at = v;
}

/* @c's totals as the next point of its mode's series */
static void add_point(struct tl_summary *s, const struct pm_cycle *c, const struct cycle_totals *t)
{
	struct sum_series *se = &s->series[c->mode];
	const char *kernel = s->runs[s->nruns - 1].kernel;

	VEC_RESERVE(se->v, se->n, se->cap);
	se->v[se->n] = (struct sum_point){
		.run = s->nruns - 1, .cycle = c->index,
		.suspend_ns = t->suspend_ns, .resume_ns = t->resume_ns,
		.boot_ns = c->mode == MODE_BOOT ? boot_headline(t) : NS_NONE,
		.new_kernel = !se->n || s->runs[se->v[se->n - 1].run].kernel != kernel };
	se->n++;
}

static void add_cycle(struct tl_summary *s, const struct pm_run *run, const struct pm_cycle *c)
{
	struct sum_run *r = &s->runs[s->nruns - 1];
	struct cycle_totals t;
	size_t worst;

	s->ncycles++;
	r->ncycles++;
	r->modes |= 1u << c->mode;
	if (stats_takes_cycle(&s->modes[c->mode], c)) {
		r->ntaken++;
		cycle_totals(c, &t);
		put_max(&r->suspend_ns, t.suspend_ns);
		put_max(&r->resume_ns, t.resume_ns);
		if (c->mode == MODE_BOOT)
			put_max(&r->boot_ns, boot_headline(&t));	/* as analyze says it */
		add_point(s, c, &t);
	}
	if (cycle_slowest(c, -1, &worst, 1)) {
		const struct pm_callback *cb = &c->cbs[worst];
		ns_t d = cb_duration(cb);

		if (d != NS_NONE && (r->worst_ns == NS_NONE || d > r->worst_ns)) {
			r->worst_dev = strpool_cstr(&s->pool, run->devs[cb->dev].name);
			r->worst_phase = cb->phase >= 0 ?
				strpool_cstr(&s->pool, c->phases[cb->phase].name) : NULL;
			r->worst_cycle = c->index;
			r->worst_ns = d;
		}
	}
}

static void add_issues(struct tl_summary *s, const struct findings *fs, const char *source)
{
	size_t i;

	for (i = 0; i < fs->n; i++)
		if (finding_sev(&fs->v[i]) != SEV_NOTE)
			add_issue(s, &fs->v[i], source);
}

void tl_summary_finish(struct tl_summary *s)
{
	int m;

	for (m = MODE_UNKNOWN; m <= MODE_BOOT; m++)
		stats_finish(&s->modes[m]);
}

void tl_summary_add(struct tl_summary *s, const struct pm_run *run, const struct pm_results *res,
		    const char *source)
{
	const char *kernel = run_fact(run, "kernel");
	size_t i;
	int m;

	VEC_RESERVE(s->runs, s->nruns, s->runs_cap);
	s->runs[s->nruns++] = (struct sum_run){
		.source = strpool_cstr(&s->pool, source), .page = run_page(s, source),
		.kernel = kernel ? strpool_cstr(&s->pool, kernel) : NULL,
		.suspend_ns = NS_NONE, .resume_ns = NS_NONE, .boot_ns = NS_NONE,
		.worst_ns = NS_NONE };
	for (m = MODE_UNKNOWN; m <= MODE_BOOT; m++)
		stats_add_run(&s->modes[m], run, source);
	for (i = 0; i < run->ncycles; i++)
		add_cycle(s, run, &run->cycles[i]);
	s->runs[s->nruns - 1].nfail = res->nsev[SEV_FAILURE];
	s->runs[s->nruns - 1].nwarn = res->nsev[SEV_WARNING];
	add_issues(s, &res->findings, source);
	for (i = 0; i < res->ncycles; i++)
		add_issues(s, &res->cycles[i].findings, source);
}

