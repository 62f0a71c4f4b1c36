#!/bin/sh
# record, arm and collect under signals and faults, against a fake tree
# (PMSCOPE_SYSROOT; the real kernel: make check-vm, tests/vm/). Here record
# gets as far as the tracing instance, which a plain folder cannot fill as
# tracefs does; at each step up to there:
# - every signal that would end it stops it: exit 3, every file as before;
# - SIGKILL leaves the armed state to the next command (record, arm,
#   collect), which puts everything back and says so;
# - a crash (abort()) puts everything back through a new process.
# Then: a signal the process was started ignoring (nohup), a capture whose
# owner still runs, one from an earlier boot, an output folder that cannot
# be written, a file size limit and a kill while saving the run folder.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
P=$PMSCOPE
R=$T/root

put() { mkdir -p "$(dirname "$R$1")"; printf '%s' "$2" > "$R$1"; }
# every path below the root and every file's content, the kernel log aside
snap() { (cd "$R" && find . ! -path ./dev/kmsg | LC_ALL=C sort &&
	find . -type f ! -path ./dev/kmsg | LC_ALL=C sort | xargs tail -n +1); }

mkdir -p "$R/run" "$R/sys/kernel/tracing/instances"
put /sys/power/state "freeze mem disk
"
# plain files cannot show the choice in brackets: values that read back
# as they are written back
put /sys/power/mem_sleep "deep
"
put /sys/power/pm_test "none freezer devices
"
put /sys/power/pm_print_times "0
"
put /sys/power/pm_debug_messages "0
"
put /sys/class/rtc/rtc0/wakealarm ""
put /sys/devices/pnp0/power/async "enabled
"
put /proc/sys/kernel/random/boot_id "0d6c2f9e-4a11-4c5e-a3b8-5c3a9b0e8d55
"
for e in suspend_resume device_pm_callback_start device_pm_callback_end; do
	put "/sys/kernel/tracing/events/power/$e/enable" "0
"
done
put /dev/kmsg "6,1,1000000,-;Linux version 6.1.0
"
# a real kernel log (a fixture's dmesg.txt) as /dev/kmsg gives it, from
# record 2 on: collect writes it back as it was
LOG=$FIXTURES/pmscope-record-qemu-q35-s3-k6.1/dmesg.txt
awk 'match($0, /^\[ *[0-9]+\.[0-9]+\] /) { ts = substr($0, 2, RLENGTH - 3);
	gsub(/ /, "", ts); split(ts, s, ".");
	printf "6,%d,%d%s,-;%s\n", NR + 1, s[1], s[2], substr($0, RLENGTH + 1) }' "$LOG" > "$T/kmsg"
export PMSCOPE_SYSROOT="$R"
before=$(snap)

# Every signal whose default ends a process, by number (Linux): not KILL,
# STOP, CHLD, CONT, TSTP, TTIN, TTOU, URG, WINCH, nor 32 and 33, which
# glibc keeps for itself.
SIGS=$(seq 1 64 | grep -vxE '9|17|18|19|20|21|22|23|28|32|33' | tr '\n' ' ')

stopped() {
	st=
	read -r st < "/proc/$1/stat" 2>/dev/null || return 1
	st=${st##*) }
	[ "${st%% *}" = T ]
}

# killer SIGNAL [SIGNAL2]: once the command in $T/pid has stopped itself at
# its step (PMSCOPE_TEST_STEP), send the signal(s) and continue it; the
# files as they were then in $T/during when asked ($DURING)
killer() {
	kpid=
	until [ -n "$kpid" ]; do
		sleep 0.005
		[ ! -s "$T/pid" ] || read -r kpid < "$T/pid"
	done
	until stopped "$kpid"; do
		[ -d "/proc/$kpid" ] || return
		sleep 0.005
	done
	[ -z "${DURING:-}" ] || snap > "$T/during"
	kill "-$1" "$kpid"
	[ -z "${2:-}" ] || kill "-$2" "$kpid"
	kill -CONT "$kpid" 2>/dev/null
}

# fault STEP SIGNAL [SIGNAL2] -- CMD...: CMD stopped at STEP and signalled
# there; rc, out, err. It starts with every signal's default action, as a
# user's command in the foreground: the tests may run under nohup or as a
# background job, which ignore SIGHUP, SIGINT and SIGQUIT in what they
# start, and a signal ignored from the start is left so (tested below).
fault() {
	step=$1 s1=$2 s2=$3
	shift 4
	rm -f "$T/pid"
	killer "$s1" "$s2" &
	kp=$!
	PMSCOPE_TEST_STEP=$step sh -c 'echo $$ > "$0"; exec env --default-signal "$@"' \
		"$T/pid" "$@" > "$T/out" 2> "$T/err"
	rc=$?
	wait "$kp"
}

record() { "$P" record -m mem -t freezer -s 5 -o "$T/run" "$@"; }

# The steps record reaches here, each after a change it then undoes.
STEPS="checked state pm_print_times pm_debug_messages mem_sleep pm_test instance"
for step in $STEPS; do
	bad=
	DURING=1
	for s in $SIGS; do
		fault "$step" "$s" "" -- "$P" record -m mem -t freezer -s 5 -o "$T/run"
		DURING=
		if [ "$rc" != 3 ] || ! grep -q "interrupted by SIG" "$T/err" ||
		   [ "$(snap)" != "$before" ]; then
			bad="$bad $s(rc=$rc)"
		fi
		rm -rf "$T/run"
	done
	is "every signal at $step: exit 3, every file as before" "$bad" ""
	# the step changed something, or the test would prove nothing
	case $step in
	checked) is "$step: nothing written yet" "$(cat "$T/during")" "$before" ;;
	*) ok "$step: files changed when the signal came" test "$(cat "$T/during")" != "$before" ;;
	esac
