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

# Runs of each timed figure (BENCH_RUNS, default 3): a figure is the best
# of its runs, and so is its floor, so that a moment's load elsewhere on
# a shared machine moves neither; a machine busy all along still shows.
runs=${BENCH_RUNS:-3}

# colmin FILE: the smallest value of each column over FILE's lines
colmin() {
	awk '{ for (i = 1; i <= NF; i++) if (NR == 1 || $i + 0 < m[i] + 0) m[i] = $i }
	END { for (i = 1; i <= NF; i++) printf "%s%s", m[i], i < NF ? " " : "\n" }' "$1"
}

# best_of NAME CMD...: CMD's output (a line of numbers), $runs times, each
# column's best into $tmp/NAME
best_of() {
	b=$1
	shift
	: > "$tmp/$b.all"
	for _ in $(seq "$runs"); do
		"$@" >> "$tmp/$b.all"
	done
	colmin "$tmp/$b.all" > "$tmp/$b"
}

# best NAME CMD...: timed, $runs times, each column's best into $tmp/NAME
best() {
	b=$1
	shift
	best_of "$b" timed_line "$b.one" "$@"
}

# timed_line NAME CMD...: timed, its line on standard output
timed_line() {
	timed "$@"
	cat "$tmp/$1"
}
