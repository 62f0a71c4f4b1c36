#!/bin/sh
# pmscope's own JSON reports as inputs (pmscope(1), Reports as inputs).
# Every run stats finds in the fixtures gets its report from analyze; then
# stats, compare and --rows over the reports must say what they say over
# the runs' logs, and analyze of a report must write the report again.
#
# What legitimately differs, and is taken out before comparing:
#  - the inputs' names: stats names a run by its input (runs[].source,
#    max_source, a compare's labels): a report's path stands where its
#    run's was, and is mapped back;
#  - passed-over notes: analyze of a run folder keeps the files it passed
#    over (a copy of record's report.txt) as notes of the run; stats over
#    the folder says them on its standard error only. The report's run has
#    them: their rows are dropped from both sides and the run's count of
#    notes is taken down by them;
#  - analyze of a report lists the report among its sources, before the
#    logs it was made from.
. "$(dirname "$0")/../tap.sh"
F=$FIXTURES
T=$TMPDIR_TEST

"$PMSCOPE" stats -q -j "$T/all.json" "$F" 2> /dev/null
jq -r '.stats.runs[].source' "$T/all.json" > "$T/runs"
nruns=$(wc -l < "$T/runs")
ok "the fixtures hold 40 runs or more ($nruns)" test "$nruns" -ge 40

