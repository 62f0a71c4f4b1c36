// SPDX-License-Identifier: GPL-2.0
/*
 * The findings (findings.h): what went wrong in each cycle and in the
 * run, made once from the model's facts, for every output to render.
 *
 * One failure is one finding, however many lines said it: a callback's
 * error return, the PM core's "failed to resume async: error -19" and
 * its "dpm_run_callback(): ... returns -19" about the same device, in a
 * kernel log, in the trace of the same run, or both, are one
 * device-failed finding with all their lines.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses.h"

#define EPROBE_DEFER_NR 517

void findings_free(struct findings *fs)
{
	size_t i;

	for (i = 0; i < fs->n; i++)
		free(fs->v[i].text);
	free(fs->v);
	memset(fs, 0, sizeof(*fs));
}

static void add_src(struct finding *f, const char *file, unsigned int line)
{
	size_t i;

	for (i = 0; i < f->nsrcs; i++)
		if (f->srcs[i].file == file && f->srcs[i].line == line)
			return;	/* one line, two facts (a verdict and its abort) */
	f->nsaid++;
	if (f->nsrcs < FINDING_SRCS_MAX)
		f->srcs[f->nsrcs++] = (struct finding_src){ file, line };
}

static struct finding *add(struct findings *fs, enum finding_code code, int cycle,
			   const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static struct finding *add(struct findings *fs, enum finding_code code, int cycle,
			   const char *fmt, ...)
{
	struct finding *f;
	va_list ap;
	char *text;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&text, fmt, ap);
	va_end(ap);
	if (n < 0)
		text = xstrdup("");
	VEC_RESERVE(fs->v, fs->n, fs->cap);
	f = &fs->v[fs->n++];
	memset(f, 0, sizeof(*f));
	f->code = code;
	f->cycle = cycle;
	f->cb = -1;
	f->count = 1;
	f->text = text;
	return f;
}

const char *finding_err_name(int err)
{
	/* an errno is -1 to -4095 (the kernel's MAX_ERRNO); INT_MIN has no negation */
	const char *name = err < 0 && err >= -4095 ? strerrorname_np(-err) : NULL;

	if (err == -EPROBE_DEFER_NR)
		return "EPROBE_DEFER";
	return name;
}

/* " (ENODEV)" after an error's number, or "". */
static const char *err_words(int err, char *buf, size_t n)
{
	const char *name = finding_err_name(err);

	snprintf(buf, n, "%s%s%s", name ? " (" : "", name ? name : "", name ? ")" : "");
	return buf;
}

static const char *verdict_file(const struct pm_run *run, const struct pm_verdict *v)
{
	return v->file_id < run->nsources ? run->sources[v->file_id] : NULL;
}

/* Two phase names that may be one phase: the same, or one unknown. */
static bool same_phase(const char *a, const char *b)
{
	return !a || !b || a == b || !strcmp(a, b);
}

/*
 * The device failure @v (a device, its phase, its error) is told of by
 * the finding it matches in @fs from @first on: the same device, error
 * and phase; a line that names no device (before 5.x the PM core's
 * "dpm_run_callback(): FN returns -16" had none) goes with the last
 * failure of its error.
 */
static struct finding *same_failure(struct findings *fs, size_t first, const char *device,
				    const char *phase, int err)
{
	size_t i;

	for (i = fs->n; i-- > first;) {
		struct finding *f = &fs->v[i];

		if (f->code != FC_DEVICE_FAILED || f->err != err || !same_phase(f->phase, phase))
			continue;
		if (!device || !f->device || !strcmp(f->device, device))
			return f;
	}
	return NULL;
}

static struct finding *device_failed(struct findings *fs, size_t first, int cycle,
				     const char *device, const char *phase, int err)
{
	struct finding *f = same_failure(fs, first, device, phase, err);

	if (f) {
		if (!f->device)
			f->device = device;
		if (!f->phase)
			f->phase = phase;
		return f;
	}
	f = add(fs, FC_DEVICE_FAILED, cycle, "%s", "");	/* its words: finish_words() */
	f->device = device;
	f->phase = phase;
	f->err = err;
	return f;
}

/* Each PM callback of @c that returned an error. */
static void callback_errors(const struct pm_run *run, const struct pm_cycle *c,
			    struct findings *fs, size_t first)
{
	size_t i;

