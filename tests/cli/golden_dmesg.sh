#!/bin/sh
# Golden tests on real kernel logs (tests/fixtures/*/). Every pinned value
# was read off the log by hand; the arithmetic is in the comments.
. "$(dirname "$0")/../tap.sh"
F=$FIXTURES
J=$TMPDIR_TEST/out.json

# analyze FILE...: JSON into $J, exit status into $rc
analyze() { "$PMSCOPE" analyze -q --json "$J" "$@" 2>"$TMPDIR_TEST/err"; rc=$?; }
q() { jq -r "$1" "$J"; }

# --- 2014 skynet, kernel 3.15, S3, pm_print_times v1 ("calling  DEV+ @ PID")
analyze "$F/pmgraph-2014-skynet-mem-k3.15/skynet_mem_dmesg.txt"
is "skynet mem: exit 1 (usb_dev_resume returned -13 and -71)" "$rc" 1
is "skynet mem: schema" "$(q .schema)" "pmscope/2"
is "skynet mem: one mem cycle" "$(q '[.cycles[].mode]|join(",")')" "mem"
# grep -c 'calling  .*+ @' = 278, as many "call ... returned" lines
is "skynet mem: 278 callbacks = 278 device lines" "$(q '.cycles[0].callbacks|length')" 278
is "skynet mem: kernel's suspend phase" "$(q '.cycles[0].phases[]|select(.name=="suspend")|.kernel_ms')" 866.009
is "skynet mem: kernel's resume phase" "$(q '.cycles[0].phases[]|select(.name=="resume")|.kernel_ms')" 180.949
# "call 0:0:0:0+ returned 0 after 819657 usecs" is the longest line of the suspend phase
is "skynet mem: slowest suspend device" \
   "$(q '[.cycles[0].callbacks[]|select(.phase=="suspend")]|max_by(.kernel_us)|"\(.device) \(.kernel_us) \(.pid)"')" "0:0:0:0 819657 189"
# suspend: "PM: Syncing filesystems" 550.702791 -> "ACPI: Low-level resume
# complete" 552.479987 = 1777.196 ms (sleepgraph's trace says 1777.513)
is "skynet mem: suspend total" "$(q .cycles[0].totals.suspend_ns)" 1777196000
# resume: 552.479987 -> the thaw's end, its "done." on a line of its own
# at 552.779517 ("Restarting tasks ... " 552.778960, USB lines between;
# 3.15 prints no "PM: suspend exit") = 299.530 ms
is "skynet mem: resume total" "$(q .cycles[0].totals.resume_ns)" 299530000
is "skynet mem: the -13 return is kept" \
   "$(q '[.cycles[0].callbacks[]|select(.device=="1-1" and .phase=="resume")|.ret]|join(",")')" "-13"
is "skynet mem: driving thread is rtcwake's pid 4122" "$(q .cycles[0].main_pid)" 4122

# --- the same machine hibernating: freeze/thaw/restore wording, clock jumps back
analyze "$F/pmgraph-2014-skynet-disk-k3.15/skynet_disk_dmesg.txt"
is "skynet disk: one disk cycle" "$(q '[.cycles[].mode]|join(",")')" "disk"
is "skynet disk: hibernation phase names" \
   "$(q '[.cycles[0].phases[]|select(.kernel_ms!=null)|.name]|join(",")')" \
   "freeze,freeze_late,freeze_noirq,restore_noirq,restore_early,restore"
is "skynet disk: PM: restore of devices complete after 1975.523 msecs" \
   "$(q '.cycles[0].phases[]|select(.name=="restore")|.kernel_ms')" 1975.523
ok "skynet disk: the backward clock is noted" grep -q "time stamps go back" "$J"

# --- kernel 6.1 in QEMU q35, S3, v3 lines, initcall_debug boot, pm_async=1
analyze "$F/qemu-q35-s3-async1-medium/dmesg.txt"
is "qemu async1: clean" "$rc" 0
is "qemu async1: boot then mem" "$(q '[.cycles[].mode]|join(",")')" "boot,mem"
# grep -c 'PM: calling' = 219
is "qemu async1: 219 callbacks" "$(q '.cycles[1].callbacks|length')" 219
is "qemu async1: driving thread is init (pid 1)" "$(q .cycles[1].main_pid)" 1
# "usb 1-2: PM: usb_dev_resume+0x0/0x10 [usbcore] returned 0 after 450503 usecs"
is "qemu async1: slowest resume device, async" \
   "$(q '[.cycles[1].callbacks[]|select(.phase=="resume")]|max_by(.kernel_us)|"\(.device) \(.kernel_us) \(.async)"')" "1-2 450503 true"
