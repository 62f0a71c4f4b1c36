#!/bin/sh
# pmscope whatif through the CLI: the qemu q35 pm_async 1 and 0 traces,
# each in a run folder with its device tree.
. "$(dirname "$0")/../tap.sh"

a1=$TMPDIR_TEST/async1
a0=$TMPDIR_TEST/async0
mkdir -p "$a1/sys" "$a0/sys"
xz -dc "$FIXTURES/qemu-q35-s3-async1-medium/trace.txt.xz" > "$a1/trace.txt"
xz -dc "$FIXTURES/qemu-q35-s3-async0-medium-trace/trace.txt.xz" > "$a0/trace.txt"
cp "$FIXTURES/qemu-q35-s3-async1-medium/guest/sys/devices.txt" "$a1/sys/"
cp "$FIXTURES/qemu-q35-s3-async0-medium/guest/sys/devices.txt" "$a0/sys/"

ok "whatif --help" "$PMSCOPE" whatif --help
ok "measured replay, JSON" "$PMSCOPE" whatif -q -j "$a1/m.json" "$a1"
j=$a1/m.json
is "json: schema" "$(jq -r .schema "$j")" "pmscope-whatif/1"
is "json: assumptions named" "$(jq -c '.assumptions | keys' "$j")" \
	'["gaps","lengths","order","shared","sleep","waits","workers"]'
is "json: measured replay gives back every phase" \
	"$(jq '[.cycles[].phases[] | select(.predicted_ns != .measured_ns)] | length' "$j")" 0
is "json: resume 977.849 ms" \
	"$(jq '.cycles[0].phases[] | select(.name == "resume") | .predicted_ns' "$j")" 977849000
is "json: every replayed phase has a critical path" \
	"$(jq '[.cycles[].phases[] | select(.replayed and .callbacks > 0) |
		(.critical_path | length > 0)] | all' "$j")" true

# pm_async 1 predicted from the pm_async 0 run (tests/unit/test_whatif.c
# pins every phase): suspend 278.882 -> 69.579 ms, with 2 CPUs 142.438 ms
"$PMSCOPE" whatif -q -p upfront --cpus 0 -j "$a0/u.json" "$a0"
is "upfront: suspend predicted" \
	"$(jq '.cycles[0].phases[] | select(.name == "suspend") | [.measured_ns, .predicted_ns]' -c "$a0/u.json")" \
	'[278882000,69579000]'
"$PMSCOPE" whatif -q -p upfront --cpus 2 -j "$a0/u2.json" "$a0"
is "upfront, 2 CPUs: suspend predicted" \
	"$(jq '.cycles[0].phases[] | select(.name == "suspend") | .predicted_ns' "$a0/u2.json")" 142437643
is "json: cpus" "$(jq .policy.cpus "$a0/u2.json")" 2

# Without --cpus the run's own CPUs are shared: its trace's "#P:2"
"$PMSCOPE" whatif -q -p upfront -j "$a0/ud.json" "$a0"
is "default --cpus: the run's 2, said" "$(jq -c '.policy | [.cpus, .cpus_from]' "$a0/ud.json")" \
	'[2,"run"]'
is "  the same prediction as --cpus 2" \
	"$(jq '.cycles[0].phases[] | select(.name == "suspend") | .predicted_ns' "$a0/ud.json")" 142437643
is "  text: the policy line says whose count" \
	"$("$PMSCOPE" whatif -p upfront "$a0" | head -1)" \
	"pmscope 0.1.0 whatif: policy upfront, 2 CPUs shared (the run's)"
is "  from dmesg's \"smp: Brought up 1 node, 4 CPUs\" (the IdeaPad's line 263)" \
	"$("$PMSCOPE" whatif "$FIXTURES/kernel5.15-chromeos-ideapad-mem-pmprint/ideapad_patch_complete.txt" |
		head -1)" "pmscope 0.1.0 whatif: policy measured, 4 CPUs shared (the run's)"
is "  from trace-cmd report's \"cpus=4\": the fact ncpus" \
	"$("$PMSCOPE" analyze -q -j - "$FIXTURES/kernel5.5-tegra-trace-cmd-suspend/trace.txt.xz" |
		jq -r .facts.ncpus)" 4
is "--cpus 0: unlimited" "$(jq -c '.policy | [.cpus, .cpus_from]' "$a0/u.json")" '[null,null]'
# a log without a CPU count (skynet's 3.15 dmesg) keeps unlimited workers
is "no count in the log: unlimited" "$("$PMSCOPE" whatif \
	"$FIXTURES/pmgraph-2014-skynet-mem-k3.15/skynet_mem_dmesg.txt" | head -1)" \
	"pmscope 0.1.0 whatif: policy measured, unlimited workers"

