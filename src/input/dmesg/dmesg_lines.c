// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel log line shapes: the prefixes people's logs carry, and the
 * device callback and initcall lines of every kernel era. Pure functions
 * over one line, so each shape is unit-tested with real lines.
 */
#include <limits.h>

#include "dmesg.h"

/* Why a line is refused (input_refuse()): the numbers pmscope takes. */
#define REFUSED_STAMP "a time stamp beyond 100000000 s"
#define REFUSED_USECS "a length beyond 1000000000000 usecs"
#define REFUSED_RET "a return value beyond a C int"

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static size_t digits(struct str s)
{
	size_t i = 0;

	while (i < s.len && is_digit(s.p[i]))
		i++;
	return i;
}

/* /dev/kmsg record "6,1234,123456789,-;message" (time in usecs). */
static bool split_kmsg(struct str line, struct kmsg_line *out)
{
	uint64_t level, seq, us;
	size_t i = 0, n;
	long semi;

	n = str_u64(line, &level);
	if (!n || n + 1 >= line.len || line.p[n] != ',')
		return false;
	i = n + 1;
	n = str_u64(str_skip(line, i), &seq);
	if (!n || i + n + 1 >= line.len || line.p[i + n] != ',')
		return false;
	i += n + 1;
	n = str_u64(str_skip(line, i), &us);
	if (!n || i + n >= line.len || (line.p[i + n] != ',' && line.p[i + n] != ';'))
		return false;
	i += n;
	semi = str_find(str_skip(line, i), ";");
	if (semi < 0)
		return false;
	if (us > NS_MAX / 1000)
		out->refused = REFUSED_STAMP;
	else
		out->ts = (ns_t)us * 1000;
	out->msg = str_skip(line, i + (size_t)semi + 1);
	return true;
}

/*
 * The blanks printk pads a stamp with, from @i: spaces, or the
 * non-breaking spaces (U+00A0, bytes C2 A0) a mail client made of them.
 * Where they end.
 */
static size_t stamp_padding(struct str s, size_t i)
{
	for (;;) {
		if (i < s.len && s.p[i] == ' ')
			i++;
		else if (i + 1 < s.len && s.p[i] == '\xc2' && s.p[i + 1] == '\xa0')
			i += 2;
		else
			return i;
	}
}

/* "[  123.456789]" at @p; returns its length, 0 if not a time stamp.
 * One too large for pmscope is NS_NONE with @refused set. */
static size_t bracket_ts(struct str s, ns_t *ts, const char **refused)
{
	size_t i = 1, n, sec, frac;

	if (!s.len || s.p[0] != '[')
		return 0;
	i = stamp_padding(s, 1);
	/* a fraction is required: "[ 7] BadDLLP" is not a time stamp */
	sec = digits(str_skip(s, i));
	if (!sec || i + sec >= s.len || s.p[i + sec] != '.')
		return 0;
	frac = digits(str_skip(s, i + sec + 1));
	if (!frac)
		return 0;
	n = str_seconds_ns(str_skip(s, i), ts);
	if (n != sec + 1 + frac || *ts > NS_MAX) {
		*ts = NS_NONE;
		*refused = REFUSED_STAMP;
	}
	i += sec + 1 + frac;
	if (i >= s.len || s.p[i] != ']')
		return 0;
	return i + 1;
}

static struct str skip_blanks(struct str s)
{
	while (s.len && s.p[0] == ' ')
		s = str_skip(s, 1);
	return s;
}

/* A task id the kernel could have: "123" whole, or false. */
static bool task_id(struct str s, int *tid)
{
	uint64_t v;

	if (!s.len || str_u64(s, &v) != s.len || v >= 1u << 30)
		return false;
	*tid = (int)v;
	return true;
}

/* printk caller "T123" or "C1" (CONFIG_PRINTK_CALLER), some vendors add
 * the CPU: "T1@C0". */
static bool caller_bracket(struct str in, int *tid)
{
	long at;
	int id, cpu;

	in = skip_blanks(in);
	if (!in.len || (in.p[0] != 'T' && in.p[0] != 'C'))
		return false;
	at = str_find(in, "@C");
	if (at >= 0 && !task_id(str_skip(in, (size_t)at + 2), &cpu))
		return false;
	if (!task_id(str_make(in.p + 1, at >= 0 ? (size_t)at - 1 : in.len - 1), &id))
		return false;
	if (in.p[0] == 'T')
		*tid = id;
	return true;
}

