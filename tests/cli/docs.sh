#!/bin/sh
# The documented contract holds: the man page is clean roff and agrees with
# every command's --help (options both ways, short letters, defaults); the
# JSON of analyze, stats, compare and whatif writes the keys pmscope(1)
# documents, no others, each path keeping one type, times in integer ns;
# the examples of README.md and pmscope(1) run as shown, the README's
# sample summary is what analyze prints; the exit statuses are those
# pmscope(1) documents.
. "$(dirname "$0")/../tap.sh"
top=$(cd "$(dirname "$0")/../.." && pwd)
M="$top/man/pmscope.1"
R="$top/README.md"
F=$FIXTURES
T=$TMPDIR_TEST
ok "man page lints clean" mandoc -Tlint -W warning "$M"
for cmd in analyze stats compare whatif record arm collect watch; do
	for opt in $("$PMSCOPE" "$cmd" --help | grep -o -E '^  (-[a-zA-Z], |    )--[a-z-]+' | sed 's/.*--//'); do
		ok "man page documents $cmd --$opt" grep -q -- "Fl -$opt" "$M"
	done
	# long-only options
	for opt in $("$PMSCOPE" "$cmd" --help | grep -o -E '^      --[a-z-]+' | sed 's/.*--//'); do
		ok "man page documents $cmd --$opt" grep -q -- "Fl -$opt" "$M"
	done
done
# a terminal's 80 columns: whatif's model assumptions were printed a line
# each, up to 541 columns
for cmd in analyze stats compare whatif record arm collect watch; do
	is "$cmd --help fits 80 columns" \
		"$("$PMSCOPE" "$cmd" --help | awk 'length > 79' | head -1)" ""
done
for c in $("$PMSCOPE" --help | sed -n 's/^  \([a-z]*\) .*/\1/p'); do
	ok "man page documents command $c" grep -q "Cm $c" "$M"
	ok "README mentions command $c" grep -q "pmscope $c" "$top/README.md"
done

# --- options: pmscope(1)'s "Options of" lists against --help ---

# help_opts CMD: "x long" per option of CMD's --help ("- long" when it
# has no short letter), then its numeric default ("default N")
help_opts() {
	"$PMSCOPE" "$1" --help | awk '
		function out() { if (o != "") print o, (d == "" ? "-" : d); o = ""; d = "" }
		/^  -[a-zA-Z], --[a-z-]+/ { out(); o = substr($1, 2, 1) " " substr($2, 3) }
		/^      --[a-z-]+/ { out(); o = "- " substr($1, 3) }
		/^[^ ]/ || /^$/ { out() }
		o != "" && d == "" && match($0, /default:? [0-9]+/) {
			d = substr($0, RSTART, RLENGTH); gsub(/[^0-9]/, "", d) }
		END { out() }'
}
# man_opts SECTION: the same of pmscope(1)'s "Options of SECTION" list
man_opts() {
	awk -v sec=".Ss Options of $1" '
		function out(  i) { for (i = 1; i <= no; i++) print os[i], (d == "" ? "-" : d); no = 0; d = "" }
		/^\.S[sh] / { out(); on = ($0 == sec) }
		!on { next }
		/^\.El/ { out() }
		/^\.It Fl/ {
			out(); s = "-"
			for (i = 2; i <= NF; i++)
				if ($i == "Fl" && $(i + 1) ~ /^-/) os[++no] = s " " substr($(i + 1), 2)
				else if ($i == "Fl") s = $(i + 1)
			next }
		no && d == "" && match($0, /default [0-9]+/) { d = substr($0, RSTART + 8, RLENGTH - 8) }
		' "$M"
}
# check_opts SECTION CMD...: each option of the section is some CMD's, with
# the same short letter and default; each CMD's option is in the section
check_opts() {
	sec=$1
	shift
	man_opts "$sec" | sort -u > "$T/man.opts"
	: > "$T/help.opts"
	for c; do help_opts "$c" >> "$T/help.opts"; done
	sort -u -o "$T/help.opts" "$T/help.opts"
	is "Options of $sec: in --help of $*, same letter and default" \
		"$(comm -23 "$T/man.opts" "$T/help.opts" | tr '\n' ';')" ""
	is "--help of $*: in Options of $sec, same letter and default" \
		"$(comm -13 "$T/man.opts" "$T/help.opts" | tr '\n' ';')" ""
}
check_opts analyze analyze
check_opts "stats and compare" stats compare
check_opts whatif whatif
check_opts "record, arm and collect" record arm collect
check_opts watch watch

