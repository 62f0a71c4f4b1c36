/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel log parser's state, shared by its files (input/dmesg/dmesg*.c):
 * one struct dmesg_parser per log read, and the steps each file gives
 * the others.
 */
#ifndef PMSCOPE_DMESG_PARSER_H
#define PMSCOPE_DMESG_PARSER_H

#include "dmesg.h"

enum boot_state { BOOT_NONE, BOOT_KERNEL, BOOT_USER, BOOT_DONE };

/* The lines an alarm's report (an Oops's, a WARN()'s) runs at most. */
#define REPORT_LINES 100

/* How many stamped lines back a line repeated by hand is looked for. */
#define SEEN_LINES 256

struct dmesg_parser {
	struct builder *b;
	struct input_stats *st;
	enum boot_state boot;
	bool in_cycle;		/* between a cycle's start and its end */
	bool in_complete;	/* dpm_complete runs until tasks are thawed */
	bool in_enter;		/* suspend_enter: sync, freeze tasks */
	bool in_machine;	/* devices off, platform or s2idle sleeping */
	/* hibernation's snapshot, the non-boot CPUs down and up: its
	 * machine phase (snapshot_cpus()) */
	enum { SNAP_NONE, SNAP_DOWN, SNAP_DONE } snap;
	bool in_exit;		/* tasks being thawed */
	bool frozen;		/* the open cycle froze user space: no task
				 * of it logs until the thaw */
	bool thaw_cut;		/* "Restarting tasks ... " without its "done." */
	bool cb_seen;		/* a device's PM callback line in the open cycle */
	bool phases_seen;	/* a "... of devices complete" line in it */
	bool seen_cycle;	/* initcalls after this are module loads */
	bool seen_dmi;		/* this boot's "DMI: " line was read */
	bool seen_banner;	/* this boot's "Linux version" line was read */
	ns_t banner_ts;		/* its stamp and line */
	unsigned int banner_line;
	bool calls;		/* this boot printed initcall_debug's calling
				 * lines: its initcalls are callbacks, not
				 * milestones, and they time it */
	bool calls_coming;	/* the command line says initcall_debug: the
				 * boot begins at its first calling line */
	bool rooted;		/* this boot mounted its root */
	bool backed_out;	/* the open cycle was aborted: what is left of
				 * it comes at once */
	bool elided;		/* a paste's mark of lines left out ("...")
				 * since the last timed line */
	unsigned int elided_after;	/* the last line before it */
	unsigned int text_line;		/* the last line not blank */
	struct mail_paste paste;	/* a mail's paste of a bare log */
	bool s2idle_woke;	/* the open cycle's "resume from suspend-to-idle" */
	unsigned int kernel_line;	/* the last kernel line read */
	unsigned int frame_line;	/* the last stack frame read */
	unsigned int piece_line;	/* the first line after lines left out,
					 * while no cycle began since */
	int32_t last_day_s;		/* the last wall-clock time read (syslog) */
	unsigned int report_line;	/* an Oops's or WARN()'s last alarm line,
					 * 0 after its end */
	unsigned int silence_line;	/* a silence ended the boot before this
					 * line; 0 once said, or none */
	ns_t silence_ns;		/* how long it was */
	bool counted;		/* the current line was a boot's milestone */
	ns_t wake_ts;		/* the open cycle's wake, NS_NONE */
	enum pm_mode mode;
	ns_t last_ts;
	unsigned int last_ts_line;	/* the line of last_ts */
	bool entered;		/* the open cycle's "suspend entry (...)" was read */
	ns_t enter_end;		/* where its suspend_enter ended, NS_NONE */
	struct refusal {	/* a request turned away inside the open cycle */
		unsigned int line;	/* its entry's, 0 none */
		ns_t ts;
		enum pm_mode mode;
		char label[16];
	} refusal;
	unsigned int line;
	bool used;		/* the current line produced an event */
	int exact_us;		/* kernel >= 5.14 prints true usecs: 1, 0, -1 unknown */
	char *fixed;		/* a line as the kernel printed it, where mail
				 * changed it (LINE_MAX_BYTES, once needed) */
	struct mail_wrap wrap;	/* lines mail broke, joined */
	struct console_handover console;
	/* the last stamped lines, to know a line pasted twice again */
	struct seen_line {
		ns_t ts;
		uint32_t hash;
		unsigned int line;
	} seen[SEEN_LINES];
	unsigned int nseen;
	unsigned int repeats;	/* lines passed over as repeats */
	struct line_reader *r;	/* its lines, to look ahead at */
	bool stamped;		/* a line with the kernel's stamp was read */
	bool prefixed;		/* one with a prefix (a stamp, the journal's):
				 * bare lines are no kernel's but mail's */
	bool bare_read;		/* a bare kernel line was read */
	unsigned int state_cmd;	/* the last line that wrote /sys/power/state
				 * (a shell's echo of its command) */
	unsigned int cycle_line;	/* the open or last cycle's first line */
	unsigned int stray_line;	/* the one stamped line of a bare log */
	bool unstamped;		/* a cycle's line read without one */
	struct ms_pending pending;	/* milestones before a boot began (last:
					 * 5 KB, apart from the fields of every line) */
};

