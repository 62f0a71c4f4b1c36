#!/bin/sh
# Memory per cycle: 20,000 short S3 cycles (the lines a kernel without
# pm_print_times prints, as in a stress test's log), analyzed with and
# without a timeline. The timeline may add what it draws, not a fixed
# block per cycle (it held 48 KB each: 0.9 GB here; issue 15).
set -eu
bin=$1
top=$(cd "$(dirname "$0")/.." && pwd)
log="$top/build/bench/cycles-20k.txt"
mkdir -p "$(dirname "$log")"
[ -f "$log" ] || awk 'BEGIN { for (k = 0; k < 20000; k++) { t = 10 + k * 2
	printf "[%12.6f] PM: suspend entry (deep)\n", t
	printf "[%12.6f] Filesystems sync: 0.001 seconds\n", t + 0.01
	printf "[%12.6f] Freezing user space processes ... (elapsed 0.001 seconds) done.\n", t + 0.02
	printf "[%12.6f] PM: suspend devices took 0.100 seconds\n", t + 0.12
	printf "[%12.6f] ACPI: PM: Preparing to enter system sleep state S3\n", t + 0.13
	printf "[%12.6f] ACPI: PM: Waking up from system sleep state S3\n", t + 0.5
	printf "[%12.6f] PM: resume devices took 0.200 seconds\n", t + 0.7
	printf "[%12.6f] OOM killer enabled.\n", t + 0.71
	printf "[%12.6f] PM: suspend exit\n", t + 0.72 } }' > "$log"
# pmscope -s prints the process's peak RSS (getrusage) in MB
rss() { "$@" 2>&1 >/dev/null | sed -n 's/.*peak RSS \([0-9.]*\) MB.*/\1/p'; }
out="$top/build/bench/cycles.svg"
a=$(rss "$bin" analyze -q -s "$log")
b=$(rss "$bin" analyze -q -s --svg "$out" "$log")
awk -v a="$a" -v b="$b" 'BEGIN {
	printf "20000 cycles: peak RSS %.1f MB text only, %.1f MB with --svg: %.2f KB per cycle for the timeline (bound 4 KB)\n",
		a, b, (b - a) * 1024 / 20000 }'