	for (i = 0; i < c->ncbs; i++) {
		const struct pm_callback *cb = &c->cbs[i];
		const struct pm_device *d = &run->devs[cb->dev];
		struct finding *f;

		if (!cb->has_ret || !cb->ret || (cb->flags & (CB_INITCALL | CB_PROBE | CB_QUIRK)))
			continue;
		f = device_failed(fs, first, c->index, d->name,
				  cb->phase >= 0 ? c->phases[cb->phase].name : NULL, cb->ret);
		if (!f->driver && d->driver && *d->driver)
			f->driver = d->driver;
		if (!f->fn)
			f->fn = cb_fn(run, cb);
		if (f->cb < 0)
			f->cb = (int)i;
		/* its calling line says nothing failed: cited only where no
		 * line of the kernel's said it (a trace's return event) */
		if (!f->nsrcs)
			add_src(f, cb_file(run, cb), cb->line);
	}
}

/* A boot's initcall or probe error: the usual "not here" and deferrals
 * counted in one note each, the rest one warning each. */
struct boot_counts {
	ssize_t nodev, deferred;	/* indices in the findings: they grow */
};

/* The counted notes' words, after their count (count_words()). */
static const char *const words[] = {
	"probes deferred (error -517, EPROBE_DEFER: tried again later)",
	"initcalls and probes with nothing to drive here (-ENODEV, -ENXIO)",
};

/* What was learnt after a finding's words were made: how many a note
 * stands for, the callback function a device failed in. */
static void finish_words(struct finding *f)
{
	char *t;

	char e[32];

	if (f->code == FC_DEFERRED_PROBE || f->code == FC_NO_DEVICE)
		t = xasprintf("%zu %s", f->count, f->text);
	else if (f->code == FC_DEVICE_FAILED && !*f->text)	/* all its lines are in */
		t = xasprintf("%s: %s failed: error %d%s%s%s", f->device ? f->device : "a device",
			      f->phase ? f->phase : "a PM step", f->err,
			      err_words(f->err, e, sizeof(e)), f->fn ? ", in " : "",
			      f->fn ? f->fn : "");
	else if (f->count > 1)	/* an alarm said again */
		t = xasprintf("%s (%zu times)", f->text, f->count);
	else
		return;
	free(f->text);
	f->text = t;
}

/* The callback of @c whose start line verdict @v names, -1. */
static int verdict_cb(const struct pm_cycle *c, const struct pm_verdict *v)
{
	size_t i;

	for (i = 0; c && i < c->ncbs; i++)
		if (c->cbs[i].line == v->cb_line && c->cbs[i].file_id == v->file_id)
			return (int)i;
	return -1;
}

static void boot_error(const struct pm_run *run, const struct pm_cycle *c,
		       const struct pm_verdict *v, int cycle, struct findings *fs,
		       struct boot_counts *bc)
{
	bool probe = v->cb_flags & CB_PROBE;
	ssize_t *slot = NULL;
	struct finding *f;
	char e[32];

	if (v->err == -EPROBE_DEFER_NR && probe)
		slot = &bc->deferred;
	else if (v->err == -ENODEV || v->err == -ENXIO)
		slot = &bc->nodev;
	if (slot && *slot >= 0) {
		f = &fs->v[*slot];
		f->count++;
		add_src(f, verdict_file(run, v), v->line);
		return;
	}
	if (slot == &bc->deferred)
		f = add(fs, FC_DEFERRED_PROBE, cycle, "%s", words[0]);
	else if (slot)
		f = add(fs, FC_NO_DEVICE, cycle, "%s", words[1]);
	else if (probe)
		f = add(fs, FC_PROBE_ERROR, cycle, "probe of %s failed: error %d%s", v->device,
			v->err, err_words(v->err, e, sizeof(e)));
	else
		f = add(fs, FC_INITCALL_ERROR, cycle, "initcall %s returned %d%s", v->device,
			v->err, err_words(v->err, e, sizeof(e)));
	if (slot) {
		*slot = (ssize_t)(fs->n - 1);
	} else {
		f->device = v->device;
		f->err = v->err;
		f->cb = verdict_cb(c, v);
	}
	add_src(f, verdict_file(run, v), v->line);
}

