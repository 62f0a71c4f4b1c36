#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A sleepgraph page as input: made with -addlogs it carries the kernel log
# and the trace it was drawn from in hidden <div id="dmesglog"> and <div
# id="ftracelog"> blocks; each is read where it stands in the page
# (input/sleepgraph/sghtml.c), as the log and the trace side by side.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
D=$FIXTURES/pmgraph-2019-xps9360-example-html-k5.3
xz -dc "$D/example_standard.html.xz" > "$T/page.html"

"$PMSCOPE" analyze -q --json "$T/p.json" "$T/page.html" 2> "$T/err"; rc=$?
is "the XPS 13 page: exit 0" "$rc" 0
is "one mem cycle" "$(jq -c '[.cycles[].mode]' "$T/p.json")" '["mem"]'
is "its trace's callbacks: one a device_pm_callback_start line" \
   "$(jq '[.cycles[].callbacks[]] | length' "$T/p.json")" \
   "$(grep -c 'device_pm_callback_start' "$T/page.html")"
# line 1440: "PM: suspend of devices complete after 1284.747 msecs"
is "its log's figures: the suspend phase, 1284.747 ms" \
   "$(jq '.cycles[0].phases[] | select(.name == "suspend") | .kernel_ms' "$T/p.json")" 1284.747

# the same report as the two logs cut out of the page and given side by
# side, but that it names the page's lines and has another run id (the
# digest of other files)
awk '/^<div id="dmesglog"/ { d = 1; next } /^<div id="ftracelog"/ { t = 1; next }
	/^<\/div>/ { d = t = 0 } d { print > "'"$T"'/dmesg.txt" } t { print > "'"$T"'/trace.txt" }' "$T/page.html"
"$PMSCOPE" analyze -q --json "$T/two.json" "$T/dmesg.txt" "$T/trace.txt"
for j in p two; do
	jq -S 'del(.sources) | walk(if type == "object" then
		del(.source, .line, .first_line, .last_line, .file, .run_id) else . end)' "$T/$j.json" > "$T/$j.norm"
done
ok "the report of its two logs given side by side" cmp -s "$T/p.norm" "$T/two.norm"
"$PMSCOPE" analyze "$T/page.html" > "$T/p.txt"
ok "a log line named by its line in the page (1483, the log's 57th)" \
   grep -q "1483 ath10k_pci 0000:3a:00.0: UART prints enabled" "$T/p.txt"
is "the cycle's trace lines, the page's (1531 to 5876)" \
   "$(jq -c '[.cycles[0].first_line, .cycles[0].last_line]' "$T/p.json")" "[1531,5876]"

# a page without them (sleepgraph without -addlogs, AnalyzeSuspend's)
sed '/^<div id="dmesglog"/,/^<\/div>/d; /^<div id="ftracelog"/,/^<\/div>/d' "$T/page.html" > "$T/bare.html"
"$PMSCOPE" analyze -q "$T/bare.html" 2> "$T/err"; rc=$?
is "a page without its logs: exit 2" "$rc" 2
ok "  says -addlogs puts them in" \
   grep -q "bare.html: a sleepgraph page without the logs it was drawn from (sleepgraph -addlogs puts them in)" "$T/err"
