#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Before/after guard for changes to the readers: the text and JSON report
# of every log (and every folder) of a corpus, with one pmscope and then
# another, and what differs. Not part of the tests (the corpus is outside
# the project); run it by hand on a change that should not move figures.
#   scripts/corpus-guard.sh OLD-PMSCOPE NEW-PMSCOPE CORPUS-DIR [OUT-DIR]
# Exit 0 when every report is the same; lists the ones that differ.
set -u
[ $# -ge 3 ] || { echo "usage: $0 old-pmscope new-pmscope corpus-dir [out-dir]" >&2; exit 2; }
old=$1 new=$2 corpus=$3 out=${4:-$(mktemp -d)}

reports() {	# pmscope, out dir
	mkdir -p "$2"
	find "$corpus" -type f ! -name '*.md' ! -name '*.html' ! -path '*/sys/*' | sort |
	while read -r f; do
		n=$(printf '%s' "${f#"$corpus"/}" | tr '/ ' '__')
		timeout 120 "$1" analyze --json "$2/$n.json" "$f" 2>"$2/$n.err" |
			grep -v '^JSON report:' >"$2/$n.txt"
	done
	for d in "$corpus"/*/; do
		n=dir_$(basename "$d")
		timeout 120 "$1" analyze --json "$2/$n.json" "$d" 2>"$2/$n.err" |
			grep -v '^JSON report:' >"$2/$n.txt"
	done
}
reports "$old" "$out/old"
reports "$new" "$out/new"
if diff -r -q "$out/old" "$out/new"; then
	echo "every report the same ($out)"
	exit 0
fi
echo "reports differ: diff -r $out/old $out/new"
exit 1
