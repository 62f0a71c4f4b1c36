#!/bin/sh
# What sleepgraph's log header carries (date, machine, command, ACPI FPDT
# firmware times) and what woke the machine, from real logs.
. "$(dirname "$0")/../tap.sh"

x58=$FIXTURES/kernel5.8-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt
x54=$FIXTURES/kernel5.4-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt
ally=$FIXTURES/kernel6.11-rog-ally-s2idle-39cycles-email/message.eml.xz
T=$TMPDIR_TEST

# "# suspend-070820-152008 Ixpees mem 5.8.0-050800-generic"
# "# sysinfo | man:Dell Inc. | plat:XPS 13 9360 | ... | bios:2.13.0 | ..."
# "# fwsuspend 0 fwresume 2706432"  (ns)
"$PMSCOPE" analyze -q -j "$T/x58.json" "$x58"
is "facts: date from the stamp" "$(jq -r .facts.date "$T/x58.json")" "2020-07-08 15:20:08"
is "facts: sysinfo" "$(jq -c '.facts | [.vendor, .product, .bios, .ncpus]' "$T/x58.json")" \
	'["Dell Inc.","XPS 13 9360","2.13.0","4"]'
is "facts: command" "$(jq -r .facts.command "$T/x58.json")" \
	"sleepgraph.py -config config/suspend.cfg -multi 50 15"
is "firmware: FPDT figures kept, in ns" \
	"$(jq -c '.cycles[0].totals | [.firmware_suspend_ns, .firmware_resume_ns]' "$T/x58.json")" \
	'[0,2706432]'
is "firmware: totals untouched (kernel 5.8 suspend 1691.701 ms)" \
	"$(jq .cycles[0].totals.suspend_ns "$T/x58.json")" 1691701000
is "firmware: in the summary" \
	"$("$PMSCOPE" analyze -n 0 "$x58" | grep -c '^  firmware: suspend 0.000 ms, resume 2.706 ms')" 1
# "# fwsuspend 0 fwresume 1548751"
is "firmware: 5.4 log" "$("$PMSCOPE" analyze -q -j - "$x54" | jq .cycles[0].totals.firmware_resume_ns)" \
	1548751
is "firmware: a log without the header has none" \
	"$("$PMSCOPE" analyze -q -j - "$ally" | jq '[.cycles[].totals.firmware_resume_ns] | unique')" \
	'[
  null
]'

# The ROG Ally mail: its boot (cycle 1) and the three plain dmesg cycles
# have no pm_debug lines;
# the 36 cycles replayed by amd_s2idle.py each say "PM: Triggering wakeup
# from IRQ 9" then "ACPI: PM: ACPI fixed event wakeup" (the power button).
"$PMSCOPE" analyze -q -j "$T/ally.json" "$ally"
is "wake reason: 36 cycles IRQ 9 + ACPI fixed event" \
	"$(jq '[.cycles[] | select(.wake_reason == "IRQ 9; ACPI fixed event")] | length' "$T/ally.json")" 36
is "wake reason: none where the log says none" \
	"$(jq -c '[.cycles[] | select(.wake_reason == null) | .index]' "$T/ally.json")" '[1,2,3,4]'
is "wake reason: in the summary" \
	"$("$PMSCOPE" analyze -n 0 -c 5 "$ally" | grep -c '^  woken by: IRQ 9; ACPI fixed event$')" 1
done_testing