# " ata11: PM: ata_port_pm_suspend ... returned 0 after 55292 usecs" (no driver)
is "qemu async1: slowest suspend device has no driver" \
   "$(q '[.cycles[1].callbacks[]|select(.phase=="suspend")]|max_by(.kernel_us)|"\(.device) \(.driver) \(.kernel_us)"')" "ata11 null 55292"
is "qemu async1: phases in kernel order" "$(q '[.cycles[1].phases[].name]|join(",")')" \
   "suspend_enter,prepare,suspend,suspend_late,suspend_noirq,machine,resume_noirq,resume_early,resume,complete,thaw_processes"

# --- LKP: dmesg --decode prefixes, 10 s2idle cycles without phase lines, xz
analyze "$F/kernel5.4-lkp-lenovo80mk-freeze-10cycles-kmsg/kmsg.xz"
is "lkp: boot + 10 s2idle cycles" "$(q '[.cycles[].mode]|group_by(.)|map("\(.[0])=\(length)")|join(",")')" "boot=1,s2idle=10"
# 4020 PM callback lines in 10 cycles (corpus README)
is "lkp: 402 callbacks in every cycle" "$(q '[.cycles[1:][].callbacks|length]|unique|join(",")')" 402
is "lkp: every cycle completed" "$(q '[.cycles[].completed]|all')" true

# --- ROG Ally: 39 s2idle cycles pasted in an e-mail, 36 of them replayed by
# amd_s2idle.py with wall-clock stamps (phase lengths from the kernel only);
# the boot before them (from its milestones, no banner: cycle 1)
analyze "$F/kernel6.11-rog-ally-s2idle-39cycles-email/message.eml.xz"
is "rog ally: 39 s2idle cycles" "$(q '[.cycles[]|select(.mode=="s2idle")]|length')" 39
is "rog ally: the boot first" "$(q '.cycles[0].mode')" boot
is "rog ally: cycle 5 resume, as printed" "$(q '.cycles[5].phases[]|select(.name=="resume")|.kernel_ms')" 2808.621
# cycle 1 prints no device phase: its sleep's edges are the EC's noirq
# callbacks, "ACPI: EC: interrupt blocked" at 37.936193 (line 1624) and
# "unblocked" at 146.324860 (line 1625). Suspend: "PM: suspend entry" at
# 37.585842 to 37.936193 = 350.351 ms; resume: to "PM: suspend exit" at
# 149.305987 = 2981.127 ms (it was the thaw alone, 9.173 ms)
is "rog ally: cycle 1 suspend and resume, to and from the EC's noirq lines" \
   "$(q '.cycles[1].totals | "\(.suspend_ns) \(.resume_ns)"')" "350351000 2981127000"

# --- kernel 6.15 QEMU, printk caller ids, resume that never finished
analyze "$F/kernel6.15-qemu-s2idle-printk-caller-hang/hang.log"
is "6.15 hang: exit 1" "$rc" 1
is "6.15 hang: second cycle did not complete" "$(q '.cycles[1].completed')" false
# the log ends with "usb 4-1: PM: calling usb_dev_resume @ 6126" (line 3071)
is "6.15 hang: the callback it hung in" \
   "$(q '[.cycles[1].callbacks[]|select(.unfinished)|"\(.device):\(.line):\(.phase):\(.pid)"]|join(",")')" "4-1:3071:resume:6126"
analyze "$F/kernel6.15-qemu-s2idle-printk-caller-hang/complete.log"
is "6.15 complete: clean" "$rc" 0

# --- Pixel 6, arm64, caller ids, pasted in an e-mail with a diff around it
analyze "$F/kernel6.16-pixel6-arm64-deep-caller-email/message.eml"
is "pixel6: exit 1 (eeprom@2 returned -16)" "$rc" 1
# "eeprom@2: PM: dpm_run_callback(): platform_pm_suspend returns -16" (162),
# "... platform_pm_suspend returned -16 after 1596 usecs" (163), "... PM:
# failed to suspend: error -16" (164): one failure, cited at the first
is "pixel6: the -16 is reported with its line" \
   "$(q "$FINDINGS"'[findings|select(.sources[0].line==162 and .severity=="failure")|.text]|first')" "eeprom@2: suspend failed: error -16 (EBUSY), in platform_pm_suspend"
is "pixel6: the completed deep cycle" "$(q '[.cycles[]|select(.completed and .mode=="mem")]|length')" 1
# the cycle before it hung (the watchdog reset the board): the next
# "PM: suspend entry (deep)" (line 424, 7914.787093) starts the next
# cycle with its suspend_enter, to prepare's start (line 1407: "start
# suspend of devices complete after 476.453 msecs" at 7915.288914, so
# 7914.812461); it had none, its suspend counted from there
is "pixel6: the cycle after the hung one has its suspend_enter" \
   "$(q '.cycles[2] | "\(.first_line) \(.phases[0].name) \(.phases[0].start_ns) \(.phases[0].end_ns)"')" \
   "424 suspend_enter 7914787093000 7914812461000"

