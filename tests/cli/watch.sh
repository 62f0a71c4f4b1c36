#!/bin/sh
# pmscope watch without root or a VM: the sleep hook as systemd-sleep runs
# it ("pre suspend" before the sleep, "post suspend" after the wake)
# against a fake tree (PMSCOPE_SYSROOT) whose /dev/kmsg gets a real
# cycle's log between the two calls. Each sleep must become a run folder
# that analyzes to its cycle, with its wall-clock time; the store keeps to
# its bounds; disable puts pm_print_times back; a store that cannot be
# written still lets the hook exit 0 and say why. The real kernel's
# suspend is tested in a VM: make check-vm.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
P=$PMSCOPE
R=$T/root
S=$R/var/lib/pmscope
W=$R/run/pmscope/watch
LOG=$FIXTURES/pmscope-record-qemu-q35-s3-k6.1/dmesg.txt

put() { mkdir -p "$(dirname "$R$1")"; printf '%s\n' "$2" > "$R$1"; }
runs() { (cd "$S" 2>/dev/null && ls -d 2*) | tr '\n' ' '; }
# the hook as systemd runs it: its own exit status, stderr to the journal
hook() { timeout 20 sh "$T/hook" "$@" >> "$T/journal" 2>&1; rc=$?; }
# the saver runs apart from the hook: wait for it (20 s at most); it
# removes the note post handed it when it is done
settle() {
	i=0
	while [ $i -lt 200 ] && ls "$W" 2>/dev/null | grep -q '^ready-'; do
		sleep 0.1; i=$((i + 1))
	done
}
# A dmesg text appended to the fake /dev/kmsg as the kernel logs it:
# sequence numbers on from the log's, times from now (CLOCK_MONOTONIC as
# the uptime gives it, near enough for the wall clock's ms)
logged() {
	seq=$(tail -n 1 "$R/dev/kmsg" | cut -d, -f2)
	base=$(awk '{ printf "%.0f", $1 * 1000000 }' /proc/uptime)
	awk -v SEQ=$((seq + 1)) -v BASE="$base" '
		match($0, /^\[ *[0-9]+\.[0-9]+\] /) {
			t = substr($0, 2, RLENGTH - 3); gsub(/ /, "", t)
			split(t, a, "."); us = a[1] * 1000000 + a[2]
			if (first == "") first = us
			printf "6,%d,%.0f,-;%s\n", SEQ++, BASE + us - first, substr($0, RLENGTH + 1)
		}' "$1" >> "$R/dev/kmsg"
}
# One sleep: pre VERB, the kernel's log and counters, post VERB
sleep_cycle() {
	verb=$1 log=$2
	hook pre "$verb"
	pre_rc=$rc
	logged "$log"
	cnt=$(cat "$R/sys/power/suspend_stats/success")
	put /sys/power/suspend_stats/success $((cnt + 1))
	hook post "$verb"
	post_rc=$rc
	settle
}

put /sys/power/state "freeze mem disk"
put /sys/power/mem_sleep "s2idle [deep]"
put /sys/power/pm_print_times 0
put /sys/power/suspend_stats/success 3
put /sys/power/suspend_stats/fail 0
put /sys/power/suspend_stats/last_failed_dev ""
put /proc/sys/kernel/random/boot_id "5c3a9b0e-8d55-4c5e-a3b8-0d6c2f9e4a11"
put /etc/machine-id "0123456789abcdef0123456789abcdef"
mkdir -p "$R/sys/devices" "$R/sys/class/devlink"
put /dev/kmsg "6,1,1000000,-;Linux version 6.1.0"
export PMSCOPE_SYSROOT="$R"
# the hook as make install writes it, calling the pmscope under test
sed "s|@BINDIR@/pmscope|$P|g" "$(dirname "$0")/../../share/system-sleep/pmscope.in" > "$T/hook"
: > "$T/journal"
s2idle=$T/s2idle.txt
sed 's/(deep)/(s2idle)/' "$LOG" > "$s2idle"

