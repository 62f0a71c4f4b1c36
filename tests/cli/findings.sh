#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Never a false "ok" (issue 35): over every fixture (each file, and each
# run folder as a whole), the findings' counts and codes are the same in
# the text, the JSON, the JUnit file, the stats JSON over the same input,
# and the exit status.
. "$(dirname "$0")/../tap.sh"
F=$FIXTURES
T=$TMPDIR_TEST

# codes COUNTED_BY_CODE: "code n" lines, sorted
text_codes() {
	sed -n 's/^  \(FAILURE\|warning\|note\): .* \[\([a-z-]*\)\]$/\2/p' "$1" | sort | uniq -c |
		awk '{ print $2, $1 }'
}
json_codes() {
	jq -r '.codes | to_entries[] | "\(.key) \(.value)"' "$1" | sort
}
listed_codes() {	# the findings lists themselves, cycles' and the run's
	jq -r '[.findings[], (.cycles[].findings[])] | group_by(.code)[] |
		"\(.[0].code) \(length)"' "$1" | sort
}
stats_codes() {
	jq -r '.stats.findings[] | select(.device == null) | "\(.code) \(.count)"' "$1" | sort
}
junit_failures() {	# failure lines naming a code, one per failure finding
	xmllint --xpath '//failure/text()' "$1" 2>/dev/null |
		grep -c -E '^(&#10;)?[a-z-]+: ' || true
}

check() {	# check NAME INPUT
	name=$1 in=$2
	"$PMSCOPE" analyze --top 3 --json "$T/j" --junit "$T/u" "$in" > "$T/t" 2> /dev/null
	rc=$?
	[ $rc -le 1 ] || [ $rc -eq 4 ] || { n=$((n + 1)); echo "ok $n - $name: exit $rc, not read # SKIP"; return; }
	"$PMSCOPE" stats -q --json "$T/s" "$in" 2> /dev/null
	src=$?
	n=$((n + 1))
	failures=$(jq .counts.failure "$T/j")
	verdict=$(jq -r .verdict "$T/j")
	tc=$(text_codes "$T/t"); jc=$(json_codes "$T/j")
	lc=$(listed_codes "$T/j"); sc=$(stats_codes "$T/s")
	want_rc=0
	[ "$verdict" = failed ] && want_rc=1
	[ "$verdict" = no-data ] && want_rc=4
	if [ "$tc" != "$jc" ] || [ "$jc" != "$lc" ] || [ "$jc" != "$sc" ] ||
	   [ "$rc" != "$want_rc" ] || [ "$src" != "$want_rc" ] ||
	   [ "$(junit_failures "$T/u")" != "$failures" ] ||
	   { [ "$failures" -gt 0 ] && [ "$verdict" != failed ] && [ "$verdict" != no-data ]; } ||
	   { [ "$failures" -eq 0 ] && [ "$verdict" != ok ]; }; then
		echo "not ok $n - $name: the outputs disagree"
		echo "#   text: $(echo $tc)"; echo "#   json: $(echo $jc)"
		echo "#   listed: $(echo $lc)"; echo "#   stats: $(echo $sc)"
		echo "#   exit $rc, stats exit $src, verdict $verdict, JUnit failures" \
			"$(junit_failures "$T/u") of $failures"
		failed=1
		return
	fi
	echo "ok $n - $name: $(echo $jc | tr ' ' '=' | sed 's/=\([0-9]*\)=/=\1 /g'), exit $rc"
}