/* "pid:1201,cpu3,kworker/u16:2" */
static bool task_bracket(struct str in, int *tid)
{
	long comma = str_find(in, ",");
	int pid, cpu;

	if (!str_starts(in, "pid:") || comma < 5 ||
	    !task_id(str_make(in.p + 4, (size_t)comma - 4), &pid))
		return false;
	in = str_skip(in, (size_t)comma + 1);
	comma = str_find(in, ",");
	if (!str_starts(in, "cpu") || comma < 4 ||
	    !task_id(str_make(in.p + 3, (size_t)comma - 3), &cpu))
		return false;
	*tid = pid;
	return true;
}

/* A wall-clock time: "2024:11:02 10:11:12", "2024-11-02 10:11:12.123456" */
static bool clock_bracket(struct str in)
{
	size_t i, digits = 0, colons = 0;

	if (!in.len || !is_digit(in.p[0]))
		return false;
	for (i = 0; i < in.len; i++) {
		if (is_digit(in.p[i]))
			digits++;
		else if (in.p[i] == ':')
			colons++;
		else if (!strchr("-/ .", in.p[i]))
			return false;
	}
	return digits >= 6 && colons >= 2;
}

/*
 * What kernels put between the time stamp and the message: printk's
 * caller id and vendors' brackets, any number of them in any order,
 * with or without spaces around them:
 *   "[ T123]" "[C1]" "[  T1@C0]" "[pid:1201,cpu3,kworker/u16:2]"
 *   "[2024:11:02 10:11:12]" (a wall-clock bracket some add every second)
 * Their length; @tid gets the task when one names it.
 */
static size_t prefix_brackets(struct str s, int *tid)
{
	size_t used = 0;

	for (;;) {
		struct str t = skip_blanks(str_skip(s, used)), in;
		const char *close;

		if (!t.len || t.p[0] != '[')
			return used;
		close = memchr(t.p, ']', t.len < 80 ? t.len : 80);
		if (!close)
			return used;
		in = str_make(t.p + 1, (size_t)(close - t.p - 1));
		if (!caller_bracket(in, tid) && !task_bracket(in, tid) && !clock_bracket(in))
			return used;
		used = (size_t)(close + 1 - s.p);
	}
}

/* journalctl -o short-monotonic: "[ 12.345678] host kernel: msg", and
 * without the host (--no-hostname) "[ 12.345678] kernel: msg". systemd's
 * own lines in the kernel's buffer ("host systemd[1]: systemd 252 running
 * in system mode") keep their "systemd[1]: ", as dmesg prints them. */
static struct str strip_journal(struct str msg)
{
	long sp;

	if (str_starts(msg, "kernel: "))
		return str_skip(msg, 8);
	sp = str_find(msg, " ");
	if (sp > 0 && str_starts(str_skip(msg, (size_t)sp), " kernel: "))
		return str_skip(msg, (size_t)sp + 9);
	if (sp > 0 && str_starts(str_skip(msg, (size_t)sp), " systemd[1]: "))
		return str_skip(msg, (size_t)sp + 1);
	return msg;
}

static bool all_digits(const char *p, size_t n)
{
	while (n--)
		if (!is_digit(*p++))
			return false;
	return true;
}

/* "12:34:56" at @s. */
static bool clock_time(struct str s)
{
	return s.len >= 8 && all_digits(s.p, 2) && s.p[2] == ':' && all_digits(s.p + 3, 2) &&
	       s.p[5] == ':' && all_digits(s.p + 6, 2);
}

/*
 * A journal's or syslog's date: "Jan 09 10:00:00 ", "Jan  9 10:00:00 ",
 * "jan 09", the month in the reader's locale ("Okt", "Mär", "janv.",
 * "1月"), seconds with a fraction ("10:00:00.123456", -o short-precise).
 * Its length with the blank after it, 0 if @line has none.
 */
