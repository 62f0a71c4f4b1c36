#!/bin/sh
# pmscope stats and pmscope compare on real runs: the 10 s2idle cycles
# of the lkp Lenovo 80MK log, and the qemu q35 S3 runs with pm_async 0
# (before) and 1 (after).
. "$(dirname "$0")/../tap.sh"

lkp=$FIXTURES/kernel5.4-lkp-lenovo80mk-freeze-10cycles-kmsg/kmsg.xz
a0=$FIXTURES/qemu-q35-s3-async0-medium
a1=$FIXTURES/qemu-q35-s3-async1-medium
T=$TMPDIR_TEST

"$PMSCOPE" stats -m s2idle -q -j "$T/s.json" "$lkp"
is "stats: 10 s2idle cycles, the boot not taken" \
	"$(jq -c '.stats | [.mode, .cycles, .skipped, .resume.n]' "$T/s.json")" \
	'["s2idle",10,1,10]'
is "stats: schema" "$(jq -r .schema "$T/s.json")" pmscope-stats/1
# The resume median, computed apart from pmscope's own code: analyze's
# per-cycle totals, sorted, middle two averaged (10 cycles). By hand:
# 629.605224 and 646.473432 ms -> 638.039328 ms.
"$PMSCOPE" analyze -q -j "$T/a.json" "$lkp"
for t in suspend resume; do
	is "stats: $t median = median of analyze's totals" \
		"$(jq ".stats.$t.median_ns" "$T/s.json")" \
		"$(jq "[.cycles[] | select(.mode == \"s2idle\") | .totals.${t}_ns] | sort |
			(.[4] + .[5]) / 2 | floor" "$T/a.json")"
	is "stats: $t max = largest total" "$(jq ".stats.$t.max_ns" "$T/s.json")" \
		"$(jq "[.cycles[] | select(.mode == \"s2idle\") | .totals.${t}_ns] | max" "$T/a.json")"
done
is "stats: resume median by hand" "$(jq .stats.resume.median_ns "$T/s.json")" 638039328
# the slowest resume (673.909 ms) is cycle 3 of the log (2nd s2idle after the boot)
is "stats: where the worst resume was" "$(jq -c '.stats.resume | [.max_ns, .max_cycle]' "$T/s.json")" \
	'[673908528,3]'
is "stats: 1-1 resumed in all 10 cycles" \
	"$(jq '.stats.devices[] | select(.device == "1-1" and .phase == "resume") | .n' "$T/s.json")" 10
# two devices are PNP0C09:00 (the ACPI EC, the platform device): a row is
# a name, its figure their sum in a cycle ("ec PNP0C09:00 ... after 59
# usecs" and "platform PNP0C09:00 ... after 0 usecs" in cycle 2, lines
# 3565, 3631, in 1.024 us units), one a cycle. The ec's are 59 45 21 33 41
# 20 19 20 26 20 units, the platform's 0: median (21 + 26) / 2 units =
# 24064 ns, min 19 units = 19456 ns. (It read 24065 and 19457: each
# callback added 1 ns to mark it seen, and only one was taken off.)
is "stats: PNP0C09:00's two devices, one sum a cycle" \
	"$(jq -c '.stats.devices[] | select(.device == "PNP0C09:00" and .phase == "resume") |
		[.n, .median_ns, .min_ns]' "$T/s.json")" '[10,24064,19456]'

# The ROG Ally log: 39 s2idle cycles, only the first 3 with dmesg time
# stamps; the other 36 were pasted without them (lines 2425-7591), so
# analyze gives them no suspend or resume total but the kernel's printed
# phase lengths ("kernel ms"). stats takes those as the phases' figures,
# and counts the totals it has not as missing, not as nothing. (The boot
# before them, read from its milestones, is another mode: skipped.)
rog=$FIXTURES/kernel6.11-rog-ally-s2idle-39cycles-email/message.eml.xz
"$PMSCOPE" stats -m s2idle -j "$T/rog.json" "$rog" > "$T/rog.txt"
is "rog: 39 cycles, the boot skipped, 36 without time stamps" \
	"$(jq -c '.stats | [.cycles, .skipped, .untimed]' "$T/rog.json")" '[39,1,36]'
is "rog: 3 resume totals, 36 missing (analyze: resume - ms)" \
	"$(jq -c '.stats.resume | [.n, .missing, .from_kernel]' "$T/rog.json")" '[3,36,0]'
is "rog: analyze has no total for those 36 either" \
	"$("$PMSCOPE" analyze -q -j - "$rog" | jq '[.cycles[] | select(.mode == "s2idle" and .totals.resume_ns == null)] | length')" 36
# By hand: the 36 "PM: suspend of devices complete after N msecs", sorted,
# 18th and 19th 343.703 and 343.925 (median 343.814), min 334.846, max
# 1112.956.
is "rog: dpm_suspend in 36 cycles, the kernel's figures" \
	"$(jq -c '.stats.phases[] | select(.phase == "suspend") |
		[.n, .missing, .from_kernel, .min_ns, .median_ns, .max_ns]' "$T/rog.json")" \
	'[36,0,36,334846000,343814000,1112956000]'
# resume: 36 "resume of devices complete after" (2802.427 to 2811.778 ms)
# and cycles 1-3 timed by their stamps (2971.954, 2973.089, 5305.208 ms,
# as analyze's length column): the 20th of 39 is the kernel's 2805.696.
is "rog: resume phase of all 39 cycles, 36 of them the kernel's" \
	"$(jq -c '.stats.phases[] | select(.phase == "resume") | [.n, .missing, .from_kernel, .median_ns]' \
		"$T/rog.json")" '[39,0,36,2805696000]'
# a limit on resume judges the 3 cycles with a total (cycle 3: 5327.508
# ms, analyze's) and says it could not judge the other 36
"$PMSCOPE" stats -m s2idle -q -j "$T/rogg.json" --max-resume 3000 "$rog" > "$T/rogg.txt"
is "rog: the resume limit could not judge 36 cycles" \
	"$(jq -c '.gates[] | [.what, .value, .failed, .unchecked]' "$T/rogg.json")" '["resume",5327.508,true,36]'
"$PMSCOPE" stats -m s2idle --max-resume 3000 "$rog" > "$T/rogg.txt"
is "rog: and the summary says so" \
	"$(grep -c '^ *36 cycles not checked: no time stamps, no resume$' "$T/rogg.txt")" 1
is "rog: the median of analyze's own figures" \
	"$("$PMSCOPE" analyze -q -j - "$rog" | jq '[.cycles[].phases[] | select(.name == "resume") |
		if .start_ns != null and .end_ns != null then .end_ns - .start_ns
		else .kernel_ms * 1000000 | round end] | sort | .[19]')" 2805696000
is "rog: text, the totals' missing cycles" \
	"$(grep -c '^  resume             3    36  2981.127  2998.481 ' "$T/rog.txt")" 1
is "rog: text, the resume phase" \
	"$(grep -c '^  resume            39     0  2802.427  2805.696 ' "$T/rog.txt")" 1
is "rog: text, said why" \
	"$(grep -c '^36 of 39 cycles have no time stamps: they have no suspend or resume total;$' "$T/rog.txt")" 1

# One value has no standard deviation: the async 0 folder has one S3
# cycle (suspend 376.490 ms, as analyze totals it); stddev is "-" and
# null, not 0. Ten values have one.
"$PMSCOPE" stats -m mem -j "$T/one.json" "$a0" > "$T/one.txt"
is "stats: one cycle, no stddev (JSON null)" \
	"$(jq -c '.stats.suspend | [.n, .median_ns, .stddev_ns]' "$T/one.json")" '[1,376490000,null]'
is "stats: one cycle, no stddev (text -)" \
	"$(grep -c '^  suspend            1     0   376.490   376.490   376.490   376.490         -$' "$T/one.txt")" 1
is "stats: no phase of one cycle has a stddev" \
	"$(jq '[.stats.phases[], .stats.devices[] | select(.stddev_ns != null)] | length' "$T/one.json")" 0
is "stats: ten cycles have one" "$(jq '.stats.resume.stddev_ns > 0' "$T/s.json")" true

# The same file given twice, or by another path (a link, a run folder and
# the log in it), is read once: its cycles counted twice would halve
# every spread and fake n. Said on stderr, naming the file.
ln -s "$lkp" "$T/link.xz"
"$PMSCOPE" stats -m s2idle -q -j "$T/twice.json" "$lkp" "$lkp" "$T/link.xz" 2> "$T/err"
is "twice: exit 0" $? 0
is "twice: one input, 10 s2idle cycles, as once" \
	"$(jq -c '.stats | [.inputs, .cycles, .skipped, .resume.n, .resume.median_ns]' "$T/twice.json")" \
	'[1,10,1,10,638039328]'
is "twice: said for the same path" \
	"$(grep -c "^pmscope: $lkp: given more than once, counted once$" "$T/err")" 1
is "twice: said for the link, naming the first" \
	"$(grep -c "^pmscope: $T/link.xz: given more than once (read as $lkp), counted once$" "$T/err")" 1
"$PMSCOPE" stats -m mem -q -j "$T/twice.json" "$a0" "$a0/dmesg.txt" 2> "$T/err"
is "twice: a run folder and its log are one run, one S3 cycle" \
	"$(jq -c '.stats | [.inputs, .cycles]' "$T/twice.json")" '[1,1]'
is "twice: the folder's log named" "$(grep -c "^pmscope: $a0/dmesg.txt: given more than once" "$T/err")" 1
# compare reads a file on each side: no warning, same figures
"$PMSCOPE" compare -q -j "$T/self.json" "$lkp" "$lkp" 2> "$T/err"
is "compare: a file against itself, 11 cycles a side" \
	"$(jq -c '[.before.cycles, .after.cycles]' "$T/self.json") $(wc -c < "$T/err")" '[11,11] 0'

# Gates: the worst resume is 673.909 ms.
"$PMSCOPE" stats -q -m s2idle --max-resume 600 "$lkp"
is "gate: resume over 600 ms fails (exit 1)" $? 1
"$PMSCOPE" stats -q -m s2idle --max-resume 700 --max-suspend 1600 "$lkp"
is "gate: under the limits passes" $? 0
is "gate: text names the worst cycle" \
	"$("$PMSCOPE" stats -m s2idle --max-resume 600 "$lkp" | grep -c 'resume .*673.909 ms.*FAILED.*kmsg.xz cycle 3$')" 1
# a gate with nothing to measure (a boot has no resume) fails, and says
# so (it printed "nan ms")
"$PMSCOPE" stats -m boot --max-resume 600 "$lkp" > "$T/g.txt"
is "gate: nothing measured fails (exit 1)" $? 1
is "gate: nothing measured, said so" \
	"$(grep -c '^  resume  *-  *limit  *600.000 ms  FAILED, nothing measured$' "$T/g.txt")" 1

# compare: pm_async 0 -> 1. The kernel printed "suspend of devices complete
# after 278.574 msecs" (async 0) and 106.979 (async 1); resume 1325.808
# and 977.620. One S3 cycle each, so the medians are those figures, except
# that the async 1 folder also holds the trace (trace.txt.xz), read with
# its log as one run: there the tracer's suspend_resume events time the
# phases, dpm_suspend 13.629226 -> 13.736413 = 107.187 ms and dpm_resume
# 13.945099 -> 14.922948 = 977.849 ms.
"$PMSCOPE" compare -j "$T/c.json" "$a0" "$a1" > "$T/c.txt"
is "compare: exit 0 without gates" $? 0
is "compare: schema" "$(jq -r .schema "$T/c.json")" pmscope-compare/1
is "compare: dpm_suspend 278.574 -> 107.187 ms" \
	"$(grep -c '^  suspend                278.574   107.187   -171.387   -61.5%$' "$T/c.txt")" 1
is "compare: dpm_resume 1325.808 -> 977.849 ms" \
	"$(jq -c '[.before, .after] | map(.phases[] | select(.phase == "resume") | .median_ns)' "$T/c.json")" \
	'[1325808000,977849000]'
is "compare: 80 columns" "$(grep -v "$FIXTURES" "$T/c.txt" | awk 'length > 80' | wc -l)" 0
# The async 0 folder has the log only, the async 1 folder its trace too:
# its S3 cycle is timed by the trace, the async 0 one by the log's lines
# (the boot cycles by both logs). Said first, in text and JSON.
is "compare: timed differently, said" \
	"$(grep -c '^timed differently: a change may be the source.s, not the kernel.s$' "$T/c.txt")" 1
is "compare: which side, which source" \
	"$(grep -c "^  mem cycles, before: the log's lines (1); after: a trace (1)$" "$T/c.txt")" 1
is "compare: JSON, the mode timed differently" "$(jq -c .timing_differs "$T/c.json")" '["mem"]'
is "compare: JSON, each side's clocks" "$(jq -c '[.before.timed_by, .after.timed_by]' "$T/c.json")" \
	'[{"log":2,"trace":0},{"log":1,"trace":1}]'
# A log prints no prepare or complete callback (async 0's dmesg.txt has
# none); the trace has them: between "dpm_prepare[2] begin" and "end",
# 446 device_pm_callback_start of 370 names, between dpm_complete's 369
# names. Those rows are set apart, not 739 "new" devices.
is "compare: JSON, the phases only after timed callbacks in" "$(jq -c .one_sided "$T/c.json")" \
	'[{"phase":"prepare","only":"after","devices":370},{"phase":"complete","only":"after","devices":369}]'
"$PMSCOPE" compare -n 100000 "$a0" "$a1" > "$T/call.txt"
is "compare: no prepare or complete device among the changes" \
	"$(sed -n '/^largest changes/,/^not compared/p' "$T/call.txt" | grep -c ' \(prepare\|complete\) ')" 0
is "compare: nothing new or gone (both sides have the same devices)" \
	"$(grep -c ' \(new\|gone\)$' "$T/call.txt")" 0
is "compare: set apart, said" \
	"$(sed -n '/^not compared: devices in phases the other side timed no callback in$/,$p' "$T/c.txt" |
		grep -c '^  \(prepare   *370 devices\|complete   *369 devices\), after only$')" 2
# One run, its log against its own trace: every change is the source's
# (thaw_processes 18.388 ms by the log's lines, 5.241 by the trace).
"$PMSCOPE" compare -m mem -j "$T/same.json" "$a0" "$FIXTURES/qemu-q35-s3-async0-medium-trace" > "$T/same.txt"
is "compare: a log against its trace, timed differently" \
	"$(jq -c '[.timing_differs, [.one_sided[].only]]' "$T/same.json")" '[["mem"],["after","after"]]'
# Two logs: nothing said.
"$PMSCOPE" compare -j "$T/logs.json" "$a0" "$a1/dmesg.txt" > "$T/logs.txt"
is "compare: two logs, alike" "$(jq -c '[.timing_differs, .one_sided]' "$T/logs.json")" '[[],[]]'
is "compare: two logs, no note" "$(grep -c 'timed differently\|not compared' "$T/logs.txt")" 0
# device_changes[]: the text's "largest changes by device" in the JSON.
# serio1's probe returned "after 877521 usecs" in async 0's log (line
# 2091) and 1177361 in async 1's (line 2108), both in user_init; 1-2's
# resume, by async 0's lines 296587 usecs (line 2636), by async 1's trace
# 14.467121 -> 14.917133 = 450.012 ms; ahci_pci_driver_init 152526 ->
# 96326 usecs (line 1857 of each), a change down.
is "compare: JSON, the largest change first" "$(jq -c '.device_changes[0]' "$T/c.json")" \
	'{"device":"serio1","driver":"psmouse","phase":"user_init","before_ns":877521000,"after_ns":1177361000,"change_ns":299840000,"kind":"changed"}'
is "compare: JSON, a resume by the log's lines, then by the trace" \
	"$(jq -c '.device_changes[] | select(.device == "1-2" and .phase == "resume") |
		[.before_ns, .after_ns, .change_ns, .kind]' "$T/c.json")" '[296587000,450012000,153425000,"changed"]'
is "compare: JSON, a change down is negative" \
	"$(jq -c '.device_changes[] | select(.device == "ahci_pci_driver_init") |
		[.driver, .phase, .before_ns, .after_ns, .change_ns]' "$T/c.json")" \
	'["ahci","user_init",152526000,96326000,-56200000]'
# all of them, not the 10 of --top's default: the text's lines with -n 100000
# ("device {driver}" in 30 columns, "~" and its end when longer; phase in 12)
text_changes() {
	sed -n '/^largest changes/,/^$/p' "$1" | sed '1,2d; /^$/d' |
		awk '{ n = substr($0, 3, 30); p = substr($0, 34, 12); sub(/ +$/, "", n)
			sub(/ +$/, "", p); print n "|" p }'
}
json_changes() {
	jq -r '.device_changes[] | (.device + if .driver then " {\(.driver)}" else "" end) as $n |
		(if ($n | length) > 30 then "~" + $n[-29:] else $n end) + "|" + .phase[:12]' "$1"
}
is "compare: JSON, every change, the text's count with -n 100000" \
	"$(jq '.device_changes | length' "$T/c.json") $(text_changes "$T/call.txt" | wc -l)" "1000 1000"