# pm_async 0 keeps everything on the driving thread
"$PMSCOPE" whatif -q -p sync -j "$a1/s.json" "$a1"
is "sync: no async callback" "$(jq '[.cycles[].phases[].async_callbacks] | add' "$a1/s.json")" 0

# device options: globs, phases, and a glob that matches nothing
"$PMSCOPE" whatif -q --async 'input*@resume' -j "$a1/i.json" "$a1"
is "--async glob@phase matched" \
	"$(jq -c '.policy.changes[0] | [.kind, .devices, .phase, .matched_callbacks]' "$a1/i.json")" \
	'["async","input*","resume",13]'
"$PMSCOPE" whatif --async nosuchdevice "$a1" > /dev/null 2> "$TMPDIR_TEST/err"
is "a device option matching nothing: exit 2" "$?" 2
is "  and says so" "$(cat "$TMPDIR_TEST/err")" "pmscope whatif: 'nosuchdevice' matches no callback"
"$PMSCOPE" whatif --scale 1-2 "$a1" > /dev/null 2>&1
is "--scale without a factor: exit 2" "$?" 2
"$PMSCOPE" whatif -p nosuch "$a1" > /dev/null 2>&1
is "unknown policy: exit 2" "$?" 2
# scaling a callback by 0 is deferring it
"$PMSCOPE" whatif -q --scale '1-2@resume=0' -j "$a1/z.json" "$a1"
"$PMSCOPE" whatif -q --defer '1-2@resume' -j "$a1/d.json" "$a1"
is "--scale 0 = --defer" "$(jq -c '[.cycles[].phases[].predicted_ns]' "$a1/z.json")" \
	"$(jq -c '[.cycles[].phases[].predicted_ns]' "$a1/d.json")"
"$PMSCOPE" whatif -p async --cpus 0 "$a1" > "$a1/t.txt"
is "text: 80 columns" "$(grep -v "$a1" "$a1/t.txt" | awk 'length > 80' | wc -l)" 0
is "text: policy line" "$(head -1 "$a1/t.txt")" "pmscope 0.1.0 whatif: policy async, unlimited workers"

# the timeline: measured, then predicted, through the timeline renderers
ok "--svg" "$PMSCOPE" whatif -q -p async --cpus 0 --svg "$a1/t.svg" "$a1"
is "svg: both cycles drawn, the second one labelled" \
	"$(grep -o 'cycle [12]: mem[^<]*' "$a1/t.svg" | sort -u | tr '\n' '|')" \
	"cycle 1: mem|cycle 2: mem (predicted from cycle 1, policy async)|"

# the page: the measured cycle and the predicted one, numbered after the
# run's last (the page finds a cycle by its number)
ok "--html" "$PMSCOPE" whatif -q -p sync --html "$a1/t.html" "$a1"
is "html: both cycles in the page's list, each its own number" \
	"$(grep -o '<tr data-cycle="[0-9]*"><td><a href="#cycle=[0-9]*">' "$a1/t.html" | tr '\n' '|')" \
	'<tr data-cycle="0"><td><a href="#cycle=1">|<tr data-cycle="1"><td><a href="#cycle=2">|'
is "html: the predicted one says so" "$(grep -c 'predicted from cycle 1, policy sync' "$a1/t.html")" 1
"$PMSCOPE" whatif -p sync --html "$a1/t2.html" "$a1" > "$a1/h.txt"
is "html: said where it went" "$(tail -1 "$a1/h.txt")" "HTML timeline: $a1/t2.html"

# pmscope-whatif/1: every predicted callback, with where it ran as measured
"$PMSCOPE" whatif -q -p sync -j "$a1/cb.json" "$a1"
"$PMSCOPE" analyze -q -j "$a1/an.json" "$a1"
is "json: the predicted callbacks, as many as measured, all sync under -p sync" \
	"$(jq -c '.cycles[0].callbacks | [length, ([.[] | select(.async)] | length),
		([.[] | select(.measured_pid != 1)] | length > 0)]' "$a1/cb.json")" \
	"[$(jq '.cycles[0].callbacks | length' "$a1/an.json"),0,true]"
