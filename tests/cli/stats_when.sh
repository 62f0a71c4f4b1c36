#!/bin/sh
# stats --since DATE and --last N: runs chosen by their run folder's time
# on the wall clock (sys/facts.txt: watch.before_realtime_ns of pmscope
# watch, else capture.realtime_ns of record), read oldest first; a run
# with no time is passed over and said.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
P=$PMSCOPE
S=$T/store
RUN=$FIXTURES/pmscope-record-qemu-q35-s3-k6.1
export TZ=UTC

# three sleeps kept by watch, named against their times (names sort
# otherwise than times do), one run folder saved by record, one bare log
mkdir -p "$S"
dated() { # NAME KEY DATE
	mkdir -p "$S/$1/sys"
	cp "$RUN/dmesg.txt" "$S/$1/"
	cp "$RUN"/sys/*.txt "$S/$1/sys/"
	grep -v realtime_ns "$RUN/sys/facts.txt" > "$S/$1/sys/facts.txt"
	echo "$2: $(date -u -d "$3" +%s)000000000" >> "$S/$1/sys/facts.txt"
}
dated a-newest watch.before_realtime_ns "2026-12-05 10:00:00"
dated b-oldest watch.before_realtime_ns "2026-12-01 10:00:00"
dated c-middle watch.before_realtime_ns "2026-12-03 10:00:00"
dated d-record capture.realtime_ns "2026-12-02 10:00:00"
cp "$RUN/dmesg.txt" "$S/bare.txt"

# sources: the runs stats read, in order, by their names
sources() {
	"$P" stats -q -j "$T/s.json" "$@" 2> "$T/err"
	echo $? > "$T/rc"
	jq -r '[.stats.runs[].source | sub(".*/"; "")] | join(" ")' "$T/s.json"
}
is "no --since, --last: every run" "$(sources "$S" | tr ' ' '\n' | sort | tr '\n' ' ')" \
	"a-newest b-oldest bare.txt c-middle d-record "
is "--last 2: the two newest, oldest first" "$(sources --last 2 "$S")" "c-middle a-newest"
is "--last 2: exit 0" "$(cat "$T/rc")" 0
ok "--last 2: the bare log said" grep -q "^pmscope: 1 run without a time on the wall clock (a run folder's sys/facts.txt gives it) passed over for --last$" "$T/err"
is "--last 10: every dated run, by time" "$(sources --last 10 "$S")" "b-oldest d-record c-middle a-newest"
is "--since a day: that day on" "$(sources --since 2026-12-02 "$S")" "d-record c-middle a-newest"
is "--since a time" "$(sources --since "2026-12-03 10:00" "$S")" "c-middle a-newest"
is "--since a time, T form" "$(sources --since 2026-12-03T10:00:01 "$S")" "a-newest"
is "--since and --last" "$(sources --since 2026-12-02 --last 1 "$S")" "a-newest"
# relative to now: a run of two days ago and one of ten days ago
R=$T/recent
mkdir -p "$R"
S=$R dated two-days watch.before_realtime_ns "-2 days"
S=$R dated ten-days watch.before_realtime_ns "-10 days"
is "--since -7d: the run of two days ago" "$(sources --since -7d "$R")" "two-days"
is "--since -216h: the run of two days ago" "$(sources --since -216h "$R")" "two-days"
is "--since -241h: both, oldest first" "$(sources --since -241h "$R")" "ten-days two-days"
sources --since 2030-01-01 "$S" > /dev/null
is "--since after every run: exit 4 (no data)" "$(cat "$T/rc")" 4
ok "--since after every run: said" grep -q "no run of the inputs is that recent" "$T/err"
"$P" stats -q --since yesterday "$S" 2> "$T/err"
is "--since a bad date: exit 2" "$?" 2
ok "--since a bad date: said" grep -q "bad date 'yesterday'" "$T/err"
"$P" stats -q --last 0 "$S" 2> /dev/null
is "--last 0: exit 2" "$?" 2
"$P" compare -q --last 2 "$S" "$S" 2> "$T/err"
is "compare --last: exit 2" "$?" 2
ok "compare --last: said" grep -q "since and --last are for stats" "$T/err"
done_testing
