#!/bin/sh
# The interactive HTML timeline (--html): polyglot XHTML on every real
# fixture, then loaded in headless Chromium: no script error, the drawn
# state, a scripted click's detail panel and search checked against the
# JSON report, a screenshot that is not blank, log text that stays text.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
pngstat=$(dirname "$PMSCOPE")/tests/pngstat

# browser URL: load the page, print the DOM after the scripts ran
browser() {
	timeout 120 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$T/chrome" \
		--window-size=1400,1000 --virtual-time-budget=5000 --enable-logging=stderr --v=0 \
		"$@" 2>>"$T/chrome.err"
}
state() { # state FILE ATTR: the page's test state, as the script left it
	grep -o '<div id="pmscope-state"[^>]*>' "$1" | sed -n "s/.* data-$2=\"\\([^\"]*\\)\".*/\\1/p"
}

for f in $(find "$FIXTURES" -type f ! -name '*.md' ! -path '*/guest/*' ! -path '*/sys/*' ! -path '*/unusable/*' | sort); do
	"$PMSCOPE" analyze -q --html "$T/f.html" "$f" 2>/dev/null
	ok "html of ${f#"$FIXTURES"/} is valid XML" xmllint --noout "$T/f.html"
	rm -f "$T/f.html"
done

run=$T/q35
mkdir -p "$run/sys"
cp "$FIXTURES/qemu-q35-s3-async1-medium/dmesg.txt" "$run/"
cp "$FIXTURES/qemu-q35-s3-async1-medium/guest/sys/devices.txt" "$run/sys/"
"$PMSCOPE" analyze -q -j "$T/q.json" --html "$T/q.html" "$run"
is "exit 0" "$?" 0
ok "one file, nothing fetched: no src or href to other files" \
   test "$(grep -c -E '(src|href)="[^#]' "$T/q.html")" -eq 0
browser --dump-dom "file://$T/q.html#cycle=2&click=1-2&search=usb" > "$T/dom.html"
is "chromium: no script error" "$(state "$T/dom.html" errors)" 0
is "chromium: no uncaught error on the console" "$(grep -c -i 'uncaught' "$T/chrome.err")" 0
is "chromium: cycle 2 shown" "$(state "$T/dom.html" cycle)" 2
is "chromium: all 219 callbacks of cycle 2 in the data" "$(state "$T/dom.html" callbacks)" \
   "$(jq '.cycles[1].callbacks | length' "$T/q.json")"
is "chromium: a lane per thread" "$(state "$T/dom.html" lanes)" "$(jq '.cycles[1].threads | length' "$T/q.json")"
ok "chromium: boxes drawn" test "$(state "$T/dom.html" drawn)" -gt 100
is "chromium: search 'usb' matches device or driver" "$(state "$T/dom.html" matches)" \
   "$(jq '[.cycles[1].callbacks[] | select((.device + " " + (.driver // "")) | ascii_downcase | contains("usb"))] | length' "$T/q.json")"
is "chromium: the click selected 1-2" "$(state "$T/dom.html" selected)" "1-2 {usb}"
d=$(state "$T/dom.html" detail)
for want in "phaseresume" "duration450.503 ms" "thread146" "sync/asyncasync" "critical pathyes" \
	    "held backinput4 for 454.537 ms" "parentsusb1 ← 0000:00:03.0 ← pci0000:00" \
	    "2630  [   14.466922] usb 1-2: PM: calling usb_dev_resume+0x0/0x10 [usbcore] @ 146, parent: usb1"; do
	is "chromium: detail panel has '$want'" "$(printf '%s' "$d" | grep -c -F "$want")" 1
done
# The wait links both ways: 1-2 held back input4, whose panel says so
browser --dump-dom "file://$T/q.html#cycle=2&click=1-2&follow=1" > "$T/follow.html"
is "link from 1-2 to the sync device it held back" "$(state "$T/follow.html" selected)" \
   "$(jq -r '.cycles[1].callbacks[] | select(.device == "input4" and .phase == "resume") |
	.device + (if .driver then " {" + .driver + "}" else "" end)' "$T/q.json")"
is "input4's panel: waited 454.537 ms for 1-2" \
   "$(state "$T/follow.html" detail | grep -c -F "blockedwaited 454.537 ms for 1-2")" 1

# Lanes by device tree: 1-2 (usb1 <- 0000:00:03.0 <- pci0000:00 in
# sys/devices.txt) goes to the lane of the xHCI controller 0000:00:03.0
browser --dump-dom "file://$T/q.html#cycle=2&lanes=tree&click=1-2" > "$T/tree.html"
is "device tree lanes: no script error" "$(state "$T/tree.html" errors)" 0
is "device tree lanes: 1-2 in the lane of 0000:00:03.0" \
   "$(state "$T/tree.html" detail | grep -c -F "lane0000:00:03.0log line")" 1
is "device tree lanes: devices deeper in the tree are no lanes" \
   "$(state "$T/tree.html" lane-names | tr '|' '\n' | grep -c -x -E 'usb1|usb2|1-1|1-2|input2|ata1|host0')" 0
is "device tree lanes: each lane once" \
   "$(state "$T/tree.html" lane-names | tr '|' '\n' | sort | uniq -d | wc -l)" 0

# Keys and the wheel: each step's view is "first-ms last-ms span" (span in
# display ms: the 132.755 ms machine phase drawn as the C layout draws it,
# 64 px of the 1400 px page's 1238 px time area, so as 64/1174 of the rest).
browser --dump-dom "file://$T/q.html#cycle=2&keys=%2B,ArrowRight,0,-,%2B,ArrowLeft,ArrowLeft,ArrowLeft&wheel=-347" \
	> "$T/keys.html"
steps=$(state "$T/keys.html" steps)
step() { printf '%s' "$steps" | cut -d, -f"$1"; }
fit=$(jq -r '.cycles[1] | (.end_ns - .start_ns) as $t | (.phases[] | select(.name == "machine") |
	.end_ns - .start_ns) as $m | "0.000 \($t / 1e6 | tostring) \(($t - $m) * (1 + 64 / 1174) / 1e6)"' "$T/q.json" |
	awk '{ printf "%.3f %.3f %.3f", $1, $2, $3 }')