# --- JSON: keys documented both ways, one type per path, ns integers ---

# man_keys FROM TO: the key names (.Li words) of pmscope(1) from the line
# FROM to the next line TO; "cycles[].phases[]" gives cycles and phases,
# "cycles[].callbacks[].callgraph.sleeps[]" callgraph and sleeps too
man_keys() {
	sed -n "/^$1\$/,/^$2/p" "$M" | grep -E '^\.(It |Pq )?Li ' |
		sed -E 's/^\.(It |Pq )?Li //' | tr -d '{}":,' | tr ' ' '\n' |
		sed -E '/\[\]/ { s/\[\]//g; s/\./\n/g; }' |
		grep -v -E '^[[:punct:]]*$|^(Li|Pq|Ns)$' | sort -u
}
# man_paths FROM TO: where pmscope(1) from the line FROM to the next line
# TO documents each key: an item ".It Li cycles[].phases[]" holds the keys
# its text names (a name with a dot in it is a whole path), an item of
# several names ("tool , sources , facts") names top-level keys; "[]"
# left out. A text may name keys of other objects too: these paths are
# all the documented ones and some more.
man_paths() {
	sed -n "/^$1\$/,/^$2/p" "$M" | awk '
		function words(s, pre,   n, w, i) {
			gsub(/[{}":;(),]/, " ", s)
			n = split(s, w, " ")
			for (i = 1; i <= n; i++) {
				if (w[i] ~ /^(Li|Pq|Ns|It)$/ || w[i] !~ /^[a-z_][a-z_0-9.*\[\]]*$/)
					continue
				print (pre == "" || w[i] ~ /\./ ? "" : pre ".") w[i]
			}
		}
		/^\.Bl/ { depth++ }
		/^\.El/ { depth-- }
		/^\.It Li / && depth == 1 {
			s = substr($0, 8)
			if (s ~ / , /) { cur = ""; words(s, ""); next }
			cur = s; gsub(/ /, "", cur); print cur; next
		}
		/^\.(It |Pq )?Li / { s = $0; sub(/^\.(It |Pq )?Li /, "", s); words(s, cur) }' |
		sed 's/\[\]//g' | sort -u
}
# json_paths FILE...: the path of every key written, "[]" left out, facts'
# keys not (their names are checked by json_keys)
json_paths() {
	jq -r 'del(.codes?) | paths | select(.[-1] | type == "string") |
		map(select(type == "string")) | join(".")' "$@" | grep -v '^facts\.' | sort -u
}
# json_keys FILE...: every key written, facts' by their documented name
json_keys() {
	jq -r 'if has("codes") then .codes = {} else . end | [.. | objects | keys[]] |
		unique[]' "$@" |
		sed -E 's/^(dmi|power|capture)\..*/\1.*/; s/^hw_sleep\.cycle[0-9]+$/hw_sleep.cycleN/' |
		sort -u
}
# json_types FILE...: "path type" of every value that is not null
json_types() {
	jq -r 'def t($p): if type == "object" then (to_entries[] | .key as $k | .value |
		t($p + "." + $k)) elif type == "array" then (.[] | t($p + "[]"))
		elif type == "null" then empty else "\($p) \(type)" end;
		[t("")] | unique[]' "$@" | sed -E 's/^\.facts\.[^ ]*/.facts.KEY/' | sort -u
}
# one_type WHAT FILE...: no path holds two types (a number here, a string there)
one_type() {
	w=$1
	shift
	is "$w: each path keeps one type" \
		"$(json_types "$@" | awk '{ n[$1]++; t[$1] = t[$1] " " $2 }
			END { for (p in n) if (n[p] > 1) print p t[p] }' | sort | tr '\n' ';')" ""
}
# enum WHAT FILTER PQ FILE...: pmscope(1) lists the values of WHAT as
# ".Pq PQ" and the values FILTER finds are among them
enum() {
	w=$1 filter=$2 pq=$3
	shift 3
	ok "pmscope(1) lists the values of $w" grep -q -x -F ".Pq $pq" "$M"
	echo "$pq" | tr -d ',' | tr ' ' '\n' | grep . > "$T/enum"
	is "$w: every value written is listed" \
		"$(jq -r "$filter" "$@" | sort -u | grep -v -x -F -f "$T/enum" | tr '\n' ' ')" ""
}
# schema WHAT CMD FILE: the schema --help names is the one written
schema() {
	is "$1: --help names the schema written" \
		"$("$PMSCOPE" "$2" --help | grep -o -E 'schema [a-z/0-9-]+' | cut -d' ' -f2)" \
		"$(jq -r .schema "$3")"
	ok "$1: pmscope(1) names its schema" grep -q -F "$(jq -r .schema "$3")" "$M"
}
# integer_ns WHAT FILE...: every *_ns is an integer or null
integer_ns() {
	w=$1
	shift
	is "$w: every *_ns is integer nanoseconds or null" \
		"$(jq -r '[.. | objects | to_entries[] | select(.key | endswith("_ns")) |
			select(.value != null and (.value | type != "number" or . != floor)) |
			.key] | unique[]' "$@" | sort -u | tr '\n' ' ')" ""
}

