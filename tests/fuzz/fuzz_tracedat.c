// SPDX-License-Identifier: GPL-2.0
/*
 * trace-cmd's trace.dat through its format's reader: libtracecmd and
 * libtraceevent decode it in a child process (they crash on crafted
 * files); pmscope must come back with events or an error, never crash,
 * hang or run out of memory itself.
 */
#include "fuzz.h"
#include "input/formats.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd = -1;
	static const struct read_opts ro = READ_OPTS_DEFAULT;
	struct input_stats st = { 0 };
	struct pm_run *run = run_new();
	char path[64], err[1024];
	struct input_ctx in = { .run = run, .path = path, .ro = &ro,
				.b = builder_new(run, "fuzz.dat"), .st = &st, .err = err,
				.errlen = sizeof(err) };

	if (fuzz_file(&fd, data, size, path, sizeof(path)) < 0)
		abort();
	tracedat_format.read(&in);
	builder_finish(in.b);
	run_free(run);
	return 0;
}
