#!/bin/sh
# Real logs of every shape issue 36 names (tests/fixtures/corpus/), held
# to what a person reads in them: each log's cycles in order, each one's
# mode, lines, outcome and the failures the kernel printed, as written
# down by hand in EXPECT.tsv; the verdict and exit status that follow
# from them; no phase of negative length or overlapping the next. Logs
# pmscope does not read so yet are in PENDING.tsv: said in a comment
# each, and a failure once read as written (move the rows to EXPECT.tsv).
. "$(dirname "$0")/../tap.sh"
C=$FIXTURES/corpus
T=$TMPDIR_TEST

# a report's cycles as EXPECT.tsv's rows (file as $2), then the Oopses
# and stalls outside every cycle, in a row of their own
ROWS='(.cycles[] | [$f, (.index | tostring), (.mode_label // .mode), "\(.first_line)-\(.last_line)",
	(if .aborted then "aborted" elif .completed then "completed"
	 else ([.findings[] | select(.code == "incomplete" or .code == "excerpt") | .code][0]
	       // "unknown") end),
	([.findings[] | select(.severity != "note" and .code != "incomplete" and .code != "excerpt") |
	  "\(.code)\(if .device then ":\(.device):\(.error)" else "" end)@\([.sources[].line] | join("+"))"] |
	 join(",") | if . == "" then "-" else . end)] | join("\t")),
	([.findings[] | select(.code == "alarm-outside-cycle") | "\(.code)@\([.sources[].line] | join("+"))"] |
	 if length > 0 then [$f, "outside", "-", "-", "-", join(",")] | join("\t") else empty end)'

# every phase of every cycle: none of negative length, none starting
# before the one before it ends by more than 10 us
phases_sane() {
	jq -e '[.cycles[] | [.phases[] | select(.start_ns != null and .end_ns != null)] |
		(.[] | select(.end_ns < .start_ns)),
		(range(1; length) as $i | select(.[$i - 1].end_ns - .[$i].start_ns > 10000))] |
		length == 0' "$1"
}

# the rows of FILE in LIST
rows() { grep -v '^#' "$2" | awk -F '\t' -v f="$1" '$1 == f'; }

# analyze FILE: its rows as pmscope reads them into $T/got, the exit
# status into $T/rc
analyze() {
	"$PMSCOPE" analyze -q -j "$T/r.json" "$C/$1" > /dev/null 2> "$T/err"
	echo $? > "$T/rc"
	jq -r --arg f "$1" "$ROWS" "$T/r.json" > "$T/got" 2>> "$T/err"
}

# the exit status a person expects from the rows: 1 where the kernel
# said a cycle failed (a device failed, the kernel backed out, a crash)
# or the log ends inside one, or it crashed or stalled outside them, else 0
expected_rc() {
	if printf '%s\n' "$1" | awk -F '\t' '$5 == "aborted" || $5 == "incomplete" || $2 == "outside" ||
	    $6 ~ /(^|,)(device-failed|aborted|kernel-oops)/ { bad = 1 } END { exit !bad }'; then
		echo 1
	else
		echo 0
	fi
}

for f in $(grep -v '^#' "$C/EXPECT.tsv" | cut -f1 | uniq); do
	analyze "$f"
	want=$(rows "$f" "$C/EXPECT.tsv")
	is "$f: cycles, modes, lines, outcomes, failures as a person reads them" \
	   "$(cat "$T/got")" "$want"
	is "$f: exit status" "$(cat "$T/rc")" "$(expected_rc "$want")"
	ok "$f: phases in order, none of negative length" phases_sane "$T/r.json"
done

for f in $(grep -v '^#' "$C/PENDING.tsv" | cut -f1 | uniq); do
	analyze "$f"
	want=$(rows "$f" "$C/PENDING.tsv")
	if [ "$(cat "$T/got")" = "$want" ]; then
		n=$((n + 1))
		echo "not ok $n - $f: read as written down: move its rows to EXPECT.tsv"
		failed=1
	else
		# a comment, not a test: tests/summary.sh counts every "not ok"
		echo "# pending (PENDING.tsv): $f: read otherwise than a person does"
		sed 's/^/#   got:      /' "$T/got"
		printf '%s\n' "$want" | sed 's/^/#   expected: /'
	fi
done

# a log without stamps gives the kernel's own figures (lines 120, 150)
analyze kernel6.9-rpi-bcm2835-noirq-warn-nostamp-patch-email/message.eml
is "rpi-bcm2835 (no stamps): the kernel's phase figures, exact" \
   "$(jq -r '[.cycles[0].phases[] | select(.kernel_ms != null) | "\(.name)=\(.kernel_ms)"] | join(" ")' "$T/r.json")" \
   "suspend_late=1.754 suspend_noirq=3095.584"

# every log of the folder is in one list or the other
for d in "$C"/*/; do
	for p in "$d"*; do
		case $p in *.md) continue ;; esac
		f=${p#"$C"/}
		n=$((n + 1))
		if grep -q "^$f	" "$C/EXPECT.tsv" "$C/PENDING.tsv"; then
			echo "ok $n - $f: written down"
		else
			echo "not ok $n - $f: in neither EXPECT.tsv nor PENDING.tsv"
			failed=1
		fi
	done
done
done_testing