static enum finding_code alarm_code(enum verdict_kind k)
{
	return k == VK_OOPS ? FC_KERNEL_OOPS : k == VK_STALL ? FC_KERNEL_STALL : FC_KERNEL_WARNING;
}

/* An Oops report runs over tens of lines ("Unable to handle kernel paging
 * request", "Internal error: Oops", the "Kernel panic" it ends in): its
 * alarms this near one another are one report. */
#define OOPS_REPORT_LINES 200

/* The @code finding of @fs (from @first) whose Oops report line @v is,
 * NULL none. */
static struct finding *same_report(const struct pm_run *run, struct findings *fs, size_t first,
				   const struct pm_verdict *v, enum finding_code code)
{
	struct finding *f = fs->n > first ? &fs->v[fs->n - 1] : NULL;
	const struct finding_src *last;

	if (!f || f->code != code || !f->nsrcs)
		return NULL;
	last = &f->srcs[f->nsrcs - 1];
	return last->file == verdict_file(run, v) && v->line >= last->line &&
	       v->line - last->line <= OOPS_REPORT_LINES ? f : NULL;
}

/* An alarm line; the same words again in the cycle (or outside every
 * cycle, cycle 0) are one finding, and so are an Oops report's lines. */
static void alarm(const struct pm_run *run, const struct pm_verdict *v, int cycle,
		  struct findings *fs, size_t first)
{
	enum finding_code code = cycle ? alarm_code(v->kind) :
				 v->kind == VK_WARNING ? FC_WARN_OUTSIDE : FC_ALARM_OUTSIDE;
	struct finding *f = v->kind == VK_OOPS ? same_report(run, fs, first, v, code) : NULL;
	size_t i;

	if (f) {
		add_src(f, verdict_file(run, v), v->line);
		return;
	}
	for (i = first; i < fs->n && !f; i++)
		if (fs->v[i].code == code && !strcmp(fs->v[i].text, v->text ? v->text : ""))
			f = &fs->v[i];
	if (f)
		f->count++;
	else
		f = add(fs, code, cycle, "%s", v->text ? v->text : "");
	add_src(f, verdict_file(run, v), v->line);
}

/* The cycle the kernel backed out of, once, with every line that said so. */
static void aborted(const struct pm_run *run, const struct pm_verdict *v, int cycle,
		    struct findings *fs, ssize_t *ab)
{
	struct finding *f;

	if (*ab < 0) {
		f = add(fs, FC_ABORTED, cycle, "the kernel backed out of the suspend: %s",
			v->text ? v->text : "?");
		*ab = (ssize_t)(fs->n - 1);
	}
	f = &fs->v[*ab];
	if (!f->phase)
		f->phase = v->phase;
	add_src(f, verdict_file(run, v), v->line);
}

/* A resume-side phase name: a failure there is no abort. */
static bool resume_phase(const char *phase)
{
	return phase && (!strncmp(phase, "resume", 6) || !strncmp(phase, "thaw", 4) ||
			 !strncmp(phase, "restore", 7) || !strncmp(phase, "recover", 7));
}

/* The device a verdict line that names none (before 5.x "dpm_run_callback():
 * FN returns -71") is about: the PM core's next line of that error names
 * it ("PM: Device 1-1.1 failed to resume async: error -71"), or the
 * callback's return line does. */
static const char *next_device(const struct pm_run *run, const size_t *idx, size_t n, size_t i)
{
	const struct pm_verdict *v = &run->verdicts[idx[i]];
	size_t k;

	for (k = i + 1; k < n && k <= i + 4; k++) {
		const struct pm_verdict *w = &run->verdicts[idx[k]];

		if (w->file_id == v->file_id && w->err == v->err && w->device)
			return w->device;
	}
	return NULL;
}

/* The verdicts @idx of @run (@n of them, all of cycle @c, NULL the
 * run's), in order. */
