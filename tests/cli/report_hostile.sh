#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# pmscope's JSON report as an input, broken or hostile (pmscope(1),
# Reports as inputs): each ends with an error naming the file and the
# byte, exit status 2, what was read before it kept; never a crash, nor
# memory growing with the input (a value is gathered up to 4 MiB).
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
F=$FIXTURES
san() { ! grep -q -E '==[0-9]+==ERROR|runtime error:' "$1"; }

"$PMSCOPE" analyze -q -j "$T/good.json" "$F/qemu-q35-s3-async1-medium"
good=$T/good.json
is "a good report: 2 cycles" "$(jq '.cycles | length' "$good")" 2

# bad NAME WHAT FILE: stats over FILE fails on it, saying WHAT
bad() {
	"$PMSCOPE" stats -q -j "$T/s.json" "$3" > /dev/null 2> "$T/err"
	rc=$?
	is "$1: exit 2" "$rc" 2
	ok "$1: the error names the file and the byte: $2" \
		grep -q -F "pmscope: $3: byte " "$T/err"
	ok "$1: $2" grep -q -F "$2" "$T/err"
	ok "$1: no sanitizer report" san "$T/err"
}
# edit NAME JQ: the good report changed by JQ
edit() {
	jq -c "$2" "$good" > "$T/$1.json"
}

printf '{"schema":"pmscope/2","facts":' > "$T/deep.json"
head -c 100000 /dev/zero | tr '\0' '[' >> "$T/deep.json"
bad "nested 100000 deep" "nested deeper than 32" "$T/deep.json"

edit bignum '.cycles[1].callbacks[3].start_ns = 1e400'
bad "a time of 1e400" '"start_ns": not an integer' "$T/bignum.json"
edit hugeint '.cycles[1].callbacks[3].end_ns = 99999999999999999999'
bad "a time past int64" '"end_ns": not an integer' "$T/hugeint.json"
sed 's/"kernel_ms":[0-9.]*/"kernel_ms":NaN/' "$good" > "$T/nan.json"
bad "NaN" "not JSON" "$T/nan.json"
edit cyclesobj '.cycles = {}'
bad "cycles an object" '"cycles": not a list' "$T/cyclesobj.json"
edit devstr '.cycles[0].callbacks[0].device_index = "0"'
bad "a device index as a string" '"device_index": not an integer' "$T/devstr.json"
edit devpast '.cycles[0].callbacks[0].device_index = 100000'
bad "a device that is not there" '"device_index": not an integer' "$T/devpast.json"
edit phasepast '.cycles[1].callbacks[0].phase_index = 99'
bad "a phase that is not there" '"phase_index": not an integer' "$T/phasepast.json"
edit nodevs 'del(.devices)'
bad "a report of before devices[]" "cycles[] before devices[]" "$T/nodevs.json"
edit schema1 '.schema = "pmscope/1"'
bad "schema pmscope/1" 'schema "pmscope/1"' "$T/schema1.json"
edit onecycle '.cycles |= [.[1]]'
bad "a report of cycle 2 only" "a report of some cycles" "$T/onecycle.json"
edit badcode '.findings = [{ "code": "no-such-code", "text": "x" }]'
bad "a finding code this pmscope has not" "not one of this pmscope's" "$T/badcode.json"
{ cat "$good"; echo ' {}'; } > "$T/trailing.json"
bad "bytes after the report" "more after the report's end" "$T/trailing.json"

# a gigabyte string: refused at 4 MiB, in bounded memory (1 GB of address
# space for pmscope and its libraries, where the string alone is that;
# not under AddressSanitizer, which reserves terabytes of it)
# (through a pipe: the rest of the gigabyte is not written once pmscope
# stops reading)
asan() { ldd "$PMSCOPE" 2>/dev/null | grep -q libasan; }
mkfifo "$T/big.fifo"
{ printf '{"schema":"pmscope/2","facts":{"a":"'
  head -c 1073741824 /dev/zero | tr '\0' a
  printf '"}}\n'; } > "$T/big.fifo" 2> /dev/null &