# Not enabled: the hook does nothing at all
sleep_cycle suspend "$LOG"
is "not enabled: pre exits 0" "$pre_rc" 0
is "not enabled: post exits 0" "$post_rc" 0
ok "not enabled: no store" test ! -e "$S"
ok "not enabled: no note" test ! -e "$W/pending"
is "not enabled: pm_print_times untouched" "$(cat "$R/sys/power/pm_print_times")" 0
is "not enabled: nothing said" "$(cat "$T/journal")" ""

"$P" watch status > "$T/out" 2>&1
ok "status before enable: not enabled" grep -q "^pmscope watch: not enabled" "$T/out"
"$P" watch enable --keep 0 > "$T/out" 2> "$T/err"
is "enable --keep 0: exit 2" "$?" 2
"$P" watch enable --store relative > "$T/out" 2> "$T/err"
is "enable --store relative: exit 2" "$?" 2
"$P" watch bogus > "$T/out" 2> "$T/err"
is "watch bogus: exit 2" "$?" 2
: > "$R/afile"
"$P" watch enable --store /afile/store > "$T/out" 2> "$T/err"
is "enable, a store that cannot be made: exit 3" "$?" 3
ok "enable, a store that cannot be made: why" grep -q "^pmscope watch enable: $R/afile/store: Not a directory$" "$T/err"
ok "enable refused: nothing written" test ! -e "$R/etc/pmscope/watch.conf"

"$P" watch enable --keep 3 > "$T/out" 2> "$T/err"
is "enable: exit 0" "$?" 0
ok "enable: says where" grep -q "^pmscope watch: enabled; each sleep is kept in /var/lib/pmscope (the newest 3, at most 512 MB)" "$T/out"
ok "enable: no hook installed in the fake tree: said" grep -q "no sleep hook in" "$T/err"
is "enable: pm_print_times on" "$(cat "$R/sys/power/pm_print_times")" 1
ok "enable: the config says so" grep -q "^enabled: yes$" "$R/etc/pmscope/watch.conf"
is "enable: the store made, root's alone (the kernel log is)" "$(stat -c %a "$S")" 700

# Three sleeps: S3, s2idle, suspend-then-hibernate's suspend; a second apart
# so that their names (the wall clock, in seconds) differ
t0=$(date +%s)
put /sys/power/pm_wakeup_irq 9
sleep_cycle suspend "$LOG"
is "1st sleep: pre exits 0" "$pre_rc" 0
is "1st sleep: post exits 0" "$post_rc" 0
sleep 1
sleep_cycle suspend "$s2idle"
sleep 1
SYSTEMD_SLEEP_ACTION=suspend sleep_cycle suspend-then-hibernate "$LOG"
t1=$(date +%s)
set -- $(runs)
is "three sleeps: three run folders" "$#" 3
ok "three sleeps: named by verb" sh -c "echo '$*' | grep -q -- '-suspend .*-suspend .*-suspend-then-hibernate'"
ok "three sleeps: no note left" test -z "$(ls "$W" | grep -e '^ready-' -e '^pending')"
ok "three sleeps: nothing hidden left in the store" test -z "$(ls -A "$S" | grep '\.tmp$')"
prev=0 i=0
for r in "$@"; do
	i=$((i + 1))
	"$P" analyze -q --json "$T/$i.json" "$S/$r" > /dev/null 2> "$T/analyze.err"
	is "run $i: analyzes (exit 0)" "$?" 0
	is "run $i: one cycle" "$(jq '.cycles | length' "$T/$i.json")" 1
	is "run $i: every callback of the log" "$(jq '.cycles[0].callbacks | length' "$T/$i.json")" 73
	wall=$(jq '.cycles[0].wall_start_ns' "$T/$i.json")
	ok "run $i: its wall-clock time within the test's ($wall)" \
		test "$wall" != null -a "${wall%?????????}" -ge "$t0" -a "${wall%?????????}" -le "$t1"
	ok "run $i: wall-clock times in order" test "$wall" -gt "$prev"
	prev=$wall
	ok "run $i: the counters before and after" grep -q "^/sys/power/suspend_stats/success: $((3 + i))$" "$S/$r/sys/sleep-stats.txt"
	ok "run $i: the machine's id" grep -q "^machine_id: [0-9a-f]\{32\}$" "$S/$r/sys/facts.txt"
	ok "run $i: the wall clock before the sleep" grep -q "^watch.before_realtime_ns: [0-9]*$" "$S/$r/sys/facts.txt"
	ok "run $i: its reports written" test -s "$S/$r/report.json" -a -s "$S/$r/report.txt"
