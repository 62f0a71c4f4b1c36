#!/bin/sh
# make bench: run every scripts/bench_*.sh with the binary under test.
set -eu
bin=$1
for b in "$(dirname "$0")"/bench_*.sh; do
	[ -f "$b" ] || continue
	echo "== $(basename "$b" .sh)"
	sh "$b" "$bin"
done
