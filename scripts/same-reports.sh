#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Speed work changes no report: every fixture (each file, and each run
# folder as a whole) analyzed, its text, JSON (keys sorted), SVG and
# stderr kept, with the exit status.
#   scripts/same-reports.sh OLD/pmscope NEW/pmscope [FILE...]
#     both binaries' reports compared; extra files given after the
#     binaries are compared too (e.g. the traces scripts/bench_ftrace.sh
#     makes). Prints "same reports: N inputs" and exits 0, or the
#     differences and 1.
#   scripts/same-reports.sh --sums BIN [FILE...]
#     the SHA-256 of each report, a line each: what tests/reports.sums
#     holds (make report-sums writes it; tests/cli/same_reports.sh
#     compares).
# The inputs and outputs are named relative to a scratch folder, so the
# reports name the same paths wherever the checkout and the scratch are.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pmscope-same.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# one NAME INPUT: the reports of INPUT under out/NAME.*: text and JSON
# as analyze streams them (a cycle at a time), the SVG in a run of its
# own (all cycles' results at once)
one() {
	"$bin" analyze --top 10 --json "out/$1.json.raw" "$2" \
		> "out/$1.txt" 2> "out/$1.err"
	echo "exit status $?" >> "out/$1.txt"
	"$bin" analyze -q --top 10 --svg "out/$1.svg" "$2" 2>> "out/$1.err"
	echo "exit status $?" >> "out/$1.txt"
	# jq -S: the key order is not what is compared; a bad JSON is kept as is
	jq -S . "out/$1.json.raw" > "out/$1.json" 2>/dev/null ||
		cp "out/$1.json.raw" "out/$1.json" 2>/dev/null
	rm -f "out/$1.json.raw"
}

# all [FILE...]: every input's reports into out/ (in $tmp, where
# "tests" is the checkout's)
all() {
	mkdir -p out
	for d in tests/fixtures/*/; do
		n=$(basename "$d")
		if [ -d "$d/sys" ] || [ -f "$d/dmesg.txt" ]; then
			one "$n" "$d"
		fi
		for f in "$d"*; do
			# corpus/'s lists of what a person reads (cli/corpus.sh)
			case $f in *.md|*.html|*/corpus/*.tsv) continue ;; esac
			[ -f "$f" ] && one "$n--$(basename "$f")" "$f"
		done
	done
	for f in "$@"; do
		one "extra--$(basename "$f")" "$f"
	done
}

# a binary or file named relative to where we were called
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }

sums=
if [ "${1:-}" = --sums ]; then
	sums=$(abs "$2")
else
	old=$(abs "$1") new=$(abs "$2")
fi
shift 2
extra=
for f in "$@"; do extra="$extra $(abs "$f")"; done
ln -s "$top/tests" "$tmp/tests"
cd "$tmp" || exit 1
if [ -n "$sums" ]; then
	bin=$sums
	# shellcheck disable=SC2086
	all $extra
	sha256sum out/* | sed 's| out/| |' | LC_ALL=C sort -k 2
	exit
fi
# shellcheck disable=SC2086 # the extra files, word by word
{ bin=$old; all $extra; mv out old; }
# shellcheck disable=SC2086
{ bin=$new; all $extra; mv out new; }
n=$(ls old | grep -c '\.txt$')
if diff -r old new; then
	echo "same reports: $n inputs"
	exit 0
fi
echo "reports differ (above): $n inputs"
exit 1
