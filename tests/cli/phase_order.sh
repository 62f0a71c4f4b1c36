#!/bin/sh
# A cycle's phases follow each other in the kernel's order and never
# overlap, in every log form (issue 36): over every fixture (each file
# under tests/fixtures, at any depth, and each run folder as a whole), no
# phase of any cycle has a negative length, none starts more than 10 us
# before an earlier one ended, and where each kind comes once they are
# in the kernel's order.
. "$(dirname "$0")/../tap.sh"

# the kernel's order of the phase kinds (include/model.h, enum phase_kind)
order='suspend_enter prepare suspend suspend_late suspend_noirq machine
resume_noirq resume_early resume complete thaw_processes post_suspend
kernel_init user_init'
# bad: a report's phases that break the rule, a line each
bad() {
	jq -r --arg f "$2" --arg order "$order" '
	  ($order | split("\\s+"; null)) as $ord |
	  .cycles[] | .index as $c | [.phases[] | {name, kind, s: .start_ns, e: .end_ns}] as $p |
	  (if ([$p[].kind] | length) == ([$p[].kind] | unique | length) then
	     range(1; $p | length) as $i |
	     select(($ord | index($p[$i].kind)) < ($ord | index($p[$i - 1].kind))) |
	     "\($f) cycle \($c): \($p[$i].name) after \($p[$i - 1].name)"
	   else empty end),
	  ($p[] | select(.s != null and .e != null and .e < .s) |
	     "\($f) cycle \($c): \(.name) \((.e - .s) / 1e6) ms long"),
	  (range(1; $p | length) as $i |
	     ([$p[0:$i][].e | select(. != null)] | max) as $m |
	     select($p[$i].s != null and $m != null and $m - $p[$i].s > 10000) |
	     "\($f) cycle \($c): \($p[$i].name) starts \(($m - $p[$i].s) / 1e6) ms before an earlier phase ended")
	' "$1"
}

top=$(cd "$FIXTURES/.." && pwd)
cd "$top" || exit 1
list=$TMPDIR_TEST/inputs
{
	find fixtures -type f ! -name '*.md' ! -name '*.sh' ! -path '*/sys/*' \
		! -path '*/guest/*' ! -path '*/tracefs/*'
	find fixtures -type d | while read -r d; do
		{ [ -d "$d/sys" ] || [ -f "$d/dmesg.txt" ]; } && echo "$d/"
	done
} | LC_ALL=C sort > "$list"
out=$TMPDIR_TEST/bad
: > "$out"
ncycles=0
while read -r f; do
	rm -f "$TMPDIR_TEST/r.json"
	"$PMSCOPE" analyze -q --json "$TMPDIR_TEST/r.json" "$f" >/dev/null 2>&1
	[ -s "$TMPDIR_TEST/r.json" ] || continue
	bad "$TMPDIR_TEST/r.json" "$f" >> "$out"
	ncycles=$((ncycles + $(jq '.cycles | length' "$TMPDIR_TEST/r.json")))
done < "$list"
ok "fixtures read: $(wc -l < "$list") inputs, $ncycles cycles" [ "$ncycles" -ge 100 ]
is "no phase goes back, overlaps an earlier one or leaves the kernel's order" "$(cat "$out")" ""

