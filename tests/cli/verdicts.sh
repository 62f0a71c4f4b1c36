#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# What the kernel said went wrong, as it said it (issue 35), on real logs
# posted to the kernel's lists (each folder's SOURCE.md: list, commit,
# Message-ID, and what a person reads, line by line). Most have no
# per-device lines (pm_print_times off): the kernel's own verdict lines
# are all there is. Each line number below was read in the file by hand.
. "$(dirname "$0")/../tap.sh"
F=$FIXTURES
T=$TMPDIR_TEST

# run FILE: its JSON in $T/j, exit status in $rc
run() { "$PMSCOPE" analyze -q --json "$T/j" "$1" 2> "$T/err"; rc=$?; }
# got FILTER: the findings' "code cCYCLE device phase error lines" rows,
# warnings and failures, in the report's order
got() {
	jq -r "$FINDINGS"'findings | select(.severity != "note") |
		"\(.code) c\(.cycle) \(.device) \(.phase) \(.error) \([.sources[].line] | join(","))"' "$T/j"
}
cycles() { jq -r '[.cycles[] | "\(.mode)/\(if .aborted then "aborted" elif .completed then "done" else "cut" end)"] | join(" ")' "$T/j"; }

# Dell XPS 13 9360, 6.14-rc1, its boot (no initcall_debug: its
# milestones, boot_milestones.sh), then four S3 cycles, no pm_print_times:
# in each, "rtsx_pci 0000:3b:00.0: PM: dpm_run_callback(): pci_pm_resume
# returns -110" and "... PM: failed to resume async: error -110"
# (1013-1014, 1121-1122, 1196-1197, 1254-1255); every cycle goes on to
# its exit
run "$F/kernel6.14-xps9360-deep-rtsx-resume-fail-dmesg/20250204--dell-xps-13-9360--linux-6.14.0-rc1.txt"
is "rtsx: exit 1" "$rc" 1
is "rtsx: the boot, four cycles, each completed" "$(cycles)" \
	"boot/done mem/done mem/done mem/done mem/done"
is "rtsx: one failure a cycle, as the kernel said it" "$(got)" \
"device-failed c2 0000:3b:00.0 resume -110 1013,1014
device-failed c3 0000:3b:00.0 resume -110 1121,1122
device-failed c4 0000:3b:00.0 resume -110 1196,1197
device-failed c5 0000:3b:00.0 resume -110 1254,1255"
is "rtsx: the driver, the callback and the error's name" \
	"$(jq -r '.cycles[1].findings[0] | "\(.driver) \(.function) \(.error_name)"' "$T/j")" \
	"rtsx_pci pci_pm_resume ETIMEDOUT"

# RZ/G3E, next-20251201, serial console: "pwm-rzg2l-gpt 13010000.pwm: PM:
# failed to suspend: error -110" (20, its callback's report 19), then "PM:
# Some devices failed to suspend, or early wake event detected" (21): the
# kernel backed out, and still printed "PM: suspend exit" (36)
run "$F/kernel6.18-rzg3e-arm64-pwm-suspend-abort-serial/console.txt"
is "rzg3e suspend: exit 1" "$rc" 1
is "rzg3e suspend: the cycle aborted, whatever its exit line says" "$(cycles)" "mem/aborted"
is "rzg3e suspend: the device and the abort" "$(got)" \
"device-failed c1 13010000.pwm suspend -110 19,20
aborted c1 null null null 21"

# Surface, 5.x, kmsg with its level prefixes, the old forms: "PM:
# pci_pm_suspend(): mwifiex_pcie_suspend+0x0/0xd0 [mwifiex_pcie] returns
# -14" (3), "PM: dpm_run_callback(): pci_pm_suspend+0x0/0x160 returns -14"
# (4), "PM: Device 0000:03:00.0 failed to suspend async: error -14" (5);
# "PM: suspend of devices aborted after 10064.914 msecs" (6), "PM: start
# suspend of devices aborted after 10065.318 msecs" (7), "PM: Some devices
# failed to suspend, or early wake event detected" (8)
run "$F/kernel5-surface-mwifiex-suspend-abort-kmsg-snippet/snippet.txt"
is "surface: exit 1" "$rc" 1
is "surface: the device and the abort, with every line" "$(got)" \
"device-failed c1 0000:03:00.0 suspend -14 3,4,5
aborted c1 null suspend null 6,7,8"
is "surface: the driver's callback the bus named" \
	"$(jq -r '.cycles[0].findings[0].function' "$T/j")" mwifiex_pcie_suspend

