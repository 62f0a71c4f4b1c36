#!/bin/sh
# Message marks on the timeline (issue 14): a callback whose own device,
# a parent or a child said error or timeout while it ran gets an orange
# mark in the SVG and the HTML page, its tooltip quotes the line, and the
# HTML why panel lists it as a warning even though it returned 0. On the
# 5.8 XPS log (four: serio1, usb1, 4-1, 3-1) and the 6.10 one (the PCH
# thermal device that overheated), against the JSON's said_error.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
. "$(dirname "$0")/../html_page.sh"
said() { # said JSON CYCLE: "device" per said_error callback
	jq -r --argjson c "$2" '.cycles[$c] as $y | ($y.said_error // [])[] | $y.callbacks[.] | .device' "$1"
}

log=$FIXTURES/kernel5.8-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt
"$PMSCOPE" analyze -q -j "$T/a.json" --svg "$T/a.svg" --html "$T/a.html" "$log"
is "json: four callbacks returned 0 while the log said error" "$(said "$T/a.json" 0 | tr '\n' ' ')" \
   "serio1 usb1 4-1 3-1 "
is "svg: an orange mark per such callback, and one in the legend" \
   "$(grep -c 'fill="#e68a00"' "$T/a.svg")" 5
ok "svg: the legend says what it means" grep -q '>the log said error<' "$T/a.svg"
for l in "(line 963): xhci_hcd 0000:39:00.0: Timeout while waiting for setup device command" \
	 "(line 151): psmouse serio1: Failed to disable mouse on isa0060/serio1"; do
	is "svg: a tooltip quotes $l" "$(grep -c -F "the log said $l" "$T/a.svg")" 1
done
browser "file://$T/a.html" > "$T/b.html"
is "html: no script error" "$(state "$T/b.html" errors)" 0
is "html: four marks drawn" "$(state "$T/b.html" said-marks)" 4
is "html: the why panel lists them as warnings" \
   "$(state "$T/b.html" why-warnings | tr '|' '\n' | sed 's/ returned 0 .*//' | tr '\n' ' ')" \
   "$(jq -r '.cycles[0] as $y | $y.said_error[] | $y.callbacks[.] |
	"warninglog-said-error\(.messages[0].line)\(.device)"' "$T/a.json" | tr '\n' ' ')"
ok "html: 3-1's row quotes the xhci timeout" sh -c "grep -o '<div id=\"pmscope-state\"[^>]*>' '$T/b.html' |
	grep -q -F 'warninglog-said-error9633-1 returned 0 after 11627.630 ms in resume, but the log said: xhci_hcd 0000:39:00.0: Timeout while waiting for setup device command'"
browser "file://$T/a.html#why=warnings:3" > "$T/c.html"
is "html: that row selects 3-1" "$(state "$T/c.html" selected)" "3-1 {usb}"

log=$FIXTURES/kernel6.10-xps9360-boot-initcall-s2idle-pmprint/dmesg.txt
"$PMSCOPE" analyze -q -j "$T/d.json" --svg "$T/d.svg" --html "$T/d.html" --cycle 2 "$log"
is "6.10 json: the PCH thermal device returned 0 while it said it overheats" "$(said "$T/d.json" 0)" 0000:00:14.2
ok "6.10 svg: its tooltip quotes the line" grep -q -F 'intel_pch_thermal 0000:00:14.2: CPU-PCH overheats [66C], S0ix might fail.' "$T/d.svg"
browser "file://$T/d.html#cycle=2" > "$T/e.html"
is "6.10 html: one mark" "$(state "$T/e.html" said-marks)" 1
is "6.10 html: the why panel's warning is 0000:00:14.2's" \
   "$(state "$T/e.html" why-warnings | tr '|' '\n' | grep -c 'returned 0 after 64808.266 ms in suspend_noirq, but the log said: intel_pch_thermal 0000:00:14.2: CPU-PCH overheats')" 1