# pmscope/2: these inputs write every key but wall_start_ns, hw_sleep.cycleN (a run
# folder's sleep-stats.txt, capture_residency.sh) and a message's alarm (a
# WARN() while a callback ran, report_inputs.sh); a7 is the 5.8 XPS log
# with 3000 long xhci lines more during its resume (line 963's, repeated),
# over the 256 KiB of messages a cycle keeps: messages_cut
"$PMSCOPE" analyze -q -j "$T/a1.json" \
	"$F/pmgraph-2019-xps9360-multitest-k5.3/otcpl-dell-9360-kbl_mem_ftrace.txt.gz"
"$PMSCOPE" analyze -q -j "$T/a2.json" "$F/qemu-q35-s3-tracecmd-dat/dmesg.txt.xz"
"$PMSCOPE" analyze -q -j "$T/a3.json" "$F/kernel6.16-pixel6-arm64-deep-caller-email/message.eml"
"$PMSCOPE" analyze -q -j "$T/a4.json" "$F/pmscope-record-qemu-q35-s3-k6.1"
"$PMSCOPE" analyze -q -j "$T/a5.json" "$F/kernel5.8-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt"
"$PMSCOPE" analyze -q -j "$T/a6.json" "$F/kernel6.13-beaglebone-serial-boot-initcall/minicom_reverted.cap"
awk 'NR == 963 { for (i = 0; i < 3000; i++) printf "[   56.885946] xhci_hcd 0000:39:00.0: " \
	"Timeout while waiting for setup device command, slot %d, %0120d\n", i, 0 } { print }' \
	"$F/kernel5.8-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt" > "$T/many.txt"
"$PMSCOPE" analyze -q -j "$T/a7.json" "$T/many.txt"
is "pmscope/2: a cycle of too many messages counts those not kept, its totals the log's" \
   "$(jq -c '.cycles[0] | [.messages_cut > 1000, .totals.resume_ns]' "$T/a7.json")" '[true,12509668000]'
