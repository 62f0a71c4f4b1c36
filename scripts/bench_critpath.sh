#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make bench: the critical path and blocking analysis on one suspend/resume
# cycle of 8,000, 16,000 and 32,000 device callbacks (a run folder with
# dmesg.txt and sys/devices.txt, generated under build/), to show it stays
# linear-ish. Each group of devices is shaped like the USB keyboard of the
# qemu runs: async controller -> callback-less port -> async device ->
# callback-less interface -> sync input device -> three sync LEDs, so
# every group has a blocked sync device and waits through devices with
# no callback.
#   scripts/bench_critpath.sh BUILD/pmscope
set -eu
bin=$1
out=$(dirname "$bin")/bench-critpath
mkdir -p "$out"

gen() {	# gen DIR CALLBACKS
	mkdir -p "$1/sys"
	awk -v n="$2" -v dir="$1" '
	function ts(us) { return sprintf("[%6d.%06d] ", int(us / 1000000), us % 1000000) }
	function cb(us, len, drv, dev, fn, pid, par) {
		printf "%s%s %s: PM: calling %s+0x0/0x40 @ %d, parent: %s\n", ts(us), drv, dev, fn, pid, par
		printf "%s%s %s: PM: %s+0x0/0x40 returned 0 after %d usecs\n", ts(us + len), drv, dev, fn, len
	}
	function group(g, resume, t,   w, v, i) {
		w = 1000 + g % 64; v = resume ? "resume" : "suspend"
		if (resume) {
			cb(t, 20, "xhci", "ctl" g, "pci_pm_" v, w, "pci0000:00")
			cb(t + 25, 30, "usb", "dev" g, "usb_dev_" v, w, "port" g)
			cb(t + 60, 2, "input", "in" g, "input_dev_" v, 1, "if" g)
			for (i = 0; i < 3; i++)
				cb(t + 63 + 2 * i, 1, "leds", "led" g "." i, "led_" v, 1, "in" g)
		} else {
			for (i = 0; i < 3; i++)
				cb(t + 2 * i, 1, "leds", "led" g "." i, "led_" v, 1, "in" g)
			cb(t + 7, 2, "input", "in" g, "input_dev_" v, 1, "if" g)
			cb(t + 10, 30, "usb", "dev" g, "usb_dev_" v, w, "port" g)
			cb(t + 45, 20, "xhci", "ctl" g, "pci_pm_" v, w, "pci0000:00")
		}
	}
	BEGIN {
		groups = int(n / 12); t = 10000000
		print "[    0.000000] Linux version 6.1.0-bench (pmscope bench) #1 SMP"
		print ts(t) "PM: suspend entry (deep)"
		t += 1000; s0 = t
		for (g = 0; g < groups; g++) { group(g, 0, t); t += 70 }
		printf "%sPM: suspend of devices complete after %d.%03d msecs\n", ts(t), (t - s0) / 1000, (t - s0) % 1000
		t += 100
		print ts(t) "PM: late suspend of devices complete after 0.050 msecs"
		t += 100
		print ts(t) "PM: noirq suspend of devices complete after 0.050 msecs"
		t += 5000
		print ts(t) "PM: noirq resume of devices complete after 0.050 msecs"
		t += 100
		print ts(t) "PM: early resume of devices complete after 0.050 msecs"
		t += 100; r0 = t
		for (g = 0; g < groups; g++) { group(g, 1, t); t += 70 }
		printf "%sPM: resume of devices complete after %d.%03d msecs\n", ts(t), (t - r0) / 1000, (t - r0) % 1000
		print ts(t + 500) "PM: suspend exit"
		f = dir "/sys/devices.txt"
		print "pci0000:00 async=enabled runtime=active wakeup=-" > f
		for (g = 0; g < groups; g++) {
			p = "pci0000:00/ctl" g
			print p " async=enabled runtime=active wakeup=-" > f
			p = p "/port" g; print p " async=enabled runtime=active wakeup=-" > f
			p = p "/dev" g; print p " async=enabled runtime=active wakeup=-" > f
			p = p "/if" g; print p " async=enabled runtime=active wakeup=-" > f
			p = p "/input/in" g; print p " async=disabled runtime=unsupported wakeup=-" > f
			for (i = 0; i < 3; i++)
				print p "/led" g "." i " async=disabled runtime=unsupported wakeup=-" > f
		}
	}' > "$1/dmesg.txt"
}

# timed BIN ARGS...: run, leaving "seconds peak-KB" in $out/time
timed() {
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f "%e %M" -o "$out/time" "$@"
		return
	fi
	t0=$(date +%s.%N)
	"$@" || return
	echo "$(echo "$(date +%s.%N) - $t0" | bc) 0" > "$out/time"
}

for n in 8000 16000 32000; do
	d=$out/run-$n
	[ -s "$d/dmesg.txt" ] || gen "$d" $n
	cbs=$(grep -c 'returned 0 after' "$d/dmesg.txt")
	# the terminal summary holds the analysis; the JSON adds the writer's cost
	timed "$bin" analyze "$d" > "$d/report.txt" ||
		{ echo "bench_critpath: analyze failed on $d" >&2; exit 1; }
	read -r secs kb < "$out/time"
	timed "$bin" analyze -q -j "$d/report.json" "$d" ||
		{ echo "bench_critpath: analyze -j failed on $d" >&2; exit 1; }
	read -r jsecs jkb < "$out/time"
	blocked=$(grep -o '"lost_ns"' "$d/report.json" | wc -l)
	printf "%6d callbacks: text %5.2f s %7d KB, json %5.2f s %7d KB, %d blocked sync devices\n" \
		"$cbs" "$secs" "$kb" "$jsecs" "$jkb" "$blocked"
done
