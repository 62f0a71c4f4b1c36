# SPDX-License-Identifier: GPL-2.0
# Helpers shared by scripts/bench_*.sh (sourced; they set $tmp first).

# timed NAME CMD...: wall, user + system seconds and peak RSS (kB) of
# CMD into $tmp/NAME ("wall cpu rss"); output thrown away
timed() {
	n=$1
	shift
	/usr/bin/time -f "%e %U %S %M" -o "$tmp/$n.raw" "$@" > /dev/null 2>&1 || true
	awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' "$tmp/$n.raw" > "$tmp/$n"
}