done
is "run 1: S3" "$(jq -r '.cycles[0].mode' "$T/1.json")" mem
is "run 2: s2idle" "$(jq -r '.cycles[0].mode' "$T/2.json")" s2idle
# the hook's counters name no mode (systemd's "suspend" may be either): the
# log's is taken, and an s2idle cycle's hardware sleep is looked for
hw() { jq -r "$FINDINGS"'[findings | select(.text | test("hardware sleep")) | .text] | join("|")' "$1"; }
is "run 2: s2idle, its hardware sleep looked for" "$(hw "$T/2.json")" \
	"cycle 1: hardware sleep not known: no residency counter on this machine (suspend_stats/total_hw_sleep, pmc_core, ACPI LPIT or amd_pmc)"
is "run 1: S3, no hardware sleep note" "$(hw "$T/1.json")" ""
is "run 1: the wake reason (pm_wakeup_irq)" \
	"$(jq -r "$FINDINGS"'[findings | select(.text | test("woken by")) | .text] | join("|")' "$T/1.json")" \
	"cycle 1: woken by IRQ 9 (/sys/power/pm_wakeup_irq)"
ok "run 3: systemd's action" grep -q "^watch.action: suspend$" "$S/$3/sys/facts.txt"
ok "run 1: only its own cycle's log" test "$(grep -c 'PM: suspend entry' "$S/$1/dmesg.txt")" = 1
"$P" watch status > "$T/out" 2>&1
ok "status: enabled, three runs" grep -q "^store: /var/lib/pmscope: 3 runs" "$T/out"
ok "status: pm_print_times and its value before" grep -q "^pm_print_times: 1 (0 before pmscope watch set it)" "$T/out"

# Retention: the newest 2; the oldest go first
"$P" watch enable --keep 2 > /dev/null 2>&1
sleep 1
sleep_cycle suspend "$LOG"
is "keep 2: two run folders left" "$(runs)" "$3 $(cd "$S" && ls -d 2* | tail -n 1) "
"$P" watch enable --max-size 1K > /dev/null 2>&1
sleep 1
sleep_cycle hibernate "$LOG"
set -- $(runs)
is "max-size 1K: only the newest left" "$#" 1
ok "max-size 1K: it is the hibernation" sh -c "echo '$1' | grep -q -- '-hibernate$'"
ok "max-size 1K: said, the newest kept all the same" grep -q "over the store's max-size of 1 KB: kept all the same" "$T/journal"
"$P" watch enable --keep 1000 --max-size 512M > /dev/null 2>&1