static void verdicts(const struct pm_run *run, const struct pm_cycle *c, const size_t *idx,
		     size_t n, struct findings *fs, size_t first)
{
	int cycle = c ? c->index : 0;
	struct boot_counts bc = { -1, -1 };
	ssize_t ab = -1;
	struct finding *f;
	size_t i;

	for (i = 0; i < n; i++) {
		const struct pm_verdict *v = &run->verdicts[idx[i]];

		switch ((enum verdict_kind)v->kind) {
		case VK_CB_ERROR:
			if (v->cb_flags) {
				boot_error(run, c, v, cycle, fs, &bc);
				break;
			}
			/* fall through */
		case VK_DEV_FAILED:
		case VK_CB_RETURNS:
			f = device_failed(fs, first, cycle, v->device ? v->device :
					  next_device(run, idx, n, i), v->phase, v->err);
			if (!f->driver)
				f->driver = v->driver;
			if (!f->fn)
				f->fn = v->fn;
			add_src(f, verdict_file(run, v), v->line);
			break;
		case VK_PHASE_FAILED:
			if (resume_phase(v->phase)) {
				f = add(fs, FC_DEVICE_FAILED, cycle, "%s", v->text ? v->text : "?");
				f->phase = v->phase;
				add_src(f, verdict_file(run, v), v->line);
				break;
			}
			/* fall through */
		case VK_ABORT:
			aborted(run, v, cycle, fs, &ab);
			break;
		case VK_OOPS:
		case VK_STALL:
		case VK_WARNING:
			alarm(run, v, cycle, fs, first);
			break;
		case VK_NONE:
		case VK_COUNT:
			break;
		}
	}
}

/* A cycle the log ends in: one finding, whose callbacks that were still
 * running (they never returned) are named in it. A log that begins inside
 * that cycle too is an excerpt (a paste, a wrapped buffer): a note, its
 * failures the kernel's own lines only; one whose start it shows, a
 * failure (a hang and a cut log look alike). A log that starts again
 * inside it (a step back in time: another paste; or a new boot: what a
 * hang in suspend looks like in a journal) ends it as much. */
static struct finding *incomplete(const struct pm_cycle *c, struct findings *fs)
{
	const struct pm_phase *last = c->nphases ? &c->phases[c->nphases - 1] : NULL;
	const char *in = last ? last->name : "its first phase";
	/* a line said its last phase ended and the log went on: it stopped
	 * in what came next. One whose end is its last callback's may not
	 * have ended (the Pixel 6's hang in dpm_suspend()'s wait). */
	bool after = last && last->end_line && c->last_line > last->end_line;
	const char *ends = c->end_cut ? after ? "starts again (another excerpt, or a new boot) after" :
			   "starts again (another excerpt, or a new boot) while it is in" :
			   after ? "ends after" : "ends in";
	struct finding *f = c->end_pasted ?
		add(fs, FC_EXCERPT, c->index, "cycle %d is an excerpt: its paste ends here, the "
		    "log going on (the rest of it left out by the log's author, not the "
		    "kernel)", c->index) :
		c->start_cut ?
		add(fs, FC_EXCERPT, c->index, "cycle %d is an excerpt: the log begins inside it and %s %s",
		    c->index, ends, in) :
		add(fs, FC_INCOMPLETE, c->index, "cycle %d did not complete: the log %s %s",
		    c->index, ends, in);

	f->phase = last ? last->name : NULL;
	return f;
}

/*
 * Callbacks that never returned, and a cycle the log ends in. A log that
 * ends while callbacks run is one failure, the cycle's (a hang or a cut
 * log look alike): its finding names them. A boot's hang is the initcall
 * it stopped in; its other lost return lines are the reading's warnings.
 */