static size_t journal_date(struct str line, int32_t *day_s)
{
	size_t i = 0, d;
	int32_t s;

	while (i < line.len && i < 16 && line.p[i] != ' ' && line.p[i] != ':' &&
	       line.p[i] != '[')
		i++;
	if (!i || i >= 16 || i + 1 >= line.len || line.p[i] != ' ' || all_digits(line.p, i))
		return 0;
	i++;
	if (line.p[i] == ' ')
		i++;
	d = digits(str_skip(line, i));
	if (d < 1 || d > 2 || i + d + 1 >= line.len || line.p[i + d] != ' ')
		return 0;
	i += d + 1;
	if (!clock_time(str_skip(line, i)))
		return 0;
	s = ((line.p[i] - '0') * 10 + line.p[i + 1] - '0') * 3600 +
	    ((line.p[i + 3] - '0') * 10 + line.p[i + 4] - '0') * 60 +
	    (line.p[i + 6] - '0') * 10 + line.p[i + 7] - '0';
	i += 8;
	if (i < line.len && line.p[i] == '.')
		i += 1 + digits(str_skip(line, i + 1));
	if (i >= line.len || line.p[i] != ' ')
		return 0;
	*day_s = s;
	return i + 1;
}

enum journal_line { JL_NONE, JL_KERNEL, JL_USER };

/*
 * Logs whose stamps are wall-clock times, not the kernel's: a journal's
 * default "Dec 02 10:00:00 host kernel: msg", or a tool's replay such as
 * amd_s2idle.py's "2024-09-20 20:39:41,992 DEBUG:\tmsg". The message is
 * good, the time is not (seconds, or the moment the tool copied it),
 * unless syslog kept the kernel's stamp in it ("Jan  9 10:00:00 host
 * kernel: [   12.345678] msg", /var/log/kern.log). A journal's line of
 * user space ("host NetworkManager[812]: <info> [1736095266.4165] ...")
 * is no kernel line: JL_USER.
 */
static enum journal_line split_timeless(struct str line, struct kmsg_line *out)
{
	const char *p = line.p;
	size_t at, n;
	long sp;

	if (line.len > 24 && all_digits(p, 4) && p[4] == '-' && p[7] == '-' && p[10] == ' ' &&
	    p[13] == ':' && p[16] == ':' && p[19] == ',') {
		struct str rest = str_skip(line, 23);
		long colon = str_find(rest, ":");

		if (rest.len && rest.p[0] == ' ' && colon > 1 && colon < 10) {
			out->msg = str_skip(rest, (size_t)colon + 1);
			while (out->msg.len && (out->msg.p[0] == '\t' || out->msg.p[0] == ' '))
				out->msg = str_skip(out->msg, 1);
			return JL_KERNEL;
		}
		return JL_NONE;
	}
	if (!(at = journal_date(line, &out->day_s)))
		return JL_NONE;
	sp = str_find(str_skip(line, at), " ");	/* after the host */
	if (sp <= 0 || sp > 64)
		return JL_NONE;
	at += (size_t)sp + 1;
	if (!str_starts(str_skip(line, at), "kernel: "))
		return JL_USER;
	out->msg = str_skip(line, at + 8);
	if ((n = bracket_ts(out->msg, &out->ts, &out->refused))) {
		out->msg = str_skip(out->msg, n);
		if (out->msg.len && out->msg.p[0] == ' ')
			out->msg = str_skip(out->msg, 1);
	}
	return JL_KERNEL;
}

bool dmesg_user_line(struct str line)
{
	struct kmsg_line kl;

	return split_timeless(line, &kl) == JL_USER;
}

void dmesg_line_init(struct kmsg_line *out, struct str msg)
{
	out->ts = NS_NONE;
	out->caller_tid = -1;
	out->day_s = -1;
	out->msg = msg;
	out->refused = NULL;
}

bool dmesg_split(struct str line, struct kmsg_line *out)
{
	size_t i, n, limit;

	dmesg_line_init(out, line);
	if (line.len && is_digit(line.p[0]) && split_kmsg(line, out))
		return true;
	switch (split_timeless(line, out)) {
	case JL_KERNEL:
		return true;
	case JL_USER:
		return false;
	case JL_NONE:
		break;
	}
	/* The stamp may follow noise: "<6>", "kern  :info  : ", "> ", a prompt. */
	limit = line.len < 160 ? line.len : 160;
	for (i = 0; i < limit; i++) {
		if (line.p[i] != '[')
			continue;
		n = bracket_ts(str_skip(line, i), &out->ts, &out->refused);
		if (!n)
			continue;
		i += prefix_brackets(str_skip(line, i + n), &out->caller_tid) + n;
		out->msg = str_skip(line, i);
		if (out->msg.len && out->msg.p[0] == ' ')
			out->msg = str_skip(out->msg, 1);
		if (line.p[0] == '[')
			out->msg = strip_journal(out->msg);
		return true;
	}
	return false;
}

