#!/bin/sh
# A large input restarts pmscope once with glibc's heap on huge pages
# (src/cmd/hugepages.c); the restart changes no report, a small input and
# a tunable the user set are left alone.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
F=$FIXTURES/qemu-q35-s3-async1-medium/trace.txt.xz

# 34 MB: the fixture's cycle (1110 callbacks, 2260 lines) again and again,
# each copy 10 s later
xz -dc "$F" | awk '
	/SUSPEND START/ { incycle = 1 }
	{ if (incycle) cyc[n++] = $0; else print }
	END {
		for (k = 0; k < 150; k++)
			for (i = 0; i < n; i++) {
				line = cyc[i]
				if (match(line, /[0-9]+\.[0-9]+: /)) {
					t = substr(line, RSTART, RLENGTH - 2) + 10 * k
					line = substr(line, 1, RSTART - 1) sprintf("%.6f", t) \
					       substr(line, RSTART + RLENGTH - 2)
				}
				print line
			}
	}' > "$T/big.txt"
ok "the input is over 32 MB ($(wc -c < "$T/big.txt") bytes)" test "$(wc -c < "$T/big.txt")" -gt 33554432

env -u GLIBC_TUNABLES "$PMSCOPE" analyze -q -s --json "$T/huge.json" "$T/big.txt" 2> "$T/huge.err"
is "a large input: the heap on huge pages" "$(grep -c 'heap on huge pages' "$T/huge.err")" 1
is "150 cycles of 1110 callbacks" "$(sed -n 's/^pmscope: model: \([0-9]*\) cycles, \([0-9]*\) callbacks.*/\1 \2/p' "$T/huge.err")" \
   "150 166500"
GLIBC_TUNABLES=glibc.malloc.hugetlb=0 "$PMSCOPE" analyze -q -s --json "$T/small.json" "$T/big.txt" \
	2> "$T/small.err"
is "the user's tunable is kept: no restart" "$(grep -c 'heap on huge pages' "$T/small.err")" 0
ok "with and without: the same JSON" cmp "$T/huge.json" "$T/small.json"
GLIBC_TUNABLES=glibc.malloc.tcache_count=0 "$PMSCOPE" analyze -q -s "$T/big.txt" 2> "$T/other.err" > /dev/null
is "another tunable of the user's: kept beside it" "$(grep -c 'heap on huge pages' "$T/other.err")" 1
env -u GLIBC_TUNABLES "$PMSCOPE" analyze -q -s "$F" 2> "$T/fixture.err" > /dev/null
is "a small input: no restart" "$(grep -c 'heap on huge pages' "$T/fixture.err")" 0
cp "$T/big.txt" "$T/old.json"	# a large output left from an earlier run
env -u GLIBC_TUNABLES "$PMSCOPE" analyze -q -s --json "$T/old.json" "$F" 2> "$T/out.err" > /dev/null
is "an output's old file is not input: no restart" "$(grep -c 'heap on huge pages' "$T/out.err")" 0
env -u GLIBC_TUNABLES "$PMSCOPE" analyze -q -s - < "$T/big.txt" 2> "$T/stdin.err" > /dev/null
is "standard input: read as it is, in the first start" "$(sed -n 's/^pmscope: model: \([0-9]*\) cycles.*/\1/p' "$T/stdin.err")" 150
done_testing
