#!/bin/sh
# The page's data is the JSON report's tables, column-wise, plus the
# layout (pmscope(1) HTML): each cycle's callbacks, phases and findings
# have exactly the columns the tables' one description
# (src/report/tables.c) gives the JSON report (all but the rows' own), in
# its order, and every row of the JSON report's cycle, in its order, with
# the same values. The page reads them by those
# names: the columns it read, and the row of the callbacks table in a
# callback's details, are the description's. So a column added to a table
# reaches the page, and shows there, with no other change.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
. "$(dirname "$0")/../html_page.sh"
top=$(cd "$(dirname "$0")/../.." && pwd)
F=$FIXTURES

# keys NAME: the keys of the JSON report's columns of table NAME_cols in
# report/tables.c (not the rows' own: COL_ROWS, KEY), in order,
# comma-separated
keys() {
	awk -v t="$1" '$0 ~ "^static const struct col " t "_cols\\[\\] = \\{" { on = 1; next }
		on && /^};/ { exit }
		on && match($0, /^\t\{ "[a-z_0-9]+", CELL_[A-Z0-9]+, [^,]+,/) {
			split(substr($0, RSTART, RLENGTH), f, ", ")
			if (f[3] ~ /COL_ROWS|KEY/) next
			printf "%s%s", sep, substr(f[1], 5, length(f[1]) - 5); sep = "," }' \
		"$top/src/report/tables.c"
}
cbkeys=$(keys callback)
phkeys=$(keys phase)
fikeys=$(keys finding)
ok "the description has the callbacks' columns ($cbkeys)" \
   sh -c "printf '%s' '$cbkeys' | grep -q '^device,.*,start_ns,end_ns,'"