/*
 * How far "[%5lu.%06lu]" at @s is from printk's stamp: the characters
 * out of place (a digit where a blank or another byte is, the dot
 * missing), 99 when it is no stamp at all. @len is the bracket's.
 */
static int stamp_damage(struct str s, size_t *len)
{
	const char *close = memchr(s.p, ']', s.len < 24 ? s.len : 24);
	size_t n, i, digits = 0;
	int bad = 0;

	if (!s.len || s.p[0] != '[' || !close)
		return 99;
	n = (size_t)(close - s.p) - 1;	/* inside the brackets */
	if (n < 12 || n > 20)
		return 99;
	for (i = 1; i <= n; i++) {
		char c = s.p[i];
		bool frac = i > n - 6, dot = i == n - 6, pad = !frac && !dot && !digits;

		if (is_digit(c))
			digits++;
		else if (dot ? c != '.' : !(pad && c == ' '))
			bad++;
	}
	*len = n + 2;
	return digits >= 6 ? bad : 99;
}

/* A mail's indent of a pasted log, in spaces: at most this many. */
#define INDENT_MAX 16

/* The words that begin the PM core's and the freezer's own lines. */
static bool pm_words(struct str m)
{
	static const char *const starts[] = {
		"PM: ", "ACPI: PM: ", "ACPI: Preparing to enter system sleep state",
		"ACPI: Waking up from system sleep state", "ACPI: Low-level resume complete",
		"Freezing ", "Restarting tasks", "OOM killer ", "Filesystems sync: ",
		"Linux version ", "printk: Suspending console",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(starts); i++)
		if (str_starts(m, starts[i]))
			return true;
	return false;
}

static bool kernel_words(struct str m)
{
	struct dmesg_verdict v;
	struct dmesg_cb cb;

	/* An Oops's last lines: "---[ end trace c72caf6487666442 ]---",
	 * make_task_dead()'s "note: kworker/u16:23[1468] exited with
	 * preempt_count 1" */
	return pm_words(m) || dmesg_cb_line(m, &cb) != DS_NONE || dmesg_verdict_line(m, &v) ||
	       dmesg_alarm(m) != VK_NONE || str_starts(m, "---[ end ") ||
	       (str_starts(m, "note: ") && str_find(m, "] exited with ") > 0);
}

/* A shell's prompt, "user@host:path# " or "...$ ", where a console put
 * the kernel's line after it ("root@target:~# PM: suspend exit"): its
 * length, 0 when @s begins with none. */
static size_t shell_prompt(struct str s)
{
	size_t i = 0, host;

	while (i < s.len && i < 64 && (is_digit(s.p[i]) || s.p[i] == '_' || s.p[i] == '-' ||
				       s.p[i] == '.' || ((s.p[i] | 0x20) >= 'a' && (s.p[i] | 0x20) <= 'z')))
		i++;
	if (!i || i >= s.len || s.p[i] != '@')
		return 0;
	host = ++i;
	while (i < s.len && i < 192 && s.p[i] != ' ' && s.p[i] != '#' && s.p[i] != '$')
		i++;
	if (i == host || i + 1 >= s.len || (s.p[i] != '#' && s.p[i] != '$') || s.p[i + 1] != ' ')
		return 0;
	return i + 2;
}

struct str dmesg_unindent(struct str m)
{
	size_t n = 0;

	while (n < m.len && n < INDENT_MAX && m.p[n] == ' ')
		n++;
	if (n < m.len && m.p[n] == '+' && n && n + 1 < m.len && m.p[n + 1] != ' ')
		return str_skip(m, n + 1);
	return n >= 2 ? str_skip(m, n) : m;
}

bool dmesg_split_bare(struct str line, struct kmsg_line *out)
{
	size_t n;

	dmesg_line_init(out, str_trim_end(line));
	/* " ata1: PM: calling ..." (a bus without a driver name) as the
	 * kernel prints it; a line indented further is a mail's, read only
	 * in a paste of one (dmesg_paste.c) */
	if (out->msg.len < 2 || out->msg.p[0] == '\t' || out->msg.p[0] == '>' ||
	    (out->msg.p[0] == ' ' && (out->msg.p[1] == ' ' || out->msg.p[1] == '\t')))
		return false;
	if (kernel_words(out->msg))
		return true;
	if (!(n = shell_prompt(out->msg)))
		return false;
	out->msg = str_skip(out->msg, n);
	return kernel_words(out->msg);
}

