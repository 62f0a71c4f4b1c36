// SPDX-License-Identifier: GPL-2.0
/*
 * The bounds of what one input may take (input.h, struct read_opts) as
 * options of every command that reads logs (analyze, stats, compare,
 * whatif): one parser and one help text for all of them.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "cmd.h"

/* "2G", "512M", "64k", "1000000": bytes (K, M, G, T: powers of 1024). */
static int parse_size(const char *s, uint64_t *out)
{
	unsigned long long v;
	unsigned int shift = 0;
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	switch (*end) {
	case 'k': case 'K': shift = 10; break;
	case 'm': case 'M': shift = 20; break;
	case 'g': case 'G': shift = 30; break;
	case 't': case 'T': shift = 40; break;
	}
	end += shift ? 1 : 0;
	if (errno || *end || !v || v > (UINT64_MAX >> shift))
		return -1;
	*out = (uint64_t)v << shift;
	return 0;
}

int read_option(struct read_opts *ro, int opt, const char *arg)
{
	long v;

	switch (opt) {
	case OPT_MAX_CYCLES:
	case OPT_MAX_CALLBACKS:
		if (arg_count(arg, 1, LONG_MAX, &v) < 0) {
			fprintf(stderr, "pmscope: --max-%s takes a count of 1 or more, not '%s'\n",
				opt == OPT_MAX_CYCLES ? "cycles" : "callbacks", arg);
			return -1;
		}
		*(opt == OPT_MAX_CYCLES ? &ro->max_cycles : &ro->max_callbacks) = (size_t)v;
		return 1;
	case OPT_MAX_UNPACKED:
		if (parse_size(arg, &ro->max_unpacked) < 0) {
			fprintf(stderr, "pmscope: --max-unpacked takes a size in bytes (K, M, G, "
				"T: powers of 1024), not '%s'\n", arg);
			return -1;
		}
		return 1;
	}
	return 0;
}

/* An option's name at six spaces, its text from column @col on, on the
 * next line when the name is too long; as each command's help has it. */
static void usage_entry(FILE *f, int col, const char *name, const char *text)
{
	int n = fprintf(f, "      %s", name);
	const char *nl;

	if (n + 2 > col) {
		fputc('\n', f);
		n = 0;
	}
	for (; (nl = strchr(text, '\n')); text = nl + 1, n = 0)
		fprintf(f, "%*s%.*s\n", col - n, "", (int)(nl - text), text);
}

void read_options_usage(FILE *f, int col)
{
	char text[256];

	snprintf(text, sizeof(text), "read at most N cycles of each input (default %d)\n",
		 READ_MAX_CYCLES);
	usage_entry(f, col, "--max-cycles N", text);
	snprintf(text, sizeof(text), "and at most N callbacks (default %d)\n",
		 READ_MAX_CALLBACKS);
	usage_entry(f, col, "--max-callbacks N", text);
	snprintf(text, sizeof(text), "unpack a compressed input to at most SIZE bytes\n"
		 "(K, M, G; default %lluG); past a bound, the rest of\n"
		 "that input is not read (exit status 2)\n",
		 (unsigned long long)(READ_MAX_UNPACKED >> 30));
	usage_entry(f, col, "--max-unpacked SIZE", text);
}
