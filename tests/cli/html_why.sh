#!/bin/sh
# The HTML page's why panel and navigation (issue 14), in headless
# Chromium on the q35 S3 run: each panel table leads to the callback the
# JSON report names, the critical path strip is clickable, search steps
# through matches, and the view lives in the address.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
. "$(dirname "$0")/../html_page.sh"
sel() { state "$1" selected | sed 's/ {.*//'; }

run=$T/q35
mkdir -p "$run/sys"
cp "$FIXTURES/qemu-q35-s3-async1-medium/dmesg.txt" "$run/"
cp "$FIXTURES/qemu-q35-s3-async1-medium/guest/sys/devices.txt" "$run/sys/"
"$PMSCOPE" analyze -q -j "$T/q.json" --html "$T/q.html" "$run"
u="file://$T/q.html#cycle=2"
J=$T/q.json

browser "$u" > "$T/a.html"
is "why panel: no script error" "$(state "$T/a.html" errors)" 0
is "why panel: a path per phase that ran callbacks, then blocked, slowest and warnings" \
   "$(state "$T/a.html" why-tables | tr ',' '\n' | sort | uniq -c | awk '{printf "%s %s;", $2, $1}')" \
   "blocked 1;path $(jq '[.cycles[1].phases[] | select(.explained_ns > 0)] | length' "$J");slowest 1;$(
	jq -r 'if (.cycles[1].said_error // []) != [] then "warnings 1;" else "" end' "$J")"
is "why panel: its warning, 0000:00:03.0 returned 0 but xhci said error" "$(state "$T/a.html" why-warnings)" \
   "$(jq -r '.cycles[1].callbacks[.cycles[1].said_error[0]] | "warninglog-said-error\(.messages[0].line)\(.device) returned 0 after \((.end_ns - .start_ns) / 1e6) ms in \(.phase), but the log said: \(.messages[0].driver) \(.messages[0].device): \(.messages[0].text)"' "$J" |
	sed 's/ after \([0-9]*\)\.\([0-9]\{1,3\}\) ms/ after \1.\2000 ms/; s/\(after [0-9]*\.[0-9][0-9][0-9]\)[0-9]* ms/\1 ms/')"

