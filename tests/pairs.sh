# whatif against a pairs fixture (sourced by tests/cli/whatif_pairs*.sh):
# P the fixture, T the test's folder (each run's measured replay in
# $T/RUN.measured.json), M the man page, TABLE which of its "Accuracy on
# real pairs" tables (1 or 2) the cells are in.
#   check_pairs BOUNDS: lines "SRC POLICY TGT PHASE BOUND", BOUND +N (the
#   target's spread plus N points) or N (a known miss, at most N%)

# PHASE of SRC under POLICY against TGT: "error spread" in % (one decimal)
errs() {
	"$PMSCOPE" whatif -q -p "$2" -j "$T/pred.json" "$P/$1" 2>/dev/null
	jq -n -r --slurpfile p "$T/pred.json" --slurpfile m "$T/$3.measured.json" --arg ph "$4" '
		def mean(a): (a | add) / (a | length);
		def ns(f; k): [f[0].cycles[] | select(.mode != "boot") | .phases[] |
			select(.name == $ph) | .[k]];
		ns($p; "predicted_ns") as $pp | ns($m; "measured_ns") as $mm |
		(mean($pp) / mean($mm) - 1) as $e |
		((($mm | max) - ($mm | min)) / mean($mm)) as $s |
		def pc(x; k): x * k | round;
		def man(x): if x > 0 then "+\(x)" elif x < 0 then "\\-\(-x)" else "0" end;
		"\(pc($e; 1000) / 10) \(pc($s; 1000) / 10) \(man(pc($e; 100)))/\(pc($s; 100))"'
}

# pmscope(1)'s cell for SRC POLICY PHASE in table $TABLE of "Accuracy on
# real pairs" (error/spread in whole %): its row "6.12 big, sync" or "big,
# rework", the suspend phase its 1st column, resume its 6th.
man_cell() {
	case $2 in
	sync) row="${1#k}" row="${row%%-*} ${1##*-}, sync" ;;
	*) row="${1##*-}, $2" ;;
	esac
	case $3 in suspend) col=2 ;; resume) col=7 ;; *) return ;; esac
	awk -F ' Ta ' -v c="$col" -v t="$TABLE" -v r=".It $row" '
		/^\.It Em pair / { k++ } k == t && $1 == r { print $c; exit }' "$M"
}

check_pairs() {
while read -r src pol tgt ph bound; do
	# shellcheck disable=SC2046 # its three words
	set -- $(errs "$src" "$pol" "$tgt" "$ph") "" "" ""
	err=$1 spread=$2 cell=$3
	case $bound in
	+*) lim=$(awk -v s="$spread" -v b="${bound#+}" 'BEGIN { print s + b }')
	    what="spread $spread% + $bound" ;;
	*) lim=$bound what="known miss, $bound%" ;;
	esac
	echo "# $src -p $pol -> $tgt $ph: error $err%, spread $spread%"
	ok "$src -p $pol, $ph against $tgt: $err% within $what" \
		awk -v e="$err" -v l="$lim" 'BEGIN { exit !(e != "" && e <= l && -e <= l) }'
	is "  pmscope(1)'s table says so" "$(man_cell "$src" "$pol" "$ph")" "$cell"
done < "$1"
}