bool dmesg_split_damaged(struct str line, struct kmsg_line *out)
{
	size_t n;
	int bad = stamp_damage(line, &n);

	if (bad < 1 || bad > 2)
		return false;
	dmesg_line_init(out, STR_NULL);
	n += prefix_brackets(str_skip(line, n), &out->caller_tid);
	out->msg = str_skip(line, n);
	if (out->msg.len && out->msg.p[0] == ' ')
		out->msg = str_skip(out->msg, 1);
	return true;
}

size_t dmesg_glued_at(const struct kmsg_line *kl)
{
	struct str m = kl->msg;
	const char *at = m.p, *end = m.p + m.len;
	const char *refused = NULL;
	size_t n;
	ns_t ts;

	if (kl->ts == NS_NONE)
		return m.len;
	while ((at = memchr(at, '[', (size_t)(end - at)))) {
		struct str s = str_make(at, (size_t)(end - at));

		/* printk's own shape whole, a later time, and the message after */
		if (!stamp_damage(s, &n) && bracket_ts(s, &ts, &refused) == n &&
		    ts != NS_NONE && ts >= kl->ts &&
		    n < s.len && (s.p[n] == ' ' || s.p[n] == '['))
			return (size_t)(at - m.p);
		at++;
	}
	return m.len;
}

/* "fn+0x0/0x20 [mod]" -> fn and module. */
static void split_fn(struct str s, struct str *fn, struct str *module)
{
	/* No C symbol has a '+': cut there, even where a serial line
	 * garbled the offset ("fn+_x0/0x10"). */
	long plus = str_find(s, "+"), br = str_find(s, " [");

	*module = STR_NULL;
	if (br >= 0 && s.len && s.p[s.len - 1] == ']')
		*module = str_make(s.p + br + 2, s.len - (size_t)br - 3);
	if (plus >= 0)
		s.len = (size_t)plus;
	else if (br >= 0)
		s.len = (size_t)br;
	*fn = str_trim(s);
}

/* "@ 123, parent: P" -> pid and parent. */
static bool parse_at(struct str s, struct dmesg_cb *out)
{
	int64_t pid;
	size_t n;
	long par;

	if (!str_starts(s, "@ "))
		return false;
	n = str_i64(str_skip(s, 2), &pid);
	if (!n || pid < 0 || pid > 1 << 30)
		return false;
	out->pid = (int)pid;
	par = str_find(s, ", parent: ");
	if (par >= 0)
		out->parent = str_trim(str_skip(s, (size_t)par + 10));
	return true;
}

/* "R after N usecs" */
static bool parse_returned(struct str s, struct dmesg_cb *out)
{
	int64_t ret, us;
	size_t n;

	n = str_i64(s, &ret);
	if (!n || !str_starts(str_skip(s, n), " after "))
		return false;
	s = str_skip(s, n + 7);
	n = str_i64(s, &us);
	if (!n || us < 0 || !str_starts(str_skip(s, n), " usecs"))
		return false;
	if (ret < INT_MIN || ret > INT_MAX || us > US_MAX) {
		out->refused = us > US_MAX ? REFUSED_USECS : REFUSED_RET;
		return false;
	}
	out->has_ret = true;
	out->ret = (int)ret;
	out->usecs = us;
	return true;
}

static enum dmesg_shape v1_or_initcall_start(struct str s, struct dmesg_cb *out)
{
	long at = str_find(s, " @ ");
	struct str name;

	if (at < 0)
		return DS_NONE;
	name = str_trim(str_make(s.p, (size_t)at));
	if (!name.len || !parse_at(str_skip(s, (size_t)at + 1), out))
		return DS_NONE;
	if (out->parent.p || name.p[name.len - 1] == '+') {
		if (name.p[name.len - 1] == '+')
			name.len--;
		out->device = name;
		return out->shape = DS_CB_START;
	}
	split_fn(name, &out->fn, &out->module);
	out->device = out->fn;
	return out->shape = DS_INITCALL_START;
}

static enum dmesg_shape named_end(struct str s, enum dmesg_shape shape, struct dmesg_cb *out)
{
	long r = str_find(s, " returned ");
	struct str name;

