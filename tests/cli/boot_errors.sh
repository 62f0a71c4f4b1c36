#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# What a boot's log says went wrong or was cut: failed probes, deferrals,
# initcalls that returned an error, a boot that never ran /init, and two
# boots in one capture. Each figure counted by hand in the log.
. "$(dirname "$0")/../tap.sh"
F=$FIXTURES
T=$TMPDIR_TEST
warns() {	# warns JSON LEVEL REGEX: "cycle line text", one a line
	jq -r --arg l "$2" --arg r "$3" "$FINDINGS"'findings | select(.severity == $l and (.text | test($r))) |
		"\(.cycle) \(.sources[0].line) \(.text)"' "$1"
}

# BeagleBone 6.13, two boots in one serial capture: the first hung in
# dquot_init (called at 4.427756, line 719); the second's "Linux version"
# line (807) is not the first's: it runs from its own banner (0.000000,
# line 87; con_init's calling line is 131) to dquot_init's start, and the first boot is said
# to have never run /init, in the hang's failure (one failure: it hung
# there, and its log goes on to the next boot's banner)
B=$F/kernel6.13-beaglebone-serial-boot-initcall/minicom_reverted.cap
"$PMSCOPE" analyze -q -j "$T/b.json" "$B"
is "6.13: the first boot's lines and span stop before the second's" \
   "$(jq -c '.cycles[0] | [.first_line, .last_line, .start_ns, .end_ns]' "$T/b.json")" \
   '[87,719,0,4427756000]'
is "6.13: a new boot before the first ran /init, said in its hang" \
   "$(warns "$T/b.json" failure 'new boot')" \
   "1 719 dquot_init: kernel_init callback never returned; a new boot begins here, before the boot above ran /init"
is "6.13: the hang cites the new boot's banner too" \
   "$(jq -c "$FINDINGS"'[findings | select(.code == "hung") | .sources[].line]' "$T/b.json")" '[719,807]'
is "6.13: no boot-cut of its own" \
   "$(jq "$FINDINGS"'[findings | select(.code == "boot-cut")] | length' "$T/b.json")" 0
# ti-sysc's probes failed with -EBUSY ("probe with driver ti-sysc failed
# with error -16", lines 2091 and 2104; "probe of ... returned 16", the
# driver's error negated, lines 2092 and 2105)
is "6.13: the two failed probes are warnings" \
   "$(warns "$T/b.json" warning '^probe of')" \
   "2 2092 probe of 44e31000.target-module failed: error -16 (EBUSY)
2 2105 probe of 48040000.target-module failed: error -16 (EBUSY)"
# the second boot: 25 "probe of ... returned 517" or "-517" lines, one
# note at the first (line 1685: "probe of ocp returned -517")
is "6.13: deferred probes counted, in one note at the first" \
   "$(warns "$T/b.json" note 'deferred')" \
   "2 $((806 + $(sed -n '807,$p' "$B" | grep -n -m1 -E 'probe of .* returned -?517 ' | cut -d: -f1))) $(sed -n '807,$p' "$B" | grep -c -E 'probe of .* returned -?517 ') probes deferred (error -517, EPROBE_DEFER: tried again later)"
# initcalls returning an error other than -ENODEV and -ENXIO (the kernel
# goes on; the initcall did not do its work): each boot's two -22s
# (lines 346 and 423, the second boot's 1066 and 1143), the second's
# cacheinfo_sysfs_init -2 (1785) and mtdoops_init -22 (1826), not cpuidle_coupled_init's 197 (line 321:
# cpuhp_setup_state's state number)
is "6.13: initcalls that returned an error, a note each at its line" \
   "$(warns "$T/b.json" note '^initcall ')" \
   "1 346 initcall __omap2xxx_common_look_up_clks_for_reset returned -22 (EINVAL)
1 423 initcall init_atags_procfs returned -22 (EINVAL)
2 1066 initcall __omap2xxx_common_look_up_clks_for_reset returned -22 (EINVAL)
2 1143 initcall init_atags_procfs returned -22 (EINVAL)
2 1785 initcall cacheinfo_sysfs_init returned -2 (ENOENT)
2 1826 initcall mtdoops_init returned -22 (EINVAL)"
is "6.13: and they are no failure: the one is the hang" "$(jq "$FINDINGS"'[findings | select(.severity == "failure")] | length' "$T/b.json")" 1
# console initcalls run in start_kernel (pid 0) before kernel_init: sync
is "6.13: con_init (pid 0) is sync" \
   "$(jq -c '[.cycles[].callbacks[] | select(.device == "con_init") | [.pid, .async]] | unique' "$T/b.json")" \
   '[[0,false]]'

