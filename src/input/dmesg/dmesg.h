/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel log reader's own (src/input/dmesg/): a line split into its
 * prefix and its message, the callback and initcall line shapes of every
 * era, the lines no rule took, and the kernel's verdicts.
 */
#ifndef PMSCOPE_INPUT_DMESG_H
#define PMSCOPE_INPUT_DMESG_H

#include "../formats.h"

/* One kernel log line split into its prefix and its message. */
struct kmsg_line {
	ns_t ts;		/* NS_NONE when the line had no time stamp */
	int caller_tid;		/* printk caller "[ T123]", -1 none */
	struct str msg;		/* the text the kernel printed */
	const char *refused;	/* a stamp out of range: why the line is not used */
	int32_t day_s;		/* a syslog's or journal's wall clock, where the
				 * line has only that: seconds into its day; -1 */
};

/* @out as a line of @msg with nothing known of it: no stamp, caller or
 * clock (each reader below starts from it). */
void dmesg_line_init(struct kmsg_line *out, struct str msg);
bool dmesg_split(struct str line, struct kmsg_line *out);
/*
 * A line whose stamp a serial console garbled ("[    0.76 944] initcall
 * pm_init+0x0/0x78 returned 0 after 0 usecs"): printk's "[%5lu.%06lu]"
 * with one or two characters out of place. True with @out's message and
 * no time.
 */
bool dmesg_split_damaged(struct str line, struct kmsg_line *out);
/*
 * A line of a log without prefixes (dmesg -t, a paste of bare messages)
 * that pmscope reads anyway: a callback's or an initcall's line, the PM
 * core's and the freezer's words, a verdict, an alarm. True with @out's
 * message and no time.
 */
bool dmesg_split_bare(struct str line, struct kmsg_line *out);
/* A journal's or syslog's line of user space ("Feb 10 08:11:03 abreu
 * sudo[188932]: ..."), no kernel line. */
bool dmesg_user_line(struct str line);
/* @line without a mail's indent of a pasted log and a diff's '+' before
 * an added line ("        +pca953x 4-0020: ..."); one space is the
 * kernel's own (" ata1: PM: calling ...", a bus without a driver name). */
struct str dmesg_unindent(struct str line);

struct dmesg_verdict;

/*
 * A mail's paste of a log without stamps (input/dmesg/dmesg_paste.c):
 * the lines between "```" fences, or a run of indented lines that holds
 * two kernel lines or more. dmesg_paste_see() looks at every line @raw
 * as read (it may read ahead, moving @raw): true for a fence, no log
 * line. dmesg_paste_line(): @line (without its indent) is one of a
 * paste's, taken as the kernel's whatever its words (not a shell's
 * command, not a diff's removed line). @start: the paste's first line is
 * next. dmesg_paste_failed() keeps a device's failure of the piece read
 * since dmesg_paste_forget(); dmesg_paste_again(): the paste beginning
 * at @line says one of them again (a device fails once a phase a cycle):
 * it is another cycle's.
 */
#define PASTE_FAILS 16
struct mail_paste {
	bool fenced;		/* between "```" fences */
	bool indented;		/* in an indented run with kernel lines */
	bool diff;		/* ... shown as a diff ('+' lines) */
	bool start;
	bool in_indent;		/* the line before was indented */
	unsigned int removed_said;	/* a diff's removed lines passed over */
	unsigned int clean_from, clean_to;	/* lines read ahead with no
						 * kernel line in them */
	uint32_t fails[PASTE_FAILS];	/* device and phase, hashed */
	unsigned int nfails;
};
bool dmesg_paste_see(struct mail_paste *mp, struct line_reader *r, struct str *raw,
		     bool prefixed);
bool dmesg_paste_line(struct mail_paste *mp, struct str line, struct kmsg_line *kl);
/* @line (as dmesg_paste_text() gave it) is a diff's removed line: the
 * other log's. */
bool dmesg_paste_removed(const struct mail_paste *mp, struct str line);
/* @line as the paste shows the kernel's: without its indent, a diff's
 * mark of a shared or added line. */