done
fault pm_test 15 "" -- "$P" record -m mem -t freezer -s 5 -o "$T/run"
is "SIGTERM at pm_test: said" "$(cat "$T/err")" \
	"pmscope record: interrupted by SIGTERM while arming (everything was put back)"
fault state 16 "" -- "$P" record -m mem -t freezer -s 5 -o "$T/run"
ok "signal 16: named" grep -q "interrupted by SIGSTKFLT while arming" "$T/err"
fault state 40 "" -- "$P" record -m mem -t freezer -s 5 -o "$T/run"
ok "a real-time signal: named" grep -q "interrupted by SIGRTMIN+6 while arming" "$T/err"

# SIGKILL: the next command that touches a capture puts it back, and says so
next=record
for step in $STEPS; do
	fault "$step" 9 "" -- "$P" record -m mem -t freezer -s 5 -o "$T/run"
	is "SIGKILL at $step: killed" "$rc" 137
	case $step in
	checked) ok "SIGKILL at $step: nothing left behind" test "$(snap)" = "$before"
		continue ;;
	esac
	ok "SIGKILL at $step: the armed state is left" test -e "$R/run/pmscope/armed"
	cmd=$next
	case $next in
	record) "$P" record -m mem -t freezer -s 5 -o "$T/run" > "$T/out" 2> "$T/err"; next=arm ;;
	arm) "$P" arm -m mem > "$T/out" 2> "$T/err"; next=collect ;;
	collect) "$P" collect -o "$T/run" > "$T/out" 2> "$T/err"; next=record ;;
	esac
	case $step in
	state) said="ended before it changed anything; its /run/pmscope/armed is removed" ;;
	instance) said="ended without putting back what it changed; restored now from /run/pmscope/armed: /sys/power/pm_test, /sys/power/mem_sleep, /sys/power/pm_debug_messages, /sys/power/pm_print_times and the tracing instance pmscope" ;;
	*) said="ended without putting back what it changed; restored now from /run/pmscope/armed: /sys/power/$step" ;;
	esac
	ok "SIGKILL at $step: the next command ($cmd) says what it restored" \
		grep -q "^pmscope: pmscope record (pid [0-9]*) $said" "$T/err"
	is "SIGKILL at $step: every file as before" "$(snap)" "$before"
	rm -rf "$T/run"
done
fault pm_test 9 "" -- "$P" record -m mem -t freezer -s 5 -o "$T/run"
"$P" collect --restore > "$T/out" 2> "$T/err"
is "SIGKILL, then collect --restore: exit 0" "$?" 0
is "SIGKILL, then collect --restore: every file as before" "$(snap)" "$before"

# A crash: a new pmscope restores, and the crash ends the process as it would
for step in $STEPS; do
	PMSCOPE_TEST_STEP=$step:abort "$P" record -m mem -t freezer -s 5 -o "$T/run" \
		> "$T/out" 2> "$T/err"
	is "abort() at $step: died of SIGABRT" "$?" 134
	[ "$step" = checked ] ||
		ok "abort() at $step: said" grep -q "crashed; a new pmscope process puts the settings back" "$T/err"
	is "abort() at $step: every file as before" "$(snap)" "$before"
done

# collect reaches the restore here: a crash in the middle of it is
# finished by the new pmscope, which does not take the test's crash along
for step in dmesg.txt restoring; do
	mkdir -p "$R/run/pmscope"
	printf 'pmscope-armed 1\nmode mem\nkmsg_seq 2\nrestore /sys/power/pm_print_times 0\n' > "$R/run/pmscope/armed"
	put /sys/power/pm_print_times "1