# 5.4 (LKP): before 5.15 a probe that bound returned 1 ("probe of
# PNP0C09:00 returned 1 after 3000 usecs", line 1027): no failure
"$PMSCOPE" analyze -q -j "$T/k.json" "$F/kernel5.4-lkp-lenovo80mk-freeze-10cycles-kmsg/kmsg.xz"
is "5.4: probes that returned 1 bound" "$(warns "$T/k.json" warning '^probe of' | wc -l)" 0
is "5.4: and there are such" "$(xz -dc "$F/kernel5.4-lkp-lenovo80mk-freeze-10cycles-kmsg/kmsg.xz" | grep -c 'probe of .* returned 1 after')" 103

# the same boot not reverted hangs in deferred_probe_initcall (line 1346)
# and the capture ends there (1666): one failure, the hang, that says so
"$PMSCOPE" analyze -q -j "$T/n.json" "$F/kernel6.13-beaglebone-serial-boot-initcall/minicom_not_reverted.cap.zst"
is "6.13 not reverted: the log ends before /init" \
   "$(warns "$T/n.json" failure 'log ends')" \
   "1 1346 deferred_probe_initcall: kernel_init callback never returned; the log ends before this boot ran /init (cut short, or hung)"

# Latitude 5.13 cut at line 1000 (the ACPI initcalls, long before /init):
# said, a failure (a hang and a cut log look alike), not a complete boot
# of 120 ms
zcat "$F/kernel5.13-latitude-e7250-boot-initcall/linux-5.13.9-messages.txt.gz" | head -1000 > "$T/cut.txt"
"$PMSCOPE" analyze -q -j "$T/c.json" "$T/cut.txt"
is "5.13 cut short: said" "$(warns "$T/c.json" failure 'log ends' | cut -d' ' -f1,2)" "1 1000"
is "5.13 cut short: exit 1, failed" "$("$PMSCOPE" analyze -q "$T/cut.txt"; echo $?) $(jq -r .verdict "$T/c.json")" "1 failed"
# the whole log: it ran /init (line 1879), nothing said
"$PMSCOPE" analyze -q -j "$T/l.json" "$F/kernel5.13-latitude-e7250-boot-initcall/linux-5.13.9-messages.txt.gz"
is "5.13 whole: nothing said" "$(warns "$T/l.json" warning 'log ends|new boot')" ""

# The XPS 13 9360 5.4 log of the probe tests, and after_serio1 FILE
# LINE...: FILE with LINEs after serio1's probe line (929, after the exit)
X54=$F/kernel5.4-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt
after_serio1() {
	f=$1
	shift
	ADD=$(printf '%s\n' "$@") awk '{ print } /probe of serio1 returned 0/ { print ENVIRON["ADD"] }' "$f"
}
# late_names JSON: "NAME, MS;" of each probe past its cycle's end told
late_names() {
	warns "$1" note 'past the cycle' | grep -o ': [a-z0-9]*, [0-9.]* ms' | tr '\n' ';'
}

# Probes beside a suspend cycle (no PM callbacks): the XPS 6.10 s2idle
# cycle (lines 2864-3682) shows 6 deferred while the driver core held
# probing (3608-3611, 3672-3673: "returned -517"), then 4 that ran after
# "Restarting tasks" (3675), before "PM: suspend exit": serio1 "returned 19
# after 408111 usecs" at 109.590848 (line 3677: -ENODEV, negated since
# 5.15), thaw_processes from 109.183326 ("OOM killer enabled"); the probe
# of 1-3:1.0 at 3683 is after the exit, told apart (below)
"$PMSCOPE" analyze -q -j "$T/p.json" "$F/kernel6.10-xps9360-boot-initcall-s2idle-pmprint/dmesg.txt"
is "6.10 s2idle: probes beside the cycle, one note" \
	"$(warns "$T/p.json" note 'probes beside' | sed 's/ .*//; s/$/:/'; warns "$T/p.json" note 'probes beside' |
		grep -o -E '[0-9]+ deferred|serio1, 0000|; 4 ran, .*')" \
	"2:
6 deferred
serio1, 0000
; 4 ran, the longest serio1, 408.111 ms (error -19), ending in thaw_processes +407.522 ms"
# 5.4 (before 5.15: "returned 1" is bound, no error): 4 deferred (848,
# 889, 892, 893), 1 ran (908, mei_hdcp's 3.553 ms, ending 7.778 ms into
# complete, from 535.982752); serio1's 203 ms (929) comes after the exit,
# told apart (below)
"$PMSCOPE" analyze -q -j "$T/p.json" "$X54"
is "5.4 mem: probes beside the cycle" \
	"$(warns "$T/p.json" note 'probes beside' | sed 's/.*: 4 deferred.*; 1 ran/4 deferred; 1 ran/')" \
	"4 deferred; 1 ran, the longest 0000:00:16.0-b638ab7e-94e2-4ea2-a552-d1c54b627f04, 3.553 ms, ending in complete +7.778 ms"
# A probe that began before the cycle's end and returned after it has a
# note of its own, at its line: the 5.4 log's serio1 (929), 203673 us
# from 535.990444, 7.692 ms into complete (535.982752), returned at
# 536.194117, 35.419 ms after "PM: suspend exit" (536.158698); the 6.10
# log's 1-3:1.0 (3683), 64133 us from 109.598078, thaw_processes +414.752
# ms, 0.053 ms after the exit (109.662158)
"$PMSCOPE" analyze -q -j "$T/p.json" "$X54"
is "5.4 mem: psmouse's re-probe of serio1 ran past the cycle's end" \
	"$(warns "$T/p.json" note 'past the cycle')" \
	"1 929 cycle 1: a probe ran past the cycle's end (initcall_debug): serio1, 203.673 ms (not bound), from complete +7.692 ms to 35.419 ms after the cycle's end"
"$PMSCOPE" analyze -q -j "$T/p.json" "$F/kernel6.10-xps9360-boot-initcall-s2idle-pmprint/dmesg.txt"
is "6.10 s2idle: 1-3:1.0 ran past the cycle's end" \
	"$(warns "$T/p.json" note 'past the cycle')" \
	"2 3683 cycle 2: a probe ran past the cycle's end (initcall_debug): 1-3:1.0, 64.133 ms, from thaw_processes +414.752 ms to 0.053 ms after the cycle's end"
# Without "PM: suspend exit" (older kernels) the cycle ends with the
# thaw, at its "done." on a line of its own (535.998941; "Restarting
# tasks ... " at 535.992973): serio1 is kept with the cycle's probes and
# told when they are, at its line (928 without the exit's), 195.176 ms
# after that end; a probe that began after the end (a module
# loaded a second later) is not the cycle's
grep -v 'PM: suspend exit' "$X54" > "$T/x54-noexit.txt"
after_serio1 "$T/x54-noexit.txt" "[  537.200000] probe of late0 returned 0 after 900 usecs" > "$T/x54c.txt"
"$PMSCOPE" analyze -q -j "$T/p.json" "$T/x54c.txt"
is "5.4 without the exit line: serio1 told at its line, late0 not" \
	"$(warns "$T/p.json" note 'past the cycle')" \
	"1 928 cycle 1: a probe ran past the cycle's end (initcall_debug): serio1, 203.673 ms (not bound), from complete +7.692 ms to 195.176 ms after the cycle's end"
# Without "Restarting tasks" the exit (927) closes the open cycle; serio1
# (928) is kept and told at its line still
grep -v 'Restarting tasks' "$X54" > "$T/x54g.txt"
"$PMSCOPE" analyze -q -j "$T/p.json" "$T/x54g.txt"
is "5.4 without Restarting tasks: serio1 told at its line" \
	"$(warns "$T/p.json" note 'past the cycle' | cut -d' ' -f1-2; sed -n '927p; 928p' "$T/x54g.txt" | cut -c16-)" \
	"1 928
PM: suspend exit
probe of serio1 returned 0 after 203673 usecs"
# A probe line after the cycle closed (the thaw's "done.", 535.998941)
# stamped a second before it is another clock's, not the cycle's; one
# 0.473 ms before it is printk's order across CPUs, and is
after_serio1 "$T/x54-noexit.txt" "[  535.000000] probe of foo returned 1 after 50000 usecs" \
	"[  535.998468] probe of near returned 1 after 50 usecs" > "$T/x54e.txt"
"$PMSCOPE" analyze -q -j "$T/p.json" "$T/x54e.txt"
is "a probe stamped before the closed cycle's end: not its, but for printk's order" \
	"$(warns "$T/p.json" note 'probes beside' | grep -o '; 2 ran, the longest [^,]*, [0-9.]* ms')" \
	"; 2 ran, the longest 0000:00:16.0-b638ab7e-94e2-4ea2-a552-d1c54b627f04, 3.553 ms"