is "compare: JSON, in the text's order" \
	"$(json_changes "$T/c.json" | md5sum)" "$(text_changes "$T/call.txt" | md5sum)"

# New and gone: skynet's mem test had input6 (its trace, lines 165-166:
# suspend 550.862772 -> 550.862773, 1 us; 693-694: resume 1 us), the
# freeze test input4 instead (lines 200-203: 134.456490 -> 134.456495,
# 5 us; 620-621: 145.475700 -> 145.475708, 8 us); neither has the other.
sky=$FIXTURES/pmgraph-2014-skynet
"$PMSCOPE" compare -q -j "$T/sky-c.json" "$sky-mem-k3.15" "$sky-freeze-k3.15"
is "compare: JSON, devices new and gone" \
	"$(jq -c '.device_changes[] | select(.kind != "changed") |
		[.device, .phase, .before_ns, .after_ns, .change_ns, .kind]' "$T/sky-c.json" | tr '\n' ' ')" \
	'["input4","resume",null,8000,null,"new"] ["input4","suspend",null,5000,null,"new"] ["input6","resume",1000,null,null,"gone"] ["input6","suspend",1000,null,null,"gone"] '

# Undoing the patch is a regression of resume by (1325.808 - 977.620 + other
# phases) / 1172.520 = 39.9% and of suspend 79.3%.
"$PMSCOPE" compare -q --max-regress 10 "$a1" "$a0"
is "gate: regression over 10% fails" $? 1
"$PMSCOPE" compare -q --max-regress 10 "$a0" "$a1"
is "gate: an improvement passes" $? 0

