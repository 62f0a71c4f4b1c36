#!/bin/sh
# The man page is clean roff and covers every option --help shows.
. "$(dirname "$0")/../tap.sh"
top=$(cd "$(dirname "$0")/../.." && pwd)
M="$top/man/pmscope.1"
ok "man page lints clean" mandoc -Tlint -W warning "$M"
for cmd in analyze stats compare whatif record arm collect; do
	for opt in $("$PMSCOPE" "$cmd" --help | grep -o -E '^  (-[a-zA-Z], |    )--[a-z-]+' | sed 's/.*--//'); do
		ok "man page documents $cmd --$opt" grep -q -- "Fl -$opt" "$M"
	done
	# long-only options
	for opt in $("$PMSCOPE" "$cmd" --help | grep -o -E '^      --[a-z-]+' | sed 's/.*--//'); do
		ok "man page documents $cmd --$opt" grep -q -- "Fl -$opt" "$M"
	done
done
for c in $("$PMSCOPE" --help | sed -n 's/^  \([a-z]*\) .*/\1/p'); do
	ok "man page documents command $c" grep -q "Cm $c" "$M"
	ok "README mentions command $c" grep -q "pmscope $c" "$top/README.md"
done
done_testing
