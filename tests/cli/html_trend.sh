#!/bin/sh
# stats --html over 1,000 runs across three kernels (issue 40): each
# mode's series over time and the kernel changes, read back in Firefox
# from where the page draws them (its #log=1 script: each point's value
# from its place against the axis' labelled lines, each kernel line's
# place among the points) and held to the same runs' rows; the page
# opens in under 2 s.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
mkdir -p "$T/store"
(cd "$T/store" && seq -f "run-%04g" 1000 | xargs mkdir)
awk -v n=1000 -v dir="$T/store" -f "$(dirname "$0")/../tools/runs-over-kernels.awk"
"$PMSCOPE" stats -q --html "$T/s.html" --rows "$T/rows" "$T/store"
is "stats --html over 1,000 runs: exit 0" "$?" 0
ok "the page is valid XML" xmllint --noout "$T/s.html"
is "one chart, the mem cycles'" "$(grep -o '<svg[^>]*class="trend"[^>]*' "$T/s.html" |
	grep -o 'data-mode="[a-z]*"')" 'data-mode="mem"'

mkdir -p "$T/ff"
cat > "$T/ff/user.js" <<'PREFS'
user_pref("devtools.console.stdout.content", true);
user_pref("browser.dom.window.dump.enabled", true);
PREFS
HOME=$T timeout 120 firefox-esr --headless --no-remote --profile "$T/ff" \
	--window-size=1400,1000 --screenshot "$T/s.png" "file://$T/s.html#log=1" > "$T/ff.log" 2>&1
is "firefox: no script error" "$(grep -c '^JavaScript error: file:' "$T/ff.log")" 0
# the console line is a JSON string holding the state
grep -a 'pmscope-state' "$T/ff.log" | tail -1 | sed 's/^console.log: //' | jq -r . |
	sed 's/^pmscope-state //' > "$T/state.json"
ok "firefox: the page printed its reading" jq -e '.trends | length == 1' "$T/state.json"
is "the page opened in under 2 s" \
	"$(jq '.load_ms < 2000' "$T/state.json")" true

# the rows: each cycle's totals in ms, and its run's kernel, in the order read
jq -s 'map({(.run_id): .kernel}) | add' "$T/rows/runs.ndjson" > "$T/kernels.json"
jq -s --slurpfile k "$T/kernels.json" \
	'map({s: (.suspend_ns / 1e6), r: (.resume_ns / 1e6), k: $k[0][.run_id]})' \
	"$T/rows/cycles.ndjson" > "$T/truth.json"
is "the rows: 1,000 cycles" "$(jq length "$T/truth.json")" 1000
for f in suspend resume; do
	is "$f: 1,000 points drawn" "$(jq ".trends[0].series.$f | length" "$T/state.json")" 1000
	# an eighth of a pixel: the axis runs to 800 ms over 204 px
	is "$f: each point where its total (the rows) puts it, to 0.5 ms" \
	   "$(jq -n --slurpfile a "$T/state.json" --slurpfile t "$T/truth.json" --arg f $f '
		$a[0].trends[0].series[$f] as $p | $t[0] as $t |
		[range(0; $t | length) | select((($p[.] // -1e9) - ($t[.] | if $f == "suspend" then .s else .r end)) | fabs > 0.5)] |
		length')" 0
done
is "a kernel line before the first point of each kernel, named" \
   "$(jq -c '.trends[0].kernels' "$T/state.json")" \
   "$(jq -c '[to_entries[] | select(.key == 0 or .value.k != $all[.key - 1].k) | [.key, .value.k]]' \
	--argjson all "$(cat "$T/truth.json")" "$T/truth.json")"
is "three kernels, as made" "$(jq -c '[.trends[0].kernels[][1]]' "$T/state.json")" \
	'["6.1.0-27-amd64","6.12.9-amd64","7.2.0-1-amd64"]'
done_testing
