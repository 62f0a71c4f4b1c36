#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make check-vm: real suspends in QEMU, checked as TAP.
#   tests/vm/run.sh BUILD_DIR
# Boots Debian's kernels (tests/vm/kernel.sh) on a q35 machine with S3
# enabled, under TCG (no KVM needed), with a busybox initramfs holding
# BUILD_DIR/pmscope and its shared libraries. tests/vm/guest-init.sh runs
# the cases and sends their results back over the second serial port.
# Results: BUILD_DIR/vm/<boot>/ (console.log, out/ = the guest's /out).
# PMSCOPE_VM_BOOTS="name:metapackage:case,case[:timeout] ..." replaces the
# boots (timeout: seconds of QEMU for that boot, default PMSCOPE_VM_TIMEOUT);
# PMSCOPE_VM_APPEND adds to the guests' kernel command line, e.g.
# "pmscope.fault_steps=armed,saved pmscope.fault_sigs=1,15" to run the
# faults case at those steps with those signals only.
set -u
B=$1
top=$(cd "$(dirname "$0")/../.." && pwd)
V=$top/$B/vm
P=$top/$B/pmscope
TIMEOUT=${PMSCOPE_VM_TIMEOUT:-600}
WAKE=6	# seconds in s2idle before the power button is pressed
# s2idle first: after an S3 resume, QEMU 7.2's power button no longer
# wakes s2idle (seen with 6.1; the RTC never does). function_graph in a
# tracing instance needs a newer kernel than 6.1: a second boot on 6.12.
# The faults case (every signal at every step of record: some thousand
# runs, 20 minutes or so on 2 cores) has a boot of its own; so has watch,
# whose sleeps begin with an s2idle one.
BOOTS=${PMSCOPE_VM_BOOTS:-"k61:linux-image-amd64:s2idle,s3,armcollect,sigint,pmtest,disktest,nocallgraph,fulldisk,rofolder,rolate k61w:linux-image-amd64:watch k612:linux-image-6.12-amd64:callgraph,sched,cycles,cmd,sigterm,stress,stressfail,systemd k61f:linux-image-amd64:faults:2700"}

mkdir -p "$V"
exec 3>"$V/vm.log"
say() { echo "# $*"; echo "$(date +%T) $*" >&3; }

# initramfs DIR KROOT KVER: busybox, pmscope and its libraries, the
# ACPI button driver (s2idle's wake-up), the init
initramfs() {
	local S=$1/stage kroot=$2 kver=$3 lib btn a
	mkdir -p "$S"/{bin,dev,proc,sys,run,tmp,out,lib/modules}
	cp /bin/busybox "$S/bin/busybox"
	for a in $(/bin/busybox --list); do
		[ "$a" = busybox ] || ln -s busybox "$S/bin/$a"
	done
	cp "$P" "$S/bin/pmscope"
	for lib in $(ldd "$P" | grep -o '/[^ ]*'); do
		cp -L --parents "$lib" "$S"
	done
	btn=$(find "$kroot/lib/modules/$kver" -name 'button.ko*' | head -n 1)
	case "$btn" in
	*.xz) xz -dc "$btn" > "$S/lib/modules/button.ko" ;;
	*.zst) zstd -qdc "$btn" > "$S/lib/modules/button.ko" ;;
	*) cp "$btn" "$S/lib/modules/button.ko" ;;
	esac
	cp "$top/tests/vm/guest-init.sh" "$S/init"
	chmod 755 "$S/init"
	(cd "$S" && find . | cpio -o -H newc --quiet) | gzip -1 > "$1/initrd.gz"
}

