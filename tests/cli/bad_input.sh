#!/bin/sh
# Bad input: clear messages naming the file (and line), partial results,
# exit status 2 (4 when it was read and held nothing), never a crash or a
# hang.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
F=$FIXTURES
P=$PMSCOPE

# run ARGS...: stdout, stderr and status into $T/out, $T/err, $rc (20 s cap)
run() { timeout 20 "$P" "$@" >"$T/out" 2>"$T/err"; rc=$?; }

run analyze "$T/missing.txt"
is "missing file: exit 2" "$rc" 2
ok "missing file: named, with the reason" grep -q "missing.txt: No such file or directory" "$T/err"

: > "$T/empty.txt"
run analyze "$T/empty.txt"
is "empty file: exit 4 (no data)" "$rc" 4
ok "empty file: said so" grep -q "empty.txt: empty file" "$T/err"

run analyze "$T"
is "directory without logs: exit 2" "$rc" 2
ok "directory: named" grep -q "$T" "$T/err"

head -c 200000 /dev/urandom > "$T/garbage.bin"
run analyze "$T/garbage.bin"
is "binary garbage: exit 4 (read, no data in it)" "$rc" 4
ok "binary garbage: no timing found" grep -q "garbage.bin: no suspend, resume or boot timing found" "$T/err"
# the garbage that once failed one run in three: a look-ahead past a
# last line without '\n' (tests/fuzz/repro/README.md)
run analyze "$FIXTURES/../fuzz/repro/analyze/peek-past-unended-line.bin"
is "binary garbage ending in a line without newline: exit 4" "$rc" 4

# a real log with NUL bytes and a 1 MB line in the middle: the rest still counts;
# the record after the last NUL ("[ 13.6] x") is a log line of its own (records
# glued by NULs are each read), so only the 1 MB line is skipped
L="$F/qemu-q35-s3-async1-medium/dmesg.txt"
{ head -n 2140 "$L"; printf 'junk\0junk\0[ 13.6] x\n'; head -c 1048576 /dev/zero | tr '\0' 'x'; echo;
  tail -n +2141 "$L"; } > "$T/dirty.txt"
run analyze --json "$T/d.json" "$T/dirty.txt"
is "NUL bytes and a 1 MB line: still analyzed" "$rc" 0
is "NUL bytes and a 1 MB line: all 219 callbacks kept" "$(jq '.cycles[1].callbacks|length' "$T/d.json")" 219
ok "NUL bytes and a 1 MB line: reported as skipped" grep -q "1 binary or overlong lines skipped" "$T/d.json"

# cut in the middle of the resume: partial result, failure status
head -n 2400 "$L" > "$T/cut.txt"
run analyze --json "$T/c.json" "$T/cut.txt"
is "cut log: exit 1" "$rc" 1
is "cut log: the cycle is kept, not completed" "$(jq '.cycles[1].completed' "$T/c.json")" false
ok "cut log: says where it ends" grep -q "did not complete: the log ends in resume" "$T/out"

# compressed garbage: a gzip header with nothing valid behind it
printf '\037\213\010\000junkjunkjunk' > "$T/bad.gz"
run analyze "$T/bad.gz"
is "corrupt gzip: exit 2" "$rc" 2
ok "corrupt gzip: named" grep -q "bad.gz" "$T/err"