is "json: device facts from sys/devices.txt" "$(jq .device_facts "$a1/cb.json")" true
"$PMSCOPE" whatif -q -j "$a1/nf.json" "$a1/trace.txt"
is "json: none from the trace alone" "$(jq .device_facts "$a1/nf.json")" false
is "  the text says what that means" \
	"$("$PMSCOPE" whatif -n 0 "$a1/trace.txt" | sed -n 2p)" \
	"  note: no device facts (a run folder's sys/devices.txt): the device tree is the"
is "svg: the predicted suspend phase in its legend" \
	"$(grep -c 'suspend 87.421 ms' "$a1/t.svg")" 1

# cycle 1 of the input pair with the input devices made async: the resume
# wait moves to input2's LED (cycle 2 measured 632.312 ms; test_whatif)
"$PMSCOPE" whatif -q -c 1 --cpus 0 --async 'input[0-9]' -j "$TMPDIR_TEST/p.json" \
	"$FIXTURES/qemu-q35-s3-async1-input-async-2cycles/trace.txt.xz"
is "input pair: the predicted blocked device" \
	"$(jq -c '.cycles[0].blocked[0] | [.device, .waited_for, .lost_ns]' "$TMPDIR_TEST/p.json")" \
	'["input2::numlock","input2",695426000]'

# a sync callback made async leaves its gap on the driving thread: the
# loop's 2.879 ms walk to fw_cfg QEMU0002:00 at suspend_late's start
# (trace lines 1082-1083) stays, the 0.188 ms callback goes (1083-1084)
"$PMSCOPE" whatif -q --async 'QEMU0002:00@suspend_late' -j "$a1/q.json" "$a1"
is "--async QEMU0002:00@suspend_late: its callback's length saved" \
	"$(jq -c '.cycles[0].phases[] | select(.name == "suspend_late") | [.measured_ns, .predicted_ns]' "$a1/q.json")" \
	'[6302000,6114000]'
"$PMSCOPE" whatif -q -j "$a1/q0.json" "$a1"
is "  and the gap it left on the driving thread counts among the kept gaps" \
	"$(jq -n --slurpfile m "$a1/q0.json" --slurpfile q "$a1/q.json" '[$m, $q] |
		map(.[0].cycles[0].phases[] | select(.name == "suspend_late") | .kept_gaps_ns)')" \
	'[
  27355000,
  29630000
]'

# analyze's hint: per device phase, the one device that made async saves
# the most (tests/unit/test_whatif.c pins them on several fixtures); on
# the pm_async 1 run no sync device saves 1 ms
x58=$FIXTURES/kernel5.8-xps9360-mem-sleepgraph-dmesg
"$PMSCOPE" analyze "$x58" > "$a1/a.txt"
is "analyze: the hint lines" "$(grep 'what if: making' "$a1/a.txt")" \
"  what if: making MSFT0101:00 async: suspend -88.791 ms (pmscope whatif)
  what if: making INT344B:00 async: suspend_noirq -2.481 ms (pmscope whatif)"
"$PMSCOPE" analyze -q -j "$a1/a.json" "$x58"
is "analyze: JSON hints" "$(jq -c '.cycles[0].hints[0]' "$a1/a.json")" \
	'{"phase":"suspend","device":"MSFT0101:00","driver":"tpm_tis","change":"async","measured_ns":1550824000,"predicted_ns":1462032960}'
"$PMSCOPE" analyze -q -j "$a1/h.json" "$a1"
is "analyze: no hint on the pm_async 1 run" "$(jq -c '[.cycles[].hints[]] | length' "$a1/h.json")" 0
"$PMSCOPE" analyze --no-hints -q -j "$a1/n.json" "$x58"
is "analyze --no-hints: none" "$(jq -c '[.cycles[].hints[]] | length' "$a1/n.json")" 0

# A cycle with nothing to replay says why: the ROG Ally's log prints no
# callbacks (cycle 2, after its boot) and, pasted without stamps, cycle 5
# has none either
rog=$FIXTURES/kernel6.11-rog-ally-s2idle-39cycles-email/message.eml.xz
"$PMSCOPE" whatif "$rog" > "$TMPDIR_TEST/rog.txt" 2>/dev/null
is "whatif: a cycle without callbacks says so" \
	"$(sed -n '/^cycle 2:/,/^$/p' "$TMPDIR_TEST/rog.txt" | grep -c 'note: no callback in this cycle')" 1
is "whatif: a cycle without time stamps says so" \
	"$(sed -n '/^cycle 5:/,/^$/p' "$TMPDIR_TEST/rog.txt" | grep -c 'note: no time stamps in this cycle')" 1

