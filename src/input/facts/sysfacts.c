// SPDX-License-Identifier: GPL-2.0
/*
 * System facts of a run folder: the device tree (sys/devices.txt) and the
 * device links (sys/devlinks.txt), turned into EV_DEVICE / EV_DEV_LINK
 * events. They tell the analysis who waits for whom even for devices
 * that have no PM callback and so never show in a log.
 *
 * devices.txt: "<path below /sys/devices> async=enabled|disabled|- runtime=.. wakeup=.."
 * The device is the last path component; its parent is the nearest
 * listed ancestor (directories such as "input/" or "hidraw/" are not
 * devices). Class devices named like their own parent (".../12:0:0:0/
 * scsi_disk/12:0:0:0") and names used by unrelated devices ("ep_81" under
 * every USB interface) cannot be told apart by name, which is all the
 * logs give: they are left out and counted.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "input.h"

struct sf_dev {
	char *path;		/* owned */
	const char *name;	/* into path */
	int parent;		/* index of the nearest listed ancestor, -1 */
	int async;		/* 1, 0, -1 */
	bool alias;		/* same name as its parent: a class device */
	bool ambiguous;		/* its name is used by an unrelated device */
};

struct sf_tree {
	struct sf_dev *v;
	size_t n, cap;
};

static int cmp_path(const void *a, const void *b)
{
	return strcmp(((const struct sf_dev *)a)->path, ((const struct sf_dev *)b)->path);
}

