#!/bin/sh
# Kernel log parsing speed and memory on a >= 200 MB log built from a real
# one: the S3 cycle of tests/fixtures/qemu-q35-s3-async1-medium repeated
# with shifted time stamps (plus its boot once), so every line is real.
set -eu
bin=$1
top=$(cd "$(dirname "$0")/.." && pwd)
src="$top/tests/fixtures/qemu-q35-s3-async1-medium/dmesg.txt"
big="$top/build/bench/dmesg-big.txt"
mb=${BENCH_DMESG_MB:-220}
mkdir -p "$(dirname "$big")"
if [ ! -f "$big" ] || [ "$(stat -c %s "$big")" -lt $((mb * 1000000)) ]; then
	echo "building $big (${mb} MB of real cycles)..."
	awk -v want=$((mb * 1000000)) '
	/PM: suspend entry/ { incycle = 1 }
	{ if (incycle) cyc[n++] = $0; else boot[m++] = $0 }
	/PM: suspend exit/ { incycle = 0 }
	END {
		for (i = 0; i < m; i++) { print boot[i]; size += length(boot[i]) + 1 }
		for (k = 0; size < want; k++) {
			for (i = 0; i < n; i++) {
				line = cyc[i]
				if (match(line, /^\[ *[0-9]+\.[0-9]+\]/)) {
					t = substr(line, 2, RLENGTH - 2) + 0 + 10 * (k + 1)
					line = sprintf("[%12.6f]", t) substr(line, RLENGTH + 1)
				}
				print line
				size += length(line) + 1
			}
		}
	}' "$src" > "$big.tmp"
	mv "$big.tmp" "$big"
fi
size=$(stat -c %s "$big")
cat "$big" > /dev/null	# same page cache state for both runs
t0=$(date +%s.%N); lines=$(wc -l < "$big"); t1=$(date +%s.%N)
awk -v s="$size" -v l="$lines" -v a="$t0" -v b="$t1" 'BEGIN {
	d = b - a; printf "wc -l (floor):   %.1f MB, %d lines in %.3f s: %.0f MB/s, %.0f lines/s\n", s/1e6, l, d, s/1e6/d, l/d }'
printf "pmscope analyze: "
"$bin" analyze -q -s --json /dev/null "$big" 2>&1 >/dev/null | sed 's/^pmscope: //'
cycles=$("$bin" analyze -q --json - "$big" | jq '.cycles|length')
echo "cycles found: $cycles (boot + repeated S3 cycles)"