# A lab folder: run folders and logs side by side; reports are passed over.
mkdir -p "$T/lab/r1" "$T/lab/r2"
cp "$a0/dmesg.txt" "$T/lab/r1/"
cp "$a1/dmesg.txt" "$T/lab/r2/"
cp "$T/s.json" "$T/lab/summary.json"
"$PMSCOPE" stats -q -m mem -j "$T/lab.json" "$T/lab"
is "folder of runs: 2 inputs, 2 S3 cycles" "$(jq -c '.stats | [.inputs, .cycles]' "$T/lab.json")" '[2,2]'

# sleepgraph saves each test as NAME_dmesg.txt + NAME_ftrace.txt, a -multi
# run as one folder per test: each pair is one run, merged as pmscope
# analyze LOG TRACE merges it (skynet mem: 1777.513 / 299.218 ms)
sky=$FIXTURES/pmgraph-2014-skynet-mem-k3.15
"$PMSCOPE" stats -q -j "$T/sky.json" "$sky"
is "sleepgraph folder: log + trace are one run, one cycle" \
	"$(jq -c '.stats | [.inputs, .cycles, .suspend.median_ns, .resume.median_ns]' "$T/sky.json")" \
	"[1,1,$("$PMSCOPE" analyze -q -j - "$sky/skynet_mem_dmesg.txt" "$sky/skynet_mem_ftrace.txt" |
		jq -r '.cycles[0].totals | "\(.suspend_ns),\(.resume_ns)"')]"
