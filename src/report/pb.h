/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small protocol buffers writer (report/pb.c): varints, fixed64,
 * doubles, strings and nested messages, enough for the Perfetto export.
 *
 * A nested message's length comes before its body, so open messages are
 * written into one buffer and each gets its length when it is closed (the
 * body moves up by the length's size). When the outermost message is
 * closed the buffer goes to the file: memory holds one top-level message
 * (one TracePacket), never the whole output.
 */
#ifndef PMSCOPE_PB_H
#define PMSCOPE_PB_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

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
