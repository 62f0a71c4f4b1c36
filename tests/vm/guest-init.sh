#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# /init of the make check-vm guest (busybox ash as PID 1 in the initramfs).
# Runs the cases named on the kernel command line (pmscope.cases=a,b,...),
# each between two snapshots of every file pmscope may touch, then sends
# /out as a base64 tar.gz over the second serial port and powers off.
# Messages "vm: ..." on the console tell the host what is going on (the
# host presses the ACPI power button to wake s2idle).
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t tmpfs run /run
mount -t tracefs tracefs /sys/kernel/tracing
insmod /lib/modules/button.ko 2>/dev/null

log() { echo "vm: $*" > /dev/console; }
O=/out
mkdir -p $O
cd $O

# Every file the capture writes (and neighbours it must not write).
T=/sys/kernel/tracing
# The top-level buffer's size is kept apart (topbuf): on a fresh 6.1 boot
# it reads "7 (expanded: 1408)" and any instance's tracing marks it
# expanded for good; pmscope then gives it the 1408 KB (run.sh checks).
snap() {
	for f in /sys/power/pm_print_times /sys/power/pm_debug_messages /sys/power/mem_sleep \
		/sys/power/pm_test /sys/power/pm_async /sys/class/rtc/rtc0/wakealarm \
		$T/tracing_on $T/trace_clock $T/current_tracer \
		$T/set_graph_function $T/max_graph_depth $T/events/power/*/enable; do
		echo "$f=$(head -c 300 "$f" 2>&1 | tr '\n' ' ')"
	done
	echo "set_ftrace_filter=$(head -c 300 $T/set_ftrace_filter | tr '\n' ' ')"
	echo "instances=$(ls $T/instances | tr '\n' ' ')"
	echo "run_pmscope=$(ls -A /run/pmscope 2>/dev/null | tr '\n' ' ')"
}

# The kernel's default is deep: start from s2idle so that mem's change
# to deep has something to restore.
echo s2idle > /sys/power/mem_sleep

# run CASE CMD...: snapshots around CMD, its output and status in /out
run() {
	c=$1; shift
	snap > $c.before
	cat $T/buffer_size_kb > $c.topbuf.before
	log "$c: begin"
	"$@" > $c.log 2>&1
	echo $? > $c.rc
	log "$c: end rc=$(cat $c.rc)"
	snap > $c.after
	cat $T/buffer_size_kb > $c.topbuf.after
	# a failed case must not leave the next one armed (after is kept as it was)
	[ -e /run/pmscope ] && pmscope collect --restore > $c.cleanup.log 2>&1
}

case_s3() { run s3 pmscope record -m mem -s 5 -o $O/s3; }
case_s2idle() { run s2idle pmscope record -m s2idle -s 0 -o $O/s2idle; }
case_callgraph() { run callgraph pmscope record -m mem -s 5 --callgraph --graph-depth 2 -o $O/callgraph; }
# what a tracing instance of this kernel offers (for diagnosis)
case_probe() { mkdir $T/instances/probe; ls $T/instances/probe > probe.txt;
	cat $T/instances/probe/available_tracers >> probe.txt; rmdir $T/instances/probe; }
case_nocallgraph() { run nocallgraph pmscope record -m mem -s 5 --callgraph -o $O/nocallgraph; }
case_pmtest() { run pmtest pmscope record -m mem -s 0 --pm-test devices -o $O/pmtest; }
# hibernation up to the device freeze and thaw (no swap needed)
case_disktest() { run disktest pmscope record -m disk -s 0 --pm-test devices -o $O/disktest; }
# On q35 only the first of several S3 cycles of one boot sleeps: QEMU's
# wake from S3 clears the ICH9 LPC's PMBASE and ACPI_CNTL (config 0x40,
# 0x44), which no one sets again, and the next "mem" comes straight back
# ("Timekeeping suspended for 0.2-0.8 seconds"; ../shared/qemu's guest
# restores them, this one does not). These cases check the cycles' records,
# which such a round trip still makes, not that each one slept.
case_cycles() { run cycles pmscope record -m mem -s 4 --cycles 2 --delay 1 -o $O/cycles; }
# --stress: two clean S3 cycles (see above), their folders removed
case_stress() { run stress pmscope record -m mem -s 4 --cycles 2 --delay 1 --stress -o $O/stress; }
# --stress stops at the first failure and keeps that cycle: cycle 1 a real
# S3 through --cmd, cycle 2's command fails, cycle 3 never runs
case_stressfail() { rm -f /tmp/stressfail; run stressfail pmscope record -m mem --cycles 3 \
	--delay 1 --stress -o $O/stressfail --cmd "test ! -e /tmp/stressfail || exit 1;
	touch /tmp/stressfail; echo +4 > $W; echo mem > /sys/power/state; echo 0 > $W"; }

# --via systemd without systemd in the guest: a stand-in systemctl that
# does what logind and systemd-sleep do for "suspend": return at once,
# then run the sleep hooks around writing "mem" to /sys/power/state
case_systemd() {
	mkdir -p /run/systemd/system /tmp/sd
	cat > /tmp/sd/systemctl <<-'EOF'
	#!/bin/sh
	[ "$1" = suspend ] || exit 1
	( sleep 1; echo "pre suspend" >> /out/systemd.hooks
	  echo mem > /sys/power/state; echo "post suspend" >> /out/systemd.hooks ) &
	EOF
	chmod 755 /tmp/sd/systemctl
	PATH=/tmp/sd:$PATH run systemd pmscope record -m mem -s 4 --via systemd -o $O/systemd
	rm -r /run/systemd
}

# --cmd that returns before the suspend, as systemctl suspend does:
# pmscope waits for /sys/power/suspend_stats to count it
W=/sys/class/rtc/rtc0/wakealarm
case_cmd() { run cmd pmscope record -m mem -o $O/cmd \
	--cmd "echo +5 > $W; (sleep 1; echo mem > /sys/power/state; echo 0 > $W) &"; }

# arm, the user suspends with rtcwake, collect; a second collect has nothing
armcollect() {
	pmscope arm -m mem > armcollect.arm.log 2>&1 || return 10
	snap > armcollect.armed
	# what rtcwake -m mem -s 5 does (Debian's busybox has no rtcwake)
	echo +5 > /sys/class/rtc/rtc0/wakealarm || return 11
	echo mem > /sys/power/state || return 12
	# QEMU's RTC still shows the alarm after it fired; the user's, not ours
	echo 0 > /sys/class/rtc/rtc0/wakealarm
	pmscope collect -o $O/armcollect || return $?
	pmscope collect -o $O/armcollect2 > armcollect.second.log 2>&1
	echo $? > armcollect.second.rc
}
case_armcollect() { run armcollect armcollect; }

# SIGINT while the capture waits for the user's command
sigint() {
	pmscope record -m mem --cmd 'sleep 30' -o $O/sigint &
	pid=$!
	sleep 4
	snap > sigint.during
	kill -INT $pid
	wait $pid
}
case_sigint() { run sigint sigint; }

# SIGTERM between two real S3 cycles: one cycle saved, all put back
sigterm() {
	pmscope record -m mem -s 3 --cycles 2 --delay 60 -o $O/sigterm 2> sigterm.err &
	pid=$!
	i=0
	while ! grep -q 'cycle 1 of 2: resumed' sigterm.err && [ $i -lt 60 ]; do
		sleep 1; i=$((i + 1))
	done
	sleep 1
	snap > sigterm.during
	kill -TERM $pid
	wait $pid
	rc=$?
	cat sigterm.err
	return $rc
}
case_sigterm() { run sigterm sigterm; }

cases=$(sed -n 's/.*pmscope\.cases=\([^ ]*\).*/\1/p' /proc/cmdline | tr ',' ' ')
log "kernel $(uname -r), cases: $cases"
for c in $cases; do
	case_$c
done
dmesg > $O/guest-dmesg.txt
uname -r > $O/kernel.txt

log "sending results"
stty -F /dev/ttyS1 raw -echo 2>/dev/null
{ tar -czf - -C $O . | base64; echo "=PMSCOPE-VM-END="; } > /dev/ttyS1
log "all done"
sync
poweroff -f
sleep 5
echo o > /proc/sysrq-trigger
