#!/bin/sh
# Messages per callback (issue 14): the lines the log printed while a
# callback ran, tied to it in the text, the JSON and the HTML page, and
# the callbacks that returned 0 while their log said error or timeout.
# Every pinned line was read off the fixture by hand (line numbers are
# the file's).
. "$(dirname "$0")/../tap.sh"
F=$FIXTURES
T=$TMPDIR_TEST
X58=$F/kernel5.8-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt
X610=$F/kernel6.10-xps9360-boot-initcall-s2idle-pmprint

q() { jq -r "$1" "$T/m.json"; }

# --- 5.8: usb 3-1 resumes in 11355107 "usecs" (x1.024 = 11627.630 ms,
# 51.582258 -> 63.209888); while it ran, its grandparent controller
# 0000:39:00.0 (3-1 <- usb3 <- 0000:39:00.0) timed out twice (lines 963,
# 964), 3-1 itself reset (967) and the sibling 4-1 said error -62 (line
# 965); it returned 0. A device's own lines and its ancestors' come before
# another device's errors (issue 36).
"$PMSCOPE" analyze -j "$T/m.json" --html "$T/m.html" "$X58" > "$T/m.txt" 2>&1
is "5.8: exit 0 (no callback failed)" "$?" 0
m31='.cycles[0].callbacks[]|select(.device=="3-1" and .phase=="resume")|.messages'
is "5.8 json: 3-1's first messages are lines 963, 964, 967, then 965" \
   "$(q "[$m31[0:4][]|.line]|join(\",\")")" "963,964,967,965"
is "5.8 json: line 963 as printed, by 3-1's grandparent" \
   "$(q "$m31[0]|\"\(.driver) \(.device): \(.text) \(.relation) \(.error)\"")" \
   "xhci_hcd 0000:39:00.0: Timeout while waiting for setup device command parent true"
is "5.8 json: line 965, error-shaped, by another usb device" \
   "$(q "$m31[3]|\"\(.device): \(.text) \(.relation) \(.error) \(.ts_ns)\"")" \
   "4-1: device not accepting address 2, error -62 driver true 62469925000"
is "5.8 json: its own line 967 (reset) is there too" \
   "$(q "[$m31[]|select(.relation==\"device\")|.line]|join(\",\")")" "967"
is "5.8 json: 4-1's own error -62 and its parent's timeouts" \
   "$(q '[.cycles[0].callbacks[]|select(.device=="4-1" and .phase=="resume")|.messages[]|select(.error)|"\(.line)\(.relation[0:1])"]|join(",")')" \
   "871d,872d,965d,963p,964p"
# lines printed before a callback's "calling" line are not its own: 4-1's
# "Disable of device-initiated U1 failed." (871) came before 3-1 began (874)
is "5.8 json: nothing printed before 3-1's calling line" \
   "$(q "[$m31[]|select(.line < 874)]|length")" 0
# serio1 (psmouse) took 1008.654 ms to suspend and said why (line 151)
is "5.8 json: serio1's suspend: Failed to disable mouse" \
   "$(q '.cycles[0].callbacks[]|select(.device=="serio1" and .phase=="suspend")|.messages[0]|"\(.line) \(.text)"')" \
   "151 Failed to disable mouse on isa0060/serio1"
is "5.8 json: said_error names serio1, usb1, 4-1, 3-1" \
   "$(q '.cycles[0] as $c|[$c.said_error[]|$c.callbacks[.]|.device]|join(",")')" "serio1,usb1,4-1,3-1"
is "5.8 json: each has ret 0" \
   "$(q '.cycles[0] as $c|[$c.said_error[]|$c.callbacks[.]|.ret]|unique|join(",")')" "0"
is "5.8 json: every message line is the log's line" \
   "$(q '[.cycles[0].callbacks[].messages[]?|"\(.line)\t\(.text)"]|unique|.[]' | while IFS="$(printf '\t')" read -r l t; do
	sed -n "${l}p" "$X58" | grep -c -F -- "$t"; done | sort -u)" 1
is "5.8 json: pmscope/2" "$(q .schema)" "pmscope/2"

# text: under the slowest callback 3-1, the three lines, most telling first
is "5.8 text: under 3-1, line 963 first" \
   "$(grep -A1 -F '    3-1 (usb) resume, 11627.630 ms, returned 0' "$T/m.txt" | tail -1)" \
   "       963 xhci_hcd 0000:39:00.0: Timeout while waiting for setup device command"
is "5.8 text: then 964 the same, then its own reset before 4-1's error" \
   "$(grep -A4 -F '    3-1 (usb) resume, 11627.630 ms, returned 0' "$T/m.txt" | tail -3)" \
   "       964 the same again
       967 usb 3-1: reset high-speed USB device number 2 using xhci_hcd
       965 usb 4-1: device not accepting address 2, error -62"
