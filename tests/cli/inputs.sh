#!/bin/sh
# Input shapes and file discovery (the input stage's CLI tests). Values
# pinned here were read off the fixture logs by hand; the arithmetic is
# in the comments. Logs derived from a fixture are said so where made.
. "$(dirname "$0")/../tap.sh"
F=$FIXTURES
T=$TMPDIR_TEST
J=$T/out.json

analyze() { rm -f "$J"; "$PMSCOPE" analyze -q --json "$J" "$@" 2>"$T/err"; rc=$?; }
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

# --- vendor printk prefixes. Derived input: the 6.16 Pixel 6 log, whose
# lines read "[ 1505.314441][T10732] PM: ...", rewritten into the vendor
# shapes "[ 1505.314441] [2024:11:02 10:11:12][pid:10732,cpu3,kworker/u16:2]PM: ..."
# (date bracket on even lines only, as kernels that add it once a second)
# and "[ 1505.314441] [  T10732@C3] PM: ...". Both must read as the original.
P6=$F/kernel6.16-pixel6-arm64-deep-caller-email/message.eml
awk '{ if (match($0, /^\[ *[0-9]+\.[0-9]+\]\[T *[0-9]+\] /)) {
	   head = substr($0, 1, RLENGTH); rest = substr($0, RLENGTH + 1)
	   ts = head; sub(/\]\[T.*/, "]", ts); tid = head; sub(/.*\[T */, "", tid); sub(/\] $/, "", tid)
	   date = NR % 2 ? "" : "[2024:11:02 10:11:12]"
	   print ts " " date "[pid:" tid ",cpu3,kworker/u16:2]" rest
	 } else print }' "$P6" >"$T/p6-vendor.txt"
sed -E 's/^(\[ *[0-9]+\.[0-9]+\])\[T *([0-9]+)\] /\1 [  T\2@C3] /' "$P6" >"$T/p6-caller.txt"
ok "vendor shapes were made" grep -q '\[2024:11:02 10:11:12\]\[pid:10732,cpu3,kworker/u16:2\]PM: suspend entry (deep)' "$T/p6-vendor.txt"
shape() { jq -c '[.cycles[]|[.mode, (.callbacks|length), ([.callbacks[]|select(.unfinished)]|length), ([.callbacks[].pid]|unique|length), ([.callbacks[].driver]|unique|join(","))]], [(.findings[], .cycles[].findings[]) | .text]' "$J"; }
analyze "$P6"; want=$(shape)
is "pixel6: the original has its modes" "$(q '[.cycles[].mode]|join(",")')" "unknown,mem,mem"
analyze "$T/p6-vendor.txt"
is "pixel6 with [date][pid:N,cpuN,comm] brackets: same cycles, callbacks, threads, drivers, warnings" "$(shape)" "$want"
analyze "$T/p6-caller.txt"
is "pixel6 with [  T1@C0] callers: the same" "$(shape)" "$want"

# --- driver names come from the PM callback lines, not the first boot line
# ("pci 0000:00:14.2: [8086:9d31] type 00 class 0x118000" enumerates it;
# "intel_pch_thermal 0000:00:14.2: PM: calling pci_pm_suspend @ 42" runs it)
X610=$F/kernel6.10-xps9360-boot-initcall-s2idle-pmprint/dmesg.txt
analyze "$X610"
drv() { q "[.cycles[].callbacks[]|select(.device==\"$1\")|.driver]|unique|join(\",\")"; }
is "6.10: PCH thermal device's driver" "$(drv 0000:00:14.2)" "intel_pch_thermal"
is "6.10: graphics" "$(drv 0000:00:02.0)" "i915"
is "6.10: USB controller" "$(drv 0000:00:14.0)" "xhci_hcd"
# "[    0.000000] DMI: Dell Inc. XPS 13 9360/0596KF, BIOS 2.21.0 06/02/2022", then
# "[    0.000000] DMI: Memory slots populated: 2/2"
is "6.10: the DMI fact is the DMI: line" "$(q .facts.dmi)" "Dell Inc. XPS 13 9360/0596KF, BIOS 2.21.0 06/02/2022"