# Under systemd the saver is a transient unit: systemd-run --no-block,
# here a stand-in that notes its arguments and runs the command apart, as
# systemd would; one that fails leaves the saving to a process of the hook's
mkdir -p "$R/run/systemd/system" "$T/bin"
cat > "$T/bin/systemd-run" <<'SH'
#!/bin/sh
echo "$*" > "$SDRUN_ARGS"
[ -z "$SDRUN_FAIL" ] || exit 1
while [ "$1" != -- ]; do shift; done
shift
"$@" > /dev/null 2>&1 < /dev/null &
SH
chmod 755 "$T/bin/systemd-run"
n0=$(set -- $(runs); echo $#)
sleep 1
PATH=$T/bin:$PATH SDRUN_ARGS=$T/sdrun SDRUN_FAIL= sleep_cycle suspend "$LOG"
is "systemd-run: post exits 0" "$post_rc" 0
ok "systemd-run: a transient unit of its own, not waited for" grep -q -- \
	"^--no-block --quiet --collect --unit=pmscope-watch-save-ready-[0-9]* --property=RuntimeMaxSec=90 " "$T/sdrun"
ok "systemd-run: the saver's command" grep -q -- \
	"--setenv=PMSCOPE_SYSROOT=$R -- [^ ]*pmscope watch hook save /run/pmscope/watch/ready-[0-9]*$" "$T/sdrun"
is "systemd-run: the sleep kept" "$(set -- $(runs); echo $#)" $((n0 + 1))
: > "$T/journal"
sleep 1
PATH=$T/bin:$PATH SDRUN_ARGS=$T/sdrun SDRUN_FAIL=1 sleep_cycle suspend "$LOG"
is "systemd-run fails: post exits 0" "$post_rc" 0
ok "systemd-run fails: said" grep -q "systemd-run failed (status 1): saving in a process of the hook's own" "$T/journal"
is "systemd-run fails: the sleep kept all the same" "$(set -- $(runs); echo $#)" $((n0 + 2))
rm -r "$R/run/systemd"
# the store as it was for what follows
set -- $(runs)
shift "$n0"
for r; do rm -r "${S:?}/$r"; done

# A pre with no post (the sleep failed before systemd ran post): the next
# pre replaces its note; a post without a pre keeps nothing, exit 0
hook pre suspend
hook pre suspend
hook post suspend
settle
is "pre, pre, post: one run folder more" "$(set -- $(runs); echo $#)" 2
hook post suspend
is "post without pre: exit 0" "$rc" 0
ok "post without pre: said" grep -q "post suspend: no note from before the sleep" "$T/journal"
hook pre bogus%verb
is "a verb systemd does not pass: exit 0" "$rc" 0
hook
is "no arguments: exit 0" "$rc" 0
ok "no arguments: said" grep -q "hook: '' is none of pre, post, save: nothing done" "$T/journal"
: > "$T/victim"
timeout 20 "$P" watch hook save "$T/victim" > "$T/out" 2>&1
is "hook save, a file that is no note: exit 0" "$?" 0
ok "hook save, a file that is no note: left alone" test -e "$T/victim"
ok "hook save, a file that is no note: said" grep -q "is no note of post" "$T/out"
timeout 20 "$P" watch hook pre > "$T/out" 2>&1
is "watch hook with one argument: exit 0" "$?" 0
ok "watch hook with one argument: said" grep -q "hook: takes pre VERB, post VERB or save NOTE" "$T/out"

# A store that cannot be written: the hook still exits 0 and says why
: > "$T/journal"
before=$(runs)
mkdir -p "$T/ro" "$R/var/lib"
ln -s "$T/ro" "$R/var/lib/ro"
if [ "$(id -u)" != 0 ]; then
	chmod 555 "$T/ro"
elif ! mount -t tmpfs -o ro,size=64k tmpfs "$T/ro" 2>/dev/null; then
	ro_skip=1
fi
if [ -z "${ro_skip:-}" ]; then
	printf 'enabled: yes\nstore: /var/lib/ro/store\n' > "$R/etc/pmscope/watch.conf"
	sleep_cycle suspend "$LOG"
	is "read-only store: pre exits 0" "$pre_rc" 0
	is "read-only store: post exits 0" "$post_rc" 0
	ok "read-only store: said" grep -q "is not kept: .*/var/lib/ro/store: \\(Read-only file system\\|Permission denied\\)$" "$T/journal"
	[ "$(id -u)" = 0 ] && umount "$T/ro"
else
	echo "ok $((n = n + 1)) # skip read-only store: cannot mount a read-only tmpfs"
fi
# a full file system: a tmpfs, filled (root only)
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=16k tmpfs "$T/ro" 2>/dev/null; then
	mkdir "$T/ro/store"
	dd if=/dev/zero of="$T/ro/fill" bs=4k 2>/dev/null
	: > "$T/journal"
	printf 'enabled: yes\nstore: /var/lib/ro/store\n' > "$R/etc/pmscope/watch.conf"
	sleep_cycle suspend "$LOG"
	is "full store: post exits 0" "$post_rc" 0
	ok "full store: said" grep -q "is not kept: .*no space left" "$T/journal"
	ok "full store: no folder left half made" test -z "$(ls -A "$T/ro/store" | grep -v '^\.lock$')"
	umount "$T/ro"
else
	echo "ok $((n = n + 1)) # skip full store: cannot mount a tmpfs"
fi
printf 'enabled: yes\nstore: /var/lib/pmscope\n' > "$R/etc/pmscope/watch.conf"
is "stores that cannot be written: the store as it was" "$(runs)" "$before"
# A file size limit, as a disk that fills while saving: the folder is kept,
# cut, and says so
: > "$T/journal"
hook pre suspend
logged "$LOG"
(ulimit -f 8 && hook post suspend && echo "$rc" > "$T/post_rc")
settle
is "file size limit: post exits 0" "$(cat "$T/post_rc")" 0
ok "file size limit: said" grep -q "is kept in .*, not whole: .*File too large" "$T/journal"
set -- $(runs)
eval "cut=\${$#}"
is "file size limit: the folder names what is cut" "$(grep -c '^capture\.cut\.' "$S/$cut/sys/facts.txt")" 1
rm -r "${S:?}/$cut"

# A saver that hangs (a read that never returns: a FIFO with no writer
# for /proc/cmdline) is stopped at its budget; the hook's post returned
# long before; the next saver removes what the stopped one left
"$P" watch enable --budget 2 > /dev/null 2>&1
mv "$R/proc/cmdline" "$R/proc/cmdline.real" 2>/dev/null
mkfifo "$R/proc/cmdline"
: > "$T/journal"
hook pre suspend
logged "$LOG"
t0=$(date +%s%N)
hook post suspend
t1=$(date +%s%N)
is "hung saver: post exits 0" "$rc" 0
ok "hung saver: post returned within a second ($(( (t1 - t0) / 1000000 )) ms)" test $(( (t1 - t0) / 1000000 )) -lt 1000
ok "hung saver: being saved meanwhile" sh -c "'$P' watch status | grep -q '^being saved: 1 sleep$'"
settle
ok "hung saver: stopped at its budget, said" grep -q "took longer than its budget of 2 s: stopped, the sleep is not kept" "$T/journal"
is "hung saver: nothing kept" "$(runs)" "$before"
rm "$R/proc/cmdline"
sleep 1
sleep_cycle suspend "$LOG"
is "after a hung saver: the next sleep kept" "$(set -- $(runs); echo $#)" "$(($(set -- $before; echo $#) + 1))"
is "after a hung saver: nothing hidden left in the store" "$(ls -A "$S" | grep -v '^\.lock$' | grep '^\.')" ""
set -- $(runs)
eval "last=\${$#}"
rm -r "${S:?}/$last"
"$P" watch enable --budget 60 > /dev/null 2>&1

# A config that cannot be read: inert, said, exit 0
printf 'enabled: maybe\n' > "$R/etc/pmscope/watch.conf"
: > "$T/journal"
sleep_cycle suspend "$LOG"
is "bad config: post exits 0" "$post_rc" 0
ok "bad config: said" grep -q "watch.conf:1: not understood: the hook does nothing" "$T/journal"
is "bad config: nothing kept" "$(runs)" "$before"
"$P" watch status > "$T/out" 2>&1
ok "bad config: status says it, and the last problem" sh -c \
	"grep -q '^pmscope watch: not enabled: .*watch.conf:1: not understood' '$T/out' &&
	 grep -q '^last problem: [0-9-]* [0-9:]* UTC: .*watch.conf:1: not understood: the hook does nothing' '$T/out'"

# disable: pm_print_times back as it was, the runs kept, the hook inert
"$P" watch enable > /dev/null 2>&1
"$P" watch disable > "$T/out" 2> "$T/err"
is "disable: exit 0" "$?" 0
ok "disable: said" grep -q "^pmscope watch: disabled, pm_print_times put back; the run folders stay in /var/lib/pmscope" "$T/out"
is "disable: pm_print_times back to 0" "$(cat "$R/sys/power/pm_print_times")" 0
is "disable: the runs kept" "$(runs)" "$before"
sleep_cycle suspend "$LOG"
is "after disable: nothing kept" "$(runs)" "$before"
is "after disable: pm_print_times left alone" "$(cat "$R/sys/power/pm_print_times")" 0
# a value other than 0 before enable is the one put back
put /sys/power/pm_print_times 1
"$P" watch enable > /dev/null 2>&1
"$P" watch disable > /dev/null 2>&1
is "enable, disable with pm_print_times 1 before: still 1" "$(cat "$R/sys/power/pm_print_times")" 1
done_testing
