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
case_sched() { run sched pmscope record -m mem -s 5 --sched -o $O/sched; }
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

# SIGINT while the capture waits for the user's command. pmscope runs in
# the foreground, as from a terminal: a shell starts what it puts in the
# background with SIGINT ignored, and pmscope leaves an ignored signal so.
sigint() {
	rm -f /tmp/sigint.pid
	( until [ -s /tmp/sigint.pid ]; do sleep 0.1; done; sleep 4
	  snap > sigint.during; kill -INT $(cat /tmp/sigint.pid) ) &
	sh -c 'echo $$ > /tmp/sigint.pid; exec pmscope record -m mem --cmd "sleep 30" -o /out/sigint'
	rc=$?
	wait
	return $rc
}
case_sigint() { run sigint sigint; }

# --- Faults: record ended at each of its steps ---
# The files record changes, read with shell builtins (fork is slow under
# TCG): a snapshot after each of some thousand runs.
FS="/sys/power/pm_print_times /sys/power/pm_debug_messages /sys/power/mem_sleep
	/sys/power/pm_test /sys/class/rtc/rtc0/wakealarm $T/tracing_on $T/trace_clock
	$T/current_tracer $T/buffer_size_kb $T/set_ftrace_filter"
fsnap() {
	for f in $FS $T/events/power/*/enable; do
		v=
		{ IFS= read -r v; } 2>/dev/null < $f
		echo "$f=$v"
	done
	echo "instances=" $T/instances/*
	echo "run=" /run/pmscope /run/pmscope/*
}
fstopped() {
	st=
	read -r st < /proc/$1/stat 2>/dev/null || return 1
	st=${st##*) }
	[ "${st%% *}" = T ]
}
# fkiller SIGNAL: once record has stopped itself at its step
# (PMSCOPE_TEST_STEP), snapshot (with $FDURING), signal it, continue it
fkiller() {
	kp=
	until [ -n "$kp" ]; do
		sleep 0.02
		[ ! -s /tmp/f.pid ] || read -r kp < /tmp/f.pid
	done
	until fstopped $kp; do
		[ -d /proc/$kp ] || return
		sleep 0.02
	done
	[ -z "$FDURING" ] || fsnap > /tmp/f.during
	kill -$1 $kp
	kill -CONT $kp 2>/dev/null
}
# frun STEP SIGNAL: record (in the foreground) signalled at STEP; rc
FREC="pmscope record -q -m mem -s 30 -t freezer -o /tmp/f/run"
frun() {
	rm -rf /tmp/f.pid /tmp/f
	mkdir /tmp/f
	fkiller $2 &
	fk=$!
	PMSCOPE_TEST_STEP=$1 sh -c 'echo $$ > /tmp/f.pid; exec '"$FREC" > /tmp/f.log 2>&1
	rc=$?
	wait $fk
}
# every step of record with -m mem -s 30 -t freezer, in order
FSTEPS="checked state pm_print_times pm_debug_messages mem_sleep pm_test instance armed
	wakealarm suspending resumed sys/devices.txt sys/devlinks.txt sys/sleep-stats.txt
	dmesg.txt trace.txt trace.dat saved restoring restored"
# every signal whose default ends a process, but KILL: not STOP, CHLD,
# CONT, TSTP, TTIN, TTOU, URG, WINCH, nor 32 and 33 (glibc's own)
FSIGS=$(seq 1 64 | grep -vxE '9|17|18|19|20|21|22|23|28|32|33' | tr '\n' ' ')
# restored: 1 when every file is as before the run
frestored() { fsnap > /tmp/f.after; cmp -s faults.base /tmp/f.after && echo 1 || echo 0; }
fkeep() { cp /tmp/f.log "faults/$1.log"; cp /tmp/f.after "faults/$1.after"; }

# Each catchable signal at each step: exit 3, said, every file as before.
# SIGKILL at each step: the next command (record, arm, collect in turn)
# restores and says so. abort() at each step: a new pmscope restores.
# faults.txt: "STEP SIGNAL rc=N said=0|1 restored=0|1 changed=0|1 [next=CMD]"
case_faults() {
	steps=$(sed -n 's/.*pmscope\.fault_steps=\([^ ]*\).*/\1/p' /proc/cmdline | tr ',' ' ')
	sigs=$(sed -n 's/.*pmscope\.fault_sigs=\([^ ]*\).*/\1/p' /proc/cmdline | tr ',' ' ')
	mkdir -p faults
	# no wait at the freezer test point: a cycle is a freeze and thaw
	read -r pm_test_delay < /sys/module/suspend/parameters/pm_test_delay
	echo 0 > /sys/module/suspend/parameters/pm_test_delay
	# 6.1 expands the top-level buffer at the first instance: before the baseline
	mkdir -p /tmp/f
	$FREC > faults.warm.log 2>&1
	echo $? > faults.warm.rc
	fsnap > faults.base
	: > faults.txt
	log "faults: begin at $(cut -d' ' -f1 /proc/uptime)"
	for step in ${steps:-$FSTEPS}; do
		FDURING=1
		for sig in ${sigs:-$FSIGS}; do
			frun $step $sig
			r=$(frestored)
			ch=0
			[ -z "$FDURING" ] || { cmp -s faults.base /tmp/f.during || ch=1; }
			said=0
			grep -q "interrupted by SIG" /tmp/f.log && said=1
			echo "$step $sig rc=$rc said=$said restored=$r changed=$ch" >> faults.txt
			[ "$r$said$rc" = 113 ] || fkeep "$(echo $step | tr / _).$sig"
			FDURING=
		done
		log "faults: $step done at $(cut -d' ' -f1 /proc/uptime)"
	done
	# SIGKILL: the armed state stays; the next command puts it back
	next=record
	for step in ${steps:-$FSTEPS}; do
		FDURING=1
		frun $step KILL
		ch=0
		cmp -s faults.base /tmp/f.during || ch=1
		cmd=$next
		mkdir -p /tmp/f
		case $next in
		record) $FREC > /tmp/f.log 2>&1; next=arm ;;
		arm) { pmscope arm -m mem -t freezer && pmscope collect -q -o /tmp/f/run2; } \
			> /tmp/f.log 2>&1; next=collect ;;
		collect) pmscope collect -q -o /tmp/f/run2 > /tmp/f.log 2>&1; next=record ;;
		esac
		r=$(frestored)
		said=0
		grep -q "^pmscope: pmscope record (pid [0-9]*) ended" /tmp/f.log && said=1
		echo "$step KILL rc=$rc said=$said restored=$r changed=$ch next=$cmd" >> faults.txt
		cp /tmp/f.log "faults/$(echo $step | tr / _).KILL.log"
	done
	# a crash (abort()): the handler starts a pmscope that restores
	for step in ${steps:-$FSTEPS}; do
		rm -rf /tmp/f
		mkdir /tmp/f
		PMSCOPE_TEST_STEP=$step:abort $FREC > /tmp/f.log 2>&1
		rc=$?
		r=$(frestored)
		said=0
		grep -q "crashed; a new pmscope process puts the settings back" /tmp/f.log && said=1
		echo "$step ABRT rc=$rc said=$said restored=$r changed=1" >> faults.txt
		[ "$r$said" = 11 ] || fkeep "$(echo $step | tr / _).ABRT"
	done
	log "faults: end at $(cut -d' ' -f1 /proc/uptime)"
	echo $pm_test_delay > /sys/module/suspend/parameters/pm_test_delay
	rm -rf /tmp/f
}