static void unfinished(const struct pm_run *run, const struct pm_cycle *c, struct findings *fs,
		       bool aborted_already)
{
	size_t i, hung = c->mode == MODE_BOOT ? cycle_boot_hang(c) : c->ncbs, nrun = 0;
	struct finding *f, *inc = NULL;

	if (c->mode != MODE_BOOT && !c->resumed && !aborted_already &&
	    (c->nphases || c->ncbs || run_cycle_said(run, c->index)))
		inc = incomplete(c, fs);
	for (i = 0; i < c->ncbs; i++) {	/* the running ones cited first: where it stopped */
		const struct pm_callback *cb = &c->cbs[i];
		const struct pm_device *d = &run->devs[cb->dev];
		const char *phase = cb->phase >= 0 ? c->phases[cb->phase].name : NULL;

		if (!(cb->flags & CB_UNFINISHED) || cb_end_inferred(cb))
			continue;
		if (c->mode == MODE_BOOT && i != hung)
			continue;	/* a lost return line: the reading's warning */
		if (inc && nrun++) {
			add_src(inc, cb_file(run, cb), cb->line);
			continue;
		}
		if (inc) {	/* the first still running: the cycle's finding names it */
			char *t = xasprintf("%s, while %s's %s callback ran (it never returned)",
					    inc->text, d->name, phase ? phase : "PM");

			free(inc->text);
			inc->text = t;
			f = inc;
		} else {
			f = add(fs, FC_HUNG, c->index, "%s: %s callback never returned", d->name,
				phase ? phase : "PM");
			f->phase = phase;
		}
		f->device = d->name;
		f->driver = d->driver;
		f->cb = (int)i;
		add_src(f, cb_file(run, cb), cb->line);
	}
	if (inc && nrun > 1) {
		char *t = xasprintf("%s; %zu more never returned", inc->text, nrun - 1);

		free(inc->text);
		inc->text = t;
	}
	if (inc)	/* then where the log ends */
		add_src(inc, c->file, c->last_line);
}

/* The reading's warnings @idx of @run, as they were said. A boot that
 * hung in an initcall (@fs's finding @hang, or SIZE_MAX) is one failure:
 * where its log stops (boot-cut) is said in the hang's. */
static void warnings(const struct pm_run *run, const size_t *idx, size_t n,
		     struct findings *fs, size_t hang)
{
	struct finding *f;
	size_t i;

	for (i = 0; i < n; i++) {
		const struct pm_warning *w = &run->warns[idx[i]];

		if (hang != SIZE_MAX && w->code == FC_BOOT_CUT) {
			char *t;

			f = &fs->v[hang];
			t = xasprintf("%s; %s", f->text, w->text);
			free(f->text);
			f->text = t;
		} else {
			f = add(fs, w->code, w->cycle, "%s", w->text);
		}
		add_src(f, w->file, w->line);
	}
}

/* The finding of a boot's hang among @fs's from @first, or SIZE_MAX. */
static size_t boot_hang(const struct pm_cycle *c, const struct findings *fs, size_t first)
{
	size_t i;

	for (i = first; c->mode == MODE_BOOT && i < fs->n; i++)
		if (fs->v[i].code == FC_HUNG)
			return i;
	return SIZE_MAX;
}

/* Callbacks that returned 0 while their device said error
 * (analysis/messages.c). */
static void said_error(const struct pm_run *run, const struct pm_cycle *c,
		       const struct cycle_messages *m, struct findings *fs)
{
	size_t i;

	for (i = 0; i < m->nsaid_error; i++) {
		const struct pm_callback *cb = &c->cbs[m->said_error[i]];
		const struct pm_message *x;
		const struct cb_msg *cm;
		struct finding *f;

		cb_msgs(m, m->said_error[i], &cm);
		x = &c->msgs[cm[0].msg];
		ns_t len = cb_duration(cb);
		char ms[32] = "-";

		if (len != NS_NONE)
			snprintf(ms, sizeof(ms), "%.3f", len / 1e6);
		f = add(fs, FC_LOG_SAID_ERROR, c->index, "%s returned 0 after %s ms in %s, but the "
			"log said: %s%s%s%s%s", run->devs[cb->dev].name, ms,
			cb->phase >= 0 ? c->phases[cb->phase].name : "?",
			x->driver ? x->driver : "", x->driver ? " " : "",
			x->device ? x->device : "", x->device ? ": " : "", x->text);
		f->device = run->devs[cb->dev].name;
		f->driver = run->devs[cb->dev].driver;
		f->phase = cb->phase >= 0 ? c->phases[cb->phase].name : NULL;
		f->cb = (int)m->said_error[i];
		add_src(f, msg_file(run, x), x->line);
	}
}