# A hint from a log alone names no device the log cannot show sync: in the
# pm_async 0 run's dmesg without sys/devices.txt no callback ran async,
# so any device may be async already (usb 1-1 is)
a0=$FIXTURES/qemu-q35-s3-async0-medium
"$PMSCOPE" analyze "$a0/dmesg.txt" > "$TMPDIR_TEST/h.txt" 2>/dev/null
is "hints from a pm_async 0 log alone: no device named, said why" \
	"$(grep -c '^  what if: making\|^  what if: nothing ran async (pm_async 0?)' \
		"$TMPDIR_TEST/h.txt")" 1
"$PMSCOPE" analyze -q -j "$TMPDIR_TEST/h.json" "$a0/dmesg.txt" 2>/dev/null
is "  JSON: no hint" "$(jq '[.cycles[].hints[]] | length' "$TMPDIR_TEST/h.json")" 0
mkdir -p "$TMPDIR_TEST/a0/sys"
cp "$a0/dmesg.txt" "$TMPDIR_TEST/a0/"
cp "$a0/guest/sys/devices.txt" "$TMPDIR_TEST/a0/sys/"
"$PMSCOPE" analyze "$TMPDIR_TEST/a0" > "$TMPDIR_TEST/h.txt" 2>/dev/null
is "hints with the device tree: no such line" \
	"$(grep -c '^  what if: no device tree' "$TMPDIR_TEST/h.txt")" 0

# Devices of one name (model.h, twin). The ChromeOS IdeaPad (5.15) has
# two MSFT0101:00: the TPM's ACPI device bound to tpm_crb (suspend 303.745
# ms, lines 3465-3510; resume line 3837) and its platform device (lines
# 3435 and 3865, 0 us each). A name picks both, NAME{DRIVER} one.
ip=$FIXTURES/kernel5.15-chromeos-ideapad-mem-pmprint/ideapad_patch_complete.txt
T=$TMPDIR_TEST
"$PMSCOPE" whatif -q --cpus 0 -j "$T/ip0.json" "$ip"
"$PMSCOPE" whatif -q --cpus 0 --async MSFT0101:00 -j "$T/ip2.json" "$ip"
"$PMSCOPE" whatif -q --cpus 0 --async 'MSFT0101:00{tpm_crb}' -j "$T/ip1.json" "$ip"
is "--async NAME: both devices' 4 callbacks" \
	"$(jq -c '.policy.changes[0] | [.devices, .driver, .matched_callbacks]' "$T/ip2.json")" \
	'["MSFT0101:00",null,4]'
is "--async 'NAME{DRIVER}': the tpm_crb device's 2" \
	"$(jq -c '.policy.changes[0] | [.devices, .driver, .matched_callbacks]' "$T/ip1.json")" \
	'["MSFT0101:00","tpm_crb",2]'
is "  suspend's async callbacks: 33 measured, 35 with both, 34 with tpm_crb's" \
	"$(for f in ip0 ip2 ip1; do jq '.cycles[0].phases[] | select(.name == "suspend") |
		.async_callbacks' "$T/$f.json"; done | tr '\n' ' ')" "33 35 34 "
is "  predicted path: only the tpm_crb callback, on a worker" \
	"$(jq -c '[.cycles[0].phases[] | select(.name == "suspend") | .critical_path[] |
		select(.device == "MSFT0101:00") | [.start_ns, .end_ns, .pid != 4438]]' "$T/ip1.json")" \
	'[[30391120000,30694865000,true]]'
is "  with both, the platform callback (0 us) ran on a worker too" \
	"$(jq -c '[.cycles[0].phases[] | select(.name == "suspend") | .critical_path[] |
		select(.device == "MSFT0101:00") | [.end_ns - .start_ns, .pid != 4438]]' "$T/ip2.json")" \
	'[[0,true],[303745000,true]]'
# deferred: the 303.745 ms callback leaves suspend (phy0's 54.658 ms async
# callback and the rest remain), the platform device's 0 us one saves nothing
for d in 'MSFT0101:00{tpm_crb}@suspend' 'MSFT0101:00 {platform}@suspend' 'MSFT0101:00@suspend'; do
	"$PMSCOPE" whatif -q --cpus 0 --defer "$d" -j "$T/d.json" "$ip"
	echo "$(jq -c '[.policy.changes[0].matched_callbacks, (.cycles[0].phases[] |
		select(.name == "suspend") | .predicted_ns)]' "$T/d.json")"