# stopped STEP: wait until the pmscope in /tmp/f.pid stopped itself there
fwait() {
	kp=
	until [ -n "$kp" ]; do
		sleep 0.1
		[ ! -s /tmp/f.pid ] || read -r kp < /tmp/f.pid
	done
	until fstopped $kp; do sleep 0.1; done
}

# A disk that fills while the run folder is saved: a real S3 cycle, record
# stopped after dmesg.txt, the file system filled but for 8 KB, then on:
# trace.txt is cut there, sys/facts.txt (its room set aside first) says
# so, the rest stays whole. What was saved comes back as /out/fulldisk.
fulldisk() {
	mkdir -p /tmp/full && mount -t tmpfs -o size=4m tmpfs /tmp/full || return 10
	rm -f /tmp/f.pid
	( fwait
	  dd if=/dev/zero of=/tmp/full/filler bs=4096 2>/dev/null
	  truncate -s $(( $(stat -c %s /tmp/full/filler) - 8192 )) /tmp/full/filler
	  df /tmp/full > fulldisk.df
	  kill -CONT $kp ) &
	PMSCOPE_TEST_STEP=dmesg.txt sh -c 'echo $$ > /tmp/f.pid; exec pmscope record -m mem -s 5 -o /tmp/full/run'
	rc=$?
	wait
	cp -r /tmp/full/run $O/fulldisk
	ls -la /tmp/full/run > fulldisk.ls
	umount /tmp/full
	return $rc
}
case_fulldisk() { run fulldisk fulldisk; }

