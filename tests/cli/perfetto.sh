#!/bin/sh
# analyze --perfetto: a trace that protoc decodes with the part of
# Perfetto's schema pmscope writes (tests/perfetto/pmscope_trace.proto).
# On real captures: a slice per callback and per phase, a flow per edge
# of the critical path and per blocked wait, an instant per failure, as
# many as the JSON report of the same run lists.
. "$(dirname "$0")/../tap.sh"
top=$(cd "$(dirname "$0")/../.." && pwd)
P=$top/tests/perfetto
T=$TMPDIR_TEST

decode() {
	protoc --decode=perfetto.protos.Trace -I "$P" "$P/pmscope_trace.proto" < "$1"
}

# One line per track event: type, time, track, first category, name, then
# "ret:N" for a callback's return value and "flow:ID", "end:ID" for its
# flows (protoc prints a message's fields by number).
events() {
	awk '
	/^  timestamp: / { ts = $2 }
	/^  track_event \{/ { ev = 1; type = ""; track = ""; cat = ""; name = ""; rest = ""; next }
	ev && /^      int_value: / { iv = $2 }
	ev && /^      name: "return"/ { rest = rest " ret:" iv }
	ev && /^    type: / { type = $2 }
	ev && /^    track_uuid: / { track = $2 }
	ev && /^    categories: / && cat == "" { cat = $2 }
	ev && /^    name: / { name = substr($0, index($0, ":") + 2) }
	ev && /^    flow_ids: / { rest = rest " flow:" $2 }
	ev && /^    terminating_flow_ids: / { rest = rest " end:" $2 }
	ev && /^  \}/ { print type, ts, track, cat, name rest; ev = 0; ts = "" }
	' "$1"
}

# The counts a run's JSON report gives: callbacks with a start, phases
# with both ends, edges between consecutive callbacks on each phase's
# critical path, blocked waits on a known callback, failures.
json_counts() {
	jq -r '. as $d
	| [$d.cycles[].callbacks[] | select(.start_ns != null)] | length | tostring as $cbs
	| [$d.cycles[].phases[] | select(.start_ns != null and .end_ns != null)] | length
	  | tostring as $ph
	| [$d.cycles[].phases[] | [.critical_path[]? | select(.kind == "run" and .has_callback)
	    | [.device, .start_ns]] | reduce .[] as $s ([]; if length > 0 and .[-1] == $s
	    then . else . + [$s] end) | length | if . > 0 then . - 1 else 0 end]
	  | add // 0 | tostring as $edges
	| [$d.cycles[].blocked[]? | select(.waited_end_ns != null)] | length | tostring as $waits
	| [$d.cycles[].findings[] | select(.severity == "failure")] | length | tostring as $fails
	| [$cbs, $ph, $edges, $waits, $fails] | join(" ")' "$1"
}

# Analyze $2... into $1.pftrace and $1.json; compare what each holds.
check_run() {
	name=$1
	shift
	"$PMSCOPE" analyze -q --perfetto "$T/$name.pftrace" -j "$T/$name.json" "$@"
	ok "$name: protoc decodes the trace" sh -c "protoc --decode=perfetto.protos.Trace \
		-I '$P' '$P/pmscope_trace.proto' < '$T/$name.pftrace' > '$T/$name.txt'"
	events "$T/$name.txt" > "$T/$name.ev"
	set -- $(json_counts "$T/$name.json")
	cbs=$1 phases=$2 edges=$3 waits=$4 fails=$5
	is "$name: a slice per callback ($cbs)" \
		"$(grep -c -E '^TYPE_SLICE_BEGIN [0-9]+ [0-9]+ "(pm|initcall|probe|quirk)"' "$T/$name.ev")" "$cbs"
	is "$name: a slice per phase ($phases)" \
		"$(grep -c '^TYPE_SLICE_BEGIN [0-9]* [0-9]* "phase"' "$T/$name.ev")" "$phases"
	is "$name: every slice ends" "$(grep -c '^TYPE_SLICE_END' "$T/$name.ev")" \
		"$(grep -c '^TYPE_SLICE_BEGIN' "$T/$name.ev")"
	is "$name: a flow per path edge and wait ($edges + $waits)" \
		"$(grep -o ' flow:[0-9]*' "$T/$name.ev" | wc -l)" "$((edges + waits))"
	is "$name: each flow ends once" \
		"$(grep -o ' end:[0-9]*' "$T/$name.ev" | sed 's/end/flow/' | sort | uniq -c |
		   awk '$1 == 1' | wc -l)" "$((edges + waits))"
	is "$name: an instant per failure ($fails)" \
		"$(grep -c '^TYPE_INSTANT [0-9]* [0-9]* "failure"' "$T/$name.ev")" "$fails"
}

# QEMU q35 S3, pm_async 1, as a run folder (dmesg + device tree).
run=$T/async1
mkdir -p "$run/sys"
cp "$FIXTURES/qemu-q35-s3-async1-medium/dmesg.txt" "$run/"
cp "$FIXTURES/qemu-q35-s3-async1-medium/guest/sys/devices.txt" "$run/sys/"
check_run async1 "$run"
ev=$T/async1.ev
# input4 waited for usb 1-2 (454.537 ms lost, the JSON's blocked[1]) and
# the resume critical path goes from 1-2 to input4: two flows between
# their resume slices.
b="^TYPE_SLICE_BEGIN [0-9]* [0-9]* \"pm\""
from=$(grep "$b \"1-2\"" "$ev" | grep -o 'flow:[0-9]*' | sed 's/flow://')
to=$(grep "$b \"input4\"" "$ev" | grep -o 'end:[0-9]*' | sed 's/end://')
is "async1: flows from usb 1-2 to input4: path and wait" \
	"$(printf '%s\n' $from $to | sort | uniq -d | wc -l)" 2