# boot NAME METAPACKAGE CASES TIMEOUT: one VM run into $V/NAME
boot() {
	local name=$1 meta=$2 cases=$3 timeout=$4 D=$V/$1 W kroot vmlinuz kver append qpid catpid t0
	local pressed_at=0 entered_at=0
	rm -rf "$D"
	mkdir -p "$D/work" "$D/out"
	W=$D/work
	kroot=$(sh "$top/tests/vm/kernel.sh" "$top/$B/vm-cache" "$meta") || return 1
	vmlinuz=$(ls "$kroot"/boot/vmlinuz-* | head -n 1)
	kver=${vmlinuz##*/vmlinuz-}
	initramfs "$W" "$kroot" "$kver"
	say "$name: kernel $kver, initramfs $(du -h "$W/initrd.gz" | cut -f1), cases $cases"
	mkfifo "$W/qmp.in" "$W/qmp.out"
	: > "$D/console.log"
	: > "$W/out.b64"
	append="console=ttyS0,115200 loglevel=${PMSCOPE_VM_LOGLEVEL:-4} no_console_suspend"
	append="$append log_buf_len=16M panic=-1 rdinit=/init pmscope.cases=$cases"
	append="$append ${PMSCOPE_VM_APPEND:-}"
	timeout --kill-after=10 "$timeout" qemu-system-x86_64 -nodefaults -no-reboot \
		-machine q35 -global ICH9-LPC.disable_s3=0 -accel tcg,thread=single -cpu max \
		-smp 2 -m 1024 -display none -kernel "$vmlinuz" -initrd "$W/initrd.gz" \
		-append "$append" -rtc base=utc \
		-serial "file:$D/console.log" -serial "file:$W/out.b64" \
		-chardev "pipe,id=qmp,path=$W/qmp" -mon chardev=qmp,mode=control \
		> "$D/qemu.log" 2>&1 &
	qpid=$!
	exec 7<>"$W/qmp.in" 8<>"$W/qmp.out"
	cat <&8 > "$D/qmp.log" &
	catpid=$!
	printf '{"execute":"qmp_capabilities"}\n' >&7
	t0=$SECONDS
	while kill -0 $qpid 2>/dev/null; do
		sleep 1
		if grep -q '=PMSCOPE-VM-END=' "$W/out.b64"; then
			sleep 1
			# after an S3 resume QEMU 7.2 does not exit on the guest's power-off
			kill $qpid 2>/dev/null
			break
		fi
		# s2idle: the RTC cannot wake it in QEMU; the ACPI power button can
		if grep -q 'vm: s2idle: begin' "$D/console.log" &&
		   ! grep -q 'vm: s2idle: end' "$D/console.log"; then
			[ $entered_at -gt 0 ] || entered_at=$SECONDS
			if [ $((SECONDS - entered_at)) -ge $WAKE ] &&
			   [ $((SECONDS - pressed_at)) -ge 4 ]; then
				say "$name: s2idle: pressing the power button"
				printf '{"execute":"system_powerdown"}\n' >&7
				pressed_at=$SECONDS
			fi
		fi
	done
	wait $qpid 2>/dev/null
	kill $catpid 2>/dev/null
	exec 7>&- 8>&-
	say "$name: QEMU ran $((SECONDS - t0)) s"
	sed '/=PMSCOPE-VM-END=/,$d' "$W/out.b64" | base64 -d 2>/dev/null |
		tar -xzf - -C "$D/out" 2>/dev/null
	rm -rf "$W"
}

. "$top/tests/tap.sh"

# analyze NAME: the run folder analyzes cleanly, as JSON in $O/NAME.json
analyze() {
	"$P" analyze -q --json "$O/$1.json" "$O/$1" > "$O/$1.analyze.log" 2>&1
	is "$K $1: run folder analyzes cleanly" "$?" 0
}
jqc() { jq -r "$2" "$O/$1.json" 2>/dev/null; }
# cycle_checks NAME I MODE: what cycle I of the analysis must hold
cycle_checks() {
	local c=$1 i=$2 mode=$3 ph	# (n is tap.sh's counter)
	is "$K $c: cycle $i mode" "$(jqc "$c" ".cycles[$i].mode")" "$mode"
	is "$K $c: cycle $i completed" "$(jqc "$c" ".cycles[$i].completed")" true
	for ph in suspend suspend_late suspend_noirq resume_noirq resume_early resume; do
		ok "$K $c: cycle $i phase $ph has callbacks" test \
			"$(jqc "$c" "[.cycles[$i].callbacks[] | select(.phase == \"$ph\")] | length")" -gt 0
	done
	ok "$K $c: cycle $i has async callbacks" test \
		"$(jqc "$c" "[.cycles[$i].callbacks[] | select(.async)] | length")" -gt 0
	ok "$K $c: cycle $i has sync callbacks" test \
		"$(jqc "$c" "[.cycles[$i].callbacks[] | select(.async | not)] | length")" -gt 0
	# the driving thread and at least one async worker: how many kworkers
	# the kernel uses varies run to run (one took all 24 async callbacks once)
	ok "$K $c: cycle $i ran on the driving thread and async workers" test \
		"$(jqc "$c" "[.cycles[$i].callbacks[].pid] | unique | length")" -ge 2
}
# restored NAME [DURING]: every touched file as before (and not meanwhile)
restored() {
	if [ -n "${2:-}" ]; then
		ok "$K $1: files changed while capturing" sh -c "test -s '$O/$1.$2' && ! cmp -s '$O/$1.before' '$O/$1.$2'"
	fi
	is "$K $1: every touched file restored" "$(diff "$O/$1.before" "$O/$1.after" 2>&1)" ""
	top_buffer "$1"
}
# top_buffer NAME: the top-level buffer as the user would have had it. One
# the kernel had not allocated yet ("7 (expanded: 1408)") stays so, or,
# where the capture made the kernel mark it expanded (6.1), has the 1408 KB
# the first tracing would have given it; an expanded one keeps its size.
top_buffer() {
	local b a exp
	b=$(cat "$O/$1.topbuf.before" 2>/dev/null)
	a=$(cat "$O/$1.topbuf.after" 2>/dev/null)
	case $b in
	*"(expanded: "*)
		# the kernel rounds the size up to whole ring buffer pages of
		# 4080 bytes (4096 less the page header): 1408 KB reads 1410
		exp=${b#*(expanded: }; exp=${exp%)*}
		exp=$(( (exp * 1024 + 4079) / 4080 * 4080 / 1024 ))
		echo "# $K $1: top-level buffer_size_kb '$b' before, '$a' after"
		ok "$K $1: top-level buffer unexpanded or at its expanded size $exp" \
			test "$a" = "$b" -o "$a" = "$exp"
		# 6.1 expands it whatever pmscope does: the size is what counts
		case $K in k61) is "$K $1: 6.1 expanded it: $exp KB per CPU" "$a" "$exp" ;; esac
		;;
	*) is "$K $1: top-level buffer_size_kb as before" "$a" "$b" ;;
	esac
}
exit_status() { is "$K $1: exit status" "$(cat "$O/$1.rc" 2>/dev/null)" "$2"; }
run_files() {
	local f
	for f in dmesg.txt trace.txt trace.dat sys/facts.txt sys/devices.txt report.txt report.json; do
		ok "$K $1: run folder has $f" test -s "$O/$1/$f"
	done
	# q35 without drivers that make device links: an empty list
	ok "$K $1: run folder has sys/devlinks.txt" test -f "$O/$1/sys/devlinks.txt"
}

