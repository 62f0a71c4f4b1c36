// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel log lines: each line of the input through dmesg_split() (time
 * stamp, caller, vendor prefixes) and its message through dmesg_cb_line()
 * (PM callback, initcall, probe and quirk shapes of every era). Pure
 * functions: tens of thousands of inputs a second.
 */
#include "fuzz.h"
#include "input/dmesg/dmesg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct str rest = str_make((const char *)data, size), line;
	struct kmsg_line kl;
	struct dmesg_cb cb;

	while (fuzz_line(&rest, &line)) {
		if (!dmesg_split(line, &kl))
			continue;
		dmesg_cb_line(kl.msg, &cb);
	}
	return 0;
}
