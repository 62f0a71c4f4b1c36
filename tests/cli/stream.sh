#!/bin/sh
# Results one cycle at a time (issue 12's memory bound): with only text and
# JSON asked for, analyze computes, writes and frees each cycle's results
# in turn; with a timeline asked for too, it computes them all first. The
# reports must be the same either way, byte for byte, on runs of many
# cycles, failures and "said error" warnings: the 14 cycles of the 6.9
# XPS hibernate log (1 failure), the 6.15 QEMU hang (2 failures, 1
# warning), the 6.10 XPS boot and s2idle log (1 warning).
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST

kept() { grep -c "results kept one cycle at a time" "$1"; }

for f in kernel6.9-xps9360-deep-hibernate-multicycle/messages.txt \
	 kernel6.15-qemu-s2idle-printk-caller-hang/hang.log \
	 kernel6.10-xps9360-boot-initcall-s2idle-pmprint/dmesg.txt; do
	F=$FIXTURES/$f
	name=$(basename "$(dirname "$f")")
	# the same JSON path in both runs: the summary names it
	"$PMSCOPE" analyze -s --json "$T/r.json" "$F" > "$T/s.txt" 2> "$T/s.err"
	echo "exit $?" >> "$T/s.txt"
	mv "$T/r.json" "$T/s.json"
	"$PMSCOPE" analyze -s --json "$T/r.json" --svg "$T/w.svg" "$F" > "$T/w.txt" 2> "$T/w.err"
	echo "exit $?" >> "$T/w.txt"
	mv "$T/r.json" "$T/w.json"
	is "$name: --json alone keeps one cycle at a time" "$(kept "$T/s.err")" 1
	is "$name: with --svg all at once" "$(kept "$T/w.err")" 0
	ok "$name: the same JSON" cmp -s "$T/s.json" "$T/w.json"
	grep -v '^SVG timeline: ' "$T/w.txt" > "$T/w2.txt"
	ok "$name: the same summary and exit status" cmp -s "$T/s.txt" "$T/w2.txt"
	is "$name: the analyses ran as often" \
	   "$(sed -n 's/.*analyses run: \([^(]*\).*/\1/p' "$T/s.err")" \
	   "$(sed -n 's/.*analyses run: \([^(]*\).*/\1/p' "$T/w.err")"
done

# the 14 cycles: each one's results there, not only the last's (no
# device callback is timed: a resume phase's path is one gap; the
# hibernation that wrote its image has one, the one that failed none)
J=$T/s.json
F=$FIXTURES/kernel6.9-xps9360-deep-hibernate-multicycle/messages.txt
"$PMSCOPE" analyze -q --json "$J" "$F"
is "the boot and the 14 cycles in the JSON" "$(jq '.cycles | length' "$J")" 15
is "the 12 suspends to RAM and a hibernation each have a critical path (not the boot, no callback)" \
   "$(jq -c '[.cycles[] | select([.phases[].critical_path // [] | length] | add > 0) | .mode] | group_by(.) | map([.[0], length])' "$J")" \
   '[["disk",1],["mem",12]]'


# one cycle, and the JSON on stdout (the summary is off then)
"$PMSCOPE" analyze -s --cycle 3 --json - "$F" > "$T/c3s.json" 2> "$T/c3s.err"
"$PMSCOPE" analyze --cycle 3 --json - --svg "$T/c3.svg" "$F" > "$T/c3w.json"
is "--cycle 3 --json -: streamed" "$(kept "$T/c3s.err")" 1
ok "--cycle 3 --json -: the same JSON as all at once" cmp -s "$T/c3s.json" "$T/c3w.json"
is "--cycle 3: one cycle" "$(jq -c '[.cycles[].index]' "$T/c3s.json")" "[3]"

# two outputs on stdout would interleave: written one after the other
"$PMSCOPE" analyze -s --json - --text - "$F" > "$T/two.out" 2> "$T/two.err"
is "--json - --text -: not streamed" "$(kept "$T/two.err")" 0
is "--json - --text -: the summary first, then the JSON" \
   "$(grep -c '^pmscope 0\|^{"schema"' "$T/two.out")" 2
ok "--json - --text -: the JSON whole, on the last line" sh -c "tail -1 '$T/two.out' | jq -e .schema > /dev/null"

# a failed output: its error, the others not written, no temporary left
"$PMSCOPE" analyze --json "$T/ok.json" --text /dev/full "$F" > "$T/full.out" 2> "$T/full.err"
is "a full device: exit status 2" "$?" 2
is "a full device: the error names it" "$(cat "$T/full.err")" \
   "pmscope: /dev/full: write failed: No space left on device"
ok "a full device: the JSON beside it not written" test ! -e "$T/ok.json"
is "a full device: no temporary file left" "$(ls -A "$T" | grep -c pmscope-tmp)" 0
"$PMSCOPE" analyze --json "$T/no/such/dir/x.json" "$F" > /dev/null 2> "$T/nodir.err"
ok "a folder that is not there: named" grep -q "^pmscope: $T/no/such/dir/x.json: No such file or directory" "$T/nodir.err"
done_testing