# --- phases never overlap; the kernel's figure stays. 5.4 XPS: "PM: resume of
# devices complete after 950.403 msecs" at 536.345558 puts resume's start at
# 535.395155, 0.469 ms before "PM: early resume of devices complete" at
# 535.395624 ends resume_early: resume starts there.
overlaps() { q '[.cycles[].phases as $p | range(1; $p|length) | select($p[.].start_ns < $p[.-1].end_ns)]|length'; }
analyze "$X54"
is "5.4 XPS: no phase starts before the one before it ends" "$(overlaps)" 0
is "5.4 XPS: resume starts where resume_early ended" \
   "$(q '.cycles[0].phases as $p | ($p|map(.name)|index("resume")) as $i | $p[$i].start_ns - $p[$i-1].end_ns')" 0
is "5.4 XPS: resume keeps the kernel's 950.403 ms" "$(q '.cycles[0].phases[]|select(.name=="resume")|.kernel_ms')" 950.403
for fx in qemu-q35-s3-async1-medium/dmesg.txt pmgraph-2016-ivybridge-mem-devlate-k4.6/ivybridge_mem_ftrace.txt.xz \
	  kernel5.8-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt kernel6.9-xps9360-deep-hibernate-multicycle/messages.txt; do
	analyze "$F/$fx"
	is "$fx: no overlapping phases" "$(overlaps)" 0
done

# --- a log without device lines (6.9 XPS, deep, no pm_print_times): the
# machine sleeps from "ACPI: PM: Preparing to enter system sleep state S3"
# (8994.051905) to "ACPI: PM: Waking up from system sleep state S3"
# (8994.201794) = 149.889 ms, not to "OOM killer enabled." (8996.392664);
# what is between is resume no line explains: 2190.870 ms. (Cycle 1 is
# the boot, from its milestones.)
analyze "$F/kernel6.9-xps9360-deep-hibernate-multicycle/messages.txt"
ph() { q ".cycles[1].phases[]|select(.name==\"$1\")|(.end_ns - .start_ns)"; }
is "6.9 deep without device lines: machine ends at the wake" "$(ph machine)" 149889000
is "6.9: the rest is resume" "$(ph resume)" 2190870000
# ("done." on a line of its own at 8996.413055, "PM: suspend exit" at
# 8997.610980: the PM_POST_SUSPEND notifiers between, post_suspend)
is "6.9: phase order" "$(q '[.cycles[1].phases[].name]|join(",")')" "suspend_enter,machine,resume,thaw_processes,post_suspend"

# --- records glued by a NUL (a record cut short, NUL, the next record).
# Derived input: the q35 6.1 log with line 2124 cut to 20 bytes and
# "[   13.575363] PM: suspend entry (deep)" (line 2125) glued after a NUL.
Q=$F/qemu-q35-s3-async1-medium/dmesg.txt
awk 'NR == 2124 { printf "%s%c", substr($0, 1, 20), 0; next } { print }' "$Q" >"$T/glued.txt"
is "glued: the record is one line with a NUL" "$(grep -c -a 'PM: suspend entry (deep)' "$T/glued.txt")" 1
analyze "$T/glued.txt"
is "glued: the suspend entry after the NUL is read (mode deep)" "$(q '.cycles[1].mode_label')" deep
is "glued: it starts the cycle at 13.575363" "$(q .cycles[1].start_ns)" 13575363000
ok "glued: no line reported skipped" sh -c "! grep -q 'binary or overlong' '$J'"

# --- kernel wording (kernel/power/process.c, main.c). Derived input: the
# q35 6.1 log, its thaw line "[   14.937740] Restarting tasks ... done."
# reworded as 6.16 prints it, in two lines ("Restarting tasks: Starting",
# then "Restarting tasks: Done" at 14.940000), hibernation's "Restarting
# kernel threads ..." / "Done restarting kernel threads." inserted inside
# the cycle (they must not end it), and the log cut before "PM: suspend
# exit" so that the thaw's own lines end the cycle.
awk 'NR == 2200 { print "[   13.700000] Restarting kernel threads ..."; print "[   13.700100] Done restarting kernel threads." }
     /Restarting tasks \.\.\. done\./ { print "[   14.937740] Restarting tasks: Starting"; print "[   14.940000] Restarting tasks: Done"; next }
     /PM: suspend exit/ { exit } { print }' "$Q" >"$T/w616.txt"
analyze "$T/w616.txt"
is "6.16 wording: the cycle ends at 'Restarting tasks: Done'" "$(q .cycles[1].end_ns)" 14940000000
# the thaw begins at "[   14.932824] PM: Finishing wakeup."
is "6.16 wording: the thaw runs until then" \
   "$(q '.cycles[1].phases[]|select(.name=="thaw_processes")|"\(.start_ns) \(.end_ns)"')" "14932824000 14940000000"