"
	PMSCOPE_TEST_STEP=$step:abort "$P" collect -q -o "$T/crash" > "$T/out" 2> "$T/err"
	is "collect, abort() at $step: died of SIGABRT" "$?" 134
	is "collect, abort() at $step: one restore" "$(grep -c crashed "$T/err")" 1
	is "collect, abort() at $step: every file as before" "$(snap)" "$before"
	rm -rf "$T/crash"
done

# a signal once everything is back, during the analysis: it ends, exit 3
mkdir -p "$R/run/pmscope"
printf 'pmscope-armed 1\nmode mem\nkmsg_seq 2\nrestore /sys/power/pm_print_times 0\n' > "$R/run/pmscope/armed"
put /sys/power/pm_print_times "1
"
cp "$T/kmsg" "$R/dev/kmsg"
fault analyzed 15 "" -- "$P" collect -q -o "$T/analyzed"
is "SIGTERM while analyzing: exit 3" "$rc" 3
ok "SIGTERM while analyzing: said" grep -q "^pmscope: interrupted by SIGTERM while analyzing $T/analyzed; everything had been put back$" "$T/err"
ok "SIGTERM while analyzing: the reports written" test -s "$T/analyzed/report.json"
is "SIGTERM while analyzing: every file as before" "$(snap)" "$before"
put /dev/kmsg "6,1,1000000,-;Linux version 6.1.0
"

# nohup: a signal ignored at the start stays ignored
rm -f "$T/pid"
killer 1 15 &
kp=$!
PMSCOPE_TEST_STEP=pm_test sh -c 'trap "" HUP; echo $$ > "$0"; exec "$@"' "$T/pid" \
	"$P" record -m mem -t freezer -s 5 -o "$T/run" > "$T/out" 2> "$T/err"
rc=$?
wait $kp
is "SIGHUP ignored from the start (nohup): SIGTERM stops it, exit 3" "$rc" 3
ok "SIGHUP ignored from the start: the signal named is SIGTERM" \
	grep -q "interrupted by SIGTERM while arming" "$T/err"
is "SIGHUP ignored from the start: every file as before" "$(snap)" "$before"

# A capture whose owner still runs is not touched by the next command
sleep 60 &
live=$!
start=$(sed 's/.*) //' "/proc/$live/stat" | cut -d' ' -f20)
mkdir -p "$R/run/pmscope"
printf 'pmscope-armed 1\nowner %s %s record\nmode mem\nkmsg_seq 2\nrestore /sys/power/pm_print_times 0\n' \
	"$live" "$start" > "$R/run/pmscope/armed"
put /sys/power/pm_print_times "1
"
armed=$(snap)
record > "$T/out" 2> "$T/err"
is "owner alive: record refuses, exit 3" "$?" 3
ok "owner alive: record names it" grep -q "a capture is armed already, by pmscope record (pid $live), which is at work on it" "$T/err"
"$P" collect -o "$T/run" > "$T/out" 2> "$T/err"
is "owner alive: collect refuses, exit 3" "$?" 3
ok "owner alive: collect says why" grep -q "pmscope record (pid $live) is capturing now" "$T/err"
is "owner alive: nothing touched" "$(snap)" "$armed"
"$P" collect --restore > "$T/out" 2> "$T/err"
is "owner alive: collect --restore still restores" "$?" 0
ok "owner alive: collect --restore warns" grep -q "pmscope record (pid $live) is still capturing; its settings are put back under it" "$T/err"
is "owner alive: collect --restore: every file as before" "$(snap)" "$before"
kill $live

# From an earlier boot: the kernel started over; nothing is written back
mkdir -p "$R/run/pmscope"
printf 'pmscope-armed 1\nowner 1 1 record\nboot 11111111-2222-3333-4444-555555555555\nmode mem\nkmsg_seq 2\nrestore /sys/power/pm_print_times 1\n' \
	> "$R/run/pmscope/armed"
"$P" collect -o "$T/run" > "$T/out" 2> "$T/err"
ok "an earlier boot's state: said" grep -q "/run/pmscope/armed was left from an earlier boot, whose settings are gone with it: removed" "$T/err"
is "an earlier boot's state: removed, nothing written back" "$(snap)" "$before"
mkdir -p "$R/run/pmscope"
printf 'pmscope-armed 1\nboot 11111111-2222-3333-4444-555555555555\nmode mem\nkmsg_seq 2\nrestore /sys/power/pm_print_times 1\n' \
	> "$R/run/pmscope/armed"
"$P" collect --restore > "$T/out" 2> "$T/err"
is "an earlier boot's state, collect --restore: exit 0" "$?" 0
is "an earlier boot's state, collect --restore: removed, nothing written back" "$(snap)" "$before"

