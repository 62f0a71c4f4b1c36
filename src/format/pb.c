// SPDX-License-Identifier: GPL-2.0
/*
 * Protocol buffers, the wire format only (see pb.h): a field is a varint
 * key (field number << 3 | wire type) and its value.
 */
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "util.h"

enum { WT_VARINT = 0, WT_I64 = 1, WT_LEN = 2 };

void pb_init(struct pb *pb, FILE *f)
{
	memset(pb, 0, sizeof(*pb));
	pb->f = f;
}

static void reserve(struct pb *pb, size_t n)
{
	if (pb->len + n <= pb->cap)
		return;
	pb->cap = pb->cap ? pb->cap : 4096;
	while (pb->cap < pb->len + n)
		pb->cap *= 2;
	pb->buf = xrealloc(pb->buf, pb->cap);
}

size_t pb_varint_len(uint64_t v)
{
	size_t n = 1;

	while (v >= 0x80) {
		v >>= 7;
		n++;
	}
	return n;
}

static size_t put_varint(unsigned char *p, uint64_t v)
{
	size_t n = 0;

	while (v >= 0x80) {
		p[n++] = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	p[n++] = (unsigned char)v;
	return n;
}

static void varint(struct pb *pb, uint64_t v)
{
	reserve(pb, 10);
	pb->len += put_varint(pb->buf + pb->len, v);
}

static void key(struct pb *pb, uint32_t field, unsigned wire_type)
{
	varint(pb, (uint64_t)field << 3 | wire_type);
}

/* Top-level messages go to the file as soon as they are complete. */
static void flush(struct pb *pb)
{
	if (pb->depth || !pb->len)
		return;
	if (fwrite(pb->buf, 1, pb->len, pb->f) != pb->len)
		pb->failed = true;
	pb->len = 0;
}

void pb_uint(struct pb *pb, uint32_t field, uint64_t v)
{
	key(pb, field, WT_VARINT);
	varint(pb, v);
	flush(pb);
}

/* int32 and int64 are the two's complement as a 64-bit varint. */
void pb_int(struct pb *pb, uint32_t field, int64_t v)
{
	pb_uint(pb, field, (uint64_t)v);
}

void pb_fixed64(struct pb *pb, uint32_t field, uint64_t v)
{
	int i;

	key(pb, field, WT_I64);
	reserve(pb, 8);
	for (i = 0; i < 8; i++)
		pb->buf[pb->len++] = (unsigned char)(v >> (8 * i));	/* little endian */
	flush(pb);
}

void pb_double(struct pb *pb, uint32_t field, double v)
{
	uint64_t bits;

	memcpy(&bits, &v, sizeof(bits));
	pb_fixed64(pb, field, bits);
}

/* Bytes of @s once each invalid byte is the 3-byte U+FFFD. */
static size_t text_len(const unsigned char *s)
{
	size_t n = 0, k;
	uint32_t cp;

	for (; *s; s += k ? k : 1)
		n += (k = utf8_seq(s, &cp)) ? k : 3;
	return n;
}

void pb_string(struct pb *pb, uint32_t field, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t n, k;
	uint32_t cp;

	if (!s)
		return;
	n = text_len(s);
	key(pb, field, WT_LEN);
	varint(pb, n);
	reserve(pb, n);
	for (; *s; s += k ? k : 1) {
		k = utf8_seq(s, &cp);
		if (k)
			memcpy(pb->buf + pb->len, s, k);
		else
			memcpy(pb->buf + pb->len, "\xef\xbf\xbd", 3);
		pb->len += k ? k : 3;
	}
	flush(pb);
}

void pb_begin(struct pb *pb, uint32_t field)
{
	key(pb, field, WT_LEN);
	if (pb->depth < PB_DEPTH)
		pb->open[pb->depth] = pb->len;
	else
		pb->failed = true;	/* a writer bug: the output is cut */
	pb->depth++;
}

/* The body written since pb_begin() moves up to make room for its length. */
void pb_end(struct pb *pb)
{
	size_t start, body, n;

	if (!pb->depth || pb->depth > PB_DEPTH) {
		pb->failed = true;
		pb->depth -= pb->depth > 0;
		return;
	}
	start = pb->open[--pb->depth];
	body = pb->len - start;
	n = pb_varint_len(body);
	reserve(pb, n);
	memmove(pb->buf + start + n, pb->buf + start, body);
	put_varint(pb->buf + start, body);
	pb->len += n;
	flush(pb);
}

int pb_finish(struct pb *pb)
{
	if (pb->depth) {	/* a message left open: not written */
		pb->failed = true;
		pb->depth = 0;
		pb->len = 0;
	}
	flush(pb);
	free(pb->buf);
	pb->buf = NULL;
	return pb->failed ? -1 : 0;
}