is "sleepgraph folder: sleepgraph's suspend figure" "$(jq .stats.suspend.median_ns "$T/sky.json")" 1777513000
mkdir -p "$T/multi/suspend-1" "$T/multi/suspend-2"
cp "$sky"/skynet_mem_*.txt "$T/multi/suspend-1/"
cp "$FIXTURES"/pmgraph-2014-skynet-freeze-k3.15/skynet_freeze_*.txt "$T/multi/suspend-2/"
"$PMSCOPE" stats -q -j "$T/multi.json" "$T/multi"
is "sleepgraph -multi folder: a run per test folder" "$(jq -c '.stats | [.inputs, .cycles]' "$T/multi.json")" '[2,2]'

# Phases in the order the cycles ran them, not as first seen: the 6.9
# XPS log prints no prepare ... complete (no pm_print_times), the 5.8 one
# all of them; they were listed after thaw_processes. A hibernation's
# phases with a suspend's: each where its own cycle ran it.
x69=$FIXTURES/kernel6.9-xps9360-deep-hibernate-multicycle/messages.txt
x58=$FIXTURES/kernel5.8-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt
# (post_suspend: the notifiers after a thaw whose "done." has its own line)
order="suspend_enter prepare suspend suspend_late suspend_noirq machine resume_noirq resume_early resume complete thaw_processes post_suspend"
# (the 6.9 log's boot, read from its milestones, has its own two, after)
"$PMSCOPE" stats -q -j "$T/order.json" "$x69" "$x58"
is "stats: phases in the PM core's order" \
	"$(jq -r '[.stats.phases[].phase] | join(" ")' "$T/order.json")" "$order kernel_init user_init"
