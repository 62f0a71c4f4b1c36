#!/bin/sh
# pmscope whatif against real kernels (issue 38): the QEMU q35 guest of
# tests/fixtures/qemu-q35-s3x3-pairs, three S3 cycles per boot, Linux
# 6.12 and 7.2, pm_async 1 and 0, device sets big, medium and small.
# A prediction's error is the mean of its cycles' predicted phase against
# the mean of the target run's measured one; the target's spread is its
# cycles' (max - min) / mean. pmscope(1) (WHAT-IF, Accuracy on real
# pairs) prints the table these lines print as comments; its suspend and
# resume columns are held to them (whole %), so the page stays true when
# the model changes.
. "$(dirname "$0")/../tap.sh"

P=$FIXTURES/qemu-q35-s3x3-pairs
T=$TMPDIR_TEST
M="$(cd "$(dirname "$0")/../.." && pwd)/man/pmscope.1"

# pm_async 1 predicted as pm_async 0 must stay within the target's spread
# plus 10 points, the 6.12/7.2 rules within its spread. Where the model
# does not get there, or only to the tenth of a point, the bound is what
# it reaches, rounded up (a known miss, pmscope(1) says why): 7.2's async suspend callbacks took about
# their own time, 6.12's three to six times it, so CPU sharing from the
# run's 2 CPUs cannot fit both; and 6.12's suspend against 7.2's also
# differs by the drivers (nvme, sd: 7.2's take longer alone, shorter
# async).
cat > "$T/pairs" <<EOF
k6.12-async1-big sync k6.12-async0-big suspend +10
k6.12-async1-big sync k6.12-async0-big resume +10
k7.2-async1-big sync k7.2-async0-big suspend 60
k7.2-async1-big sync k7.2-async0-big resume +10
k6.12-async1-medium sync k6.12-async0-medium suspend +10
k6.12-async1-medium sync k6.12-async0-medium resume +10
k7.2-async1-medium sync k7.2-async0-medium suspend +10
k7.2-async1-medium sync k7.2-async0-medium resume +10
k6.12-async1-small sync k6.12-async0-small suspend +10
k6.12-async1-small sync k6.12-async0-small resume +10
k7.2-async1-small sync k7.2-async0-small suspend +10
k7.2-async1-small sync k7.2-async0-small resume +10
k6.12-async1-big rework k7.2-async1-big suspend 195
k6.12-async1-big rework k7.2-async1-big resume +0
k7.2-async1-big upfront k6.12-async1-big suspend +0
k7.2-async1-big upfront k6.12-async1-big resume +0
k6.12-async1-medium rework k7.2-async1-medium suspend +0
k6.12-async1-medium rework k7.2-async1-medium resume 7
k7.2-async1-medium upfront k6.12-async1-medium suspend 35
k7.2-async1-medium upfront k6.12-async1-medium resume +0
k6.12-async1-small rework k7.2-async1-small suspend +0
k6.12-async1-small rework k7.2-async1-small resume 17
k7.2-async1-small upfront k6.12-async1-small suspend +0
k7.2-async1-small upfront k6.12-async1-small resume +0
EOF

# every run replayed as measured: each phase of each cycle given back to
# the nanosecond (the replay's self-check, with the held devices and the
# shared resources it infers)
for d in "$P"/k*; do
	r=$(basename "$d")
	"$PMSCOPE" whatif -q -j "$T/$r.measured.json" "$d" 2>/dev/null
	is "$r: measured, every phase exact" \
		"$(jq '[.cycles[] | select(.mode != "boot") | .phases[] |
			select(.predicted_ns != .measured_ns)] | length' "$T/$r.measured.json")" 0
done
is "the big runs' resume: the xHCI's USB devices inferred as a queue" \
	"$(jq -c '[.cycles[].shared[] | select(.phase == "resume") | .device] | unique' \
		"$T/k6.12-async1-big.measured.json")" '["0000:00:03.0"]'
is "  as 7.2's" "$(jq -c '[.cycles[].shared[] | select(.phase == "resume") | .device] | unique' \
		"$T/k7.2-async1-big.measured.json")" '["0000:00:03.0"]'
is "no resource in a pm_async 0 run (nothing ran side by side)" \
	"$(jq '[.cycles[].shared[]] | length' "$T/k6.12-async0-big.measured.json")" 0

# PHASE of SRC under POLICY against TGT: "error spread" in % (one decimal)
errs() {
	"$PMSCOPE" whatif -q -p "$2" -j "$T/pred.json" "$P/$1" 2>/dev/null
	jq -n -r --slurpfile p "$T/pred.json" --slurpfile m "$T/$3.measured.json" --arg ph "$4" '
		def mean(a): (a | add) / (a | length);
		def ns(f; k): [f[0].cycles[] | select(.mode != "boot") | .phases[] |
			select(.name == $ph) | .[k]];
		ns($p; "predicted_ns") as $pp | ns($m; "measured_ns") as $mm |
		(mean($pp) / mean($mm) - 1) as $e |
		((($mm | max) - ($mm | min)) / mean($mm)) as $s |
		def pc(x; k): x * k | round;
		def man(x): if x > 0 then "+\(x)" elif x < 0 then "\\-\(-x)" else "0" end;
		"\(pc($e; 1000) / 10) \(pc($s; 1000) / 10) \(man(pc($e; 100)))/\(pc($s; 100))"'
}

# pmscope(1)'s cell for SRC POLICY PHASE in "Accuracy on real pairs"
# (error/spread in whole %): its row "6.12 big, sync" or "big, rework",
# the suspend phase its 1st column, resume its 6th.
man_cell() {
	case $2 in
	sync) row="${1#k}" row="${row%%-*} ${1##*-}, sync" ;;
	*) row="${1##*-}, $2" ;;
	esac
	case $3 in suspend) col=2 ;; resume) col=7 ;; *) return ;; esac
	grep "^\.It $row Ta " "$M" | awk -F ' Ta ' -v c="$col" '{ print $c }'
}

while read -r src pol tgt ph bound; do
	# shellcheck disable=SC2046 # its three words
	set -- $(errs "$src" "$pol" "$tgt" "$ph") "" "" ""
	err=$1 spread=$2 cell=$3
	case $bound in
	+*) lim=$(awk -v s="$spread" -v b="${bound#+}" 'BEGIN { print s + b }')
	    what="spread $spread% + $bound" ;;
	*) lim=$bound what="known miss, $bound%" ;;
	esac
	echo "# $src -p $pol -> $tgt $ph: error $err%, spread $spread%"
	ok "$src -p $pol, $ph against $tgt: $err% within $what" \
		awk -v e="$err" -v l="$lim" 'BEGIN { exit !(e != "" && e <= l && -e <= l) }'
	is "  pmscope(1)'s table says so" "$(man_cell "$src" "$pol" "$ph")" "$cell"
done < "$T/pairs"

done_testing