# dat_checks NAME [graph]: record's trace.dat opens in trace-cmd (Debian's,
# on the host), has the events of trace.txt, and is what the run folder is
# analyzed from, with the callbacks trace.txt alone gives
# "stamp event fields", blanks squeezed: trace-cmd pads after the event name
evlines() { sed -n 's/^.* \([0-9][0-9]*\.[0-9][0-9]*\): \([a-z_]*\): *\(.*\)$/\1 \2 \3/p' |
	tr -s ' ' | sort; }
# the callbacks, one a line, times in us as the kernel's text has them:
# rounded in event lines, cut in function_graph's abstime column
cbs() { jq -c --arg r "$2" '.cycles[].callbacks[] | [.device, .phase,
	(.start_ns / 1000 | if $r == "graph" then floor else round end),
	(.end_ns / 1000 | if $r == "graph" then floor else round end), .pid, .async, .ret,
	(.callgraph.functions // [] | length)]' "$1" 2>/dev/null; }
dat_checks() {
	local c=$1 rd=$O/$1
	ok "$K $c: run folder has trace.dat" test -s "$rd/trace.dat"
	trace-cmd report -i "$rd/trace.dat" > "$O/$c.dat-report.txt" 2> "$O/$c.dat-report.err"
	is "$K $c: trace-cmd report reads trace.dat" "$?" 0
	evlines < "$O/$c.dat-report.txt" > "$O/$c.events.dat"
	if [ "${2:-}" != graph ]; then
		evlines < "$rd/trace.txt" > "$O/$c.events.txt"
		ok "$K $c: trace.txt has device callback events" grep -q ' device_pm_callback_end ' "$O/$c.events.txt"
		echo "# $K $c: $(wc -l < "$O/$c.events.txt") events in trace.txt, $(wc -l < "$O/$c.events.dat") in trace-cmd report"
		is "$K $c: trace-cmd report of trace.dat: the events of trace.txt" \
			"$(diff "$O/$c.events.txt" "$O/$c.events.dat" | head -n 20)" ""
	else
		ok "$K $c: trace-cmd report: function_graph entries" grep -q 'funcgraph_entry:.*dpm_run_callback' "$O/$c.dat-report.txt"
		ok "$K $c: call graphs from trace.dat" test \
			"$(jqc "$c" '[.cycles[].callbacks[] | select(.callgraph != null)] | length')" -gt 0
	fi
	is "$K $c: analyzed from trace.dat" "$(jqc "$c" '[.sources[] | select(test("/trace\\.(dat|txt)$")) | sub(".*/"; "")] | join(",")')" trace.dat
	mkdir -p "$O/$c.txtonly"
	cp -r "$rd/dmesg.txt" "$rd/trace.txt" "$rd/sys" "$O/$c.txtonly/"
	"$P" analyze -q --json "$O/$c.txtonly.json" "$O/$c.txtonly" > /dev/null 2>&1
	ok "$K $c: trace.dat gives callbacks" test "$(jqc "$c" '[.cycles[].callbacks[]] | length')" -gt 0
	cbs "$O/$c.json" "${2:-}" > "$O/$c.cbs.dat"
	cbs "$O/$c.txtonly.json" "${2:-}" > "$O/$c.cbs.txt"
	echo "# $K $c: $(wc -l < "$O/$c.cbs.dat") callbacks from trace.dat, $(wc -l < "$O/$c.cbs.txt") from trace.txt"
	is "$K $c: trace.dat and trace.txt give the same callbacks (and call graphs)" \
		"$(diff "$O/$c.cbs.txt" "$O/$c.cbs.dat" | head -n 10)" ""
}

# faults.txt (guest-init.sh, case_faults): "STEP SIGNAL rc=N said=0|1
# restored=0|1 changed=0|1 [next=CMD]", a line per run of record
fault_checks() {
	local F=$O/faults.txt step cnt bad first line want
	ok "$K faults: the warm-up capture ran" test "$(cat "$O/faults.warm.rc" 2>/dev/null)" = 0
	ok "$K faults: results came back" test -s "$F"
	for step in $(awk '!seen[$1]++ { print $1 }' "$F"); do
		cnt=$(awk -v s="$step" '$1 == s && $2 ~ /^[0-9]+$/' "$F" | wc -l)
		bad=$(awk -v s="$step" '$1 == s && $2 ~ /^[0-9]+$/ &&
			!($3 == "rc=3" && $4 == "said=1" && $5 == "restored=1") {
			printf " %s(%s %s %s)", $2, $3, $4, $5 }' "$F")
		is "$K faults: $cnt signals at $step: each exit 3, said, every setting put back" "$bad" ""
		first=$(awk -v s="$step" '$1 == s && $2 ~ /^[0-9]+$/ { print $6; exit }' "$F")
		case $step in
		checked) is "$K faults: $step: nothing changed yet" "$first" changed=0 ;;
		restored) is "$K faults: $step: nothing changed any more" "$first" changed=0 ;;
		*) is "$K faults: $step: settings changed when the signal came" "$first" changed=1 ;;
		esac
		line=$(awk -v s="$step" '$1 == s && $2 == "KILL"' "$F")
		# nothing to put back before the armed state and after the restore
		case $step in checked|restored) want=said=0 ;; *) want=said=1 ;; esac
		is "$K faults: SIGKILL at $step: killed, then the next command ($(echo "$line" |
			sed 's/.*next=//')) restored ($want) every setting" \
			"$(echo "$line" | awk '{ print $3, $4, $5 }')" "rc=137 $want restored=1"
		line=$(awk -v s="$step" '$1 == s && $2 == "ABRT"' "$F")
		is "$K faults: abort() at $step: died of it, said, every setting put back" \
			"$(echo "$line" | awk '{ print $3, $4, $5 }')" "rc=134 said=1 restored=1"
	done
}