# Boot milestones on the timelines: a dashed line at "Run /init", at the
# root mounted and at systemd's banner on the root (boot_totals.sh and
# boot_milestones.sh have the times against the lines): the XPS 6.10's
# 7 s of nothing between /init and the root, its dm-0 mounted by the
# initramfs at 8.674701 (line 2291), is the initrd waiting for the disk's
# passphrase. The X13s has the initrd's systemd too.
x610=$FIXTURES/kernel6.10-xps9360-boot-initcall-s2idle-pmprint/dmesg.txt
"$PMSCOPE" analyze -q -c 1 --svg "$T/m.svg" "$x610"
"$PMSCOPE" analyze -q --html "$T/m.html" "$x610"
is "svg: /init and systemd marked on the boot" \
   "$(grep -o '<text[^>]*>\(/init\|systemd\)[^<]* s<' "$T/m.svg" | sed 's/.*>//' | tr '\n' ';')" \
   '/init 0.442 s<;systemd 8.824 s<;'
is "svg: each a dashed line" "$(grep -c 'stroke="#3b5b8c"[^>]*stroke-dasharray' "$T/m.svg")" 3
# (the boot starts at its banner, 0.000000: the offsets are the stamps)
is "html data: offsets from the cycle's start and the text the layout made" \
   "$(data "$T/m.html" | jq -c '.cycles[0].milestones')" \
   '[[441792000,"/init 0.442 s"],[8674701000,"root 8.675 s"],[8824334000,"systemd 8.824 s"]]'
is "html data: the milestones' colour is the SVG's (the page has none of its own)" \
   "$(data "$T/m.html" | jq -r '.colors.milestone')" '#3b5b8c'
is "html: the page's script takes it from the data, names no colour of its own" \
   "$(grep -c "'#3b5b8c'" "$T/m.html")" 0
browser "file://$T/m.html#cycle=1" > "$T/m-dom.html"
is "html: all three drawn, no script error" \
   "$(state "$T/m-dom.html" milestones) $(state "$T/m-dom.html" errors)" '/init 0.442 s|root 8.675 s|systemd 8.824 s 0'
browser "file://$T/m.html#cycle=2" > "$T/m2-dom.html"
is "html: a suspend cycle has none" "$(state "$T/m2-dom.html" milestones)" ''
# An init path a log made long (the 6.10 log's "Run /init" at 2134, 0.441792
# s, given 66 bytes, an "e" with an accent at its 52nd and 53rd): the
# text is cut at a character's start, before it, and keeps the time stamp
long="/nix/store/0123456789abcdefghijklmnopqrstuv-system-$(printf '\303\251')tc-24.05/init"
sed "2134s|Run /init as|Run $long as|" "$x610" > "$T/long-init.txt"
"$PMSCOPE" analyze -q -c 1 --svg "$T/l.svg" --html "$T/l.html" "$T/long-init.txt"
is "svg: a long init path cut, its time stamp kept" \
   "$(grep -o '<text[^>]*>/nix[^<]*<' "$T/l.svg" | sed 's/.*>//')" \
   '/nix/store/0123456789abcdefghijklmnopqrstuv-system-... 0.442 s<'
is "html data: the same text" "$(data "$T/l.html" | jq -r '.cycles[0].milestones[0][1]')" \
   '/nix/store/0123456789abcdefghijklmnopqrstuv-system-... 0.442 s'
xz -dc "$FIXTURES/kernel6.13-thinkpad-x13s-arm64-boot-initcall/dmesg.txt.xz" > "$T/x13s.txt"
"$PMSCOPE" analyze -q --svg "$T/s.svg" "$T/x13s.txt"
is "svg: the X13s's three" \
   "$(grep -o '<text[^>]*>\(/init\|systemd\)[^<]* s<' "$T/s.svg" | sed 's/.*>//' | tr '\n' ';')" \
   '/init 0.690 s<;systemd (initrd) 0.715 s<;systemd 5.289 s<;'
done_testing
