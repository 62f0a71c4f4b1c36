// SPDX-License-Identifier: GPL-2.0
/*
 * The system facts of a run folder (RUN-DIR/sys/):
 *   facts.txt     "key: value" lines: kernel, command line, DMI ids, an
 *                 opaque machine id, the wall clock and BOOTTIME, the files
 *                 of /sys/power (read after the capture, before restoring);
 *                 written with the rest by capture/save.c
 *   devices.txt   every device under /sys/devices with a power/ directory:
 *                 "<path> async=enabled|disabled|- runtime=... wakeup=..."
 *   devlinks.txt  "<supplier> <consumer> <status>" from /sys/class/devlink
 * The formats are those src/input/facts/sysfacts.c reads.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "capture.h"
#include "util.h"

/* One line of a small kernel file, "-" when there is none. */
static char *read_word(const struct capture_env *env, const char *path)
{
	char *s = capture_read(env, path);
	size_t n;

	if (!s)
		return xstrdup("-");
	n = strcspn(s, "\n");
	s[n] = '\0';
	if (!n) {
		free(s);
		return xstrdup("-");
	}
	return s;
}

static void fact_file(FILE *f, const struct capture_env *env, const char *key,
		      const char *path)
{
	char *v;

	if (!capture_exists(env, path))
		return;
	v = read_word(env, path);
	fprintf(f, "%s: %s\n", key, v);
	free(v);
}

/*
 * The machine's /etc/machine-id, made opaque as systemd asks of anyone
 * that shows it (sd_id128_get_machine_app_specific()): a 128-bit hash of
 * it under pmscope's name. The same machine has the same id in every run
 * folder, and the id says nothing else.
 */
static void machine_id(FILE *f, const struct capture_env *env)
{
	char *id = capture_read(env, "/etc/machine-id"), *s;
	XXH128_hash_t h;
	size_t n;

	if (!id)
		return;
	n = strcspn(id, "\n");
	if (n) {
		s = xasprintf("pmscope machine id:%.*s", (int)n, id);
		h = XXH3_128bits(s, strlen(s));
		fprintf(f, "machine_id: %016llx%016llx\n", (unsigned long long)h.high64,
			(unsigned long long)h.low64);
		free(s);
	}
	free(id);
}

static unsigned long long clock_now(clockid_t id)
{
	struct timespec ts;

	if (clock_gettime(id, &ts) < 0)
		return 0;
	return (unsigned long long)ts.tv_sec * 1000000000ULL + (unsigned long long)ts.tv_nsec;
}

/*
 * The wall clock now, and BOOTTIME beside it: BOOTTIME goes on while the
 * machine sleeps, as the wall clock does, so with the BOOTTIME and
 * MONOTONIC that sys/sleep-stats.txt took before each cycle they place
 * each cycle's start on the wall clock (input/facts/residency.c).
 */
static void clocks(FILE *f)
{
	unsigned long long boot = clock_now(CLOCK_BOOTTIME), real = clock_now(CLOCK_REALTIME);

	boot += (clock_now(CLOCK_BOOTTIME) - boot) / 2;
	fprintf(f, "capture.realtime_ns: %llu\ncapture.boottime_ns: %llu\n", real, boot);
}

char *facts_text(const struct capture_env *env)
{
	static const char *const dmi[] = {
		"sys_vendor", "product_name", "product_version", "board_vendor",
		"board_name", "bios_vendor", "bios_version", "bios_date",
	};
	static const char *const power[] = {
		"state", "mem_sleep", "disk", "pm_async", "pm_test", "pm_print_times",
		"pm_debug_messages", "pm_trace", "wakeup_count", "image_size",
	};
	char key[64], path[128], *buf = NULL;
	size_t i, len = 0;
	struct utsname u;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return xstrdup("");
	if (uname(&u) == 0)
		fprintf(f, "uname: %s %s %s %s %s\n", u.sysname, u.nodename, u.release,
			u.version, u.machine);
	fact_file(f, env, "cmdline", "/proc/cmdline");
	machine_id(f, env);
	clocks(f);
	for (i = 0; i < ARRAY_SIZE(dmi); i++) {
		snprintf(key, sizeof(key), "dmi.%s", dmi[i]);
		snprintf(path, sizeof(path), "/sys/class/dmi/id/%s", dmi[i]);
		fact_file(f, env, key, path);
	}
	for (i = 0; i < ARRAY_SIZE(power); i++) {
		snprintf(key, sizeof(key), "power.%s", power[i]);
		snprintf(path, sizeof(path), "/sys/power/%s", power[i]);
		fact_file(f, env, key, path);
	}
	fclose(f);
	return buf;
}

