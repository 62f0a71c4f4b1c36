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

# function_graph records in a trace.dat and in its report text
G=$FIXTURES/qemu-q35-s3-tracecmd-fgraph
xz -dc "$G/report.txt.xz" > "$T/fg-report.txt"
"$PMSCOPE" analyze -q --json "$T/fg-dat.json" "$G/trace-v6.dat.xz"
"$PMSCOPE" analyze -q --json "$J" "$T/fg-report.txt"
# input3 suspend, report lines 657-661: input_dev_suspend 353.764 us calling
# input_dev_release_keys 95.481 us and input_dev_toggle 16.355 us:
# self 353.764 - 95.481 - 16.355 = 241.928 us
is "function_graph in trace-cmd report text: total and self" \
   "$(q '.cycles[0].callbacks[]|select(.device=="input3" and .phase=="suspend")|.callgraph.functions|map("\(.function) \(.total_ns) \(.self_ns)")|join(",")')" \
   "input_dev_suspend 353764 241928,input_dev_release_keys 95481 95481,input_dev_toggle 16355 16355"
jq -c '[.cycles[].callbacks[]|select(.callgraph)|[.device, .phase, .callgraph]]' "$J" > "$T/g1"
jq -c '[.cycles[].callbacks[]|select(.callgraph)|[.device, .phase, .callgraph]]' "$T/fg-dat.json" > "$T/g2"
ok "function_graph: the trace.dat's call summaries = its report's" cmp "$T/g1" "$T/g2"
# a record's number is its line in the report less the "cpus=2" line: a
# call and its return printed as one leaf line count as one record
jq -c '[.cycles[].callbacks[].line]' "$J" > "$T/l1"
jq -c '[.cycles[].callbacks[].line + 1]' "$T/fg-dat.json" > "$T/l2"
ok "function_graph: record numbers = the report's lines less one" cmp "$T/l1" "$T/l2"
ok "and there are lines to compare" test "$(jq length "$T/l1")" -gt 400
# callbacks with a funcgraph record between their start and end on sh-252
# or a kworker, counted with awk
is "function_graph: a summary for every callback with traced calls" "$(jq length "$T/g1")" \
   "$(awk '{ t = $1 }
	/device_pm_callback_start:/ { open[t] = 1; has[t] = 0; next }
	/device_pm_callback_end:/ { if (open[t] && has[t]) n++; open[t] = 0; next }
	/funcgraph_(entry|exit):/ && open[t] { has[t] = 1 }
	END { print n }' "$T/fg-report.txt")"

# bad input
head -c 20000 "$D/trace.dat" > "$T/cut.dat"
"$PMSCOPE" analyze -q "$T/cut.dat" 2>"$T/err"; rc=$?
is "truncated trace.dat: exit 2" "$rc" 2
ok "truncated trace.dat: named in the error" grep -q 'cut.dat' "$T/err"
# a compressed trace.dat cut short: the decompressor's reason, not
# libtracecmd's (the child used to lose it)
head -c 400000 "$FIXTURES/qemu-q35-s3-tracecmd-fgraph/trace-v6.dat.xz" > "$T/cut.dat.xz"
"$PMSCOPE" analyze -q "$T/cut.dat.xz" 2>"$T/err"; rc=$?
is "truncated trace.dat.xz: exit 2" "$rc" 2
is "truncated trace.dat.xz: why" "$(sed "s|$T/||" "$T/err")" \
   "pmscope: cut.dat.xz: cannot decompress: the file ends inside its compressed data (cut short?)"
"$PMSCOPE" analyze -q - < "$D/trace.dat" 2>"$T/err"; rc=$?
is "trace.dat on standard input: exit 2" "$rc" 2
ok "trace.dat on standard input: says why" grep -q 'cannot be read from standard input' "$T/err"
done_testing
