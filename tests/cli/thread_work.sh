#!/bin/sh
# Work outside callbacks (issue 14): what a trace shows threads doing
# outside any PM callback, in the JSON (cycles[].thread_work) and the text.
# On the 2016 ivybridge trace (sleepgraph's dev mode kprobes): the ATA
# error handler scsi_eh_0-181 runs ata_eh_recover from 88.950246 (line
# 2618) to 89.274441 (line 3936) through resume, with an msleep inside
# (lines 2668-3586) that is part of it, not a work of its own.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST

F=$FIXTURES/pmgraph-2016-ivybridge-mem-devlate-k4.6/ivybridge_mem_ftrace.txt.xz
"$PMSCOPE" analyze -j "$T/a.json" "$F" > "$T/a.txt"
J=$T/a.json
is "json: scsi_eh_0's two ata_eh_recover calls (lines 2074-2075, 2618-3936)" \
   "$(jq -c '[.cycles[0].thread_work[] | select(.comm == "scsi_eh_0")]' "$J")" \
   '[{"pid":181,"comm":"scsi_eh_0","function":"ata_eh_recover","start_ns":88317129000,"end_ns":88317137000},{"pid":181,"comm":"scsi_eh_0","function":"ata_eh_recover","start_ns":88950246000,"end_ns":89274441000}]'
is "json: in time order" \
   "$(jq '.cycles[0].thread_work | map(.start_ns) | . == sort' "$J")" true
is "json: the driving thread's sys_sync (sleepgraph's kprobe) is one" \
   "$(jq -c '[.cycles[0].thread_work[] | select(.function == "sys_sync")] | map([.pid, .start_ns, .end_ns])' "$J")" \
   '[[1852,88269834000,88272965000]]'
is "json: none inside a callback of its thread" \
   "$(jq '.cycles[0] as $c | [$c.thread_work[] | . as $w | $c.callbacks[] |
	  select(.pid == $w.pid and .start_ns < $w.start_ns and .end_ns > $w.end_ns)] | length' "$J")" 0
is "json: nothing cut" "$(jq '.cycles[0].thread_work_cut' "$J")" 0
is "text: the longest is the ATA error handler's" \
   "$(grep -A1 '^  outside callbacks:' "$T/a.txt" | tail -1 | sed 's/, from.*//')" \
   "       324.195 ms  ata_eh_recover  on 181 scsi_eh_0"
ok "text: counts the calls and threads the JSON has" grep -q "^  outside callbacks: $(jq '.cycles[0].thread_work | length' "$J") traced calls on $(jq '[.cycles[0].thread_work[].pid] | unique | length' "$J") threads" "$T/a.txt"
# a kthread waiting in schedule_timeout outside callbacks is idle, not
# working: the 2019 XPS 13 trace has 2 s of them, none is kept; its
# threads that ftrace lost the name of ("<...>") have none
X=$FIXTURES/pmgraph-2019-xps9360-multitest-k5.3/otcpl-dell-9360-kbl_mem_ftrace.txt.gz
"$PMSCOPE" analyze -q -j "$T/x.json" "$X"
is "xps: no sleep is a work of its own" \
   "$(jq '[.cycles[].thread_work[] | select(.function | test("^(schedule_timeout|msleep|usleep_range|wait_for_completion)"))] | length' "$T/x.json")" 0
is "xps: no thread named <...>" "$(jq '[.cycles[].thread_work[] | select(.comm == "<...>")] | length' "$T/x.json")" 0
is "xps: the driving thread's ksys_sync is the longest (lines 60, 121)" \
   "$(jq -r '[.cycles[0].thread_work[]] | max_by(.end_ns - .start_ns) | "\(.function) \(.comm) \(.end_ns - .start_ns)"' "$T/x.json")" \
   "ksys_sync sleepgraph 32966000"
# a log alone has none; neither does a trace with events only
"$PMSCOPE" analyze -j "$T/b.json" "$FIXTURES/qemu-q35-s3-async1-medium/trace.txt.xz" > "$T/b.txt"
is "events-only trace: no work outside callbacks" "$(jq '[.cycles[].thread_work[]] | length' "$T/b.json")" 0
ok "events-only trace: no line for it" sh -c "! grep -q 'outside callbacks' '$T/b.txt'"
# the page: a lane per thread that worked outside callbacks, under the rest
. "$(dirname "$0")/../html_page.sh"
"$PMSCOPE" analyze -q --html "$T/a.html" "$F"
browser "file://$T/a.html#from=600&to=1100" > "$T/b.html"
is "html: no script error" "$(state "$T/b.html" errors)" 0
is "html: a lane per thread of the JSON's works, by pid" "$(state "$T/b.html" work-lanes)" \
   "$(jq -r '[.cycles[0].thread_work[] | {pid, comm}] | unique_by(.pid) | map("\(.pid) \(.comm)") | join("|")' "$J")"
ok "html: the works of 600-1100 ms drawn" test "$(state "$T/b.html" works)" -ge 1
browser "file://$T/a.html#from=600&to=1100&works=0" > "$T/d.html"
is "html: the lanes are optional (#works=0: the box unticked)" \
   "$(state "$T/d.html" work-lanes) $(state "$T/d.html" works)" " 0"
browser "file://$T/a.html#from=600&to=1100&work=ata_eh_recover" > "$T/c.html"
is "html: a click on it, no script error" "$(state "$T/c.html" errors)" 0
ok "html: its details say 324.195 ms in resume on scsi_eh_0" sh -c \
   "printf '%s' '$(state "$T/c.html" detail)' | grep -q 'thread181 scsi_eh_0start+.* ms from the cycle startduration324.195 msphaseresume (when it began)'"
is "html: the page data's works are the JSON's" \
   "$(data "$T/a.html" | jq -c '.cycles[0] as $c | [range(0; $c.works | length; 6) as $i | $c.works[$i + 3]]')" \
   "$(jq -c '[.cycles[0].thread_work[].function]' "$J")"
done_testing