/* A directory is a device when it has a power/ directory. */
static void dev_line(FILE *out, const char *path, const char *rel)
{
	struct capture_env raw = { .root = "" };
	char *power = xasprintf("%s/power", path), *a, *r, *k, *async, *rt, *wk;
	struct stat ps;

	if (stat(power, &ps) == 0 && S_ISDIR(ps.st_mode)) {
		a = xasprintf("%s/async", power);
		r = xasprintf("%s/runtime_status", power);
		k = xasprintf("%s/wakeup", power);
		async = read_word(&raw, a);
		rt = read_word(&raw, r);
		wk = read_word(&raw, k);
		fprintf(out, "%s async=%s runtime=%s wakeup=%s\n", rel, async, rt, wk);
		free(async);
		free(rt);
		free(wk);
		free(a);
		free(r);
		free(k);
	}
	free(power);
}

/* Depth first through real directories only: sysfs is full of symlinks. */
static void walk_devices(FILE *out, const char *path, size_t skip, unsigned int depth)
{
	struct dirent *de;
	DIR *d;

	if (depth > 64 || !(d = opendir(path)))
		return;
	while ((de = readdir(d))) {
		struct stat sb;
		char *sub;

		if (de->d_name[0] == '.' || !strcmp(de->d_name, "power"))
			continue;
		if (de->d_type != DT_DIR && de->d_type != DT_UNKNOWN)
			continue;
		sub = xasprintf("%s/%s", path, de->d_name);
		if (lstat(sub, &sb) == 0 && S_ISDIR(sb.st_mode)) {
			dev_line(out, sub, sub + skip);
			walk_devices(out, sub, skip, depth + 1);
		}
		free(sub);
	}
	closedir(d);
}

int devices_write(FILE *f, const struct capture_env *env, char *err, size_t errlen)
{
	char *top = capture_path(env, "/sys/devices");
	struct stat sb;
	int rc = -1;

	if (stat(top, &sb) < 0) {
		snprintf(err, errlen, "%s: %s", top, strerror(errno));
		goto out;
	}
	walk_devices(f, top, strlen(top) + 1, 0);
	rc = 0;
out:
	free(top);
	return rc;
}

static char *link_name(const char *dir, const char *which)
{
	char *p = xasprintf("%s/%s", dir, which), buf[4096], *slash;
	ssize_t n = readlink(p, buf, sizeof(buf) - 1);

	free(p);
	if (n <= 0)
		return NULL;
	buf[n] = '\0';
	slash = strrchr(buf, '/');
	return xstrdup(slash ? slash + 1 : buf);
}

/* A system without device links has no /sys/class/devlink: an empty file. */
int devlinks_write(FILE *f, const struct capture_env *env, char *err, size_t errlen)
{
	char *top = capture_path(env, "/sys/class/devlink");
	struct dirent *de;
	DIR *d = opendir(top);

	(void)err;
	(void)errlen;
	if (!d)
		goto out;
	while ((de = readdir(d))) {
		char *dir, *sup, *con, *st, *stp;
		struct capture_env raw = { .root = "" };

		if (de->d_name[0] == '.')
			continue;
		dir = xasprintf("%s/%s", top, de->d_name);
		sup = link_name(dir, "supplier");
		con = link_name(dir, "consumer");
		stp = xasprintf("%s/status", dir);
		st = read_word(&raw, stp);
		if (sup && con)
			fprintf(f, "%s %s %s\n", sup, con, st);
		free(sup);
		free(con);
		free(st);
		free(stp);
		free(dir);
	}
	closedir(d);
out:
	free(top);
	return 0;
}
