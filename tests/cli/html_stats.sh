#!/bin/sh
# pmscope stats --html (issue 14): one page over many runs. Totals per
# mode (min, median, max), a row per cycle with its slowest callback and a
# link to the run's own page when it has one, a device table (count,
# median, max) and the issues with their counts and first occurrence,
# each checked against pmscope stats -j and analyze -j of the same inputs.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
lkp=$FIXTURES/kernel5.4-lkp-lenovo80mk-freeze-10cycles-kmsg/kmsg.xz
x58=$FIXTURES/kernel5.8-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt
p6=$FIXTURES/kernel6.16-pixel6-arm64-deep-caller-email/message.eml
mkdir -p "$T/runs"
cp -r "$FIXTURES/qemu-q35-s3-async0-medium" "$T/runs/a0"
cp -r "$FIXTURES/qemu-q35-s3-async1-medium" "$T/runs/a1"
"$PMSCOPE" analyze -q --html "$T/runs/a1/report.html" "$T/runs/a1"
"$PMSCOPE" stats -q --html "$T/s.html" "$lkp" "$T/runs" "$x58" "$p6"
is "stats --html: exit 1 (no limit given; the pixel6 run failed, eeprom@2's -16)" "$?" 1
ok "the page is valid XML" xmllint --noout "$T/s.html"
ok "one file, nothing fetched" test "$(grep -c -E '(src|href)="[^#/]' "$T/s.html")" -eq 0
# cells of the row of table ID whose first cell is KEY
cells() { sed -n "/<table id=\"$1\">/,/<\/table>/p" "$T/s.html" | grep -F "<tr" | grep -F "<td>$2</td>" |
	head -1 | sed 's/<\/td><td[^>]*>/|/g; s/<[^>]*>//g'; }
ms() { awk '{ printf "%.3f\n", $1 / 1e6 }'; }

for m in s2idle mem; do
	"$PMSCOPE" stats -q -m "$m" -n 1000 -j "$T/$m.json" "$lkp" "$T/runs" "$x58" "$p6"
	row=$(cells modes "$m")
	is "$m: cycles as stats -m $m counts" "$(echo "$row" | cut -d'|' -f2)" "$(jq .stats.cycles "$T/$m.json")"
	is "$m: suspend min, median, max" "$(echo "$row" | cut -d'|' -f3-5)" \
	   "$(jq -r '.stats.suspend | [.min_ns, .median_ns, .max_ns][]' "$T/$m.json" | ms | paste -sd'|')"
	is "$m: resume min, median, max" "$(echo "$row" | cut -d'|' -f6-8)" \
	   "$(jq -r '.stats.resume | [.min_ns, .median_ns, .max_ns][]' "$T/$m.json" | ms | paste -sd'|')"
done
is "s2idle: the resume median by hand (stats.sh), 638.039 ms" "$(cells modes s2idle | cut -d'|' -f7)" 638.039

runrow() { sed -n '/<table id="runs">/,/<\/table>/p' "$T/s.html" | grep -F "$1" | sed 's/<\/td><td[^>]*>/|/g; s/<[^>]*>//g'; }
is "runs: a row per run" "$(sed -n '/<table id="runs">/,/<\/table>/p' "$T/s.html" | grep -c '<tr[ >].*<td')" 5
for f in "$lkp" "$T/runs/a0" "$T/runs/a1" "$x58" "$p6"; do
	"$PMSCOPE" analyze -q -j "$T/r.json" "$f"
	is "runs: ${f##*/}: its cycles" "$(runrow "$f<" | cut -d'|' -f2)" "$(jq '.cycles | length' "$T/r.json")"
	is "runs: ${f##*/}: its failures" "$(runrow "$f<" | cut -d'|' -f9)" \
	   "$(jq "$FINDINGS"'[findings | select(.severity == "failure" and .cycle > 0)] | length' "$T/r.json")"
done
is "runs: the lkp log's worst resume is the s2idle max" "$(runrow "$lkp<" | cut -d'|' -f3,5)" \
   "s2idle boot|$(jq .stats.resume.max_ns "$T/s2idle.json" | ms)"
is "runs: the run with a page links to it" "$(grep -c "<a href=\"$(realpath "$T/runs/a1/report.html")\">" "$T/s.html")" 1
ok "runs: the linked page is there" test -s "$(realpath "$T/runs/a1/report.html")"
is "runs: the one without, not linked" "$(grep -c '<a href="[^"]*a0' "$T/s.html")" 0
"$PMSCOPE" analyze -q -j "$T/x.json" "$x58"
is "runs: 5.8's slowest callback, 3-1 in resume" "$(runrow Ixpees | cut -d'|' -f7-8)" \
   "$(jq -r '.cycles[0].callbacks | max_by(.end_ns - .start_ns) | "\(.device) (\(.phase), cycle 1)|\((.end_ns - .start_ns) / 1e6)"' "$T/x.json" |
	awk -F'|' '{ printf "%s|%.3f", $1, $2 }')"