(ulimit -t 60; asan || ulimit -v 1048576; "$PMSCOPE" stats -q -j "$T/s.json" - < "$T/big.fifo" > /dev/null 2> "$T/err")
rc=$?
wait
is "a 1 GB string: exit 2" "$rc" 2
ok "a 1 GB string: a value longer than 4 MiB, said" \
	grep -q -F "pmscope: -: byte 30: a value longer than 4 MiB" "$T/err"
ok "a 1 GB string: no sanitizer report" san "$T/err"

# cut short: the cycles before the cut are read, and said
head -c $(($(wc -c < "$good") * 3 / 4)) "$good" > "$T/cut.json"
"$PMSCOPE" stats -q -j "$T/s.json" "$T/cut.json" > /dev/null 2> "$T/err"
is "cut short: exit 2" "$?" 2
ok "cut short: said" grep -q -F "pmscope: $T/cut.json: byte " "$T/err"
is "cut short: the cycle before the cut is in the statistics, not the one cut" \
	"$(jq '.stats.cycles' "$T/s.json")" 1

# the bounds of every input
"$PMSCOPE" stats -q --max-cycles 1 -j "$T/s.json" "$good" > /dev/null 2> "$T/err"
is "--max-cycles 1: exit 2" "$?" 2
ok "--max-cycles 1: said" grep -q -F "more than 1 cycles: the rest of the file is not read (--max-cycles)" "$T/err"
"$PMSCOPE" stats -q --max-callbacks 100 -j "$T/s.json" "$good" > /dev/null 2> "$T/err"
ok "--max-callbacks 100: said" grep -q -F "more than 100 callbacks: the rest of the file is not read (--max-callbacks)" "$T/err"
xz -c "$good" | head -c 20000 > "$T/cut.json.xz"
xz -c "$good" > "$T/good.json.xz"
"$PMSCOPE" stats -q -j "$T/s.json" "$T/good.json.xz" > /dev/null 2> "$T/err"
is "an xz report: read" "$?:$(jq .stats.cycles "$T/s.json")" 0:2
"$PMSCOPE" stats -q --max-unpacked 100000 -j "$T/s.json" "$T/good.json.xz" > /dev/null 2> "$T/err"
ok "--max-unpacked: said" grep -q -F "(--max-unpacked)" "$T/err"

# a report names its logs, which pmscope was not given: never read (an
# HTML page would show lines of any file a report names, and /dev/zero
# has no end), its run's id not taken from them either
edit zero '.run.run_id = null | .sources = ["/dev/zero"] | .cycles[].source = "/dev/zero" |
	.cycles[].callbacks[].source = "/dev/zero"'
timeout 60 "$PMSCOPE" analyze -q --html "$T/zero.html" --rows "$T/zero-rows" "$T/zero.json" \
	2> "$T/err"
is "a report naming /dev/zero: its page and rows written, none of it read" "$?" 0
ok "a report naming /dev/zero: its run has an id of the model's" \
	test "$(jq -r .run_id "$T/zero-rows/runs.ndjson" | wc -c)" = 33

# a report is a run of its own
"$PMSCOPE" analyze -q -j "$T/a.json" "$good" "$F/qemu-q35-s3-async0-medium/dmesg.txt" 2> "$T/err"
is "a report and a log in one analyze: exit 2" "$?" 2
ok "a report and a log in one analyze: said" grep -q -F "a run read from a report takes no other file" "$T/err"
"$PMSCOPE" analyze -q -j "$T/a.json" "$F/qemu-q35-s3-async0-medium/dmesg.txt" "$good" 2> "$T/err"
ok "a log and a report in one analyze: said" grep -q -F "a report is a run of its own" "$T/err"

# in a folder: reports are runs, other JSON is passed over, and a run
# folder's own report.json is not read beside its logs
mkdir -p "$T/lab/run"
cp "$good" "$T/lab/one.json"
echo '{"schema":"pmscope-stats/1"}' > "$T/lab/stats.json"
cp "$F/qemu-q35-s3-async0-medium/dmesg.txt" "$T/lab/run/dmesg.txt"
cp "$good" "$T/lab/run/report.json"
"$PMSCOPE" stats -q -j "$T/s.json" "$T/lab" 2> "$T/err"
is "a folder: its report and its run folder, 2 runs" "$(jq .stats.inputs "$T/s.json")" 2
is "a folder: nothing said of the other JSON" "$(cat "$T/err")" ""

done_testing
