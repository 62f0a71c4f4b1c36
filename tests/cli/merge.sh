#!/bin/sh
# A kernel log and a trace of the same run make one model: the trace's
# callbacks and times, the log's printed figures, each callback once.
. "$(dirname "$0")/../tap.sh"
F=$FIXTURES
J=$TMPDIR_TEST/out.json
q() { jq -r "$1" "$J"; }
# "device/phase" pairs that occur more than once, with their count
twice() { jq -r '.cycles[].callbacks|group_by(.device+"/"+.phase)[]|select(length>1)|"\(.[0].device)/\(.[0].phase) \(length)"' "$1" | sort; }

D=$F/pmgraph-2014-skynet-mem-k3.15/skynet_mem_dmesg.txt
T=$F/pmgraph-2014-skynet-mem-k3.15/skynet_mem_ftrace.txt
"$PMSCOPE" analyze -q --json "$TMPDIR_TEST/trace.json" "$T"
"$PMSCOPE" analyze -q --json "$J" "$D" "$T"
is "skynet dmesg + trace: one cycle" "$(q '.cycles|length')" 1
is "skynet dmesg + trace: the trace's 341 callbacks" "$(q '.cycles[0].callbacks|length')" \
   "$(grep -c 'device_pm_callback_start:' "$T")"
# 276 "calling  DEV+ @" lines + 2 of "Fixed MDIO bus.0"; none in prepare/complete
is "skynet dmesg + trace: the log's 278 callbacks gave their figures" \
   "$(q '[.cycles[0].callbacks[]|select(.kernel_us!=null)]|length')" 278
is "skynet dmesg + trace: no device twice in a phase beyond the trace's own" \
   "$(twice "$J")" "$(twice "$TMPDIR_TEST/trace.json")"
# trace: sd 0:0:0:0 suspend 550.862880 -> 551.703414 on 189;
# dmesg: "call 0:0:0:0+ returned 0 after 819657 usecs"
is "skynet dmesg + trace: trace times, kernel figure" \
   "$(q '.cycles[0].callbacks[]|select(.device=="0:0:0:0" and .phase=="suspend")|"\(.start_ns) \(.end_ns) \(.pid) \(.kernel_us) \(.kernel_unit_ns)"')" \
   "550862880000 551703414000 189 819657 1024"
# trace: dpm_suspend[2] 550.850398 -> 551.717654; dmesg: "PM: suspend of
# devices complete after 866.009 msecs"
is "skynet dmesg + trace: phase from the trace, the kernel's length from the log" \
   "$(q '.cycles[0].phases[]|select(.name=="suspend")|"\(.start_ns) \(.end_ns) \(.kernel_ms)"')" \
   "550850398000 551717654000 866.009"
is "skynet dmesg + trace: the trace's totals" \
   "$(q '.cycles[0].totals|"\(.suspend_ns) \(.resume_ns)"')" "1777513000 299218000"
# one failure, one finding: 1-1's -13 with the log's "returned -13" 527
# and "failed to resume async" 528, and the trace's
# callback end 576 (the trace's words; its start, 575, says nothing failed,
# and is not cited); the log's
# "dpm_run_callback(): usb_dev_resume+0x0/0x20 returns -13" (526) names
# no device: the next line of that error names it
is "skynet dmesg + trace: the -13 of 1-1 reported once, with the lines of both files" \
   "$(q "$FINDINGS"'[findings|select(.code == "device-failed" and .device == "1-1")] |
	"\(length) \(.[0].error) \([.[0].sources[] | "\(.file | split("/")[-1]):\(.line)"] | join(","))"')" \
   "1 -13 skynet_mem_dmesg.txt:526,skynet_mem_dmesg.txt:527,skynet_mem_dmesg.txt:528,skynet_mem_ftrace.txt:576"
ok "skynet dmesg + trace: the log's error line kept" grep -q 'Device 1-1 failed to resume async: error -13' "$J"
# the trace's times and the log's own figure describe one call: they agree
# to within the printk delay and the ns >> 10 units (here -11 us .. +1.2 ms)
agree() { jq '[.cycles[].callbacks[]|select(.kernel_us!=null and .end_ns!=null and .start_ns!=null)
	| (.end_ns - .start_ns) - .kernel_us * .kernel_unit_ns | select(. > 5000000 or . < -5000000)]|length' "$1"; }
