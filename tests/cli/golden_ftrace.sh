#!/bin/sh
# Golden tests on real ftrace and trace-cmd report files. Callbacks and
# phases are checked against the trace's own lines, read here with awk
# independently of pmscope; the totals' arithmetic is in the comments.
. "$(dirname "$0")/../tap.sh"
F=$FIXTURES
J=$TMPDIR_TEST/out.json

analyze() { "$PMSCOPE" analyze -q --json "$J" "$@" 2>"$TMPDIR_TEST/err"; rc=$?; }
q() { jq -r "$1" "$J"; }
cat_any() { case $1 in *.xz) xz -dc "$1" ;; *.gz) gzip -dc "$1" ;; *) cat "$1" ;; esac; }

# The trace's own lines, read with awk independently of pmscope: the time
# stamp is the first word like "550.850302:" (or "24.510841" in
# function_graph), the thread the first word like "comm-4122".
AWK_LIB='function ns(t,  a) { sub(/:$/, "", t); split(t, a, "."); return a[1] substr(a[2] "000000000", 1, 9) }
function ts_of(line,  n, i, w) { n = split(line, w, /[ \t]+/); for (i = 1; i <= n; i++) if (w[i] ~ /^[0-9]+\.[0-9]+:?$/) return ns(w[i]); return "" }
function pid_of(line,  n, i, w) { n = split(line, w, /[ \t]+/); for (i = 1; i <= n; i++) if (w[i] ~ /-[0-9]+$/) { sub(/.*-/, "", w[i]); return w[i] } return "" }'

# "start end pid device" of every device_pm_callback_start/end pair; the
# device is the last word ("i8042 kbd 00:04") unless the second of three
# starts with a capital ("platform Fixed MDIO bus.0")
trace_cbs() {
	cat_any "$1" | awk "$AWK_LIB"'
	/device_pm_callback_(start|end):/ {
		a = $0; sub(/.*device_pm_callback_(start|end): */, "", a); sub(/, (parent|err).*/, "", a)
		n = split(a, w, " "); dev = w[n]
		if (n > 2 && w[2] ~ /^[A-Z]/) { dev = w[2]; for (i = 3; i <= n; i++) dev = dev " " w[i] }
		if ($0 ~ /_start:/) start[dev] = ts_of($0)
		else { print start[dev], ts_of($0), pid_of($0), dev; delete start[dev] }
	}' | sort
}
json_cbs() { jq -r '.cycles[].callbacks[]|"\(.start_ns) \(.end_ns) \(.pid) \(.device)"' "$J" | sort; }

