#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Every resource an input can make pmscope take is bounded, and the
# bounds are options (issue 41): --max-cycles, --max-callbacks and
# --max-unpacked on analyze, stats, compare and whatif. Past one, the
# rest of that input is not read, stderr names the file and the bound,
# what was read is reported, and the exit status is 2. The inputs are
# made here; ulimit bounds time and memory (no timed assertion).
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
F=$FIXTURES
san() { ! grep -q -E '==[0-9]+==ERROR|runtime error:' "$1"; }
# AddressSanitizer reserves terabytes of address space: no ulimit -v there
asan() { ldd "$PMSCOPE" 2>/dev/null | grep -q libasan; }
# bounded CMD...: with 60 s of CPU and, but under ASan, 1.5 GB of memory
bounded() {
	(ulimit -t 60; asan || ulimit -v 1500000; "$@")
}
peak_mb() { sed -n 's/.*peak RSS \([0-9]*\)\..*/\1/p' "$1"; }

# 200,000 cycles of one callback in a few KB of zstd (issue 41's file had
# a million: 2.2 GB of model); the default bound keeps 10,000.
awk 'BEGIN {
	for (i = 0; i < 200000; i++) {
		print "[    1.000000] PM: suspend entry (deep)"
		print "[    1.000010] dev d0: PM: calling f+0x0/0x1 @ 5, parent: p"
		print "[    1.000020] dev d0: PM: f+0x0/0x1 returned 0 after 3 usecs"
		print "[    1.000030] PM: suspend of devices complete after 0.030 msecs"
		print "[    1.000040] PM: resume of devices complete after 0.010 msecs"
		print "[    1.000050] PM: suspend exit"
	}
}' | zstd -q -c > "$T/cycles.zst"
bounded "$PMSCOPE" analyze -q -s "$T/cycles.zst" > "$T/out" 2> "$T/err"; rc=$?
is "200,000 cycles: exit 2 (read in part)" "$rc" 2
ok "200,000 cycles: the file and the bound are named" grep -q \
	"^pmscope: $T/cycles.zst: line 60001: more than 10000 cycles: the rest of the file is not read (--max-cycles)$" "$T/err"
ok "200,000 cycles: the model holds the first 10,000" grep -q "model: 10000 cycles, 10000 callbacks" "$T/err"
# (ASan's shadow memory and quarantine: some more)
lim=$(asan && echo 400 || echo 100)
is "200,000 cycles: in less than $lim MB (440 MB of model before)" \
	"$(test "$(peak_mb "$T/err")" -lt "$lim" && echo yes)" yes
ok "200,000 cycles: no sanitizer report" san "$T/err"
"$PMSCOPE" analyze -q --max-cycles 100 --json "$T/j" "$T/cycles.zst" 2> "$T/err"; rc=$?
is "--max-cycles 100: exit 2" "$rc" 2
is "--max-cycles 100: the report holds 100 cycles" "$(jq '.cycles | length' "$T/j")" 100
is "--max-cycles 100: and says where reading stopped" \
	"$(jq -r "$FINDINGS"'findings | select(.text | startswith("reading stopped")) | "\(.sources[0].line): \(.text)"' "$T/j")" \
	"601: reading stopped here: more than 100 cycles in this file (--max-cycles); the rest of it is not read"

# One cycle of 300,000 callbacks: --max-callbacks keeps the first ones.
awk 'BEGIN {
	print "[    1.000000] PM: suspend entry (deep)"
	for (i = 0; i < 300000; i++) {
		printf "[%12.6f] dev d%d: PM: calling f+0x0/0x1 @ 5, parent: p\n", 1 + i * 2e-6, i
		printf "[%12.6f] dev d%d: PM: f+0x0/0x1 returned 0 after 1 usecs\n", 1 + i * 2e-6 + 1e-6, i
	}
}' | gzip -1 > "$T/cbs.gz"
bounded "$PMSCOPE" analyze -q --max-callbacks 1000 --json "$T/j" "$T/cbs.gz" > "$T/out" 2> "$T/err"; rc=$?
is "--max-callbacks 1000: exit 2" "$rc" 2
ok "--max-callbacks 1000: the file and the bound are named" grep -q \
	"cbs.gz: line 2002: more than 1000 callbacks: the rest of the file is not read (--max-callbacks)" "$T/err"
is "--max-callbacks 1000: 1000 kept" "$(jq '[.cycles[].callbacks | length] | add' "$T/j")" 1000
ok "--max-callbacks 1000: no sanitizer report" san "$T/err"

