#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make bench: pmscope stats --html over 1,000 runs (copies of the skynet
# mem dmesg, 40 KB each): the time to read them and write the summary
# page, its size, and Chromium's time to load it (the target: under 2 s).
#   scripts/bench_summary.sh BUILD/pmscope
set -eu
bin=$1
top=$(cd "$(dirname "$0")/.." && pwd)
out=$(dirname "$bin")/bench-summary
runs=1000
mkdir -p "$out/runs"
if [ ! -s "$out/runs/run$runs.txt" ]; then
	i=1
	while [ $i -le $runs ]; do
		cp "$top/tests/fixtures/pmgraph-2014-skynet-mem-k3.15/skynet_mem_dmesg.txt" "$out/runs/run$i.txt"
		i=$((i + 1))
	done
fi
t0=$(date +%s.%N)
"$bin" stats -q --html "$out/summary.html" "$out/runs"
t1=$(date +%s.%N)
printf "stats --html of %d runs: %.2f s, page %.1f MB\n" "$runs" "$(echo "$t1 - $t0" | bc)" \
	"$(stat -c %s "$out/summary.html" | awk '{print $1 / 1e6}')"
if ! command -v chromium >/dev/null 2>&1; then
	echo "chromium not installed: no load time"
	exit 0
fi
t0=$(date +%s.%N)
timeout 300 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$out/chrome" \
	--window-size=1400,1000 --dump-dom "file://$(cd "$out" && pwd)/summary.html" 2>/dev/null > "$out/dom.html"
t1=$(date +%s.%N)
printf "chromium: summary page open in %s ms from navigation (target under 2000), whole browser run %.2f s, %s rows\n" \
	"$(sed -n 's/.*<body data-load-ms="\([0-9]*\)".*/\1/p' "$out/dom.html")" "$(echo "$t1 - $t0" | bc)" \
	"$(grep -c '<tr' "$out/dom.html")"