is "stats: phase rows keep their figures" \
	"$(jq -c '[.stats.phases[] | select(.phase == "machine" or .phase == "prepare") | .n]' "$T/order.json")" \
	'[1,14]'
"$PMSCOPE" compare "$x69" "$x58" > "$T/order.txt" 2>/dev/null
is "compare: the after side's own phases in their place" \
	"$(sed -n '/^phases$/,/^$/p' "$T/order.txt" | awk 'NF > 1 { printf "%s%s", s, $1; s = " " }')" \
	"$order kernel_init user_init"
sky=$FIXTURES/pmgraph-2014-skynet
"$PMSCOPE" stats -q -j "$T/order2.json" "$sky-disk-k3.15" "$sky-mem-k3.15"
is "stats: a hibernation's phases and a suspend's, each as its cycle ran them" \
	"$(jq -r '[.stats.phases[].phase] | join(" ")' "$T/order2.json")" \
	"suspend_enter prepare suspend suspend_late suspend_noirq freeze freeze_late freeze_noirq machine resume_noirq resume_early resume restore_noirq restore_early restore complete thaw_processes"
is "compare: a phase of the after side only" \
	"$(grep -c '^  prepare  *-  *0\.626$' "$T/order.txt")" 1

# A device whose end the log lost is neither gone nor new: the Pixel 6's
# 17100000.eh genpd_suspend_noirq return line is lost to a garbled record
# (line 1602); a copy with it restored ("returned 0 after 70 usecs")
px=$FIXTURES/kernel6.16-pixel6-arm64-deep-caller-email/message.eml
awk 'NR == 1602 {
	print "[ 7915.368122][T29333] eh 17100000.eh: PM: calling genpd_suspend_noirq @ 29333, parent: platform"
	print "[ 7915.368200][T29333] eh 17100000.eh: PM: genpd_suspend_noirq returned 0 after 70 usecs"
	print "[ 7915.551114][T29333] exynos-uart 10a00000.uart: PM: platform_pm_resume returned 0 after 37 usecs"
	next } { print }' "$px" > "$T/px-fixed.eml"
