# For the HTML page tests (tests/cli/html_*.sh), sourced after tap.sh:
# the page run in headless Chromium, and what it reports back.
# browser URL: the DOM after the page ran (profile under $T)
browser() {
	timeout 120 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$T/chrome" \
		--window-size=1400,1000 --virtual-time-budget=5000 --dump-dom "$1" 2>/dev/null
}
state() { # state FILE ATTR: what the page wrote into #pmscope-state
	grep -o '<div id="pmscope-state"[^>]*>' "$1" | sed -n "s/.* data-$2=\"\\([^\"]*\\)\".*/\\1/p"
}
data() { # the page's data, as JSON (written in pieces, one a line)
	sed -n 's/^<script type="application\/json" class="pmscope-data">\(.*\)<\/script>$/\1/p' "$1" |
		tr -d '\n'
}
# jq definitions for the page's tables, column-wise (pmscope(1) HTML,
# table_json_columns()): "TABLE | rows" gives its rows as objects, as the
# JSON report has them (booleans true and false, times on the log's clock)
JQ_ROWS='def ints: if type == "array" then . else [foreach .steps[] as $d (0; . + $d)] end;
def column($n; $ty; $base):
	(if type == "array" or has("steps") then ints
	 elif has("same") then (.same as $v | [range($n) | $v])
	 else (. as $c | [.at | ints | .[] | if . < 0 then null else $c.strings[.] end]) end) |
	map(if . == null then null elif $ty == "bool" then . == 1
	    elif $ty == "ns" and $base != null then . + $base else . end);
def rows: . as $t | ($t.columns | with_entries(.key as $k |
	.value |= column($t.rows; $t.types[$k]; $t.base_ns))) as $c |
	[range($t.rows) as $i | $c | map_values(.[$i])];'
