#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The rows of pmscope(1)'s "Accuracy on real pairs" tables, from a pairs
# fixture (tests/fixtures/qemu-q35-s3x3-pairs*): for each prediction,
# error/spread in whole % per device phase and for the suspend and
# resume totals, as tests/cli/whatif_pairs.sh computes them.
#   scripts/whatif-accuracy.sh PMSCOPE PAIRS-DIR
set -eu
P=$1 D=$2 T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
for d in "$D"/k*/; do
	"$P" whatif -q -j "$T/$(basename "$d").m.json" "$d" 2>/dev/null
done
row() {	# row LABEL SRC POLICY TGT
	[ -d "$D/$2" ] && [ -d "$D/$4" ] || return 0
	"$P" whatif -q -p "$3" -j "$T/p.json" "$D/$2" 2>/dev/null
	jq -n -r --slurpfile p "$T/p.json" --slurpfile m "$T/$4.m.json" --arg l "$1" '
		def mean(a): (a | add) / (a | length);
		def sleeps(f): [f[0].cycles[] | select(.mode != "boot")];
		def cell(pp; mm): (mean(pp) / mean(mm) - 1) as $e |
			(((mm | max) - (mm | min)) / mean(mm)) as $s |
			($e * 100 | round) as $x |
			(if $x > 0 then "+\($x)" elif $x < 0 then "\\-\(-$x)" else "0" end) +
			"/\($s * 100 | round)";
		def ph(k): [sleeps($p) | .[] | .phases[] | select(.name == k) | .predicted_ns] as $pp |
			[sleeps($m) | .[] | .phases[] | select(.name == k) | .measured_ns] as $mm |
			cell($pp; $mm);
		def tot(k): cell([sleeps($p) | .[] | .predicted[k]]; [sleeps($m) | .[] | .measured[k]]);
		".It \($l) Ta " + ([ph("suspend"), ph("suspend_late"), ph("suspend_noirq"),
			ph("resume_noirq"), ph("resume_early"), ph("resume"),
			tot("suspend_ns"), tot("resume_ns")] | join(" Ta "))'
}
for set in big medium small; do
	for k in 6.12 7.2; do
		row "$k $set, sync" "k$k-async1-$set" sync "k$k-async0-$set"
	done
done
for set in big medium small; do
	row "$set, rework" "k6.12-async1-$set" rework "k7.2-async1-$set"
	row "$set, upfront" "k7.2-async1-$set" upfront "k6.12-async1-$set"
done
