#!/bin/sh
# Async work in a boot (issue 13): a QEMU boot traced with function_graph
# on do_one_initcall and async_run_entry_fn (tests/fixtures/qemu-q35-boot-
# fgraph-async/SOURCE.md), read with its kernel log. Values checked by
# hand against the lines named.
. "$(dirname "$0")/../tap.sh"
F=$FIXTURES/qemu-q35-boot-fgraph-async
T=$TMPDIR_TEST
xz -dc "$F/dmesg.txt.xz" > "$T/dmesg.txt"
xz -dc "$F/trace.txt.xz" > "$T/trace.txt"
"$PMSCOPE" analyze -q -j "$T/m.json" "$T/dmesg.txt" "$T/trace.txt"
cb() { jq -c "[.cycles[0].callbacks[] | select($1) |
	[.device, .driver, .kind, .phase, .start_ns, .end_ns, .pid, .async]]" "$T/m.json"; }

# trace lines 3564-4368: kworker-25's async_run_entry_fn() at 11.621008
# calls do_populate_rootfs and returns after "$ 1434973 us" (13.055981);
# the log's populate_rootfs (lines 1073-1074, pid 1) queued it 6 ms before
# and "Freeing initrd memory" (line 1265) is at 13.055726
is "the initramfs unpacking is async work on kworker 25" \
   "$(cb '.device == "do_populate_rootfs"')" \
   '[["do_populate_rootfs",null,"async_work","kernel_init",11621008000,13055981000,25,true]]'
# counted in the trace by hand: each async_run_entry_fn's first call but
# ktime_get (awk over the kworker lines)
is "21 async works: 12 ATA port probes (libata), 1 SCSI scan, ..." \
   "$(jq -c '[.cycles[0].callbacks[] | select(.kind == "async_work") | .device] | group_by(.) |
	map([.[0], length])' "$T/m.json")" \
   '[["__device_attach_async_helper",1],["__driver_attach_async_helper",5],["async_port_probe",12],["do_populate_rootfs",1],["do_scan_async",1],["nvme_async_probe",1]]'
is "async work keeps its call graph" \
   "$(jq -c '.cycles[0].callbacks[] | select(.device == "do_populate_rootfs") | .callgraph.slowest_path' "$T/m.json")" \
   '["async_run_entry_fn","do_populate_rootfs"]'
# the trace's graphs reach the log's initcalls (they were dropped before)
is "the log's initcalls take the trace's call graphs" \
   "$(jq '[.cycles[0].callbacks[] | select(.kind == "initcall" and .callgraph)] | length' "$T/m.json")" 614
is "merge says what it did" \
   "$(jq -r "$FINDINGS"'findings | select(.text | test("^boot:")) | .text' "$T/m.json")" \
   "boot: the kernel log's initcalls are reported, the trace's 671 initcall events agree with them; its async work is added"

# The wait on the user_init path: insmod 127 ran ahci_pci_driver_init
# (log line 1884: returned at 25.896576 after 664125 usecs); ahci's probe
# queued the ATA port probes, the last of which (kworker-148, trace lines
# 7158-7280) ran from 25.901489 for "@ 435089.7 us"; insmod 127 waited for
# them in async_synchronize_full() after the module's init; insmod 166's
# piix_init (line 1899: returned at 26.372131 after 464 usecs) came next
is "user_init: ahci's loader waited for the ATA port probe that ended last" \
   "$(jq -c '.cycles[0].phases[1].critical_path as $c |
	[range(0; $c | length) | select($c[.].kind == "wait" and $c[.].device == "async_port_probe")] |
	.[0] as $i | $c[$i - 1:$i + 3] | map([.kind, .device, .start_ns, .end_ns, .pid, .inferred])' "$T/m.json")" \
   '[["run","ahci_pci_driver_init",25232451000,25896576000,127,false],["wait","async_port_probe",25896576000,26336578700,null,true],["gap",null,26336578700,26371667000,null,false],["run","piix_init",26371667000,26372131000,166,false]]'
is "the path tiles both phases" \
   "$(jq '[.cycles[0].phases[] | . as $p | ([.critical_path[] | .end_ns - .start_ns] | add) ==
	($p.end_ns - $p.start_ns)] | all' "$T/m.json")" true
"$PMSCOPE" analyze "$T/dmesg.txt" "$T/trace.txt" > "$T/m.txt"
is "text: the wait, named" \
   "$(grep -c '^ *[0-9.]*  *440.003  wait  after async_port_probe ended (timing only)$' "$T/m.txt")" 1

# The trace alone: the same async work, module initcalls named as the
# trace prints them
"$PMSCOPE" analyze -q -j "$T/t.json" "$T/trace.txt"
is "trace alone: do_populate_rootfs is async work too" \
   "$(jq -c '[.cycles[0].callbacks[] | select(.kind == "async_work")] | length' "$T/t.json")" 21
done_testing
