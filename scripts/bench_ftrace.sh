#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make bench: ftrace reading speed and memory, each figure beside its floor
# measured in the same run (the machine is shared: a busy one shows as a
# busy one). The traces are built from real ones, every line a real line:
#   events    the events-only trace of qemu-q35-s3-async1-medium, its cycle
#             repeated with shifted time stamps
#   fgraph    the same with the function_graph trace of
#             qemu-q35-s3-fgraph-async1-small
#   bigcb     one cycle of that trace whose "input input2" suspend callback
#             carries the real ghes_init graph (kernel5.17 fixture) again
#             and again: millions of calls in one callback
#   32k       one cycle of 32,000 callbacks
#   fgraph.zst, fgraph.xz  the first 100 MB of fgraph, jittered so that it
#             compresses like a real trace: reading against the
#             decompressor alone (target: within 1.3x, wall clock, the
#             second CPU decompressing while the first parses)
# Speed: CPU seconds (user + system) of `pmscope analyze` on one CPU
# against those of `wc -l` on the same file (targets: >= 1500 MB/s, <= 6x
# wc -l), and its wall seconds with two threads (reader ahead of builder).
# Memory: peak RSS against 32 MB + 64 bytes per callback. Each time is
# the best of BENCH_RUNS (3) runs, its floor's too (scripts/benchlib.sh).
# Beside the reading, its memory floor: the CPU seconds to write the
# callbacks' 48 bytes each for the first time (tests/tools/memfloor), the
# least of the model any reader that keeps it writes. wc -l writes
# nothing; on a VM whose kernel zeroes fresh pages slowly that is a good
# part of the reading (the reading less it is printed too). For the
# events trace also the least reader's CPU seconds (tests/tools/leastread:
# lines cut as pmscope cuts them, the callback events read at the
# kernel's columns, each kept in 48 bytes; nothing else): what reading
# that trace costs at the least here.
# The traces are kept in BUILD/bench/ for the next run.
#   scripts/bench_ftrace.sh BUILD/pmscope      (BENCH_FTRACE_MB, default 400)
set -eu
bin=$1
memfloor=$(dirname "$bin")/tests/memfloor
leastread=$(dirname "$bin")/tests/leastread
top=$(cd "$(dirname "$0")/.." && pwd)
fx=$top/tests/fixtures
mb=${BENCH_FTRACE_MB:-400}
dir=$(dirname "$bin")/bench
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pmscope-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
. "$top/scripts/benchlib.sh"
mkdir -p "$dir"

# gen_bigcb WANT_BYTES > OUT: the ghes_init graph's lines, moved to the
# callback's thread and time, after its device_pm_callback_start line
gen_bigcb() {
	xz -dc "$fx/qemu-q35-s3-fgraph-async1-small/trace.txt.xz" | awk -v want="$1" \
		-v ghes="$fx/kernel5.17-asus-f2a85m-boot-function_graph-abstime/ghes_init_trace.txt" '
	BEGIN { while ((getline l < ghes) > 0) if (l ~ /^ *[0-9.]+ \|/) body[nb++] = l }
	{ print }
	!done && /device_pm_callback_start: input input2, .*type \[suspend\]/ {
		done = 1
		b1 = index($0, "|"); b2 = b1 + index(substr($0, b1 + 1), "|")
		pre = substr($0, 1, b2)		# "TIME | CPU) TASK-PID |"
		for (size = 0; size < want; )
			for (i = 0; i < nb; i++) {
				l = body[i]
				c1 = index(l, "|"); c2 = c1 + index(substr(l, c1 + 1), "|")
				line = pre substr(l, c2 + 1)
				print line
				size += length(line) + 1
			}
	}'
}

# gen_32k > OUT: each of the 1110 callbacks of the events trace followed
# by 28 copies on renamed devices ("input3.k1" ...)
gen_32k() {
	xz -dc "$fx/qemu-q35-s3-async1-medium/trace.txt.xz" | awk '
	/device_pm_callback_(start|end):/ {
		print
		for (k = 1; k <= 28; k++) {
			i = index($0, ", parent: "); if (!i) i = index($0, ", err=")
			print substr($0, 1, i - 1) ".k" k substr($0, i)
		}
		next
	}
	{ print }'
}

# read_one FILE, read_two FILE: pmscope's reading seconds from its -s
# line: on one CPU its CPU seconds; on two its wall and CPU seconds
read_one() {
	taskset -c 0 "$bin" analyze -q -s "$1" 2>&1 >/dev/null | sed -n 's/.* \([0-9.]*\) s CPU.*/\1/p'
}
# as_pmscope FILE CMD...: CMD on one CPU with the heap on huge pages
# where pmscope puts it for FILE (inputs of 32 MB and more,
# src/cmd/hugepages.c)
as_pmscope() {
	huge=
	[ "$(stat -c %s "$1")" -ge $((32 << 20)) ] && huge=glibc.malloc.hugetlb=1
	shift
	GLIBC_TUNABLES=$huge taskset -c 0 "$@"
}
# floor_one FILE CALLBACKS: memfloor's CPU seconds for their 48 bytes each
floor_one() {
	as_pmscope "$1" "$memfloor" "$(awk -v n="$2" 'BEGIN { print n * 48 / 1048576 }')"
}
# least_one FILE: the least reader's CPU seconds
least_one() {
	as_pmscope "$1" "$leastread" "$1" | cut -d' ' -f1
}
read_two() {
	"$bin" analyze -q -s "$1" 2>&1 >/dev/null |
		sed -n 's/.* lines in \([0-9.]*\) s:.* \([0-9.]*\) s CPU.*/\1 \2/p'
}