for d in "$F"/*/; do
	b=$(basename "$d")
	[ "$b" = unusable ] && continue
	if [ -d "$d/sys" ] || [ -f "$d/dmesg.txt" ]; then
		check "$b/" "$d"
	fi
	for f in "$d"*; do
		case $f in *.md|*.html|*.eml) continue ;; esac
		[ -f "$f" ] && check "$b/$(basename "$f")" "$f"
	done
done
ok "at least 40 inputs checked ($n)" test "$n" -ge 40

# No data is never ok: an empty log, a log with no PM line nor a boot's
# milestone (a mount would make it a boot cut short: boot_milestones.sh)
: > "$T/empty.txt"
printf '%s\n' '[    0.000000] Linux version 6.1.0-57-amd64 (gcc)' \
	'[    2.000000] random: crng init done' > "$T/nopm.txt"
for f in empty nopm; do
	"$PMSCOPE" analyze --json "$T/j" --junit "$T/u" "$T/$f.txt" > "$T/t" 2> /dev/null; rc=$?
	is "$f: exit 4 (no data)" "$rc" 4
	is "$f: the JSON's verdict" "$(jq -r .verdict "$T/j")" no-data
	is "$f: a no-data finding naming the file" \
		"$(jq -r '.findings[] | select(.code == "no-data") | .sources[0].file' "$T/j")" "$T/$f.txt"
	is "$f: a failing JUnit case" "$(xmllint --xpath 'string(//testsuite/@failures)' "$T/u")" 1
	ok "$f: the text says NO DATA" grep -q '^NO DATA: ' "$T/t"
	"$PMSCOPE" stats -q --json "$T/s" "$T/$f.txt" 2> /dev/null; rc=$?
	is "$f: stats exit 4" "$rc" 4
	is "$f: stats lists the run, no data" "$(jq -r '.stats.runs[0].verdict' "$T/s")" no-data
done
# ... nor beside runs with data: one box of a lab left an empty log
"$PMSCOPE" stats -q --json "$T/s" --junit "$T/u" "$T/empty.txt" "$F/qemu-q35-s3-async1-medium" \
	2> /dev/null; rc=$?
is "stats: an empty log among runs with cycles: exit 1, as its failing JUnit case says" \
	"$rc $(xmllint --xpath 'string(//testsuite/@failures)' "$T/u")" "1 1"
is "stats: its run no data, the other ok" "$(jq -r '[.stats.runs[].verdict] | join(" ")' "$T/s")" \
	"no-data ok"
# --expect: a suspend test whose box booted and never suspended has a boot
# log, which is data for a boot and none for the test: with --expect
# suspend, no data, in every output; a boot that failed stays failed
printf '%s\n' '[    0.000000] Linux version 6.1.0-57-amd64 (gcc)' \
	'[    1.000000] Run /init as init process' \
	'[    2.000000] EXT4-fs (sda1): mounted filesystem' > "$T/boot.txt"
"$PMSCOPE" analyze -q "$T/boot.txt"
is "a boot log: ok, its boot the data" "$?" 0
"$PMSCOPE" analyze --expect suspend --json "$T/j" --junit "$T/u" "$T/boot.txt" > "$T/t"; rc=$?
is "--expect suspend on a boot log: exit 4, the JSON's verdict" "$rc $(jq -r .verdict "$T/j")" "4 no-data"
is "  the finding says what the inputs held" \
	"$(jq -r '.findings[] | select(.code == "no-data") | .text' "$T/j")" \
	"no suspend or hibernation cycle in the inputs (--expect suspend), only 1 boot"
is "  a failing JUnit case" "$(xmllint --xpath 'string(//testsuite/@failures)' "$T/u")" 1
ok "  the text says NO DATA" grep -q '^NO DATA: ' "$T/t"
"$PMSCOPE" analyze -q --expect boot "$T/boot.txt"
is "--expect boot on it: ok" "$?" 0
X=$F/kernel5.8-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt
"$PMSCOPE" analyze -q --expect mem "$X"
is "--expect mem on an S3 log: ok" "$?" 0
"$PMSCOPE" analyze -q --expect s2idle --json "$T/j" "$X"; rc=$?
is "--expect s2idle on it: no data, what it held" \
	"$rc $(jq -r '.findings[] | select(.code == "no-data") | .text' "$T/j")" \
	"4 no s2idle cycle in the inputs (--expect s2idle), only 1 mem"
head -n 2 "$T/boot.txt" > "$T/cut.txt"
sed -i 's/Run \/init/EXT4-fs (sda1): mounted filesystem/' "$T/cut.txt"
"$PMSCOPE" analyze -q --expect suspend --json "$T/j" "$T/cut.txt"; rc=$?
is "--expect suspend on a boot cut before init: failed (the boot's failure first)" \
	"$rc $(jq -r .verdict "$T/j")" "1 failed"
"$PMSCOPE" analyze -q --expect hibernate "$T/boot.txt" 2> "$T/e"; rc=$?
is "--expect hibernate: bad usage, the words said" "$rc $(cat "$T/e")" \
	"2 pmscope analyze: --expect takes suspend, mem, s2idle, standby, disk, boot or any, not 'hibernate'"
# An excerpt is cut, not failed (issue 42): two callback lines of a
# suspend, its start and end not in them (the shape of lines pasted into a
# patch mail); the same log cut inside its resume but with its start is a
# cycle that did not complete, a failure (a hung test box leaves that)
printf '%s\n' '[    5.000000] call 0:0:0:0+ returned 0 after 1078047 usecs' \
	'[    5.000100] call 1:0:0:0+ returned 0 after 1047 usecs' > "$T/excerpt.txt"
"$PMSCOPE" analyze --json "$T/j" "$T/excerpt.txt" > "$T/t" 2> /dev/null; rc=$?
is "excerpt: exit 0" "$rc" 0
is "excerpt: a note that says so, no failure" \
	"$(jq -r '[.counts.failure, (.cycles[0].findings[] | select(.code == "excerpt") | .severity)] | join(" ")' "$T/j")" \
	"0 note"
head -n 2400 "$F/qemu-q35-s3-async1-medium/dmesg.txt" > "$T/cut.txt"
"$PMSCOPE" analyze --json "$T/j" "$T/cut.txt" > /dev/null 2>&1; rc=$?
is "a log with the cycle's start, cut in its resume: exit 1" "$rc" 1
is "... the cycle did not complete, a failure" \
	"$(jq -r '.cycles[1].findings[] | select(.code == "incomplete") | .severity' "$T/j")" failure

# An Oops outside every cycle is a failure all the same (the kernel said
# it failed): the ucsi Oops 4 s after the third resume (its report lines
# 656-660), then workqueue lockups
sus=$F/corpus/kernel6.19-rc1-suse-s2idle-3cycles-ucsi-oops-after-journal/logs.xz
"$PMSCOPE" analyze --json "$T/j" "$sus" > /dev/null 2>&1; rc=$?
is "Oops after a resume: exit 1, a failure outside every cycle" \
	"$rc $(jq -c '[.findings[] | select(.code == "alarm-outside-cycle") | [.severity, [.sources[].line]]][0]' "$T/j")" \
	'1 ["failure",[656,660]]'
is "... and the four workqueue lockups after it" \
	"$(jq '[.findings[] | select(.code == "alarm-outside-cycle")] | length' "$T/j")" 5

# A WARN() while the tasks thawed, after "Restarting tasks ... " and before
# its "done." (the L440's __thaw_task, line 1723 of cycle 2, 921-1763): in
# the cycle, though the log closed it at "Restarting tasks" first. One
# before every cycle (the IdeaPad's early boot, line 17) is a warning
# outside them.
"$PMSCOPE" analyze --json "$T/l440.json" "$F/kernel6.3-thinkpad-l440-deep-pmprint-email/dmesg-6-3-1-retry.out.xz" > /dev/null 2>&1
is "a WARN() while thawing: its cycle's" \
	"$(jq -c '[.cycles[] | .index as $i | .findings[] | select(.code == "kernel-warning") | [$i, .sources[0].line]]' "$T/l440.json")" \
	'[[2,1723]]'
"$PMSCOPE" analyze --json "$T/idea.json" "$F/kernel5.15-chromeos-ideapad-mem-pmprint/ideapad_patch_complete.txt" > /dev/null 2>&1; rc=$?
is "a WARN() before every cycle: a warning outside them, exit 0" \
	"$rc $(jq -c '[.findings[] | select(.code == "warning-outside-cycle") | [.severity, .sources[0].line]]' "$T/idea.json")" \
	'0 [["warning",17]]'

# an input that cannot be read is a run of stats too, failed, said why
"$PMSCOPE" stats -q --json "$T/s" --junit "$T/u" "$T/nopm.txt" "$T/missing.txt" 2> /dev/null
rc=$?
is "stats: a missing input: exit 2" "$rc" 2
is "stats: it is a run, not read, with why" \
	"$(jq -r '.stats.runs[] | select(.verdict == "failed") | .why' "$T/s")" \
	"$T/missing.txt: No such file or directory"
ok "stats: and a failing JUnit case" grep -q 'not-read: ' "$T/u"

# --json - is JSON alone on stdout, on every command
for cmd in "analyze" "stats" "whatif"; do
	"$PMSCOPE" $cmd --json - "$F/qemu-q35-s3-async1-medium" > "$T/o" 2> /dev/null
	ok "$cmd --json -: stdout is JSON alone" jq -e . "$T/o"
done
"$PMSCOPE" compare --json - "$F/qemu-q35-s3-async1-medium" "$F/qemu-q35-s3-async0-medium" \
	> "$T/o" 2> /dev/null
ok "compare --json -: stdout is JSON alone" jq -e . "$T/o"
done_testing
