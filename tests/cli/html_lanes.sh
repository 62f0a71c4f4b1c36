#!/bin/sh
# Thread names on the lanes (issue 14): a trace names the task of every
# line ("kworker/u8:1-36"), so the lanes of the HTML page, the SVG and the
# Perfetto tracks say "36 kworker/u8:1", not a bare pid. On the Tegra
# trace-cmd suspend (kernel 5.5): rtcwake (264) drives, seven kworkers
# run the async callbacks, as the trace's task column says.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
. "$(dirname "$0")/../html_page.sh"

xzcat "$FIXTURES/kernel5.5-tegra-trace-cmd-suspend/trace.txt.xz" > "$T/trace.txt"
"$PMSCOPE" analyze -q -j "$T/t.json" --html "$T/t.html" --svg "$T/t.svg" "$T/trace.txt"
# what the trace's task column says, per pid that ran a PM callback
want=$(grep -E 'device_pm_callback_start' "$T/trace.txt" | awk '{ print $1 }' | sort -u |
	sed 's/^\(.*\)-\([0-9]*\)$/\2 \1/' | sort -n | tr '\n' ';')
is "json: every thread named as the trace names it" \
   "$(jq -r '.cycles[0].threads[] | "\(.pid) \(.comm)"' "$T/t.json" | sort -n | tr '\n' ';')" "$want"
is "json: eight threads, seven of them kworkers" \
   "$(jq '[.cycles[0].threads[] | select(.comm | startswith("kworker/"))] | length' "$T/t.json")" 7
is "svg: kworker/u8:1 (pid 36, 85.8 ms busy) has its name on its lane" \
   "$(grep -c '>36 kworker/u8:1<' "$T/t.svg")" 1
is "svg: every async lane named" "$(grep -o '>[0-9]* kworker/u8:[0-9]<' "$T/t.svg" | wc -l)" 7
top=$(cd "$(dirname "$0")/../.." && pwd)
"$PMSCOPE" analyze -q --perfetto "$T/t.pf" "$T/trace.txt"
is "perfetto: a track per kworker, named like the lane" \
   "$(protoc --decode=perfetto.protos.Trace -I "$top/tests/perfetto" "$top/tests/perfetto/pmscope_trace.proto" \
	< "$T/t.pf" | sed -n 's/^    name: "\([0-9]* kworker[^"]*\)"$/\1/p' | sort -n | tr '\n' ';')" \
   "$(jq -r '.cycles[0].threads[] | select(.main | not) | "\(.pid) \(.comm)"' "$T/t.json" | sort -n | tr '\n' ';')"

timeout 120 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$T/chrome" \
	--window-size=1400,1000 --virtual-time-budget=5000 --dump-dom "file://$T/t.html#click=mmc1:0001" \
	> "$T/a.html" 2>/dev/null
is "html: no script error" "$(state "$T/a.html" errors)" 0
is "html: lanes say pid and task name, the driving one first" \
   "$(state "$T/a.html" lane-names | tr '|' '\n' | sort -n | tr '\n' ';')" \
   "$(jq -r '.cycles[0].threads[] | if .main then "\(.pid) driving" else "\(.pid) \(.comm)" end' "$T/t.json" |
	sort -n | tr '\n' ';')"
th=$(jq -r '[.cycles[0].callbacks[] | select(.device == "mmc1:0001")] | max_by(.end_ns - .start_ns) | .pid' "$T/t.json")
cm=$(jq -r --argjson p "$th" '.cycles[0].threads[] | select(.pid == $p) | .comm' "$T/t.json")
is "html: the detail panel names mmc1:0001's thread ($th $cm)" \
   "$(state "$T/a.html" detail | grep -c -F "thread$th $cm")" 1

# A cycle with no lane: the kernel 6.9 XPS 9360 log has no pm_print_times
# lines, so its hibernation (cycle 9) shows phases and no callback. The
# axis labels are in the text's ink (#1a1a1a), not the critical path's
# red (#b3001b) that the empty path strip's label left set.
"$PMSCOPE" analyze -q --html "$T/h.html" "$FIXTURES/kernel6.9-xps9360-deep-hibernate-multicycle/messages.txt"
browser "file://$T/h.html#cycle=9&ink=1" > "$T/h-dom.html"
is "no lanes: cycle 9 shown, no callbacks, no script error" \
   "$(state "$T/h-dom.html" cycle) $(state "$T/h-dom.html" lanes) $(state "$T/h-dom.html" errors)" "9 0 0"
is "no lanes: the axis labels in the text's colour" "$(state "$T/h-dom.html" axis-ink)" "#1a1a1a"
browser "file://$T/t.html#ink=1" > "$T/t-dom.html"
is "lanes: the axis labels in the text's colour too" "$(state "$T/t-dom.html" axis-ink)" "#1a1a1a"
done_testing