run() {	# run TITLE FILE [least]
	size=$(stat -c %s "$2")
	cbs=$(grep -c device_pm_callback_start "$2" || true)
	cat "$2" > /dev/null	# the same page cache state for every reader
	best wc wc -l "$2"
	# reading alone, from pmscope's -s line: on one CPU its CPU seconds;
	# on two (a reader thread ahead of the builder) its wall seconds
	best_of read read_one "$2"
	best_of read2 read_two "$2"
	best_of floor floor_one "$2" "$cbs"
	echo - > "$tmp/least"
	[ "${3:-}" != least ] || best_of least least_one "$2"
	timed pm "$bin" analyze -q --json /dev/null "$2"
	echo "$1: $(awk -v s="$size" 'BEGIN { printf "%.1f MB", s / 1e6 }'), $cbs callbacks"
	# CPU seconds are what a busy machine does not inflate; wall shown too
	awk -v s="$size" -v cbs="$cbs" '
		FILENAME ~ /wc$/ { ww = $1; wc = $2 }
		FILENAME ~ /read$/ { rd = $1 }
		FILENAME ~ /read2$/ { r2w = $1; r2c = $2 }
		FILENAME ~ /floor$/ { fl = $1 }
		FILENAME ~ /least$/ { lr = $1 }
		FILENAME ~ /pm$/ { pw = $1; pc = $2; rss = $3 }
		function rate(c) { return c > 0 ? s / 1e6 / c : 0 }
		END {
			if (wc < 0.01) wc = 0.01
			printf "  wc -l (floor):    %.2f s CPU (%.2f s wall): %.0f MB/s\n", wc, ww, rate(wc)
			printf "  pmscope reading, 1 thread:  %.2f s CPU: %.0f MB/s, %.1fx wc -l   [target >= 1500 MB/s, <= 6x]\n",
			       rd, rate(rd), rd / wc
			printf "  pmscope reading, 2 threads: %.2f s wall (%.2f s CPU): %.0f MB/s, %.1fx wc -l\n",
			       r2w, r2c, rate(r2w), r2w / wc
			printf "  memory floor:     %.3f s CPU to write %.1f MB once (48 B x %d callbacks); the reading less it: %.0f MB/s\n",
			       fl, cbs * 48 / 1048576, cbs, (rd > fl ? rate(rd - fl) : 0)
			if (lr != "-")
				printf "  least reader:     %.3f s CPU: %.0f MB/s; pmscope reading %.1fx it\n",
				       lr, rate(lr), (lr > 0 ? rd / lr : 0)
			printf "  whole analyze (analyses, JSON): %.2f s CPU (%.2f s wall)\n", pc, pw
			bound = 32 * 1024 + cbs * 64 / 1024
			printf "  peak RSS:         %.1f MB; bound 32 MB + 64 B x %d callbacks = %.1f MB: %s\n",
			       rss / 1024, cbs, bound / 1024, rss <= bound ? "within" : "OVER"
		}' "$tmp/wc" "$tmp/read" "$tmp/read2" "$tmp/floor" "$tmp/least" "$tmp/pm"
}

make_input events-$mb.txt gen "$fx/qemu-q35-s3-async1-medium/trace.txt.xz" $((mb * 1000000))
make_input fgraph-$mb.txt gen "$fx/qemu-q35-s3-fgraph-async1-small/trace.txt.xz" $((mb * 1000000))
make_input bigcb-$mb.txt gen_bigcb $((mb * 1000000))
make_input 32k.txt gen_32k
run "events-only trace (nop tracer, many cycles)" "$dir/events-$mb.txt" least
run "function_graph trace (many cycles)" "$dir/fgraph-$mb.txt"
run "function_graph trace, one cycle, one callback of $(wc -l < "$dir/bigcb-$mb.txt") lines" "$dir/bigcb-$mb.txt"
run "one cycle of 32,000 callbacks" "$dir/32k.txt"

