#!/bin/sh
# Speed work changes no report (issue 12): every fixture's text, JSON,
# SVG and stderr, with the exit status, hash to what tests/reports.sums
# holds. A change meant to change reports writes the file anew
# (make report-sums) in the same commit, so the inputs whose reports it
# changes show in its diff; scripts/same-reports.sh OLD NEW shows how.
. "$(dirname "$0")/../tap.sh"
top=$(cd "$(dirname "$0")/../.." && pwd)
want=$top/tests/reports.sums
got=$TMPDIR_TEST/sums

sh "$top/scripts/same-reports.sh" --sums "$PMSCOPE" > "$got"
is "reports of $(wc -l < "$want") fixture outputs hashed" "$(wc -l < "$got")" "$(wc -l < "$want")"
# differ WANT GOT: the outputs whose hashes differ, or that one side lacks
differ() {
	awk 'NR == FNR { sum[$2] = $1; next }
	     { if (sum[$2] != $1) print $2; delete sum[$2] }
	     END { for (f in sum) print f }' "$1" "$2" | LC_ALL=C sort
}
is "every fixture's reports as tests/reports.sums holds them" "$(differ "$want" "$got")" ""
# the check itself: a hash changed by a byte, and one output missing
sed '1s/^./x/; $d' "$want" > "$TMPDIR_TEST/bent"
is "a changed and a missing output are told" "$(differ "$TMPDIR_TEST/bent" "$want" | tr '\n' ' ')" \
   "$( (sed -n '1s/^[^ ]*  //p' "$want"; sed -n '$s/^[^ ]*  //p' "$want") | LC_ALL=C sort | tr '\n' ' ')"
done_testing