# --- where the two clocks disagree, the stamps stand and the kernel's
# figures stay as printed. The ThinkPad L440 (6.3): "PM: early resume of
# devices complete after 0.438 msecs" at 97.033855, "PM: resume of devices
# complete after 2875.971 msecs" at 99.908393, which puts resume's start at
# 97.032422, 1.433 ms before resume_early ended: resume runs from 97.033855,
# 2874.538 ms. "PM: Suspending system (deep)" at 96.315125 ended
# suspend_enter by its stamp, but prepare began at 96.960604 - 645.774 ms
# ("start suspend of devices") = 96.314830 and suspend at 96.960600 -
# 645.619 ms = 96.314981, inside it: suspend_enter, which has no figure,
# ends where prepare began.
cd "$top" || exit 1
j=$TMPDIR_TEST/l440.json
"$PMSCOPE" analyze -q --json "$j" fixtures/kernel6.3-thinkpad-l440-deep-pmprint-email/dmesg-6-3-1-retry.out.xz
ph() { jq -r ".cycles[$2].phases[] | select(.name == \"$1\") | \"\\(.start_ns) \\(.end_ns) \\(.kernel_ms)\"" "$j"; }
is "L440: resume from resume_early's end, the kernel's 2875.971 ms kept" "$(ph resume 1)" \
   "97033855000 99908393000 2875.971"
is "L440: prepare and suspend by the kernel's figures" "$(ph prepare 1) / $(ph suspend 1)" \
   "96314830000 96314981000 null / 96314981000 96960600000 645.619"
is "L440: suspend_enter ends where prepare began" "$(ph suspend_enter 1)" "95681381000 96314830000 null"
is "L440: the note says by how much" \
   "$(jq -r "$FINDINGS"'[findings | select(.code == "timing") | .text | test("suspend_enter cut 0.295 ms short.*resume starts 1.433 ms later")] | any' "$j")" true
# --- an LKP suspend-stress log (5.9) with callback lines but no phase
# lines and no "Suspending console(s)": suspend_enter ran to "ACPI:
# Preparing to enter system sleep state S3" (39.277409), over every device
# phase. It ends where the first callback began: input6's return at
# 38.918880, "returned 0 after 0 usecs".
j=$TMPDIR_TEST/lkp.json
"$PMSCOPE" analyze -q --json "$j" fixtures/kernel5.9-lkp-suspend-stress-no-phase-lines-kmsg/kmsg.xz
is "LKP: suspend_enter ends where the device callbacks began" "$(ph suspend_enter 1)" \
   "38898123000 38918880000 null"
is "LKP: then suspend" "$(jq -r '[.cycles[1].phases[].name] | join(",")' "$j")" \
   "suspend_enter,suspend,suspend_late,suspend_noirq,machine,resume_noirq,resume_early,resume,thaw_processes,post_suspend"

# the check itself, on a report bent three ways: resume before
# resume_early ends (the figure placed by the stamps of another clock),
# a negative thaw, suspend_enter over a device phase
cat > "$TMPDIR_TEST/bent.json" <<'EOF'
{"cycles": [{"index": 1, "phases": [
 {"name": "suspend_enter", "kind": "suspend_enter", "start_ns": 0, "end_ns": 500000},
 {"name": "suspend", "kind": "suspend", "start_ns": 100000, "end_ns": 900000},
 {"name": "resume_early", "kind": "resume_early", "start_ns": 1000000, "end_ns": 2000000},
 {"name": "resume", "kind": "resume", "start_ns": 1980000, "end_ns": 3000000},
 {"name": "thaw_processes", "kind": "thaw_processes", "start_ns": 3000000, "end_ns": 2999999}]},
 {"index": 2, "phases": [
 {"name": "resume", "kind": "resume", "start_ns": 0, "end_ns": 10},
 {"name": "resume_early", "kind": "resume_early", "start_ns": 10, "end_ns": 20},
 {"name": "resume", "kind": "resume", "start_ns": 1990000, "end_ns": 3000000}]}]}
EOF
is "the check finds each" "$(bad "$TMPDIR_TEST/bent.json" x)" "x cycle 1: thaw_processes -1e-06 ms long
x cycle 1: suspend starts 0.4 ms before an earlier phase ended
x cycle 1: resume starts 0.02 ms before an earlier phase ended"
is "10 us of overlap is the stamps' rounding; kinds out of order only where each comes once" \
   "$(sed 's/1980000/1990000/' "$TMPDIR_TEST/bent.json" | bad /dev/stdin x | grep -c resume)" 0
done_testing
