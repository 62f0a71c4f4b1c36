#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# analyze --kcidb (pmscope(1), KCIDB): a KCIDB submission per fixture run,
# valid against kcidb-io's schema (tests/kcidb/, its provenance there):
# a test for the run, each cycle and each of its phases, its status the
# findings' (FAIL where a failure is, ERROR for no data, PASS only where
# the verdict is ok), its figures the JSON report's.
. "$(dirname "$0")/../tap.sh"
top=$(cd "$(dirname "$0")/../.." && pwd)
K=$top/tests/kcidb
S=$K/kcidb-io.schema.v5.3.json
F=$FIXTURES
T=$TMPDIR_TEST

"$PMSCOPE" stats -q -j "$T/all.json" "$F" 2> /dev/null
jq -r '.stats.runs[].source' "$T/all.json" > "$T/runs"
i=0
while read -r src; do
	i=$((i + 1))
	"$PMSCOPE" analyze -q --kcidb "$T/k$i.json" -j "$T/j$i.json" "$src" 2> /dev/null
	echo "$T/k$i.json $T/j$i.json $src"
done < "$T/runs" > "$T/made"
is "a submission per fixture run" "$(ls "$T"/k*.json | wc -l)" "$(wc -l < "$T/runs")"

python3 "$K/validate.py" "$S" "$T/k1.json" 2> /dev/null
if [ $? = 2 ]; then
	echo "# SKIP validation: no python3-jsonschema (apt-get install python3-jsonschema)"
else
	# shellcheck disable=SC2046 # the files, word by word
	python3 "$K/validate.py" "$S" $(cut -d' ' -f1 "$T/made") 2> "$T/invalid"
	is "every submission is valid against kcidb-io's schema v5.3" "$(head -5 "$T/invalid")" ""
	# the validator validates: a status the schema has not, a path it
	# does not take, a missing build_id
	jq '.tests[0].status = "BROKEN"' "$T/k1.json" > "$T/bad1.json"
	jq '.tests[0].path = "a b"' "$T/k1.json" > "$T/bad2.json"
	jq 'del(.tests[0].build_id)' "$T/k1.json" > "$T/bad3.json"
	for b in 1 2 3; do
		ok "a broken submission ($b) is not valid" \
			sh -c "! python3 '$K/validate.py' '$S' '$T/bad$b.json'"
	done
fi

# against each run's JSON report: one test for the run, one per cycle and
# phase, each id once; the statuses and figures the report's
bad=""
while read -r k j src; do
	want=$(jq '1 + (.cycles | length) + ([.cycles[].phases | length] | add // 0)' "$j")
	[ "$(jq '.tests | length' "$k")" = "$want" ] || bad="$bad $src(count)"
	[ "$(jq '[.tests[].id] | unique | length' "$k")" = "$want" ] || bad="$bad $src(ids)"
	[ "$(jq -r '.tests[-1].status' "$k")" = "$(jq -r '{ok: "PASS", failed: "FAIL",
		"no-data": "ERROR"}[.verdict]' "$j")" ] || bad="$bad $src(run)"
	[ "$(jq -c '[.tests[] | select(.path | split(".") | length == 2) | .status]' "$k")" = \
	  "$(jq -c '[.cycles[] | if any(.findings[]; .severity == "failure") then "FAIL"
		elif (.phases | length) == 0 and (.callbacks | length) == 0 then "ERROR"
		else "PASS" end]' "$j")" ] || bad="$bad $src(cycles)"
	[ "$(jq -c '[.tests[] | select(.path | split(".") | length == 3) | .status]' "$k")" = \
	  "$(jq -c '[.cycles[] | . as $c | .phases[] | .name as $p |
		if any($c.findings[]; .severity == "failure" and .phase == $p) then "FAIL"
		elif .start_ns == null or .end_ns == null then (if .kernel_ms == null then "ERROR"
			else "PASS" end)
		else "PASS" end]' "$j")" ] || bad="$bad $src(phases)"
	[ "$(jq -c '[.tests[] | select(.path | split(".") | length == 2) | .misc |
		[.resume_ns, .suspend_ns, .callbacks]]' "$k")" = \
	  "$(jq -c '[.cycles[] | [.totals.resume_ns, .totals.suspend_ns, (.callbacks | length)]]' \
		"$j")" ] || bad="$bad $src(figures)"