# a compressed log cut short: every line that decompresses is read, as
# xz -dc gives them (liblzma, src/input/lines/unxz.c), and a warning
# names the line it cut (not analyzed: a cut line). libarchive handed its
# xz blocks over whole, and the last one was lost with the error.
cut_read() {	# cut_read NAME FILE BYTES: reads the cut; $T/NAME.xz, .json, $line
	head -c "$3" "$2" > "$T/$1.xz"
	run analyze -q --json "$T/$1.json" "$T/$1.xz"
	line=$(jq -r "$FINDINGS"'findings | select(.text | contains("cut short")) | .sources[0].line' "$T/$1.json" | head -1)
	xz -dc "$T/$1.xz" 2>/dev/null | head -n $((${line:-1} - 1)) > "$T/$1.txt"
	"$P" analyze -q --json "$T/$1-plain.json" "$T/$1.txt" 2>/dev/null
	rc_plain=$?
}
same_json() {	# same_json A B: the two reports but for the file names (and
	# the run's id and folder, which are the files')
	for j; do
		jq -S 'del(.sources, .run.run_id, .run.folder) | walk(if type == "object" then del(.file, .source) else . end)' \
			"$T/$j.json" > "$T/$j.norm"
	done
	[ -s "$T/$1.norm" ] && cmp -s "$T/$1.norm" "$T/$2.norm"
}
# the boot-cut warning cites the log's last line: the cut one, in the cut
same_cut() {	# same_cut A B: same_json, the cut's own warning (and count) aside
	jq 'del(.. | objects | select(.code? == "not-read")) | .codes |= del(.["not-read"]) |
		.counts.warning -= 1 | del(.. | objects | select(.code? == "boot-cut") | .sources)' \
		"$T/$1.json" > "$T/$1-w.json"
	jq 'del(.. | objects | select(.code? == "boot-cut") | .sources)' "$T/$2.json" > "$T/$2-w.json"
	same_json "$1-w" "$2-w"
}
cut_read kmsg "$F/kernel5.4-lkp-lenovo80mk-freeze-10cycles-kmsg/kmsg.xz" 20000
is "kmsg.xz cut at 20000 bytes: the exit status of the lines xz -dc gives" "$rc" "$rc_plain"
is "kmsg.xz cut: the warning names the line where the lines stop" "$line" "$(xz -dc "$T/kmsg.xz" 2>/dev/null | awk 'END { print NR }')"
is "kmsg.xz cut: a warning in the report, nothing on standard error" "$(grep -c 'cut short' "$T/err")" 0
ok "kmsg.xz cut: the report of the lines before it" same_cut kmsg kmsg-plain
is "kmsg.xz cut: the boot cycle's 452 initcalls and probes" \
	"$(jq -c '[.cycles[].callbacks|length]' "$T/kmsg.json")" "[452]"
# the HTML page reads the file again for its log lines and call trees:
# they end where the first reading did
run analyze -q --html "$T/kmsg.html" "$T/kmsg.xz"
is "kmsg.xz cut, --html: exit as without it" "$rc" "$rc_plain"
ok "kmsg.xz cut, --html: the page has the last line read" grep -q "Installing v9fs 9p2000" "$T/kmsg.html"
cut_read iv "$F/pmgraph-2016-ivybridge-mem-devlate-k4.6/ivybridge_mem_ftrace.txt.xz" 18048
is "ftrace .xz cut in half: the exit status of the lines xz -dc gives" "$rc" "$rc_plain"
is "ftrace .xz cut: the warning names the line" "$line" "$(xz -dc "$T/iv.xz" 2>/dev/null | awk 'END { print NR }')"
ok "ftrace .xz cut: the report of the lines before it" same_cut iv iv-plain
run analyze -q --html "$T/iv.html" "$T/iv.xz"
is "ftrace .xz cut, --html (call trees read again): exit as without it" "$rc" "$rc_plain"

# one good and one bad input: the good one is reported, status says bad input
run analyze "$L" "$T/missing.txt"
is "good + missing: exit 2" "$rc" 2
ok "good + missing: the good one is still reported" grep -q "cycle 2: mem" "$T/out"

# usage
run analyze
is "no file: exit 2" "$rc" 2
run analyze --top x "$L"
is "bad number: exit 2" "$rc" 2
run analyze --cycle 9 "$L"
is "no such cycle: exit 2" "$rc" 2
run frobnicate
is "unknown command: exit 2" "$rc" 2
run analyze --help
is "--help: exit 0" "$rc" 0
ok "--help names every option" sh -c "grep -q -- '--json' '$T/out' && grep -q -- '--top' '$T/out' && grep -q -- '--cycle' '$T/out'"

# the JSON goes to a temporary file and is renamed: no partial file on failure
run analyze --json "$T/nodir/x.json" "$L"
is "unwritable JSON path: exit 2" "$rc" 2
ok "unwritable JSON path: nothing left behind" sh -c "! ls '$T'/nodir* 2>/dev/null"
run analyze -q --json - "$L"
ok "--json - writes valid JSON to stdout" jq -e '.schema=="pmscope/2"' "$T/out"

# log text lands in JSON escaped
printf '[    1.000000] PM: suspend entry (deep)\n[    1.100000] x "q\\\\<b>\001: PM: calling f+0x0/0x1 @ 5, parent: p"\n[    1.200000] x "q\\\\<b>\001: PM: f+0x0/0x1 returned 0 after 3 usecs\n' > "$T/esc.txt"
run analyze -q --json "$T/e.json" "$T/esc.txt"
ok "crafted names: JSON still parses" jq -e . "$T/e.json"
is "crafted names: device name survives" "$(jq -r '.cycles[0].callbacks[0].device' "$T/e.json")" "\"q\\\\<b>$(printf '\001')"
done_testing
