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

# The traces of bench_ftrace.sh, which bench_rows.sh reads too: each kept
# in $dir (BUILD/bench/) for the next run.
# gen SRC WANT_BYTES > OUT: the header once, then the cycle (from its
# SUSPEND START marker) again and again, each copy STEP seconds later
gen() {
	xz -dc "$1" | awk -v want="$2" -v step=10 '
	function shift(line, k,   pre, t, n) {
		if (match(line, /^ *[0-9]+\.[0-9]+ \|/)) {	# function_graph abstime
			t = substr(line, 1, RLENGTH - 2) + step * k
			return sprintf("%12.6f |", t) substr(line, RLENGTH + 1)
		}
		if (match(line, /\] [^ ]* *[0-9]+\.[0-9]+:/)) {	# "[000] ..... 13.57:"
			pre = substr(line, 1, RSTART + RLENGTH - 1)
			n = match(pre, /[0-9]+\.[0-9]+:$/)
			t = substr(pre, n, length(pre) - n) + step * k
			return substr(pre, 1, n - 1) sprintf("%.6f:", t) substr(line, RSTART + RLENGTH)
		}
		return line
	}
	/SUSPEND START/ { incycle = 1 }
	{ if (incycle) cyc[n++] = $0; else head[m++] = $0 }
	END {
		for (i = 0; i < m; i++) { print head[i]; size += length(head[i]) + 1 }
		for (k = 0; size < want; k++)
			for (i = 0; i < n; i++) {
				line = shift(cyc[i], k)
				print line
				size += length(line) + 1
			}
	}'
}

# make NAME CMD...: $dir/NAME from CMD's output, unless there from before
make_input() {
	f=$dir/$1
	shift
	if [ ! -s "$f" ]; then
		echo "building $f ..."
		"$@" > "$f.tmp"
		mv "$f.tmp" "$f"
	fi
}
