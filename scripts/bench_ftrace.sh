#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make bench: ftrace reading speed and memory on >= 500 MB traces built from
# real ones by repeating their cycle with shifted time stamps (every line is
# a real line): the events-only trace of tests/fixtures/qemu-q35-s3-async1-
# medium and the function_graph trace of qemu-q35-s3-fgraph-async1-small.
# wc -l on the same file is the floor. Then one cycle of 32,000 callbacks.
# The files live in a temporary folder, deleted at the end.
#   scripts/bench_ftrace.sh BUILD/pmscope      (BENCH_FTRACE_MB, default 520)
set -eu
bin=$1
top=$(cd "$(dirname "$0")/.." && pwd)
fx=$top/tests/fixtures
mb=${BENCH_FTRACE_MB:-520}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pmscope-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# gen SRC WANT_BYTES > OUT: the header once, then the cycle (from its
# SUSPEND START marker) again and again, each copy STEP seconds later
gen() {
	xz -dc "$1" | awk -v want="$2" -v step=10 '
	function shift(line, k,   pre, t, n) {
		if (match(line, /^ *[0-9]+\.[0-9]+ \|/)) {	# function_graph abstime
			t = substr(line, 1, RLENGTH - 2) + step * k
			return sprintf("%12.6f |", t) substr(line, RLENGTH + 1)
		}
		if (match(line, /\] [^ ]* *[0-9]+\.[0-9]+:/)) {	# "[000] ..... 13.57:"
			pre = substr(line, 1, RSTART + RLENGTH - 1)
			n = match(pre, /[0-9]+\.[0-9]+:$/)
			t = substr(pre, n, length(pre) - n) + step * k
			return substr(pre, 1, n - 1) sprintf("%.6f:", t) substr(line, RSTART + RLENGTH)
		}
		return line
	}
	/SUSPEND START/ { incycle = 1 }
	{ if (incycle) cyc[n++] = $0; else head[m++] = $0 }
	END {
		for (i = 0; i < m; i++) { print head[i]; size += length(head[i]) + 1 }
		for (k = 0; size < want; k++)
			for (i = 0; i < n; i++) {
				line = shift(cyc[i], k)
				print line
				size += length(line) + 1
			}
	}'
}

# peak RSS in kB of a command, or "-" without /usr/bin/time
rss() {
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f %M -o "$tmp/rss" "$@" > /dev/null 2>&1 || true
		cat "$tmp/rss"
	else
		printf -- "-"
	fi
}

run() {	# run NAME FILE
	size=$(stat -c %s "$2")
	cat "$2" > /dev/null	# the same page cache state for every reader
	t0=$(date +%s.%N); lines=$(wc -l < "$2"); t1=$(date +%s.%N)
	echo "$1: $(awk -v s="$size" 'BEGIN { printf "%.1f MB", s / 1e6 }')"
	awk -v s="$size" -v l="$lines" -v a="$t0" -v b="$t1" 'BEGIN { d = b - a
		printf "  wc -l (floor):    %d lines in %.3f s: %.0f MB/s, %.0f lines/s\n", l, d, s/1e6/d, l/d }'
	printf "  pmscope reading:  "
	"$bin" analyze -q -s --json /dev/null "$2" 2>&1 >/dev/null | sed 's/^pmscope: //'
	if [ -x /usr/bin/time ]; then	# CPU time: what a busy machine does not inflate
		/usr/bin/time -f "%U %S" -o "$tmp/cpu" "$bin" analyze -q "$2" > /dev/null 2>&1 || true
		awk -v s="$size" '{ c = $1 + $2; printf "  pmscope CPU time (reading and analyses, no report): %.3f s: %.0f MB per CPU second\n", c, (c > 0 ? s / 1e6 / c : 0) }' "$tmp/cpu"
	fi
	t0=$(date +%s.%N); peak=$(rss "$bin" analyze -q --json /dev/null "$2"); t1=$(date +%s.%N)
	awk -v s="$size" -v a="$t0" -v b="$t1" -v p="$peak" 'BEGIN {
		printf "  whole analyze (critical paths, JSON): %.3f s", b - a
		if (p != "-") printf ", peak RSS %.1f MB = %.3f x the input", p / 1024, p * 1024 / s
		printf "\n" }'
}

echo "building ${mb} MB traces in $tmp ..."
gen "$fx/qemu-q35-s3-async1-medium/trace.txt.xz" $((mb * 1000000)) > "$tmp/events.txt"
run "events-only trace (nop tracer, $(grep -c 'SUSPEND START' "$tmp/events.txt") cycles)" "$tmp/events.txt"
rm -f "$tmp/events.txt"
gen "$fx/qemu-q35-s3-fgraph-async1-small/trace.txt.xz" $((mb * 1000000)) > "$tmp/fgraph.txt"
run "function_graph trace ($(grep -c 'SUSPEND START' "$tmp/fgraph.txt") cycles)" "$tmp/fgraph.txt"
rm -f "$tmp/fgraph.txt"

# One cycle of 32,000 callbacks: each of the 1110 callbacks of the events
# trace followed by 28 copies on renamed devices ("input3.k1" ...).
xz -dc "$fx/qemu-q35-s3-async1-medium/trace.txt.xz" | awk '
	/device_pm_callback_(start|end):/ {
		print
		for (k = 1; k <= 28; k++) {
			i = index($0, ", parent: "); if (!i) i = index($0, ", err=")
			print substr($0, 1, i - 1) ".k" k substr($0, i)
		}
		next
	}
	{ print }' > "$tmp/big-cycle.txt"
n=$("$bin" analyze -q --json - "$tmp/big-cycle.txt" | jq '.cycles[0].callbacks|length')
t0=$(date +%s.%N); peak=$(rss "$bin" analyze -q --json /dev/null "$tmp/big-cycle.txt"); t1=$(date +%s.%N)
awk -v n="$n" -v a="$t0" -v b="$t1" -v p="$peak" 'BEGIN {
	printf "one cycle of %d callbacks: whole analyze %.3f s", n, b - a
	if (p != "-") printf ", peak RSS %.1f MB", p / 1024
	printf "\n" }'
