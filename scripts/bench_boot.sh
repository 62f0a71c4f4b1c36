#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make bench: boots. A generated initcall_debug log of 5,000 and of 50,000
# initcalls (80% built-in on pid 1, each tenth with a probe line naming no
# thread, then "Run /init" and the rest as module initcalls, each on a
# loader of its own, a third of them queuing no work), to see that reading
# and the boot critical path grow linearly (50k / 5k should be near 10);
# then a function_graph boot trace of BENCH_BOOT_MB (default 1000) MB
# made from the real one of tests/fixtures/qemu-q35-boot-fgraph-async
# (its kernel_init initcalls and async work repeated with shifted time
# stamps). wc -l on the same file is the floor. Files live in a temporary
# folder, deleted at the end.
#   scripts/bench_boot.sh BUILD/pmscope
set -eu
bin=$1
top=$(cd "$(dirname "$0")/.." && pwd)
fx=$top/tests/fixtures
mb=${BENCH_BOOT_MB:-1000}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pmscope-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# genlog N > OUT: an initcall_debug boot log of N initcalls
genlog() {
	awk -v n="$1" 'BEGIN {
		t = 0; nb = int(n * 0.8)
		printf "[%12.6f] Linux version 6.1.0-bench (bench@pmscope) #1 SMP\n", t
		for (i = 0; i < n; i++) {
			if (i == nb) {
				t += 0.002; printf "[%12.6f] Freeing unused kernel image (initmem) memory: 2824K\n", t
				t += 0.001; printf "[%12.6f] Run /init as init process\n", t
			}
			pid = i < nb ? 1 : 1000 + i
			us = 20 + (i * 7919) % 900
			t += 0.000010
			printf "[%12.6f] calling  bench_init_%d+0x0/0x40 @ %d\n", t, i, pid
			if (i % 10 == 0) {
				t += us / 2e6
				printf "[%12.6f] probe of bench%d returned 0 after %d usecs\n", t, i, us / 3
				t += us / 2e6
			} else
				t += us / 1e6
			printf "[%12.6f] initcall bench_init_%d+0x0/0x40 returned 0 after %d usecs\n", t, i, us
			if (i >= nb) t += 0.000300	# user space between two loads
		}
	}'
}

# "WALL CPU" seconds of one analyze (JSON with the critical paths); CPU
# time is what a busy machine does not inflate
timed() {
	t0=$(date +%s.%N)
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f "%U %S" -o "$tmp/cpu" "$bin" analyze -q --json /dev/null "$1" \
			> /dev/null 2>&1 || true
	else
		"$bin" analyze -q --json /dev/null "$1" > /dev/null 2>&1 || true
		echo "- -" > "$tmp/cpu"
	fi
	t1=$(date +%s.%N)
	awk -v a="$t0" -v b="$t1" '{ printf "%.3f %s", b - a, ($1 == "-" ? "-" : $1 + $2) }' "$tmp/cpu"
}

floor() {
	cat "$1" > /dev/null
	t0=$(date +%s.%N); lines=$(wc -l < "$1"); t1=$(date +%s.%N)
	awk -v s="$(stat -c %s "$1")" -v l="$lines" -v a="$t0" -v b="$t1" 'BEGIN {
		printf "%.1f MB, %d lines; wc -l (floor) %.3f s", s / 1e6, l, b - a }'
}

for n in 5000 50000; do
	genlog $n > "$tmp/boot$n.txt"
	echo "boot log of $n initcalls: $(floor "$tmp/boot$n.txt")"
	printf "  pmscope: "
	"$bin" analyze -q -s --json /dev/null "$tmp/boot$n.txt" 2>&1 >/dev/null | sed 's/^pmscope: //' | head -1
	timed "$tmp/boot$n.txt" > "$tmp/t$n"
	awk '{ printf "  whole analyze (boot totals, critical path, JSON): %s s, CPU %s s\n", $1, $2 }' "$tmp/t$n"
done
paste "$tmp/t5000" "$tmp/t50000" | awk '{
	printf "50,000 / 5,000 initcalls: %.1f x the CPU time (linear: about 10)\n", ($2 > 0 ? $4 / $2 : 0) }'

# The real function_graph boot trace: its header and kernel_init lines
# once, then its async work and pid 1 initcalls again and again, each copy
# STEP seconds later, until the size is reached.
src=$fx/qemu-q35-boot-fgraph-async/trace.txt.xz
avail=$(df -Pk "$tmp" | awk 'NR == 2 { print int($4 / 1024) }')
if [ "$avail" -lt $((mb * 2)) ]; then
	echo "note: $avail MB free in $tmp: function_graph trace scaled down to $((avail / 3)) MB"
	mb=$((avail / 3))
fi
xz -dc "$src" | awk -v want=$((mb * 1000000)) -v step=30 '
	function shift(line, k,   t) {
		if (match(line, /^ *[0-9]+\.[0-9]+ \|/)) {
			t = substr(line, 1, RLENGTH - 2) + step * k
			return sprintf("%12.6f |", t) substr(line, RLENGTH + 1)
		}
		return line
	}
	/^#/ { print; next }
	{ body[n++] = $0 }
	END {
		for (k = 0; size < want; k++)
			for (i = 0; i < n; i++) {
				line = shift(body[i], k)
				print line
				size += length(line) + 1
			}
	}' > "$tmp/fgraph.txt"
echo "function_graph boot trace: $(floor "$tmp/fgraph.txt")"
printf "  pmscope: "
"$bin" analyze -q -s --json /dev/null "$tmp/fgraph.txt" 2>&1 >/dev/null | sed 's/^pmscope: //' | head -1
timed "$tmp/fgraph.txt" | awk '{ printf "  whole analyze (boot totals, critical path, JSON): %s s, CPU %s s\n", $1, $2 }'
