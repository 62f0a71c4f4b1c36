#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make bench: trace.dat against its floor, trace-cmd report > /dev/null on
# the same file in the same run (target: pmscope reads it at least 3x
# faster). The files are real ones grown by tests/tools/datgen, which
# repeats their ring-buffer pages, each copy 20 s later:
#   fgraph   tests/fixtures/qemu-q35-s3-tracecmd-fgraph (function_graph
#            with the PM events: nearly every record a call or a return)
#   events   tests/fixtures/qemu-q35-s3-tracecmd-dat (PM events only; its
#            version 6 copy: datgen writes no version 7 file)
# Both come to BENCH_TRACEDAT_MB (default 200) and stay in BUILD/bench/.
# pmscope's figure is the wall time of its reading (the -s line): a child
# process decodes the records while the parent builds the model.
#   scripts/bench_tracedat.sh BUILD/pmscope
set -eu
bin=$1
top=$(cd "$(dirname "$0")/.." && pwd)
fx=$top/tests/fixtures
mb=${BENCH_TRACEDAT_MB:-200}
dir=$(dirname "$bin")/bench
datgen=$(dirname "$bin")/tests/datgen
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pmscope-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
. "$top/scripts/benchlib.sh"
mkdir -p "$dir"

if ! command -v trace-cmd > /dev/null; then
	echo "trace-cmd: not installed (package trace-cmd), skipped"
	exit 0
fi

# make NAME SRC: $dir/NAME, SRC's pages repeated up to $mb MB
make_dat() {
	f=$dir/$1
	if [ ! -s "$f" ]; then
		echo "building $f ..."
		case $2 in
		*.xz) xz -dc "$2" > "$tmp/src.dat" ;;
		*) cp "$2" "$tmp/src.dat" ;;
		esac
		"$datgen" "$tmp/src.dat" $((mb * 1000000)) 20000000000 > "$f.tmp"
		mv "$f.tmp" "$f"
	fi
}

run() {	# run TITLE FILE
	cat "$2" > /dev/null	# the same page cache state for both
	timed tc trace-cmd report "$2"
	"$bin" analyze -q -s "$2" 2>&1 >/dev/null | sed -n \
		-e 's/.* \([0-9]*\) lines in \([0-9.]*\) s:.*peak RSS \([0-9.]*\) MB.*/read \1 \2 \3/p' \
		-e 's/.*model: .* \([0-9]*\) callbacks.*/cbs \1/p' > "$tmp/read"
	timed pm "$bin" analyze -q --json /dev/null "$2"
	echo "$1: $(stat -c %s "$2" | awk '{ printf "%.1f MB", $1 / 1e6 }')"
	awk '
		FILENAME ~ /tc$/ { tw = $1; tc = $2 }
		FILENAME ~ /read$/ && $1 == "read" { recs = $2; rw = $3; rss = $4 }
		FILENAME ~ /read$/ && $1 == "cbs" { cbs = $2 }
		FILENAME ~ /pm$/ { pw = $1; pc = $2; all = $3 }
		END {
			if (rw < 0.01) rw = 0.01
			printf "  trace-cmd report > /dev/null (floor): %.2f s wall (%.2f s CPU)\n", tw, tc
			printf "  pmscope reading: %.2f s wall, %d records: %.1fx faster   [target >= 3x]\n",
			       rw, recs, tw / rw
			printf "  whole analyze (analyses, JSON): %.2f s wall (%.2f s CPU)\n", pw, pc
			bound = 32 + cbs * 64 / 1048576
			printf "  peak RSS of pmscope: %.1f MB; bound 32 MB + 64 B x %d callbacks = %.1f MB: %s\n",
			       rss, cbs, bound, rss <= bound ? "within" : "OVER"
			printf "  peak RSS with the reading child: %.1f MB (most of it the file, mapped by libtracecmd)\n",
			       all / 1024
		}' "$tmp/tc" "$tmp/read" "$tmp/pm"
}

make_dat fgraph-$mb.dat "$fx/qemu-q35-s3-tracecmd-fgraph/trace-v6.dat.xz"
make_dat events-$mb.dat "$fx/qemu-q35-s3-tracecmd-dat/trace-v6.dat.xz"
run "trace.dat, function_graph with the PM events" "$dir/fgraph-$mb.dat"
run "trace.dat, PM events only" "$dir/events-$mb.dat"
