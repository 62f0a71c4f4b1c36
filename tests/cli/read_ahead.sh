#!/bin/sh
# Reading ahead on a second CPU (src/input/ftrace/ftrace_ahead.c) changes no
# report: every ftrace fixture, plain and compressed, read with one CPU
# (taskset: the lines are split where they are parsed) and with two (split
# by a reader thread), gives the same JSON and text.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST

if ! command -v taskset > /dev/null || [ "$(nproc)" -lt 2 ]; then
	echo "ok 1 # SKIP needs taskset and two CPUs"
	done_testing
fi

# the traces among the fixtures: ftrace text, from its header or lines
cat_any() { case $1 in *.xz) xz -dc "$1" ;; *.gz) gzip -dc "$1" ;; *.zst) zstd -dc "$1" ;; *) cat "$1" ;; esac; }
traces=$(for f in "$FIXTURES"/*/*; do
	case $f in *.md|*.html|*.dat|*.eml) continue ;; esac
	[ -f "$f" ] || continue
	cat_any "$f" 2>/dev/null | head -3000 |
		grep -qE '^# tracer:|\[[0-9]{3}\] .* [0-9]+\.[0-9]+: [a-z_]+:' && echo "$f"
done)
count=$(printf '%s\n' "$traces" | grep -c .)
ok "at least 12 trace fixtures ($count)" test "$count" -ge 12

for f in $traces; do
	name=$(basename "$(dirname "$f")")/$(basename "$f")
	taskset -c 0 "$PMSCOPE" analyze --top 10 --json "$T/one.json" "$f" > "$T/one.txt" 2>&1
	"$PMSCOPE" analyze --top 10 --json "$T/two.json" "$f" > "$T/two.txt" 2>&1
	sed -i '/^JSON report: /d' "$T/one.txt" "$T/two.txt"
	ok "$name: one CPU and two give the same JSON" cmp "$T/one.json" "$T/two.json"
	ok "$name: and the same text" cmp "$T/one.txt" "$T/two.txt"
done

# A trace whose first line is an event line (its header cut off): on one
# CPU that line is split where it is parsed, which crashed (SIGSEGV).
xz -dc "$FIXTURES/qemu-q35-s3-async1-medium/trace.txt.xz" | grep -v "^#" > "$T/headless.txt"
taskset -c 0 "$PMSCOPE" analyze --json "$T/one.json" "$T/headless.txt" > "$T/one.txt" 2>&1; rc=$?
"$PMSCOPE" analyze --json "$T/two.json" "$T/headless.txt" > "$T/two.txt" 2>&1
is "no header, one CPU: exit 0, no crash" "$rc" 0
ok "no header: one CPU and two give the same JSON" cmp "$T/one.json" "$T/two.json"
ok "no header: its callbacks are read" test "$(jq '[.cycles[].callbacks|length]|add' "$T/one.json")" -gt 100
taskset -c 0 "$PMSCOPE" analyze -q "$(dirname "$0")/../fuzz/repro/ftrace/one-cpu-headerless.txt" \
	2> "$T/err"; rc=$?
is "one event line, one CPU: exit 4 (no data), no crash" "$rc" 4
ok "and says so" grep -q "no suspend, resume or boot timing found in 1 lines" "$T/err"
done_testing