# Each run in a folder of its own under logs/, numbered in stats' order
# (in one folder, sleepgraph's pairs would come before the other logs):
# a run folder linked, a log linked into it (a sleepgraph pair's trace
# beside its log); and its report written into reports/ by analyze of
# the same paths.
mkdir "$T/logs" "$T/reports"
i=0
while read -r src; do
	i=$((i + 1))
	k=$(printf '%03d' $i)
	b=$(basename "$src")
	if [ -d "$src" ]; then
		ln -s "$src" "$T/logs/$k-$b"
		run=$T/logs/$k-$b
		set -- "$run"
	elif [ ! -e "$src" ]; then
		# a folder inside an archive ("logs.tar.gz/logs"): the archive linked
		a=$src
		while [ ! -f "$a" ] && [ "$a" != "${a%/*}" ]; do a=${a%/*}; done
		mkdir "$T/logs/$k-$b"
		ln -s "$a" "$T/logs/$k-$b/$(basename "$a")"
		run=$T/logs/$k-$b/$(basename "$a")${src#"$a"}
		set -- "$run"
	else
		mkdir "$T/logs/$k-$b"
		run=$T/logs/$k-$b/$b
		ln -s "$src" "$run"
		set -- "$run"
		case $b in
		*_dmesg.txt*)
			tw=$(ls -d "$(dirname "$src")/${b%%_dmesg.txt*}_ftrace.txt"* 2> /dev/null |
				head -1)
			if [ -n "$tw" ]; then
				ln -s "$tw" "$T/logs/$k-$b/$(basename "$tw")"
				set -- "$@" "$T/logs/$k-$b/$(basename "$tw")"
			fi
			;;
		esac
	fi
	"$PMSCOPE" analyze -q -j "$T/reports/$k-$b.json" "$@" 2> /dev/null
	printf '%s\t%s\n' "$T/reports/$k-$b.json" "$run"
done < "$T/runs" > "$T/map"
is "a report of each run" "$(ls "$T/reports" | wc -l)" "$nruns"

# sed: each report's path back to its run's name; each run's passed-over notes
back=$(awk -F '\t' '{ printf "s|%s|%s|g;", $1, $2 }' "$T/map")
while IFS='	' read -r rep run; do
	jq --arg s "$run" '{ ($s): ([.findings[] | select(.code == "passed-over")] | length) }' "$rep"
done < "$T/map" | jq -s add > "$T/passed.json"
ok "some run was read with files passed over" \
	test "$(jq '[.[]] | add' "$T/passed.json")" -gt 0
# norm SIDE FILE: a stats or compare JSON without what legitimately differs
norm() {
	sed -e "s|$T/reports-[ab]/|$T/reports/|g" -e "s|$T/logs-[ab]/|$T/logs/|g" "$2" |
		sed "$back" | jq -S --arg side "$1" --slurpfile p "$T/passed.json" '
			def fix: .findings |= map(select(.code != "passed-over")) |
				if $side == "reports" then
					.runs |= map(.counts.note -= ($p[0][.source] // 0))
				else . end;
			if .stats then .stats |= fix
			else (.before, .after) |= fix | del(.before_label, .after_label) end'
}

"$PMSCOPE" stats -q -j "$T/s-logs.json" "$T/logs" 2> /dev/null
"$PMSCOPE" stats -q -j "$T/s-reports.json" "$T/reports" 2> /dev/null
is "stats: the reports' runs are the logs' runs" \
	"$(jq '.stats.inputs' "$T/s-reports.json")" "$(jq '.stats.inputs' "$T/s-logs.json")"
is "stats: as many cycles" "$(jq '.stats.cycles' "$T/s-reports.json")" \
	"$(jq '.stats.cycles' "$T/s-logs.json")"
norm logs "$T/s-logs.json" > "$T/a.json"
norm reports "$T/s-reports.json" > "$T/b.json"
is "stats over the reports says what stats over the logs says" \
	"$(diff "$T/a.json" "$T/b.json" | head -20)" ""

# compare: the runs in two halves, every other one
mkdir "$T/logs-a" "$T/logs-b" "$T/reports-a" "$T/reports-b"
for l in "$T"/logs/*; do
	k=$(basename "$l" | cut -c1-3)
	h=$([ $((1$k % 2)) = 1 ] && echo a || echo b)
	ln -s "$l" "$T/logs-$h/"
	ln -s "$T/reports/$(basename "$l").json" "$T/reports-$h/"
done
"$PMSCOPE" compare -q -j "$T/c-logs.json" "$T/logs-a" "$T/logs-b" 2> /dev/null
"$PMSCOPE" compare -q -j "$T/c-reports.json" "$T/reports-a" "$T/reports-b" 2> /dev/null
ok "compare: devices changed between the halves" \
	test "$(jq '.device_changes | length' "$T/c-logs.json")" -gt 10
norm logs "$T/c-logs.json" > "$T/a.json"
norm reports "$T/c-reports.json" > "$T/b.json"
is "compare over the reports says what compare over the logs says" \
	"$(diff "$T/a.json" "$T/b.json" | head -20)" ""

# --rows: the same rows, keyed by the same run ids (the report's is its
# logs'), but for the runs whose report has passed-over notes: their
# findings are numbered after those (above)
"$PMSCOPE" stats -q --rows "$T/rows-logs" "$T/logs" > /dev/null 2>&1
"$PMSCOPE" stats -q --rows "$T/rows-reports" "$T/reports" > /dev/null 2>&1
is "rows: a run each" "$(wc -l < "$T/rows-reports/runs.ndjson")" "$nruns"
jq -r 'select(any(.findings[]; .code == "passed-over")) | .run.run_id' "$T"/reports/*.json \
	> "$T/apart"
is "rows: the runs set apart, with passed-over notes" "$(wc -l < "$T/apart")" \
	"$(jq '[.[] | select(. > 0)] | length' "$T/passed.json")"
for t in runs cycles phases callbacks findings devices; do
	grep -v -F -f "$T/apart" "$T/rows-logs/$t.ndjson" > "$T/rl"
	grep -v -F -f "$T/apart" "$T/rows-reports/$t.ndjson" > "$T/rr"
	ok "rows: $t, some" test -s "$T/rr" -o "$t" = findings
	is "rows: $t from the reports are the logs'" "$(diff "$T/rl" "$T/rr" | head -5)" ""
done

# analyze of a report: the report again, but for its sources
bad=""
while IFS='	' read -r rep run; do
	"$PMSCOPE" analyze -q -j "$T/again.json" "$rep" 2> /dev/null
	[ "$(jq -c '.sources[0]' "$T/again.json")" = "\"$rep\"" ] || bad="$bad $rep(sources)"
	jq -S 'del(.sources)' "$rep" > "$T/x.json"
	jq -S 'del(.sources)' "$T/again.json" | cmp -s - "$T/x.json" || bad="$bad $rep"
done < "$T/map"
is "analyze of each report writes it again (its sources aside)" "$bad" ""

done_testing