static int cmp_finding(const void *a, const void *b)
{
	const struct finding *x = a, *y = b;
	enum finding_sev sx = finding_sev(x), sy = finding_sev(y);

	if (sx != sy)	/* the gravest first */
		return sx > sy ? -1 : 1;
	if (!x->nsrcs || !y->nsrcs)
		return (int)!x->nsrcs - (int)!y->nsrcs;
	if (x->srcs[0].file != y->srcs[0].file)	/* by name: whatever the files' order */
		return strcmp(x->srcs[0].file ? x->srcs[0].file : "",
			      y->srcs[0].file ? y->srcs[0].file : "");
	return x->srcs[0].line < y->srcs[0].line ? -1 : x->srcs[0].line > y->srcs[0].line;
}

/* A finding's lines by file name, each file's in the order said: the
 * same whichever order the files were given in. */
static void order_srcs(struct finding *f)
{
	size_t i, k;

	for (i = 1; i < f->nsrcs; i++) {
		struct finding_src x = f->srcs[i];

		for (k = i; k > 0 && f->srcs[k - 1].file && x.file &&
			    strcmp(f->srcs[k - 1].file, x.file) > 0; k--)
			f->srcs[k] = f->srcs[k - 1];
		f->srcs[k] = x;
	}
}

static void settle(struct findings *fs)
{
	size_t i;

	/* stable enough: (severity, file, line) tie only for one line's
	 * several findings, made in a fixed order */
	for (i = 0; i < fs->n; i++)
		order_srcs(&fs->v[i]);
	if (fs->n)	/* qsort() takes no NULL, even for none */
		qsort(fs->v, fs->n, sizeof(*fs->v), cmp_finding);
	memset(fs->nsev, 0, sizeof(fs->nsev));
	for (i = 0; i < fs->n; i++) {
		fs->nsev[finding_sev(&fs->v[i])]++;
		finish_words(&fs->v[i]);
	}
}

/*
 * A run read back from a report (struct pm_given): the findings it
 * lists, in its order and words, made from lines the report does not
 * keep.
 */
static void given(const struct findings *from, struct findings *out)
{
	size_t i;

	for (i = 0; i < from->n; i++) {
		VEC_RESERVE(out->v, out->n, out->cap);
		out->v[out->n] = from->v[i];
		out->v[out->n++].text = xstrdup(from->v[i].text);
	}
	memset(out->nsev, 0, sizeof(out->nsev));
	for (i = 0; i < out->n; i++)
		out->nsev[finding_sev(&out->v[i])]++;
}

void findings_cycle(const struct pm_run *run, const struct pm_cycle *c,
		    const struct cycle_facts *facts, const struct cycle_messages *m,
		    struct findings *out)
{
	size_t first = out->n, i;
	bool ab, dev_failed;

	if (run->given) {
		i = (size_t)(c - run->cycles);
		if (i < run->given->ncycles)
			given(&run->given->cycles[i], out);
		return;
	}

	/* the kernel's words first: a failure cites the line that said it */
	verdicts(run, c, facts->verdicts, facts->nverdicts, out, first);
	callback_errors(run, c, out, first);
	for (ab = dev_failed = false, i = first; i < out->n; i++) {
		ab |= out->v[i].code == FC_ABORTED;
		dev_failed |= out->v[i].code == FC_DEVICE_FAILED;
	}
	/* a backing out no line of the kernel's said is a failure of its
	 * own, unless a device's failure, which made the kernel back out
	 * (a hibernation's freeze), is one already */
	if (c->aborted && !ab && !dev_failed) {
		struct finding *f = add(out, FC_ABORTED, c->index, "the kernel backed out of "
					"the suspend");

		add_src(f, c->file, c->last_line);
	}
	ab |= c->aborted;
	unfinished(run, c, out, ab);
	warnings(run, facts->warns, facts->nwarns, out, boot_hang(c, out, first));
	if (m)
		said_error(run, c, m, out);
	settle(out);
}

#define MODE_BIT(m) (1u << (m))
/* a sleep of unknown mode (an excerpt) is a sleep, of no one mode */
#define SLEEP_MODES (MODE_BIT(MODE_UNKNOWN) | MODE_BIT(MODE_MEM) | MODE_BIT(MODE_S2IDLE) | \
		     MODE_BIT(MODE_STANDBY) | MODE_BIT(MODE_DISK))

/* --expect's words, the modes each asks for, and what the finding calls
 * them (the first of the same modes names them) */
