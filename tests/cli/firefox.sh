#!/bin/sh
# The HTML timeline in Firefox (ESR, headless) as well as Chromium: the q35
# run's page loads with no script error, a scripted click on 1-2 shows its
# details, the screenshot is not blank. Firefox has no DOM dump, so the
# page prints its test state on the console (#log=1), which the profile
# sends to standard output.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
pngstat=$(dirname "$PMSCOPE")/tests/pngstat

# firefox NAME URL: screenshot to $T/NAME.png, console to $T/NAME.log
firefox() {
	rm -rf "$T/ff"
	mkdir -p "$T/ff"
	cat > "$T/ff/user.js" <<-'PREFS'
	user_pref("devtools.console.stdout.content", true);
	user_pref("browser.dom.window.dump.enabled", true);
	PREFS
	HOME=$T timeout 120 firefox-esr --headless --no-remote --profile "$T/ff" \
		--window-size=1400,1000 --screenshot "$T/$1.png" "$2" > "$T/$1.log" 2>&1
}
page_errors() { grep -c '^JavaScript error: file:' "$T/$1.log"; }
# state NAME: the page's last test state line in NAME's console output
state() { grep -a 'pmscope-state' "$T/$1.log" | tail -1; }
# has TEXT: whether that line, in $st, holds TEXT (1) or not (0)
has() { printf '%s' "$st" | grep -c -F "$1"; }

run=$T/q35
mkdir -p "$run/sys"
cp "$FIXTURES/qemu-q35-s3-async1-medium/dmesg.txt" "$run/"
cp "$FIXTURES/qemu-q35-s3-async1-medium/guest/sys/devices.txt" "$run/sys/"
"$PMSCOPE" analyze -q --html "$T/q.html" "$run"

firefox q "file://$T/q.html#cycle=2&click=1-2&log=1"
is "firefox: no script error" "$(page_errors q)" 0
st=$(state q)
is "firefox: the page ran and counted no error" "$(has '\"errors\":0')" 1
is "firefox: the click selected 1-2" "$(has '\"selected\":\"1-2 {usb}\"')" 1
is "firefox: its detail (450.503 ms on thread 146)" \
   "$(has 'duration450.503 msthread146')" 1
ok "firefox: screenshot taken" test -s "$T/q.png"
ok "firefox: screenshot not blank (over 50 colours)" test "$("$pngstat" "$T/q.png" | cut -d' ' -f3)" -gt 50

# The why panel: its first blocked-device row leads to input2, which lost
# the most time waiting (469.248 ms for 1-1, as the text report says)
firefox why "file://$T/q.html#cycle=2&why=blocked:0&log=1"
st=$(state why)
is "firefox: why panel, no script error" "$(page_errors why)" 0
is "firefox: why panel's first blocked row selects input2" \
   "$(has '\"selected\":\"input2')" 1

# The log viewer both ways: 1-2's "show in the log" leads to its calling
# line, 2630; a click on that line selects 1-2 again
firefox tolog "file://$T/q.html#cycle=2&click=1-2&tolog=1&log=1"
st=$(state tolog)
is "firefox: log viewer, no script error" "$(page_errors tolog)" 0
is "firefox: box -> line: 1-2's calling line, 2630" "$(has '\"logLine\":2630')" 1
firefox fromlog "file://$T/q.html#cycle=2&logline=2630&log=1"
st=$(state fromlog)
is "firefox: line -> box: line 2630 selects 1-2" "$(has '\"selected\":\"1-2 {usb}\"')" 1

# The device table sorted by resume time puts 1-2 first (450.503 ms); the
# mouse over 1-2's resume box lights its suspend box too
firefox devtab "file://$T/q.html#cycle=2&sort=resume&hover=1-2&log=1"
st=$(state devtab)
is "firefox: device table, no script error" "$(page_errors devtab)" 0
is "firefox: sorted by resume, 1-2 first" "$(has '\"devtabFirst\":\"1-2\"')" 1
is "firefox: hover on 1-2 lights its 2 boxes in 2 phases" \
   "$(has '\"lit\":2,\"litPhases\":2')" 1

# A call tree: 1-1's resume in the function_graph trace
"$PMSCOPE" analyze -q --html "$T/fg.html" "$FIXTURES/qemu-q35-s3-fgraph-async1-small/trace.txt.xz"
firefox tree "file://$T/fg.html#click=1-1&log=1"
st=$(state tree)
is "firefox: call tree, no script error" "$(page_errors tree)" 0
is "firefox: 1-1's tree, usb_dev_resume 300.085 ms on top" \
   "$(has '\"tree\":\"usb_dev_resume [usbcore]  300.085 ms|')" 1

# The messages in the details: 3-1's resume on the 5.8 XPS 13, where the
# log says the xhci host timed out twice while it ran (lines 963, 981)
"$PMSCOPE" analyze -q --html "$T/x.html" "$FIXTURES/kernel5.8-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt"
firefox msgs "file://$T/x.html#click=3-1&log=1"
st=$(state msgs)
is "firefox: messages, no script error" "$(page_errors msgs)" 0
is "firefox: 3-1's details quote the xhci timeout" \
   "$(has 'Timeout while waiting for setup device command')" 1

# Where callbacks slept and the work outside them: the 2016 ivybridge
# trace zoomed onto hdaudioC0D3's suspend callback, then onto the resume
"$PMSCOPE" analyze -q --html "$T/iv.html" "$FIXTURES/pmgraph-2016-ivybridge-mem-devlate-k4.6/ivybridge_mem_ftrace.txt.xz"
firefox sleeps "file://$T/iv.html#click=hdaudioC0D3&from=13.456&to=29.421&log=1"
st=$(state sleeps)
is "firefox: sleeps, no script error" "$(page_errors sleeps)" 0
is "firefox: hdaudioC0D3 slept at +0.010 ms for 14.530 ms" \
   "$(has 'slept at+0.010 ms for 14.530 ms in msleep')" 1
spans=$(printf '%s' "$st" | sed -n 's/.*\\"spans\\":\([0-9]*\).*/\1/p')	# the console quotes it
ok "firefox: sleep bands drawn ($spans)" test "${spans:-0}" -ge 1
is "firefox: scsi_eh_0 has a lane outside callbacks" \
   "$(has '181 scsi_eh_0|')" 1

# The check can fail: the same page with a script error in it
sed 's#</body>#<script>//<![CDATA[\nnosuchfunction();\n//]]></script></body>#' "$T/q.html" > "$T/bad.html"
firefox bad "file://$T/bad.html"
is "firefox: a script error is seen" "$(page_errors bad)" 1
done_testing
