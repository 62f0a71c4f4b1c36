#!/bin/sh
# Archives people attach (issue 36): a tar (plain or compressed) or a zip
# is read as a folder, its members named ARCHIVE/MEMBER; a binary
# systemd journal in it, or anything else not read, is passed over and
# said, never skipped in silence; a damaged one is said, never a crash.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
X58=$FIXTURES/kernel5.8-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt
OMEN=$FIXTURES/kernel6.16-hp-omen16-report-tarball-journal/hpwmi-omen16wf-report-20251008-0035.tar.gz
M=hpwmi-omen16wf-report-20251008-0035

# --- the HP OMEN 16's report tarball, as attached: one folder with
# dmesg.txt (1222 lines, one boot, no suspend line, no initcall line),
# journalctl-b.txt and ACPI tables. dmesg.txt is the run; the journal is
# passed over and said.
cd "$(dirname "$OMEN")" || exit 1
"$PMSCOPE" analyze -q --json "$T/omen.json" "$(basename "$OMEN")" 2> "$T/omen.err"
is "OMEN: no cycle in the log, exit 4 (NO DATA)" "$?" 4
is "OMEN: its dmesg.txt member read, every line of it" \
   "$(grep -c -F "pmscope: $(basename "$OMEN")/$M/dmesg.txt: no suspend, resume or boot timing found in 1222 lines" "$T/omen.err")" 1
is "OMEN: the journal member said" \
   "$(grep -c -F "pmscope: $(basename "$OMEN")/$M/journalctl-b.txt: passed over: not a log of the run folder" "$T/omen.err")" 1
is "OMEN: every other member said too (65 of 66)" "$(grep -c ': passed over: ' "$T/omen.err")" 65
cd - >/dev/null || exit 1

# --- a real log zipped, tarred and compressed reads as the log itself
mkdir -p "$T/logs/run"
cp "$X58" "$T/logs/run/dmesg.txt"
# a binary journal's first bytes: "LPKSHHRH" (systemd's journal header)
printf 'LPKSHHRH\000\000\000\000binary' > "$T/logs/run/system.journal"
(cd "$T/logs" && zip -q -r ../logs.zip run && tar cJf ../logs.tar.xz run && tar cf ../logs.tar run)
(cd "$T/logs/run" && zip -q ../../one.zip dmesg.txt)
"$PMSCOPE" analyze -q --json "$T/plain.json" "$X58"
totals() { jq -c '[.cycles[] | .totals.suspend_ns, .totals.resume_ns, (.callbacks | length)]' "$1"; }
is "the plain log: suspend 1691.701 ms, resume 12509.668 ms, 435 callbacks" \
   "$(totals "$T/plain.json")" "[1691701000,12509668000,435]"
for a in logs.zip logs.tar.xz logs.tar one.zip; do
	"$PMSCOPE" analyze -q --json "$T/$a.json" "$T/$a" 2> "$T/$a.err"
	is "$a: exit 0, the same cycle" "$? $(totals "$T/$a.json")" "0 [1691701000,12509668000,435]"
done
is "logs.zip: the cycle names its member" "$(jq -r '.cycles[0].source' "$T/logs.zip.json")" \
   "$T/logs.zip/run/dmesg.txt"
is "logs.tar.xz: the binary journal said, with its path" \
   "$(jq -r "$FINDINGS"'[findings | select(.code == "passed-over") | .text] | join(",")' "$T/logs.tar.xz.json")" \
   "passed over: a binary systemd journal, not read (journalctl -k -o short-monotonic --file=FILE writes the kernel's lines as text)"
is "logs.tar.xz: the finding names the member" \
   "$(jq -r "$FINDINGS"'[findings | select(.code == "passed-over") | .sources[0].file] | join(",")' "$T/logs.tar.xz.json")" \
   "$T/logs.tar.xz/run/system.journal"
