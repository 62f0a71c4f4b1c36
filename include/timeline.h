/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Timelines (renderer stage): one layout, computed from the run model and
 * the critical-path analysis, drawn by the SVG and PNG renderers through
 * a small painter interface and sent to the HTML page as data.
 *
 * Per cycle: a title, a legend of the phases with their lengths, a time
 * axis (offsets from the cycle's first event; the machine phase collapsed
 * to a fixed-width band so suspend and resume share one axis), a strip
 * with the critical path, then one lane per thread: the driving thread
 * first, then each async worker in order of its first callback. Inside a
 * lane, callbacks that overlap (nested probes, threads the log did not
 * name) go to further rows.
 */
#ifndef PMSCOPE_TIMELINE_H
#define PMSCOPE_TIMELINE_H

#include <stdint.h>
#include <stdio.h>

#include "analysis.h"
#include "extras.h"
#include "report.h"

#define TL_WIDTH_DEFAULT 1400
#define TL_WIDTH_MIN 480
#define TL_WIDTH_MAX 32000

/* Geometry in px. Text is DejaVu Sans Mono (0.602 em advance), so label
 * widths are known without measuring and every renderer agrees. */
#define TL_FONT_PX 11.0
#define TL_CHAR_PX (TL_FONT_PX * 0.602)
#define TL_ROW_PX 16.0
#define TL_GUTTER_PX 150.0	/* lane names on the left */
#define TL_MARGIN_PX 12.0
#define TL_MACHINE_PX 64.0	/* the collapsed machine phase */
#define TL_MAX_ROWS 12		/* per lane; more overlap is drawn over */
#define TL_FONT "DejaVu Sans Mono"

enum tl_box_flag {
	TLB_CRIT = 1 << 0,	/* a run segment of the critical path */
	TLB_ERROR = 1 << 1,	/* a finding says it failed (cycle_results.cb_failed):
				 * not a boot's -ENODEV or deferral */
	TLB_UNFINISHED = 1 << 2,/* never returned: drawn to the cycle's end */
	TLB_ASYNC = 1 << 3,
	TLB_BLOCKED = 1 << 4,	/* a sync callback held back by async work */
	TLB_WAITED = 1 << 5,	/* what a blocked callback waited for */
	TLB_SAID = 1 << 6,	/* the log said error or timeout while it ran
				 * (its device, a parent or a child) */
};

enum tl_label {
	TL_LABEL_NONE,
	TL_LABEL_DEV,		/* "device" */
	TL_LABEL_FULL,		/* "device {driver}" */
};

struct tl_box {
	int cb;			/* index into cycle->cbs */
	int lane, row;
	double x0, x1, y;	/* y: top of the row */
	unsigned flags;
	enum tl_label label;
};

struct tl_lane {
	int pid;		/* -1: callbacks whose thread the log did not name */
	const char *comm;
	bool main;
	double y, h;
	int nrows;
	size_t nboxes;
};

struct tl_band {
	int phase;		/* index into cycle->phases */
	double x0, x1;
};

/* A boot milestone from the log (model.h, enum boot_mark): where user
 * space began and systemd came up. */
struct tl_milestone {
	ns_t t;
	double x;
	char text[64];		/* "/init 0.442 s": its name (a long one cut) and time stamp */
};
#define TL_MILESTONES_MAX 4

struct tl_tick {
	double x;
	ns_t off;		/* from the cycle's start */
	int decimals;		/* of its label in ms */
};

/* Legend entries: the phases, then a key to the marks. */
enum {
	TL_KEY_CRIT = -1,	/* framed box: on the critical path */
	TL_KEY_WAIT = -2,	/* pink bar: a blocked sync callback's wait */
	TL_KEY_ERROR = -3,	/* red triangle: error return or unfinished */
	TL_KEY_SAID = -4,	/* orange triangle: the log said error */
	TL_KEY_SLEEP = -5,	/* lighter band in a box: where it slept */
};

struct tl_legend {
	int phase;		/* index into cycle->phases, or a TL_KEY_* */
	double x, y;		/* the swatch's top left */
};

/* A blocked sync callback: the driving thread was free at .x0 but the
 * callback started only at .x1, after the callback at (.from_x, .from_y)
 * ended. */
