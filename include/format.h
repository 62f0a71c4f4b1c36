/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Writers of formats, under every renderer (src/format/): the JSON
 * writer, the XML escaper and the protocol buffers wire format. They know
 * bytes and strings, not runs.
 */
#ifndef PMSCOPE_FORMAT_H
#define PMSCOPE_FORMAT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "model.h"

/*
 * The one JSON writer (format/jw.c): streamed straight to @f, so memory
 * does not grow with the document, with one escaper for every string.
 * Strings are cleaned for any place they land: invalid UTF-8 becomes
 * U+FFFD, and <, >, &, U+2028 and U+2029 are \u escapes, so the same
 * text is safe inside an HTML script element. NULL strings and NS_NONE
 * times are null.
 */
#define JW_MAX_DEPTH 32
#define JW_BUF_BYTES (16 * 1024)
struct jw {
	FILE *f;
	int depth;
	bool more[JW_MAX_DEPTH];	/* a member was written at this depth */
	bool after_key;
	/* The bytes not yet given to @f: a report's keys and numbers are a
	 * few bytes each, and a stdio call apiece was half of writing one.
	 * They go to @f when the buffer fills and when the document's top
	 * level closes: write to @f yourself only outside a document. */
	size_t n;
	char buf[JW_BUF_BYTES];
};

void jw_init(struct jw *w, FILE *f);
void jw_obj(struct jw *w);
void jw_obj_end(struct jw *w);
void jw_arr(struct jw *w);
void jw_arr_end(struct jw *w);
void jw_key(struct jw *w, const char *key);
void jw_str(struct jw *w, const char *s);
void jw_int(struct jw *w, int64_t v);
void jw_ns(struct jw *w, ns_t v);
void jw_bool(struct jw *w, bool v);
void jw_null(struct jw *w);
void jw_double(struct jw *w, double v);
/* Kernel microseconds as milliseconds with exactly three decimals. */
void jw_ms_us(struct jw *w, int64_t us);
/* A JSON string of @s as above, outside any document. */
void jw_put_str(FILE *f, const char *s);

/* A member of the open object: the key, then the value. */
static inline void jw_kstr(struct jw *w, const char *k, const char *s)
{
	jw_key(w, k);
	jw_str(w, s);
}

static inline void jw_kint(struct jw *w, const char *k, int64_t v)
{
	jw_key(w, k);
	jw_int(w, v);
}

static inline void jw_kns(struct jw *w, const char *k, ns_t v)
{
	jw_key(w, k);
	jw_ns(w, v);
}

static inline void jw_kbool(struct jw *w, const char *k, bool v)
{
	jw_key(w, k);
	jw_bool(w, v);
}

static inline void jw_kobj(struct jw *w, const char *k)
{
	jw_key(w, k);
	jw_obj(w);
}

static inline void jw_karr(struct jw *w, const char *k)
{
	jw_key(w, k);
	jw_arr(w);
}

/*
 * Text for a terminal (format/term.c): a log can say anything, and a
 * device name holding ESC sequences set the terminal's title and cleared
 * its screen. A stream that writes what it is given to @to with control
 * characters shown, not sent: C0 ones but '\n' and '\t', and DEL, as
 * "\x1b", C1 ones as "\u009b", invalid UTF-8 as U+FFFD. Every text meant
 * for a terminal goes through one: the summaries of analyze, stats,
 * compare and whatif (on stdout or --text) and standard error. fclose()
 * it (which does not close @to) before using @to again.
 */
FILE *term_open(FILE *to);
/* Standard error through the filter from now on, unbuffered as it was
 * (main(): what pmscope says there quotes logs and file names). */
void term_stderr(void);

/*
 * Text from logs into XML (format/xml.c). Invalid UTF-8 becomes U+FFFD,
 * control characters XML cannot hold become U+FFFD too.
 */
void xml_put(FILE *f, const char *s);
/* Characters (code points) in @s, for label widths. */
size_t text_chars(const char *s);

/*
 * A small protocol buffers writer (format/pb.c): varints, fixed64,
 * doubles, strings and nested messages, enough for the Perfetto export.
 *
 * A nested message's length comes before its body, so open messages are
 * written into one buffer and each gets its length when it is closed (the
 * body moves up by the length's size). When the outermost message is
 * closed the buffer goes to the file: memory holds one top-level message
 * (one TracePacket), never the whole output.
 */
#define PB_DEPTH 8	/* messages open at once */

struct pb {
	FILE *f;
	unsigned char *buf;
	size_t len, cap;
	size_t open[PB_DEPTH];	/* where each open message's body starts */
	int depth;
	bool failed;		/* a write failed or messages were misnested */
};

void pb_init(struct pb *pb, FILE *f);
/* Frees the buffer; 0 when everything was written, else -1. */
int pb_finish(struct pb *pb);

/* Scalar fields: uint32/64, int32/64 (negatives in ten bytes), bool, enum. */
void pb_uint(struct pb *pb, uint32_t field, uint64_t v);
void pb_int(struct pb *pb, uint32_t field, int64_t v);
void pb_fixed64(struct pb *pb, uint32_t field, uint64_t v);
void pb_double(struct pb *pb, uint32_t field, double v);
/* A string field; invalid UTF-8 becomes U+FFFD. NULL writes nothing. */
void pb_string(struct pb *pb, uint32_t field, const char *s);
/* A nested message field: pb_begin(), its fields, pb_end(). */
void pb_begin(struct pb *pb, uint32_t field);
void pb_end(struct pb *pb);

/* Bytes a varint of @v takes (1 to 10). */
size_t pb_varint_len(uint64_t v);

#endif
