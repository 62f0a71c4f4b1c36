#!/bin/sh
# make demo: analyze a bundled real log and show what pmscope says.
set -eu
bin=$1
top=$(cd "$(dirname "$0")/.." && pwd)
log="$top/tests/fixtures/kernel5.8-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt"
out="$top/build/demo"
mkdir -p "$out"
echo "pmscope demo: a Dell XPS 13 9360 whose resume took 12 s (Linux 5.8, linux-usb, 2020-07-08)"
echo "  $bin analyze --top 8 --json $out/report.json --html $out/report.html $log"
echo
rc=0
"$bin" analyze --top 8 --json "$out/report.json" --html "$out/report.html" "$log" || rc=$?
echo
echo "exit status $rc (1 = the log shows a failure; see pmscope(1))"
echo "open $out/report.html in a browser for the timeline"
[ "$rc" -le 1 ]
