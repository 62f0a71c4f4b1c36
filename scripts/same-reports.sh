#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Speed work changes no report: every fixture (each file, and each run
# folder as a whole) analyzed by two binaries, text, JSON (keys sorted)
# and SVG compared. Extra files given after the binaries are compared too
# (e.g. the traces scripts/bench_ftrace.sh makes).
#   scripts/same-reports.sh OLD/pmscope NEW/pmscope [FILE...]
# Prints "same reports: N inputs" and exits 0, or the differences and 1.
set -u
old=$1 new=$2
shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pmscope-same.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# one NAME INPUT: the reports of INPUT under $tmp/out/NAME.*: text and
# JSON as analyze streams them (a cycle at a time), the SVG in a run of
# its own (all cycles' results at once)
one() {
	"$bin" analyze --top 10 --json "$tmp/out/$1.json.raw" "$2" \
		> "$tmp/out/$1.txt" 2> "$tmp/out/$1.err"
	echo "exit status $?" >> "$tmp/out/$1.txt"
	"$bin" analyze -q --top 10 --svg "$tmp/out/$1.svg" "$2" 2>> "$tmp/out/$1.err"
	echo "exit status $?" >> "$tmp/out/$1.txt"
	# jq -S: the key order is not what is compared; a bad JSON is kept as is
	jq -S . "$tmp/out/$1.json.raw" > "$tmp/out/$1.json" 2>/dev/null ||
		cp "$tmp/out/$1.json.raw" "$tmp/out/$1.json" 2>/dev/null
	rm -f "$tmp/out/$1.json.raw"
}

# all: every input into $tmp/out, written by the same paths for both
# binaries (the text report names them)
all() {
	mkdir -p "$tmp/out"
	for d in "$top"/tests/fixtures/*/; do
		n=$(basename "$d")
		if [ -d "$d/sys" ] || [ -f "$d/dmesg.txt" ]; then
			one "$n" "$d"
		fi
		for f in "$d"*; do
			case $f in *.md|*.html) continue ;; esac
			[ -f "$f" ] && one "$n--$(basename "$f")" "$f"
		done
	done
	for f in "$@"; do
		one "extra--$(basename "$f")" "$f"
	done
}

bin=$old; all "$@"; mv "$tmp/out" "$tmp/old"
bin=$new; all "$@"; mv "$tmp/out" "$tmp/new"
n=$(ls "$tmp/old" | grep -c '\.txt$')
if diff -r "$tmp/old" "$tmp/new"; then
	echo "same reports: $n inputs"
	exit 0
fi
echo "reports differ (above): $n inputs"
exit 1
