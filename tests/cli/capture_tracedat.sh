#!/bin/sh
# record's trace.dat (a run folder written in make check-vm, SOURCE.md):
# the folder is analyzed from it, with nanosecond stamps and the same
# callbacks as its trace.txt; an unreadable trace.dat falls back to the text.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
R=$FIXTURES/pmscope-record-qemu-q35-s3-k6.1-dat

"$PMSCOPE" analyze -q --json "$T/dat.json" "$R" > "$T/out" 2>&1
is "analyzes cleanly" "$?" 0
j() { jq -r "$2" "$T/$1.json"; }
is "read from trace.dat, not trace.txt" \
	"$(j dat '[.sources[] | select(test("trace\\.(dat|txt)$")) | sub(".*/"; "")] | join(",")')" trace.dat
is "496 callbacks (248 device_pm_callback_start lines in each phase pass of trace.txt)" \
	"$(j dat '[.cycles[].callbacks[]] | length')" 496
# trace.txt lines 586-588: rtc_cmos 00:04 resume 17.484474 to 17.486123;
# trace-cmd report -t: 17.484473760 to 17.486122864 (dmesg: 1661 usecs)
is "rtc_cmos 00:04 resume in nanoseconds" \
	"$(j dat '.cycles[0].callbacks[] | select(.device == "00:04" and .phase == "resume") | "\(.start_ns) \(.end_ns) \(.kernel_us)"')" \
	"17484473760 17486122864 1661"

mkdir -p "$T/txt"
cp -r "$R/dmesg.txt" "$R/trace.txt" "$R/sys" "$T/txt/"
"$PMSCOPE" analyze -q --json "$T/txt.json" "$T/txt" > "$T/out" 2>&1
cbs() { jq -c '.cycles[].callbacks[] | [.device, .phase, (.start_ns / 1000 | round),
	(.end_ns / 1000 | round), .pid, .async, .ret]' "$T/$1.json"; }
cbs dat > "$T/dat.cbs"
cbs txt > "$T/txt.cbs"
is "the same callbacks as trace.txt alone, to its microsecond" "$(diff "$T/txt.cbs" "$T/dat.cbs")" ""

mkdir -p "$T/bad"
cp -r "$R/dmesg.txt" "$R/trace.txt" "$R/sys" "$T/bad/"
head -c 100 "$R/trace.dat" > "$T/bad/trace.dat"
"$PMSCOPE" analyze -q --json "$T/bad.json" "$T/bad" > "$T/out" 2>&1
is "a cut trace.dat: still analyzes" "$?" 0
is "a cut trace.dat: the callbacks come from trace.txt" \
	"$(j bad '[.cycles[].callbacks[].source | select(test("trace")) | sub(".*/"; "")] | unique | join(",")')" trace.txt
is "a cut trace.dat: said" "$(j bad "$FINDINGS"'[findings | select(.text | test("not used"))] | length')" 1
is "a cut trace.dat: the same callbacks" "$(cbs bad | diff "$T/txt.cbs" -)" ""

# A trace.dat that breaks half way: 64 bytes of 0xff in the middle of CPU 1's
# data (offset 61440 + 12288 in the flyrecord section) make libtraceevent
# crash after 793 of its events (the child writes out what it read before,
# from its signal handler). What it gave is dropped, or the callbacks of
# trace.txt would come on top of those: 496, not 847.
mkdir -p "$T/half"
cp -r "$R/dmesg.txt" "$R/trace.txt" "$R/trace.dat" "$R/sys" "$T/half/"
printf '\377%.0s' $(seq 64) | dd of="$T/half/trace.dat" bs=1 seek=73728 conv=notrunc 2> /dev/null
"$PMSCOPE" analyze -q --json "$T/alone.json" "$T/half/trace.dat" > "$T/out" 2>&1
ok "a damaged trace.dat alone: read up to event 793" grep -q 'crashed .* after 793 events' "$T/out"
"$PMSCOPE" analyze -q --json "$T/half.json" "$T/half" > "$T/out" 2>&1
is "a trace.dat broken half way: still analyzes" "$?" 0
is "a trace.dat broken half way: said" \
	"$(j half "$FINDINGS"'[findings | select(.text | test("trace.dat: .* after 793 events.*read from .*/trace.txt instead")) ] | length')" 1
is "a trace.dat broken half way: the callbacks of trace.txt, none twice" \
	"$(cbs half | diff "$T/txt.cbs" -)" ""
is "a trace.dat broken half way: not among the sources" \
	"$(j half '[.sources[] | select(test("trace\\.(dat|txt)$")) | sub(".*/"; "")] | join(",")')" trace.txt
# The child that reads a trace.dat dies with its parent: stopped (it would
# stay so, as a child busy in libtracecmd would run on), it is gone once
# the parent is killed. A trace.dat big enough to catch the child at work
# is made from the fixture's pages by make bench's generator.
alive() {
	st=
	read -r st < "/proc/$1/stat" 2>/dev/null || return 1
	st=${st##*) }
	[ "${st%% *}" != Z ]
}
dead() { ! alive "$1"; }
if ${CC:-cc} -o "$T/datgen" "$(dirname "$0")/../tools/datgen.c" 2>/dev/null &&
   "$T/datgen" "$R/trace.dat" 100000000 1000000000 > "$T/big.dat"; then
	"$PMSCOPE" analyze -q "$T/big.dat" > /dev/null 2>&1 &
	parent=$!
	child= i=0
	while [ -z "$child" ] && [ $i -lt 1000 ]; do
		child=$(pgrep -P $parent)
		i=$((i + 1))
		[ -n "$child" ] || sleep 0.01
	done
	ok "the trace.dat reader's child is there" test -n "$child"
	kill -STOP $child
	kill -KILL $parent
	wait $parent 2>/dev/null
	i=0
	while alive $child && [ $i -lt 200 ]; do sleep 0.01; i=$((i + 1)); done
	ok "the child died with its parent" dead $child
	kill -KILL $child 2>/dev/null
else
	n=$((n + 1))
	echo "ok $n - the child dies with its parent # SKIP no C compiler for tests/tools/datgen.c"
fi
done_testing