# ROCK 5B, 6.18-rc3, pasted in Gmail (its long lines wrapped): "PM: noirq
# suspend of devices failed" (115, 227) in a deep cycle and in the s2idle
# cycle systemd tried next; both went on to "PM: suspend exit" (128, 240)
run "$F/kernel6.18-rock5b-arm64-noirq-abort-email/console.txt"
is "rock5b: exit 1" "$rc" 1
is "rock5b: both cycles aborted" "$(cycles)" "mem/aborted s2idle/aborted"
is "rock5b: in suspend_noirq, at the kernel's line" \
	"$(jq -r '.cycles[].findings[] | select(.code == "aborted") | "\(.phase) \(.sources[0].line)"' "$T/j")" \
	"suspend_noirq 115
suspend_noirq 227"

# sc8280xp, next-20250623: an Oops in an s2idle suspend, "Unable to
# handle kernel paging request at virtual address dead00000000012a" (9),
# "Internal error: Oops: 0000000096000044 [#1]  SMP" (21), "Kernel panic -
# not syncing: Oops: Fatal exception in interrupt" (62): one report; the
# log ends in the cycle, at its last kernel line ("SMP: stopping
# secondary CPUs", 63)
run "$F/kernel6.16-sc8280xp-arm64-s2idle-oops-snippet/console.txt"
is "sc8280xp: exit 1" "$rc" 1
is "sc8280xp: the Oops, one report with its lines, and the cycle cut" "$(got)" \
"kernel-oops c1 null null null 9,21,62
incomplete c1 null suspend_enter null 63"

# RZ/G3E, two S3 cycles: a resume failure in each (36-37, 183-184) and in
# the second two WARN()s in 6.19's form, "WARNING: drivers/clk/clk.c:1188
# at clk_core_disable+0xa4/0xac, CPU#3: sh/396" (81, 124)
run "$F/kernel6.18-rzg3e-arm64-pwm-resume-fail-newwarn-serial/console.txt"
is "rzg3e resume: exit 1" "$rc" 1
is "rzg3e resume: both cycles completed" "$(cycles)" "mem/done mem/done"
is "rzg3e resume: the failures and the warning" "$(got)" \
"device-failed c1 13010000.pwm resume -110 36,37
device-failed c2 13010000.pwm resume -110 183,184
kernel-warning c2 null null null 81,124"
is "rzg3e resume: the warning said twice, in its words" \
	"$(jq -r '.cycles[1].findings[] | select(.code == "kernel-warning") | "\(.count) \(.text)"' "$T/j")" \
	"2 WARNING: drivers/clk/clk.c:1188 at clk_core_disable+0xa4/0xac, CPU#3: sh/396 (2 times)"

# XPS 9360, 6.7: the Thunderbolt xHCI gone in resume, "xhci_hcd
# 0000:39:00.0: PM: failed to resume async: error -19" (1020-1021), then
# the old-form "WARNING: CPU: 2 PID: 54815 at lib/refcount.c:28" (1029);
# the other three cycles clean; cycle 1 is the boot (the log begins inside
# it, without the banner: from its first milestone, 387)
run "$F/kernel6.7-xps9360-deep-xhci-enodev-warning-dmesg/messages.txt"
is "xhci: exit 1" "$rc" 1
is "xhci: the failure and the warning, in the first S3 cycle" "$(got)" \
"device-failed c2 0000:39:00.0 resume -19 1020,1021
kernel-warning c2 null null null 1029"

# A hibernation restored from its image (6.17.5, AMD): "mt7925e
# 0000:c1:00.0: PM: failed to restore async: error -110" (1752-1753), and
# amdgpu's WARN() while freezing (1511)
run "$F/kernel6.17-amd-mt7925e-hibernate-restore-fail-dmesg/dmesg-full.log"
is "mt7925e: exit 1" "$rc" 1
is "mt7925e: the boot, one hibernation, completed" "$(cycles)" "boot/done disk/done"
is "mt7925e: the restore failure and the warning" "$(got)" \
"device-failed c2 0000:c1:00.0 restore -110 1752,1753
kernel-warning c2 null null null 1511"

# Before 5.12: "PM: Device 0000:0a:00.0 failed to restore async: error
# -12" (108, its callback's report 107), the same for 0000:0c:00.0 (115,
# 116), the same WARN() twice (135, 221)
run "$F/kernel5.6-x1c6-hibernate-restore-fail-email/dmesg.txt"
is "x1c6: exit 1" "$rc" 1
is "x1c6: two restore failures, the warning twice" "$(got)" \
"device-failed c1 0000:0a:00.0 restore -12 107,108
device-failed c1 0000:0c:00.0 restore -12 115,116
kernel-warning c1 null null null 135,221"

