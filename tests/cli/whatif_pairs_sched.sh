#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# pmscope whatif against real kernels with the scheduler's events (issue
# 38): tests/fixtures/qemu-q35-s3x3-pairs-sched, the QEMU q35 guest of
# whatif_pairs.sh recorded again with sched_switch and sched_waking, three
# S3 cycles per boot, Linux 6.12 and 7.2, pm_async 1 and 0, device sets
# big, medium and small. pmscope(1) (WHAT-IF, Accuracy on real pairs)
# prints these figures in its second table, held to them here.
. "$(dirname "$0")/../tap.sh"

P=$FIXTURES/qemu-q35-s3x3-pairs-sched
T=$TMPDIR_TEST
M="$(cd "$(dirname "$0")/../.." && pwd)/man/pmscope.1"

# as whatif_pairs.sh: sync within the target's spread plus 10 points, the
# other kernel's rules within the spread; where the model does not get
# there, the bound is what it reaches, rounded up (a known miss, pmscope(1)
# says why)
cat > "$T/pairs" <<EOF2
k6.12-async1-big sync k6.12-async0-big suspend +10
k6.12-async1-big sync k6.12-async0-big resume 23
k7.2-async1-big sync k7.2-async0-big suspend 29
k7.2-async1-big sync k7.2-async0-big resume 17
k6.12-async1-medium sync k6.12-async0-medium suspend +10
k6.12-async1-medium sync k6.12-async0-medium resume +10
k7.2-async1-medium sync k7.2-async0-medium suspend +10
k7.2-async1-medium sync k7.2-async0-medium resume +10
k6.12-async1-small sync k6.12-async0-small suspend +10
k6.12-async1-small sync k6.12-async0-small resume +10
k7.2-async1-small sync k7.2-async0-small suspend +10
k7.2-async1-small sync k7.2-async0-small resume +10
k6.12-async1-big rework k7.2-async1-big suspend 48
k6.12-async1-big rework k7.2-async1-big resume +0
k7.2-async1-big upfront k6.12-async1-big suspend 183
k7.2-async1-big upfront k6.12-async1-big resume +0
k6.12-async1-medium rework k7.2-async1-medium suspend +0
k6.12-async1-medium rework k7.2-async1-medium resume +0
k7.2-async1-medium upfront k6.12-async1-medium suspend +0
k7.2-async1-medium upfront k6.12-async1-medium resume +0
k6.12-async1-small rework k7.2-async1-small suspend +0
k6.12-async1-small rework k7.2-async1-small resume +0
k7.2-async1-small upfront k6.12-async1-small suspend +0
k7.2-async1-small upfront k6.12-async1-small resume +0
EOF2

# every run replayed as measured: each phase of each cycle to the
# nanosecond, with the sleeps read
for d in "$P"/k*; do
	r=$(basename "$d")
	"$PMSCOPE" whatif -q -j "$T/$r.measured.json" "$d" 2>/dev/null
	is "$r: measured, every phase exact" \
		"$(jq '[.cycles[] | select(.mode != "boot") | .phases[] |
			select(.predicted_ns != .measured_ns)] | length' "$T/$r.measured.json")" 0
done

. "$(dirname "$0")/../pairs.sh"
TABLE=2
check_pairs "$T/pairs"

# the same traces without the scheduler's two events: the async callbacks'
# sleeps taken for CPU time shared, 7.2 medium's sync suspend comes out
# 52% short (a miss: 11% spread), against 12% short with them
mkdir -p "$T/nosched"
for r in k7.2-async1-medium k7.2-async0-medium; do
	mkdir -p "$T/nosched/$r"
	cp -r "$P/$r/sys" "$P/$r/dmesg.txt.xz" "$T/nosched/$r/"
	xz -dc "$P/$r/trace.txt.xz" | grep -v -E ' sched_(switch|waking): ' > "$T/nosched/$r/trace.txt"
	"$PMSCOPE" whatif -q -j "$T/$r.measured.json" "$T/nosched/$r" 2>/dev/null
done
P=$T/nosched
set -- $(errs k7.2-async1-medium sync k7.2-async0-medium suspend)
is "without sched_switch and sched_waking: 7.2 medium's sync suspend" "$1" -51.5

done_testing