check_case() {
	case $1 in
	s3)
		exit_status s3 0
		restored s3
		run_files s3
		ok "$K s3: trace has the device callbacks" grep -q 'device_pm_callback_end:' "$O/s3/trace.txt"
		ok "$K s3: trace clock global" grep -q '^capture.trace_clock: .*\[global\]' "$O/s3/sys/facts.txt"
		ok "$K s3: private instance" grep -q '^capture.instance: pmscope' "$O/s3/sys/facts.txt"
		ok "$K s3: no trace event lost" grep -q '^capture.trace_overrun: 0$' "$O/s3/sys/facts.txt"
		ok "$K s3: no kernel log record lost" grep -q '^capture.kmsg_lost: 0$' "$O/s3/sys/facts.txt"
		ok "$K s3: dmesg has the pm_print_times lines" grep -q 'PM: calling ' "$O/s3/dmesg.txt"
		ok "$K s3: dmesg has pm_debug_messages" grep -q 'PM: suspend entry (deep)' "$O/s3/dmesg.txt"
		ok "$K s3: dmesg starts after arming" sh -c "! grep -q 'Linux version' '$O/s3/dmesg.txt'"
		analyze s3
		is "$K s3: one cycle" "$(jqc s3 '.cycles | length')" 1
		is "$K s3: suspend_stats success before and after (the boot's second)" \
			"$(grep '^/sys/power/suspend_stats/success:' "$O/s3/sys/sleep-stats.txt" | tr '\n' ' ')" \
			"/sys/power/suspend_stats/success: 1 /sys/power/suspend_stats/success: 2 "
		is "$K s3: no hardware sleep note for S3" "$(jqc s3 "$FINDINGS"'[findings | select(.text | test("hardware sleep"))] | length')" 0
		cycle_checks s3 0 mem
		dat_checks s3
		;;
	armcollect)
		exit_status armcollect 0
		restored armcollect armed
		ok "$K armcollect: armed meanwhile" grep -q 'run_pmscope=armed' "$O/armcollect.armed"
		is "$K armcollect: a second collect: nothing armed, exit 3" \
			"$(cat "$O/armcollect.second.rc" 2>/dev/null)" 3
		run_files armcollect
		analyze armcollect
		cycle_checks armcollect 0 mem
		;;
	sigint)
		exit_status sigint 3
		ok "$K sigint: said so" grep -q "interrupted by SIGINT; everything was put back; /out/sigint holds what was captured ('pmscope analyze /out/sigint')" "$O/sigint.log"
		restored sigint during
		ok "$K sigint: instance there meanwhile" grep -q 'instances=pmscope' "$O/sigint.during"
		ok "$K sigint: run folder kept" test -f "$O/sigint/trace.txt"
		;;
	sigterm)
		exit_status sigterm 3
		restored sigterm during
		ok "$K sigterm: said so" grep -q "interrupted by SIGTERM; everything was put back; /out/sigterm holds what was captured ('pmscope analyze /out/sigterm')" "$O/sigterm.log"
		analyze sigterm
		is "$K sigterm: the one cycle done is saved" "$(jqc sigterm '.cycles | length')" 1
		cycle_checks sigterm 0 mem
		;;
	s2idle)
		exit_status s2idle 0
		restored s2idle
		ok "$K s2idle: woken by the power button" grep -q 'ACPI: PM: ACPI fixed event wakeup' "$O/s2idle/dmesg.txt"
		analyze s2idle
		cycle_checks s2idle 0 s2idle
		dat_checks s2idle
		# sys/sleep-stats.txt: the boot's first suspend, woken by the ACPI SCI
		is "$K s2idle: suspend_stats success before and after" \
			"$(grep '^/sys/power/suspend_stats/success:' "$O/s2idle/sys/sleep-stats.txt" | tr '\n' ' ')" \
			"/sys/power/suspend_stats/success: 0 /sys/power/suspend_stats/success: 1 "
		is "$K s2idle: woken by IRQ 9 (ACPI SCI), from sys/sleep-stats.txt" \
			"$(jqc s2idle "$FINDINGS"'[findings | select(.cycle == 1 and (.text | test("woken by IRQ"))) | .text] | join(",")')" \
			"cycle 1: woken by IRQ 9 (/sys/power/pm_wakeup_irq)"
		is "$K s2idle: QEMU has no residency counter: said" \
			"$(jqc s2idle "$FINDINGS"'[findings | select(.text | test("hardware sleep not known: no residency counter"))] | length')" 1
		;;
	pmtest)
		exit_status pmtest 0
		restored pmtest
		ok "$K pmtest: the kernel stopped at the devices test point" grep -q 'suspend debug: Waiting' "$O/pmtest/dmesg.txt"
		analyze pmtest
		;;
	nocallgraph)
		exit_status nocallgraph 3
		ok "$K nocallgraph: says why" grep -q 'no function_graph tracer in tracing instances' "$O/nocallgraph.log"
		restored nocallgraph
		;;
	callgraph)
		exit_status callgraph 0
		restored callgraph
		ok "$K callgraph: function_graph lines in the trace" grep -q 'dpm_run_callback() {' "$O/callgraph/trace.txt"
		analyze callgraph
		dat_checks callgraph graph
		;;
	disktest)
		exit_status disktest 0
		restored disktest
		ok "$K disktest: the kernel stopped after freezing the devices" \
			grep -q 'PM: hibernation: debug: Waiting for 5 seconds' "$O/disktest/dmesg.txt"
		analyze disktest
		is "$K disktest: a hibernation cycle" "$(jqc disktest '.cycles[0].mode')" disk
		ok "$K disktest: freeze callbacks" test \
			"$(jqc disktest '[.cycles[0].callbacks[] | select(.phase == "freeze")] | length')" -gt 0
		;;
	cmd)
		exit_status cmd 0
		restored cmd
		analyze cmd
		is "$K cmd: waited for the suspend the command started" "$(jqc cmd '.cycles | length')" 1
		cycle_checks cmd 0 mem
		;;
	stress)
		exit_status stress 0
		restored stress
		is "$K stress: a line per cycle" "$(cat "$O/stress/stress.txt" 2>/dev/null)" \
			"cycle 1: ok
