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
is "a cycle without events: Perfetto written (exit 0: an excerpt, nothing failed)" "$rc" 0
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
	"$(jq "$FINDINGS"'[findings | select(.text | startswith("4 lines read only in part"))] | length' "$T/j")" 1
ok "NUL in a name: no sanitizer report" san "$T/err"

# A return stamped before its call was kept: end < start, and the
# Perfetto trace closed the slice before opening it.
"$PMSCOPE" analyze --json "$T/j" --perfetto "$T/p.pb" "$A/return-before-call.log" > "$T/out" 2> "$T/err"; rc=$?
is "return before call: exit 0" "$rc" 0
is "return before call: no callback ends before it starts" \
	"$(jq '[.cycles[].callbacks[] | select(.end_ns < .start_ns)] | length' "$T/j")" 0
is "return before call: it ends its kernel's 117 us after its start" \
	"$(jq -c '.cycles[0].callbacks[0] | [.device, .end_ns - .start_ns]' "$T/j")" '["input2",117000]'
ok "return before call: the line is named" grep -q \
	"return-before-call.log:11: input2: its return is stamped 0.000819 s before its call (line 10)" "$T/out"
# each Perfetto track's slices: none ends before it began, never below 0 deep
P=$(cd "$(dirname "$0")/../perfetto" && pwd)
protoc --decode=perfetto.protos.Trace -I "$P" "$P/pmscope_trace.proto" < "$T/p.pb" > "$T/p.txt"
is "return before call: every Perfetto slice begins before it ends" "$(awk '
	/^  timestamp: / { ts = $2 }
	/^    type: / { type = $2 }
	/^    track_uuid: / { tr = $2 }
	/^  track_event \{/ { type = ""; tr = "" }
	/^  \}/ && type == "TYPE_SLICE_BEGIN" { d[tr]++; at[tr, d[tr]] = ts }
	/^  \}/ && type == "TYPE_SLICE_END" {
		if (d[tr] < 1 || ts < at[tr, d[tr]]) bad++
		d[tr]-- }
	/^  \}/ { type = "" }
	END { print bad + 0 }' "$T/p.txt")" 0
ok "return before call: no sanitizer report" san "$T/err"

# A gzip file cut before its trailer: libarchive lost its last block
# (1828 of 2272 lines) and said "unknown format". Every byte zlib decoded
# is read now, and a warning says the file was cut.
gunzip -c < "$A/gzip-no-trailer.txt.gz" > "$T/whole.txt" 2> /dev/null
"$PMSCOPE" analyze -q --json "$T/gz.json" "$A/gzip-no-trailer.txt.gz" > "$T/out" 2> "$T/err"; rc=$?
"$PMSCOPE" analyze -q --json "$T/txt.json" "$T/whole.txt" 2> /dev/null; rc_txt=$?
is "gzip without trailer: the exit status of the text gunzip gives" "$rc" "$rc_txt"
ok "gzip without trailer: nothing on stderr" test ! -s "$T/err"
is "gzip without trailer: a warning names the file and its last line" \
	"$(jq -r "$FINDINGS"'findings | select(.text | contains("cut short")) | "\(.sources[0].file | sub(".*/"; "")):\(.sources[0].line): \(.text)"' "$T/gz.json")" \
	"gzip-no-trailer.txt.gz:2272: the file ends inside its compressed data (cut short?): read to its last decompressed byte, line 2272"
is "gzip without trailer: the same cycles as the text gunzip gives" \
	"$(jq -c '[.cycles[] | [.last_line, (.callbacks | length)]]' "$T/gz.json")" \
	"$(jq -c '[.cycles[] | [.last_line, (.callbacks | length)]]' "$T/txt.json")"
# xz the same, through liblzma: cut inside its one block (libarchive
# gave no line of it), what xz -dc gives of it is read
xz -c < "$T/whole.txt" > "$T/w.xz"
head -c $(($(wc -c < "$T/w.xz") * 3 / 4)) "$T/w.xz" > "$T/cut.xz"
xz -dc < "$T/cut.xz" > "$T/xzpart.txt" 2> /dev/null
"$PMSCOPE" analyze -q --json "$T/xz.json" "$T/cut.xz" > "$T/out" 2> "$T/err"
"$PMSCOPE" analyze -q --json "$T/xzpart.json" "$T/xzpart.txt" 2> /dev/null
is "xz cut inside its block: a warning names its last line, as xz -dc gives it" \
	"$(jq -r "$FINDINGS"'findings | select(.text | contains("cut short")) | "\(.sources[0].line)"' "$T/xz.json")" \
	"$(awk 'END { print NR }' "$T/xzpart.txt")"
is "xz cut inside its block: the cycles of the text xz -dc gives" \
	"$(jq -c '[.cycles[] | [.last_line, (.callbacks | length)]]' "$T/xz.json")" \
	"$(jq -c '[.cycles[] | [.last_line, (.callbacks | length)]]' "$T/xzpart.json")"
ok "xz cut inside its block: some callbacks read" \
	test "$(jq '[.cycles[].callbacks[]] | length' "$T/xz.json")" -gt 100
# zstd and bzip2 go through libarchive, whose last block is lost: the
# error says the file was cut, not what the library said
zstd -c < "$T/whole.txt" > "$T/w.zstd"
head -c $(($(wc -c < "$T/w.zstd") - 4)) "$T/w.zstd" > "$T/cut.zstd"
"$PMSCOPE" analyze -q "$T/cut.zstd" 2> "$T/err"; rc=$?
is "zstd cut short: exit 2" "$rc" 2
ok "zstd cut short: said so" grep -q "cut.zstd: .*the file ends inside its compressed data (cut short?)" "$T/err"