A="$T/a1.json $T/a2.json $T/a3.json $T/a4.json $T/a5.json $T/a6.json $T/a7.json"
# keys_agree WHAT SKIP FILE...: the keys FILEs write against those in
# $T/doc.keys, both ways; SKIP (an ERE) documented keys no fixture writes
keys_agree() {
	w=$1 skip=$2
	shift 2
	json_keys "$@" > "$T/json.keys"
	is "$w: every key written is documented" \
		"$(comm -13 "$T/doc.keys" "$T/json.keys" | tr '\n' ' ')" ""
	is "$w: every key documented is written" \
		"$(comm -23 "$T/doc.keys" "$T/json.keys" | grep -v -x -E "$skip" | tr '\n' ' ')" ""
}
man_keys '\.Sh JSON' '\.Sh ' > "$T/doc.keys"
# shellcheck disable=SC2086 # the files, word by word
keys_agree pmscope/2 'hw_sleep\.cycleN|wall_start_ns|alarm' $A
man_paths '\.Sh JSON' '\.Sh ' > "$T/doc.paths"
# shellcheck disable=SC2086
is "pmscope/2: every key is written where pmscope(1) documents it" \
   "$(json_paths $A | comm -23 - "$T/doc.paths" | tr '\n' ' ')" ""
# shellcheck disable=SC2086
one_type pmscope/2 $A
# shellcheck disable=SC2086
integer_ns pmscope/2 $A
schema pmscope/2 analyze "$T/a1.json"
# shellcheck disable=SC2086
enum cycles[].mode '.cycles[].mode' 'mem, s2idle, standby, disk, boot, unknown ,' $A
# shellcheck disable=SC2086
enum critical_path[].kind '.cycles[].phases[].critical_path[].kind' 'run, wait, gap ,' $A
# shellcheck disable=SC2086
enum callbacks[].kind '.cycles[].callbacks[].kind' 'pm, initcall, probe, quirk , async_work' $A
# shellcheck disable=SC2086
enum milestones[].kind '.cycles[].milestones[]?.kind' \
	'initcall, console, link, queues, disk, partitions, mount, root, initmem, init, systemd ,' $A
# shellcheck disable=SC2086
enum messages[].relation '.cycles[].callbacks[].messages[]?.relation' \
	'device, parent, child, driver, other' $A
# shellcheck disable=SC2086
enum findings[].severity '.findings[].severity, .cycles[].findings[].severity' \
	'failure, warning, note ,' $A
# shellcheck disable=SC2086
enum verdict '.verdict' 'ok, failed, no-data' $A
# every finding code, with its severity, in pmscope(1), and only those:
# the table in src/model/finding_codes.c is the one description
sed -n 's/^\t\[FC_[A-Z_]*\] = { "\([a-z-]*\)", SEV_\([A-Z]*\),.*/\1 \2/p' \
	"$top/src/model/finding_codes.c" | tr 'A-Z' 'a-z' | sort > "$T/codes"
is "the finding codes table has one row per code" "$(wc -l < "$T/codes")" \
	"$(grep "^$(printf '\t')FC_[A-Z_]*," "$top/include/findings.h" | grep -c -v FC_COUNT)"
is "pmscope(1) lists every finding code with its severity, and no other" \
	"$(sed -n '/^\.Sh FINDINGS$/,/^\.Sh /s/^\.It Li \([a-z-]*\) Pq \([a-z]*\)$/\1 \2/p' "$M" | sort)" \
	"$(cat "$T/codes")"
# shellcheck disable=SC2086
is "every code written is one of them" \
	"$(jq -r '.findings[].code, .cycles[].findings[].code, (.codes | keys[])' $A | sort -u |
		grep -v -x -F -f "$(cut -d' ' -f1 "$T/codes" > "$T/names"; echo "$T/names")" |
		tr '\n' ' ')" ""
# shellcheck disable=SC2086
is "pmscope/2: facts are strings (ncpus, memory_kb too)" \
	"$(jq -r '.facts[] | select(type != "string")' $A)" ""
# shellcheck disable=SC2086
is "pmscope/2: kernel_ms has three decimals" \
	"$(cat $A | grep -o -E '"kernel_ms":[^,}]*' | grep -v -E ':(null|-?[0-9]+\.[0-9]{3})$' | head -3)" ""
# The units against the log (Ixpees_mem_dmesg.txt line 979: "[   63.392202]
# PM: resume of devices complete after 12046.043 msecs"; line 4:
# "# fwsuspend 0 fwresume 2706432", sleepgraph's ns): ns on the log's
# clock, the kernel's figure in ms as printed, the firmware's in ns
is "pmscope/2: resume end_ns, kernel_ms in the log's units" \
	"$(jq -c '.cycles[0].phases[] | select(.name == "resume") | [.end_ns, .kernel_ms]' "$T/a5.json")" \
	'[63392202000,12046.043]'