struct tl_wait {
	int blocked;		/* index into critpath.blocked */
	double x0, x1, y;
	double from_x, from_y;	/* from_x < 0: what it waited for is not drawn */
};

struct tl_seg {
	enum cp_kind kind;
	int cb, dev;
	int why;		/* a gap's enum cp_gap_why */
	int pid;		/* a CPG_THREAD gap's thread, else -1 */
	ns_t start, end;
	double x0, x1;
};

/* Log time [t0, t1] drawn at [x0, x1]. */
struct tl_piece {
	ns_t t0, t1;
	double x0, x1;
};

struct tl_cycle {
	const struct pm_cycle *c;
	const struct cycle_results *cr;	/* what the analyses found */
	const struct critpath *cp;	/* &cr->cp */
	ns_t t0, t1;		/* the window shown */
	struct tl_piece piece[2];
	size_t npieces;
	bool collapsed;		/* piece[0].t1 .. piece[1].t0 drawn at mx0 .. mx1 */
	int machine;		/* the machine phase collapsed, -1 none */
	double mx0, mx1;
	double y, h;		/* the cycle's block */
	double axis_y, strip_y, lanes_y, lanes_h;	/* strip_y < 0: none */
	struct tl_lane *lanes;
	size_t nlanes;
	struct tl_box *boxes;	/* by lane, then start */
	size_t nboxes;
	int *box_of_cb;		/* cycle->cbs index -> box, -1 not drawn */
	struct tl_band *bands;
	size_t nbands;
	struct tl_tick *ticks;
	size_t nticks;
	struct tl_milestone milestones[TL_MILESTONES_MAX];
	size_t nmilestones;
	struct tl_wait *waits;
	size_t nwaits;
	struct tl_seg *segs;
	size_t nsegs;
	struct tl_legend *legend;
	size_t nlegend;
	size_t nfail, nwarn;	/* the cycle's failures and warnings */
	const char *first_fail;	/* text of the first failure */
};

struct tl_layout {
	const struct pm_run *run;
	const struct pm_results *res;
	const struct page_extras *page;	/* report_opts.page */
	double width, height;
	double x0, x1;		/* the time area */
	struct tl_cycle *cycles;
	size_t ncycles;
};

/* Lay out the cycles @o selects, in @o's window. -1 and @err when the
 * window selects nothing. */
int tl_layout(struct tl_layout *L, const struct pm_run *run, const struct pm_results *res,
	      const struct report_opts *o, char *err, size_t errlen);
void tl_layout_free(struct tl_layout *L);
/* Whether @o's window shows anything; when not, why in @err. */
bool tl_window_ok(const struct pm_run *run, const struct report_opts *o, char *err,
		  size_t errlen);
/* Inside the layout (timeline/marks.c): the heading, legend, axis and
 * critical path strip, returning where the lanes start; then bands, ticks,
 * path segments and waits once the boxes are placed. */
double tl_head(struct tl_layout *L, struct tl_cycle *tc);
void tl_marks(struct tl_layout *L, struct tl_cycle *tc);
/* Where log time @t is drawn (clamped to the window). */
double tl_x(const struct tl_cycle *tc, ns_t t);
/* How much awake time the collapsed sleep band is drawn as (0 when
 * nothing is collapsed): the page zooms with the same squeeze. */
ns_t tl_collapsed_ns(const struct tl_cycle *tc);

/* Fixed palette per phase kind: 0xRRGGBB, the light band and the box. */
uint32_t tl_band_color(enum phase_kind k);
uint32_t tl_box_color(enum phase_kind k);
#define TL_CRIT_COLOR 0xb3001bu
#define TL_MILESTONE_COLOR 0x3b5b8cu	/* boot milestones: dashed, dark blue */
#define TL_ERROR_COLOR 0xe00000u
#define TL_SAID_COLOR 0xe68a00u
#define TL_WAIT_COLOR 0xf4b6b6u
#define TL_GAP_COLOR 0xc8c8c8u
#define TL_SLEEP_COLOR 0xffffffu	/* over the box, half transparent */
#define TL_SLEEP_MIN_PX 24	/* a box this wide shows where it slept */
#define TL_TEXT_COLOR 0x1a1a1au
#define TL_GRID_COLOR 0x9a9a9au