struct str dmesg_paste_text(const struct mail_paste *mp, struct str line);
void dmesg_paste_failed(struct mail_paste *mp, const struct dmesg_verdict *v);
void dmesg_paste_forget(struct mail_paste *mp);
bool dmesg_paste_again(const struct mail_paste *mp, struct line_reader *r, struct str line);
/*
 * Where in @kl's message the next record starts when garbled bytes glued
 * it on ("... parent\FA\00[ 7915.551114][T29333] exynos-uart ..."): a
 * stamp in printk's own width, not before @kl's, then the message or
 * the caller's bracket. The message's length when none does.
 */
size_t dmesg_glued_at(const struct kmsg_line *kl);

/*
 * A mail client's non-breaking spaces (U+00A0, "=C2=A0" in a
 * quoted-printable body) in @line, each made the space the kernel
 * printed, into @out (@line.len bytes at most); its length
 * (input/dmesg/dmesg_mail.c).
 */
size_t dmesg_unnbsp(struct str line, char *out);
/*
 * A log hard-wrapped by mail (at 72-80 columns): a line is joined to
 * the one before when the joined line says what neither did alone.
 * dmesg_says_all(): @msg is a line read whole (a callback's or an
 * initcall's line, a start with its parent, a verdict, a phase's end
 * with its figure). dmesg_join(): @line, a blank, and @more without its
 * mail quote ("> ", as deep as @line's) into @out (@cap bytes): the
 * length, 0 when they do not join. dmesg_quote_depth(): the '>'s
 * @line begins with, *@len the bytes of the quote.
 */
bool dmesg_says_all(struct str msg);
size_t dmesg_join(struct str line, struct str more, char *out, size_t cap);
size_t dmesg_quote_depth(struct str line, size_t *len);
/*
 * dmesg_unwrap(): @line (@raw as @r gave it) joined with the next one or
 * two lines, mail's own lines (no kernel line of any shape; until a
 * line with a prefix, a stamp or the journal's, was read (@prefixed),
 * any line may be a piece), when the joined line says all (the pieces
 * taken from @r, *@taken of them); @line as it is otherwise. dmesg_may_continue(): the cheap look first, whether the next
 * line begins otherwise than @raw (a log's lines begin alike) or both are
 * quoted.
 */
struct mail_wrap {
	char *buf;	/* the joined line, LINE_MAX_BYTES, once needed */
	bool said;	/* the note at the first join */
};
struct str dmesg_unwrap(struct mail_wrap *w, struct line_reader *r, struct str *raw,
			struct str line, bool prefixed, unsigned int *taken);
bool dmesg_may_continue(const struct line_reader *r, struct str raw);

/*
 * A boot console's hand-over that prints the log again from its start
 * on the same wire (input/dmesg/dmesg_console.c): console_replayed() is
 * true for each line of that replay, from the line after the hand-over
 * that goes back (in time, or to "Linux version") to the hand-over's own
 * line again; @from and @to its lines once it ended.
 */
struct console_handover {
	unsigned int line;	/* the last hand-over line, 0 none near */
	ns_t ts;
	char msg[96];
	size_t len;
	bool replay;
	unsigned int from, to, replays;
};
bool console_replayed(struct console_handover *h, const struct kmsg_line *kl, unsigned int line);

/* The device/initcall line shapes of every era (input/dmesg/dmesg_lines.c). */
enum dmesg_shape {
	DS_NONE,
	DS_CB_START,		/* "calling" a PM callback, any era */
	DS_CB_END,		/* its "returned ... after N usecs" */
	DS_INITCALL_START,	/* boot "calling  fn+0x0/0x5b @ 1" */
	DS_INITCALL_END,	/* "initcall fn returned 0 after 37 usecs" */
	DS_PROBE_END,		/* "probe of X returned 0 after N usecs" */
	DS_QUIRK_START,		/* "pci 0000:00:00.0: calling  quirk_x+0x0/0x20 @ 1" */
	DS_QUIRK_END,		/* "pci 0000:00:00.0: quirk_x+0x0/0x20 took 0 usecs" */
};

struct dmesg_cb {
	enum dmesg_shape shape;
	struct str device, driver, parent, fn, module;
	int pid;
	bool has_ret;
	int ret;
	int64_t usecs;
	bool pm_prefix;		/* "DRV DEV: PM: ..." (kernels since ~5.1x) */
	const char *refused;	/* DS_NONE: the shape, with a number out of range */
};