"$PMSCOPE" compare "$px" "$T/px-fixed.eml" > "$T/px.txt" 2>/dev/null
is "compare: a callback that never ended before, ended after" \
	"$(grep '^  17100000.eh' "$T/px.txt" | awk '{ print $4, $5, $6, $7 }')" "no end 0.070 ended"
"$PMSCOPE" compare "$T/px-fixed.eml" "$px" > "$T/px.txt" 2>/dev/null
is "compare: one that ended before, never after" \
	"$(grep '^  17100000.eh' "$T/px.txt" | awk '{ print $4, $5, $6, $7 }')" "0.070 no end no"
# the same in the JSON: no figure is null, the kind says which way
"$PMSCOPE" compare -q -j "$T/px1.json" "$px" "$T/px-fixed.eml" 2>/dev/null
"$PMSCOPE" compare -q -j "$T/px2.json" "$T/px-fixed.eml" "$px" 2>/dev/null
is "compare: JSON, ended and no_end" \
	"$(jq -c '.device_changes[] | select(.device == "17100000.eh" and .phase == "suspend_noirq") |
		[.driver, .phase, .before_ns, .after_ns, .change_ns, .kind]' "$T/px1.json" "$T/px2.json" |
		tr '\n' ' ')" \
	'["eh","suspend_noirq",null,70000,null,"ended"] ["eh","suspend_noirq",70000,null,null,"no_end"] '