# "begin end" of every suspend_resume phase pair the kernel traced
trace_phases() {
	cat_any "$1" | awk "$AWK_LIB"'
	/suspend_resume: *(suspend_enter|dpm_[a-z_]+|thaw_processes)\[/ {
		a = $0; sub(/.*suspend_resume: */, "", a); split(a, w, /[\[ ]/)
		if (a ~ / begin/) b[w[1]] = ts_of($0)
		else print b[w[1]], ts_of($0)
	}' | sort
}
json_phases() { jq -r '.cycles[].phases[]|select(.name!="machine")|"\(.start_ns) \(.end_ns)"' "$J" | sort; }

# same DESCRIPTION CMD1 CMD2: the two outputs are equal (shows the first differences)
same() {
	eval "$2" > "$TMPDIR_TEST/a"; eval "$3" > "$TMPDIR_TEST/b"
	is "$1" "$(diff "$TMPDIR_TEST/a" "$TMPDIR_TEST/b" | head -6)$(test -s "$TMPDIR_TEST/a" || echo empty)" ""
}

# --- 2014 skynet, 3.15, S3: the same run as the dmesg golden test
T=$F/pmgraph-2014-skynet-mem-k3.15/skynet_mem_ftrace.txt
analyze "$T"
is "skynet mem trace: detected and read" "$(q '.cycles|length')" 1
is "skynet mem trace: mode from suspend_enter[3]" "$(q .cycles[0].mode)" mem
# grep -c device_pm_callback_start = 341
is "skynet mem trace: 341 callbacks = 341 start lines" "$(q '.cycles[0].callbacks|length')" \
   "$(grep -c 'device_pm_callback_start:' "$T")"
same "skynet mem trace: every callback's start, end, thread = its event lines" json_cbs 'trace_cbs "$T"'
same "skynet mem trace: phases = suspend_resume pairs" json_phases 'trace_phases "$T"'
# suspend_enter[3] begin 550.702789 -> machine_suspend[3] end 552.480302
# = 1777.513 ms, as sleepgraph has it; resume: machine_suspend end ->
# thaw_processes[0] end 552.779520 = 299.218 ms (sleepgraph's 300.663 ms
# runs on to its own "RESUME COMPLETE" marker at 552.780965)
is "skynet mem trace: suspend total = sleepgraph's" "$(q .cycles[0].totals.suspend_ns)" 1777513000
is "skynet mem trace: resume total to thaw_processes end" "$(q .cycles[0].totals.resume_ns)" 299218000

# --- resume end marker missing: nothing moves
grep -v 'RESUME COMPLETE' "$T" > "$TMPDIR_TEST/nomark.txt"
analyze "$TMPDIR_TEST/nomark.txt"
is "no end marker: cycle completed" "$(q .cycles[0].completed)" true
is "no end marker: totals unchanged" "$(q '"\(.cycles[0].totals.suspend_ns) \(.cycles[0].totals.resume_ns)"')" \
   "1777513000 299218000"

# --- the same machine: s2idle, standby and hibernation
T=$F/pmgraph-2014-skynet-freeze-k3.15/skynet_freeze_ftrace.txt
analyze "$T"
is "skynet freeze trace: s2idle" "$(q .cycles[0].mode)" s2idle
same "skynet freeze trace: callbacks = event lines" json_cbs 'trace_cbs "$T"'
same "skynet freeze trace: phases = event pairs" json_phases 'trace_phases "$T"'
# suspend_enter[1] begin 134.319055 -> machine_suspend[1] begin 135.341606 = 1022.551 ms
is "skynet freeze trace: suspend about 1023 ms" "$(q .cycles[0].totals.suspend_ns)" 1022551000
# machine_suspend[1] end 145.335411 -> thaw_processes[0] end 145.515502 = 180.091 ms
is "skynet freeze trace: resume" "$(q .cycles[0].totals.resume_ns)" 180091000
T=$F/pmgraph-2014-skynet-standby-k3.15/skynet_standby_ftrace.txt
analyze "$T"
is "skynet standby trace: standby" "$(q .cycles[0].mode)" standby
same "skynet standby trace: callbacks = event lines" json_cbs 'trace_cbs "$T"'
T=$F/pmgraph-2014-skynet-disk-k3.15/skynet_disk_ftrace.txt
analyze "$T"
is "skynet disk trace: hibernation from dpm_prepare[1] (freeze)" "$(q .cycles[0].mode)" disk
is "skynet disk trace: phase names from the PM event numbers" "$(q '[.cycles[0].phases[].name]|join(",")')" \
   "suspend_enter,prepare,freeze,freeze_late,freeze_noirq,machine,restore_noirq,restore_early,restore,complete,thaw_processes"
same "skynet disk trace: callbacks = event lines" json_cbs 'trace_cbs "$T"'
# no suspend_enter event: from "SUSPEND START" 113.065021 to machine_suspend[4]
# end 114.197255 = 1132.234 ms (sleepgraph's too), then to thaw_processes[0]
# end 117.995499 = 3798.244 ms
is "skynet disk trace: suspend total" "$(q .cycles[0].totals.suspend_ns)" 1132234000
is "skynet disk trace: resume total" "$(q .cycles[0].totals.resume_ns)" 3798244000

# --- trace-cmd report, Tegra ARM32: "cpus=4", no flags column, padded names
T=$F/kernel5.5-tegra-trace-cmd-suspend/trace.txt.xz
analyze "$T"
is "tegra report: one mem cycle" "$(q '[.cycles[].mode]|join(",")')" mem
is "tegra report: 984 callbacks" "$(q '.cycles[0].callbacks|length')" 984
same "tegra report: callbacks = event lines" json_cbs 'trace_cbs "$T"'
same "tegra report: phases = event pairs" json_phases 'trace_phases "$T"'
is "tegra report: empty driver names stay empty" \
   "$(q '[.cycles[0].callbacks[]|select(.device=="platform")|.driver]|unique|join(",")')" ""

# without its "cpus=4" line the report starts with 273 runtime-PM events:
# still a trace, told by the shape of its lines
xz -dc "$T" | tail -n +2 > "$TMPDIR_TEST/headless.txt"
analyze "$TMPDIR_TEST/headless.txt"
is "tegra report without its header: still 984 callbacks" "$(q '.cycles[0].callbacks|length')" 984

# --- sleepgraph dev mode, 4.6: kprobe _cal/_ret lines among the events
T=$F/pmgraph-2016-ivybridge-mem-devlate-k4.6/ivybridge_mem_ftrace.txt.xz
analyze "$T"
is "ivybridge dev mode: clean" "$rc" 0
same "ivybridge dev mode: callbacks = event lines" json_cbs 'trace_cbs "$T"'
# "# fwsuspend 817934 fwresume 154987182"
is "ivybridge dev mode: firmware figures from the header" \
   "$(q '.cycles[0].totals|"\(.firmware_suspend_ns) \(.firmware_resume_ns)"')" "817934 154987182"

# kprobe pairs inside a callback are its calls: i915's resume on thread
# 1876 slept in 9 msleep_cal/msleep_ret pairs, 328.488 ms (summed by awk)
msleeps() {
	xz -dc "$T" | awk '
	function ns(t,  a) { sub(/:$/, "", t); split(t, a, "."); return a[1] substr(a[2] "000000000", 1, 9) }
	function ts(  i) { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) return ns($i) }
	/-1876 / && /i915 0000:00:02.0/ && /callback_start/ { on = 1 }
	on && /-1876 / && /msleep_cal:/ { c = ts() }
	on && /-1876 / && /msleep_ret:/ { s += ts() - c; n++ }
	/-1876 / && /i915 0000:00:02.0/ && /callback_end/ { on = 0 }
	END { print n, s }'
}
is "ivybridge dev mode: msleep kprobes inside i915's resume" \
   "$(q '.cycles[0].callbacks[]|select(.device=="0000:00:02.0" and .phase=="resume")|.callgraph.sleeps[]|select(.function=="msleep")|"\(.calls) \(.total_ns)"')" \
   "$(msleeps)"

# --- sleepgraph -multi 2019, gzipped, 5.3
T=$F/pmgraph-2019-xps9360-multitest-k5.3/otcpl-dell-9360-kbl_mem_ftrace.txt.gz
analyze "$T"
same "xps 2019 gz: callbacks = event lines" json_cbs 'trace_cbs "$T"'
same "xps 2019 gz: phases = event pairs" json_phases 'trace_phases "$T"'
is "xps 2019 gz: product from # sysinfo" "$(q .facts.product)" "XPS 13 9360"

# --- kernel 6.1 in QEMU: nop tracer with 5 flag columns, and function_graph
T=$F/qemu-q35-s3-async1-medium/trace.txt.xz
analyze "$T"
same "qemu trace: callbacks = event lines" json_cbs 'trace_cbs "$T"'
same "qemu trace: phases = event pairs" json_phases 'trace_phases "$T"'
T=$F/qemu-q35-s3-fgraph-async1-small/trace.txt.xz
analyze "$T"
is "qemu function_graph: events in comments read" "$(q '.cycles[0].callbacks|length')" \
   "$(xz -dc "$T" | grep -c 'device_pm_callback_start:')"
same "qemu function_graph: callbacks = event lines" json_cbs 'trace_cbs "$T"'
same "qemu function_graph: phases = event pairs" json_phases 'trace_phases "$T"'
is "qemu function_graph: mode from the qcap marker" "$(q .cycles[0].mode)" mem

# --- function_graph call trees inside the callbacks
# callbacks with at least one traced call between their start and end
# comments on the same thread, counted with awk
graphed() {
	xz -dc "$1" | awk -F'|' '
	function who(s) { sub(/^ *[0-9]+\) */, "", s); sub(/ *$/, "", s); return s }
	/device_pm_callback_start/ { t = who($2); open[t] = 1; has[t] = 0; next }
	/device_pm_callback_end/ { t = who($2); if (open[t] && has[t]) n++; open[t] = 0; next }
	$4 ~ /\(/ && $4 !~ /\/\*/ { t = who($2); if (open[t]) has[t] = 1 }
	END { print n }'
}
T=$F/qemu-q35-s3-fgraph-async1-small/trace.txt.xz
analyze "$T"
is "function_graph: a call tree for every callback with traced calls" \
   "$(q '[.cycles[0].callbacks[]|select(.callgraph)]|length')" "$(graphed "$T")"
# input3 suspend, lines 661-665: input_dev_suspend 546.656 us, calling
# input_dev_release_keys 186.099 us and input_dev_toggle 21.921 us:
# self 546.656 - 186.099 - 21.921 = 338.636 us
is "function_graph: total and self per function" \
   "$(q '.cycles[0].callbacks[]|select(.device=="input3" and .phase=="suspend")|.callgraph.functions|map("\(.function) \(.total_ns) \(.self_ns) \(.calls)")|join(",")')" \
   "input_dev_suspend 546656 338636 1,input_dev_release_keys 186099 186099 1,input_dev_toggle 21921 21921 1"
is "function_graph: slowest path" \
   "$(q '.cycles[0].callbacks[]|select(.device=="input3" and .phase=="suspend")|.callgraph.slowest_path|join(">")')" \
   "input_dev_suspend>input_dev_release_keys"
is "function_graph: the trace's own nesting needed no repair" \
   "$(q '[.cycles[0].callbacks[]|.callgraph.repaired // 0]|add')" 0
ok "function_graph: the slowest traced callback in the summary" \
   sh -c "'$PMSCOPE' analyze -n 3 '$T' | grep -q '^  inside 1-1 resume (8 traced calls)'"
# lose input3's "input_dev_suspend() {" line (661): its return is left over
xz -dc "$T" | sed 661d > "$TMPDIR_TEST/lost.txt"
analyze "$TMPDIR_TEST/lost.txt"
is "function_graph: a lost entry is repaired and counted" \
   "$(q '.cycles[0].callbacks[]|select(.device=="input3" and .phase=="suspend")|"\(.callgraph.repaired) \(.callgraph.calls)"')" "1 2"
ok "function_graph: and said" grep -q 'lost their entry or return line; nesting repaired' "$J"

# --- several cycles in one trace: the freeze run, then the mem run
cat "$F/pmgraph-2014-skynet-freeze-k3.15/skynet_freeze_ftrace.txt" \
    "$F/pmgraph-2014-skynet-mem-k3.15/skynet_mem_ftrace.txt" > "$TMPDIR_TEST/two.txt"
analyze "$TMPDIR_TEST/two.txt"
is "two cycles in one trace: each as read alone" \
   "$(q '[.cycles[]|"\(.mode) \(.callbacks|length) \(.totals.suspend_ns) \(.totals.resume_ns)"]|join(",")')" \
   "s2idle 341 1022551000 180091000,mem 341 1777513000 299218000"

# --- a buffer that wrapped: the first 238 events (to inside dpm_suspend) lost
T=$F/pmgraph-2014-skynet-mem-k3.15/skynet_mem_ftrace.txt
sed '13,250d' "$T" > "$TMPDIR_TEST/wrap.txt"
analyze "$TMPDIR_TEST/wrap.txt"
is "wrapped trace: the cycle it holds completes" "$(q '[.cycles[]|.completed]|join(",")')" true
# 224 start lines kept + 6 end lines whose start was lost (awk below)
is "wrapped trace: every start and every orphaned end kept" "$(q '.cycles[0].callbacks|length')" \
   "$(awk '/device_pm_callback_start:/ { a = $0; sub(/.*_start: */, "", a); sub(/, parent.*/, "", a)
		n1 = split(a, w, " "); open[w[n1]] = 1; n++ }
	/device_pm_callback_end:/ { a = $0; sub(/.*_end: */, "", a); sub(/, err.*/, "", a)
		n1 = split(a, w, " "); if (!open[w[n1]]) n++; else open[w[n1]] = 0 }
	END { print n }' "$TMPDIR_TEST/wrap.txt")"