# A compressed text unpacks to at most --max-unpacked bytes.
"$PMSCOPE" analyze -q --max-unpacked 1M --json "$T/j" "$T/cycles.zst" 2> "$T/err"; rc=$?
is "--max-unpacked 1M: exit 2" "$rc" 2
ok "--max-unpacked 1M: the file and the bound are named" grep -q \
	"cycles.zst: line [0-9]*: it unpacks to more than 1048576 bytes: the rest is not read (--max-unpacked)" "$T/err"
is "--max-unpacked 1M: what came before is reported" "$(jq '.cycles | length > 3000' "$T/j")" true

# A trace.dat is unpacked into a temporary file before libtracecmd reads
# it: 167 KB of zstd wrote 4 GB into /tmp. Here 512 MB of zeros after a
# real one: past the bound, nothing is unpacked further.
cat "$F/qemu-q35-s3-tracecmd-dat/trace.dat" /dev/null > "$T/t.dat"
head -c 536870912 /dev/zero >> "$T/t.dat"
zstd -q -c "$T/t.dat" > "$T/datbomb.zst"
rm "$T/t.dat"
(ulimit -t 30; ulimit -f 1000000; "$PMSCOPE" analyze -q --max-unpacked 64M "$T/datbomb.zst") 2> "$T/err"; rc=$?
is "a trace.dat unpacking past --max-unpacked: exit 2" "$rc" 2
ok "a trace.dat unpacking past --max-unpacked: said" grep -q \
	"datbomb.zst: it unpacks to more than 67108864 bytes, and a trace.dat is read whole: not read (--max-unpacked)" "$T/err"
ok "a trace.dat unpacking past --max-unpacked: no sanitizer report" san "$T/err"
# and a bound on callbacks stops the child through its pipe
"$PMSCOPE" analyze -q --max-callbacks 10 --json "$T/j" "$F/qemu-q35-s3-tracecmd-dat/trace.dat" 2> "$T/err"; rc=$?
is "trace.dat, --max-callbacks 10: exit 2" "$rc" 2
ok "trace.dat, --max-callbacks 10: the bound is the error, not the child's SIGPIPE" \
	sh -c "grep -q 'trace.dat: line [0-9]*: more than 10 callbacks' '$T/err' && ! grep -q -i 'pipe\|crashed' '$T/err'"
is "trace.dat, --max-callbacks 10: the first 10 reported" "$(jq '[.cycles[].callbacks | length] | add' "$T/j")" 10

# Every command that reads logs takes them.
"$PMSCOPE" stats -q --max-cycles 5 --json "$T/s.json" "$T/cycles.zst" 2> "$T/err"; rc=$?
is "stats --max-cycles 5: exit 2" "$rc" 2
is "stats --max-cycles 5: 5 cycles counted" "$(jq '.stats.cycles' "$T/s.json")" 5
"$PMSCOPE" compare -q --max-callbacks 3 "$T/cycles.zst" "$T/cycles.zst" 2> "$T/err"; rc=$?
is "compare --max-callbacks 3: exit 2" "$rc" 2
ok "compare --max-callbacks 3: said" grep -q "more than 3 callbacks" "$T/err"
"$PMSCOPE" whatif -q --max-cycles 5 --json "$T/w.json" "$T/cycles.zst" 2> "$T/err"; rc=$?
is "whatif --max-cycles 5: exit 2" "$rc" 2
is "whatif --max-cycles 5: 5 cycles replayed" "$(jq '.cycles | length' "$T/w.json")" 5
# a run folder whose log a bound stopped is reported as read, and fails
mkdir "$T/run" && cp "$F/pmscope-record-qemu-q35-s3-k6.1/dmesg.txt" "$T/run/dmesg.txt"
"$PMSCOPE" analyze -q --max-callbacks 5 --json "$T/j" "$T/run" 2> "$T/err"; rc=$?
is "a run folder past --max-callbacks: exit 2" "$rc" 2
is "a run folder past --max-callbacks: its 5 callbacks reported" \
	"$(jq '[.cycles[].callbacks | length] | add' "$T/j")" 5
for bad in "--max-cycles 0" "--max-callbacks -1" "--max-unpacked 1X" "--max-unpacked 0"; do
	"$PMSCOPE" analyze -q $bad "$T/run" 2> "$T/err"; rc=$?
	is "$bad: exit 2" "$rc" 2
	ok "$bad: says what it takes" grep -q "takes a" "$T/err"
done
ok "--max-unpacked 4G is taken" "$PMSCOPE" analyze -q --max-unpacked 4G "$T/run"
done_testing