/* Box label text ("device {driver}" or "device") into @buf; "" none. */
const char *tl_label_text(const struct pm_run *run, const struct pm_cycle *c,
			  const struct tl_box *b, char *buf, size_t n);
/* Hover text of a callback, several lines. Caller frees. */
char *tl_cb_title(const struct pm_run *run, const struct pm_cycle *c, int cb);
/* The cycle's heading: "cycle 2: mem (deep), kernel ..., host ..." and the
 * totals line. Caller frees. */
char *tl_cycle_title(const struct pm_run *run, const struct pm_cycle *c);
char *tl_cycle_totals(const struct cycle_results *cr);
/* "resume 977.620 ms" into @buf, or the key's words. */
const char *tl_legend_text(const struct pm_cycle *c, int entry, char *buf, size_t n);

/*
 * The painter: what the SVG and PNG renderers implement. Colours are
 * 0xRRGGBB; stroke 0 means none; text is UTF-8 from the model (the painter
 * escapes it); anchor 0 start, 1 middle, 2 end.
 */
struct tl_painter {
	void *ctx;
	void (*rect)(void *ctx, double x, double y, double w, double h, uint32_t fill,
		     uint32_t stroke, double stroke_w);
	void (*line)(void *ctx, double x0, double y0, double x1, double y1, uint32_t color,
		     double w, bool dashed);
	void (*tri)(void *ctx, double x, double y, double size, uint32_t fill);
	void (*text)(void *ctx, double x, double y, const char *s, uint32_t color, int anchor,
		     bool bold);
	/* Hover text for what is drawn until tip_end (SVG <title>); may be NULL. */
	void (*tip_begin)(void *ctx, const char *tip);
	void (*tip_end)(void *ctx);
};

void tl_draw(const struct tl_layout *L, const struct tl_painter *p);


int report_svg(FILE *f, const struct pm_run *run, const struct pm_results *res,
	       const struct report_opts *o, char *err, size_t errlen);
/* @f NULL: drawn, not encoded (the analyze fuzz harness: libpng's
 * encoding was 70% of its time, and none of it pmscope's code). */
int report_png(FILE *f, const struct pm_run *run, const struct pm_results *res,
	       const struct report_opts *o, char *err, size_t errlen);
int report_html(FILE *f, const struct pm_run *run, const struct pm_results *res,
		const struct report_opts *o, char *err, size_t errlen);
/* The HTML page's data: the layout as JSON (timeline/html_data.c). */
void tl_put_html_data(FILE *f, const struct tl_layout *L);
/* Which callbacks the page shows a call tree for, sorted (the pipeline
 * reads them, input_call_trees()), and the trees as data of one cycle
 * (timeline/html_trees.c). */
struct cb_ref;
struct cb_ref *tl_html_tree_wants(const struct pm_run *run, const struct pm_results *res,
				  size_t *n);
void tl_put_trees(struct jw *w, const struct pm_run *run, const struct page_extras *px,
		  const struct tl_cycle *tc,
		  int (*fn_index)(void *ctx, const char *fn), void *ctx);
/* pmscope stats --html: the page of a struct tl_summary (stats.h) */
int tl_summary_write(FILE *f, const void *ctx);
/* Its series over time, an SVG chart per mode (timeline/html_trend.c). */
struct tl_summary;
void tl_put_trends(FILE *f, const struct tl_summary *s);
/* 1, 2 or 5 times a power of ten, at least @raw ns and 1 us; @decimals
 * of its label in ms (timeline/marks.c). */
ns_t tl_nice_step(double raw, int *decimals);
/* pmscope compare --html (timeline/html_compare.c): @ctx a struct
 * stats_report of two sides. */
int tl_compare_write(FILE *f, const void *ctx);
/* Its boot milestones, a table in its head (timeline/html_milestones.c). */
void tl_put_milestones(FILE *f, const struct tl_layout *L);
/* Its device table of one cycle (timeline/html_devtab.c). */
void tl_put_devtab(struct jw *w, const struct pm_run *run, const struct tl_cycle *tc);

#endif