# 6.14: the freezer gave up in the second cycle ("Freezing user space
# processes failed after 20.003 seconds (2 tasks refusing to freeze,
# wq_busy=0):", 1216); systemd's s2idle try after it completed
run "$F/kernel6.14-xps9360-freezer-fail-dmesg/20250403--dell-xps-13-9360--linux-6.14.0-12966-ga2cc6ff5ec8f--messages.txt"
is "freezer: exit 1" "$rc" 1
is "freezer: the boot, then the second S3 cycle aborted" "$(cycles)" \
	"boot/done mem/done mem/aborted s2idle/done"
is "freezer: at the freezer's line, in its words, with the tasks its dump names (1217, 1249)" \
	"$(jq -r '.cycles[2].findings[] | select(.code == "aborted") | "\(.sources[0].line) \(.text)"' "$T/j")" \
	"1216 the kernel backed out of the suspend: Freezing user space processes failed after 20.003 seconds (2 tasks refusing to freeze, wq_busy=0); tasks named: systemd-journal (pid 474), (udev-worker) (pid 2453)"

# NanoPi R4S, 6.6: a boot log with no PM line and no initcall_debug (issue
# 42): a boot, read from its milestones (boot_milestones.sh has them), the
# kernel said nothing went wrong in it
run "$F/kernel6.6-nanopi-r4s-arm64-boot-no-pm-dmesg/dmesg.log"
is "nanopi: exit 0" "$rc" 0
is "nanopi: one boot, ok, nothing failed" "$(jq -r '.verdict' "$T/j") $(cycles) $(got)" \
	"ok boot/done "
# A suspend that hung, then the next boot, as a journal of two boots
# shows it (made by hand in journalctl's default form: wall-clock stamps
# that go on, "-- Boot ID --", then "Linux version"), and as a saved
# dmesg whose clock starts again: the cycle never ended. Both once
# closed the cycle as a completed one (exit 0, no finding), or as an
# excerpt note.
cat > "$T/hung-journal.log" <<'EOF2'
Dec 07 10:00:00 host kernel: PM: suspend entry (deep)
Dec 07 10:00:00 host kernel: Filesystems sync: 0.010 seconds
Dec 07 10:00:01 host kernel: Freezing user space processes ... (elapsed 0.001 seconds) done.
-- Boot 8c2b1e3f0a9d4c1f9b7e6d5c4b3a2910 --
Dec 07 10:05:00 host kernel: Linux version 6.1.0-13-amd64 (debian-kernel@lists.debian.org) #1 SMP PREEMPT_DYNAMIC Debian 6.1.55-1 (2023-09-29)
EOF2
run "$T/hung-journal.log"
is "hung, then a new boot (journal): exit 1" "$rc" 1
is "hung, then a new boot (journal): the cycle did not complete" \
	"$(cycles) $(jq -r '.cycles[0].findings[] | select(.code == "incomplete") | .text' "$T/j")" \
	"mem/cut cycle 1 did not complete: the log starts again (another excerpt, or a new boot) while it is in suspend_enter"
printf '%s\n' '[  100.000000] PM: suspend entry (deep)' \
	'[  100.010000] Filesystems sync: 0.010 seconds' \
	'[  100.050000] printk: Suspending console(s) (use no_console_suspend to debug)' \
	'[    0.000000] Linux version 6.1.0-13-amd64 (debian-kernel@lists.debian.org) #1 SMP' \
	'[    0.600000] Run /init as init process' > "$T/hung-dmesg.log"
run "$T/hung-dmesg.log"
is "hung, then a new boot (dmesg): exit 1, the suspend cut, the boot done" "$rc $(cycles)" \
	"1 mem/cut boot/done"
is "hung, then a new boot (dmesg): its failure, at the cycle's last line" "$(got)" \
	"incomplete c1 null suspend_enter null 3"
# The platform refused the state (the i.MX8MP's EOPNOTSUPP, corpus.sh
# has that log): the kernel backs out and prints nothing; only the shell
# says the write failed, here after the exit, as bash prints it. Made by
# hand in that log's shape; the same error with no write to
# /sys/power/state before its cycle is no suspend's.
cat > "$T/refused.log" <<'EOF2'
root@box:~# echo mem > /sys/power/state
[   46.434401] PM: suspend entry (deep)
[   46.439474] Filesystems sync: 0.005 seconds
[   46.451855] Freezing user space processes completed (elapsed 0.007 seconds)
[   46.498122] PM: suspend devices took 0.048 seconds
[   46.818976] PM: resume devices took 0.260 seconds
[   46.820385] Restarting tasks: Done
[   46.820553] PM: suspend exit
bash: echo: write error: Operation not supported
EOF2
run "$T/refused.log"
is "refused by the platform: exit 1, the cycle aborted" "$rc $(cycles)" "1 mem/aborted"
is "refused by the platform: said at the shell's line, in its words" \
	"$(jq -r '.cycles[0].findings[] | select(.code == "aborted") | "\(.sources[0].line) \(.text)"' "$T/j")" \
	"9 the kernel backed out of the suspend: its write to /sys/power/state failed, as the shell said (\"bash: echo: write error: Operation not supported\")"