is "pmscope/2: firmware_resume_ns as the header's ns" \
	"$(jq .cycles[0].totals.firmware_resume_ns "$T/a5.json")" 2706432
is "pmscope/2: the README's 12509.668 ms resume is resume_ns" \
	"$(jq .cycles[0].totals.resume_ns "$T/a5.json")" 12509668000

# stats and compare: the limits in ms and %, not ns
"$PMSCOPE" stats -q -j "$T/s1.json" --max-suspend 100000 --max-resume 1000 \
	"$F/kernel5.8-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt" \
	"$F/kernel6.15-qemu-s2idle-printk-caller-hang/complete.log"
"$PMSCOPE" stats -q -j "$T/s2.json" --mode boot --max-resume 1 \
	"$F/kernel6.15-qemu-s2idle-printk-caller-hang/complete.log"
"$PMSCOPE" compare -q -j "$T/c1.json" --max-regress 5 --max-resume 1000 \
	"$F/qemu-q35-s3-async0-medium" "$F/qemu-q35-s3-async1-medium"
S="$T/s1.json $T/s2.json $T/c1.json"
man_keys '\.Ss JSON of stats and compare' '\.S[sh] ' > "$T/doc.keys"
# shellcheck disable=SC2086
keys_agree "stats, compare" 'G|S|pmscope-stats/1|pmscope-compare/1' $S
schema stats stats "$T/s1.json"
schema compare compare "$T/c1.json"
# shellcheck disable=SC2086
enum gates[].unit '.gates[].unit' 'ms or % ,' $S
# shellcheck disable=SC2086
enum device_changes[].kind '.device_changes[]?.kind' 'changed, new, gone, ended, no_end :' $S
# shellcheck disable=SC2086
one_type "stats, compare" $S
# shellcheck disable=SC2086
integer_ns "stats, compare" $S
is "stats: --max-resume in ms, where the worst total was" \
	"$(jq -c '.gates[1] | [.unit, .limit, .value, .failed, .where]' "$T/s1.json")" \
	"[\"ms\",1000,12509.668,true,\"$F/kernel5.8-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt cycle 1\"]"
is "stats: a limit with nothing to measure fails, value and where null" \
	"$(jq -c '.gates[0] | [.value, .where, .failed]' "$T/s2.json")" '[null,null,true]'
is "stats: max_source and max_cycle absent when n is 0" \
	"$(jq -c '.stats.resume | [.n, has("max_source"), has("max_cycle")]' "$T/s2.json")" '[0,false,false]'
is "compare: --max-regress in %, where null" \
	"$(jq -c '.gates[1:][] | [.what, .unit, .limit, .where]' "$T/c1.json" | tr '\n' ' ')" \
	'["suspend regression","%",5,null] ["resume regression","%",5,null] '

# whatif: its own keys, and those it writes as in pmscope/2
"$PMSCOPE" whatif -q -j "$T/w1.json" --async 'input[0-9]' --sync i8042 --defer 'ata1*@resume' \
	--scale 'ata2*=0.5' --cpus 2 "$F/qemu-q35-s3-async1-input-async-2cycles"
"$PMSCOPE" whatif -q -j "$T/w2.json" -p rework "$F/kernel5.8-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt"
W="$T/w1.json $T/w2.json"
{ man_keys '\.Ss JSON of whatif' '\.S[sh] '; man_keys '\.Sh JSON' '\.Sh '; } | sort -u > "$T/doc.keys"
# shellcheck disable=SC2086
json_keys $W > "$T/json.keys"
is "whatif: every key written is documented" \
	"$(comm -13 "$T/doc.keys" "$T/json.keys" | tr '\n' ' ')" ""
man_keys '\.Ss JSON of whatif' '\.S[sh] ' > "$T/doc.keys"
is "whatif: every key documented is written" \
	"$(comm -23 "$T/doc.keys" "$T/json.keys" | grep -v -x pmscope-whatif/1 | tr '\n' ' ')" ""