# Calls deeper than 128 levels were dropped without a word.
awk 'BEGIN {
	t = 10; L = "%12.6f |   0)     init-1     | %13s |  %s\n"
	print "# tracer: function_graph"
	printf L, t, "", "/* suspend_resume: dpm_suspend[2] begin */"
	printf L, t += 1e-6, "", "/* device_pm_callback_start: pci 0000:00:01.0, parent: pci0000:00, [suspend] */"
	for (i = 0; i < 150; i++)
		printf L, t += 1e-6, "", sprintf("%*s", 2 * i, "") "f" i "() {"
	for (i = 149; i >= 0; i--)
		printf L, t += 1e-6, "1.000 us", sprintf("%*s", 2 * i, "") "} /* f" i " */"
	printf L, t += 1e-6, "", "/* device_pm_callback_end: pci 0000:00:01.0, err=0 */"
	printf L, t += 1e-3, "", "/* suspend_resume: dpm_suspend[2] end */"
}' > "$T/deep.txt"
"$PMSCOPE" analyze --json "$T/j" "$T/deep.txt" > "$T/out" 2> "$T/err"
ok "150 calls deep: the 22 past 128 levels are counted" grep -q \
	"warning: .*: traced calls: 22 inside callbacks deeper than 128 levels not read" "$T/out"
is "150 calls deep: the 128 read are the callback's" \
	"$(jq '.cycles[0].callbacks[0].callgraph.calls' "$T/j")" 128

# A funcgraph_entry record shorter than its format: trace-cmd's printer
# read its depth past the record and indented 761,623,670 spaces (105 s
# of CPU and 1 GB in the child). It is not printed now.
D=$(cd "$(dirname "$0")/../fuzz/repro/tracedat" && pwd)
for f in "$D"/short-graph-record-*.dat; do
	b=$(basename "$f")
	(ulimit -t 5; "$PMSCOPE" analyze -q "$f") > "$T/out" 2> "$T/err"; rc=$?
	is "$b: read within 5 s of CPU (exit 1: its callbacks never returned)" "$rc" 1
	ok "$b: no word of a limit" sh -c "! grep -q -i 'limit\|CPU\|memory' '$T/err'"
	ok "$b: no sanitizer report" san "$T/err"
done

# Device and driver names reached the terminal raw: a crafted log set
# the title and cleared the screen. Every terminal text goes through one
# filter: no control byte but '\n' and '\t', no C1 character, no
# invalid UTF-8 (checked in the C locale, byte by byte).
raw() { LC_ALL=C grep -c -P '[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]|[\x80-\xff]' "$1"; }
clean_utf8() { iconv -f UTF-8 -t UTF-8 "$1" > /dev/null 2>&1; }
no_controls() { ! LC_ALL=C grep -q -P '[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]' "$1"; }
E=$A/escapes-failure.log
"$PMSCOPE" analyze --text "$T/text" --json "$T/j" "$E" > "$T/out" 2> "$T/err"; rc=$?
is "escapes: exit 1 (the callbacks returned -5)" "$rc" 1
ok "escapes: the summary sends no control character" no_controls "$T/out"
ok "escapes: nor --text" no_controls "$T/text"
ok "escapes: the FAILURE line shows them" grep -q -F \
	'FAILURE: '"$E"':11: X\x1b]0;OWNED\x07\x1b[2JY: suspend failed: error -5 (EIO), in input_dev_suspend' "$T/out"
is "escapes: the JSON keeps the name as it was" \
	"$(jq -r '.cycles[0].callbacks[] | select(.ret == -5) | .device' "$T/j" | head -1 | od -An -c | tr -s ' ')" \
	"$(printf 'X\033]0;OWNED\007\033[2JY\n' | od -An -c | tr -s ' ')"
"$PMSCOPE" analyze -n 1000 "$A/escapes-names.log" > "$T/out" 2> "$T/err"
ok "escapes in 30 names: no control character on stdout" no_controls "$T/out"
ok "escapes in 30 names: stdout is valid UTF-8" clean_utf8 "$T/out"
mkdir -p "$T/lab/run1"
cp "$E" "$T/lab/run1/dmesg.txt"
"$PMSCOPE" stats -n 100 "$T/lab" > "$T/out" 2> "$T/err"
ok "escapes: stats's summary shows them" grep -q -F 'X\x1b]0;OWNED\x07\x1b[2JY' "$T/out"
ok "escapes: nor stats's summary sends them" no_controls "$T/out"
"$PMSCOPE" whatif --async 'X*' "$E" > "$T/out" 2> "$T/err"
ok "escapes: nor whatif's" no_controls "$T/out"
# standard error quotes file names and log text: through the filter too
"$PMSCOPE" analyze "$(printf '%s/\033]0;x\007\033[2J.log' "$T")" > /dev/null 2> "$T/err"
ok "escapes: stderr shows a file name's" grep -q -F '\x1b]0;x\x07\x1b[2J.log: No such file' "$T/err"
ok "escapes: stderr sends no control character" no_controls "$T/err"
cp "$E" "$(printf '%s/lab/\033[31mred.log' "$T")"
"$PMSCOPE" stats "$T/lab" > "$T/out" 2> "$T/err"
ok "escapes: a lab file's name on stdout is shown" no_controls "$T/out"

done_testing