is "keys: 0 shows the whole cycle, 1382.540 ms" "$(step 3)" "$fit"
is "keys: - at the whole cycle stays there" "$(step 4)" "$fit"
is "keys: + halves the span" "$(step 1 | cut -d' ' -f3)" "$(echo "$fit" | awk '{ printf "%.3f", $3 / 2 }')"
# (the view is printed to 0.001 ms, so the difference may be off by that)
is "keys: ArrowRight pans a fifth of the span" \
   "$(echo "$(step 1) $(step 2)" | awk '{ d = $4 - $1 - $3 / 5; printf "%s", (d < 0.0015 && d > -0.0015) }')" 1
is "keys: ArrowLeft stops at the cycle's start" "$(step 8 | cut -d' ' -f1)" "0.000"
is "wheel: deltaY -347 zooms in by exp(0.694)" \
   "$(echo "$(step 8) $(step 9)" | awk '{ d = $6 - $3 * exp(-0.694); printf "%s", (d < 0.01 && d > -0.01) }')" 1
# function_graph: the traced 1-1 resume's call tree summary in the panel
"$PMSCOPE" analyze -q -j "$T/fg.json" --html "$T/fg.html" "$FIXTURES/qemu-q35-s3-fgraph-async1-small/trace.txt.xz"
browser --dump-dom "file://$T/fg.html#click=1-1" > "$T/fg-dom.html"
is "function_graph: the click selected 1-1" "$(state "$T/fg-dom.html" selected)" "1-1 {usb}"
want=$(jq -r '[.cycles[].callbacks[] | select(.device == "1-1" and .callgraph)] | max_by(.end_ns - .start_ns) |
	.callgraph | "\(.calls)\t\(.sleep_ns)\t\(.functions[0].total_ns)\t\(.functions[0].self_ns)\t" +
	"\(.functions[0].calls)\t\(.functions[0].function)"' "$T/fg.json" |
	awk -F'\t' '{ printf "function_graphcalls%dslept%.3f mslongest%s %.3f ms (self %.3f, %d calls)",
		$1, $2 / 1e6, $6, $3 / 1e6, $4 / 1e6, $5 }')
