// SPDX-License-Identifier: GPL-2.0
/*
 * Timeline layout and escaping: the q35 suspend/resume laid out and
 * checked against its figures (see tests/cli/critpath.sh for the same
 * waits in the text report), windows, and properties every fixture's
 * layout must have (boxes inside the time area, no overlap in a row,
 * one axis that only goes forward).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>
#include "load_run.h"
#include <math.h>

#include "input.h"
#include "timeline.h"

#define Q35 FIXTURES "/qemu-q35-s3-async1-medium"
#define EPS 1e-6


typedef void (*put_fn)(FILE *f, const char *s);

static void check_put(put_fn fn, const char *in, const char *want)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	fn(f, in);
	fclose(f);
	assert_string_equal(buf, want);
	free(buf);
}

/* The layout as the renderers get it: the results computed first. */
static int layout(struct tl_layout *L, struct pm_results *res, const struct pm_run *run,
		  const struct report_opts *o, char *err, size_t errlen)
{
	const struct results_opts rs = { .top = o->top, .cycle = o->cycle };

	assert_int_equal(results_compute(res, run, &rs), 0);
	return tl_layout(L, run, res, o, err, errlen);
}

static void test_escape(void **state)
{
	(void)state;
	check_put(xml_put, "<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;");
	check_put(xml_put, "a&b \"q\" 'r'", "a&amp;b &quot;q&quot; &#39;r&#39;");
	/* control bytes XML cannot hold and broken UTF-8 become U+FFFD;
	 * valid multibyte text stays */
	check_put(xml_put, "\x01x\xff\xc3\xa9\xe2\x82", "\xef\xbf\xbdx\xef\xbf\xbd\xc3\xa9"
		  "\xef\xbf\xbd\xef\xbf\xbd");
	check_put(xml_put, "\xed\xa0\x80", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"); /* surrogate */
	check_put(jw_put_str, "</script><!--", "\"\\u003c/script\\u003e\\u003c!--\"");
	check_put(jw_put_str, "a\"b\\c\n&", "\"a\\\"b\\\\c\\u000a\\u0026\"");
	check_put(jw_put_str, "\xff\xe2\x80\xa8", "\"\\ufffd\\u2028\"");
	check_put(jw_put_str, NULL, "null");
	/* every byte alone: printable ASCII as itself but the five JSON or
	 * HTML would read, those and controls escaped, a lone byte of 0x80
	 * and above (no UTF-8) U+FFFD */
	for (int c = 1; c < 256; c++) {
		char in[2] = { (char)c, 0 }, want[16];

		if (c == '"' || c == '\\')
			snprintf(want, sizeof(want), "\"\\%c\"", c);
		else if (c < 0x20 || c == 0x7f || c == '<' || c == '>' || c == '&')
			snprintf(want, sizeof(want), "\"\\u%04x\"", c);
		else if (c >= 0x80)
			snprintf(want, sizeof(want), "\"\\ufffd\"");
		else
			snprintf(want, sizeof(want), "\"%c\"", c);
		check_put(jw_put_str, in, want);
	}
	assert_int_equal(text_chars("1-2 {usb}"), 9);
	assert_int_equal(text_chars("\xc3\xa9t\xc3\xa9"), 3);
}

static const struct tl_box *box_of(const struct tl_layout *L, const struct tl_cycle *tc,
				   const char *dev, const char *phase)
{
	size_t i;

	for (i = 0; i < tc->nboxes; i++) {
		const struct pm_callback *cb = &tc->c->cbs[tc->boxes[i].cb];

		if (!strcmp(L->run->devs[cb->dev].name, dev) && cb->phase >= 0 &&
		    !strcmp(tc->c->phases[cb->phase].name, phase))
			return &tc->boxes[i];
	}
	fail_msg("no box for %s in %s", dev, phase);
	return NULL;
}

/* Boxes come by lane, then start. */
static ns_t first_start(const struct tl_cycle *tc, int lane)
{
	size_t i;

	for (i = 0; i < tc->nboxes; i++)
		if (tc->boxes[i].lane == lane)
			return tc->c->cbs[tc->boxes[i].cb].start;
	fail();
	return 0;
}

static void test_q35(void **state)
{
	struct pm_run *run = load(Q35 "/dmesg.txt", Q35 "/guest/sys/devices.txt");
	struct report_opts o = { .cycle = 2, .width = 1000 };
	const struct tl_box *b, *w;
	const struct tl_cycle *tc;
	struct tl_layout L;
	struct pm_results res;
	char err[256];
	double k0, k1;
	size_t i;

	(void)state;
	assert_int_equal(layout(&L, &res, run, &o, err, sizeof(err)), 0);
	assert_int_equal(L.ncycles, 1);
	tc = &L.cycles[0];
	assert_int_equal(tc->c->index, 2);
	/* every callback drawn, one lane per thread, the driving one (pid 1) first */
	assert_int_equal(tc->nboxes, 219);
	assert_int_equal(tc->nlanes, tc->c->nthreads);
	assert_int_equal(tc->lanes[0].pid, 1);
	assert_true(tc->lanes[0].main);
	for (i = 2; i < tc->nlanes; i++)	/* workers by their first callback */
		assert_true(first_start(tc, (int)i - 1) <= first_start(tc, (int)i));
	/* the window is the cycle; the machine phase (186.689 to 319.444 ms)
	 * is the collapsed band, and both sides share one scale */
	assert_true(tc->collapsed);
	assert_int_equal(tc->c->phases[tc->machine].kind, PK_MACHINE);
	assert_true(fabs(tc->mx1 - tc->mx0 - TL_MACHINE_PX) < EPS);
	assert_true(fabs(tl_x(tc, tc->t0) - L.x0) < EPS);
	assert_true(fabs(tl_x(tc, tc->t1) - L.x1) < EPS);
	assert_true(fabs(tl_x(tc, tc->c->phases[tc->machine].start) - tc->mx0) < EPS);
	assert_true(fabs(tl_x(tc, tc->c->phases[tc->machine].end) - tc->mx1) < EPS);
	k0 = (tc->piece[0].x1 - tc->piece[0].x0) / (double)(tc->piece[0].t1 - tc->piece[0].t0);
	k1 = (tc->piece[1].x1 - tc->piece[1].x0) / (double)(tc->piece[1].t1 - tc->piece[1].t0);
	assert_true(fabs(k0 - k1) < 1e-12);
	/* 1-2 resumed in 450.503 ms on async 146, on the critical path, and
	 * input4 waited for it; input2 waited for 1-1 (469.248 ms lost) */
	b = box_of(&L, tc, "1-2", "resume");
	assert_int_equal(b->flags & (TLB_CRIT | TLB_ASYNC | TLB_WAITED),
			 TLB_CRIT | TLB_ASYNC | TLB_WAITED);
	assert_true(fabs(b->x1 - b->x0 - 450.503e6 * k1) < 1e-6);
	assert_int_equal(b->label, TL_LABEL_FULL);
	b = box_of(&L, tc, "input2", "resume");
	w = box_of(&L, tc, "1-1", "resume");
	assert_true(b->flags & TLB_BLOCKED);
	assert_false(b->flags & TLB_ASYNC);
	for (i = 0; i < tc->nwaits; i++)
		if (tc->cp->blocked[tc->waits[i].blocked].cb == b->cb)
			break;
	assert_true(i < tc->nwaits);
	assert_true(fabs(tc->waits[i].x1 - b->x0) < EPS);
	assert_true(fabs(tc->waits[i].from_x - w->x1) < EPS);
	assert_true(fabs(tc->waits[i].x1 - tc->waits[i].x0 - 469.248e6 * k1) < 0.01);
	tl_layout_free(&L);
	results_free(&res);

	/* --phase resume: exactly the phase, nothing collapsed */
	o.phase = "resume";
	assert_int_equal(layout(&L, &res, run, &o, err, sizeof(err)), 0);
	tc = &L.cycles[0];
	assert_int_equal(tc->t0, cycle_phase(tc->c, PK_RESUME)->start);
	assert_int_equal(tc->t1, cycle_phase(tc->c, PK_RESUME)->end);
	assert_false(tc->collapsed);
	tl_layout_free(&L);
	results_free(&res);
	/* --from 300 --to 400: offsets from the cycle's start */
	o.phase = NULL;
	o.from_ns = 300000000;
	o.to_ns = 400000000;
	assert_int_equal(layout(&L, &res, run, &o, err, sizeof(err)), 0);
	tc = &L.cycles[0];
	assert_int_equal(tc->t0 - tc->c->start, 300000000);
	assert_int_equal(tc->t1 - tc->c->start, 400000000);
	tl_layout_free(&L);
	results_free(&res);
	/* a window past the end shows nothing and says so */
	o.from_ns = 1000000000000LL;
	o.to_ns = 0;
	assert_int_equal(layout(&L, &res, run, &o, err, sizeof(err)), -1);
	assert_string_equal(err, "no cycle shown reaches the time window");
	results_free(&res);
	o.from_ns = 0;
	o.phase = "nosuch";
	assert_false(tl_window_ok(run, &o, err, sizeof(err)));
	assert_string_equal(err, "no cycle shown has a phase named 'nosuch'");
	run_free(run);
}

/* Properties of one layout. */
static void check_layout(const struct tl_layout *L)
{
	size_t i, j;

	for (i = 0; i < L->ncycles; i++) {
		const struct tl_cycle *tc = &L->cycles[i];
		double last = -1;
		ns_t t, step = (tc->t1 - tc->t0) / 997 + 1;

		for (t = tc->t0; t <= tc->t1; t += step) {	/* one axis, forward only */
			assert_true(tl_x(tc, t) >= last - EPS);
			last = tl_x(tc, t);
		}
		for (j = 1; j < tc->nticks; j++)
			assert_true(tc->ticks[j].x > tc->ticks[j - 1].x);
		for (j = 0; j < tc->nboxes; j++) {
			const struct tl_box *b = &tc->boxes[j];
			const struct tl_lane *ln = &tc->lanes[b->lane];

			assert_true(b->x0 >= L->x0 - EPS && b->x1 <= L->x1 + EPS);
			assert_true(b->x0 <= b->x1);
			assert_true(b->y >= ln->y && b->y + TL_ROW_PX <= ln->y + ln->h + EPS);
			assert_int_equal(tc->box_of_cb[b->cb], (int)j);
			/* boxes of a row never overlap unless the lane ran out of rows */
			if (ln->nrows < TL_MAX_ROWS && j && tc->boxes[j - 1].lane == b->lane) {
				size_t k = j;

				while (k-- > 0 && tc->boxes[k].lane == b->lane)
					if (tc->boxes[k].row == b->row) {
						assert_true(tc->boxes[k].x1 <= b->x0 + EPS);
						break;
					}
			}
		}
		for (j = 1; j < tc->nlanes; j++)
			assert_true(tc->lanes[j].y >= tc->lanes[j - 1].y + tc->lanes[j - 1].h - EPS);
		assert_true(tc->y + tc->h <= L->height + EPS);
	}
}

static void test_properties(void **state)
{
	static const char *const logs[] = {
		"kernel5.13-latitude-e7250-boot-initcall/linux-5.13.9-messages.txt.gz",
		"kernel5.4-lkp-lenovo80mk-freeze-10cycles-kmsg/kmsg.xz",
		"kernel5.4-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt",
		"kernel5.8-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt",
		"kernel6.10-xps9360-boot-initcall-s2idle-pmprint/dmesg.txt",
		"kernel6.11-rog-ally-s2idle-39cycles-email/message.eml.xz",
		"kernel6.15-qemu-s2idle-printk-caller-hang/hang.log",
		"kernel6.9-xps9360-deep-hibernate-multicycle/messages.txt",
		"pmgraph-2014-skynet-mem-k3.15/skynet_mem_dmesg.txt",
		"pmgraph-2014-skynet-disk-k3.15/skynet_disk_dmesg.txt",
		"qemu-q35-s3-async0-medium/dmesg.txt",
		"qemu-q35-s3-async1-medium/dmesg.txt",
	};
	struct report_opts o = { 0 };
	char path[512], err[256];
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(logs); i++) {
		struct pm_run *run;
		struct tl_layout L;
		struct pm_results res;

		snprintf(path, sizeof(path), "%s/%s", FIXTURES, logs[i]);
		run = load(path, NULL);
		o.width = i % 2 ? 700 : 0;
		assert_int_equal(layout(&L, &res, run, &o, err, sizeof(err)), 0);
		check_layout(&L);
		tl_layout_free(&L);
	results_free(&res);
		run_free(run);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_q35),
		cmocka_unit_test(test_properties),
	};

	return cmocka_run_group_tests_name("timeline", tests, NULL, NULL);
}
