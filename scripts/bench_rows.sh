#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make bench: the rows a warehouse loads (--rows), written from the
# 400 MB traces of bench_ftrace.sh (built there, or here when missing),
# beside --json on the same input: rows written per second and the bytes
# of a callback's row, in newline-delimited JSON and CSV, against the
# JSON report's bytes per callback. Seconds are CPU seconds (user +
# system: what a busy machine does not inflate), each the best of
# BENCH_RUNS (3) runs; the rows' own time is the whole command's less
# that of analyze with no output (reading and the analyses), the run's
# id (a second reading of the input, for the rows and the JSON alike)
# included.
#   scripts/bench_rows.sh BUILD/pmscope      (BENCH_FTRACE_MB, default 400)
set -eu
bin=$1
top=$(cd "$(dirname "$0")/.." && pwd)
fx=$top/tests/fixtures
mb=${BENCH_FTRACE_MB:-400}
dir=$(dirname "$bin")/bench
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pmscope-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
. "$top/scripts/benchlib.sh"
mkdir -p "$dir"

# rows TITLE FILE
rows() {
	cat "$2" > /dev/null	# the same page cache state for every run
	best base "$bin" analyze -q "$2"
	best json "$bin" analyze -q --json "$tmp/r.json" "$2"
	best nd "$bin" analyze -q --rows "$tmp/out-nd" "$2"
	best csv "$bin" analyze -q --rows "$tmp/out-csv" --rows-format csv "$2"
	nrows=$(cat "$tmp"/out-nd/*.ndjson | wc -l)
	ncbs=$(wc -l < "$tmp/out-nd/callbacks.ndjson")
	echo "$1: $(awk -v s="$(stat -c %s "$2")" 'BEGIN { printf "%.1f MB", s / 1e6 }')," \
		"$ncbs callbacks, $nrows rows in all"
	awk -v rows="$nrows" -v cbs="$ncbs" -v json="$(stat -c %s "$tmp/r.json")" \
	    -v nd="$(stat -c %s "$tmp/out-nd/callbacks.ndjson")" \
	    -v csv="$(($(stat -c %s "$tmp/out-csv/callbacks.csv") - $(head -1 "$tmp/out-csv/callbacks.csv" | wc -c)))" \
	    -v ndall="$(cat "$tmp"/out-nd/* | wc -c)" -v csvall="$(cat "$tmp"/out-csv/* | wc -c)" '
		FILENAME ~ /base$/ { bc = $2 }
		FILENAME ~ /json$/ { jw = $1; jc = $2; jr = $3 }
		FILENAME ~ /nd$/ { nw = $1; nc = $2; nr = $3 }
		FILENAME ~ /csv$/ { cw = $1; cc = $2; cr = $3 }
		function per_s(n, t) { return t > 0.01 ? n / t : n / 0.01 }
		function line(what, w, c, r, bytes, all) {
			printf "  %-8s %6.2f s CPU (%.2f s wall), peak RSS %.0f MB; %.2f s more than no output:", what, c, w, r / 1024, c - bc
			if (all)
				printf " %.0f rows/s; %.1f MB, %.0f B per callback row\n", per_s(rows, c - bc), all / 1e6, bytes / cbs
			else
				printf " %.1f MB, %.0f B per callback\n", bytes / 1e6, bytes / cbs
		}
		END {
			printf "  no output: %.2f s CPU (reading, analyses)\n", bc
			line("--json", jw, jc, jr, json, 0)
			line("--rows", nw, nc, nr, nd, ndall)
			line("csv", cw, cc, cr, csv, csvall)
		}' "$tmp/base" "$tmp/json" "$tmp/nd" "$tmp/csv"
	rm -rf "$tmp/out-nd" "$tmp/out-csv" "$tmp/r.json"
}

make_input events-$mb.txt gen "$fx/qemu-q35-s3-async1-medium/trace.txt.xz" $((mb * 1000000))
make_input fgraph-$mb.txt gen "$fx/qemu-q35-s3-fgraph-async1-small/trace.txt.xz" $((mb * 1000000))
rows "events-only trace (nop tracer, many cycles)" "$dir/events-$mb.txt"
rows "function_graph trace (many cycles)" "$dir/fgraph-$mb.txt"
