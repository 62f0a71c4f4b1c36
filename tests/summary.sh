#!/bin/sh
# One closing line for the whole `make check`: N passed, N failed.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
pass=0 fail=0
for b in "$@"; do
	f="$top/$b/test-results.tap"
	if [ ! -f "$f" ]; then
		echo "not ok - no results for $b"
		fail=$((fail + 1))
		continue
	fi
	p=$(grep -c '^ok ' "$f")
	n=$(grep -c '^not ok ' "$f")
	# A sanitizer report or a crash shows outside TAP: count it as a failure.
	s=$(grep -c -E '^(==[0-9]+==ERROR|.*runtime error:|.*Segmentation fault)' "$f")
	if [ "$n" -gt 0 ] || [ "$s" -gt 0 ]; then
		grep -E '^not ok |==ERROR|runtime error:' "$f" | sed "s|^|$b: |"
	fi
	pass=$((pass + p)); fail=$((fail + n + s))
done
if [ "$((pass + fail))" -eq 0 ]; then
	echo "no tests ran"
	exit 1
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
