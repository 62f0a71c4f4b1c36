#!/bin/sh
# record / arm / collect without a kernel: PMSCOPE_SYSROOT points them at a
# fake tree. Checks come first with their own messages (exit 3), bad usage
# is exit 2, and a capture that fails half way leaves every file as it was.
# The real capture is tested in a VM: make check-vm.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
P=$PMSCOPE
R=$T/root

run() { timeout 20 "$P" "$@" >"$T/out" 2>"$T/err"; rc=$?; }
put() { mkdir -p "$(dirname "$R$1")"; printf '%s' "$2" > "$R$1"; }
# every file below the root with its content, the kernel log aside
snap_all() { (cd "$R" && find . | LC_ALL=C sort | while read -r f; do
	if [ -f "$f" ] && [ "$f" != ./dev/kmsg ]; then echo "$f=$(cat "$f")"; else echo "$f"; fi
	done); }

mkdir -p "$R/run"
put /sys/power/state "freeze mem disk
"
put /sys/power/mem_sleep "[s2idle] deep
"
put /sys/power/pm_print_times "0
"
put /sys/power/pm_debug_messages "0
"
put /sys/class/rtc/rtc0/wakealarm ""
put /dev/kmsg "6,1,1000000,-;Linux version 6.1.0
"
export PMSCOPE_SYSROOT="$R"

run record -m mem -s 5 -o "$T/run1"
is "no tracefs: exit 3" "$rc" 3
ok "no tracefs: says how to mount it" grep -q "tracefs is not mounted; mount it with 'mount -t tracefs nodev /sys/kernel/tracing'" "$T/err"

for e in suspend_resume device_pm_callback_start device_pm_callback_end; do
	put "/sys/kernel/tracing/events/power/$e/enable" "0
"
done
mkdir -p "$R/sys/kernel/tracing/instances"

run record -m hibernate
is "unknown mode: exit 2" "$rc" 2
ok "unknown mode: named" grep -q "unknown mode 'hibernate'" "$T/err"
run record
is "no mode: exit 2" "$rc" 2
run record -m mem -n 0
is "zero cycles: exit 2" "$rc" 2
run collect -m mem
is "collect takes no mode: exit 2" "$rc" 2
run record -m standby
is "mode not offered: exit 3" "$rc" 3
ok "mode not offered: what is" grep -q "mode standby: this system offers only 'freeze mem disk' in /sys/power/state" "$T/err"
run record -m mem --via bogus
is "--via bogus: exit 2" "$rc" 2
ok "--via bogus: the choices" grep -q "via 'bogus': state or systemd" "$T/err"
run record -m mem --via systemd
is "--via systemd without systemd: exit 3" "$rc" 3
ok "--via systemd without systemd: why" grep -q "systemd is not running here (no /run/systemd/system)" "$T/err"
mkdir -p "$R/run/systemd/system"
run record -m disk --via systemd
is "--via systemd -m disk: exit 3" "$rc" 3
ok "--via systemd -m disk: why" grep -q "mode disk is not a suspend systemctl can start (mem or s2idle)" "$T/err"
run record -m mem --via systemd --cmd true
is "--via systemd --cmd: exit 3" "$rc" 3
ok "--via systemd --cmd: one or the other" grep -q "via systemd and --cmd: one way to suspend" "$T/err"
rm -r "$R/run/systemd"
run arm -m mem --via systemd
is "arm takes no --via: exit 2" "$rc" 2
run record -m mem --stress
is "--stress without --cycles: exit 2" "$rc" 2
ok "--stress without --cycles: why" grep -q "stress needs --cycles N" "$T/err"
run record -m mem -t devices
is "no pm_test: exit 3" "$rc" 3
ok "no pm_test: why" grep -q "no /sys/power/pm_test (a kernel without CONFIG_PM_DEBUG)" "$T/err"

# A plain directory does not fill a new instance with files as tracefs
# does: arming fails at the instance's first file, after pm_print_times,
# pm_debug_messages and mem_sleep were set. All of it must be put back.
# (A plain file cannot show the choice in brackets as the kernel does:
# mem_sleep is checked for the value written back; the unit test's fake
# kernel covers the rest.)
snap() { snap_all | grep -v mem_sleep; }
before=$(snap)
run record -m mem -s 5 -o "$T/run1"
is "failing arm: exit 3" "$rc" 3
ok "failing arm: names the file" grep -q "instances/pmscope/tracing_on: No such file or directory (everything was put back)" "$T/err"
is "failing arm: every file as before, no instance, no armed state" "$(snap)" "$before"
is "failing arm: mem_sleep s2idle written back" "$(cat "$R/sys/power/mem_sleep")" "s2idle"
ok "failing arm: no run folder" test ! -e "$T/run1"

run collect -o "$T/run2"
is "collect with nothing armed: exit 3" "$rc" 3
ok "collect with nothing armed: said" grep -q "nothing is armed (no /run/pmscope/armed)" "$T/err"
run collect --restore
is "collect --restore with nothing armed: exit 0" "$rc" 0

# The state a killed 'pmscope arm' leaves: collect --restore undoes it.
put /sys/power/pm_print_times "1
"
put /sys/power/mem_sleep "s2idle [deep]
"
put /run/pmscope/armed "pmscope-armed 1
mode mem
kmsg_seq 2
restore /sys/power/pm_print_times 0
restore /sys/power/mem_sleep s2idle
"
mkdir -p "$R/sys/kernel/tracing/instances/pmscope"
run collect --restore
is "collect --restore: exit 0" "$rc" 0
is "collect --restore: pm_print_times back" "$(cat "$R/sys/power/pm_print_times")" "0"
is "collect --restore: mem_sleep value written back" "$(cat "$R/sys/power/mem_sleep")" "s2idle"
ok "collect --restore: armed state gone" test ! -e "$R/run/pmscope"
ok "collect --restore: instance gone" test ! -e "$R/sys/kernel/tracing/instances/pmscope"
run collect --restore
is "a second collect --restore: nothing to do, exit 0" "$rc" 0

put /run/pmscope/armed "pmscope-armed 1
restore /sys/power/pm_print_times 0
bogus line
"
run collect
is "damaged armed state: exit 3" "$rc" 3
ok "damaged armed state: file and line" grep -q "run/pmscope/armed:3: not understood" "$T/err"
ok "damaged armed state: what it could read is restored and it is removed" test ! -e "$R/run/pmscope/armed"
done_testing