is "6.16 wording: one cycle after boot, all 219 callbacks in it" \
   "$(q '([.cycles[].mode]|join(",")) + " " + (.cycles[1].callbacks|length|tostring)')" "boot,mem 219"
# A cycle whose entry line is lost: it begins when the sync began,
# "[   13.576435] Filesystems sync: 0.000 seconds" less nothing; with the
# 6.x freezer line "Freezing user space processes completed (elapsed 0.000
# seconds)" at 13.616672 only, there.
awk 'NR == 2125 || NR == 2126 { next } { print }' "$Q" >"$T/nosync.txt"
awk 'NR >= 2125 && NR <= 2128 { next } { print }' "$Q" >"$T/nofreeze.txt"
sed 's/Filesystems sync: 0.000 seconds/Filesystems sync: 0.033 seconds/; /PM: suspend entry (deep)/d' "$Q" >"$T/sync33.txt"
analyze "$T/sync33.txt"
is "no entry line: the cycle begins when 'Filesystems sync: 0.033 seconds' began" "$(q .cycles[1].start_ns)" 13543435000
analyze "$T/nofreeze.txt"
is "no entry nor sync line: at the freezer's completed line less its elapsed time" "$(q .cycles[1].start_ns)" 13616672000

# --- run folders and file discovery: one routine for every command.
A1=$F/qemu-q35-s3-async1-medium	# dmesg.txt + trace.txt.xz (+ guest/, *.md)
analyze "$A1"
is "analyze DIR reads dmesg.txt and trace.txt.xz" "$(q '.sources|map(split("/")[-1])|join(",")')" "dmesg.txt,trace.txt.xz"
# the trace's device_pm_callback_start/end pairs: 1110 in the S3 cycle
# (the log alone has 219)
is "analyze DIR: the trace's 1110 callbacks" "$(q '.cycles[1].callbacks|length')" 1110
mkdir -p "$T/onlytrace" && cp "$A1/trace.txt.xz" "$T/onlytrace/"
analyze "$T/onlytrace"
is "a folder with only trace.txt.xz is a run folder" "$rc $(q '.cycles[-1]|"\(.mode) \(.callbacks|length)"')" "0 mem 1110"
"$PMSCOPE" analyze -q "$F/pmgraph-2014-skynet-mem-k3.15" >/dev/null 2>&1
is "a sleepgraph folder (NAME_dmesg.txt + NAME_ftrace.txt): exit 1 as the two files give" "$?" 1
analyze "$F/pmgraph-2014-skynet-mem-k3.15"
is "a sleepgraph folder: log and trace as one run" "$(q '.sources|map(split("/")[-1])|join(",")')" \
   "skynet_mem_dmesg.txt,skynet_mem_ftrace.txt"
