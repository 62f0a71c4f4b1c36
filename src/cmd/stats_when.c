// SPDX-License-Identifier: GPL-2.0
/*
 * stats --since DATE and --last N: the runs of the inputs chosen by their
 * time on the wall clock, as a store of pmscope watch keeps them (one run
 * folder per sleep). A run folder's time is the one its sys/facts.txt
 * gives: watch.before_realtime_ns (the wall clock before the sleep, of
 * pmscope watch), else capture.realtime_ns (when record saved it). A log
 * on its own, or a folder without them, has none: it is passed over, and
 * said. The runs chosen are read oldest first.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cmd.h"
#include "input.h"

struct dated {
	char *path;
	int64_t ns;
};

/* "KEY: N" of @key on @line, -1 when it is not that line */
static int64_t fact_ns(const char *line, const char *key)
{
	size_t klen = strlen(key);
	long long v;

	if (!strncmp(line, key, klen) && line[klen] == ':' &&
	    sscanf(line + klen + 1, "%lld", &v) == 1 && v > 0)
		return v;
	return -1;
}

/* A run folder's time on the wall clock, -1 when it has none. */
static int64_t run_time(const struct input_src *src)
{
	int64_t ns, watch = -1, capture = -1;
	char *path, *line = NULL;
	size_t cap = 0;
	FILE *f;

	if (!src->sysdir)
		return -1;
	path = xasprintf("%s/facts.txt", src->sysdir);
	f = fopen(path, "re");
	free(path);
	if (!f)
		return -1;
	while (getline(&line, &cap, f) > 0) {
		if ((ns = fact_ns(line, "watch.before_realtime_ns")) > 0)
			watch = ns;
		else if ((ns = fact_ns(line, "capture.realtime_ns")) > 0)
			capture = ns;
	}
	free(line);
	fclose(f);
	return watch > 0 ? watch : capture;
}

static int by_time(const void *a, const void *b)
{
	const struct dated *x = a, *y = b;

	if (x->ns != y->ns)
		return x->ns < y->ns ? -1 : 1;
	return strcmp(x->path, y->path);
}

size_t stats_when_pick(char *const *inputs, size_t ninputs, const struct stats_when *w,
		       char ***out)
{
	struct dated *v = NULL;
	size_t n = 0, cap = 0, undated = 0, i, k, first;
	struct input_found f;
	char **paths;

	for (i = 0; i < ninputs; i++) {
		input_find(inputs[i], &f);
		for (k = 0; k < f.nruns; k++) {
			int64_t ns = run_time(&f.runs[k]);

			if (ns < 0) {
				undated++;
				continue;
			}
			if (w->since_set && ns < w->since_ns)
				continue;
			VEC_RESERVE(v, n, cap);
			v[n++] = (struct dated){ xstrdup(f.runs[k].name), ns };
		}
		input_found_free(&f);
	}
	if (undated)
		fprintf(stderr, "pmscope: %zu run%s without a time on the wall clock (a run "
			"folder's sys/facts.txt gives it) passed over for %s\n", undated,
			undated == 1 ? "" : "s", w->since_set ? "--since" : "--last");
	if (n)
		qsort(v, n, sizeof(*v), by_time);
	first = w->last && n > w->last ? n - w->last : 0;
	paths = xmalloc((n - first + 1) * sizeof(*paths));
	for (i = 0; i < n; i++) {
		if (i >= first)
			paths[i - first] = v[i].path;
		else
			free(v[i].path);
	}
	paths[n - first] = NULL;
	free(v);
	*out = paths;
	return n - first;
}

void stats_when_free(char **paths)
{
	size_t i;

	for (i = 0; paths && paths[i]; i++)
		free(paths[i]);
	free(paths);
}

/* "-7d", "-12h", "-30m": that long before now, in seconds; -1 not one */
static long long ago_s(const char *s)
{
	char *end;
	long long v;

	if (*s != '-' || s[1] < '0' || s[1] > '9')
		return -1;
	errno = 0;
	v = strtoll(s + 1, &end, 10);
	if (errno || end[0] == '\0' || end[1] != '\0' || v > 100000 * 24LL)
		return -1;
	switch (*end) {
	case 'd': return v * 86400;
	case 'h': return v * 3600;
	case 'm': return v * 60;
	default: return -1;
	}
}

int stats_when_date(const char *s, int64_t *ns)
{
	static const char *const forms[] = { "%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M:%S",
					     "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M", "%Y-%m-%d" };
	long long ago = ago_s(s);
	struct tm tm;
	const char *end;
	time_t t;
	size_t i;

	if (ago >= 0) {
		*ns = ((int64_t)time(NULL) - ago) * 1000000000LL;
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(forms); i++) {
		memset(&tm, 0, sizeof(tm));
		end = strptime(s, forms[i], &tm);
		if (!end || *end)
			continue;
		tm.tm_isdst = -1;	/* the local time of that day, as date(1) reads it */
		t = mktime(&tm);
		if (t == (time_t)-1)
			return -1;
		*ns = (int64_t)t * 1000000000LL;
		return 0;
	}
	return -1;
}
