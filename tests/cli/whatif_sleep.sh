#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# whatif: a callback's thread the scheduler switched out asleep
# (sched:sched_switch, prev_state other than R) needed no CPU then
# (issue 38). Two async sd callbacks on one CPU, 100 ms each, side by
# side: without the scheduler's events the model takes them as sharing
# the CPU (each 50 ms alone, one after the other 100 ms); with them, each
# slept 90 ms of its 100 waiting for its disk, so one after the other
# takes 200 ms. A thread preempted (R, R+) still wanted the CPU. What
# woke a sleep (sched_waking, written where the wakeup is asked for) says
# what it waited for: an interrupt (the flags column's h or s: a device, a
# timer), needing no CPU, or another task (a lock's owner, a kthread doing
# the work), whose work needed one. sched_wakeup says nothing of it (since
# 4.3 it is often written in the woken CPU's IPI, whoever woke it).
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST

L() { printf '%16s-%-5s [000] %s   %s: %s\n' "$1" "$2" "${F:-.....}" "$3" "$4"; }
sw() {	# sw TIME PREV PREV_PID STATE NEXT NEXT_PID
	L "$2" "$3" "$1" "sched_switch: prev_comm=$2 prev_pid=$3 prev_prio=120 prev_state=$4 ==> next_comm=$5 next_pid=$6 next_prio=120"
}
phase() { L init 1 "$1" "suspend_resume: $2"; }
wake() {	# wake TIME PID CONTEXT: irq (in a hardirq, on idle), task, or
	# ipi (sched_wakeup in an IPI, as a task's wakeup lands on an idle CPU)
	case $3 in
	irq) F=dNh2. L '<idle>' 0 "$1" "sched_waking: comm=kworker/0:x pid=$2 prio=120 target_cpu=000" ;;
	task) L kworker/0:3 103 "$1" "sched_waking: comm=kworker/0:x pid=$2 prio=120 target_cpu=000" ;;
	ipi) F=dNh2. L '<idle>' 0 "$1" "sched_wakeup: comm=kworker/0:x pid=$2 prio=120 target_cpu=000" ;;
	esac
}
trace() {	# trace STATE [WAKE]: the first switch of each worker out, what
	# woke them
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
		[ -z "${LOST:-}" ] || echo "$LOST"
		wake 100.097000 101 "$2"
		wake 100.097500 102 "$2"
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
trace D irq > "$T/irq.txt"
is "woken in an interrupt: device waits, 200 ms" "$(suspend "$T/irq.txt")" "102 203"
trace D task > "$T/task.txt"
is "woken by another task: its work wanted the CPU, as without the events" \
	"$(suspend "$T/task.txt")" "102 103"
trace D ipi > "$T/ipi.txt"
is "sched_wakeup in an IPI: who woke them not known, device waits" "$(suspend "$T/ipi.txt")" "102 203"
# events lost between the switches out and in: the sleeps are not known
LOST='##### CPU 0 buffer started ####' trace D > "$T/lost.txt"
is "a buffer started between: no sleep taken" "$(suspend "$T/lost.txt")" "102 103"
LOST='CPU:0 [LOST 42 EVENTS]' trace D > "$T/lost2.txt"
is "events lost between: no sleep taken" "$(suspend "$T/lost2.txt")" "102 103"
# a thread that ended (X) or the kernel's TASK_IDLE (I)
trace X > "$T/x.txt"
is "ended (X): no sleep" "$(suspend "$T/x.txt")" "102 103"
trace I > "$T/i.txt"
is "idle (I): asleep" "$(suspend "$T/i.txt")" "102 203"
# function_graph's comments carry the same events ('record -g --sched')
awk 'BEGIN { print "# tracer: function_graph"; print "#" }
	/^#/ { next }
	{ split($1, tp, "-"); ts = $4; sub(/:$/, "", ts); ev = $0; sub(/^.*[0-9]: /, "", ev)
	  printf " %s |   0)  %s  |               |  /* %s */\n", ts, $1, ev }' "$T/irq.txt" > "$T/graph.txt"
is "function_graph's comments: the sleeps read (who woke them not known)" \
	"$(grep -c '/\* sched_switch: ' "$T/graph.txt") $(suspend "$T/graph.txt")" "5 102 203"
# trace-cmd report's own forms of the two events (its sched plugin), no
# flags column: what woke them is not known, each sleep a device's
sed -E -e 's/\[000\] \.\.\.\.\.  /[000]/; s/\[000\] dNh2\.  /[000]/' \
	-e 's/sched_switch: prev_comm=([^ ]*) prev_pid=([0-9]*) prev_prio=([0-9]*) prev_state=([^ ]*) ==> next_comm=([^ ]*) next_pid=([0-9]*) next_prio=([0-9]*)/sched_switch: \1:\2 [\3] \4 ==> \5:\6 [\7]/' \
	-e 's/sched_waking: comm=([^ ]*) pid=([0-9]*) prio=([0-9]*) target_cpu=([0-9]*)/sched_waking: \1:\2 [\3] CPU:\4/' \
	"$T/task.txt" > "$T/report.txt"
is "trace-cmd report's forms: read" "$(grep -c ' ==> kworker/0:1:101 \[120\]' "$T/report.txt") $(suspend "$T/report.txt")" "2 102 203"
is "  and nothing said of the lines" "$(cat "$T/err")" ""
# its W is the kernel's I (TASK_IDLE): asleep
sed 's/\] D ==> /] W ==> /' "$T/report.txt" > "$T/report-w.txt"
is "trace-cmd report's W: asleep" "$(grep -c '\] W ==> ' "$T/report-w.txt") $(suspend "$T/report-w.txt")" "2 102 203"
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

# a real trace.dat with sched_switch (tests/fixtures/qemu-q35-s3-tracecmd-sched:
# 6.12 in QEMU, one S3 cycle, 1698 switches): read as its trace-cmd report
# text is (within the report's microseconds), and the sleeps change the
# prediction (the report without its switches gives another)
D=$FIXTURES/qemu-q35-s3-tracecmd-sched
pred() {	# pred FILE: predicted suspend and resume phases, ns
	"$PMSCOPE" whatif -q -p sync -j "$T/p.json" "$1" 2>"$T/err"
	jq -r '[.cycles[].phases[] | select(.name == "suspend" or .name == "resume") |
		.predicted_ns] | join(" ")' "$T/p.json"
}
dat=$(pred "$D/trace-v6.dat.xz")
text=$(pred "$D/report.txt.xz")
is "trace.dat: its sync prediction, suspend and resume" "$dat" "280741603 752945013"
ok "  its report's text within 1%: $text" awk -v a="$dat" -v b="$text" 'BEGIN {
	split(a, x, " "); split(b, y, " ");
	exit !(y[1] > x[1] * 0.99 && y[1] < x[1] * 1.01 && y[2] > x[2] * 0.99 && y[2] < x[2] * 1.01) }'
xz -dc "$D/report.txt.xz" | grep -v ' sched_switch: ' > "$T/nosched.txt"
is "  without the switches, the shared CPUs' figures" "$(pred "$T/nosched.txt")" "118188103 669042069"

done_testing