	if (r <= 0 || !parse_returned(str_skip(s, (size_t)r + 10), out))
		return DS_NONE;
	name = str_make(s.p, (size_t)r);
	if (shape == DS_CB_END) {
		if (name.p[name.len - 1] == '+')
			name.len--;
		out->device = name;
	} else {
		split_fn(name, &out->fn, &out->module);
		out->device = shape == DS_PROBE_END ? name : out->fn;
	}
	return out->shape = shape;
}

/* "DRV DEV: [PM: ]calling fn @ pid, parent: P" and its return line. */
static enum dmesg_shape dev_line(struct str msg, struct dmesg_cb *out)
{
	long colon = str_find(msg, ": "), at, r;
	struct str rest;

	if (colon <= 0)
		return DS_NONE;
	rest = str_skip(msg, (size_t)colon + 2);
	if (str_starts(rest, "PM: ")) {
		rest = str_skip(rest, 4);
		out->pm_prefix = true;
	}
	if (str_starts(rest, "calling  ")) {
		/* PCI fixups: "calling  quirk+0x0/0x20 @ 1", then "took N usecs" */
		rest = str_skip(rest, 9);
		at = str_find(rest, " @ ");
		if (at <= 0 || !parse_at(str_skip(rest, (size_t)at + 1), out))
			return DS_NONE;
		split_fn(str_make(rest.p, (size_t)at), &out->fn, &out->module);
		out->shape = DS_QUIRK_START;
	} else if ((r = str_find(rest, " took ")) > 0 && str_find(rest, " usecs") > r) {
		int64_t us;

		if (!str_i64(str_skip(rest, (size_t)r + 6), &us) || us < 0)
			return DS_NONE;
		if (us > US_MAX) {
			out->refused = REFUSED_USECS;
			return DS_NONE;
		}
		out->usecs = us;
		split_fn(str_make(rest.p, (size_t)r), &out->fn, &out->module);
		out->shape = DS_QUIRK_END;
	} else if (str_starts(rest, "calling ")) {
		rest = str_skip(rest, 8);
		at = str_find(rest, " @ ");
		if (at <= 0 || !parse_at(str_skip(rest, (size_t)at + 1), out))
			return DS_NONE;
		split_fn(str_make(rest.p, (size_t)at), &out->fn, &out->module);
		out->shape = DS_CB_START;
	} else {
		if (str_starts(rest, "probe of "))
			return named_end(str_skip(rest, 9), DS_PROBE_END, out);
		r = str_find(rest, " returned ");
		if (r <= 0 || !parse_returned(str_skip(rest, (size_t)r + 10), out))
			return DS_NONE;
		split_fn(str_make(rest.p, (size_t)r), &out->fn, &out->module);
		out->shape = DS_CB_END;
	}
	driver_device(str_make(msg.p, (size_t)colon), &out->driver, &out->device);
	if (!out->device.len)
		return out->shape = DS_NONE;
	return out->shape;
}

/* Bytes of noise a serial console may leave after a return line's
 * "usecs" (a 0xff, a replacement character): they must not cost the
 * line, whose callback would then never have returned. */
#define USECS_NOISE 8

static bool ends_usecs(struct str s)
{
	size_t from;

	s = str_trim(s);
	from = s.len > 6 + USECS_NOISE ? s.len - 6 - USECS_NOISE : 0;
	return s.len > 6 && memmem(s.p + from, s.len - from, " usecs", 6) != NULL;
}

enum dmesg_shape dmesg_cb_line(struct str msg, struct dmesg_cb *out)
{
	zero_struct(out, sizeof(*out));
	out->pid = -1;
	out->usecs = US_NONE;
	if (str_starts(msg, "calling  "))
		return v1_or_initcall_start(str_skip(msg, 9), out);
	if (str_starts(msg, "call "))
		return named_end(str_skip(msg, 5), DS_CB_END, out);
	if (str_starts(msg, "initcall "))
		return named_end(str_skip(msg, 9), DS_INITCALL_END, out);
	if (str_starts(msg, "probe of "))
		return named_end(str_skip(msg, 9), DS_PROBE_END, out);
	/* The cheap tests first: an end ends in "usecs", a start says
	 * "calling" right after the device's prefix. */
	if (!ends_usecs(msg) && str_find(msg, ": calling ") < 0 &&
	    str_find(msg, ": PM: calling ") < 0)
		return DS_NONE;
	return dev_line(msg, out);
}
