#!/bin/sh
# The kernel calls the PM_POST_SUSPEND notifiers (PM_POST_HIBERNATION)
# after the thaw and before "PM: suspend exit" (suspend_finish()): where
# the log prints the thaw's end, that time is a phase of its own,
# post_suspend, not the thaw's (issue 36). Each figure read off the log.
. "$(dirname "$0")/../tap.sh"

ph() { jq -r ".cycles[$2].phases[] | select(.name == \"$1\") | \"\\(.start_ns) \\(.end_ns)\"" "$j"; }
names() { jq -r ".cycles[$1].phases | map(.name) | .[-3:] | join(\",\")" "$j"; }

# XPS 13 9360, 5.8: "PM: Finishing wakeup." 63.395192, "Restarting
# tasks ... " 63.395196, pci lines, "done." 63.398651 (3.459 ms of
# thaw), "PM: suspend exit" 63.493364: 94.713 ms of notifiers
j=$TMPDIR_TEST/xps.json
"$PMSCOPE" analyze -q --json "$j" "$FIXTURES/kernel5.8-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt"
is "XPS 5.8: the thaw ends at its own done." "$(ph thaw_processes 0)" "63395192000 63398651000"
is "XPS 5.8: the notifiers run to PM: suspend exit" "$(ph post_suspend 0)" "63398651000 63493364000"
# the resume total runs on to "PM: suspend exit", as it did (12509.668
# ms, not the 12414.955 ms to the thaw's end)
is "XPS 5.8: resume still runs to PM: suspend exit" "$(jq -r '.cycles[0].totals.resume_ns' "$j")" \
   "12509668000"
txt=$("$PMSCOPE" analyze "$FIXTURES/kernel5.8-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt")
is "XPS 5.8: the text report names it" "$(echo "$txt" | awk '$1 == "post_suspend" { print $3 }')" "94.713"

# LKP 5.9 (a boot, then two cycles): the first's "done." came on a line of its own
# (39.981685, then "PM: suspend exit" 40.004491), the second's on
# "Restarting tasks ... done." itself (66.588930): there the log does
# not tell the thaw from the notifiers and the thaw, from "OOM killer
# enabled." (66.587348), runs to "PM: suspend exit" (66.599184)
j=$TMPDIR_TEST/lkp.json
"$PMSCOPE" analyze -q --json "$j" "$FIXTURES/kernel5.9-lkp-suspend-stress-no-phase-lines-kmsg/kmsg.xz"
is "LKP cycle 1: post_suspend from done." "$(ph post_suspend 1)" "39981685000 40004491000"
is "LKP cycle 2: no post_suspend where the log cannot tell" "$(names 2)" "resume_early,resume,thaw_processes"
is "LKP cycle 2: the thaw to PM: suspend exit" "$(ph thaw_processes 2)" "66587348000 66599184000"

# 6.16's words: "Restarting tasks: Done" ends the thaw (RZ/G3E, 6.18:
# "OOM killer enabled." 38.084992, thaw_processes() enables it first; Done
# 38.092613, "PM: suspend exit" 38.101412); hibernation's notifiers are
# PM_POST_HIBERNATION, to "PM: hibernation: hibernation exit" (6.17,
# 50.401371 to 50.419955)
j=$TMPDIR_TEST/rzg3e.json
"$PMSCOPE" analyze -q --json "$j" "$FIXTURES/kernel6.18-rzg3e-arm64-pwm-resume-fail-newwarn-serial/console.txt"
is "6.18: thaw to Restarting tasks: Done, then the notifiers" "$(ph thaw_processes 0) / $(ph post_suspend 0)" \
   "38084992000 38092613000 / 38092613000 38101412000"
j=$TMPDIR_TEST/mt7925e.json
"$PMSCOPE" analyze -q --json "$j" "$FIXTURES/kernel6.17-amd-mt7925e-hibernate-restore-fail-dmesg/dmesg-full.log"
is "6.17 hibernation: post_hibernation" "$(ph post_hibernation 1)" "50401371000 50419955000"
done_testing
