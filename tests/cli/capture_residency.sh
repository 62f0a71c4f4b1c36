#!/bin/sh
# analyze RUN-DIR reads sys/sleep-stats.txt (what record saves before and
# after each cycle) into the report: a run folder written in make check-vm
# with the counts of an Intel s2idle cycle in place of QEMU's (which has no
# residency counter), shaped as pmc_core prints them.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
R=$FIXTURES/pmscope-record-qemu-q35-s3-k6.1-dat

mkdir -p "$T/run/sys"
cp "$R/dmesg.txt" "$T/run/"
cp "$R/sys/devices.txt" "$T/run/sys/"
cat > "$T/run/sys/sleep-stats.txt" <<'STATS'
[cycle 1 before]
mode: s2idle
clock.boottime_ns: 100000000000
clock.monotonic_ns: 90000000000
/sys/power/suspend_stats/success: 3
/sys/power/suspend_stats/fail: 0
/sys/kernel/debug/pmc_core/slp_s0_residency_usec: 1000000
[cycle 1 after]
mode: s2idle
clock.boottime_ns: 105402000000
clock.monotonic_ns: 90400000000
/sys/power/suspend_stats/success: 4
/sys/power/suspend_stats/fail: 0
/sys/kernel/debug/pmc_core/slp_s0_residency_usec: 5213000
/sys/power/pm_wakeup_irq: 9
STATS
"$PMSCOPE" analyze --json "$T/r.json" "$T/run" > "$T/out" 2>&1
is "analyzes cleanly" "$?" 0
# 5.213 - 1.000 s of SLP_S0 in (105.402 - 100) - (90.4 - 90) = 5.002 s asleep
ok "the cycle says how long the hardware slept" grep -q \
	"^  note: .*sleep-stats.txt:8: cycle 1: hardware sleep: 4.213 of 5.002 s (84.2%), pmc_core slp_s0_residency_usec \\[hw-sleep\\]$" "$T/out"
ok "and what woke it" grep -q "cycle 1: woken by IRQ 9 (/sys/power/pm_wakeup_irq)" "$T/out"
is "the JSON fact" "$(jq -r '.facts["hw_sleep.cycle1"]' "$T/r.json")" \
	"4.213 of 5.002 s (84.2%), pmc_core slp_s0_residency_usec"
is "a note of cycle 1" "$(jq -r "$FINDINGS"'[findings | select(.text | test("hardware sleep:")) | "\(.severity) \(.cycle)"] | join(",")' "$T/r.json")" "note 1"

# the counter stood still: a warning, the exit status stays 0
sed -i 's/slp_s0_residency_usec: 5213000/slp_s0_residency_usec: 1000000/' "$T/run/sys/sleep-stats.txt"
"$PMSCOPE" analyze "$T/run" > "$T/out" 2>&1
is "no residency: still exit 0" "$?" 0
ok "no residency: a warning" grep -q \
	"warning: .*cycle 1: the platform never reached its hardware sleep state: pmc_core slp_s0_residency_usec did not increase" "$T/out"

printf '[cycle 1 before]\nbogus\n' > "$T/run/sys/sleep-stats.txt"
"$PMSCOPE" analyze "$T/run" > "$T/out" 2>&1
is "a damaged file: still analyzes" "$?" 0
ok "a damaged file: file and line said" grep -q "sleep-stats.txt:2: not understood" "$T/out"
done_testing
