#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make bench: pmscope whatif on the 32,000-callback cycle of
# bench_critpath.sh (generated there, under build/bench-critpath/), beside
# its floor: analyze -q --no-hints on the same run folder reads it, builds
# the model and runs the analyses; and what analyze's what-if hints add.
#   scripts/bench_whatif.sh BUILD/pmscope
set -eu
bin=$1
dir=$(dirname "$bin")/bench-critpath/run-32000
[ -s "$dir/dmesg.txt" ] || sh "$(dirname "$0")/bench_critpath.sh" "$bin" > /dev/null

secs() {	# secs ARGS...: wall seconds of one pmscope run
	t0=$(date +%s.%N)
	"$bin" "$@" > /dev/null || { echo "bench_whatif: pmscope $* failed" >&2; exit 1; }
	echo "$(date +%s.%N) - $t0" | bc
}

cbs=$(grep -c 'returned 0 after' "$dir/dmesg.txt")
floor=$(secs analyze -q --no-hints "$dir")
hints=$(secs analyze -q "$dir")
printf "analyze with the what-if hints: %5.2f s, without: %5.2f s\n" "$hints" "$floor"
for p in "-p measured" "-p sync" "-p rework" "-p async" "-p async --cpus 2"; do
	# shellcheck disable=SC2086
	t=$(secs whatif -q $p "$dir")
	printf "whatif %-20s %d callbacks: %5.2f s (floor: read, model, analyses %5.2f s)\n" \
		"$p" "$cbs" "$t" "$floor"
done
