#!/bin/sh
# One pipeline (issue 10): the analyses run once per reported cycle however
# many outputs are asked for; the reports record and collect write into a
# run folder equal analyze's; files are written whatever happens to stdout.
. "$(dirname "$0")/../tap.sh"
F=$FIXTURES
T=$TMPDIR_TEST
Q=$F/qemu-q35-s3-async1-medium

# qemu q35: a boot and one S3 cycle, each analysis once per cycle
"$PMSCOPE" analyze -q -s --text "$T/x.txt" --json "$T/x.json" --svg "$T/x.svg" --png "$T/x.png" \
	--html "$T/x.html" "$Q" 2> "$T/err"
is "every output, 2 cycles: each analysis ran twice" \
   "$(sed -n 's/^pmscope: analyses run: //p' "$T/err")" "totals 2, boottotals 2, slowest 2, critpath 2, bootpath 2, messages 2, findings 2, works 2, whatif_hints 2 (2 cycles reported)"
"$PMSCOPE" analyze -q -s -c 2 --json "$T/x.json" --html "$T/x.html" "$Q" 2> "$T/err"
is "one cycle asked for: each analysis ran once" \
   "$(sed -n 's/^pmscope: analyses run: //p' "$T/err")" "totals 1, boottotals 1, slowest 1, critpath 1, bootpath 1, messages 1, findings 1, works 1, whatif_hints 1 (1 cycle reported)"
# no renderer computes an analysis: none calls one
top=$(cd "$(dirname "$0")/../.." && pwd)
is "no renderer calls an analysis" \
   "$(grep -l -E '\<(critpath_compute|cycle_totals|cycle_slowest|cycle_phase_counts|results_compute|msg_is_error|an_messages)[[:space:]]*\(' \
	"$top"/src/report/*.c "$top"/src/timeline/*.c | wc -l)" 0
# and none reaches back into the readers or the capture: renderers depend
# on the model and the results only (the page's call trees are asked for
# by callback, struct cb_ref in model.h, and read by the pipeline)
is "no renderer includes a reader's or the capture's header" \
   "$(grep -l -E '#include "(input|capture)\.h"' "$top"/src/report/*.c "$top"/src/report/*.h \
	"$top"/src/timeline/*.c | wc -l)" 0

# A run folder's reports as record and collect write them (pmscope analyze
# -o calls the same function) equal analyze's outputs, byte for byte.
# (Every fixture folder pmscope reads as a run folder.)
nd=0
for d in "$F"/*/; do
	"$PMSCOPE" analyze -q "$d" > /dev/null 2>&1
	[ $? -le 1 ] || continue
	name=$(basename "$d")
	rm -rf "$T/o" && mkdir "$T/o"
	"$PMSCOPE" analyze -q -o "$T/o" "$d" 2>/dev/null
	"$PMSCOPE" analyze -q --text "$T/a.txt" --json "$T/a.json" --html "$T/a.html" "$d" 2>/dev/null
	for f in txt json html; do
		ok "$name: report.$f as record writes it equals analyze's" cmp -s "$T/o/report.$f" "$T/a.$f"
	done
	nd=$((nd + 1))
done
ok "run folders compared: $nd (at least 4)" test "$nd" -ge 4
# the detail panel's log lines are there in the folder's report.html (the
# folder's trace.txt.xz is read with its log, so 1-2's resume callback is
# the trace's: line 1358, "... 14.467121: device_pm_callback_start: usb
# 1-2, parent: usb1, type [resume]")
"$PMSCOPE" analyze -q -o "$T/o" "$Q"
ok "run folder report.html carries log lines (the trace's lines of 1-2's resume)" \
   grep -q -F 'device_pm_callback_start: usb 1-2, parent: usb1, type [resume]' "$T/o/report.html"

# --json - is JSON alone on stdout
is "--json -: stdout is only the JSON" "$("$PMSCOPE" analyze --json - "$Q" | jq -r .schema)" "pmscope/2"
# a closed stdout costs no file
rm -f "$T/p.html" "$T/p.json"
"$PMSCOPE" analyze --html "$T/p.html" --json "$T/p.json" "$Q" | head -1 > /dev/null
ok "closed pipe: the HTML is written" test -s "$T/p.html"
ok "closed pipe: the JSON is written" jq -e .cycles "$T/p.json"
# --width: the accepted range is named
is "--width 10 names the range" "$("$PMSCOPE" analyze --width 10 "$Q" 2>&1 >/dev/null)" \
   "pmscope analyze: --width takes 480 to 32000 px, not '10'"
done_testing
