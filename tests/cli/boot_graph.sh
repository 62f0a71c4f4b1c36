#!/bin/sh
# Boot from function_graph alone, as bootgraph captures it: each outermost
# graph is an initcall with its call summary.
. "$(dirname "$0")/../tap.sh"
D=$FIXTURES/kernel5.17-asus-f2a85m-boot-function_graph-abstime
T=$TMPDIR_TEST

"$PMSCOPE" analyze -q -j "$T/g.json" "$D/ghes_init_trace.txt"
is "ghes_init graph: one boot cycle, one initcall" \
   "$(jq -c '[.cycles[] | [.mode, (.callbacks | length)]]' "$T/g.json")" '[["boot",1]]'
# line 5 "2.045051 | 1) swapper-1 | | ghes_init() {", line 670
# "! 403.682 us | } /* ghes_init */": the end is the start plus the
# duration column (ns), not the us-rounded stamp of the return line
is "ghes_init: start, end, pid 1, sync, built-in" \
   "$(jq -c '.cycles[0].callbacks[0] | [.device, .start_ns, .end_ns, .pid, .async, .phase, .kind]' "$T/g.json")" \
   '["ghes_init",2045051000,2045454682,1,false,"kernel_init","initcall"]'
# 463 lines are calls (the other 203 are returns); apei_osc_setup's
# return at line 625 says 224.248 us; an interrupt printed one level too
# shallow (lines 352-389) costs two repairs
is "ghes_init: calls and repairs" \
   "$(jq -c '.cycles[0].callbacks[0].callgraph | [.calls, .repaired]' "$T/g.json")" '[463,2]'
is "ghes_init: apei_osc_setup 224.248 us" \
   "$(jq -c '.cycles[0].callbacks[0].callgraph.functions[] | select(.function == "apei_osc_setup") | [.total_ns, .calls]' "$T/g.json")" \
   '[224248,1]'
is "ghes_init: slowest path" \
   "$(jq -r '.cycles[0].callbacks[0].callgraph.slowest_path[:4] | join(" > ")' "$T/g.json")" \
   "ghes_init > apei_osc_setup > acpi_run_osc > acpi_evaluate_object"

# kernel 5.2's modprobe hang: no time stamps, so nothing can be placed;
# the error says why: no data (exit 4)
D=$FIXTURES/unusable/kernel5.2-boot-function_graph-trace
"$PMSCOPE" analyze -q "$D/function_graph.txt" > "$T/out" 2> "$T/err"
is "no abstime: exit 4 (no data)" "$?" 4
is "no abstime: the reason" "$(grep -c "2 outermost function_graph calls (first __request_module) have no time stamp" "$T/err")" 1
done_testing