schema whatif whatif "$T/w1.json"
# shellcheck disable=SC2086
enum policy.changes[].kind '.policy.changes[].kind' 'async, sync, defer, scale ,' $W
# shellcheck disable=SC2086
one_type whatif $W
# shellcheck disable=SC2086
integer_ns whatif $W
is "whatif: factor is --scale's, null for the others" \
	"$(jq -c '[.policy.changes[] | [.kind, .factor, .phase]]' "$T/w1.json")" \
	'[["async",null,null],["sync",null,null],["defer",null,"resume"],["scale",0.5,null]]'

# --- examples: README's Use block and pmscope(1)'s EXAMPLES run ---

# A folder with the names they use, each a fixture: dmesg.txt and
# trace.txt one run of two cycles (-c 2), run-dir/ a run folder, run-s3/ a
# run with input and ata devices, lab/runs/ and their reports, before/ and
# after/ runs.
X=$T/examples
# afresh: a link made again into an old one would land inside the fixture
rm -rf "$X"
mkdir -p "$X/lab/runs" "$X/before" "$X/after" "$X/runs-v6.12" "$X/runs-v6.12-patched"
ln -s "$F/qemu-q35-s3-async1-medium/dmesg.txt" "$X/dmesg.txt"
ln -s "$F/qemu-q35-s3-async1-medium/trace.txt.xz" "$X/trace.txt"
ln -s "$F/pmgraph-2014-skynet-mem-k3.15/skynet_mem_ftrace.txt" "$X/skynet_mem_ftrace.txt"
ln -s "$F/kernel5.4-lkp-lenovo80mk-freeze-10cycles-kmsg/kmsg.xz" "$X/kmsg.xz"
ln -s "$F/pmscope-record-qemu-q35-s3-k6.1" "$X/run-dir"
ln -s "$F/pmscope-record-qemu-q35-s3-k6.1" "$X/run-2026-12-02"
ln -s "$F/qemu-q35-s3-async1-medium" "$X/run-s3"
ln -s "$F/qemu-q35-s3-async1-medium" "$X/lab/runs/a"
ln -s "$F/kernel5.4-xps9360-mem-sleepgraph-dmesg" "$X/lab/runs/b"
# lab/reports/: the JSON reports of lab/runs/ (pmscope(1), Reports as inputs)
mkdir -p "$X/lab/reports"
for r in a b; do "$PMSCOPE" analyze -q -j "$X/lab/reports/$r.json" "$X/lab/runs/$r"; done
for d in before runs-v6.12; do ln -s "$F/qemu-q35-s3-async0-medium" "$X/$d/a"; done
for d in after runs-v6.12-patched; do ln -s "$F/qemu-q35-s3-async1-medium" "$X/$d/a"; done
# the examples of pmscope that need no root, a log piped in from cat
{
	sed -n '/^## Use$/,/^## /p' "$R" | sed -n '/^```$/,/^```$/p' | grep pmscope
	sed -n 's/^\.Dl //p' "$M"
} | sed 's/  *#.*//; s/^.*| pmscope/cat dmesg.txt | pmscope/' |
	grep -v -E 'pmscope (record|arm|collect|watch)' > "$T/examples.sh"
is "examples found" "$(grep -c . "$T/examples.sh" | awk '$1 >= 20 { print "many" }')" many
while read -r line; do
	(cd "$X" && PATH=$(dirname "$PMSCOPE"):$PATH eval "$line" > /dev/null 2> "$T/ex.err")
	rc=$?
	is "example runs as shown (status 0 or 1, nothing on stderr): $line" \
		"status $rc$(head -c 200 "$T/ex.err")" "status $([ $rc -le 1 ] && echo $rc || echo 0-1)"
done < "$T/examples.sh"

# README's sample: what analyze prints, up to the cut, and its last line
sed -n '/^\$ pmscope analyze --top 3 Ixpees_mem_dmesg.txt$/,/^```$/p' "$R" | sed '1d;$d' > "$T/readme.out"
(cd "$F/kernel5.8-xps9360-mem-sleepgraph-dmesg" && "$PMSCOPE" analyze --top 3 Ixpees_mem_dmesg.txt) \
	> "$T/real.out"