enum dmesg_shape dmesg_cb_line(struct str msg, struct dmesg_cb *out);

/*
 * A line the parser took for no PM rule, to the builder as EV_MESSAGE
 * (input/dmesg/dmesg_message.c). dmesg_msg_prefix() (dmesg_prefix.c)
 * splits dev_printk's "DRIVER DEVICE: " (and netdev's "DRIVER DEVICE
 * IFNAME: ") off @msg; false, and @text the whole line, when it has none.
 * dmesg_message()'s @alarm is the line's (dmesg_alarm()), @first that it
 * is a paste's first line (a mail's fence above it).
 */
bool dmesg_msg_prefix(struct str msg, struct str *driver, struct str *device,
		      struct str *text);
void dmesg_message(struct builder *b, const struct kmsg_line *kl, unsigned int line,
		   enum verdict_kind alarm, bool first);

/*
 * A line where the kernel said something went wrong
 * (input/dmesg/dmesg_verdicts.c): a device that failed a PM step, a
 * callback's error as the PM core reports it, a phase of devices that
 * failed. @phase is the phase as the model names it ("suspend_noirq").
 */
struct dmesg_verdict {
	enum verdict_kind kind;	/* VK_DEV_FAILED, VK_CB_RETURNS, VK_PHASE_FAILED */
	struct str device, driver, fn, text;
	char phase[32];
	int err;
};
bool dmesg_verdict_line(struct str msg, struct dmesg_verdict *v);
/* The kind of kernel alarm @text starts (an Oops, a stall, a WARN()),
 * VK_NONE when it is none. */
enum verdict_kind dmesg_alarm(struct str text);
/* A task sched_show_task() shows, as the freezer's failure names it:
 * "task:btrfs state:D stack:0 pid:15156 ..." (5.x on) or "rfkill  D  0
 * 2586  2550 0x80080006" (before): "btrfs (pid 15156)" into @out. */
bool dmesg_task_line(struct str m, char *out, size_t n);
/* A backtrace's frame as x86 and others print it, indented ("
 * schedule+0x2a/0x80", " ? ksys_write+0x52/0xd0", " fn+0x1c/0xa0 [mod]"). */
bool dmesg_stack_frame(struct str text);
/* A backtrace's frame of __warn() ("(__warn) from [<c0138e08>]" on arm,
 * "__warn+0xcb/0xf0" elsewhere): where printk dropped a WARN()'s first
 * line, the one sign of it left. */
bool dmesg_warn_frame(struct str text);

/*
 * A boot milestone's line (input/dmesg/dmesg_milestones.c): its kind and
 * the device it names ("nvme0", "sda", "eno1"; none for the root). The
 * parser asks only while a boot may be open.
 */
struct dmesg_milestone {
	enum milestone_kind kind;
	struct str device;
	bool boot_console;	/* MS_CONSOLE: a boot console handed over */
};
bool dmesg_milestone_line(struct str msg, struct dmesg_milestone *out);
/* Its name, "nvme0 queues", "root mounted", into @buf. */
void dmesg_milestone_name(const struct dmesg_milestone *m, char *buf, size_t len);

/*
 * Milestones read while no boot cycle is open: a log that begins inside
 * a boot shows it is one only later (the root mounted, init run), and
 * initcall_debug's boot begins at its first calling line, after the
 * consoles. The boot that begins takes them (ms_pending_flush()); a
 * suspend's, or the end of the log, drops them.
 */
#define MS_PENDING_MAX 32
#define MS_DEVICE_MAX 64
#define MS_NAME_MAX 96

struct ms_pending {
	struct ms_seen {
		ns_t ts;
		unsigned int line;
		uint8_t kind;		/* enum milestone_kind */
		char name[MS_NAME_MAX];
		char device[MS_DEVICE_MAX + 1];
	} v[MS_PENDING_MAX];
	size_t n;
};

void ms_pending_add(struct ms_pending *q, ns_t ts, unsigned int line, enum milestone_kind kind,
		    const char *name, struct str device);
/* Into the boot cycle just opened, as EV_MILESTONE (@extent: a boot no
 * initcall times, whose extent they are); the count flushed. */
size_t ms_pending_flush(struct ms_pending *q, struct builder *b, bool extent);

#endif