is "wrapped trace: the orphaned ends have no start" \
   "$(q '[.cycles[0].callbacks[]|select(.start_ns==null)|.device]|sort|join(",")')" \
   "0:0:0:0,1-1.4.3,1-1.5,4-3.4,ata3,ata4"
ok "wrapped trace: says its start is missing" grep -q 'the trace starts inside a cycle' "$J"

# --- bad and truncated traces
T=$F/pmgraph-2014-skynet-mem-k3.15/skynet_mem_ftrace.txt
# cut in the middle of line 400, in the resume phase
head -c "$(head -n 399 "$T" | wc -c)" "$T" > "$TMPDIR_TEST/cut.txt"
sed -n 400p "$T" | cut -c1-60 >> "$TMPDIR_TEST/cut.txt"
analyze "$TMPDIR_TEST/cut.txt"
is "truncated trace: exit 1" "$rc" 1
is "truncated trace: the cycle did not complete" "$(q .cycles[0].completed)" false
is "truncated trace: every whole start line kept" "$(q '.cycles[0].callbacks|length')" \
   "$(head -n 399 "$T" | grep -c 'device_pm_callback_start:')"
ok "truncated trace: says where it ended" grep -q 'did not complete' "$J"
sed '300s/, parent: /; parent=/' "$T" > "$TMPDIR_TEST/bad.txt"
analyze "$TMPDIR_TEST/bad.txt"
is "garbled event: named with its line" \
   "$(q "$FINDINGS"'[findings|select(.sources[0].line==300)|.text]|first' | cut -c1-43)" "unreadable device_pm_callback_start event: "
printf '# tracer: nop\n#\n  sh-1 [000] .... 1.000000: sched_switch: x\n' > "$TMPDIR_TEST/empty.txt"
"$PMSCOPE" analyze -q "$TMPDIR_TEST/empty.txt" 2>"$TMPDIR_TEST/err"; rc=$?
is "trace without PM events: exit 4 (no data)" "$rc" 4
ok "trace without PM events: says so" grep -q 'empty.txt: no suspend, resume or boot timing found' "$TMPDIR_TEST/err"
done_testing