# usb1's callbacks in the S3 cycle: suspend 13.686428 s on thread 141,
# resume 14.013747 s to 14.159141 s (145394 us) on thread 284
is "async1: usb1's slices at their log times" \
	"$(grep "$b \"usb1\"" "$ev" | awk '{ print $2 }' | tr '\n' ' ')" "13686428000 14013747000 "
usb1_track=$(grep "$b \"usb1\"" "$ev" | awk '$2 == 14013747000 { print $3 }')
is "async1: its resume slice ends at 14.159141 s" \
	"$(awk -v t="$usb1_track" '$1 == "TYPE_SLICE_END" && $3 == t && $2 == 14159141000' "$ev" |
	   wc -l)" 1
is "async1: on thread 284's track" \
	"$(awk -v t="$usb1_track" '/^packet/ { u = "" } /^    uuid: / { u = $2 }
	   /^    name: / && u == t { print $2 }' "$T/async1.txt")" '"284"'
is "async1: the resume cycle's tracks: cycle, phases, the driving thread first" \
	"$(grep -A2 '^    uuid: 85899345[0-9]*$' "$T/async1.txt" | sed -n 's/^    name: //p' |
	   head -n 3 | tr '\n' ' ')" '"cycle 2: mem" "phases" "1 driving" '

check_run tracedat "$FIXTURES/qemu-q35-s3-tracecmd-dat/trace.dat"
check_run skynet-mem "$FIXTURES/pmgraph-2014-skynet-mem-k3.15/skynet_mem_dmesg.txt"
check_run pixel6 "$FIXTURES/kernel6.16-pixel6-arm64-deep-caller-email/message.eml"
# eeprom@2 returned -16 in cycles 1 and 2
is "pixel6: the -16 returns on eeprom@2's slices, a failure each" \
	"$(grep -c '"eeprom@2" ret:-16$' "$T/pixel6.ev")
$(grep -c '^TYPE_INSTANT [0-9]* [0-9]* "failure" "eeprom@2: suspend failed: error -16 (EBUSY), in platform_pm_suspend"$' \
	   "$T/pixel6.ev")" "2
2"

# Work outside callbacks: a track per thread, a slice per work; the ATA
# error handler's ata_eh_recover through resume (lines 2618-3936).
check_run ivybridge "$FIXTURES/pmgraph-2016-ivybridge-mem-devlate-k4.6/ivybridge_mem_ftrace.txt.xz"
is "ivybridge: a slice per work outside callbacks" \
	"$(grep -c '^TYPE_SLICE_BEGIN [0-9]* [0-9]* "outside_callbacks"' "$T/ivybridge.ev")" \
	"$(jq '[.cycles[].thread_work[]] | length' "$T/ivybridge.json")"
is "ivybridge: a slice per sleep span, inside its callback's" \
	"$(grep -c '^TYPE_SLICE_BEGIN [0-9]* [0-9]* "sleep"' "$T/ivybridge.ev")" \
	"$(jq '[.cycles[].callbacks[].callgraph // empty | .sleep_spans[]] | length' "$T/ivybridge.json")"
hda_track=$(awk '$1 == "TYPE_SLICE_BEGIN" && $2 == 88277854000 && $5 == "\"hdaudioC0D3\"" { print $3 }' "$T/ivybridge.ev")
is "ivybridge: hdaudioC0D3's msleep on its callback's track, 88.277864 to 88.292394 s" \
	"$(awk -v t="$hda_track" '$3 == t && $2 >= 88277854000 && $2 <= 88292819000 { print $1, $2, $4 }' "$T/ivybridge.ev" | tr '\n' ' ')" \
	'TYPE_SLICE_BEGIN 88277854000 "pm" TYPE_SLICE_BEGIN 88277864000 "sleep" TYPE_SLICE_END 88292394000  TYPE_SLICE_END 88292819000  '
eh_track=$(awk '/^    uuid: / { u = $2 } /^    name: "outside callbacks: 181 scsi_eh_0"/ { print u }' "$T/ivybridge.txt")
is "ivybridge: ata_eh_recover on scsi_eh_0's track, 88.950246 to 89.274441 s" \
	"$(awk -v t="$eh_track" '$3 == t && $2 >= 88900000000 { print $1, $2 }' "$T/ivybridge.ev" | tr '\n' ' ')" \
	"TYPE_SLICE_BEGIN 88950246000 TYPE_SLICE_END 89274441000 "

# Text from logs stays valid UTF-8.
printf '[    1.000000] PM: suspend entry (deep)\n[    1.100000] \377dev\303: PM: calling pci_pm_suspend+0x0/0x150 @ 7, parent: pci0000:00\n[    1.100100] \377dev\303: PM: pci_pm_suspend+0x0/0x150 returned 0 after 100 usecs\n[    2.000000] PM: suspend exit\n' > "$T/bad.txt"
"$PMSCOPE" analyze -q --perfetto "$T/bad.pftrace" "$T/bad.txt"
decode "$T/bad.pftrace" > "$T/bad.dec" 2> "$T/bad.err"
is "invalid UTF-8 in a device name: protoc reads it clean" "$(cat "$T/bad.err")" ""
ok "the name has U+FFFD for each bad byte" grep -q 'name: "\\357\\277\\275dev\\357\\277\\275"' "$T/bad.dec"

ok "--perfetto to an unwritable place fails" sh -c \
	"! '$PMSCOPE' analyze -q --perfetto /nonexistent/x.pftrace '$run'"
done_testing