done < "$T/made"
is "each submission has the tests, statuses and figures of its run's report" "$bad" ""

# the 6.14 XPS whose rtsx card reader failed to resume: FAIL, and why
x=$(grep -n 'deep-rtsx-resume-fail' "$T/made" | cut -d: -f1)
k=$T/k$x.json
is "rtsx: the run FAILs" "$(jq -r '.tests[-1].status' "$k")" FAIL
ok "rtsx: a resume phase FAILs, saying which device" \
	test "$(jq '[.tests[] | select(.status == "FAIL" and (.path | endswith(".resume")) and
		(.log_excerpt | test("rtsx|0000:")))] | length' "$k")" -gt 0
ok "rtsx: some phases PASS" test "$(jq '[.tests[] | select(.status == "PASS")] | length' "$k")" -gt 0
# the NanoPi's boot, no PM lines: its milestones make a boot, which PASSes;
# its first 100 lines (before the first milestone) are no data, an ERROR
x=$(grep -n 'nanopi-r4s-arm64-boot-no-pm' "$T/made" | cut -d: -f1)
is "NanoPi boot: the run, its boot and both its phases PASS" \
	"$(jq -c '[.tests[] | [.path, .status]]' "$T/k$x.json")" \
	'[["pmscope.boot","PASS"],["pmscope.boot.kernel_init","PASS"],["pmscope.boot.user_init","PASS"],["pmscope","PASS"]]'
sed -n 1,100p "$F/kernel6.6-nanopi-r4s-arm64-boot-no-pm-dmesg/dmesg.log" > "$T/nodata.log"
"$PMSCOPE" analyze -q --kcidb "$T/nodata.json" "$T/nodata.log" 2> /dev/null
is "no data: exit 4" "$?" 4
is "no data: one test, the run's, an ERROR" "$(jq -c '[.tests[] | .status]' "$T/nodata.json")" \
	'["ERROR"]'
x=$(grep -n 'qemu-q35-s3-async1-medium' "$T/made" | head -1 | cut -d: -f1)
is "q35: its run id names its tests, and is the build's" \
	"$(jq -r '.tests[-1] | [.id, .build_id] | join(" ")' "$T/k$x.json")" \
	"pmscope:$(jq -r .run.run_id "$T/j$x.json") pmscope:$(jq -r .run.run_id "$T/j$x.json")"
is "q35: a phase's duration in s and its number" \
	"$(jq -c '.tests[] | select(.path == "pmscope.mem.resume") | [.duration, .number]' \
		"$T/k$x.json")" '[0.977849,{"value":0.977849,"unit":"s"}]'
ok "q35: the machine in the environment" \
	test "$(jq -r '.tests[0].environment.misc.machine' "$T/k$x.json")" = \
	"QEMU Standard PC (Q35 + ICH9, 2009)"

# a run folder that says when its cycle began (record's clocks, as
# capture_residency.sh makes one): the cycle's start_time
R=$F/pmscope-record-qemu-q35-s3-k6.1-dat
mkdir -p "$T/run/sys"
cp "$R/dmesg.txt" "$T/run/"
{ cat "$R/sys/facts.txt"
  echo "capture.realtime_ns: 1765000000000000000"
  echo "capture.boottime_ns: 200000000000"; } > "$T/run/sys/facts.txt"
printf '[cycle 1 before]\nmode: mem\nclock.boottime_ns: 100000000000\nclock.monotonic_ns: 90000000000\n' \
	> "$T/run/sys/sleep-stats.txt"
"$PMSCOPE" analyze -q --kcidb "$T/rec.json" -j "$T/rec-j.json" "$T/run" 2> /dev/null
w=$(jq '[.cycles[] | .wall_start_ns // empty] | first' "$T/rec-j.json")
ok "the run folder's cycle has its start on the wall clock" test "$w" != null
is "its start_time, as RFC 3339 in UTC" \
	"$(jq -r '[.tests[] | .start_time // empty] | first' "$T/rec.json")" \
	"$(date -u -d "@$((w / 1000000000))" +%Y-%m-%dT%H:%M:%S).$(printf '%06d' \
		$((w % 1000000000 / 1000)))+00:00"
if [ -s "$T/invalid" ] || [ ! -e "$T/invalid" ]; then :; else
	ok "and it is valid" python3 "$K/validate.py" "$S" "$T/rec.json"
fi

done_testing