# Bad usage and input
"$PMSCOPE" compare "$a0" 2>/dev/null
is "compare with one input: exit 2" $? 2
"$PMSCOPE" stats -n 2.5 "$lkp" > /dev/null 2>&1
is "stats --top takes a whole number (2.5 was read as 2)" $? 2
"$PMSCOPE" stats "$T/missing.txt" 2> "$T/err"
is "missing input: exit 2" $? 2
is "missing input: named" "$(grep -c 'missing.txt' "$T/err")" 1
"$PMSCOPE" stats -m standby "$lkp" 2> "$T/err"
is "no cycle of the mode: exit 4 (no data for it)" $? 4
is "no cycle of the mode: said" "$(grep -c 'no completed cycle of mode standby' "$T/err")" 1
# A suspend that hung fails its run and a limit, its reports written (a CI
# job's JUnit): the 6.15 QEMU s2idle cycle never resumed (the log ends
# while 4-1's resume callback runs, line 3071); it was exit status 2, no
# file, as a usage error
hang=$FIXTURES/kernel6.15-qemu-s2idle-printk-caller-hang
"$PMSCOPE" stats -m s2idle --max-resume 1000 --junit "$T/hang.xml" -j "$T/hang.json" \
	"$hang/hang.log" > "$T/hang.txt" 2> "$T/err"
is "hung cycles under a limit: exit 1" $? 1
is "hung cycles: the JUnit names where it hung" \
	"$(grep -c "hang.log:3071: cycle 2 did not complete: the log ends in resume, while 4-1&#39;s resume callback ran (it never returned)" "$T/hang.xml")" 1
is "hung cycles: the limit failed, nothing measured" \
	"$(jq -c '.gates[0] | [.what, .failed, .value]' "$T/hang.json")" '["resume",true,null]'
is "hung cycles: the summary says so" \
	"$(grep -c '1 cycle aborted or never resumed: nothing measured' "$T/hang.txt")" 1
"$PMSCOPE" compare -m s2idle --max-regress 10 -j "$T/hang-c.json" "$hang/complete.log" \
	"$hang/hang.log" > "$T/hang.txt" 2> "$T/err"
is "compare, the after side hung: exit 1" $? 1
is "compare, the after side hung: no device 'gone'" \
	"$(grep -c 'gone' "$T/hang.txt")/$(grep -c '^  after: 1 cycle aborted or never resumed' "$T/hang.txt")" 0/1
is "compare, the after side hung: no device change in the JSON either" \
	"$(jq -c '[.device_changes, .before.cycles, .after.cycles]' "$T/hang-c.json")" '[[],1,0]'
"$PMSCOPE" stats -m s2idle "$hang/hang.log" > /dev/null 2>&1
is "hung cycles without a limit: exit 1 (the run failed)" $? 1
# --max-resume measures the after side alone (complete.log: its s2idle
# cycle resumed in 287.316 ms, under 1000): a before side that hung is a
# run that failed, its reports written, not a pass that shows neither
# side's figures
rm -f "$T/hang.xml"
"$PMSCOPE" compare -m s2idle --max-resume 1000 --junit "$T/hang.xml" "$hang/hang.log" \
	"$hang/complete.log" > "$T/hang.txt" 2> "$T/err"
is "compare, the before side hung, a limit on the after side: exit 1" $? 1
is "compare, the before side hung, a limit on the after side: said, the JUnit written" \
	"$(grep -c 'hang.log: no completed cycle of mode s2idle' "$T/err")/$(ls "$T/hang.xml" 2>/dev/null | wc -l)" 1/1
# Two devices of one name add up in one row, labelled with both drivers:
# the IdeaPad's MSFT0101:00 suspend callbacks, platform's at line 3435
# ("after 0 usecs") and tpm_crb's at lines 3465-3510 (303.745 ms), were
# put to the first one's driver alone
"$PMSCOPE" stats -j "$T/twin.json" "$FIXTURES/kernel5.15-chromeos-ideapad-mem-pmprint/ideapad_patch_complete.txt" > "$T/twin.txt"
is "twins: one row, both drivers, the sum" \
	"$(jq -c '[.stats.devices[] | select(.device == "MSFT0101:00" and .phase == "suspend") | [.driver, .median_ns]]' "$T/twin.json")" \
	'[["platform,tpm_crb",303745000]]'