sed '1d' "$T/refused.log" > "$T/refused-nocmd.log"
run "$T/refused-nocmd.log"
is "no write to /sys/power/state seen: the error is no suspend's" "$rc $(cycles)" "0 mem/done"
# A WARN() whose "WARNING:" line printk dropped (the am437x in corpus.sh,
# arm's "(__warn) from" frame): its __warn frame is the warning, once;
# the same frame inside a report that said WARNING is that report's.
cat > "$T/dropped.log" <<'EOF2'
[   10.000000] PM: suspend entry (deep)
[   10.100000] PM: suspend devices took 0.048 seconds
** 34 printk messages dropped **
[   10.200000] __warn+0x81/0x130
[   10.200001] ? l3_interrupt_handler+0x250/0x370
[   10.200002] ? __warn+0x81/0x130
[   10.300000] PM: resume devices took 0.260 seconds
[   10.300001] WARNING: CPU: 0 PID: 1 at drivers/bus/ti-sysc.c:12 sysc_reset+0x1/0x2
[   10.300002] [<c0138a40>] (__warn) from [<c0138e08>] (warn_slowpath_fmt+0x90/0xc0)
[   10.300003] ---[ end trace c18ea2591ccbc697 ]---
[   10.400000] PM: suspend exit
EOF2
run "$T/dropped.log"
is "a WARN without its first line: one warning at its frame, one at the WARNING" \
	"$(got | grep '^kernel-warning' | cut -d' ' -f1,6 | tr '\n' ' ')" "kernel-warning 4 kernel-warning 8 "
# A stale "? __warn+0x..." word in another trace (a task's stack after
# "Freezing of tasks failed") is no WARN
printf '%s\n' '[   10.000000] PM: suspend entry (deep)' \
	'[   30.000000] Freezing of tasks failed after 20.005 seconds (1 tasks refusing to freeze, wq_busy=0):' \
	'[   30.000100]  ? __warn+0x81/0x130' '[   30.000200] OOM killer enabled.' \
	'[   30.000300] Restarting tasks ... done.' '[   30.000400] PM: suspend exit' > "$T/stale.log"
run "$T/stale.log"
is "a stale ? __warn frame: no warning" "$(got | grep -c '^kernel-warning')" "0"
# freeze_secondary_cpus() calls a suspend off with one line of its own,
# "Wakeup pending. Abort CPU freeze", and the kernel resumes as if nothing
# failed (the Precision 7780's restore in corpus.sh says it in a restore)
printf '%s\n' '[   10.000000] PM: suspend entry (deep)' \
	'[   10.100000] Disabling non-boot CPUs ...' '[   10.100100] smpboot: CPU 3 is now offline' \
	'[   10.100200] Wakeup pending. Abort CPU freeze' '[   10.200000] Enabling non-boot CPUs ...' \
	'[   10.300000] Restarting tasks ... done.' '[   10.300100] PM: suspend exit' > "$T/cpufreeze.log"
run "$T/cpufreeze.log"
is "Abort CPU freeze: exit 1, the cycle aborted at its line" "$rc $(cycles) $(got | grep '^aborted' | cut -d' ' -f1,6)" \
	"1 mem/aborted aborted 4"
# --- a freezer's failure names the tasks its dump shows, also in a log
# without stamps pasted in a mail (the harvested btrfs reports' shape)
printf '%s\n' 'It fails:' '' '    PM: suspend entry (deep)' \
	'    Freezing user space processes failed after 20.008 seconds (1 tasks refusing to freeze, wq_busy=0):' \
	'    task:Web Content     state:D stack:0     pid:15156 tgid:15155 ppid:4040   flags:0x00004006' \
	'    Call Trace:' '    OOM killer enabled.' '    Restarting tasks ... done.' '    PM: suspend exit' \
	> "$T/freezebare.txt"
"$PMSCOPE" analyze -q -j "$T/fb.json" "$T/freezebare.txt" 2> /dev/null
is "freezer, no stamps, a paste: the task named, blanks in its name" \
	"$(jq -r '.cycles[0].findings[] | select(.code == "aborted") | .text' "$T/fb.json")" \
	"the kernel backed out of the suspend: Freezing user space processes failed after 20.008 seconds (1 tasks refusing to freeze, wq_busy=0); tasks named: Web Content (pid 15156)"
done_testing
