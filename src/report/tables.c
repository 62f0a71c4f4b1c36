// SPDX-License-Identifier: GPL-2.0
/*
 * The tables of facts a user sees, each described once (table.h): the
 * JSON report, the rows and the terminal take their columns from here.
 * A column's @doc is pmscope(1)'s word for it, and its ROWS section is
 * made from them (pmscope --tables, scripts/rows-schema.sh), as are the
 * schemas of share/pmscope/sql/.
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
CB_CELL(cb_no_start, cell_bool(cb->flags & CB_NO_START))
CB_CELL(cb_from_calling, cell_bool(cb->from_calling))
CB_CELL(cb_kind_cell, cell_str(cb_kind(x->cr->c, cb)))
CB_CELL(cb_source, cell_str(cb_file(x->run, cb)))
CB_CELL(cb_line, cell_int(cb->line))
CB_CELL(cb_run, cell_str(x->ident && x->ident->id[0] ? x->ident->id : NULL))
CB_CELL(cb_cycle, cell_int(x->cr->c->index))
CB_CELL(cb_index, cell_int((int64_t)(cb - x->cr->c->cbs)))
CB_CELL(cb_phase_index, cb->phase >= 0 ? cell_int(cb->phase) : cell_null())
CB_CELL(cb_duration_ns, cell_ns(cb_duration(cb)))
CB_CELL(cb_source_rel, cell_str(x->ident ? run_ident_rel(x->ident, cb_file(x->run, cb)) : NULL))
CB_CELL(cb_dev_index, cell_int(cb->dev))

#define KEY (COL_ROWS | COL_KEY)
#define RUN_ID_DOC "the run's id (pmscope(1), JSON: run)"

static const struct col callback_cols[] = {
	{ "run_id", CELL_STR, KEY, RUN_ID_DOC, cb_run },
	{ "cycle", CELL_INT, KEY, "its cycle (cycles.cycle)", cb_cycle },
	{ "callback_index", CELL_INT, KEY, "its place in the cycle, 0-based, by start", cb_index },
	{ "device", CELL_STR, 0, "the device's name", cb_device },
	{ "device_index", CELL_INT, 0, "the device's place in the run (devices.device_index)",
	  cb_dev_index },
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
	{ "no_start", CELL_BOOL, COL_OPTIONAL, "no line of its start: its start is its end "
	  "less the kernel's figure, its line its end's (a probe's)", cb_no_start },
	{ "from_calling_line", CELL_BOOL, COL_OPTIONAL,
	  "timed from its calling line, the kernel's figure off", cb_from_calling },
	{ "kind", CELL_STR, 0, "pm, initcall, probe, quirk or async_work", cb_kind_cell },
	{ "source", CELL_STR, COL_JSON, "the file of its line", cb_source },
	{ "source", CELL_STR, COL_ROWS, "the file of its line, from the run's folder",
	  cb_source_rel },
	{ "line", CELL_INT, 0, "its (first) line", cb_line },
	{ "phase_index", CELL_INT, 0, "its phase's place in the cycle (phases.phase_index)",
	  cb_phase_index },
	{ "duration_ns", CELL_NS, COL_ROWS, "its length: end less start, else the kernel's "
	  "figure (what stats adds up per device and phase)", cb_duration_ns },
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

static struct cell ph_run(const void *ctx, size_t i)
{
	const struct run_ident *ri = ((const struct cycle_rows *)ctx)->ident;

	(void)i;
	return cell_str(ri && ri->id[0] ? ri->id : NULL);
}

static struct cell ph_cycle(const void *ctx, size_t i)
{
	(void)i;
	return cell_int(((const struct cycle_rows *)ctx)->cr->c->index);
}

PH_CELL(ph_index, cell_int((int64_t)(p - ((const struct cycle_rows *)ctx)->cr->c->phases)))
PH_CELL(ph_duration_ns, cell_ns(phase_duration(p)))

static const struct col phase_cols[] = {
	{ "run_id", CELL_STR, KEY, RUN_ID_DOC, ph_run },
	{ "cycle", CELL_INT, KEY, "its cycle", ph_cycle },
	{ "phase_index", CELL_INT, KEY, "its place in the cycle, 0-based", ph_index },
	{ "name", CELL_STR, 0, "the phase as the log named it", ph_name },
	{ "kind", CELL_STR, 0, "what part of the sequence it is", ph_kind },
	{ "start_ns", CELL_NS, 0, "its start", ph_start },
	{ "end_ns", CELL_NS, 0, "its end", ph_end },
	{ "kernel_ms", CELL_MS3, 0, "the length the kernel printed", ph_kernel_ms },
	{ "duration_ns", CELL_NS, COL_ROWS, "its length: end less start, else the kernel's "
	  "figure (what stats takes)", ph_duration_ns },
};

const struct table phases_table = { "phases", phase_cols, ARRAY_SIZE(phase_cols) };

/* --- milestones: a row per milestone of a boot (struct cycle_rows); the
 * JSON's, not yet the rows' --- */

