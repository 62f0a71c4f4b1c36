#!/bin/sh
# The HTML page's function_graph call trees (issue 14): the slowest and
# critical path callbacks of a traced suspend get one in their detail
# panel, the outermost calls open, a click opens or closes a call; the
# calls add up to the JSON's callgraph figures. On the q35 S3 trace with
# function_graph (async1, small).
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
. "$(dirname "$0")/../html_page.sh"
ms() { awk '{ printf "%.3f", $1 / 1e6 }'; }

"$PMSCOPE" analyze -q -j "$T/a.json" --html "$T/a.html" "$FIXTURES/qemu-q35-s3-fgraph-async1-small/trace.txt.xz"
J=$T/a.json
ntrees=$(data "$T/a.html" | jq '[.cycles[].trees[]] | length')
ngraphs=$(jq '[.cycles[].callbacks[] | select(.callgraph)] | length' "$J")
ok "trees for some callbacks ($ntrees) of the $ngraphs traced ones, not all" \
   test "$ntrees" -gt 0 -a "$ntrees" -lt "$ngraphs" -a "$ntrees" -le 24
# 1-1's resume, the slowest callback (300.127 ms), on the critical path
cg='[.cycles[0].callbacks[] | select(.device == "1-1" and .callgraph)] | max_by(.end_ns - .start_ns) | .callgraph'
browser "file://$T/a.html#click=1-1" > "$T/b.html"
is "no script error" "$(state "$T/b.html" errors)" 0
rows=$(state "$T/b.html" tree-rows | tr '|' '\n')
is "the outermost call first, as long as the JSON's longest function" \
   "$(printf '%s\n' "$rows" | head -1)" \
   "$(jq -r "$cg | .functions[0] | .function" "$J")  $(jq "$cg | .functions[0].total_ns" "$J" | ms) ms"
is "its calls shown under it: every call the JSON counts" \
   "$(printf '%s\n' "$rows" | awk '{ n += /calls\)$/ ? substr($(NF - 1), 2) : 1 } END { print n }')" \
   "$(jq "$cg | .calls" "$J")"
for f in "usb_generic_driver_resume [usbcore]" "xhci_urb_enqueue [xhci_hcd]"; do
	is "$f as long as the JSON says" "$(printf '%s\n' "$rows" | grep -F "$f" | sed 's/.*  \([0-9.]*\) ms.*/\1/')" \
	   "$(jq --arg f "$f" "$cg | .functions[] | select(.function == \$f) | .total_ns" "$J" | ms)"
done
browser "file://$T/a.html#click=1-1&open=usb_dev_resume%20%5Busbcore%5D" > "$T/c.html"
is "a click on the outermost call closes it" "$(state "$T/c.html" tree-rows | tr '|' '\n' | wc -l)" 1
browser "file://$T/a.html#click=1-1&open=usb_dev_resume%20%5Busbcore%5D,usb_dev_resume%20%5Busbcore%5D" > "$T/c.html"
is "a second click opens it again" "$(state "$T/c.html" tree-rows | tr '|' '\n' | wc -l)" "$(printf '%s\n' "$rows" | wc -l)"
# A trace on standard input cannot be read again: its trees are the ones
# caught while it was read, the same as the file's.
xz -dc "$FIXTURES/qemu-q35-s3-fgraph-async1-small/trace.txt.xz" |
	"$PMSCOPE" analyze -q --html "$T/s.html" -
is "stdin: trees ($ntrees)" "$(data "$T/s.html" | jq '[.cycles[].trees[]] | length')" "$ntrees"
is "stdin: the same trees as the file's" "$(data "$T/s.html" | jq -c '[.cycles[].trees]')" \
   "$(data "$T/a.html" | jq -c '[.cycles[].trees]')"
done_testing
