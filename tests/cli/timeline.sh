#!/bin/sh
# SVG and PNG timelines (--svg, --png, --width, --from/--to, --phase):
# valid XML on every real fixture, the figures they show checked against
# the JSON report and the kernel's own numbers, same bytes for the same
# input, text from logs escaped.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
pngstat=$(dirname "$PMSCOPE")/tests/pngstat

# Every real log: the SVG validates and the PNG is drawn.
for f in $(find "$FIXTURES" -type f ! -name '*.md' ! -path '*/guest/*' ! -path '*/sys/*' ! -path '*/unusable/*' | sort); do
	name=${f#"$FIXTURES"/}
	"$PMSCOPE" analyze -q --svg "$T/f.svg" --png "$T/f.png" "$f" 2>/dev/null
	ok "svg of $name is valid XML" xmllint --noout "$T/f.svg"
	is "png of $name is as high as the svg" \
	   "$("$pngstat" "$T/f.png" | cut -d' ' -f2)" \
	   "$(sed -n 's/^<svg .* height="\([0-9]*\)".*/\1/p' "$T/f.svg")"
	rm -f "$T/f.svg" "$T/f.png"
done

# The q35 resume run folder (dmesg + device tree): cycle 2 is the suspend.
run=$T/q35
mkdir -p "$run/sys"
cp "$FIXTURES/qemu-q35-s3-async1-medium/dmesg.txt" "$run/"
cp "$FIXTURES/qemu-q35-s3-async1-medium/guest/sys/devices.txt" "$run/sys/"
"$PMSCOPE" analyze -q -c 2 -j "$T/q.json" --svg "$T/q.svg" --png "$T/q.png" --width 1000 "$run"
is "exit 0 with both timelines" "$?" 0
# one box per callback: the last line of each box's hover text starts "start +"
is "svg: a box for each of the 219 callbacks" "$(grep -c '^start +' "$T/q.svg")" \
   "$(jq '.cycles[0].callbacks | length' "$T/q.json")"
is "svg: 1-2 resumed in 450.503 ms on async thread 146" \
   "$(grep -c '^start +891.775 ms, 450.503 ms, thread 146 async, returned 0</title>' "$T/q.svg")" 1
is "svg: the kernel's resume length in the legend" "$(grep -c '>resume 977.620 ms<' "$T/q.svg")" 1
is "svg: machine phase collapsed (319.444 - 186.689 ms)" \
   "$(grep -c '<title>machine phase, 132.755 ms, collapsed</title>' "$T/q.svg")" 1
is "svg: input2's wait for 1-1 (as the text report)" \
   "$(grep -c '<title>input2 waited 469.248 ms for 1-1</title>' "$T/q.svg")" 1
is "svg: input4's wait for 1-2" "$(grep -c '<title>input4 waited 454.537 ms for 1-2</title>' "$T/q.svg")" 1
is "svg: 1-2 on the resume critical path" \
   "$(grep -c '<title>critical path: run 1-2, 450.503 ms</title>' "$T/q.svg")" 1
is "svg: driving thread lane first" \
   "$(grep '^<text x="12.0"' "$T/q.svg" | grep -o '>[0-9][0-9a-z ]*<' | head -2 | tr -d '\n')" \
   ">1 driving<>150<"
is "svg: width" "$(sed -n 's/^<svg .* width="\([0-9]*\)".*/\1/p' "$T/q.svg")" 1000
is "png: width" "$("$pngstat" "$T/q.png" | cut -d' ' -f1)" 1000
ok "png: not blank (over 30 colours)" test "$("$pngstat" "$T/q.png" | cut -d' ' -f3)" -gt 30
"$PMSCOPE" analyze -q -c 2 --svg "$T/q2.svg" --png "$T/q2.png" --width 1000 "$run"
ok "svg: same bytes for the same input" cmp "$T/q.svg" "$T/q2.svg"
ok "png: same bytes for the same input" cmp "$T/q.png" "$T/q2.png"

# --phase resume: the callbacks overlapping the resume phase, no others
"$PMSCOPE" analyze -q -c 2 --phase resume --svg "$T/r.svg" "$run"
is "--phase resume: boxes = callbacks overlapping the phase" "$(grep -c '^start +' "$T/r.svg")" \
   "$(jq '.cycles[0] as $c | ($c.phases[] | select(.name == "resume")) as $p |
	  [$c.callbacks[] | select(.start_ns <= $p.end_ns and (.end_ns // $c.end_ns) >= $p.start_ns)] |
	  length' "$T/q.json")"
is "--phase resume: no suspend band" "$(grep -c '>suspend_late ' "$T/r.svg")" 0
# --from/--to: 300 to 400 ms after the cycle's start
"$PMSCOPE" analyze -q -c 2 --from 300 --to 400.5 --svg "$T/w.svg" "$run"
is "--from 300 --to 400.5: boxes = callbacks overlapping it" "$(grep -c '^start +' "$T/w.svg")" \
   "$(jq '.cycles[0] as $c | ($c.start_ns + 300000000) as $a | ($c.start_ns + 400500000) as $b |
	  [$c.callbacks[] | select(.start_ns <= $b and (.end_ns // $c.end_ns) >= $a)] | length' "$T/q.json")"
"$PMSCOPE" analyze -q --phase nosuch --svg "$T/n.svg" "$run" 2>"$T/err"
is "--phase nosuch: exit 2" "$?" 2
is "--phase nosuch: says why" "$(grep -c "no cycle shown has a phase named 'nosuch'" "$T/err")" 1
ok "--phase nosuch: no file left" test ! -e "$T/n.svg"
"$PMSCOPE" analyze -q --from 500 --to 100 --svg "$T/n.svg" "$run" 2>"$T/err"
is "--from after --to: exit 2" "$?" 2
is "--from after --to: says so" "$(cat "$T/err")" "pmscope analyze: --from must come before --to"
"$PMSCOPE" analyze -q --phase nosuch "$run"
is "--phase without a timeline output: nothing to check, exit 0" "$?" 0
"$PMSCOPE" analyze -q --width 10 --svg "$T/n.svg" "$run" 2>"$T/err"
is "--width 10: exit 2" "$?" 2
"$PMSCOPE" analyze -q --svg "$T/nodir/x.svg" "$run" 2>"$T/err"
is "unwritable svg path: exit 2" "$?" 2
is "unwritable svg path: named" "$(grep -c "$T/nodir/x.svg" "$T/err")" 1

# A device named like markup shows as text (one real cycle, one name
# changed; no blanks in it: a log's device name is its last word).
sed -n '2125,2654p' "$FIXTURES/qemu-q35-s3-async1-medium/dmesg.txt" |
	sed 's/alarmtimer alarmtimer.0.auto:/alarmtimer <img\/src=x\/onerror=alert(1)>:/' |
	sed 's/sd 1:0:0:0:/sd <\/script>]]>\o377\o001x:/' > "$T/xss.txt"
"$PMSCOPE" analyze -q --svg "$T/x.svg" -j "$T/x.json" "$T/xss.txt"
ok "xss: svg valid" xmllint --noout "$T/x.svg"
is "xss: no <img element in the svg" "$(grep -c '<img' "$T/x.svg")" 0
is "xss: the name as text in the svg" \
   "$(grep -c '<title>&lt;img/src=x/onerror=alert(1)&gt; {alarmtimer}$' "$T/x.svg")" \
   "$(jq '[.cycles[0].callbacks[] | select(.device == "<img/src=x/onerror=alert(1)>")] | length' "$T/x.json")"
is "xss: the json keeps the name" \
   "$(jq -r '[.cycles[0].callbacks[].device | select(startswith("<img"))][0]' "$T/x.json")" \
   "<img/src=x/onerror=alert(1)>"
is "xss: that device's callbacks" \
   "$(jq '[.cycles[0].callbacks[] | select(.device == "<img/src=x/onerror=alert(1)>")] | length' "$T/x.json")" 2
# A PNG taller than cairo draws: the renderer says why, naming the file,
# and nothing is written (300 cycles of 8 callbacks each).
awk 'BEGIN { t = 100; for (c = 0; c < 300; c++) {
	printf "[%12.6f] PM: suspend entry (deep)\n", t; t += 0.01
	for (d = 0; d < 8; d++) {
		printf "[%12.6f] pci 0000:00:%02d.0: calling pci_pm_suspend+0x0/0x100 @ %d, " \
			"parent: pci0000:00\n", t, d, 100 + d; t += 0.001
		printf "[%12.6f] pci 0000:00:%02d.0: pci_pm_suspend+0x0/0x100 returned 0 after " \
			"1000 usecs\n", t, d; t += 0.001
	}
	printf "[%12.6f] PM: suspend exit\n", t; t += 5 } }' > "$T/tall.log"
"$PMSCOPE" analyze -q --png "$T/tall.png" "$T/tall.log" 2> "$T/err"; rc=$?
is "a PNG too high: exit 2" "$rc" 2
ok "a PNG too high: the file and why" grep -q "^pmscope: $T/tall.png: a PNG would be [0-9]* px high (at most 32767): choose a cycle, phase or time window" "$T/err"
ok "a PNG too high: no file" test ! -e "$T/tall.png"
"$PMSCOPE" analyze -q -c 7 --png "$T/tall.png" "$T/tall.log"
ok "one of its cycles: drawn" test -s "$T/tall.png"
done_testing
