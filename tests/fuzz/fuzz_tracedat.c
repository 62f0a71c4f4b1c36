// SPDX-License-Identifier: GPL-2.0
/*
 * trace-cmd's trace.dat through tracedat_read(): libtracecmd and
 * libtraceevent decode it in a child process (they crash on crafted
 * files); pmscope must come back with events or an error, never crash,
 * hang or run out of memory itself.
 */
#include "fuzz.h"
#include "input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd = -1;
	struct input_stats st = { 0 };
	struct pm_run *run = run_new();
	struct builder *b = builder_new(run, "fuzz.dat");
	char path[64], err[1024];

	if (fuzz_file(&fd, data, size, path, sizeof(path)) < 0)
		abort();
	tracedat_read(path, b, &st, READ_MAX_UNPACKED, err, sizeof(err));
	builder_finish(b);
	run_free(run);
	return 0;
}
