#!/bin/sh
# The HTML page's device table and cross-phase hover (issue 14), in
# headless Chromium, checked against the JSON report: a row per device
# that ran a callback, in device tree order (children under their parent),
# sorted by a column on a click, a row selects the device's longest
# callback, and hovering a box lights the device's boxes in every phase.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
. "$(dirname "$0")/../html_page.sh"
sel() { state "$1" selected | sed 's/ {.*//'; }
pos() { state "$1" devtab-names | tr '|' '\n' | grep -n -x -F "$2" | cut -d: -f1; }

# The 5.8 XPS 13 log: 435 callbacks of 149 devices (143 names: six ACPI
# devices share theirs with the platform device made from each, as
# ACPI0003:00 of ac and of platform: a row each)
log=$FIXTURES/kernel5.8-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt
"$PMSCOPE" analyze -q -j "$T/a.json" --html "$T/a.html" "$log"
J=$T/a.json
# a device's time in a phase: its finished callbacks' lengths
sums='[.cycles[0].callbacks[] | select(.end_ns != null and .start_ns != null)] |
	group_by(.device) | map({device: .[0].device, total: (map(.end_ns - .start_ns) | add),
	resume: (map(select(.phase == "resume") | .end_ns - .start_ns) | add // 0)})'
browser "file://$T/a.html#devtab=1" > "$T/b.html"
is "no script error" "$(state "$T/b.html" errors)" 0
is "a row per device that ran a callback" "$(state "$T/b.html" devtab-rows)" \
   "$(jq '[.cycles[0].callbacks[] | [.device, .driver, .parent]] | unique | length' "$J")"
is "tree order: usb3 right below 0000:00:14.0's subtree ... 3-1 after usb3 after 0000:39:00.0" \
   "$(test "$(pos "$T/b.html" 0000:39:00.0)" -lt "$(pos "$T/b.html" usb3)" &&
      test "$(pos "$T/b.html" usb3)" -lt "$(pos "$T/b.html" 3-1)" && echo yes)" yes
is "3-1's parent chain as the JSON names it" \
   "$(jq -r '[.cycles[0].callbacks[] | select(.device == "3-1")][0].parent' "$J")" usb3

browser "file://$T/a.html#sort=resume" > "$T/c.html"
want=$(jq -r "$sums | max_by(.resume) | .device" "$J")
is "sort by resume: $want first (11.6 s)" "$(state "$T/c.html" devtab-first)" "$want"
is "sort by resume: largest first" "$(state "$T/c.html" devtab-sort)" "resume down"
browser "file://$T/a.html#sort=total,total" > "$T/c.html"
is "sort by total twice: smallest first" "$(state "$T/c.html" devtab-sort)" "total up"
is "sort by total twice: a device whose callbacks took the least" \
   "$(jq -r --arg d "$(state "$T/c.html" devtab-first)" "$sums | map(select(.device == \$d)) | .[0].total" "$J")" \
   "$(jq -r "$sums | min_by(.total) | .total" "$J")"
browser "file://$T/a.html#sort=driver" > "$T/c.html"
# (the first row's name may be a twin's: its devices' first driver)
is "sort by driver: a to z" "$(state "$T/c.html" devtab-names | tr '|' '\n' | head -1 |
	xargs -I@ jq -r --arg d @ '[.cycles[0].callbacks[] | select(.device == $d) | .driver // ""] | min' "$J")" \
   "$(jq -r '[.cycles[0].callbacks[].driver // ""] | sort | .[0]' "$J")"

browser "file://$T/a.html#sort=total&devrow=1" > "$T/c.html"
want=$(jq -r "$sums | max_by(.total) | .device" "$J")
is "a click on the first row ($want) selects its longest callback" "$(sel "$T/c.html")" "$want"
is "  that one, as long as the JSON says" \
   "$(state "$T/c.html" detail | grep -c -F "duration$(jq -r --arg d "$want" '[.cycles[0].callbacks[] |
	select(.device == $d)] | max_by(.end_ns - .start_ns) | (.end_ns - .start_ns) / 1e6 |
	(. * 1000 | round) as $us | "\($us / 1000 | floor).\($us % 1000 | tostring | ("00" + .)[-3:])"' "$J") ms")" 1

# cross-phase hover: 3-1 ran in suspend and resume, i915's 0000:00:02.0
# in six phases
for d in 3-1 0000:00:02.0; do
	browser "file://$T/a.html#hover=$d" > "$T/d.html"
	is "hover $d: its boxes lit in every phase" "$(state "$T/d.html" lit)" \
	   "$(jq --arg d "$d" '[.cycles[0].callbacks[] | select(.device == $d)] | length' "$J")"
	is "hover $d: over as many phases as the JSON has" "$(state "$T/d.html" lit-phases)" \
	   "$(jq --arg d "$d" '[.cycles[0].callbacks[] | select(.device == $d) | .phase] | unique | length' "$J")"
done
is "no script error after hovering" "$(state "$T/d.html" errors)" 0
done_testing