static const struct {
	const char *word, *name;
	unsigned int modes;
} expects[] = {
	{ "any", "suspend, resume or boot", 0 },
	{ "suspend", "suspend or hibernation", SLEEP_MODES },
	{ "mem", "mem (S3)", MODE_BIT(MODE_MEM) },
	{ "s2idle", "s2idle", MODE_BIT(MODE_S2IDLE) },
	{ "freeze", "s2idle", MODE_BIT(MODE_S2IDLE) },
	{ "standby", "standby", MODE_BIT(MODE_STANDBY) },
	{ "disk", "hibernation", MODE_BIT(MODE_DISK) },
	{ "boot", "boot", MODE_BIT(MODE_BOOT) },
};

int expect_parse(const char *s, unsigned int *modes)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(expects); i++)
		if (!strcmp(s, expects[i].word)) {
			*modes = expects[i].modes;
			return 0;
		}
	return -1;
}

static size_t expect_index(unsigned int modes)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(expects) - 1 && expects[i].modes != modes; i++)
		;
	return i;
}

/* "3 mem, 1 boot": @run's cycles by mode, into @buf. */
static void cycles_by_mode(const struct pm_run *run, char *buf, size_t len)
{
	size_t i, k, n, used = 0;

	buf[0] = '\0';
	for (k = MODE_UNKNOWN; k <= MODE_BOOT && used < len; k++) {
		for (i = n = 0; i < run->ncycles; i++)
			n += run->cycles[i].mode == (enum pm_mode)k;
		if (n)
			used += (size_t)snprintf(buf + used, len - used, "%s%zu %s", used ? ", " : "",
						 n, mode_name((enum pm_mode)k));
	}
}

/* No cycle in @run, or none of @modes (0 any): no data, a finding that
 * names the files read and what cycles they held. */
static void no_data(const struct pm_run *run, unsigned int modes, struct findings *out)
{
	size_t i, n = 0;
	struct finding *f;
	char held[128];

	for (i = 0; i < run->ncycles; i++)
		n += !modes || (modes & MODE_BIT(run->cycles[i].mode));
	if (n)
		return;
	cycles_by_mode(run, held, sizeof(held));
	if (!run->ncycles)
		f = add(out, FC_NO_DATA, 0, "no suspend, resume or boot cycle in the inputs");
	else
		f = add(out, FC_NO_DATA, 0, "no %s cycle in the inputs (--expect %s), only %s",
			expects[expect_index(modes)].name, expects[expect_index(modes)].word, held);
	/* the files read: those with nothing in them, and the rest */
	for (i = 0; i < run->nwarns; i++)
		if (run->warns[i].code == FC_NOTHING_FOUND)
			add_src(f, run->warns[i].file, 0);
	for (i = 0; i < run->nsources; i++)
		add_src(f, run->sources[i], 0);
}

void findings_run(const struct pm_run *run, const struct cycle_facts *facts,
		  unsigned int expect, struct findings *out)
{
	if (run->given) {
		given(&run->given->run, out);
		return;
	}
	verdicts(run, NULL, facts->verdicts, facts->nverdicts, out, out->n);
	warnings(run, facts->warns, facts->nwarns, out, SIZE_MAX);
	if (run->verdicts_cut) {
		struct finding *f = add(out, FC_LIMIT, 0, "%zu more lines where the kernel said "
					"something failed not kept (over %d)", run->verdicts_cut,
					RUN_VERDICTS_MAX);

		f->count = run->verdicts_cut;
	}
	no_data(run, expect, out);
	settle(out);
}

int an_findings(const struct pm_run *run, struct cycle_results *cr, const struct results_opts *o)
{
	const struct findings *fs = &cr->findings;
	size_t i;

	(void)o;
	an_findings_free(cr);
	findings_cycle(run, cr->c, &cr->facts, &cr->msgs, &cr->findings);
	for (i = 0; i < fs->n; i++) {
		if (fs->v[i].cb < 0 || !finding_code_fails_cb(fs->v[i].code))
			continue;
		if (!cr->cb_failed)
			cr->cb_failed = xcalloc(cr->c->ncbs, 1);
		cr->cb_failed[fs->v[i].cb] = 1;
	}
	return 0;
}

void an_findings_free(struct cycle_results *cr)
{
	findings_free(&cr->findings);
	free(cr->cb_failed);
	cr->cb_failed = NULL;
}