# The output folder is checked before anything is written
touch "$T/afile"
for o in "$T/no/such" "$T/afile"; do
	"$P" record -m mem -t freezer -s 5 -o "$o" > "$T/out" 2> "$T/err"
	is "run folder $o: exit 3" "$?" 3
	is "run folder $o: nothing written" "$(snap)" "$before"
done
"$P" record -m mem -o "$T/no/such" 2>&1 | grep -q "the run folder $T/no/such cannot be made: $T/no: No such file or directory"
is "a folder that cannot be made: why" "$?" 0
"$P" record -m mem -o "$T/afile" 2>&1 | grep -q "the run folder $T/afile is not a folder"
is "a file in its place: why" "$?" 0
if [ "$(id -u)" != 0 ]; then
	mkdir "$T/ro" && chmod 555 "$T/ro"
	"$P" record -m mem -o "$T/ro" 2>&1 | grep -q "the run folder $T/ro cannot be written: Permission denied"
	is "a read-only folder: why" "$?" 0
fi
# collect keeps the capture armed for another -o
mkdir -p "$R/run/pmscope"
printf 'pmscope-armed 1\nmode mem\nkmsg_seq 2\nrestore /sys/power/pm_print_times 0\n' > "$R/run/pmscope/armed"
put /sys/power/pm_print_times "1
"
armed=$(snap)
"$P" collect -o "$T/no/such" > "$T/out" 2> "$T/err"
is "collect, a folder that cannot be made: exit 3" "$?" 3
ok "collect, a folder that cannot be made: left armed, said" grep -q "nothing was saved or put back: collect again with another -o" "$T/err"
is "collect, a folder that cannot be made: still armed, untouched" "$(snap)" "$armed"

# A file size limit (as a full disk) while saving: dmesg.txt is cut where
# the limit fell, the rest is saved, sys/facts.txt names the cut file and
# reading the folder warns
cp "$T/kmsg" "$R/dev/kmsg"
(ulimit -f 16 && exec "$P" collect -q -o "$T/cut") > "$T/out" 2> "$T/err"
is "a file size limit: exit 3" "$?" 3
is "a file size limit: everything put back" "$(snap | grep -v kmsg)" "$(echo "$before" | grep -v kmsg)"
ok "a file size limit: said" grep -q "the run folder is not whole: dmesg.txt: File too large (sys/facts.txt names it: capture.cut)" "$T/err"
ok "a file size limit: dmesg.txt kept as far as it got" test -s "$T/cut/dmesg.txt"
ok "a file size limit: dmesg.txt shorter than the log" test "$(wc -c < "$T/cut/dmesg.txt")" -lt "$(wc -c < "$LOG")"
ok "a file size limit: dmesg.txt is the log's start, byte for byte" \
	sh -c "head -c $(wc -c < "$T/cut/dmesg.txt") '$LOG' | cmp -s - '$T/cut/dmesg.txt'"
is "a file size limit: the cut file named" "$(grep '^capture\.cut\.' "$T/cut/sys/facts.txt")" \
	"capture.cut.dmesg.txt: File too large"
ok "a file size limit: the other files whole" grep -q 'pnp0 async=enabled' "$T/cut/sys/devices.txt"
ok "a file size limit: facts.txt has the lost count after the log" grep -q '^capture.kmsg_lost: 0$' "$T/cut/sys/facts.txt"
"$P" analyze -q --json "$T/cut.json" "$T/cut" > /dev/null 2>&1
is "a file size limit: reading the folder warns" \
	"$(jq -r "$FINDINGS"'[findings | select(.text | test("not saved whole")) | .text] | join("|")' "$T/cut.json")" \
	"dmesg.txt was not saved whole (File too large): the reports lack what it is missing"

# SIGKILL while saving: the files not saved yet are named as cut
mkdir -p "$R/run/pmscope"
printf 'pmscope-armed 1\nmode mem\nkmsg_seq 2\nrestore /sys/power/pm_print_times 0\n' > "$R/run/pmscope/armed"
put /sys/power/pm_print_times "1
"
fault sys/devlinks.txt 9 "" -- "$P" collect -q -o "$T/killed"
is "SIGKILL while saving: killed" "$rc" 137
is "SIGKILL while saving: the file not saved named" "$(grep '^capture\.cut\.' "$T/killed/sys/facts.txt")" \
	"capture.cut.dmesg.txt: pmscope ended before it was saved whole"
ok "SIGKILL while saving: what was saved is whole" grep -q 'pnp0 async=enabled' "$T/killed/sys/devices.txt"
"$P" arm -m mem > "$T/out" 2> "$T/err"
ok "SIGKILL while saving: the next command restores" grep -q "pmscope collect (pid [0-9]*) ended without putting back what it changed; restored now" "$T/err"
is "SIGKILL while saving: every file as before" "$(snap | grep -v kmsg)" "$(echo "$before" | grep -v kmsg)"
done_testing