is "twins: the text names both" "$(grep -c '^  MSFT0101:00 {platform,tpm_crb} *suspend *1 *303.745' "$T/twin.txt")" 1
# Boot totals over boots, where each log shows them (boot_totals.sh has
# each figure against its lines): kernel to /init 474.494 (5.13), 441.792
# (6.10), 13331.900 (BeagleBone's second boot; its hung first has none),
# 5183.499 (q35): median 2828.997; /init to systemd in the three with the
# banner: 3628.394, 8382.542, 2306.413
boots="$FIXTURES/kernel5.13-latitude-e7250-boot-initcall/linux-5.13.9-messages.txt.gz
$FIXTURES/kernel6.10-xps9360-boot-initcall-s2idle-pmprint/dmesg.txt
$FIXTURES/kernel6.13-beaglebone-serial-boot-initcall/minicom_reverted.cap
$FIXTURES/qemu-q35-boot-medium"
# shellcheck disable=SC2086
"$PMSCOPE" stats -j "$T/boots.json" $boots > "$T/boots.txt"
is "boot totals: n and medians" \
	"$(jq -c '.stats.boot_totals | [.[] | [.n, .missing, .median_ns]]' "$T/boots.json")" \
	'[[4,0,2828996500],[3,0,3628394000],[4,0,14456775500]]'
is "boot totals: the boots' count beside" "$(jq '.stats.boot.n' "$T/boots.json")" 5
is "boot totals: text rows" \
	"$(sed -n '/^boot totals/,/^boot milestones/{/^  /p}' "$T/boots.txt" | tr -s ' ' | cut -d' ' -f2-5)" \
	"$(printf '%s\n' 'kernel->/init 4 0 441.792' '/init->systemd 3 0 2306.413' '/init->modules 4 0 5904.427')"
"$PMSCOPE" compare "$FIXTURES/kernel5.13-latitude-e7250-boot-initcall/linux-5.13.9-messages.txt.gz" \
	"$FIXTURES/kernel6.10-xps9360-boot-initcall-s2idle-pmprint/dmesg.txt" > "$T/bc.txt"
is "compare: /init to systemd, before and after" \
	"$(grep '^  /init->systemd' "$T/bc.txt" | tr -s ' ')" ' /init->systemd 3628.394 8382.542 +4754.148 +131.0%'
is "suspend logs have no boot totals" \
	"$("$PMSCOPE" stats -q -j - "$FIXTURES/pmgraph-2014-skynet-mem-k3.15/skynet_mem_dmesg.txt" 2>/dev/null | jq -c '[.stats.boot_totals[] | .n]')" '[0,0,0]'
# A side that timed no callback in a phase at all (no such phase row: the
# 6.9 XPS log has no pm_print_times and no device phase lines) sets the
# other side's devices there apart; they were listed as 300 "new" (the
# 5.8 log's serio1 suspend 1008.654 first). Phases: the 5.8 log's suspend
# 143 devices ... resume 125 (its resume phase the 6.9 log has, empty)
x69=$FIXTURES/kernel6.9-xps9360-deep-hibernate-multicycle/messages.txt
x58=$FIXTURES/kernel5.8-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt
"$PMSCOPE" compare -m mem -j "$T/69.json" "$x69" "$x58" > "$T/69.txt"
is "no phase on one side: nothing new" "$(jq -c '.device_changes' "$T/69.json")" '[]'
is "no phase on one side: set apart" \
	"$(jq -c '[.one_sided[] | [.phase, .only, .devices]]' "$T/69.json")" \
	'[["suspend","after",143],["suspend_late","after",39],["suspend_noirq","after",39],["resume_noirq","after",40],["resume_early","after",39],["resume","after",125]]'
is "no phase on one side: the text says none compared" \
	"$(grep -c '^  none: no phase has timed callbacks on both sides$' "$T/69.txt")" 1
# a boot on one side only: its initcalls are set apart, not "gone"
"$PMSCOPE" compare -j "$T/bo.json" "$a0" "$x58" > /dev/null
is "a boot on one side: its phases set apart" \
	"$(jq -c '[.one_sided[] | select(.only == "before") | [.phase, .devices]]' "$T/bo.json")" \
	'[["kernel_init",692],["user_init",89]]'
is "a boot on one side: no initcall gone" \
	"$(jq '[.device_changes[] | select(.phase | test("_init$"))] | length' "$T/bo.json")" 0
done_testing
