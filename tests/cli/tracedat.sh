#!/bin/sh
# trace-cmd's binary trace.dat (v7 as recorded, v6 converted) gives the same
# model as its own `trace-cmd report` text; both from a real QEMU capture.
. "$(dirname "$0")/../tap.sh"
D=$FIXTURES/qemu-q35-s3-tracecmd-dat
T=$TMPDIR_TEST
J=$T/out.json
q() { jq -r "$1" "$J"; }
# cycles, phases and callbacks, times in microseconds as the report
# prints them (rounded)
model() {
	jq -c 'def us: if . == null then . else (. / 1000 + 0.5 | floor) end;
		.cycles[] | [.mode, .completed, .main_pid, (.start_ns | us),
		 [.phases[] | [.name, (.start_ns | us), (.end_ns | us)]],
		 [.callbacks[] | [.device, .driver, .parent, .phase, (.start_ns | us),
				  (.end_ns | us), .pid, .async, .ret]]]' "$1"
}

"$PMSCOPE" analyze -q --json "$J" "$D/trace.dat"; rc=$?
is "trace.dat v7: clean" "$rc" 0
is "trace.dat v7: one mem cycle" "$(q '[.cycles[].mode]|join(",")')" mem
is "trace.dat v7: 786 callbacks = the report's start events" "$(q '.cycles[0].callbacks|length')" \
   "$(xz -dc "$D/report.txt.xz" | grep -c 'device_pm_callback_start:')"
# report: "sh-247 [001] 18.691630: suspend_resume: suspend_enter[3] begin"
is "trace.dat v7: nanosecond stamps kept (the report rounds to 18.691630)" "$(q '.cycles[0].phases[0].start_ns % 1000000000')" 691629649
is "trace.dat v7: the driving thread" "$(q .cycles[0].main_pid)" 247
xz -dc "$D/report.txt.xz" > "$T/report.txt"
"$PMSCOPE" analyze -q --json "$T/report.json" "$T/report.txt"
model "$J" > "$T/a"; model "$T/report.json" > "$T/b"
ok "trace.dat v7 = its trace-cmd report text (to the microsecond)" cmp "$T/a" "$T/b"
ok "and the model is not empty" test "$(wc -c < "$T/a")" -gt 50000

xz -dc "$D/trace-v6.dat.xz" > "$T/trace-v6.dat"
"$PMSCOPE" analyze -q --json "$T/v6.json" "$T/trace-v6.dat"
model "$T/v6.json" > "$T/c"
ok "trace.dat v6 = v7" cmp "$T/a" "$T/c"
"$PMSCOPE" analyze -q --json "$T/xz.json" "$D/trace-v6.dat.xz"
model "$T/xz.json" > "$T/d"
ok "a compressed trace.dat is unpacked first" cmp "$T/a" "$T/d"

# with the dmesg of the same boot: one S3 cycle, the log's figures added
xz -dc "$D/dmesg.txt.xz" > "$T/dmesg.txt"
"$PMSCOPE" analyze -q --json "$J" "$T/dmesg.txt" "$D/trace.dat"
is "trace.dat + dmesg: boot and one S3 cycle" "$(q '[.cycles[].mode]|join(",")')" "boot,mem"
# grep -c 'PM: calling' dmesg.txt
is "trace.dat + dmesg: every callback line of the log matched" \
   "$(q '[.cycles[1].callbacks[]|select(.kernel_us!=null)]|length')" "$(grep -c 'PM: calling' "$T/dmesg.txt")"

# bad input
head -c 20000 "$D/trace.dat" > "$T/cut.dat"
"$PMSCOPE" analyze -q "$T/cut.dat" 2>"$T/err"; rc=$?
is "truncated trace.dat: exit 2" "$rc" 2
ok "truncated trace.dat: named in the error" grep -q 'cut.dat' "$T/err"
"$PMSCOPE" analyze -q - < "$D/trace.dat" 2>"$T/err"; rc=$?
is "trace.dat on standard input: exit 2" "$rc" 2
ok "trace.dat on standard input: says why" grep -q 'cannot be read from standard input' "$T/err"
done_testing
