#!/bin/sh
# The HTML page's data in pieces of about 64 KB (timeline/html.c): a log
# of 3000 callbacks whose device names are all two-byte UTF-8 ("é"), so
# nearly every place a piece could end falls inside a character. Each
# piece must be whole UTF-8, and the pieces joined the page's data, which
# the page reads as one.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
. "$(dirname "$0")/../html_page.sh"

awk 'BEGIN {
	print "[    1.000000] PM: suspend entry (deep)"
	for (i = 0; i < 3000; i++) {
		t = 1.1 + i * 0.0001
		name = "d\303\251v\303\251\303\251\303\251\303\251\303\251\303\251\303\251" i
		printf "[%12.6f] pci %s: PM: calling pci_pm_suspend+0x0/0x150 @ 7, parent: pci0000:00\n", t, name
		printf "[%12.6f] pci %s: PM: pci_pm_suspend+0x0/0x150 returned 0 after 50 usecs\n", t + 0.00005, name
	}
	print "[    2.000000] PM: suspend exit"
}' > "$T/utf8.txt"
"$PMSCOPE" analyze -q -j "$T/a.json" --html "$T/a.html" "$T/utf8.txt"
is "analyze: exit 0" "$?" 0
pieces=$(grep -c '^<script type="application/json" class="pmscope-data">' "$T/a.html")
ok "the data in pieces ($pieces)" test "$pieces" -gt 3
ok "no piece over 64 KB and a character" \
   test "$(grep '^<script type="application/json" class="pmscope-data">' "$T/a.html" |
	awk '{ if (length($0) > max) max = length($0) } END { print max }')" -le $((65536 + 80))
ok "every piece whole UTF-8" iconv -f UTF-8 -t UTF-8 -o /dev/null "$T/a.html"
names='[.devs[] | strings | select(test("^dév(é)+[0-9]+$"))]'
is "the pieces joined: the page's data, every device" "$(data "$T/a.html" | jq "$names | length")" 3000
is "... named as in the JSON report" "$(data "$T/a.html" | jq -r "$names | sort | .[0], .[-1]")" \
   "$(jq -r '[.cycles[0].callbacks[].device] | sort | .[0], .[-1]' "$T/a.json")"
browser "file://$T/a.html" > "$T/b.html"
is "the page reads it: no script error" "$(state "$T/b.html" errors)" 0
is "... and counts every callback" "$(state "$T/b.html" callbacks)" 3000
done_testing
