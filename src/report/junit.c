// SPDX-License-Identifier: GPL-2.0
/*
 * JUnit XML (--junit of analyze, stats and compare): the report Jenkins,
 * GitLab and lab runners read. One <testsuite> per command, a <testcase>
 * per cycle (and per gate), a <failure> listing what failed, the terminal
 * summary as <system-out>. Text from logs is escaped (xml_put()).
 */
#include <stdarg.h>
#include <stdlib.h>

#include "analysis.h"
#include "report.h"

struct junit_case *junit_add(struct junit_suite *s, const char *classname, const char *name,
			     double time_s)
{
	struct junit_case *jc;

	VEC_RESERVE(s->cases, s->ncases, s->cap);
	jc = &s->cases[s->ncases++];
	*jc = (struct junit_case){ .classname = xstrdup(classname ? classname : "pmscope"),
				   .name = xstrdup(name), .time_s = time_s };
	return jc;
}

void junit_fail(struct junit_case *jc, const char *fmt, ...)
{
	va_list ap;
	char *line = NULL, *all;

	va_start(ap, fmt);
	if (vasprintf(&line, fmt, ap) < 0)
		line = NULL;
	va_end(ap);
	if (!line)
		line = xstrdup("(out of memory)");
	if (!jc->message)
		jc->message = xstrdup(line);
	all = jc->failure ? xasprintf("%s\n%s", jc->failure, line) : xstrdup(line);
	free(jc->failure);
	free(line);
	jc->failure = all;
}

void junit_free(struct junit_suite *s)
{
	size_t i;

	for (i = 0; i < s->ncases; i++) {
		free(s->cases[i].classname);
		free(s->cases[i].name);
		free(s->cases[i].failure);
		free(s->cases[i].message);
		free(s->cases[i].skipped);
	}
	free(s->cases);
	free(s->system_out);
}

/* Seconds the cycle took: suspend and resume, else first to last event. */
static double cycle_seconds(const struct cycle_totals *t)
{
	ns_t ns = 0;

	if (t->suspend_ns != NS_NONE)
		ns += t->suspend_ns;
	if (t->resume_ns != NS_NONE)
		ns += t->resume_ns;
	if (!ns && t->total_ns != NS_NONE)
		ns = t->total_ns;
	return ns / 1e9;
}

/* Each failure of @fs as a failure line of @jc. */
static void fail_findings(struct junit_case *jc, const struct findings *fs)
{
	size_t i;

	for (i = 0; i < fs->n; i++) {
		const struct finding *x = &fs->v[i];

		if (finding_sev(x) != SEV_FAILURE)
			continue;
		if (x->nsrcs && x->srcs[0].line)
			junit_fail(jc, "%s: %s:%u: %s", finding_codes[x->code].name,
				   x->srcs[0].file, x->srcs[0].line, x->text);
		else if (x->nsrcs && x->srcs[0].file)
			junit_fail(jc, "%s: %s: %s", finding_codes[x->code].name,
				   x->srcs[0].file, x->text);
		else
			junit_fail(jc, "%s: %s", finding_codes[x->code].name, x->text);
	}
}

struct junit_case *junit_add_cycle(struct junit_suite *s, const struct pm_cycle *c,
				   const struct cycle_totals *t, const struct findings *fs,
				   const char *source, const char *skip)
{
	char *name = xasprintf("cycle %d: %s%s%s%s", c->index, mode_name(c->mode),
			       c->mode_label ? " (" : "", c->mode_label ? c->mode_label : "",
			       c->mode_label ? ")" : "");
	struct junit_case *jc = junit_add(s, source ? source : c->file, name, cycle_seconds(t));

	free(name);
	if (skip)
		jc->skipped = xstrdup(skip);
	else
		fail_findings(jc, fs);
	return jc;
}

void junit_add_run(struct junit_suite *s, const struct findings *fs, const char *source)
{
	if (!fs->nsev[SEV_FAILURE])
		return;
	if (!source && fs->n && fs->v[0].nsrcs)	/* the gravest first: a failure */
		source = fs->v[0].srcs[0].file;
	fail_findings(junit_add(s, source, "the inputs", -1), fs);
}

static void put_time(FILE *f, double t)
{
	if (t >= 0)
		fprintf(f, " time=\"%.6f\"", t);
}

static void put_case(FILE *f, const struct junit_case *jc)
{
	fputs("    <testcase classname=\"", f);
	xml_put(f, jc->classname);
	fputs("\" name=\"", f);
	xml_put(f, jc->name);
	fputc('"', f);
	put_time(f, jc->time_s);
	if (!jc->failure && !jc->skipped) {
		fputs("/>\n", f);
		return;
	}
	if (jc->failure) {
		fputs(">\n      <failure type=\"pmscope\" message=\"", f);
		xml_put(f, jc->message);
		fputs("\">", f);
		xml_put(f, jc->failure);
		fputs("</failure>\n", f);
	} else {
		fputs(">\n      <skipped message=\"", f);
		xml_put(f, jc->skipped);
		fputs("\"/>\n", f);
	}
	fputs("    </testcase>\n", f);
}

int report_junit(FILE *f, const void *suite)
{
	const struct junit_suite *s = suite;
	size_t i, nfail = 0, nskip = 0;
	double total = 0;

	for (i = 0; i < s->ncases; i++) {
		nfail += s->cases[i].failure != NULL;
		nskip += !s->cases[i].failure && s->cases[i].skipped;
		total += s->cases[i].time_s > 0 ? s->cases[i].time_s : 0;
	}
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<testsuites name=\"pmscope\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" "
		"skipped=\"%zu\"", s->ncases, nfail, nskip);
	put_time(f, total);
	fputs(">\n  <testsuite name=\"", f);
	xml_put(f, s->name);
	fprintf(f, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"%zu\"", s->ncases,
		nfail, nskip);
	put_time(f, total);
	fputs(">\n", f);
	for (i = 0; i < s->ncases; i++)
		put_case(f, &s->cases[i]);
	if (s->system_out) {
		fputs("    <system-out>", f);
		xml_put(f, s->system_out);
		fputs("</system-out>\n", f);
	}
	fputs("  </testsuite>\n</testsuites>\n", f);
	return ferror(f) ? -1 : 0;
}

char *junit_capture(write_fn fn, const void *ctx)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	int rc;

	if (!m)
		return NULL;
	rc = fn(m, ctx);
	if (fclose(m) != 0 || rc < 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

struct text_ctx {
	const struct pm_run *run;
	const struct pm_results *res;
	const struct report_opts *o;
};

static int put_text(FILE *f, const void *ctx)
{
	const struct text_ctx *t = ctx;

	char err[256];

	return report_text(f, t->run, t->res, t->o, err, sizeof(err));
}

int report_junit_run(FILE *f, const struct pm_run *run, const struct pm_results *res,
		     const struct report_opts *o, char *err, size_t errlen)
{
	struct junit_suite s = { .name = "pmscope analyze" };
	const struct text_ctx t = { run, res, o };
	size_t i;
	int rc;

	(void)err;	/* it fails only writing */
	(void)errlen;
	junit_add_run(&s, &res->findings, run->nsources ? run->sources[0] : NULL);
	for (i = 0; i < res->ncycles; i++)
		if (res->cycles[i].shown)
			junit_add_cycle(&s, res->cycles[i].c, &res->cycles[i].totals,
					&res->cycles[i].findings, NULL, NULL);
	s.system_out = junit_capture(put_text, &t);
	rc = report_junit(f, &s);
	junit_free(&s);
	return rc;
}