# 1-5 and 1-4 share 4-1's driver (usb): 4-1's "Disable of device-initiated
# U1 failed." (871, 872) came while they ran, but their own resets (959,
# 951) tell about them: those first
is "5.8 text: under 1-5, its own reset before 4-1's lines" \
   "$(grep -A3 -F '    1-5 (usb) resume, 892.055 ms, returned 0' "$T/m.txt" | tail -3)" \
   "       959 usb 1-5: reset high-speed USB device number 4 using xhci_hcd
       871 usb 4-1: Disable of device-initiated U1 failed.
       872 usb 4-1: Disable of device-initiated U2 failed."
is "5.8 json: under 1-4, its own line first" \
   "$(q '[.cycles[0].callbacks[]|select(.device=="1-4" and .phase=="resume")|.messages[0:2][]|"\(.line)\(.relation[0:1])"]|join(",")')" \
   "951d,871d"
is "5.8 text: the warning names 3-1 and line 963" \
   "$(grep -c -F "warning: $X58:963: 3-1 returned 0 after 11627.630 ms in resume, but the log said: xhci_hcd 0000:39:00.0: Timeout while waiting for setup device command [log-said-error]" "$T/m.txt")" 1
is "5.8 text: the summary counts the warnings" "$(grep "^ok: " "$T/m.txt")" \
   "ok: 0 failures, 4 warnings, 0 notes"
ok "5.8 text: message rows fit 80 columns" \
   test "$(sed -n '/the log while they ran/,/critical path/p' "$T/m.txt" | awk 'length > 80' | wc -l)" -eq 0

# html: the page data holds the messages by box, and the detail panel shows them
ok "5.8 html: line 965 in the page data" \
   grep -q -F '"line":965,"ts":' "$T/m.html"
ok "5.8 html: valid XML" xmllint --noout "$T/m.html"

# --- 6.10: intel_pch_thermal 0000:00:14.2's suspend_noirq returned 0 after
# 64808266 usecs (41.313924 -> 106.122190): "CPU-PCH overheats [66C], S0ix
# might fail" at 41.313922 (line 3256, 2 us before the computed start,
# within the kernel's clock drift) and "CPU-PCH is hot" 60 s later (3272)
"$PMSCOPE" analyze -j "$T/m.json" --html "$T/t.html" "$X610" > "$T/t.txt" 2>&1
is "6.10: exit 0" "$?" 0
m142='.cycles[1].callbacks[]|select(.device=="0000:00:14.2" and .phase=="suspend_noirq")|.messages'
is "6.10 json: the noirq callback's first message, line 3256" \
   "$(q "$m142[0]|\"\(.line) \(.driver) \(.device): \(.text)\"")" \
   "3256 intel_pch_thermal 0000:00:14.2: CPU-PCH overheats [66C], S0ix might fail.  Start cooling..."
is "6.10 json: then its line 3272, then nvme's timeout (3271)" \
   "$(q "[$m142[]|\"\(.line)\(.relation[0:1])\"]|join(\",\")")" "3256d,3272d,3271o"
is "6.10 json: said_error names it" \
   "$(q '.cycles[1] as $c|[$c.said_error[]|$c.callbacks[.]|"\(.device) \(.phase)"]|join(",")')" \
   "0000:00:14.2 suspend_noirq"
is "6.10 text: under it, wrapped within 80 columns" \
   "$(grep -A2 -F '0000:00:14.2 (intel_pch_thermal) suspend_noirq, 64808.266 ms, returned 0' "$T/t.txt" | tail -2)" \
   "      3256 intel_pch_thermal 0000:00:14.2: CPU-PCH overheats [66C], S0ix might
                                           fail.  Start cooling..."
# the one warning is 0000:00:14.2's; the notes: the boot's three initcall
# errors (efi_mokvar_sysfs_init -2, kmemleak_late_init -12,
# software_resume_initcall -2), its -ENODEV initcalls and its deferred
# probes (a note each), two of timing, the s2idle cycle's phases placed
# from its callbacks and its two of probes beside it
is "6.10 text: one warning in the summary" "$(grep "^ok: " "$T/t.txt")" \
   "ok: 0 failures, 1 warning, 10 notes"

