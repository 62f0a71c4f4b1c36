#!/bin/sh
# A run folder written by pmscope record --callgraph in a QEMU guest on 6.12
# (make check-vm, SOURCE.md): one suspend cycle with its call graphs, and
# the graphs other tasks left after it are not a boot.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
R=$FIXTURES/pmscope-record-qemu-q35-s3-k6.12-callgraph

"$PMSCOPE" analyze -q --json "$T/r.json" "$R" > "$T/out" 2>&1
is "analyzes cleanly" "$?" 0
j() { jq -r "$1" "$T/r.json"; }
# trace.txt lines 3336-3356: rpm_suspend(), __rseq_handle_notify_resume(),
# __pm_runtime_resume() { after thaw_processes[0] end: no boot cycle of them
is "one cycle, the suspend: no boot made of the graphs after it" \
	"$(j '[.cycles[].mode] | join(",")')" mem
is "no initcalls" "$(j '[.cycles[].callbacks[] | select(.phase == "user_init" or .phase == "kernel_init")] | length')" 0
# xzcat trace.txt.xz | grep -c device_pm_callback_start
is "522 callbacks, one per device_pm_callback_start" "$(j '[.cycles[0].callbacks[]] | length')" 522
# lines 1763-1764 and the "@ 108577.9 us } /* pci_pm_resume_noirq */" line;
# dmesg: "pci_pm_resume_noirq returned 0 after 108686 usecs"
is "0000:00:00.0 resume_noirq: its call graph and the kernel's figure" \
	"$(j '.cycles[0].callbacks[] | select(.device == "0000:00:00.0" and .phase == "resume_noirq") |
		"\(.kernel_us) \(.callgraph.functions | map("\(.function)=\(.total_ns)") | join(" "))"')" \
	"108686 pci_pm_resume_noirq=108577900 dev_pm_skip_resume=26680"

# make check-vm's capture on CI had graphs before the suspend as well (the
# same task on its way back to user space, as lines 3336-3356 have them
# after it): still no boot, whatever the function, leaf or not
mkdir "$T/before"
cp -r "$R/dmesg.txt" "$R/sys" "$T/before/"
xzcat "$R/trace.txt.xz" | awk '/pm_suspend\(\) \{/ && !done {
	print "    4.785346 |   1)  pmscope-258   | ! 481.012 us  |  __rseq_handle_notify_resume();"
	print "    4.793439 |   1)  pmscope-258   |               |  rpm_suspend() {"
	print "    4.793450 |   1)  pmscope-258   |   0.200 us    |    __rpm_callback();"
	print "    4.793469 |   1)  pmscope-258   | + 30.112 us   |  }"
	done = 1 } { print }' > "$T/before/trace.txt"
"$PMSCOPE" analyze -q --json "$T/b.json" "$T/before" > "$T/out" 2>&1
is "graphs before the suspend: analyzes cleanly" "$?" 0
is "graphs before the suspend: one cycle, the suspend" \
	"$(jq -r '[.cycles[].mode] | join(",")' "$T/b.json")" mem
is "graphs before the suspend: the same 522 callbacks" \
	"$(jq '[.cycles[0].callbacks[]] | length' "$T/b.json")" 522
done_testing
