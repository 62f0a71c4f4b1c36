#!/bin/sh
# Run every test of one build directory; TAP lines on stdout.
#   tests/run.sh BUILD_DIR [NAME.sh ...]
# Unit tests: BUILD_DIR/tests/test_* (cmocka, TAP output).
# CLI tests:  tests/cli/*.sh, run with PMSCOPE=BUILD_DIR/pmscope.
# With names, only those CLI tests (tests/cli/NAME.sh) and no unit tests.
set -u
B=$1
shift
top=$(cd "$(dirname "$0")/.." && pwd)
export CMOCKA_MESSAGE_OUTPUT=TAP
export PMSCOPE="$top/$B/pmscope"
export FIXTURES="$top/tests/fixtures"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=99
export LSAN_OPTIONS=suppressions=$top/tests/lsan.supp:print_suppressions=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=98
status=0
for t in "$top/$B"/tests/test_*; do
	[ $# -eq 0 ] && [ -x "$t" ] || continue
	echo "# unit: $(basename "$t") ($B)"
	"$t" 2>&1 || status=1
done
[ $# -eq 0 ] && set -- $(cd "$top/tests/cli" && ls ./*.sh)
for t; do
	t=$top/tests/cli/$(basename "$t")
	[ -f "$t" ] || { echo "not ok - no test tests/cli/$(basename "$t")"; status=1; continue; }
	echo "# cli: $(basename "$t") ($B)"
	TMPDIR_TEST=$(mktemp -d)
	TMPDIR_TEST=$TMPDIR_TEST sh "$t" 2>&1 || status=1
	rm -rf "$TMPDIR_TEST"
done
exit $status