# a lab folder: one boot's log and trace compressed, a sleepgraph pair,
# a plain log, and what must not be read
L=$T/lab
mkdir -p "$L/boot1" "$L/sg" "$L/deep/er/est"
xz -c "$A1/dmesg.txt" >"$L/boot1/dmesg.txt.xz"
cp "$A1/trace.txt.xz" "$L/boot1/"
cp "$F/pmgraph-2014-skynet-mem-k3.15/skynet_mem_dmesg.txt" "$F/pmgraph-2014-skynet-mem-k3.15/skynet_mem_ftrace.txt" "$L/sg/"
cp "$X54" "$L/"
cp "$X54" "$L/report.json.tmpAb12Cd"	# what kill -9 leaves of a report write
cp "$X54" "$L/deep/er/est/dmesg.txt"
mkfifo "$L/pipe"
ln -s loop "$L/loop"
"$PMSCOPE" stats -q -j "$T/lab.json" "$L" 2>"$T/lab.err"
is "stats: a boot's log and trace (compressed) are one run; 3 runs" "$(jq .stats.inputs "$T/lab.json")" 3
ok "stats: the temporary file is said, not read" grep -q "report.json.tmpAb12Cd: passed over: a temporary file" "$T/lab.err"
ok "stats: the FIFO is said" grep -q "lab/pipe: passed over: a FIFO" "$T/lab.err"
ok "stats: the link loop is said" grep -q "lab/loop: passed over: a symbolic link loop" "$T/lab.err"
ok "stats: the folder too deep is said" grep -q "lab/deep/er: passed over: a folder deeper" "$T/lab.err"
"$PMSCOPE" analyze -q "$L" 2>"$T/err"
is "analyze of a folder of 3 runs: exit 2" "$?" 2
ok "analyze: says there are 3 and to name one" grep -q "3 runs in the folder" "$T/err"
analyze "$L/boot1"
is "analyze: the compressed run folder as one run" "$(q '.sources|map(split("/")[-1])|join(",")')" "dmesg.txt.xz,trace.txt.xz"
# a run folder's sys/*.txt that are not files are said, not skipped silently
R=$T/run
mkdir -p "$R/sys/devices.txt"
cp "$F/pmscope-record-qemu-q35-s3-k6.1/dmesg.txt" "$R/"
ln -s devlinks.txt "$R/sys/devlinks.txt"
analyze "$R"
# said WHICH WORDS: a not-read warning of sys/WHICH with WORDS
said() {
	jq -e --arg f "$1" --arg w "$2" "$FINDINGS"'[findings | select(.code == "not-read" and
		.severity == "warning" and (.sources[0].file | endswith("sys/" + $f)) and
		(.text | startswith($w)))] | length == 1' "$J"
}
ok "sys/devices.txt as a folder is said" said devices.txt 'not read: a folder'
ok "sys/devlinks.txt as a link loop is said" said devlinks.txt 'not read: a symbolic link loop'
rm -rf "$R/sys" && mkdir -p "$R/sys" && mkfifo "$R/sys/devices.txt"
analyze "$R"
ok "sys/devices.txt as a FIFO is said (and not waited on)" said devices.txt 'not read: a FIFO'

# liblzma (xz) or libarchive (and what it needs: libxml2, ICU, libstdc++)
# is loaded when a compressed file is read, cairo (X11, fontconfig, freetype ...) when a
# PNG is drawn, not at every start (src/util/lazylib.c): the dynamic
# loader's own account of the files it opened
libs() { # libs LIB ARGS...: how often the loader opened LIB
	l=$1
	shift
	LD_DEBUG=files "$PMSCOPE" analyze -q "$@" 2>&1 >/dev/null | grep -c "file=$l"
}
is "a plain log: libarchive never loaded" "$(libs libarchive "$X54")" 0
is "a plain log: cairo never loaded" "$(libs libcairo "$X54")" 0
ok "an xz trace: liblzma loaded for it" \
   test "$(libs liblzma "$F/qemu-q35-s3-async1-medium/trace.txt.xz")" -ge 1
is "... and not libarchive (src/input/lines/unxz.c)" \
   "$(libs libarchive "$F/qemu-q35-s3-async1-medium/trace.txt.xz")" 0
ok "a zstd log: libarchive loaded for it" \
   test "$(libs libarchive "$F/kernel6.13-beaglebone-serial-boot-initcall/minicom_not_reverted.cap.zst")" -ge 1
analyze "$F/qemu-q35-s3-async1-medium/trace.txt.xz"
is "... and read: its cycle's callbacks" "$(q '.cycles[0].callbacks | length > 1000')" true
ok "--png: cairo loaded for it" test "$(libs libcairo --png "$T/x.png" "$X54")" -ge 1
ok "... and the PNG written" test -s "$T/x.png"

# --- detection looks at a file's first 400 lines, however long: here a
# kernel log's first 20 lines, then 300 comment lines of 1.1 KB (330 KB,
# past a single 256 KB read), then the async0 trace. The trace lines
# outnumber the log's in the window: an ftrace file, its cycle read
# (376.278 ms suspend, 1627.242 ms resume, as the trace alone gives). A
# reader buffer cut to one read (320 KB), the window with it, saw the
# log's lines only: 0 cycles.
{ head -n 20 "$F/qemu-q35-s3-async0-medium/dmesg.txt"
  awk 'BEGIN { s = "#"; for (i = 0; i < 1100; i++) s = s "z"; for (i = 0; i < 300; i++) print s }'
  xz -dc "$F/qemu-q35-s3-async0-medium-trace/trace.txt.xz"; } > "$T/wide.txt"
analyze "$T/wide.txt"
is "wide first lines: the trace detected past the first read" "$(q '.cycles | length')" 1
is "... its suspend" "$(q '.cycles[0].totals.suspend_ns')" 376278000
done_testing