# compressed NAME TOOL: reading CPU seconds against TOOL -dc's alone
compressed() {
	f=$dir/fgraph-jit-$mb.$1
	cat "$f" > /dev/null
	best dc "$2" -dc "$f"
	best_of read read_one "$f"
	best_of read2 read_two "$f"
	awk -v what="$1" -v tool="$2" -v s="$(stat -c %s "$f")" '
		FILENAME ~ /dc$/ { dc = $2; dw = $1 }
		FILENAME ~ /read$/ { rd = $1 }
		FILENAME ~ /read2$/ { r2 = $1 }
		END {
			if (dc < 0.01) dc = 0.01
			if (dw < 0.01) dw = 0.01
			printf "  %s (%.1f MB): %s -dc alone %.2f s CPU (%.2f s wall)\n", what, s / 1e6, tool, dc, dw
			printf "    pmscope reading, 1 thread:  %.2f s CPU: %.2fx the decompressor'"'"'s CPU\n", rd, rd / dc
			printf "    pmscope reading, 2 threads: %.2f s wall: %.2fx the decompressor'"'"'s wall   [target <= 1.3x]\n", r2, r2 / dw
		}' "$tmp/dc" "$tmp/read" "$tmp/read2"
}

# jitter FILE > OUT: the first 100 MB of FILE, each time stamp 0-2 us
# later than the last one's shift and each duration's last three digits at
# random. Copies of one cycle then differ as a real trace's lines do, and
# the file compresses like one (about 12x with zstd, 18x with xz, where
# the exact copies compress 200x and the decompressor alone is
# unrealistically fast).
jitter() {
	head -c 100000000 "$1" | awk 'BEGIN { srand(1) }
	match($0, /^ *[0-9]+\.[0-9][0-9][0-9][0-9][0-9][0-9] /) {
		j += int(rand() * 3) / 1e6
		$0 = sprintf("%*.6f", RLENGTH - 1, substr($0, RSTART, RLENGTH - 1) + j) \
		     substr($0, RSTART + RLENGTH - 1)
	}
	match($0, /[0-9]+\.[0-9][0-9][0-9] us/) {
		$0 = substr($0, 1, RSTART + RLENGTH - 7) sprintf("%03d", int(rand() * 1000)) \
		     substr($0, RSTART + RLENGTH - 3)
	}
	{ print }'
}

make_input fgraph-jit-$mb.txt jitter "$dir/fgraph-$mb.txt"
echo "compressed function_graph trace, $(stat -c %s "$dir/fgraph-jit-$mb.txt" | awk '{ printf "%.0f", $1 / 1e6 }') MB uncompressed (time stamps and durations jittered)"
if command -v zstd > /dev/null; then
	make_input fgraph-jit-$mb.zst zstd -q -3 -c "$dir/fgraph-jit-$mb.txt"
	compressed zst zstd
else
	echo "  zstd: not installed, skipped"
fi
make_input fgraph-jit-$mb.xz xz -1 -c -T1 "$dir/fgraph-jit-$mb.txt"
compressed xz xz

# sleepgraph -f on the one-cycle function_graph trace (BENCH_SLEEPGRAPH_MB,
# default 40: it takes about 0.2 s and 7 MB of memory per MB), against
# pmscope writing its HTML page from the same file. sleepgraph refuses a
# trace without its stamp line, so the input has one. Where it is
# installed (sleepgraph in PATH) or its source is given
# (SLEEPGRAPH=path/to/sleepgraph.py); else skipped.
sg_input() {
	gen_bigcb $((sgmb * 1000000)) | awk 'NR == 2 { print "# suspend-010126-000000 bench mem bench" } { print }'
}

sleepgraph_bench() {
	echo "sleepgraph -f against pmscope --html, function_graph trace, one cycle, $sgmb MB"
	if [ -z "$sg" ] || [ ! -f "$sg" ]; then
		echo "  sleepgraph: not installed (SLEEPGRAPH=path/to/sleepgraph.py), skipped"
		return 0
	fi
	make_input sg-bigcb-$sgmb.txt sg_input
	f=$dir/sg-bigcb-$sgmb.txt
	cat "$f" > /dev/null
	case $sg in
	*.py) set -- python3 "$sg" ;;
	*) set -- "$sg" ;;
	esac
	best sg "$@" -f -ftrace "$f" -o "$tmp/sg.html"
	best pm "$bin" analyze -q --html "$tmp/pm.html" "$f"
	if [ ! -s "$tmp/sg.html" ]; then
		echo "  sleepgraph wrote no page ($sg), skipped"
		return 0
	fi
	awk 'FILENAME ~ /sg$/ { sw = $1; sc = $2; sr = $3 }
		FILENAME ~ /pm$/ { pw = $1; pc = $2; pr = $3 }
		END {
			if (pc < 0.01) pc = 0.01
			printf "  sleepgraph: %.2f s CPU (%.2f s wall), peak RSS %.0f MB\n", sc, sw, sr / 1024
			printf "  pmscope:    %.2f s CPU (%.2f s wall), peak RSS %.0f MB\n", pc, pw, pr / 1024
			printf "  sleepgraph / pmscope: %.0fx   [target >= 300x]\n", sc / pc
		}' "$tmp/sg" "$tmp/pm"
}

sg=${SLEEPGRAPH:-$(command -v sleepgraph || true)}
sgmb=${BENCH_SLEEPGRAPH_MB:-40}
sleepgraph_bench