is "function_graph: calls, sleep and longest function as in the JSON ($want)" \
   "$(state "$T/fg-dom.html" detail | grep -c -F "$want")" 1
browser --hide-scrollbars --screenshot="$T/shot.png" "file://$T/q.html" > /dev/null
ok "chromium: screenshot taken" test -s "$T/shot.png"
ok "chromium: screenshot not blank (over 50 colours)" test "$("$pngstat" "$T/shot.png" | cut -d' ' -f3)" -gt 50

# A device named like markup: text in the page, never an element (no
# blanks in it: a kernel log's device name is its last word, and HTML
# takes '/' between attributes as a blank).
sed -n '2125,2654p' "$FIXTURES/qemu-q35-s3-async1-medium/dmesg.txt" |
	sed 's/alarmtimer alarmtimer.0.auto:/alarmtimer <img\/src=x\/onerror=alert(1)>:/' |
	sed 's/sd 1:0:0:0:/sd <\/script>]]>\o377\o001x:/' > "$T/xss.txt"
"$PMSCOPE" analyze -q --html "$T/x.html" "$T/xss.txt"
ok "xss: html valid" xmllint --noout "$T/x.html"
is "xss: no <img in the file" "$(grep -c '<img' "$T/x.html")" 0
ok "xss: the name escaped in the data" grep -q -F '\u003cimg/src=x/onerror=alert(1)\u003e' "$T/x.html"
browser --dump-dom "file://$T/x.html#click=%3Cimg%2Fsrc%3Dx%2Fonerror%3Dalert(1)%3E" > "$T/xdom.html"
is "xss: no script error" "$(state "$T/xdom.html" errors)" 0
is "xss: no image element in the page" "$(state "$T/xdom.html" images)" 0
"$PMSCOPE" analyze -q -j "$T/x.json" "$T/xss.txt"
browser --dump-dom "file://$T/x.html#search=script" > "$T/xdom2.html"
is "xss: a name with </script>, ]]>, a bad byte and a control byte: no script error" \
   "$(state "$T/xdom2.html" errors)" 0
is "xss: that name found by search like any other" "$(state "$T/xdom2.html" matches)" \
   "$(jq '[.cycles[0].callbacks[] | select(.device | startswith("</script>]]>"))] | length' "$T/x.json")"
is "xss: the detail panel shows the name" \
   "$(grep -c -F 'data-selected="&lt;img/src=x/onerror=alert(1)&gt; {alarmtimer}"' "$T/xdom.html")" 1
# Boxes just alike: 37 initcalls of the 6.10 boot start and end at the
# same microsecond on pid 1 (the clock moves in jiffies early: dmesg
# lines 303, 333, 387 ... all at 0.062725, "after 0 usecs"). A click got
# the same one always; now each click at that spot selects the next
x610=$FIXTURES/kernel6.10-xps9360-boot-initcall-s2idle-pmprint/dmesg.txt
"$PMSCOPE" analyze -q -j "$T/b.json" --html "$T/b.html" "$x610"
for n in 1 2 38; do
	browser --dump-dom "file://$T/b.html#cycle=1&click=init_hw_perf_events&clicks=$n" > "$T/b$n.html"
done
same=$(jq -r '.cycles[0].callbacks as $c | ($c[] | select(.device == "init_hw_perf_events")) as $x |
	$c[] | select(.start_ns == $x.start_ns and .end_ns == $x.end_ns and .pid == $x.pid) | .device' "$T/b.json")
is "boxes alike: 37 of them" "$(printf '%s\n' "$same" | wc -l)" 37
one=$(state "$T/b1.html" selected)
two=$(state "$T/b2.html" selected)
is "boxes alike: the first click selects one of them" \
	"$(printf '%s\n' "$same" | grep -c -x -F "$one")" 1
is "boxes alike: the second another of them" \
	"$([ "$one" != "$two" ] && printf '%s\n' "$same" | grep -c -x -F "$two")" 1
is "boxes alike: the 38th click is the first again" "$(state "$T/b38.html" selected)" "$one"
done_testing