# --- XPS 13 9360, 5.8, v2 lines: the 12 s resume of the bug report
analyze "$F/kernel5.8-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt"
is "xps 5.8: 435 callbacks" "$(q '.cycles[0].callbacks|length')" 435
is "xps 5.8: PM: resume of devices complete after 12046.043 msecs" \
   "$(q '.cycles[0].phases[]|select(.name=="resume")|.kernel_ms')" 12046.043
# "usb 3-1: usb_dev_resume+0x0/0x10 returned 0 after 11355107 usecs"
is "xps 5.8: slowest resume device" \
   "$(q '[.cycles[0].callbacks[]|select(.phase=="resume")]|max_by(.kernel_us)|"\(.device) \(.kernel_us)"')" "3-1 11355107"

# --- XPS 13 9360, 6.10: boot + s2idle without phase lines
analyze "$F/kernel6.10-xps9360-boot-initcall-s2idle-pmprint/dmesg.txt"
# "intel_pch_thermal 0000:00:14.2: PM: pci_pm_suspend_noirq returned 0 after 64808266 usecs"
is "xps 6.10: the 65 s pch_thermal noirq suspend" \
   "$(q '[.cycles[1].callbacks[]]|max_by(.kernel_us)|"\(.device) \(.phase) \(.kernel_us)"')" "0000:00:14.2 suspend_noirq 64808266"

# --- XPS 13 9360, 6.9: its boot (no initcall_debug: its milestones), 12 S3
# cycles and 2 hibernation attempts, no device lines; the boot is cycle 1
analyze "$F/kernel6.9-xps9360-deep-hibernate-multicycle/messages.txt"
is "xps 6.9: a boot, 12 mem + 2 disk" "$(q '[.cycles[].mode]|group_by(.)|map("\(.[0])=\(length)")|join(",")')" "boot=1,disk=2,mem=12"
ok "xps 6.9: the aborted hibernation is a failure" grep -q 'Image allocation is 28906 pages short' "$J"
# cycle 10 writes its image and returns (lines 2067-2121): the CPUs' going
# down and up (29337.000881, 29337.031181) are its machine phase; resume
# runs from there to 6.x's "PM: hibernation: hibernation exit"
# (29350.797250), the 11.49 s image write in it, said as the kernel's
is "xps 6.9: hibernation's phases" \
   "$(q '[.cycles[9].phases[]|"\(.kind)=\((.end_ns-.start_ns)/1000)"]|join(",")')" \
   "suspend_enter=33076136,machine=30300,resume=12366061,thaw_processes=1400008"
is "xps 6.9: hibernation's resume" "$(q '.cycles[9].totals.resume_ns')" 13766069000
is "xps 6.9: the image write is said" \
   "$(q "$FINDINGS"'findings|select(.text|test("image written"))|"\(.cycle) \(.sources[0].line) \(.text)"')" \
   "10 2116 hibernation image written (resume side): Wrote 4208364 kbytes in 11.49 seconds (366.26 MB/s)"
# a hibernation that powers off after the image: the CPUs go down again
# (hibernation_platform_enter()) after the write; one machine phase, the
# snapshot's (the review's case, as a capture on a serial console ends)
printf '%s\n' '[  100.000000] PM: hibernation: hibernation entry' \
	'[  100.050000] PM: hibernation: Preallocating image memory' \
	'[  101.510000] Disabling non-boot CPUs ...' \
	'[  101.520000] PM: hibernation: Creating image:' \
	'[  101.540000] Enabling non-boot CPUs ...' \
	'[  103.000000] PM: hibernation: Wrote 400000 kbytes in 0.99 seconds (404.04 MB/s)' \
	'[  103.200000] Disabling non-boot CPUs ...' \
	'[  103.210000] smpboot: CPU 1 is now offline' > "$TMPDIR_TEST/off.txt"
"$PMSCOPE" analyze -q --json "$TMPDIR_TEST/off.json" "$TMPDIR_TEST/off.txt"
is "hibernation powering off: one machine phase, the snapshot's" \
   "$(jq -c '[.cycles[0].phases[] | select(.kind == "machine") | (.end_ns - .start_ns) / 1000]' "$TMPDIR_TEST/off.json")" '[30000]'
# the aborted one thaws tasks until its exit line (13072.887104 to 13073.641158)
is "xps 6.9: aborted hibernation's thaw" \
   "$(q '.cycles[5].phases[]|select(.kind=="thaw_processes")|(.end_ns-.start_ns)/1000')" 754054

