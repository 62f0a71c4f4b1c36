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

. "$(dirname "$0")/../pairs.sh"
TABLE=1
check_pairs "$T/pairs"

done_testing
