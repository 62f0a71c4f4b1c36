#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run libFuzzer targets for a set time each; one TAP line per target with
# its executions and rate beside the goal: 10^6 executions of each target
# in a nightly hour (278 a second), so 10^5 in FUZZ_SECONDS=600. A target
# below it is said (a comment line, not a failure: a shared machine
# slows every target).
#   tests/fuzz/run.sh BUILD_DIR SECONDS TARGET...
# Seeds: tests/fuzz/corpus/TARGET and tests/fuzz/repro/TARGET (read only);
# new inputs go to BUILD_DIR/corpus/TARGET (merged down to the inputs that
# add coverage once it holds more than FUZZ_MERGE_AT, 2000), crashes to
# BUILD_DIR/artifacts/, libFuzzer's output to BUILD_DIR/log/TARGET.log.
# A target also built in BUILD_DIR-ub (without ASan: trace.dat, whose
# reading runs in a child ASan cannot report from) is fuzzed there, and
# every input it kept is then run once under ASan (BUILD_DIR-ub/log/).
set -u
B=$1 secs=$2
shift 2
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
mkdir -p "$B/artifacts" "$B/log"
# Leaks are found by the sanitized test run; here they would stop a run
# on the libraries' own (see tests/lsan.supp).
# A smaller quarantine: fewer fresh pages per input, twice the rate.
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=0:quarantine_size_mb=32
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
n=0 status=0
for t in "$@"; do
	n=$((n + 1))
	work="$B/corpus/$t"
	mkdir -p "$work"
	seeds=""
	for d in tests/fuzz/corpus/$t tests/fuzz/repro/$t; do
		[ -d "$d" ] && seeds="$seeds $d"
	done
	# Lines per harness are short; whole logs and trace.dat files are not.
	case $t in
	analyze|tracedat|report) maxlen=131072 ;;
	*) maxlen=8192 ;;
	esac
	log="$B/log/$t.log"
	bin="$B/fuzz/fuzz_$t" how=""
	if [ -x "$B-ub/fuzz/fuzz_$t" ]; then
		mkdir -p "$B-ub/log"
		bin="$B-ub/fuzz/fuzz_$t" log="$B-ub/log/$t.log" how=" without ASan"
	fi
	# The work corpus grows with each run, and every run starts by
	# running all of it (analyze: 30 s at 3,800 inputs, most of a minute
	# at 6,000): past FUZZ_MERGE_AT inputs it is merged down to those
	# that add coverage, first.
	if [ "$(ls "$work" | wc -l)" -gt "${FUZZ_MERGE_AT:-2000}" ]; then
		rm -rf "$work.merged" && mkdir -p "$work.merged"
		if "$bin" -merge=1 -timeout=5 -rss_limit_mb=2048 -max_len=$maxlen \
			"$work.merged" "$work" > "$B/log/$t.merge.log" 2>&1; then
			echo "# fuzz $t: work corpus merged: $(ls "$work" | wc -l) inputs to $(ls "$work.merged" | wc -l)"
			rm -rf "$work" && mv "$work.merged" "$work"
		else
			rm -rf "$work.merged"
		fi
	fi
	# A second per input is a hang (issue 15); sanitizers and a shared
	# machine get some slack.
	"$bin" -max_total_time="$secs" -timeout=5 -rss_limit_mb=2048 \
		-max_len=$maxlen -dict="tests/fuzz/$t.dict" -print_final_stats=1 \
		-artifact_prefix="$B/artifacts/$t-" "$work" $seeds > "$log" 2>&1
	rc=$?
	if [ "$rc" -eq 0 ] && [ -n "$how" ]; then
		"$B/fuzz/fuzz_$t" -runs=0 -timeout=5 -rss_limit_mb=2048 -max_len=$maxlen \
			-artifact_prefix="$B/artifacts/$t-" "$work" > "$B/log/$t.log" 2>&1
		rc=$?
		kept=$(sed -n 's/^stat::number_of_executed_units: *//p' "$B/log/$t.log")
		[ -n "$kept" ] || kept=$(sed -n 's/^#\([0-9]*\).*INITED.*/\1/p' "$B/log/$t.log")
		how="$how, its ${kept:-?} kept inputs then once under ASan"
		[ "$rc" -eq 0 ] || log="$B/log/$t.log"
	fi
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	elapsed=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log")
	[ -n "$elapsed" ] && [ "$elapsed" -gt 0 ] || elapsed=$secs
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
	if [ "$rc" -eq 0 ] && [ -n "$execs" ]; then
		rate=$((execs / elapsed)) goal=$((elapsed * 1000000 / 3600))
		echo "ok $n - fuzz $t: $execs inputs in ${elapsed} s ($rate/s)$how, $cov;" \
			"goal $goal in ${elapsed} s (10^6 an hour)"
		[ "$execs" -ge "$goal" ] ||
			echo "# fuzz $t: below the goal: $execs of $goal inputs"
	else
		echo "not ok $n - fuzz $t: libFuzzer exit $rc after ${execs:-?} inputs (see $log)"
		grep -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error:|artifact_prefix|Test unit written)' "$log" |
			sed 's/^/# /' | head -10
		status=1
	fi
done
echo "1..$n"
exit $status