# Run folders that cannot be written: checked before anything changes
rofolder() {
	mkdir -p /tmp/ro /tmp/nospace
	mount -t tmpfs -o ro tmpfs /tmp/ro || return 10
	mount -t tmpfs -o size=64k tmpfs /tmp/nospace || return 11
	dd if=/dev/zero of=/tmp/nospace/filler bs=4096 2>/dev/null
	pmscope record -m mem -s 5 -o /tmp/ro/run
	echo "ro rc=$?"
	pmscope record -m mem -s 5 -o /tmp/nospace/run
	echo "nospace rc=$?"
	umount /tmp/ro /tmp/nospace
}
case_rofolder() { run rofolder rofolder; }

# One that becomes read-only after the suspend, before the saving:
# nothing saved, said, everything put back
rolate() {
	mkdir -p /tmp/rw && mount -t tmpfs tmpfs /tmp/rw || return 10
	rm -f /tmp/f.pid
	( fwait; mount -o remount,ro /tmp/rw; kill -CONT $kp ) &
	PMSCOPE_TEST_STEP=resumed sh -c 'echo $$ > /tmp/f.pid; exec pmscope record -m mem -s 0 -t freezer -o /tmp/rw/run'
	rc=$?
	wait
	umount /tmp/rw
	return $rc
}
case_rolate() { run rolate rolate; }

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

# pmscope watch: the sleep hook called as systemd-sleep calls it ("pre
# suspend", "post suspend") around real sleeps; the guest has no systemd,
# so the saver runs as a process of its own session. s2idle first: after
# an S3 resume QEMU's power button no longer wakes s2idle.
# watch_sleep s2idle|deep: one sleep between the hook's two calls, then
# the saver waited for (it removes the note post handed it)
watch_sleep() {
	pmscope watch hook pre suspend 2>> watch.journal
	echo "pre $?" >> watch.rcs
	echo $1 > /sys/power/mem_sleep
	if [ $1 = s2idle ]; then
		log "s2idle: begin"
		echo mem > /sys/power/state
		log "s2idle: end"
	else
		echo +4 > $W
		echo mem > /sys/power/state
		echo 0 > $W
	fi
	echo s2idle > /sys/power/mem_sleep
	pmscope watch hook post suspend 2>> watch.journal
	echo "post $?" >> watch.rcs
	i=0
	while ls /run/pmscope/watch | grep -q '^ready-' && [ $i -lt 600 ]; do
		sleep 0.1; i=$((i + 1))
	done
	sleep 1	# the store's names are the wall clock's seconds
}
hookwatch() {
	cat /sys/power/pm_print_times > watch.print.before
	pmscope watch enable --keep 3 || return 10
	cat /sys/power/pm_print_times > watch.print.enabled
	watch_sleep s2idle
	watch_sleep deep
	watch_sleep deep
	cp -r /var/lib/pmscope $O/watch-store
	pmscope watch enable --keep 2 || return 11
	watch_sleep deep
	ls /var/lib/pmscope > watch.keep2.ls
	# a store that cannot be written: enable refuses it; the hook, given
	# it all the same, lets the machine sleep and wake, and says why
	mkdir -p /tmp/wro && mount -t tmpfs -o ro tmpfs /tmp/wro || return 12
	pmscope watch enable --store /tmp/wro/store > watch.ro.enable 2>&1
	echo "enable $?" >> watch.ro.enable
	printf 'enabled: yes\nstore: /tmp/wro/store\n' > /etc/pmscope/watch.conf
	cat /sys/power/suspend_stats/success > watch.ro.before
	: > watch.journal
	watch_sleep deep
	cat /sys/power/suspend_stats/success > watch.ro.after
	cp watch.journal watch.ro.journal
	umount /tmp/wro
	pmscope watch enable --store /var/lib/pmscope || return 13
	pmscope watch status > watch.status
	pmscope watch disable || return 14
	cat /sys/power/pm_print_times > watch.print.after
	rm -r /run/pmscope	# the hook's notes: the snapshot after is as before
}
case_watch() { run watch hookwatch; }

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
