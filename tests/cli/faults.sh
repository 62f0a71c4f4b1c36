#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Hostile input and faults (issue 41): every line read or counted, no
# false failure, no undefined behaviour, the reproducers of
# ../shared/repro/2026-12-07/ kept in tests/fuzz/repro/ (README there).
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
A=$(cd "$(dirname "$0")/../fuzz/repro/analyze" && pwd)
san() { ! grep -q -E '==[0-9]+==ERROR|runtime error:' "$1"; }

# A byte of noise after "usecs" made the return line unread: four false
# "never returned" failures (exit 1).
"$PMSCOPE" analyze --json "$T/j" "$A/usecs-then-0xff.log" > "$T/out" 2> "$T/err"; rc=$?
is "noise after usecs: exit 0" "$rc" 0
is "noise after usecs: all 73 callbacks returned" \
	"$(jq '[.cycles[0].callbacks[] | select(.unfinished | not)] | length' "$T/j")" 73
ok "noise after usecs: no sanitizer report" san "$T/err"

# The Perfetto writer on a cycle without events: qsort(NULL, 0).
"$PMSCOPE" analyze -q --perfetto "$T/x.pb" "$A/perfetto-no-events.log" 2> "$T/err"; rc=$?
is "a cycle without events: Perfetto written (exit 1: the cycle did not complete)" "$rc" 1
ok "a cycle without events: no sanitizer report" san "$T/err"

# 200 kprobe pairs 1e8 s apart: their sum passed INT64_MAX.
"$PMSCOPE" analyze -q --json "$T/j" "$A/kprobe-sum-overflow.txt" 2> "$T/err"
ok "kprobe sums: no sanitizer report" san "$T/err"
is "kprobe sums: msleep's total stops at 1e17 ns" \
	"$(grep -o -m1 '"function":"msleep","total_ns":[0-9]*' "$T/j" | head -1)" \
	'"function":"msleep","total_ns":100000000000000000'

# A NUL inside a device name: the lines were read up to it, the rest
# dropped without a word (71 of 73 callbacks, no warning).
"$PMSCOPE" analyze --json "$T/j" "$A/nul-in-device-name.log" > "$T/out" 2> "$T/err"; rc=$?
is "NUL in a name: exit 0" "$rc" 0
ok "NUL in a name: the four lines are counted, the first named" grep -q \
	"nul-in-device-name.log:10: 4 lines read only in part: a NUL byte inside" "$T/out"
is "NUL in a name: the warning is in the JSON too" \
	"$(jq '[.warnings[] | select(.text | startswith("4 lines read only in part"))] | length' "$T/j")" 1
ok "NUL in a name: no sanitizer report" san "$T/err"

done_testing