# the longest phase's path first (resume, 977.620 ms): of its eight
# longest segments, in time order, the first that has a callback
want=$(jq -r '[.cycles[1].phases[] | select(.explained_ns > 0)] | max_by(.end_ns - .start_ns) |
	.critical_path | to_entries | sort_by(-(.value.end_ns - .value.start_ns), .key) | .[0:8] |
	sort_by(.value.start_ns, .key) | map(select(.value.has_callback)) | .[0].value.device' "$J")
browser "$u&why=path:0" > "$T/b.html"
is "why panel: the first path row selects $want" "$(sel "$T/b.html")" "$want"
ok "why panel: that is a device of the resume path" test -n "$want"
want=$(jq -r '.cycles[1].blocked[0].device' "$J")
browser "$u&why=blocked:0" > "$T/b.html"
is "why panel: the first blocked row selects $want (most time lost)" "$(sel "$T/b.html")" "$want"
want=$(jq -r '.cycles[1].callbacks | max_by(.end_ns - .start_ns) | .device' "$J")
browser "$u&why=slowest:0" > "$T/b.html"
is "why panel: the first slowest row selects $want" "$(sel "$T/b.html")" "$want"

# the strip: a click on the longest path segment with a callback
want=$(jq -r '[.cycles[1].phases[].critical_path[] | select(.has_callback)] | max_by(.end_ns - .start_ns) | .device' "$J")
browser "$u&stripclick=1" > "$T/b.html"
is "strip: a click on the longest segment selects $want" "$(sel "$T/b.html")" "$want"

# search: Enter steps through matches in time order
want=$(jq -r '[.cycles[1].callbacks[] | select((.device | ascii_downcase | contains("usb")) or
	((.driver // "") | ascii_downcase | contains("usb")))] | sort_by(.start_ns) | .[2].device' "$J")
nm=$(jq '[.cycles[1].callbacks[] | select((.device | ascii_downcase | contains("usb")) or
	((.driver // "") | ascii_downcase | contains("usb")))] | length' "$J")
browser "$u&search=usb&step=3" > "$T/b.html"
is "search: Enter three times selects the third match, $want" "$(sel "$T/b.html")" "$want"
is "search: says which match of how many" "$(state "$T/b.html" count)" "3 of $nm matches"

# the view in the address, and back
browser "$u&click=1-2" > "$T/b.html"
h=$(state "$T/b.html" hash | sed 's/&amp;/\&/g')
ok "address: the selection is kept ($h)" sh -c "printf '%s' '$h' | grep -q -E '^#cycle=2&from=[0-9.]+&to=[0-9.]+&sel=[0-9]+$'"
browser "file://$T/q.html$h" > "$T/c.html"
is "address: the shared view selects 1-2 again" "$(sel "$T/c.html")" "1-2"
is "address: and shows the same window" "$(state "$T/c.html" view | cut -d' ' -f1-2)" \
   "$(printf '%s' "$h" | sed 's/.*from=\([0-9.]*\)&to=\([0-9.]*\).*/\1 \2/')"
# the axis and the strip stay under the bar when the page scrolls down
timeout 120 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$T/chrome" \
	--window-size=1200,400 --virtual-time-budget=5000 --dump-dom "$u&scroll=2000" > "$T/d.html" 2>/dev/null
set -- $(state "$T/d.html" head)
ok "sticky axis: the timeline scrolled above the window (its top at $2 px)" test "$2" -lt 0
is "sticky axis: the axis copy stays right under the bar" "$1" "$3"

# A window (--phase, --from, --to) leaves out the other phases' segments
# and callbacks: the panel shows no table that would be empty. On the
# XPS 9360's sleepgraph dmesg, suspend_late alone: its path (19.254 ms,
# 17.323 ms of it 0000:00:02.0's i915 suspend_late on 2518) and the one
# sync device blocked in it (i2c_designware.1, 0.632 ms); none of the ten
# slowest callbacks is in it. The cycle's failures and warnings are the
# cycle's whatever the window (the four "the log said" ones, of callbacks
# not shown): a window never hides what went wrong.
xps=$FIXTURES/kernel5.8-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt
"$PMSCOPE" analyze -q --phase suspend_late --html "$T/late.html" "$xps"
browser "file://$T/late.html#why=path:0" > "$T/b.html"
is "window: no script error" "$(state "$T/b.html" errors)" 0
is "window: suspend_late's path and its blocked device, no empty table, the warnings" \
   "$(state "$T/b.html" why-tables)" "path,blocked,warnings"
is "window: the path's link is 0000:00:02.0" "$(sel "$T/b.html")" "0000:00:02.0"
"$PMSCOPE" analyze -q --from 2000 --to 2400 --html "$T/win.html" "$xps"
browser "file://$T/win.html" > "$T/b.html"
is "window 2000-2400 ms: resume, resume_noirq and resume_early's paths, not suspend's" \
   "$(state "$T/b.html" why-tables)" "path,path,path,blocked,slowest,warnings"

# The strip, the whole cycle in view (1400 px window, about 12 ms a
# pixel): resume_noirq's path runs 0000:00:1d.0 (pcieport on 8) from
# +2013.614 to +2030.204 ms, right after a 0.228 ms gap from the phase's
# start. A click on it selects it; the gap, within a pixel, took every
# click there and selected nothing.
"$PMSCOPE" analyze -q --html "$T/xps.html" "$xps"
for at in 2022.990 2029; do
	browser "file://$T/xps.html#stripat=$at" > "$T/b.html"
	is "strip: a click at +$at ms selects 0000:00:1d.0" "$(sel "$T/b.html")" "0000:00:1d.0"
done
browser "file://$T/xps.html#stripat=3000" > "$T/b.html"
is "strip: a click at +3000 ms selects 3-1 (the resume path's 11627.630 ms run)" "$(sel "$T/b.html")" "3-1"

# Blocked sync devices: the panel says, as the text's "*" does, when only
# the timing links a wait (no device link). On the XPS 9360 log input32
# waited 334.300 ms for 1-5 (timing only: input32's parent is 1-5:1.0,
# no callback); rfkill0 waited 60.187 ms for phy0, its parent.
browser "file://$T/xps.html#why=blocked:0" > "$T/b.html"
is "blocked: the first row selects input32" "$(sel "$T/b.html")" "input32"
is "blocked: its wait on 1-5 from timing only" \
   "$(state "$T/b.html" detail | grep -c -F "blockedwaited 334.300 ms for 1-5 (timing only)lane")" 1
browser "file://$T/xps.html#why=blocked:8" > "$T/b.html"
is "blocked: the fifth row (two links a row) selects rfkill0" "$(sel "$T/b.html")" "rfkill0"
is "blocked: its wait on phy0 from the device tree" \
   "$(state "$T/b.html" detail | grep -c -F "blockedwaited 60.187 ms for phy0, delaying 1 later sync callbackslane")" 1
# ... and the devices without a callback the wait went through, as the
# text's "via" line: on the q35 function_graph trace input2 waited
# 468.235 ms for 1-1 through 0003:0627:0001.0001 and 1-1:1.0
"$PMSCOPE" analyze -q --html "$T/fg.html" "$FIXTURES/qemu-q35-s3-fgraph-async1-small/trace.txt.xz"
browser "file://$T/fg.html#why=blocked:0" > "$T/b.html"
is "blocked: input2's wait names the devices it went through" \
   "$(sel "$T/b.html")/$(state "$T/b.html" detail |
	grep -c -F "blockedwaited 468.235 ms for 1-1 via 0003:0627:0001.0001, 1-1:1.0")" "input2/1"
# the path's gaps say why, as the text does: the XPS 6.10 boot's user_init
# (boot_path.sh has the times against the log)
"$PMSCOPE" analyze -q --html "$T/g.html" "$FIXTURES/kernel6.10-xps9360-boot-initcall-s2idle-pmprint/dmesg.txt"
browser "file://$T/g.html#cycle=1" > "$T/g-dom.html"
is "why panel: the boot's gaps in words, no script error" \
   "$(grep -o '<td>1347.132</td><td>6863.974</td><td>[^<]*</td>' "$T/g-dom.html") $(state "$T/g-dom.html" errors)" \
   '<td>1347.132</td><td>6863.974</td><td>gap user space: the initrd, before systemd</td> 0'
is "why panel: a thread's gap names it" \
   "$(grep -c '<td>280.241</td><td>728.016</td><td>gap thread 166 between callbacks</td>' "$T/g-dom.html")" 1
done_testing
