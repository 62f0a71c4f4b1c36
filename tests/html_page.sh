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
