// SPDX-License-Identifier: GPL-2.0
/*
 * The tables of facts a user sees, each described once (table.h): the
 * JSON report, the rows and the terminal take their columns from here.
 * A column's @doc is pmscope(1)'s word for it.
 */
#include "analysis.h"
#include "report.h"
#include "table.h"

/* --- callbacks: a row per callback of a cycle (struct cycle_rows) --- */

static const struct pm_callback *cb_at(const void *ctx, size_t i, const struct pm_device **d)
{
	const struct cycle_rows *x = ctx;
	const struct pm_callback *cb = &x->cr->c->cbs[i];

	*d = &x->run->devs[cb->dev];
	return cb;
}

#define CB_CELL(name, expr)							\
	static struct cell name(const void *ctx, size_t i)			\
	{									\
		const struct cycle_rows *x = ctx;				\
		const struct pm_device *d;					\
		const struct pm_callback *cb = cb_at(ctx, i, &d);		\
										\
		(void)x;							\
		(void)cb;							\
		(void)d;							\
		return expr;							\
	}

static const char *cb_kind(const struct pm_cycle *c, const struct pm_callback *cb)
{
	return cb->flags & CB_INITCALL ? "initcall" : cb->flags & CB_PROBE ? "probe" :
	       cb->flags & CB_QUIRK ? "quirk" : c->mode == MODE_BOOT ? "async_work" : "pm";
}

CB_CELL(cb_device, cell_str(d->name))
CB_CELL(cb_driver, cell_str(d->driver && *d->driver ? d->driver : NULL))
CB_CELL(cb_parent, cell_str(d->parent))
CB_CELL(cb_phase, cell_str(cb->phase >= 0 ? x->cr->c->phases[cb->phase].name : NULL))
CB_CELL(cb_callback, cell_str(cb_fn(x->run, cb)))
CB_CELL(cb_start, cell_ns(cb->start))
CB_CELL(cb_end, cell_ns(cb->end))
CB_CELL(cb_kernel_us, cb->kernel_us != US_NONE ? cell_int(cb->kernel_us) : cell_null())
CB_CELL(cb_kernel_unit, cb->kernel_us != US_NONE ? cell_int(cb->flags & CB_US_1024 ? 1024 : 1000)
						 : cell_null())
CB_CELL(cb_pid, cb->pid >= 0 ? cell_int(cb->pid) : cell_null())
CB_CELL(cb_async, cell_bool(cb->async))
CB_CELL(cb_ret, cb->has_ret ? cell_int(cb->ret) : cell_null())
CB_CELL(cb_unfinished, cell_bool(cb->flags & CB_UNFINISHED))
CB_CELL(cb_inferred, cell_bool(cb_end_inferred(cb)))
CB_CELL(cb_from_calling, cell_bool(cb->from_calling))
CB_CELL(cb_kind_cell, cell_str(cb_kind(x->cr->c, cb)))
CB_CELL(cb_source, cell_str(cb_file(x->run, cb)))
CB_CELL(cb_line, cell_int(cb->line))

static const struct col callback_cols[] = {
	{ "device", CELL_STR, 0, "the device's name", cb_device },
	{ "driver", CELL_STR, 0, "its driver", cb_driver },
	{ "parent", CELL_STR, 0, "its parent device", cb_parent },
	{ "phase", CELL_STR, 0, "the phase it ran in", cb_phase },
	{ "callback", CELL_STR, 0, "the callback function", cb_callback },
	{ "start_ns", CELL_NS, 0, "when it started", cb_start },
	{ "end_ns", CELL_NS, 0, "when it ended", cb_end },
	{ "kernel_us", CELL_INT, 0, "the length the kernel printed, in its units", cb_kernel_us },
	{ "kernel_unit_ns", CELL_INT, 0, "those units in ns: 1000, or 1024 (ns >> 10 before 5.14)",
	  cb_kernel_unit },
	{ "pid", CELL_INT, 0, "the thread that ran it", cb_pid },
	{ "async", CELL_BOOL, 0, "it ran outside the driving thread", cb_async },
	{ "ret", CELL_INT, 0, "what it returned", cb_ret },
	{ "unfinished", CELL_BOOL, 0, "no end was seen", cb_unfinished },
	{ "end_inferred", CELL_BOOL, COL_OPTIONAL,
	  "its end is the latest it can have ended (its thread went on)", cb_inferred },
	{ "from_calling_line", CELL_BOOL, COL_OPTIONAL,
	  "timed from its calling line, the kernel's figure off", cb_from_calling },
	{ "kind", CELL_STR, 0, "pm, initcall, probe, quirk or async_work", cb_kind_cell },
	{ "source", CELL_STR, 0, "the file of its line", cb_source },
	{ "line", CELL_INT, 0, "its (first) line", cb_line },
};

