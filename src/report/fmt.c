// SPDX-License-Identifier: GPL-2.0
/* Column helpers shared by the terminal reports. */
#include <stdio.h>

#include "analysis.h"
#include "report.h"

const char *text_ms(char *buf, size_t n, int width, ns_t ns)
{
	if (ns == NS_NONE)
		snprintf(buf, n, "%*s", width, "-");
	else
		snprintf(buf, n, "%*.3f", width, ns / 1e6);
	return buf;
}

const char *text_fit(char *buf, size_t width, const char *s)
{
	size_t n = s ? strlen(s) : 0;
	const char *tail;

	if (!n)
		return "-";
	if (n <= width || width < 2)
		return s;
	/* The end differs between devices ("0000:00:1f.3"), so keep it, and
	 * start on a character, not inside a UTF-8 sequence. */
	tail = s + n - (width - 1);
	while (*tail && ((unsigned char)*tail & 0xc0) == 0x80)
		tail++;
	snprintf(buf, width + 1, "~%s", tail);
	return buf;
}

const char *const gap_words[CPG_COUNT] = {
	[CPG_NONE] = "",
	[CPG_PHASE_START] = "phase start, nothing to wait for seen",
	[CPG_PHASE_END] = "last callback to the phase end",
	[CPG_THREAD] = "between callbacks",
	[CPG_UNEXPLAINED] = "no callback or wait explains it",
	[CPG_KERNEL_USER] = "the kernel until /init, then user space",
	[CPG_INITRD] = "user space: the initrd, before systemd",
	[CPG_INITRD_SYSTEMD] = "user space: the initrd, then systemd",
	[CPG_SYSTEMD_STARTING] = "user space: systemd starting",
	[CPG_SYSTEMD_STARTING_UP] = "user space: systemd starting, then up",
	[CPG_SYSTEMD] = "user space: systemd on the root",
};
