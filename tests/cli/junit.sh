#!/bin/sh
# --junit of analyze, stats and compare: JUnit XML that xmllint validates
# against the schema of what CI servers read (tests/junit/junit.xsd), a
# test case per cycle and per limit, failures where the figures say so.
. "$(dirname "$0")/../tap.sh"
top=$(cd "$(dirname "$0")/../.." && pwd)
X=$top/tests/junit/junit.xsd
T=$TMPDIR_TEST
Q35=$FIXTURES/qemu-q35-s3-async1-medium/dmesg.txt
Q35_0=$FIXTURES/qemu-q35-s3-async0-medium/dmesg.txt
SKYNET=$FIXTURES/pmgraph-2014-skynet-mem-k3.15/skynet_mem_dmesg.txt

valid() { xmllint --noout --schema "$X" "$1" 2>/dev/null; }
# An XPath's value in $2, e.g. count(//testcase)
xp() { xmllint --xpath "$1" "$2" 2>/dev/null; }

"$PMSCOPE" analyze -q --junit "$T/q35.xml" "$Q35"
ok "analyze: valid JUnit" valid "$T/q35.xml"
is "analyze: a test case per cycle" "$(xp 'count(//testcase)' "$T/q35.xml")" 2
is "analyze: none failed" "$(xp 'string(//testsuite/@failures)' "$T/q35.xml")" 0
is "analyze: the S3 cycle's time is its suspend + resume, 210.020 + 1172.520 ms" \
	"$(xp 'string(//testcase[@name="cycle 2: mem (deep)"]/@time)' "$T/q35.xml")" 1.382540
ok "analyze: the summary as system-out" sh -c \
	"xmllint --xpath 'string(//system-out)' '$T/q35.xml' | grep -q '^pmscope .*: 2 cycles, kernel 6.1.0-57-amd64$'"

"$PMSCOPE" analyze -q --junit "$T/skynet.xml" "$SKYNET"
ok "analyze skynet: valid JUnit" valid "$T/skynet.xml"
fails=$("$PMSCOPE" analyze -q -j - "$SKYNET" | jq "$FINDINGS"'[findings | select(.severity == "failure") | .cycle] | unique | length')
is "analyze skynet: the cycles with failures fail ($fails)" \
	"$(xp 'string(//testsuite/@failures)' "$T/skynet.xml")" "$fails"
# seven devices failed to resume (the log's seven "PM: Device ... failed
# to resume async" lines, each with its "call DEV+ returned" and most with
# a "dpm_run_callback(): ... returns" line): a failure line each
is "analyze skynet: a failure line per failure (7)" \
	"$(xp 'string(//failure)' "$T/skynet.xml" | grep -c '^device-failed: ')" 7

"$PMSCOPE" stats -q --junit "$T/stats.xml" --max-resume 1000 "$Q35" "$Q35_0"
is "stats --max-resume 1000: exit 1" "$?" 1
ok "stats: valid JUnit" valid "$T/stats.xml"
is "stats: 4 cycles and the limit" "$(xp 'count(//testcase)' "$T/stats.xml")" 5
is "stats: the q35 S3 cycle's 1172.520 ms resume breaks it" \
	"$(xp 'string(//testcase[@classname="'"$Q35"'" and @name="cycle 2: mem (deep)"]/failure/@message)' \
	   "$T/stats.xml")" "resume 1172.520 ms > --max-resume 1000 ms"
is "stats: the limit fails" \
	"$(xp 'count(//testcase[@classname="pmscope.limits" and @name="resume at most 1000 ms"]/failure)' \
	   "$T/stats.xml")" 1

"$PMSCOPE" stats -q --mode mem --junit "$T/mem.xml" "$Q35"
ok "stats --mode mem: valid JUnit" valid "$T/mem.xml"
is "stats --mode mem: the boot cycle skipped" \
	"$(xp 'string(//testcase[@name="cycle 1: boot (boot)"]/skipped/@message)' "$T/mem.xml")" \
	"mode boot, not mem"

"$PMSCOPE" compare -q --junit "$T/cmp.xml" --max-regress 1000 "$Q35_0" "$Q35"
is "compare within --max-regress 1000: exit 0" "$?" 0
ok "compare: valid JUnit" valid "$T/cmp.xml"
is "compare: both cycles of both sides and the two regression limits" \
	"$(xp 'count(//testcase)' "$T/cmp.xml")" 6
is "compare: no failure" "$(xp 'string(//testsuites/@failures)' "$T/cmp.xml")" 0

# Markup from a log stays text.
printf '[    1.000000] PM: suspend entry (deep)\n[    1.100000] a<b>&c: PM: calling pci_pm_suspend+0x0/0x150 @ 7, parent: pci0000:00\n[    1.100100] a<b>&c: PM: pci_pm_suspend+0x0/0x150 returned -5 after 100 usecs\n[    2.000000] PM: suspend exit\n' > "$T/markup.txt"
"$PMSCOPE" analyze -q --junit "$T/markup.xml" "$T/markup.txt"
ok "a device named a<b>&c: valid JUnit" valid "$T/markup.xml"
ok "its failure names it" sh -c \
	"xmllint --xpath 'string(//failure)' '$T/markup.xml' | grep -q 'a<b>&c: suspend failed: error -5 (EIO), in pci_pm_suspend'"
done_testing
