# Tiny TAP helpers for CLI tests (sourced).
#   ok "description" command...      passes when the command succeeds
#   is "description" got expected    passes when the two strings are equal
n=0 # usage: . "$(dirname "$0")/../tap.sh"
failed=0
ok() {
	d=$1; shift
	n=$((n + 1))
	if "$@" >/dev/null 2>&1; then echo "ok $n - $d"; else echo "not ok $n - $d"; failed=1; fi
}
is() {
	n=$((n + 1))
	if [ "$2" = "$3" ]; then echo "ok $n - $1"; else
		echo "not ok $n - $1"; echo "#   got:      '$2'"; echo "#   expected: '$3'"; failed=1; fi
}
done_testing() { echo "1..$n"; exit $failed; }
# jq: every finding of a pmscope/2 report, the run's and its cycles'
# (jq "$FINDINGS"'[findings | select(.severity == "failure")]')
FINDINGS='def findings: (.findings[], (.cycles[].findings[]));'