/* dmesg_cycle.c */
void dp_emit(struct dmesg_parser *p, struct pm_event *ev);
void dp_phase(struct dmesg_parser *p, enum ev_kind kind, ns_t ts,
	      enum phase_kind pk, const char *name, int64_t kernel_us);
void dp_cycle_begin_at(struct dmesg_parser *p, ns_t ts, struct str label,
		       enum pm_mode mode, bool cut, bool entry);
void dp_cycle_begin(struct dmesg_parser *p, ns_t ts, struct str label, enum pm_mode mode);
void dp_cycle_begin_cut(struct dmesg_parser *p, ns_t ts, struct str label,
			enum pm_mode mode);
void dp_set_mode(struct dmesg_parser *p, ns_t ts, enum pm_mode mode, const char *label);
void dp_end_enter(struct dmesg_parser *p, ns_t ts);
void dp_machine(struct dmesg_parser *p, ns_t ts, bool begin);
void dp_cycle_end(struct dmesg_parser *p, ns_t ts, enum ev_kind kind, struct str why);
struct str dp_paren(struct str s);
bool dp_devices_complete(struct dmesg_parser *p, ns_t ts, struct str m);
void dp_piece_cycle(struct dmesg_parser *p, ns_t ts);
void dp_begin_exit(struct dmesg_parser *p, ns_t ts);
void dp_note(struct dmesg_parser *p, ns_t ts, enum ev_kind kind, struct str text);
void dp_say(struct dmesg_parser *p, ns_t ts, enum finding_code code, const char *text);
void dp_mark(struct dmesg_parser *p, ns_t ts, enum ev_kind kind);

/* dmesg_pm.c */
bool dp_pm_message(struct dmesg_parser *p, ns_t ts, struct str m);

/* dmesg_freezer.c */
bool dp_other_message(struct dmesg_parser *p, ns_t ts, struct str m);

/* dmesg_boot.c */
void dp_note_kernel(struct dmesg_parser *p, struct str v);
void dp_fact(struct dmesg_parser *p, const char *key, struct str value);
void dp_brought_up(struct dmesg_parser *p, struct str m);
bool dp_boot_may_open(const struct dmesg_parser *p);
void dp_boot_line(struct dmesg_parser *p, ns_t ts, const struct dmesg_cb *cb);
void dp_boot_shown(struct dmesg_parser *p, ns_t ts);
void dp_milestone(struct dmesg_parser *p, ns_t ts, const struct dmesg_milestone *m);
void dp_initcall_milestone(struct dmesg_parser *p, ns_t ts, const struct dmesg_cb *cb);
void dp_boot_mark_text(struct dmesg_parser *p, ns_t ts, enum boot_mark m, struct str text);
void dp_boot_mark(struct dmesg_parser *p, ns_t ts, enum boot_mark m);
void dp_systemd_line(struct dmesg_parser *p, ns_t ts, struct str m);
void dp_boot_userspace(struct dmesg_parser *p, ns_t ts);
void dp_boot_cut(struct dmesg_parser *p, const char *what);
void dp_new_boot(struct dmesg_parser *p);
void dp_boot_silence(struct dmesg_parser *p, ns_t ts);

/* dmesg_excerpt.c */
void dp_forget_piece(struct dmesg_parser *p);
void dp_excerpt_ends(struct dmesg_parser *p, unsigned int end_line, bool pasted);
void dp_new_excerpt_at(struct dmesg_parser *p, unsigned int end_line);
void dp_paste_begins(struct dmesg_parser *p, struct str line);
bool dp_repeated(struct dmesg_parser *p, const struct kmsg_line *kl);
void dp_lines_left_out(struct dmesg_parser *p, const struct kmsg_line *kl);
void dp_check_clock(struct dmesg_parser *p, const struct kmsg_line *kl);

#endif