# At most three a cycle: six long probes past the exit, the first three told
set --
for i in 0 1 2 3 4 5; do
	set -- "$@" "$(printf '[  536.2%05d] probe of long%d returned 0 after 100000 usecs' "$i" "$i")"
done
after_serio1 "$X54" "$@" > "$T/x54d.txt"
"$PMSCOPE" analyze -q -j "$T/p.json" "$T/x54d.txt"
is "past the end: three told, serio1 first" \
	"$(late_names "$T/p.json")" \
	": serio1, 203.673 ms;: long0, 100.000 ms;: long1, 100.000 ms;"
# A probe past the end is told at its own line even when the cycle kept
# no probe before "PM: suspend exit": the 5.4 log without its five probe
# lines before it (848, 889, 892, 893, 908), the exit at 923, serio1 at 924
sed '848d; 889d; 892d; 893d; 908d' "$X54" > "$T/x54e.txt"
"$PMSCOPE" analyze -q -j "$T/p.json" "$T/x54e.txt"
is "5.4 no probe before the exit: serio1 told at its line" \
	"$(warns "$T/p.json" note 'past the cycle' | cut -d' ' -f1-2; sed -n '923p; 924p' "$T/x54e.txt" | cut -c16-)" \
	"1 924
PM: suspend exit
probe of serio1 returned 0 after 203673 usecs"
# A figure that puts a probe's start before the cycle began ("PM: suspend
# entry", 533.119362) is not a probe of it: the driver core waits for
# probes under way at prepare (wait_for_device_probe()). Two such lines
# after serio1's: 4 s (from 532.200001) and 10^12 us, the most a line is
# read with; serio1 alone told
after_serio1 "$X54" "[  536.200001] probe of early0 returned 0 after 4000000 usecs" \
	"[  536.200002] probe of early1 returned 0 after 1000000000000 usecs" > "$T/x54f.txt"
"$PMSCOPE" analyze -q -j "$T/p.json" "$T/x54f.txt"
is "5.4: a probe begun before the cycle is not told past its end" \
	"$(late_names "$T/p.json")" \
	": serio1, 203.673 ms;"
# A name a log made long (serio1's two probe lines, 3608 and 3677, given a
# 300-character name): the note cuts it at 64 bytes and still tells the
# probe that ran longest (the 511-byte note ended inside the first name)
long=$(printf 'serio1%0300d' 0)
sed "s/probe of serio1 /probe of $long /" \
	"$F/kernel6.10-xps9360-boot-initcall-s2idle-pmprint/dmesg.txt" > "$T/long.txt"
"$PMSCOPE" analyze -q -j "$T/p.json" "$T/long.txt"
cut64=$(printf '%.64s...' "$long")
is "6.10, a long name: cut, the probe that ran longest still told" \
	"$(warns "$T/p.json" note 'probes beside' | grep -o -E "6 deferred[^:]*: [^,]*|; 4 ran, .*")" \
	"6 deferred (-517: the driver core holds probes from prepare to complete): $cut64
; 4 ran, the longest $cut64, 408.111 ms (error -19), ending in thaw_processes +407.522 ms"

# Before 5.15 a probe's "returned 0" is a driver that failed (1 is bound):
# the 5.4 log's serio1 line (929, after the exit) moved into the cycle
awk 'NR == 928 { print "[  536.150000] probe of serio1 returned 0 after 153673 usecs" } { print }' \
	"$X54" > "$T/x54.txt"
"$PMSCOPE" analyze -q -j "$T/p.json" "$T/x54.txt"
is "5.4: a probe's 0 is not bound" \
	"$(warns "$T/p.json" note 'probes beside' | grep -o '2 ran, the longest serio1, 153.673 ms (not bound)')" \
	"2 ran, the longest serio1, 153.673 ms (not bound)"
# A cycle's probes past 256 are counted, not told
awk 'NR == 900 { for (i = 0; i < 300; i++) printf "[  535.985000] probe of dev%d returned -517 after 0 usecs\n", i } { print }' \
	"$X54" > "$T/x54b.txt"
"$PMSCOPE" analyze -q -j "$T/p.json" "$T/x54b.txt"
is "probes past 256: counted apart" \
	"$(warns "$T/p.json" note 'probes beside' | grep -o -E '^[0-9]+ [0-9]+ cycle 1: .* 256 deferred|49 more, not told$')" \
	"$(printf '1 5 cycle 1: probes beside its callbacks (initcall_debug): 256 deferred\n49 more, not told')"

done_testing