static int find_path(const struct sf_tree *t, const char *path, size_t len)
{
	size_t lo = 0, hi = t->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int r = strncmp(t->v[mid].path, path, len);

		if (!r && t->v[mid].path[len])
			r = 1;
		if (!r)
			return (int)mid;
		if (r < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/* "... async=enabled runtime=..." -> 1, 0 or -1; the path ends before it. */
static bool parse_devline(struct str line, struct str *path, int *async)
{
	struct str rest;
	long at = -1, i;

	for (i = 0; (size_t)i + 7 <= line.len; i++)
		if (!memcmp(line.p + i, " async=", 7))
			at = i;	/* the last one: a path may hold spaces */
	if (at <= 0)
		return false;
	*path = str_trim(str_make(line.p, (size_t)at));
	rest = str_make(line.p + at + 7, line.len - (size_t)at - 7);
	*async = str_starts(rest, "enabled") ? 1 : str_starts(rest, "disabled") ? 0 : -1;
	while (path->len && path->p[path->len - 1] == '/')
		path->len--;
	return path->len > 0;
}

static int read_tree(struct line_reader *r, struct sf_tree *t, struct pm_run *run,
		     const char *file)
{
	unsigned int bad = 0, first_bad = 0;
	struct str line, path;
	int rc, async;

	while ((rc = reader_next(r, &line)) > 0) {
		struct sf_dev *d;

		if (!line.len)
			continue;
		if (reader_line_too_long(r) || !parse_devline(line, &path, &async)) {
			if (!bad++)
				first_bad = reader_lineno(r);
			continue;
		}
		VEC_RESERVE(t->v, t->n, t->cap);
		d = &t->v[t->n++];
		memset(d, 0, sizeof(*d));
		d->path = xasprintf("%.*s", (int)path.len, path.p);
		d->async = async;
	}
	if (bad)
		run_warn(run, FC_LINES_SKIPPED, 0, file, first_bad,
			 "%u line%s not in the \"<path> async=...\" form skipped", bad,
			 bad == 1 ? "" : "s");
	return rc;
}

static void link_parents(struct sf_tree *t)
{
	size_t i;

	qsort(t->v, t->n, sizeof(*t->v), cmp_path);
	for (i = 0; i < t->n; i++) {
		struct sf_dev *d = &t->v[i];
		const char *slash = strrchr(d->path, '/');
		size_t len = slash ? (size_t)(slash - d->path) : 0;

		d->name = slash ? slash + 1 : d->path;
		d->parent = -1;
		while (len && d->parent < 0) {
			d->parent = find_path(t, d->path, len);
			while (d->parent < 0 && len && d->path[--len] != '/')
				;
		}
		if (d->parent >= 0 && !strcmp(t->v[d->parent].name, d->name))
			d->alias = true;
	}
}

static int cmp_name(const void *a, const void *b, void *arg)
{
	const struct sf_dev *v = arg;
	int x = *(const int *)a, y = *(const int *)b;
	int r = strcmp(v[x].name, v[y].name);

	return r ? r : x - y;
}

/* Two listed devices with one name and different parents: unusable. */
static size_t mark_ambiguous(struct sf_tree *t)
{
	int *ord = xmalloc((t->n ? t->n : 1) * sizeof(*ord));
	size_t i, j, n = 0, bad = 0;

	for (i = 0; i < t->n; i++)
		if (!t->v[i].alias)
			ord[n++] = (int)i;
	qsort_r(ord, n, sizeof(*ord), cmp_name, t->v);
	for (i = 0; i < n; i = j) {
		bool same = true;

		for (j = i + 1; j < n && !strcmp(t->v[ord[j]].name, t->v[ord[i]].name); j++) {
			const struct sf_dev *a = &t->v[ord[i]], *b = &t->v[ord[j]];

			if (a->async != b->async || (a->parent < 0) != (b->parent < 0) ||
			    (a->parent >= 0 && strcmp(t->v[a->parent].name, t->v[b->parent].name)))
				same = false;
		}
		if (same)
			continue;
		for (; i < j; i++)
			t->v[ord[i]].ambiguous = true;
		bad++;
	}
	free(ord);
	return bad;
}

/*
 * An ambiguous name is still usable when a log already said the device's
 * parent and exactly one of the listed devices has that parent.
 */
static bool log_picks(struct pm_run *run, const struct sf_tree *t, size_t i)
{
	const struct sf_dev *d = &t->v[i];
	const char *name = strpool_cstr(&run->pool, d->name);
	int id = run_device_find(run, name);
	const char *logged;
	size_t j, n = 0;

	if (id < 0 || !(logged = run->devs[id].parent) || run->devs[id].in_devtree)
		return false;
	if (d->parent < 0 || strcmp(t->v[d->parent].name, logged))
		return false;
	for (j = 0; j < t->n; j++)
		if (!t->v[j].alias && !strcmp(t->v[j].name, d->name) && t->v[j].parent >= 0 &&
		    !strcmp(t->v[t->v[j].parent].name, logged))
			n++;
	return n == 1;
}

static size_t emit_tree(struct builder *b, struct pm_run *run, const struct sf_tree *t,
			size_t *amb)
{
	size_t i, n = 0;

	for (i = 0; i < t->n; i++) {
		const struct sf_dev *d = &t->v[i];
		struct pm_event ev;

		if (d->alias || (d->ambiguous && !log_picks(run, t, i)))
			continue;
		if (d->ambiguous)
			(*amb)--;
		event_init(&ev, EV_DEVICE, NS_NONE, 0);
		ev.device = str_c(d->name);
		ev.parent = d->parent >= 0 ? str_c(t->v[d->parent].name) : str_c("");
		ev.dev_async = d->async;
		builder_event(b, &ev);
		n++;
	}
	return n;
}

static void fact(struct builder *b, const char *key, const char *buf)
{
	struct pm_event ev;

	event_init(&ev, EV_FACT, NS_NONE, 0);
	ev.key = str_c(key);
	ev.text = str_c(buf);
	builder_event(b, &ev);
}

int sysfacts_devices(struct pm_run *run, const char *path, char *err, size_t errlen)
{
	struct sf_tree t = { 0 };
	struct line_reader *r;
	struct builder *b;
	size_t i, used, amb;
	char buf[96];
	int rc = -1;

	r = reader_open(path, err, errlen);
	if (!r)
		return -1;
	b = builder_new(run, path);
	if (read_tree(r, &t, run, path) < 0) {
		snprintf(err, errlen, "%s", reader_error(r));
		goto out;
	}
	if (!t.n) {
		snprintf(err, errlen, "%s: no \"<path> async=...\" lines", path);
		goto out;
	}
	link_parents(&t);
	amb = mark_ambiguous(&t);
	used = emit_tree(b, run, &t, &amb);
	snprintf(buf, sizeof(buf), "%zu devices, %zu ambiguous names left out", used, amb);
	fact(b, "device_tree", buf);
	rc = 0;
out:
	for (i = 0; i < t.n; i++)
		free(t.v[i].path);
	free(t.v);
	builder_finish(b);
	reader_close(r);
	return rc;
}

/* "<supplier> <consumer> <status...>" */
int sysfacts_devlinks(struct pm_run *run, const char *path, char *err, size_t errlen)
{
	struct line_reader *r = reader_open(path, err, errlen);
	unsigned int bad = 0, first_bad = 0;
	size_t n = 0;
	struct builder *b;
	struct str line;
	int rc;

	if (!r)
		return -1;
	b = builder_new(run, path);
	while ((rc = reader_next(r, &line)) > 0) {
		struct str s = str_trim(line), sup, con;
		struct pm_event ev;
		long sp;

		if (!s.len)
			continue;
		sp = str_find(s, " ");
		if (sp <= 0 || reader_line_too_long(r))
			goto bad;
		sup = str_make(s.p, (size_t)sp);
		s = str_trim(str_make(s.p + sp, s.len - (size_t)sp));
		sp = str_find(s, " ");
		con = sp < 0 ? s : str_make(s.p, (size_t)sp);
		if (!con.len)
			goto bad;
		event_init(&ev, EV_DEV_LINK, NS_NONE, reader_lineno(r));
		ev.supplier = sup;
		ev.device = con;
		ev.text = sp < 0 ? STR_NULL : str_trim(str_make(s.p + sp, s.len - (size_t)sp));
		builder_event(b, &ev);
		n++;
		continue;
bad:
		if (!bad++)
			first_bad = reader_lineno(r);
	}
	if (rc < 0)
		snprintf(err, errlen, "%s", reader_error(r));
	if (bad)
		run_warn(run, FC_LINES_SKIPPED, 0, path, first_bad,
			 "%u line%s not in the \"<supplier> <consumer> <status>\" form skipped",
			 bad, bad == 1 ? "" : "s");
	if (rc >= 0) {
		char buf[32];

		snprintf(buf, sizeof(buf), "%zu", n);
		fact(b, "device_links", buf);
	}
	builder_finish(b);
	reader_close(r);
	return rc < 0 ? -1 : 0;
}