const struct table callbacks_table = { "callbacks", callback_cols, ARRAY_SIZE(callback_cols) };

/* --- phases: a row per phase of a cycle (struct cycle_rows) --- */

#define PH_CELL(name, expr)							\
	static struct cell name(const void *ctx, size_t i)			\
	{									\
		const struct pm_phase *p = &((const struct cycle_rows *)ctx)->cr->c->phases[i]; \
										\
		return expr;							\
	}

PH_CELL(ph_name, cell_str(p->name))
PH_CELL(ph_kind, cell_str(phase_kind_name(p->kind)))
PH_CELL(ph_start, cell_ns(p->start))
PH_CELL(ph_end, cell_ns(p->end))
PH_CELL(ph_kernel_ms, cell_ms3(p->kernel_us))

static const struct col phase_cols[] = {
	{ "name", CELL_STR, 0, "the phase as the log named it", ph_name },
	{ "kind", CELL_STR, 0, "what part of the sequence it is", ph_kind },
	{ "start_ns", CELL_NS, 0, "its start", ph_start },
	{ "end_ns", CELL_NS, 0, "its end", ph_end },
	{ "kernel_ms", CELL_MS3, 0, "the length the kernel printed", ph_kernel_ms },
};

const struct table phases_table = { "phases", phase_cols, ARRAY_SIZE(phase_cols) };

/* --- findings: a row per finding of a list (struct findings) --- */

#define F_CELL(name, expr)							\
	static struct cell name(const void *ctx, size_t i)			\
	{									\
		const struct finding *f = &((const struct findings *)ctx)->v[i]; \
										\
		return expr;							\
	}

F_CELL(f_code, cell_str(finding_codes[f->code].name))
F_CELL(f_severity, cell_str(finding_sev_name(finding_sev(f))))
F_CELL(f_cycle, f->cycle ? cell_int(f->cycle) : cell_null())
F_CELL(f_phase, cell_str(f->phase))
F_CELL(f_device, cell_str(f->device))
F_CELL(f_driver, cell_str(f->driver && *f->driver ? f->driver : NULL))
F_CELL(f_function, cell_str(f->fn))
F_CELL(f_error, f->err ? cell_int(f->err) : cell_null())
F_CELL(f_error_name, cell_str(f->err ? finding_err_name(f->err) : NULL))
F_CELL(f_count, cell_int((int64_t)f->count))
F_CELL(f_text, cell_str(f->text))
F_CELL(f_file, cell_str(f->nsrcs ? f->srcs[0].file : NULL))
F_CELL(f_line, f->nsrcs && f->srcs[0].line ? cell_int(f->srcs[0].line) : cell_null())

static const struct col finding_cols[] = {
	{ "code", CELL_STR, 0, "what it is, a stable name (pmscope(1), FINDINGS)", f_code },
	{ "severity", CELL_STR, 0, "failure, warning or note", f_severity },
	{ "cycle", CELL_INT, 0, "its cycle, 1-based; null: the run's own", f_cycle },
	{ "phase", CELL_STR, 0, "the phase the kernel named", f_phase },
	{ "device", CELL_STR, 0, "the device", f_device },
	{ "driver", CELL_STR, 0, "its driver", f_driver },
	{ "function", CELL_STR, 0, "the callback function", f_function },
	{ "error", CELL_INT, 0, "the kernel's error number", f_error },
	{ "error_name", CELL_STR, 0, "its name (ENODEV)", f_error_name },
	{ "count", CELL_INT, 0, "what it stands for: 1, or a note's many", f_count },
	{ "text", CELL_STR, 0, "in words", f_text },
	{ "file", CELL_STR, COL_ROWS, "the file of the line that said it first", f_file },
	{ "line", CELL_INT, COL_ROWS, "that line", f_line },
};

const struct table findings_table = { "findings", finding_cols, ARRAY_SIZE(finding_cols) };
