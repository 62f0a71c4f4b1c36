#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Hostile inputs and command shapes (issue 15): pmscope ends with a clear
# error naming the file, never a crash, a hang or a lost file.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
R=$(cd "$(dirname "$0")/../fuzz/repro" && pwd)
san() { ! grep -q -E '==[0-9]+==ERROR|runtime error:' "$1"; }

# trace.dat files crafted by a fuzzer crash libtracecmd and libtraceevent
# or make them allocate gigabytes: they run in a child process.
for f in "$R"/tracedat/*.dat; do
	b=$(basename "$f")
	"$PMSCOPE" analyze -q "$f" > "$T/out" 2> "$T/err"; rc=$?
	is "$b: exit 2 (unreadable input)" "$rc" 2
	ok "$b: the error names the file" grep -q "pmscope: $f: " "$T/err"
	ok "$b: no sanitizer report" san "$T/err"
done
"$PMSCOPE" analyze -q "$R/tracedat/shared-tracedat-1.dat" 2> "$T/err"
ok "a crash in the libraries is said as such" \
	grep -q "trace-cmd's libraries crashed (Segmentation fault) opening this trace.dat" "$T/err"
"$PMSCOPE" analyze -q "$R/tracedat/shared-tracedat-4.dat" 2> "$T/err"
ok "a 4 GB allocation asked by the file is refused" \
	grep -q "libtracecmd cannot read this trace.dat (it asked for more memory than allowed)" "$T/err"
# the other inputs are still read
"$PMSCOPE" analyze -q --json "$T/j" "$R/tracedat/shared-tracedat-5.dat" \
	"$FIXTURES/qemu-q35-s3-tracecmd-dat/trace.dat" 2> "$T/err"; rc=$?
is "a crashing trace.dat beside a good one: exit 2" "$rc" 2
is "and the good one's 786 callbacks are reported" "$(jq '.cycles[0].callbacks|length' "$T/j")" 786
done_testing
