// SPDX-License-Identifier: GPL-2.0
/*
 * make bench's large trace.dat: a real version 6 file (little endian) with
 * its ring-buffer pages repeated until the file holds WANT bytes, each
 * copy STEP ns later. A page's events carry time deltas from the page's
 * own stamp (its first 8 bytes), so shifting that stamp shifts all of
 * them; the headers, formats and symbols are the file's own.
 *   datgen IN.dat WANT_BYTES STEP_NS > OUT.dat
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct in {
	unsigned char *d;
	size_t len, p;
	int bad;
};

static uint64_t u(struct in *x, size_t n)
{
	uint64_t v = 0;
	size_t i;

	if (x->p + n > x->len) {
		x->bad = 1;
		return 0;
	}
	for (i = 0; i < n; i++)
		v |= (uint64_t)x->d[x->p + i] << (8 * i);
	x->p += n;
	return v;
}

static void skip(struct in *x, uint64_t n)
{
	if (n > x->len - x->p)
		x->bad = 1;
	else
		x->p += n;
}

static void cstr(struct in *x)
{
	unsigned char *e = memchr(x->d + x->p, 0, x->len - x->p);

	if (!e)
		x->bad = 1;
	else
		x->p = (size_t)(e - x->d) + 1;
}

static void formats(struct in *x)
{
	uint64_t n = u(x, 4);

	while (n-- && !x->bad)
		skip(x, u(x, 8));
}

/* Past the headers to the CPU table after "flyrecord"; the page size. */
static uint32_t headers(struct in *x)
{
	uint32_t page, nsys;

	if (x->len < 10 || memcmp(x->d, "\x17\x08\x44tracing", 10))
		return 0;
	x->p = 10;
	cstr(x);		/* "6" */
	skip(x, 2);		/* endianness, long size */
	page = (uint32_t)u(x, 4);
	cstr(x);		/* header_page */
	skip(x, u(x, 8));
	cstr(x);		/* header_event */
	skip(x, u(x, 8));
	formats(x);		/* ftrace */
	for (nsys = (uint32_t)u(x, 4); nsys-- && !x->bad;) {
		cstr(x);
		formats(x);
	}
	skip(x, u(x, 4));	/* kallsyms */
	skip(x, u(x, 4));	/* printk formats */
	skip(x, u(x, 8));	/* saved cmdlines */
	return x->bad ? 0 : page;
}

static int options(struct in *x)
{
	if (x->p + 10 > x->len || memcmp(x->d + x->p, "options  ", 10))
		return -1;
	x->p += 10;
	while (!x->bad && u(x, 2))
		skip(x, u(x, 4));
	if (x->p + 10 > x->len || memcmp(x->d + x->p, "flyrecord", 10))
		return -1;
	x->p += 10;
	return x->bad ? -1 : 0;
}

static void put64(uint64_t v)
{
	unsigned char b[8];
	int i;

	for (i = 0; i < 8; i++)
		b[i] = (unsigned char)(v >> (8 * i));
	fwrite(b, 1, 8, stdout);
}

static unsigned char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *d = NULL;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0) {
		d = malloc((size_t)n);
		if (d && fread(d, 1, (size_t)n, f) != (size_t)n) {
			free(d);
			d = NULL;
		}
		*len = (size_t)n;
	}
	fclose(f);
	return d;
}

int main(int argc, char **argv)
{
	struct in x = { 0 };
	uint64_t want, step, total = 0, copies, off, k, i;
	uint64_t cpu_off[64], cpu_size[64];
	uint32_t page, ncpu, c;
	size_t table;

	if (argc != 4) {
		fprintf(stderr, "usage: datgen IN.dat WANT_BYTES STEP_NS > OUT.dat\n");
		return 2;
	}
	want = strtoull(argv[2], NULL, 10);
	step = strtoull(argv[3], NULL, 10);
	x.d = slurp(argv[1], &x.len);
	page = x.d ? headers(&x) : 0;
	ncpu = page ? (uint32_t)u(&x, 4) : 0;
	if (!page || x.bad || !ncpu || ncpu > 64 || options(&x) < 0) {
		fprintf(stderr, "datgen: %s: not a version 6 trace.dat with a flyrecord\n", argv[1]);
		return 1;
	}
	table = x.p;
	for (c = 0; c < ncpu; c++) {
		cpu_off[c] = u(&x, 8);
		cpu_size[c] = u(&x, 8);
		if (x.bad || cpu_off[c] > x.len || cpu_size[c] > x.len - cpu_off[c] ||
		    cpu_size[c] % page) {
			fprintf(stderr, "datgen: %s: CPU %u's data is out of the file\n", argv[1], c);
			return 1;
		}
		total += cpu_size[c];
	}
	copies = total ? (want + total - 1) / total : 1;
	fwrite(x.d, 1, table, stdout);
	off = (table + 16 * ncpu + page - 1) / page * page;
	for (c = 0; c < ncpu; c++) {
		put64(off);
		put64(cpu_size[c] * copies);
		off += cpu_size[c] * copies;
	}
	for (i = table + 16 * ncpu; i % page; i++)
		putchar(0);
	for (c = 0; c < ncpu; c++)
		for (k = 0; k < copies; k++)
			for (i = 0; i < cpu_size[c]; i += page) {
				unsigned char *pg = x.d + cpu_off[c] + i;
				uint64_t ts = 0;
				int b;

				for (b = 0; b < 8; b++)
					ts |= (uint64_t)pg[b] << (8 * b);
				put64(ts + k * step);
				fwrite(pg + 8, 1, page - 8, stdout);
			}
	free(x.d);
	return fflush(stdout) ? 1 : 0;
}
