#!/bin/sh
# pmscope's boot figures against bootgraph's (pm-graph's bootgraph.py, run
# on the same saved logs under a read-only /sys on 2026-12-03, its parse
# dumped: man pmscope, Boot totals). bootgraph is not needed here: its
# figures are written down.
. "$(dirname "$0")/../tap.sh"
F=$FIXTURES
T=$TMPDIR_TEST
# [Init process starts @, Last initcall ends @ (ns), kernel, user initcalls]
bg() { jq -c '[.cycles[] | select(.mode == "boot")][0] | [.boot_totals.bootgraph_init_ns,
	([.callbacks[] | select(.kind == "initcall") | .end_ns] | max),
	.boot_totals.builtin_initcalls, .boot_totals.module_initcalls]' "$1"; }

"$PMSCOPE" analyze -q -j "$T/l.json" "$F/kernel5.13-latitude-e7250-boot-initcall/linux-5.13.9-messages.txt.gz"
is "5.13 Latitude: bootgraph says 386.003 ms, 12524.834 ms, 599 + 144" "$(bg "$T/l.json")" \
   '[386003000,12524834000,599,144]'
"$PMSCOPE" analyze -q -j "$T/x.json" "$F/kernel6.10-xps9360-boot-initcall-s2idle-pmprint/dmesg.txt"
is "6.10 XPS: bootgraph says 425.624 ms, 17305.003 ms, 693 + 149" "$(bg "$T/x.json")" \
   '[425624000,17305003000,693,149]'
xz -dc "$F/qemu-q35-boot-medium/dmesg.txt.xz" > "$T/q.txt"
"$PMSCOPE" analyze -q -j "$T/q.json" "$T/q.txt"
is "6.1 q35: bootgraph says 4971.426 ms, 11087.926 ms, 670 + 59" "$(bg "$T/q.json")" \
   '[4971426000,11087926000,670,59]'
xz -dc "$F/qemu-q35-boot-fgraph-async/dmesg.txt.xz" > "$T/a.txt"
"$PMSCOPE" analyze -q -j "$T/a.json" "$T/a.txt"
is "6.1 q35 fgraph: bootgraph says 15710.239 ms, 39724.641 ms, 670 + 59" "$(bg "$T/a.json")" \
   '[15710239000,39724641000,670,59]'

# Starts. 5.13 printed ns >> 10 as usecs: init_tis "calling" at 0.258530
# (line 1589), returned at 0.309805 "after 50071 usecs" (line 1592):
# 50071 * 1.024 us back from the return is 0.258532296, 2.3 us after the
# calling line, where bootgraph starts it (a plain 50071 us would be 1.2 ms
# off)
is "5.13: init_tis starts with its calling line, in 1.024 us units" \
   "$(jq -c '.cycles[0].callbacks[] | select(.device == "init_tis") | [.start_ns, .kernel_unit_ns]' "$T/l.json")" \
   '[258532296,1024]'
# 6.1 (line 1 "Linux version 6.1.0-57-amd64") prints true usecs
is "6.1: initcall figures in microseconds" \
   "$(jq '[.cycles[0].callbacks[] | select(.kind == "initcall") | .kernel_unit_ns] | unique' "$T/q.json")" \
   '[
  1000
]'
# Modules loaded in parallel share initcall_debug's start time: the
# Latitude's e1000_init_module, "calling" at 4.816903 (line 2114) and
# returned at 5.267770 "after 85800 usecs" (line 2290): 87.859 ms of
# 1.024 us, counted from the last calling line before that return
# (intel_rapl_msr_driver_init's on 304, 5.179902, line 2279). Like
# bootgraph, pmscope draws the 450.867 ms between its own lines
is "5.13: e1000_init_module runs from its calling line" \
   "$(jq -c '.cycles[0].callbacks[] | select(.device == "e1000_init_module") |
	[.start_ns, .end_ns, .kernel_us, .from_calling_line]' "$T/l.json")" \
   '[4816903000,5267770000,85800,true]'
is "5.13: and the note says why, once" \
   "$(jq -r "$FINDINGS"'findings | select(.text | test("initcalls timed from their calling lines")) | .text' "$T/l.json")" \
   "cycle 1: 30 initcalls timed from their calling lines: the kernel's figure counts from another initcall's start (initcall_debug keeps one start time for all threads)"
done_testing