done > "$T/defer.txt"
is "--defer NAME{DRIVER}@PHASE: tpm_crb's, the platform's, both" "$(tr '\n' ' ' < "$T/defer.txt")" \
	"[1,55604000] [1,319159000] [2,55604000] "
"$PMSCOPE" whatif --async 'MSFT0101:00{tpm_crb}@resume' "$ip" > "$T/ip.txt"
is "text: the option as given, its callback count" "$(sed -n 2p "$T/ip.txt")" \
	"  --async MSFT0101:00{tpm_crb}@resume: 1 callback"
"$PMSCOPE" whatif --async 'MSFT0101:00{tpm_tis}' "$ip" > /dev/null 2> "$T/err"
is "a driver no device of the name has: exit 2" "$?" 2
is "  and says so" "$(cat "$T/err")" "pmscope whatif: 'MSFT0101:00{tpm_tis}' matches no callback"
"$PMSCOPE" whatif --async 'MSFT0101:00{tpm_crb' "$ip" > /dev/null 2>&1
is "a brace without its pair: exit 2" "$?" 2
# a name whose twin has no callback in the phase counts one callback: the
# battery's ACPI device PNP0C0A:00 has only a resume callback (line 3779),
# its platform device suspends (3457) and resumes (3843)
is "PNP0C0A:00@suspend: the platform device's one callback" \
	"$("$PMSCOPE" whatif --async 'PNP0C0A:00@suspend' "$ip" | sed -n 2p)" \
	"  --async PNP0C0A:00@suspend: 1 callback"
is "PNP0C0A:00@resume: both devices'" \
	"$("$PMSCOPE" whatif --async 'PNP0C0A:00@resume' "$ip" | sed -n 2p)" \
	"  --async PNP0C0A:00@resume: 2 callbacks"
# DEV{} is a device without a driver: the 4.6 Ivy Bridge trace's
# "platform" (lines 42 and 5630 name none); serio1{serio} is the serio1
# whose complete callback (line 4502) names its bus, serio, not psmouse
ivy=$FIXTURES/pmgraph-2016-ivybridge-mem-devlate-k4.6/ivybridge_mem_ftrace.txt.xz
is "DEV{}: the driverless device's 2 callbacks" \
	"$("$PMSCOPE" whatif --async 'platform{}' "$ivy" | sed -n 2p)" "  --async platform{}: 2 callbacks"
is "serio1{serio}: its one callback" \
	"$("$PMSCOPE" whatif --async 'serio1{serio}' "$ivy" | sed -n 2p)" "  --async serio1{serio}: 1 callback"
"$PMSCOPE" whatif --async 'serio1{}' "$ivy" > /dev/null 2>&1
is "serio1{}: both serio1 have a driver, exit 2" "$?" 2

# A hint names a device that shares its name as the options pick it: on
# the XPS 13 9360 (5.3, sleepgraph ftrace) INT344B:00 is the ACPI device
# (lines 803, 10253) and the pinctrl platform device, whose suspend_noirq
# callback took 2.475 ms (lines 3276-3277)
xm=$FIXTURES/pmgraph-2019-xps9360-multitest-k5.3/otcpl-dell-9360-kbl_mem_ftrace.txt.gz
"$PMSCOPE" analyze "$xm" > "$T/xm.txt"
is "analyze: the hint names the device with its driver" "$(grep 'what if: making' "$T/xm.txt")" \
	"  what if: making INT344B:00{sunrisepoint-pinctrl} async: suspend_noirq -2.475 ms (pmscope whatif)"
"$PMSCOPE" analyze -q -j "$T/xm.json" "$xm"
is "  JSON: the hint's device with its driver" \
	"$(jq -c '.cycles[0].hints[0] | [.device, .driver, .measured_ns - .predicted_ns]' "$T/xm.json")" \
	'["INT344B:00","sunrisepoint-pinctrl",2475000]'
"$PMSCOPE" whatif --async 'INT344B:00{sunrisepoint-pinctrl}' "$xm" > "$T/xm1.txt"
is "  the hint's option: 7 callbacks, suspend_noirq as the hint says" \
	"$(grep -E '^  --async|^  suspend_noirq ' "$T/xm1.txt")" \
	"  --async INT344B:00{sunrisepoint-pinctrl}: 7 callbacks
  suspend_noirq           43.653       41.178      -2.475     19/30"
is "  the ACPI device: its 2 callbacks" \
	"$("$PMSCOPE" whatif --async 'INT344B:00{acpi}' "$xm" | sed -n 2p)" \
	"  --async INT344B:00{acpi}: 2 callbacks"

done_testing