# The JSON report's row (object $x) and the page's ($r, decoded by
# JQ_ROWS) agree on each column of the page's but those in $skip; a
# member the report leaves out when it says nothing (COL_OPTIONAL) is
# false or null on the page
same='def same($x; $r; $skip): $r | to_entries | map(select(.key as $k | $skip | index($k) | not)) |
	all(.value == ($x[.key] // (if .value == false or .value == null then .value else "absent" end)));'
# check FILE.json FILE.html WHAT: every cycle of the page against the report
check() {
	data "$2" > "$T/data.json"
	is "$3: a cycle's tables on the page, each cycle's columns as described" \
	   "$(jq -r '.cycles[] | .tables | [(.callbacks, .phases, .findings) | .columns | keys_unsorted | join(",")] |
		join(" ")' "$T/data.json" | sort -u)" "$cbkeys $phkeys $fikeys"
	is "$3: the page's cycles ($(jq '.cycles | length' "$T/data.json")) are the report's" \
	   "$(jq -r '.cycles[].index' "$T/data.json" | while read -r i; do
		jq --argjson i "$i" '.cycles[] | select(.index == $i) | .index' "$1"; done | paste -sd' ')" \
	   "$(jq -r '.cycles[].index' "$T/data.json" | paste -sd' ')"
	is "$3: callbacks: every row of the report's, in its order, the same values; no other column in the report" \
	   "$(jq -n --slurpfile p "$T/data.json" --slurpfile j "$1" "$JQ_ROWS$same"'
		[$p[0].cycles[] | .index as $i | (.tables.callbacks | rows) as $r |
		 ($j[0].cycles[] | select(.index == $i) | .callbacks) as $c |
		 ($r | length) == ($c | length) and
		 ([range($c | length) as $k | same($c[$k]; $r[$k]; []) and
		   (($c[$k] | keys) - ($r[$k] | keys) - ["callgraph", "messages"] == [])] | all)] | all')" true
	is "$3: phases: every row, the same values" \
	   "$(jq -n --slurpfile p "$T/data.json" --slurpfile j "$1" "$JQ_ROWS$same"'
		[$p[0].cycles[] | .index as $i | (.tables.phases | rows) as $r |
		 ($j[0].cycles[] | select(.index == $i) | .phases) as $c |
		 ($r | length) == ($c | length) and ([range($c | length) as $k | same($c[$k]; $r[$k]; [])] | all)] | all')" true
	is "$3: findings: every row, the same values; no other column in the report" \
	   "$(jq -n --slurpfile p "$T/data.json" --slurpfile j "$1" "$JQ_ROWS$same"'
		[$p[0].cycles[] | .index as $i | (.tables.findings | rows) as $r |
		 ($j[0].cycles[] | select(.index == $i) | .findings) as $c |
		 ($r | length) == ($c | length) and
		 ([range($c | length) as $k | same($c[$k]; $r[$k]; []) and
		   (($c[$k] | keys) - ($r[$k] | keys) - ["sources", "sources_cut"] == [])] | all)] | all')" true
}

# a run folder (two cycles, a finding), a log with messages and errors,
# a function_graph trace, a boot with initcalls
run=$T/q35
mkdir -p "$run/sys"
cp "$F/qemu-q35-s3-async1-medium/dmesg.txt" "$run/"
cp "$F/qemu-q35-s3-async1-medium/guest/sys/devices.txt" "$run/sys/"
"$PMSCOPE" analyze -q -j "$T/q.json" --html "$T/q.html" "$run"
check "$T/q.json" "$T/q.html" q35
"$PMSCOPE" analyze -q -j "$T/x.json" --html "$T/x.html" "$F/kernel5.8-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt"
check "$T/x.json" "$T/x.html" "5.8 XPS"
ok "5.8 XPS: findings on the page" test "$(jq '[.cycles[].tables.findings.rows] | add' "$T/data.json")" -gt 0
"$PMSCOPE" analyze -q -j "$T/fg.json" --html "$T/fg.html" "$F/qemu-q35-s3-fgraph-async1-small/trace.txt.xz"
check "$T/fg.json" "$T/fg.html" "function_graph"
"$PMSCOPE" analyze -q -j "$T/b.json" --html "$T/b.html" \
	"$F/kernel6.10-xps9360-boot-initcall-s2idle-pmprint/dmesg.txt"
check "$T/b.json" "$T/b.html" "6.10 boot"
# --phase: the layout draws a window, the tables stay whole
"$PMSCOPE" analyze -q -j "$T/r.json" --html "$T/r.html" --phase resume "$run"
check "$T/r.json" "$T/r.html" "--phase resume"
ok "--phase resume: fewer boxes than callbacks" \
   test "$(data "$T/r.html" | jq '.cycles[0].layout.boxes.rows')" -lt \
	"$(data "$T/r.html" | jq '.cycles[0].tables.callbacks.rows')"

# 100 rows of one driver's strings: each string once in its column
is "a column's strings once: the q35's drivers" \
   "$(data "$T/q.html" | jq '.cycles[1].tables.callbacks.columns.driver.strings | length')" \
   "$(jq '[.cycles[1].callbacks[].driver | select(.)] | unique | length' "$T/q.json")"
is "times from the cycle's start: the first phase's start_ns" \
   "$(data "$T/q.html" | jq '.cycles[1].tables.phases | .columns.start_ns[0] + .base_ns')" \
   "$(jq '.cycles[1].phases[0].start_ns' "$T/q.json")"

# The page reads the columns by name, and shows a callback's whole row
browser "file://$T/q.html#cycle=2&click=1-2" > "$T/dom.html"
is "chromium: no script error" "$(state "$T/dom.html" errors)" 0
is "chromium: the callbacks' columns the page read are the description's" \
   "$(state "$T/dom.html" callback-columns)" "$cbkeys"
is "chromium: the phases' columns" "$(state "$T/dom.html" phase-columns)" "$phkeys"
is "chromium: the findings' columns" "$(state "$T/dom.html" finding-columns)" "$fikeys"
row=$(grep -o '<details class="tablerow">.*</details>' "$T/dom.html" | sed 's|</details>.*||')
is "chromium: 1-2's details show its row of the callbacks table, every column" \
   "$(printf '%s' "$row" | grep -o '<th>[^<]*</th>' | sed 's/<[^>]*>//g' | paste -sd,)" "$cbkeys"
want=$(jq -r '.cycles[1].callbacks[] | select(.device == "1-2" and .phase == "resume") |
	"<th>start_ns</th><td>\(.start_ns)</td><th>end_ns</th><td>\(.end_ns)</td>"' "$T/q.json")
is "chromium: ... its times on the log's clock, as the JSON report has them" \
   "$(printf '%s' "$row" | sed 's/<\/*tr>//g' | grep -c -F "$want")" 1
is "chromium: ... a boolean as the JSON report writes it" \
   "$(printf '%s' "$row" | sed 's/<\/*tr>//g' | grep -c -F '<th>async</th><td>true</td>')" 1
done_testing
