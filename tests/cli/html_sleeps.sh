#!/bin/sh
# Where a callback slept (issue 14): the longest sleeps of a callback whose
# calls the trace stamps, in the JSON (callgraph.sleep_spans), the text and
# the HTML page (bands inside the box, rows in the details). On the 2016
# ivybridge trace with sleepgraph's msleep kprobes: hdaudioC0D3's suspend
# callback starts at 88.277854 (line 1734), kworker/u32:2 calls msleep at
# 88.277864 (line 1735) and returns at 88.292394 (line 1964): 14.530 ms.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
. "$(dirname "$0")/../html_page.sh"

F=$FIXTURES/pmgraph-2016-ivybridge-mem-devlate-k4.6/ivybridge_mem_ftrace.txt.xz
"$PMSCOPE" analyze -j "$T/a.json" --html "$T/a.html" "$F" > "$T/a.txt"
J=$T/a.json
cb='.cycles[0].callbacks[] | select(.device == "hdaudioC0D3" and .phase == "suspend")'
is "json: hdaudioC0D3's one sleep, from the kprobe pair" \
   "$(jq -c "$cb | .callgraph.sleep_spans" "$J")" \
   '[{"function":"msleep","start_ns":88277864000,"end_ns":88292394000}]'
is "json: phy0's, on kworker/u32:3 (lines 1814 and 1956)" \
   "$(jq -c '.cycles[0].callbacks[] | select(.device == "phy0" and .phase == "suspend") | .callgraph.sleep_spans' "$J")" \
   '[{"function":"msleep","start_ns":88278172000,"end_ns":88288439000}]'
is "json: every span inside its callback and no longer than the time slept" \
   "$(jq '[.cycles[].callbacks[] | select(.callgraph) | . as $c | .callgraph |
	  select((.sleep_spans | map(.end_ns - .start_ns) | add // 0) > .sleep_ns or
		 any(.sleep_spans[]; .start_ns < $c.start_ns or .end_ns > $c.end_ns))] | length' "$J")" 0
is "json: spans in time order" \
   "$(jq '[.cycles[].callbacks[].callgraph // empty | .sleep_spans | select(. != sort_by(.start_ns))] | length' "$J")" 0
ok "json: callbacks with spans are those that slept" \
   test "$(jq '[.cycles[].callbacks[].callgraph // empty | select(.sleep_spans | length > 0)] | length' "$J")" -eq \
	"$(jq '[.cycles[].callbacks[].callgraph // empty | select(.sleep_ns > 0)] | length' "$J")"

# the text: the slowest traced callback, i915 0000:00:02.0's resume (line
# 2542, 88.949551), slept longest from 88.970408 (line 3371) to 89.174210
# (line 3589) in msleep, on its thread kworker/u32:24
is "text: it names msleep 203.802 ms, 20.857 ms into the callback" \
   "$(grep '^    longest sleep' "$T/a.txt")" "    longest sleep: 203.802 ms in msleep, from +20.857 ms into the callback"

# the page: zoomed onto the callback, its sleep drawn, its details say where
cs=$(jq '.cycles[0].start_ns' "$J")
from=$(awk -v s="$cs" 'BEGIN { printf "%.3f", (88277854000 - s) / 1e6 - 0.5 }')
to=$(awk -v s="$cs" 'BEGIN { printf "%.3f", (88292819000 - s) / 1e6 + 0.5 }')
browser "file://$T/a.html#click=hdaudioC0D3&from=$from&to=$to" > "$T/b.html"
is "html: no script error" "$(state "$T/b.html" errors)" 0
is "html: hdaudioC0D3 selected" "$(state "$T/b.html" selected)" "hdaudioC0D3 {snd_hda_codec_hdmi}"
ok "html: its details say when it slept" sh -c "printf '%s' '$(state "$T/b.html" detail)' |
   grep -q 'slept at+0.010 ms for 14.530 ms in msleep'"
ok "html: sleep bands drawn in the zoomed view" test "$(state "$T/b.html" spans)" -ge 1
browser "file://$T/a.html" > "$T/c.html"
all=$(jq '[.cycles[0].callbacks[].callgraph // empty | .sleep_spans[]] | length' "$J")
drawn=$(state "$T/c.html" spans)
ok "html: at the whole cycle's zoom only the wide boxes' ($drawn of $all)" test "$drawn" -gt 0 -a "$drawn" -lt "$all"
is "html: the page data's spans are the JSON's, as cycle offsets" \
   "$(data "$T/a.html" | jq -c '[.cycles[0].graphs[] | .spans | select(length > 0)] | flatten | length / 3')" \
   "$(jq '[.cycles[0].callbacks[].callgraph // empty | .sleep_spans[]] | length' "$J")"
# SVG (and PNG, drawn alike): the bands in the resume's boxes, 60% of the
# way from the resume box colour #f4a09c to white
"$PMSCOPE" analyze -q --svg "$T/r.svg" --phase resume "$F"
ok "svg: sleep bands inside the resume's boxes" test "$(grep -c 'fill="#fad9d7"' "$T/r.svg")" -gt 0
is "svg: the legend has a key for them" "$(grep -c '>slept</text>' "$T/r.svg")" 1
"$PMSCOPE" analyze -q --svg "$T/q.svg" --phase resume "$FIXTURES/qemu-q35-s3-async1-medium/trace.txt.xz"
is "svg: none from a trace without call graphs, nor a key" \
   "$(grep -c 'fill="#fad9d7"\|>slept</text>' "$T/q.svg")" 0
done_testing