row=$(sed -n '/<table id="devices">/,/<\/table>/p' "$T/s.html" | grep -F '<td>mem</td><td>resume</td><td>3-1</td>' |
	sed 's/<\/td><td[^>]*>/|/g; s/<[^>]*>//g')
is "devices: 3-1's resume, count, median, max as stats -m mem" "$(echo "$row" | cut -d'|' -f5-7)" \
   "$(jq -r '.stats.devices[] | select(.device == "3-1" and .phase == "resume") | "\(.n)|\(.median_ns)|\(.max_ns)"' "$T/mem.json" |
	awk -F'|' '{ printf "%s|%.3f|%.3f", $1, $2 / 1e6, $3 / 1e6 }')"
is "devices: the worst case first, 3-1" \
   "$(sed -n '/<table id="devices">/,/<\/table>/p' "$T/s.html" | grep -F '<td>mem</td>' | head -1 | sed 's/<\/td><td[^>]*>/|/g; s/<[^>]*>//g' | cut -d'|' -f3)" 3-1

"$PMSCOPE" analyze -q -j "$T/p.json" "$p6"
row=$(sed -n '/<table id="issues">/,/<\/table>/p' "$T/s.html" | grep -F 'eeprom@2: suspend failed: error -16' |
	sed 's/<\/td><td[^>]*>/|/g; s/<[^>]*>//g')
is "issues: eeprom@2's -16, as often as the pixel6 log says, in one run" "$(echo "$row" | cut -d'|' -f1-4)" \
   "failure|device-failed|$(jq "$FINDINGS"'[findings | select(.text | test("^eeprom@2: suspend failed: error -16"))] | length' "$T/p.json")|1"
is "issues: first seen where the JSON says" "$(echo "$row" | cut -d'|' -f6)" \
   "$(jq -r "$FINDINGS"'[findings | select(.text | test("^eeprom@2: suspend failed: error -16"))][0] | "\(.sources[0].file):\(.sources[0].line), cycle \(.cycle)"' "$T/p.json")"
is "issues: 'did not complete' counted once per cycle, numbers masked" \
   "$(sed -n '/<table id="issues">/,/<\/table>/p' "$T/s.html" | grep -c -F 'did not complete: the log ends in suspend')" 1

timeout 120 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$T/chrome" --virtual-time-budget=3000 \
	--dump-dom "file://$T/s.html" > "$T/dom.html" 2>/dev/null
is "chromium: the page loads, its four tables there" "$(grep -o '<table id="[a-z]*"' "$T/dom.html" | tr '\n' ' ')" \
   '<table id="modes" <table id="runs" <table id="devices" <table id="issues" '
"$PMSCOPE" compare --html "$T/c.html" "$lkp" "$x58" > /dev/null
is "compare --html: the medians as the text gives them (resume 638.039 -> 12509.668 ms)" \
   "$(sed -n 's|^<tr><td class="name">resume</td><td>\([^<]*\)</td><td>\([^<]*\)</td><td>\([^<]*\)</td>.*|\1 \2 \3|p' "$T/c.html" | head -n 1)" \
   "$("$PMSCOPE" compare "$lkp" "$x58" | awk '$1 == "resume" { print $2, $3, $4; exit }')"
done_testing
