#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# whatif: a callback's thread the scheduler switched out asleep
# (sched:sched_switch, prev_state other than R) needed no CPU then
# (issue 38). Two async sd callbacks on one CPU, 100 ms each, side by
# side: without the scheduler's events the model takes them as sharing
# the CPU (each 50 ms alone, one after the other 100 ms); with them, each
# slept 90 ms of its 100 waiting for its disk, so one after the other
# takes 200 ms. A thread preempted (R, R+) still wanted the CPU.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST

L() { printf '%16s-%-5s [000] .....   %s: %s\n' "$1" "$2" "$3" "$4"; }
sw() {	# sw TIME PREV PREV_PID STATE NEXT NEXT_PID
	L "$2" "$3" "$1" "sched_switch: prev_comm=$2 prev_pid=$3 prev_prio=120 prev_state=$4 ==> next_comm=$5 next_pid=$6 next_prio=120"
}
phase() { L init 1 "$1" "suspend_resume: $2"; }
trace() {	# trace STATE: the first switch of each worker out
	echo '# tracer: nop'; echo '#'
	echo '# entries-in-buffer/entries-written: 30/30   #P:1'; echo '#'
	phase 100.000000 'suspend_enter[3] begin'
	phase 100.001000 'suspend_enter[3] end'
	phase 100.002000 'dpm_suspend[2] begin'
	L kworker/0:1 101 100.003000 'device_pm_callback_start: sd 0:0:0:0, parent: target0:0:0, [suspend]'
	L kworker/0:2 102 100.003000 'device_pm_callback_start: sd 1:0:0:0, parent: target1:0:0, [suspend]'
	if [ -n "$1" ]; then
		sw 100.008000 kworker/0:1 101 "$1" kworker/0:2 102
		sw 100.010000 kworker/0:2 102 "$1" swapper/0 0
		sw 100.098000 swapper/0 0 R kworker/0:1 101
		sw 100.099000 kworker/0:1 101 R+ kworker/0:2 102
		sw 100.101000 kworker/0:2 102 R+ kworker/0:1 101
	fi
	L kworker/0:1 101 100.103000 'device_pm_callback_end: sd 0:0:0:0, err=0'
	L kworker/0:2 102 100.103000 'device_pm_callback_end: sd 1:0:0:0, err=0'
	phase 100.104000 'dpm_suspend[2] end'
	phase 100.200000 'dpm_resume[16] begin'
	phase 100.201000 'dpm_resume[16] end'
	phase 100.208000 'resume_console[3] end'
}
suspend() {	# suspend FILE: measured and predicted suspend phase, ms
	"$PMSCOPE" whatif -q -p sync --cpus 1 -j "$T/w.json" "$1" 2>"$T/err"
	jq -r '.cycles[0].phases[] | select(.name == "suspend") |
		"\(.measured_ns / 1e6) \(.predicted_ns / 1e6)"' "$T/w.json"
}

trace "" > "$T/none.txt"
is "no sched_switch: the two share the CPU, 50 ms each alone" "$(suspend "$T/none.txt")" "102 103"
trace D > "$T/d.txt"
is "asleep (D) 90 and 91 ms: one after the other, 200 ms" "$(suspend "$T/d.txt")" "102 203"
trace S > "$T/s.txt"
is "asleep (S): the same" "$(suspend "$T/s.txt")" "102 203"
trace R+ > "$T/r.txt"
is "preempted (R+): still wanting the CPU, as without the events" "$(suspend "$T/r.txt")" "102 103"
is "  and nothing said of the lines" "$(cat "$T/err")" ""
# the measured replay stays exact with the sleeps read
"$PMSCOPE" whatif -q -j "$T/m.json" "$T/d.txt"
is "measured: every phase given back" \
	"$(jq '[.cycles[].phases[] | select(.predicted_ns != .measured_ns)] | length' "$T/m.json")" 0
is "the assumption names sched_switch" \
	"$(jq -r '.assumptions.sleep | test("sched_switch")' "$T/m.json")" true
# a line that is not sched_switch's shape is said, not read
sed 's/ ==> / -> /' "$T/d.txt" > "$T/bad.txt"
"$PMSCOPE" analyze -q -j "$T/bad.json" "$T/bad.txt"
is "a garbled sched_switch line: a note names it" \
	"$(jq -r '[.findings[]?, .cycles[].findings[] | select(.text | test("unreadable sched_switch"))] | length > 0' "$T/bad.json")" true
is "  and the sleeps it would have given are not taken" "$(suspend "$T/bad.txt")" "102 103"

done_testing