cycle 2: ok
2 of 2 cycles clean"
		is "$K stress: clean cycles' folders removed" "$(ls "$O/stress" 2>&1)" stress.txt
		;;
	stressfail)
		exit_status stressfail 1
		restored stressfail
		is "$K stressfail: stopped at the failed cycle" "$(cat "$O/stressfail/stress.txt" 2>/dev/null)" \
			"cycle 1: ok
cycle 2: the suspend failed; kept in cycle-0002
1 of 3 cycles clean"
		is "$K stressfail: only the failed cycle's folder kept" \
			"$(ls "$O/stressfail" 2>&1 | tr '\n' ' ')" "cycle-0002 stress.txt "
		ok "$K stressfail: said which" grep -q 'cycle 2 of 3 failed; its run folder: .*/stressfail/cycle-0002' "$O/stressfail.log"
		# nothing suspended: an empty log, and the sleep counts that say so
		ok "$K stressfail: the kept folder has what was captured" \
			test -f "$O/stressfail/cycle-0002/dmesg.txt" -a -s "$O/stressfail/cycle-0002/sys/sleep-stats.txt"
		;;
	systemd)
		exit_status systemd 0
		restored systemd
		is "$K systemd: the sleep hooks ran around the suspend" "$(cat "$O/systemd.hooks" 2>/dev/null)" \
			"pre suspend
