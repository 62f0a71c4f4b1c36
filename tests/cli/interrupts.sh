#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Interrupted writes (issue 41): each interrupt left a hidden temporary
# file (191 MB after four), and an interrupted or concurrent -o DIR could
# leave report files of two runs side by side. A signal that ends a run
# removes its temporary files first; a run's files are put in place
# together, signals held back and the folder locked.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
san() { ! grep -q -E '==[0-9]+==ERROR|runtime error:' "$1"; }
tmps() { ls -A "$1" | grep -c 'pmscope-tmp'; }

# 3000 cycles: a summary of megabytes, more than a pipe holds
awk 'BEGIN {
	t = 1
	for (c = 0; c < 3000; c++) {
		printf "[%12.6f] PM: suspend entry (deep)\n", t += 0.001
		for (i = 0; i < 5; i++) {
			printf "[%12.6f] dev d%d: PM: calling f+0x0/0x1 @ 5, parent: p\n", t += 1e-5, i
			printf "[%12.6f] dev d%d: PM: f+0x0/0x1 returned 0 after 3 usecs\n", t += 1e-5, i
		}
		printf "[%12.6f] PM: suspend of devices complete after 0.100 msecs\n", t += 1e-5
		printf "[%12.6f] PM: resume of devices complete after 0.010 msecs\n", t += 1e-5
		printf "[%12.6f] PM: suspend exit\n", t += 1e-5
	}
}' > "$T/big.log"

# A closed pipe: SIGPIPE while the JSON report is being written beside
# the summary (both a cycle at a time).
mkdir "$T/pipe"
( "$PMSCOPE" analyze --json "$T/pipe/r.json" "$T/big.log" 2> "$T/err"; echo $? > "$T/rc" ) |
	head -c 1 > /dev/null
is "SIGPIPE: it ended by it" "$(cat "$T/rc")" 141
is "SIGPIPE: no temporary file left" "$(tmps "$T/pipe")" 0
ok "SIGPIPE: no half report" test ! -e "$T/pipe/r.json"
ok "SIGPIPE: no sanitizer report" san "$T/err"

# SIGTERM, SIGHUP, SIGINT while it writes: its standard output is a FIFO
# this shell holds open and never reads, so it blocks with the JSON's
# temporary file open. (A background job ignores SIGINT, and one under
# nohup SIGHUP too; env gives each signal back its default.)
mkfifo "$T/fifo"
exec 3<> "$T/fifo"
for sig in TERM:15 HUP:1 INT:2; do
	num=${sig#*:}
	sig=${sig%:*}
	mkdir "$T/$sig"
	env --default-signal "$PMSCOPE" analyze --json "$T/$sig/r.json" "$T/big.log" \
		> "$T/fifo" 2> "$T/err" &
	pid=$!
	i=0
	while [ $i -lt 600 ] && [ "$(tmps "$T/$sig")" = 0 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	is "SIG$sig: its temporary file was there" "$(tmps "$T/$sig")" 1
	kill -"$sig" $pid
	{ wait $pid; } 2> /dev/null
	rc=$?
	is "SIG$sig: it ended by it" "$rc" $((128 + num))
	is "SIG$sig: no temporary file left" "$(tmps "$T/$sig")" 0
	ok "SIG$sig: no sanitizer report" san "$T/err"
	# what it wrote to the FIFO, drained
	timeout 5 cat <&3 > /dev/null &
	sleep 0.2
	kill $! 2> /dev/null
	wait $! 2> /dev/null
done

# -o DIR interrupted after two of its reports were written: the folder
# keeps the last run's three, no temporary file. Its SVG goes to a FIFO
# without a reader, which it waits to open.
L=$FIXTURES/pmscope-record-qemu-q35-s3-k6.1/dmesg.txt
mkdir "$T/run"
cp "$L" "$T/run/A.log"
sed 's/input_dev_suspend/input_dev_suspendX/' "$L" > "$T/run/B.log"
"$PMSCOPE" analyze -q -o "$T/run" "$T/run/A.log"
mkdir "$T/before" && cp "$T/run/report.txt" "$T/run/report.json" "$T/run/report.html" "$T/before/"
mkfifo "$T/svg"
"$PMSCOPE" analyze -q -o "$T/run" --svg "$T/svg" "$T/run/B.log" 2> "$T/err" &
pid=$!
i=0
while [ $i -lt 600 ] && [ "$(tmps "$T/run")" -lt 2 ]; do
	sleep 0.1
	i=$((i + 1))
done
is "-o DIR interrupted: two temporary files were there" "$(tmps "$T/run")" 2
kill -TERM $pid
{ wait $pid; } 2> /dev/null
is "-o DIR interrupted: none is left" "$(tmps "$T/run")" 0
for f in report.txt report.json report.html; do
	ok "-o DIR interrupted: $f is the last run's" cmp -s "$T/run/$f" "$T/before/$f"
done

# Two runs into one folder at once, five times: its three reports come
# from one of them each time.
same_run() {
	w=$(grep -c -l "B.log" "$T/run/report.txt" "$T/run/report.json" "$T/run/report.html" | wc -l)
	[ "$w" = 0 ] || [ "$w" = 3 ]
}
for round in 1 2 3 4 5; do
	"$PMSCOPE" analyze -q -o "$T/run" "$T/run/A.log" 2> /dev/null &
	a=$!
	"$PMSCOPE" analyze -q -o "$T/run" "$T/run/B.log" 2> /dev/null
	wait $a
	ok "two runs at once into one folder ($round): its reports are one run's" same_run
done
is "two runs at once: no temporary file left" "$(tmps "$T/run")" 0
exec 3<&-
done_testing