# --- boot logs (bootgraph's job)
analyze "$F/kernel5.13-latitude-e7250-boot-initcall/linux-5.13.9-messages.txt.gz"
# 743 "initcall ... returned" + 29 PCI quirks ("took N usecs") = 772
is "latitude boot: 772 initcalls and quirks" "$(q '.cycles[0].callbacks|length')" 772
is "latitude boot: slowest initcall" \
   "$(q '[.cycles[0].callbacks[]]|max_by(.kernel_us)|"\(.device) \(.kernel_us)"')" "i915_init 118870"
analyze "$F/kernel6.13-beaglebone-serial-boot-initcall/minicom_not_reverted.cap.zst"
is "beaglebone: the boot that stops is a failure" "$rc" 1
ok "beaglebone: it hung in deferred_probe_initcall" grep -q 'deferred_probe_initcall: kernel_init callback never returned' "$J"
analyze "$F/kernel6.13-beaglebone-serial-boot-initcall/minicom_reverted.cap"
is "beaglebone: two boots in one serial capture" "$(q '[.cycles[].mode]|join(",")')" "boot,boot"

# --- callbacks = device lines ("calling" lines; grep -c by hand, see PROVENANCE)
count() { "$PMSCOPE" analyze -q --json - "$1" 2>/dev/null | jq '[.cycles[].callbacks[]|select(.kind=="pm")]|length'; }
is "chromeos 5.15: 322 callbacks (v3 with offsets)" "$(count "$F/kernel5.15-chromeos-ideapad-mem-pmprint/ideapad_patch_complete.txt")" 322
is "xps 6.10: 395 callbacks (v3 without offsets)" "$(count "$F/kernel6.10-xps9360-boot-initcall-s2idle-pmprint/dmesg.txt")" 395
is "6.15 complete: 212 callbacks" "$(count "$F/kernel6.15-qemu-s2idle-printk-caller-hang/complete.log")" 212
is "6.15 hang: 217 callbacks" "$(count "$F/kernel6.15-qemu-s2idle-printk-caller-hang/hang.log")" 217
# 908 "calling" lines + the -16 return at line 163 whose start is not in the mail
# + 10a00000.uart's return glued onto line 1602 after garbled bytes
is "pixel6: 910 callbacks" "$(count "$F/kernel6.16-pixel6-arm64-deep-caller-email/message.eml")" 910
# 273 lines match 'calling  .*+ @ N, parent', plus 2 of "Fixed MDIO bus.0" (spaces)
is "skynet disk: 275 callbacks" "$(count "$F/pmgraph-2014-skynet-disk-k3.15/skynet_disk_dmesg.txt")" 275

# --- properties on every fixture
for f in "$F"/*/*; do
	case $f in *.md) continue ;; esac
	[ -f "$f" ] || continue	# guest/sys/ of the qemu runs: system facts
	"$PMSCOPE" analyze -q --json "$J" "$f" 2>/dev/null
	rc=$?	# 4: a log with no cycle (no data), said so
	[ $rc -le 1 ] || [ $rc -eq 4 ] || { is "$f: analyzes" bad good; continue; }
	name=$(basename "$(dirname "$f")")/$(basename "$f")
	# dmesg: a callback's length is the kernel's own usecs figure (in
	# units of 1.024 us, ns >> 10, for PM callbacks before 5.14), but
	# for one timed from its calling line, the figure plainly off
	is "$name: durations equal the kernel's usecs" \
	   "$(q '[.cycles[].callbacks[]|select(.kernel_us!=null and .start_ns!=null and .end_ns!=null and (.from_calling_line|not) and (.end_ns-.start_ns)!=.kernel_us*.kernel_unit_ns)]|length')" 0
	# ... and those: a figure longer than the lines are apart, or an
	# initcall's counting from a later calling line (shorter)
	is "$name: a callback timed from its calling line had a figure off" \
	   "$(q '[.cycles[].callbacks[]|select(.from_calling_line and (.end_ns-.start_ns)==.kernel_us*.kernel_unit_ns)]|length')" 0
	# each callback starts inside its phase (PHASE_SLACK_NS, 5 ms: two clocks, printk delay)
	is "$name: callbacks lie in their phases" \
	   "$(q '[.cycles[] as $c | $c.callbacks[] | select(.start_ns!=null and .phase!=null) as $cb
	          | [$c.phases[]|select(.name==$cb.phase and .start_ns!=null and .end_ns!=null
	                               and $cb.start_ns >= .start_ns-5000000 and $cb.start_ns <= .end_ns+5000000)]
	          | select(length==0)] | length')" 0
	is "$name: phases do not overlap" \
	   "$(q '[.cycles[] | [.phases[]|select(.start_ns!=null and .end_ns!=null)] as $p
	          | range(1; $p|length) as $i | select($p[$i].start_ns < $p[$i-1].end_ns - 2000000)] | length')" 0
done
done_testing