#define MS_CELL(name, expr)							\
	static struct cell name(const void *ctx, size_t i)			\
	{									\
		const struct cycle_rows *x = ctx;				\
		const struct pm_milestone *m = &x->cr->c->milestones[i];	\
										\
		(void)m;							\
		return expr;							\
	}

MS_CELL(ms_name, cell_str(m->name))
MS_CELL(ms_kind, cell_str(milestone_kind_name(m->kind)))
MS_CELL(ms_device, cell_str(m->device))
MS_CELL(ms_ts, cell_ns(m->ts))
MS_CELL(ms_step, cell_ns(i ? m->ts - m[-1].ts : NS_NONE))
MS_CELL(ms_source, cell_str(m->file_id < x->run->nsources ? x->run->sources[m->file_id] : NULL))
MS_CELL(ms_line, cell_int(m->line))
MS_CELL(ms_boot_end, cell_bool((int)i == x->cr->totals.boot_end))

static const struct col milestone_cols[] = {
	{ "name", CELL_STR, 0, "what it is, and of which device: \"nvme0 queues\", \"root "
	  "mounted\", \"init /sbin/init\" (each once in a boot)", ms_name },
	{ "kind", CELL_STR, 0, "initcall, console, link, queues, disk, partitions, mount, root, "
	  "initmem, init or systemd", ms_kind },
	{ "device", CELL_STR, 0, "the device or interface it names", ms_device },
	{ "ts_ns", CELL_NS, 0, "its line's stamp: the kernel's clock from its start", ms_ts },
	{ "step_ns", CELL_NS, 0, "after the milestone before it", ms_step },
	{ "source", CELL_STR, 0, "the file it was read from", ms_source },
	{ "line", CELL_INT, 0, "its line there", ms_line },
	{ "boot_end", CELL_BOOL, COL_OPTIONAL, "the boot's headline ends here", ms_boot_end },
};

const struct table milestones_table = { "milestones", milestone_cols,
					ARRAY_SIZE(milestone_cols) };

/* --- findings: a row per finding of a list (struct findings) --- */

