#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The libFuzzer harnesses' inputs through the same harness code with a
# plain main (tests/fuzz/replay.c), in this build (plain or sanitized):
# every kept reproducer (tests/fuzz/repro/TARGET/) and every seed. A fault
# found once stays found: the sanitized run fails on it.
. "$(dirname "$0")/../tap.sh"

top=$(cd "$(dirname "$0")/../.." && pwd)
B=$(dirname "$PMSCOPE")
for t in dmesg ftrace fgraph sysfacts tracedat analyze report; do
	bin="$B/fuzz/replay_$t"
	for d in corpus repro hangs; do
		dir="$top/tests/fuzz/$d/$t"
		[ -d "$dir" ] || continue
		cnt=$(ls "$dir" | wc -l)
		out=$("$bin" "$dir" 2>"$TMPDIR_TEST/err"; echo "exit $?")
		grep -q -E '==[0-9]+==ERROR|runtime error:' "$TMPDIR_TEST/err" &&
			grep -E -A12 '==[0-9]+==ERROR|runtime error:' "$TMPDIR_TEST/err" | sed 's/^/# /'
		is "fuzz $t: the $cnt inputs of tests/fuzz/$d/$t run to the end" \
			"$(echo $out)" "$cnt inputs exit 0"
		ok "fuzz $t: tests/fuzz/$d/$t: no sanitizer report" \
			sh -c "! grep -q -E '==[0-9]+==ERROR|runtime error:' '$TMPDIR_TEST/err'"
	done
done
done_testing