is "skynet dmesg + trace: trace times and kernel figures agree within 5 ms" "$(agree "$J")" 0
"$PMSCOPE" analyze -q --json "$TMPDIR_TEST/rev.json" "$T" "$D"
# devices[] is in the order the devices were first read, so a callback's
# device_index is not the same: the device it names is
byname='del(.cycles[].callbacks[].device_index) | .cycles'
jq -c "$byname" "$J" > "$TMPDIR_TEST/a"; jq -c "$byname" "$TMPDIR_TEST/rev.json" > "$TMPDIR_TEST/b"
ok "skynet trace + dmesg: the order of the files does not matter" cmp "$TMPDIR_TEST/a" "$TMPDIR_TEST/b"
is "skynet trace + dmesg: and each callback's device_index names its device" \
   "$(jq '[.devices as $d | .cycles[].callbacks[] | select(.device_index != null and $d[.device_index].device != .device)] | length' "$TMPDIR_TEST/rev.json")" 0

# --- a run folder: kernel 6.1 in QEMU, boot and S3 in dmesg.txt, S3 in trace.txt
R=$TMPDIR_TEST/run
mkdir -p "$R/sys"
cp "$F/qemu-q35-s3-async1-medium/dmesg.txt" "$R/"
cp "$F/qemu-q35-s3-async1-medium/guest/sys/devices.txt" "$R/sys/"
xz -dc "$F/qemu-q35-s3-async1-medium/trace.txt.xz" > "$R/trace.txt"
"$PMSCOPE" analyze -q --json "$TMPDIR_TEST/trace.json" "$R/trace.txt"
"$PMSCOPE" analyze -q --json "$J" "$R"
rc=$?
is "qemu run folder: clean" "$rc" 0
is "qemu run folder: boot from the log, the S3 cycle once" "$(q '[.cycles[].mode]|join(",")')" "boot,mem"
is "qemu run folder: the trace's callbacks" "$(q '.cycles[1].callbacks|length')" \
   "$(grep -c 'device_pm_callback_start:' "$R/trace.txt")"
# grep -c 'PM: calling' dmesg.txt = 219, "i8042 kbd 00:00" and "i8042 aux 00:01" included
is "qemu run folder: all 219 of the log's callbacks gave their figures" \
   "$(q '[.cycles[1].callbacks[]|select(.kernel_us!=null)]|length')" "$(grep -c 'PM: calling' "$R/dmesg.txt")"
# under TCG the kernel's figure runs 2 us .. 3.9 ms longer than the events
is "qemu run folder: trace times and kernel figures agree within 5 ms" "$(agree "$J")" 0
is "qemu run folder: no device twice in a phase beyond the trace's own" \
   "$(twice "$J" | grep -v '^.*/\(boot\|kernel_init\|user_init\)')" "$(twice "$TMPDIR_TEST/trace.json")"
# "usb 1-2: PM: usb_dev_resume+0x0/0x10 [usbcore] returned 0 after 450503 usecs"
is "qemu run folder: the function name from the log" \
   "$(q '.cycles[1].callbacks[]|select(.device=="1-2" and .phase=="resume")|"\(.callback) \(.kernel_us) \(.kernel_unit_ns)"')" \
   "usb_dev_resume 450503 1000"
# --- a boot in a log and a trace (QEMU 6.1): the log's cycle 1 stays, the
# trace's (cycle 2 until the merge) goes. Both said the 6 initcalls that
# returned an error (dmesg lines 872-1753: save_microcode_in_initrd -22 ...
# software_resume -2): the log's warnings at its lines, once each, of
# cycle 1 (the trace's copies named a "cycle 2" the report has not)
"$PMSCOPE" analyze -q --json "$J" "$F/qemu-q35-boot-medium/"
is "qemu boot folder: one cycle" "$(q '.cycles|length')" 1
is "qemu boot folder: the initcalls' errors said once, by the log, of cycle 1" \
   "$(q "$FINDINGS"'[findings|select(.code == "initcall-error")|"\(.cycle) \(.sources[0].file|split("/")[-1]):\(.sources[0].line) \(.device) \(.error)"]|join(",")')" \
   "1 dmesg.txt.xz:872 save_microcode_in_initrd -22,1 dmesg.txt.xz:1002 efi_mokvar_sysfs_init -2,1 dmesg.txt.xz:1064 p2sb_fs_init -2,1 dmesg.txt.xz:1491 esrt_sysfs_init -38,1 dmesg.txt.xz:1543 microcode_init -22,1 dmesg.txt.xz:1753 software_resume -2"
ok "qemu boot folder: no note names a cycle 2" sh -c "! jq -r '$FINDINGS findings | .text' '$J' | grep -q '^cycle 2'"
done_testing