#define F_CELL(name, expr)							\
	static struct cell name(const void *ctx, size_t i)			\
	{									\
		const struct finding_rows *x = ctx;				\
		const struct finding *f = &x->fs->v[i];			\
										\
		(void)x;							\
		(void)f;							\
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
F_CELL(f_file, cell_str(f->nsrcs && x->ident ? run_ident_rel(x->ident, f->srcs[0].file) : NULL))
F_CELL(f_run, cell_str(x->ident && x->ident->id[0] ? x->ident->id : NULL))
F_CELL(f_index, cell_int((int64_t)(x->base + i)))
F_CELL(f_line, f->nsrcs && f->srcs[0].line ? cell_int(f->srcs[0].line) : cell_null())

static const struct col finding_cols[] = {
	{ "run_id", CELL_STR, KEY, RUN_ID_DOC, f_run },
	{ "finding_index", CELL_INT, KEY, "its place in the run's findings, 0-based: the run's own "
	  "first, then each cycle's", f_index },
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
	{ "file", CELL_STR, COL_ROWS, "the file of the line that said it first, from the run's "
	  "folder", f_file },
	{ "line", CELL_INT, COL_ROWS, "that line", f_line },
};

const struct table findings_table = { "findings", finding_cols, ARRAY_SIZE(finding_cols) };

/* --- cycles: a row per cycle (struct cycle_rows) --- */

#define CY_CELL(name, expr)							\
	static struct cell name(const void *ctx, size_t i)			\
	{									\
		const struct cycle_rows *x = ctx;				\
		const struct pm_cycle *c = x->cr->c;				\
										\
		(void)i;							\
		(void)c;							\
		return expr;							\
	}

CY_CELL(cy_run, cell_str(x->ident && x->ident->id[0] ? x->ident->id : NULL))
CY_CELL(cy_index, cell_int(c->index))
CY_CELL(cy_mode, cell_str(mode_name(c->mode)))
CY_CELL(cy_mode_label, cell_str(c->mode_label))
CY_CELL(cy_start, cell_ns(c->start))
CY_CELL(cy_end, cell_ns(c->end))
CY_CELL(cy_wall, cell_ns(c->wall_start))
CY_CELL(cy_completed, cell_bool(c->mode == MODE_BOOT || c->resumed))
CY_CELL(cy_aborted, cell_bool(c->aborted))
CY_CELL(cy_main_pid, c->main_pid >= 0 ? cell_int(c->main_pid) : cell_null())
CY_CELL(cy_source, cell_str(c->file))
CY_CELL(cy_source_rel, cell_str(x->ident ? run_ident_rel(x->ident, c->file) : NULL))
CY_CELL(cy_first_line, cell_int(c->first_line))
CY_CELL(cy_last_line, cell_int(c->last_line))
CY_CELL(cy_wake, cell_str(c->wake_reason))
CY_CELL(cy_sleep_ts, cell_ns(c->sleep_ts))
CY_CELL(cy_wake_ts, cell_ns(c->wake_ts))
CY_CELL(cy_timed_by, cell_str(c->from_trace ? "trace" : "log"))
CY_CELL(cy_start_cut, cell_bool(c->start_cut))
CY_CELL(cy_suspend, cell_ns(x->cr->totals.suspend_ns))
CY_CELL(cy_resume, cell_ns(x->cr->totals.resume_ns))
CY_CELL(cy_machine, cell_ns(x->cr->totals.machine_ns))
CY_CELL(cy_total, cell_ns(x->cr->totals.total_ns))
CY_CELL(cy_ncbs, cell_int((int64_t)c->ncbs))
CY_CELL(cy_failures, cell_int((int64_t)x->cr->nsev[SEV_FAILURE]))
CY_CELL(cy_warnings, cell_int((int64_t)x->cr->nsev[SEV_WARNING]))
CY_CELL(cy_notes, cell_int((int64_t)x->cr->nsev[SEV_NOTE]))

static const struct col cycle_cols[] = {
	{ "run_id", CELL_STR, KEY, RUN_ID_DOC, cy_run },
	{ "index", CELL_INT, COL_JSON, "its number, 1-based, in log order", cy_index },
	{ "cycle", CELL_INT, KEY, "its number, 1-based, in log order", cy_index },
	{ "mode", CELL_STR, 0, "mem, s2idle, standby, disk, boot or unknown", cy_mode },
	{ "mode_label", CELL_STR, 0, "the mode as the log said it (deep)", cy_mode_label },
	{ "start_ns", CELL_NS, 0, "its first event, on the log's clock", cy_start },
	{ "end_ns", CELL_NS, 0, "its last event", cy_end },
	{ "wall_start_ns", CELL_NS, COL_OPTIONAL, "its start on the wall clock, ns since the "
	  "epoch (UTC), where the inputs tell it", cy_wall },
	{ "completed", CELL_BOOL, 0, "a boot, or a suspend that resumed", cy_completed },
	{ "aborted", CELL_BOOL, 0, "the kernel backed out of the suspend", cy_aborted },
	{ "start_cut", CELL_BOOL, COL_OPTIONAL, "the log begins inside it (an excerpt, a wrapped "
	  "buffer)", cy_start_cut },
	{ "sleep_ns", CELL_NS, 0, "when the machine went to sleep (firmware entry, the s2idle "
	  "loop), where the log shows it", cy_sleep_ts },
	{ "wake_ns", CELL_NS, 0, "when it woke", cy_wake_ts },
	{ "timed_by", CELL_STR, 0, "log (its lines' stamps) or trace (a tracer's events)",
	  cy_timed_by },
	{ "main_pid", CELL_INT, 0, "the driving thread", cy_main_pid },
	{ "source", CELL_STR, COL_JSON, "the file it was read from", cy_source },
	{ "source", CELL_STR, COL_ROWS, "the file it was read from, from the run's folder",
	  cy_source_rel },
	{ "first_line", CELL_INT, 0, "its first line there", cy_first_line },
	{ "last_line", CELL_INT, 0, "its last line: PM: suspend exit, or the log's last "
	  "where the log ends inside the cycle", cy_last_line },
	{ "suspend_ns", CELL_NS, COL_ROWS, "the suspend total (TOTALS)", cy_suspend },
	{ "resume_ns", CELL_NS, COL_ROWS, "the resume total", cy_resume },
	{ "machine_ns", CELL_NS, COL_ROWS, "the machine phase", cy_machine },
	{ "total_ns", CELL_NS, COL_ROWS, "first to last event (a boot's length)", cy_total },
	{ "callbacks", CELL_INT, COL_ROWS, "its callbacks", cy_ncbs },
	{ "failures", CELL_INT, COL_ROWS, "its findings of severity failure", cy_failures },
	{ "warnings", CELL_INT, COL_ROWS, "of severity warning", cy_warnings },
	{ "notes", CELL_INT, COL_ROWS, "of severity note", cy_notes },
	{ "wake_reason", CELL_STR, COL_ROWS, "what the kernel said woke the machine",
	  cy_wake },
};

const struct table cycles_table = { "cycles", cycle_cols, ARRAY_SIZE(cycle_cols) };

/* --- runs: one row, the run (struct run_rows); the JSON's "run" --- */

#define RUN_CELL(name, expr)							\
	static struct cell name(const void *ctx, size_t i)			\
	{									\
		const struct run_rows *x = ctx;				\
		const struct run_ident *ri = &x->res->ident;			\
										\
		(void)i;							\
		(void)ri;							\
		return expr;							\
	}

RUN_CELL(rc_id, cell_str(ri->id[0] ? ri->id : NULL))
RUN_CELL(rc_folder, cell_str(ri->folder))
RUN_CELL(rc_host, cell_str(ri->host))
RUN_CELL(rc_machine, cell_str(ri->machine))
RUN_CELL(rc_vendor, cell_str(ri->vendor))
RUN_CELL(rc_product, cell_str(ri->product))
RUN_CELL(rc_board, cell_str(ri->board))
RUN_CELL(rc_bios, cell_str(ri->bios))
RUN_CELL(rc_machine_id, cell_str(ri->machine_id))
RUN_CELL(rc_kernel, cell_str(ri->kernel))
RUN_CELL(rc_cmdline, cell_str(ri->cmdline))
RUN_CELL(rc_date, cell_str(ri->date))
RUN_CELL(rc_tool, cell_str("pmscope " PMSCOPE_VERSION))
RUN_CELL(rc_ncycles, cell_int((int64_t)x->run->ncycles))
RUN_CELL(rc_verdict, cell_str(verdict_name(results_verdict(x->res))))
RUN_CELL(rc_failures, cell_int((int64_t)x->res->nsev[SEV_FAILURE]))
RUN_CELL(rc_warnings, cell_int((int64_t)x->res->nsev[SEV_WARNING]))
RUN_CELL(rc_notes, cell_int((int64_t)x->res->nsev[SEV_NOTE]))

static const struct col run_cols[] = {
	{ "run_id", CELL_STR, COL_KEY, "32 hex digits from the inputs' contents: the same files "
	  "give the same id", rc_id },
	{ "folder", CELL_STR, 0, "the folder the sources are named from, as given", rc_folder },
	{ "host", CELL_STR, 0, "the machine's host name", rc_host },
	{ "machine", CELL_STR, 0, "its DMI vendor, product and board, as the kernel words them",
	  rc_machine },
	{ "vendor", CELL_STR, 0, "its DMI vendor", rc_vendor },
	{ "product", CELL_STR, 0, "its DMI product", rc_product },
	{ "board", CELL_STR, 0, "its DMI board", rc_board },
	{ "bios", CELL_STR, 0, "its firmware's version", rc_bios },
	{ "machine_id", CELL_STR, 0, "an opaque id of the machine (a run folder's)",
	  rc_machine_id },
	{ "kernel", CELL_STR, 0, "the kernel's release", rc_kernel },
	{ "cmdline", CELL_STR, 0, "the kernel's command line", rc_cmdline },
	{ "date", CELL_STR, 0, "when the test ran, as a sleepgraph header wrote it (local time)",
	  rc_date },
	{ "tool", CELL_STR, 0, "pmscope and its version", rc_tool },
	{ "cycles", CELL_INT, COL_ROWS, "the cycles read", rc_ncycles },
	{ "verdict", CELL_STR, COL_ROWS, "ok, failed or no-data (FINDINGS)", rc_verdict },
	{ "failures", CELL_INT, COL_ROWS, "its findings of severity failure, every cycle's",
	  rc_failures },
	{ "warnings", CELL_INT, COL_ROWS, "of severity warning", rc_warnings },
	{ "notes", CELL_INT, COL_ROWS, "of severity note", rc_notes },
};

const struct table runs_table = { "runs", run_cols, ARRAY_SIZE(run_cols) };

/* --- devices: a row per device of the run (struct run_rows) --- */

#define DEV_CELL(name, expr)							\
	static struct cell name(const void *ctx, size_t i)			\
	{									\
		const struct run_rows *x = ctx;				\
		const struct pm_device *d = &x->run->devs[i];			\
										\
		(void)d;							\
		return expr;							\
	}

DEV_CELL(dev_run, cell_str(x->res->ident.id[0] ? x->res->ident.id : NULL))
DEV_CELL(dev_index, cell_int((int64_t)i))
DEV_CELL(dev_name, cell_str(d->name))
DEV_CELL(dev_driver, cell_str(d->driver && *d->driver ? d->driver : NULL))
DEV_CELL(dev_parent, cell_str(d->parent))
DEV_CELL(dev_parent_index, d->parent_id >= 0 ? cell_int(d->parent_id) : cell_null())
DEV_CELL(dev_async, d->async_flag >= 0 ? cell_bool(d->async_flag) : cell_null())
DEV_CELL(dev_in_tree, cell_bool(d->in_devtree))

static const struct col device_cols[] = {
	{ "run_id", CELL_STR, KEY, RUN_ID_DOC, dev_run },
	{ "device_index", CELL_INT, KEY, "its place in the run, 0-based (in the JSON: its "
	  "place in devices[])", dev_index },
	{ "device", CELL_STR, 0, "its name (two devices may share one: callbacks name it so)",
	  dev_name },
	{ "driver", CELL_STR, 0, "its driver", dev_driver },
	{ "parent", CELL_STR, 0, "its parent device", dev_parent },
	{ "parent_index", CELL_INT, 0, "that parent's place (devices.device_index): which of "
	  "two devices of its name", dev_parent_index },
	{ "async", CELL_BOOL, 0, "its power/async flag (a run folder's devices.txt)", dev_async },
	{ "in_device_tree", CELL_BOOL, 0, "listed in the run folder's device tree", dev_in_tree },
};

const struct table devices_table = { "devices", device_cols, ARRAY_SIZE(device_cols) };

const struct table *const rows_tables[ROWS_NTABLES] = {
	&runs_table, &cycles_table, &phases_table, &callbacks_table, &findings_table,
	&devices_table,
};