# --- the browser: click the device, the detail panel shows what the log said
if command -v chromium >/dev/null 2>&1; then
	browser() {
		timeout 120 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$T/chrome" \
			--window-size=1400,1000 --virtual-time-budget=5000 --enable-logging=stderr --v=0 \
			"$@" 2>>"$T/chrome.err"
	}
	state() {
		grep -o '<div id="pmscope-state"[^>]*>' "$1" | sed -n "s/.* data-$2=\"\\([^\"]*\\)\".*/\\1/p"
	}
	browser --dump-dom "file://$T/m.html#click=3-1" > "$T/dom.html"
	is "chromium 5.8: no script error" "$(state "$T/dom.html" errors)" 0
	is "chromium 5.8: 3-1 selected" "$(state "$T/dom.html" selected)" "3-1 {usb}"
	d=$(state "$T/dom.html" detail)
	for want in "the log while it ran" \
		    "963  xhci_hcd 0000:39:00.0: Timeout while waiting for setup device command  (parent, error)" \
		    "965  usb 4-1: device not accepting address 2, error -62  (driver, error)"; do
		is "chromium 5.8: detail panel has '$want'" "$(printf '%s' "$d" | grep -c -F "$want")" 1
	done
	browser --dump-dom "file://$T/t.html#cycle=2&click=0000:00:14.2" > "$T/dom.html"
	is "chromium 6.10: the noirq callback selected" "$(state "$T/dom.html" selected)" "0000:00:14.2 {intel_pch_thermal}"
	is "chromium 6.10: detail panel has line 3256" \
	   "$(state "$T/dom.html" detail | grep -c -F "3256  intel_pch_thermal 0000:00:14.2: CPU-PCH overheats [66C], S0ix might fail.  Start cooling...  (device, error)")" 1
fi

# --- a hung boot (the BeagleBone capture without the revert): its
# deferred_probe_initcall never returned; what tells why comes after the
# cycle's last PM line (1526): two clk WARN()s (lines 1528, 1562), then an
# external abort and the oops (1595, 1597). The kernel's alarms rank
# first, whoever printed them, and an unfinished callback's lines run to
# its cycle's last one; the oops line is kept whole ("Internal error:"
# is no "DRIVER DEVICE:"), and a boot's thousand lines leave room for it
"$PMSCOPE" analyze -q -j "$T/b.json" "$F/kernel6.13-beaglebone-serial-boot-initcall/minicom_not_reverted.cap.zst"
qb() { jq -r "$1" "$T/b.json"; }
hung='.cycles[0].callbacks[] | select(.device == "deferred_probe_initcall") | .messages'
is "hung boot: deferred_probe_initcall's first lines, the WARN()s and the abort" \
   "$(qb "[$hung[] | .line] | .[0:3] | join(\",\")")" "1528,1562,1595"
is "hung boot: the oops, whole" \
   "$(qb "[$hung[] | select(.line == 1597) | .text] | first")" "Internal error: : 1028 [#1] SMP ARM"
"$PMSCOPE" analyze "$F/kernel6.13-beaglebone-serial-boot-initcall/minicom_not_reverted.cap.zst" > "$T/b.txt"
ok "hung boot: the summary shows the first WARN()" \
   grep -q "1528 WARNING: CPU: 0 PID: 11 at drivers/clk/clk.c:1254" "$T/b.txt"
J=$T/m.json

# --- a count of no errors is no error: the BeagleBone's CPTS line 2209
# ("calc_shift:29 error:0 nsec/sec") under 4a100000.switch's probe
"$PMSCOPE" analyze -q -j "$T/m.json" "$F/kernel6.13-beaglebone-serial-boot-initcall/minicom_reverted.cap"
is "6.13: 'error:0' says no error" "$(q '[.cycles[] | .said_error // empty] | add | length')" 0

# --- a trace has no messages: its JSON has none of the new fields
"$PMSCOPE" analyze -q -j "$T/m.json" "$F/qemu-q35-s3-async1-medium/trace.txt.xz"
is "trace: no messages, no said_error" "$(q '[.cycles[]|(.said_error // empty), (.callbacks[].messages // empty)]|length')" 0

# --- A CPU being brought up prints with its clock not yet set: the QEMU
# boot's lines 225-226 ("calibrate_delay_direct() failed ...") are stamped
# [0.000000] between lines at 0.938193 and 1.115012 s. They were tied to
# the console initcalls of time 0 (con_init, hvc_console_init,
# xen_cons_init, univ8250_console_init); their time is no time.
xzcat "$F/qemu-q35-boot-medium/dmesg.txt.xz" > "$T/qboot.txt"
"$PMSCOPE" analyze -j "$T/m.json" "$T/qboot.txt" > "$T/m.txt" 2>&1
is "qemu boot: lines stamped back out of order tie to no callback" \
	"$(q '[.cycles[].callbacks[] | select(.messages != null) | .messages[] |
		select(.line == 225 or .line == 226)] | length')" 0
is "qemu boot: the reader's note of the step back stays" \
	"$(grep -c 'qboot.txt:225: time stamps go back from 0.938193 to 0.000000 s' "$T/m.txt")" 1

done_testing
