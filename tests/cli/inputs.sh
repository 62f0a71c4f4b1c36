#!/bin/sh
# Input shapes and file discovery (the input stage's CLI tests). Values
# pinned here were read off the fixture logs by hand; the arithmetic is
# in the comments. Logs derived from a fixture are said so where made.
. "$(dirname "$0")/../tap.sh"
F=$FIXTURES
T=$TMPDIR_TEST
J=$T/out.json

analyze() { "$PMSCOPE" analyze -q --json "$J" "$@" 2>"$T/err"; rc=$?; }
q() { jq -r "$1" "$J"; }

# --- the kernel's "usecs" before 5.14 are 1.024 us units (CB_US_1024).
# Derived input: the 5.4 XPS log with its "[  534.466597] " stamps replaced
# by journalctl's default wall-clock prefix, which carries no kernel time,
# so a callback's length can come only from the kernel's figure:
# "i915 0000:00:02.0: pci_pm_suspend+0x0/0x150 returned 0 after 1165034 usecs"
# = 1165034 x 1.024 us = 1192.995 ms, what the stamped log gives too.
X54=$F/kernel5.4-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt
sed -E 's/^\[ *[0-9]+\.[0-9]+\] /Jun 29 13:42:58 Ixpees kernel: /' "$X54" >"$T/x54-journal.txt"
slowest() { "$PMSCOPE" analyze "$1" | sed -n '/slowest callbacks/{n;n;p;}' | awk '{print $1, $2, $4}'; }
is "5.4 stamped: i915 suspend = 1165034 x 1.024 us" "$(slowest "$X54")" "0000:00:02.0 i915 1192.995"
is "5.4 without stamps: the same, from the kernel's figure" "$(slowest "$T/x54-journal.txt")" \
   "0000:00:02.0 i915 1192.995"
# 5.8: "usb 3-1: usb_dev_resume+0x0/0x20 returned 0 after 11355107 usecs"
# = 11627.630 ms in 1.024 us units
X58=$F/kernel5.8-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt
sed -E 's/^\[ *[0-9]+\.[0-9]+\] /Jul 08 15:20:08 Ixpees kernel: /' "$X58" >"$T/x58-journal.txt"
is "5.8 stamped: usb 3-1 resume" "$(slowest "$X58")" "3-1 usb 11627.630"
is "5.8 without stamps: the same" "$(slowest "$T/x58-journal.txt")" "3-1 usb 11627.630"

done_testing