"$PMSCOPE" analyze -q --json "$T/member.json" "$T/logs.zip/run/dmesg.txt"
is "a member named by its path" "$? $(totals "$T/member.json")" "0 [1691701000,12509668000,435]"
"$PMSCOPE" analyze -q "$T/logs.zip/run/nothere.txt" 2> "$T/nothere.err"
is "a member that is not there: exit 2" "$?" 2
is "... said with the archive's name" "$(cat "$T/nothere.err")" \
   "pmscope: $T/logs.zip: the archive holds no file run/nothere.txt"

# --- "tar czf logs.tar.gz logs/": the one folder at the top is no level
# of its own: the logs in its folders are runs, as in a folder given
# (a/x58.log and b/x54.log: the 5.8 and 5.4 XPS; rtw89's logs.zip on
# linux-wireless has this shape: logs/1/kernel.log ... logs/5/)
mkdir -p "$T/top/logs/a" "$T/top/logs/b"
cp "$X58" "$T/top/logs/a/x58.log"
cp "$FIXTURES/kernel5.4-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt" "$T/top/logs/b/x54.log"
(cd "$T/top" && tar czf ../two.tar.gz logs)
"$PMSCOPE" analyze -q "$T/two.tar.gz" 2> "$T/two.err"
is "two runs under one top folder: analyze names the first" "$? $(cat "$T/two.err")" \
   "2 pmscope: $T/two.tar.gz: 2 runs in the folder (the first: $T/two.tar.gz/logs/a/x58.log); analyze reads one: name it, or use pmscope stats for all"
"$PMSCOPE" stats -q -j "$T/two.json" "$T/two.tar.gz" 2> /dev/null
is "... stats reads both" "$(jq '.stats.cycles' "$T/two.json")" 2
# a folder in it, named as stats names its runs, is a folder to analyze
"$PMSCOPE" analyze -q -j "$T/one.json" "$T/two.tar.gz/logs/a" 2> "$T/one.err"
is "analyze ARCHIVE/FOLDER: its one run, read" "$? $(jq -r '.sources[0]' "$T/one.json")" \
   "0 $T/two.tar.gz/logs/a/x58.log"
"$PMSCOPE" analyze -q "$T/two.tar.gz/logs" 2> "$T/one.err"
is "analyze ARCHIVE/FOLDER of two runs: names the first" "$? $(cat "$T/one.err")" \
   "2 pmscope: $T/two.tar.gz/logs: 2 runs in the folder (the first: $T/two.tar.gz/logs/a/x58.log); analyze reads one: name it, or use pmscope stats for all"
"$PMSCOPE" analyze -q "$T/two.tar.gz/logs/c" 2> "$T/one.err"
is "analyze ARCHIVE/NOTHING: the archive holds no such file" "$? $(cat "$T/one.err")" \
   "2 pmscope: $T/two.tar.gz: the archive holds no file logs/c"

# --- damaged: a zip cut in half, a file called .zip that is none
head -c 6000 "$T/logs.zip" > "$T/cut.zip"
"$PMSCOPE" analyze -q "$T/cut.zip" > /dev/null 2> "$T/cut.err"
rc=$?
ok "a cut zip: not ok, not a crash (exit $rc)" [ "$rc" -ge 1 ] && [ "$rc" -le 4 ]
# (the line depends on zip's deflate: the lines before the cut are read)
ok "... said where it ends" grep -q -E "^pmscope: $T/cut.zip/run/dmesg.txt: line [0-9]+: the file ends inside its compressed data \\(cut short\\?\\)$" "$T/cut.err"
printf 'not a zip\n' > "$T/fake.zip"
"$PMSCOPE" analyze -q "$T/fake.zip" > /dev/null 2> "$T/fake.err"
rc=$?
ok "a file named .zip that is none: not ok (exit $rc)" [ "$rc" -ge 1 ] && [ "$rc" -le 4 ]
is "... said" "$(grep -c -F "$T/fake.zip: passed over: the archive cannot be read" "$T/fake.err")" 1
done_testing
