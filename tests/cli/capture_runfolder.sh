#!/bin/sh
# A run folder written by pmscope record in a QEMU guest (make check-vm):
# it analyzes cleanly, with the kernel's own figures (checked by hand
# against its dmesg.txt) and the callbacks of its trace.txt.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
R=$FIXTURES/pmscope-record-qemu-q35-s3-k6.1

"$PMSCOPE" analyze -q --json "$T/r.json" "$R" > "$T/out" 2>&1
is "analyzes cleanly" "$?" 0
"$PMSCOPE" analyze "$R" > "$T/out.txt" 2>&1
j() { jq -r "$1" "$T/r.json"; }
is "one cycle" "$(j '.cycles | length')" 1
is "mode mem" "$(j '.cycles[0].mode')" mem
is "completed" "$(j '.cycles[0].completed')" true
# "PM: suspend of devices complete after 8.923 msecs" ... (dmesg.txt lines 66-196)
is "kernel figures of the device phases" \
	"$(j '[.cycles[0].phases[] | select(.kernel_ms != null) | "\(.name)=\(.kernel_ms)"] | join(" ")')" \
	"suspend=8.923 suspend_late=1.239 suspend_noirq=0.865 resume_noirq=8.663 resume_early=1.525 resume=13.468"
# trace.txt lines 559-618: 28 callback_start lines between dpm_resume begin and end
is "resume phase: 28 callbacks" "$(j '[.cycles[0].callbacks[] | select(.phase == "resume")] | length')" 28
# rtc_cmos 00:04: "pnp_bus_resume+0x0/0xa0 returned 0 after 9488 usecs"
is "rtc_cmos resume: the kernel's 9488 us" \
	"$(j '.cycles[0].callbacks[] | select(.device == "00:04" and .phase == "resume") | .kernel_us')" 9488
is "driving thread 448 (pmscope itself) and async kworkers 9, 25, 47" \
	"$(j '[.cycles[0].callbacks[].pid] | unique | map(tostring) | join(" ")')" "9 25 47 448"
ok "async PCI callbacks" test "$(j '[.cycles[0].callbacks[] | select(.async and (.device | startswith("0000:")))] | length')" -gt 0
# The trace's resume phase (dpm_resume begin 21.863089, end 21.881314) is
# 18.225 ms, 4.757 ms more than the kernel's figure: dpm_resume() prints
# before cpufreq_resume() and devfreq_resume() (SOURCE.md).
is "resume phase ends at the trace's dpm_resume end" \
	"$(j '.cycles[0].phases[] | select(.name == "resume") | .end_ns')" 21881314000
ok "device tree from sys/devices.txt" grep -q '"device_tree"' "$T/r.json"

# sys/facts.txt read back: dmesg.txt starts after arming, without the
# "Linux version" and "DMI:" lines; record saved them in sys/facts.txt
is "kernel from sys/facts.txt's uname" "$(j '.facts.kernel')" 6.1.0-57-amd64
is "no host: the guest's nodename is (none)" "$(j '.facts.host')" null
is "DMI as the kernel words it" "$(j '.facts.dmi')" \
	"QEMU Standard PC (Q35 + ICH9, 2009), BIOS 1.16.2-debian-1.16.2-1 04/01/2014"
is "the trace clock" "$(j '.facts.trace_clock')" global
is "what record saw in /sys/power" "$(j '.facts["power.mem_sleep"]')" "s2idle [deep]"
is "nothing lost: no warning" "$(j "$FINDINGS"'[findings | select(.text | test("lost"))] | length')" 0
ok "the text report names the kernel" grep -q '^pmscope .*: 1 cycle, kernel 6.1.0-57-amd64$' "$T/out.txt"

# lost events and log records are said
mkdir -p "$T/lost"
cp -r "$R/dmesg.txt" "$R/trace.txt" "$R/sys" "$T/lost/"
# (this folder's record predates these two lines; newer ones write them always)
printf 'capture.kmsg_lost: 12\ncapture.trace_overrun: 345\n' >> "$T/lost/sys/facts.txt"
"$PMSCOPE" analyze -q --json "$T/lost.json" "$T/lost" > /dev/null 2>&1
is "lost: still exit 0" "$?" 0
is "lost: both said" "$(jq -r "$FINDINGS"'[findings | select(.text | test("lost")) | .text] | join("|")' "$T/lost.json")" \
	"the kernel log wrapped during the capture: 12 records lost (boot with a larger log_buf_len)|the trace buffer was full during the capture: 345 events lost (record --buffer-kb)"
# a file record could not save whole (a full disk) is named in
# sys/facts.txt, and reading the folder says so
mkdir -p "$T/cut"
cp -r "$R/dmesg.txt" "$R/sys" "$T/cut/"
head -c 20000 "$R/trace.txt" > "$T/cut/trace.txt"
printf 'capture.cut.trace.txt: No space left on device\n' >> "$T/cut/sys/facts.txt"
"$PMSCOPE" analyze -q --json "$T/cut.json" "$T/cut" > /dev/null 2>&1
ok "a cut trace.txt: still read" test -s "$T/cut.json"
is "a cut trace.txt: said" \
	"$(jq -r "$FINDINGS"'[findings | select(.text | test("not saved whole")) | "\(.sources[0].file | sub(".*/"; "")):\(.sources[0].line) \(.text)"] | join("|")' "$T/cut.json")" \
	"facts.txt:$(wc -l < "$T/cut/sys/facts.txt") trace.txt was not saved whole (No space left on device): the reports lack what it is missing"
is "a cut trace.txt: the fact kept" "$(jq -r '.facts["capture.cut.trace.txt"]' "$T/cut.json")" "No space left on device"
done_testing