cut=$(grep -n -x '\.\.\.' "$T/readme.out" | cut -d: -f1)
is "README sample: analyze prints it up to the cut" \
	"$(head -n $((cut - 1)) "$T/real.out")" "$(head -n $((cut - 1)) "$T/readme.out")"
is "README sample: and its last line" "$(tail -n 1 "$T/real.out")" "$(tail -n 1 "$T/readme.out")"
# and the critical path of "On the same 5.8 log", line by line
awk '/On the same 5.8 log/ { f = 1; next } f && /^```$/ { if (++c == 2) exit; next } f && c == 1' \
	"$R" | grep -v -x '\.\.\.' > "$T/readme.path"
is "README critical path sample: lines found" "$(grep -c . "$T/readme.path")" 10
is "README critical path sample: every line is analyze's" \
	"$(grep -v -x -F -f "$T/real.out" "$T/readme.path")" ""

# --- exit statuses, as EXIT STATUS says ---

# status WANT DESCRIPTION COMMAND...
status() {
	want=$1 d=$2
	shift 2
	"$@" > /dev/null 2>&1
	is "exit $want: $d" "$?" "$want"
}
hang=$F/kernel6.15-qemu-s2idle-printk-caller-hang
printf 'Linux version 6.1.0 (gcc)\nusb 1-1: new device\n' > "$T/no-timing.txt"
status 0 "analyze, a clean log (complete.log)" "$PMSCOPE" analyze -q "$hang/complete.log"
# hang.log: cycle 2 never completed, 4-1's resume callback never returned (the
# log ends at line 3074, in the resume)
status 1 "analyze, a cycle that did not complete (hang.log)" "$PMSCOPE" analyze -q "$hang/hang.log"
status 4 "analyze, a log with no suspend, resume or boot (no data)" \
	"$PMSCOPE" analyze -q "$T/no-timing.txt"
status 4 "analyze, an empty log (no data)" "$PMSCOPE" analyze -q /dev/null
status 2 "analyze, a missing file" "$PMSCOPE" analyze -q "$T/missing.txt"
status 2 "analyze, a missing file beside a good one" \
	"$PMSCOPE" analyze -q "$hang/complete.log" "$T/missing.txt"
status 0 "whatif, a log with a failure (hang.log)" "$PMSCOPE" whatif -q "$hang/hang.log"
status 2 "whatif, a device option that matches no callback" \
	"$PMSCOPE" whatif -q --defer 'nosuchdevice' "$hang/complete.log"
status 1 "stats, a log with a failure and no limit (hang.log)" "$PMSCOPE" stats -q "$hang/hang.log"
# complete.log's s2idle resume: 2 cycles, the boot and one suspend
status 0 "stats, a limit kept" "$PMSCOPE" stats -q --max-resume 100000 "$hang/complete.log"
status 1 "stats, a limit exceeded" "$PMSCOPE" stats -q --max-resume 1 "$hang/complete.log"
status 1 "stats, a limit with nothing to measure (boot only)" \
	"$PMSCOPE" stats -q --mode boot --max-resume 1 "$hang/complete.log"
status 1 "stats, no completed cycle of --mode: the limit has nothing to measure" \
	"$PMSCOPE" stats -q --mode standby --max-resume 1 "$hang/complete.log"
status 4 "stats, a log with no suspend, resume or boot (no data)" \
	"$PMSCOPE" stats -q "$T/no-timing.txt"
status 2 "stats, a missing file" "$PMSCOPE" stats -q "$T/missing.txt"
# pm_async 0 to 1: the medians fell (suspend -44%, resume -29%)
status 0 "compare, no regression" "$PMSCOPE" compare -q --max-regress 5 \
	"$F/qemu-q35-s3-async0-medium" "$F/qemu-q35-s3-async1-medium"
status 1 "compare, a regression over --max-regress" "$PMSCOPE" compare -q --max-regress 5 \
	"$F/qemu-q35-s3-async1-medium" "$F/qemu-q35-s3-async0-medium"
done_testing
