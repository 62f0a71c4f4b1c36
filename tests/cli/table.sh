#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# analyze --table: one table of the rows on the terminal, from the same
# description as --rows (src/report/tables.c): the same rows, the same
# cells, times in ms; and the kernel's own figures in it.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
L=$FIXTURES/kernel5.15-chromeos-ideapad-mem-pmprint/ideapad_patch_complete.txt

"$PMSCOPE" analyze --table callbacks --columns device,driver,phase,duration_ns,ret "$L" \
	> "$T/t" 2> "$T/err"; rc=$?
is "callbacks: exit 0 (the cycle completed)" "$rc" 0
is "callbacks: nothing on stderr" "$(cat "$T/err")" ""
is "callbacks: the head line, _ns shown as _ms" "$(head -1 "$T/t" | tr -s ' ')" \
	"device driver phase duration_ms ret"
# the log's line 3510: "tpm_crb MSFT0101:00: PM: tpm_pm_suspend+0x0/0xcc
# returned 0 after 303745 usecs"
is "callbacks: the slowest is the TPM's suspend, as the kernel printed it" \
	"$(sed 1d "$T/t" | sort -k4 -n -r | head -1 | tr -s ' ')" \
	"MSFT0101:00 tpm_crb suspend 303.745 0"
"$PMSCOPE" analyze -q --rows "$T/rows" "$L"
is "callbacks: a line per row of --rows" "$(sed 1d "$T/t" | wc -l)" \
	"$(wc -l < "$T/rows/callbacks.ndjson")"
jq -r '"\(.device) \(.driver // "-") \(.phase // "-") \(if .duration_ns == null then "-"
	else (.duration_ns / 1e6 * 1000 | round / 1000 | tostring) end) \(.ret // "-")"' \
	"$T/rows/callbacks.ndjson" > "$T/rows.txt"
# jq drops trailing zeros of the ms: the table's cells read as numbers
sed 1d "$T/t" | awk '{ $(NF - 1) = ($(NF - 1) == "-") ? "-" : $(NF - 1) + 0; print }' > "$T/table.txt"
awk '{ $(NF - 1) = ($(NF - 1) == "-") ? "-" : $(NF - 1) + 0; print }' "$T/rows.txt" > "$T/rows.norm"
is "callbacks: each row's cells those of --rows" "$(diff "$T/rows.norm" "$T/table.txt" | head -3)" ""

"$PMSCOPE" analyze --table phases "$L" > "$T/p"
is "phases: every column of the rows, in their order" "$(head -1 "$T/p" | tr -s ' ')" \
	"$("$PMSCOPE" --tables | awk -F '\t' '$1 == "phases" { print $2 }' | sed 's/_ns$/_ms/' |
		tr '\n' ' ' | sed 's/ $//')"
# "PM: suspend of devices complete after 319.159 msecs"
is "phases: suspend, the kernel's 319.159 ms" \
	"$(awk '$4 == "suspend" { print $8 }' "$T/p")" 319.159

"$PMSCOPE" analyze --table findings "$FIXTURES/kernel6.14-xps9360-deep-rtsx-resume-fail-dmesg/"*.txt \
	> "$T/f"; rc=$?
is "findings: exit 1, the kernel's failures" "$rc" 1
is "findings: rtsx_pci's -110 in each of its cycles" \
	"$(awk '$3 == "device-failed" && $10 == "-110" { n++ } END { print n }' "$T/f")" \
	"$("$PMSCOPE" analyze --json - "$FIXTURES/kernel6.14-xps9360-deep-rtsx-resume-fail-dmesg/"*.txt |
		jq '[.cycles[].findings[] | select(.code == "device-failed" and .error == -110)] | length')"

"$PMSCOPE" analyze --table nope "$L" > /dev/null 2> "$T/err"; rc=$?
is "--table nope: exit 2" "$rc" 2
ok "--table nope: says the tables" grep -q "runs, cycles, phases, callbacks, findings or devices" "$T/err"
"$PMSCOPE" analyze --table phases --columns name,bogus "$L" > /dev/null 2> "$T/err"; rc=$?
is "--columns bogus: exit 2" "$rc" 2
ok "--columns bogus: names it" grep -q "phases has no column 'bogus'" "$T/err"
"$PMSCOPE" analyze --columns name "$L" > /dev/null 2> "$T/err"; rc=$?
is "--columns without --table: exit 2" "$rc" 2
done_testing