post suspend"
		analyze systemd
		is "$K systemd: the suspend systemctl started" "$(jqc systemd '.cycles | length')" 1
		cycle_checks systemd 0 mem
		;;
	faults)
		fault_checks
		;;
	fulldisk)
		exit_status fulldisk 3
		restored fulldisk
		ok "$K fulldisk: said" grep -q '^pmscope: the run folder is not whole: trace.txt: No space left on device' "$O/fulldisk.log"
		is "$K fulldisk: sys/facts.txt names the cut file" \
			"$(grep '^capture\.cut\.' "$O/fulldisk/sys/facts.txt" 2>&1)" "capture.cut.trace.txt: No space left on device"
		ok "$K fulldisk: sys/facts.txt whole, its last line the cut file" \
			sh -c "tail -n 1 '$O/fulldisk/sys/facts.txt' | grep -q '^capture.cut.trace.txt: ' && ! grep -q '^\$' '$O/fulldisk/sys/facts.txt'"
		ok "$K fulldisk: trace.txt kept as far as it got" sh -c "head -n 1 '$O/fulldisk/trace.txt' | grep -q '^# tracer: nop'"
		ok "$K fulldisk: trace.txt at most the 8 KB that were free" test "$(wc -c < "$O/fulldisk/trace.txt")" -le 8192
		echo "# $K fulldisk: trace.txt $(wc -c < "$O/fulldisk/trace.txt") bytes"
		ok "$K fulldisk: dmesg.txt whole" grep -q 'PM: suspend exit' "$O/fulldisk/dmesg.txt"
		ok "$K fulldisk: sys/devices.txt whole" grep -q '^pnp0/00:' "$O/fulldisk/sys/devices.txt"
		ok "$K fulldisk: sys/sleep-stats.txt whole" grep -q '^\[cycle 1 after\]' "$O/fulldisk/sys/sleep-stats.txt"
		ok "$K fulldisk: facts.txt has the kernel log's lost count" grep -q '^capture.kmsg_lost: ' "$O/fulldisk/sys/facts.txt"
		is "$K fulldisk: no trace.dat, and no temporary file of it" \
			"$(cd "$O/fulldisk" && ls -d trace.dat* 2>/dev/null)" ""
		"$P" analyze -q --json "$O/fulldisk.json" "$O/fulldisk" > "$O/fulldisk.analyze.log" 2>&1
		ok "$K fulldisk: the folder is read (exit 0 or 1)" test $? -le 1
		is "$K fulldisk: reading it warns of the cut file" \
			"$(jqc fulldisk "$FINDINGS"'[findings | select(.text | test("not saved whole")) | .text] | join("|")')" \
			"trace.txt was not saved whole (No space left on device): the reports lack what it is missing"
		;;
	rofolder)
		restored rofolder
		ok "$K rofolder: read-only: exit 3" grep -q '^ro rc=3$' "$O/rofolder.log"
		ok "$K rofolder: read-only: why" grep -q '^pmscope record: the run folder /tmp/ro/run cannot be made: /tmp/ro: Read-only file system$' "$O/rofolder.log"
		ok "$K rofolder: full: exit 3" grep -q '^nospace rc=3$' "$O/rofolder.log"
		ok "$K rofolder: full: why" grep -q '^pmscope record: the run folder /tmp/nospace/run: no space left on its file system$' "$O/rofolder.log"
		;;
	rolate)
		exit_status rolate 3
		restored rolate
		ok "$K rolate: said" grep -q '^pmscope: saving the run folder: /tmp/rw/run: Read-only file system$' "$O/rolate.log"
		;;
	watch)
		exit_status watch 0
		# the hook's notes below /run were removed at the case's end
		is "$K watch: every other touched file as before" \
			"$(diff "$O/watch.before" "$O/watch.after" 2>&1)" ""
		is "$K watch: pm_print_times 0, on while enabled, back after disable" \
			"$(cat "$O/watch.print.before" "$O/watch.print.enabled" "$O/watch.print.after" 2>&1 | tr '\n' ' ')" "0 1 0 "
		is "$K watch: the hook exited 0 each time" "$(sort -u "$O/watch.rcs" 2>&1 | tr '\n' ' ')" "post 0 pre 0 "
		is "$K watch: five sleeps, the hook called around each" "$(grep -c . "$O/watch.rcs")" 10
		set -- $(cd "$O/watch-store" 2>/dev/null && ls -d 2*)
		is "$K watch: three sleeps, three run folders" "$#" 3
		local i=0 prev=0 r wall
		for r; do
			i=$((i + 1))
			"$P" analyze -q --json "$O/watch-$i.json" "$O/watch-store/$r" > "$O/watch-$i.analyze.log" 2>&1
			is "$K watch: run $i ($r) analyzes cleanly" "$?" 0
			is "$K watch: run $i: one cycle" "$(jqc watch-$i '.cycles | length')" 1
			is "$K watch: run $i: completed" "$(jqc watch-$i '.cycles[0].completed')" true
			ok "$K watch: run $i: its callbacks (pm_print_times on)" \
				test "$(jqc watch-$i '.cycles[0].callbacks | length')" -gt 20
			wall=$(jqc watch-$i '.cycles[0].wall_start_ns')
			ok "$K watch: run $i: a wall-clock time after the last ($wall)" test "$wall" -gt "$prev"
			prev=$wall
			ok "$K watch: run $i: only its own sleep in its log" \
				test "$(grep -c 'PM: suspend entry' "$O/watch-store/$r/dmesg.txt")" = 1
			ok "$K watch: run $i: the counters before and after" \
				grep -q '^\[cycle 1 after\]' "$O/watch-store/$r/sys/sleep-stats.txt"
			ok "$K watch: run $i: its reports" test -s "$O/watch-store/$r/report.html"
		done
		# the s2idle sleep, woken by the power button (ACPI SCI); QEMU's
		# RTC wake from S3 sets no pm_wakeup_irq
		is "$K watch: run 1: woken by IRQ 9 (ACPI SCI), from sys/sleep-stats.txt" \
			"$(jqc watch-1 "$FINDINGS"'[findings | select(.text | test("woken by IRQ")) | .text] | join(",")')" \
			"cycle 1: woken by IRQ 9 (/sys/power/pm_wakeup_irq)"
		is "$K watch: the modes the kernel ran" \
			"$(for i in 1 2 3; do jqc watch-$i '.cycles[0].mode'; done | tr '\n' ' ')" "s2idle mem mem "
		is "$K watch: --keep 2: the two newest left" "$(tr '\n' ' ' < "$O/watch.keep2.ls")" \
			"$3 $(tail -n 1 "$O/watch.keep2.ls") "
		ok "$K watch: enable refuses a read-only store, exit 3" grep -q '^enable 3$' "$O/watch.ro.enable"
		is "$K watch: read-only store: the machine slept and woke all the same" \
			"$(( $(cat "$O/watch.ro.after") - $(cat "$O/watch.ro.before") ))" 1
		ok "$K watch: read-only store: said why" \
			grep -q 'is not kept: /tmp/wro/store: Read-only file system' "$O/watch.ro.journal"
		ok "$K watch: status: enabled, the store" grep -q '^store: /var/lib/pmscope: 2 runs' "$O/watch.status"
		;;
	sched)
		# record --sched: the scheduler's two events in trace.txt and
		# trace.dat, read alike (whatif's prediction, which takes the
		# sleeps, within 1%: trace.txt's stamps are microseconds)
		exit_status sched 0
		restored sched
		run_files sched
		ok "$K sched: trace.txt has sched_switch" grep -q ' sched_switch: prev_comm=' "$O/sched/trace.txt"
		ok "$K sched: trace.txt has sched_waking" grep -q ' sched_waking: comm=' "$O/sched/trace.txt"
		ok "$K sched: no trace event lost" grep -q '^capture.trace_overrun: 0$' "$O/sched/sys/facts.txt"
		analyze sched
		cycle_checks sched 0 mem
		trace-cmd report -i "$O/sched/trace.dat" > "$O/sched.dat-report.txt" 2>&1
		ok "$K sched: trace-cmd report: the switches in trace.dat" grep -q ' sched_switch: ' "$O/sched.dat-report.txt"
		mkdir -p "$O/sched.txtonly"
		cp -r "$O/sched/dmesg.txt" "$O/sched/trace.txt" "$O/sched/sys" "$O/sched.txtonly/"
		"$P" whatif -q -p sync -j "$O/sched.wi.json" "$O/sched" > /dev/null 2>&1
		"$P" whatif -q -p sync -j "$O/sched.wi-txt.json" "$O/sched.txtonly" > /dev/null 2>&1
		wi() { jq -r '[.cycles[].predicted.resume_ns] | add' "$1" 2>/dev/null; }
		echo "# $K sched: sync resume predicted $(wi "$O/sched.wi.json") ns (trace.dat), $(wi "$O/sched.wi-txt.json") (trace.txt)"
		ok "$K sched: whatif from trace.dat and from trace.txt within 1%" \
			awk -v a="$(wi "$O/sched.wi.json")" -v b="$(wi "$O/sched.wi-txt.json")" \
			'BEGIN { exit !(a > 0 && b > a * 0.99 && b < a * 1.01) }'
		;;
	cycles)
		exit_status cycles 0
		restored cycles
		analyze cycles
		is "$K cycles: two cycles" "$(jqc cycles '.cycles | length')" 2
		cycle_checks cycles 1 mem
		dat_checks cycles
		;;
	esac
}

for b in $BOOTS; do
	name=${b%%:*}; rest=${b#*:}; meta=${rest%%:*}; cases=${rest#*:}
	timeout=$TIMEOUT
	case $cases in *:*) timeout=${cases#*:}; cases=${cases%%:*} ;; esac
	if ! apt-cache show "$meta" >/dev/null 2>&1; then
		n=$((n + 1))
		echo "ok $n - $name: # SKIP apt knows no $meta (cases $cases not run)"
		continue
	fi
	boot "$name" "$meta" "$cases" "$timeout"
	K=$name
	O=$V/$name/out
	ok "$K: the guest sent its results back" test -s "$O/kernel.txt"
	for c in $(echo "$cases" | tr ',' ' '); do
		check_case "$c"
	done
done
done_testing
