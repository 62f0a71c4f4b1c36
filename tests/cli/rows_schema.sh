#!/bin/sh
# The rows' one description (src/report/tables.c, pmscope --tables) is what
# pmscope(1)'s ROWS columns and share/pmscope/sql/'s schemas and loads say:
# each made from it by scripts/rows-schema.sh (make rows-schema), none
# edited apart. And the rows written have those columns, in that order.
. "$(dirname "$0")/../tap.sh"
top=$(cd "$(dirname "$0")/../.." && pwd)
T=$TMPDIR_TEST
G=$top/scripts/rows-schema.sh
"$PMSCOPE" --tables > "$T/tables.tsv"
is "pmscope --tables: six tables" "$(cut -f1 "$T/tables.tsv" | uniq | tr '\n' ' ')" \
	"runs cycles phases callbacks findings devices "
is "pmscope --tables: every table's first key is run_id" \
	"$(awk -F '\t' '$1 != t { t = $1; print $2 }' "$T/tables.tsv" | sort -u)" run_id
sh "$G" man < "$T/tables.tsv" > "$T/man"
is "pmscope(1) ROWS: the columns as the tables describe them" \
	"$(sed -n '/^\.\\" rows: made by/,/^\.\\" rows: end/p' "$top/man/pmscope.1" | sed '1d;$d' |
		diff "$T/man" - | head -5)" ""
for e in postgresql clickhouse sqlite bigquery; do
	is "share/pmscope/sql/$e/schema.sql as the tables describe them" \
		"$(sh "$G" schema $e < "$T/tables.tsv" | diff - "$top/share/pmscope/sql/$e/schema.sql" | head -5)" ""
done
for e in postgresql sqlite bigquery; do
	is "share/pmscope/sql/$e/load.sql as the tables describe them" \
		"$(sh "$G" load $e < "$T/tables.tsv" | diff - "$top/share/pmscope/sql/$e/load.sql" | head -5)" ""
done
is "share/pmscope/sql/clickhouse/load.sh as the tables describe them" \
	"$(sh "$G" load clickhouse < "$T/tables.tsv" | diff - "$top/share/pmscope/sql/clickhouse/load.sh" | head -5)" ""
for e in postgresql clickhouse sqlite bigquery; do
	is "$e: the five questions" "$(ls "$top/share/pmscope/sql/$e/questions" | tr '\n' ' ')" \
		"device_regressions.sql failure_rates.sql phase_percentiles.sql runs_without_data.sql slowest_device.sql "
done
# the rows' columns, in the described order, in both formats
"$PMSCOPE" analyze -q --rows "$T/n" "$FIXTURES/pmscope-record-qemu-q35-s3-k6.1" > /dev/null 2>&1
"$PMSCOPE" analyze -q --rows "$T/c" --rows-format csv "$FIXTURES/pmscope-record-qemu-q35-s3-k6.1" > /dev/null 2>&1
for t in runs cycles phases callbacks devices; do
	want=$(awk -F '\t' -v t=$t '$1 == t { printf "%s%s", s, $2; s = "," }' "$T/tables.tsv")
	is "$t.csv: the described columns" "$(head -1 "$T/c/$t.csv")" "$want"
	is "$t.ndjson: the described columns" "$(head -1 "$T/n/$t.ndjson" | jq -r 'keys_unsorted | join(",")')" "$want"
done
is "analyze --rows: one run, its id the JSON's" "$(jq -r .run_id "$T/n/runs.ndjson")" \
	"$("$PMSCOPE" analyze -q -j - "$FIXTURES/pmscope-record-qemu-q35-s3-k6.1" | jq -r .run.run_id)"
is "the same files by another name: the same id" "$(jq -r .run_id "$T/n/runs.ndjson")" \
	"$(cd "$FIXTURES" && "$PMSCOPE" analyze -q -j - ./pmscope-record-qemu-q35-s3-k6.1/ | jq -r .run.run_id)"
is "callbacks: sources from the run's folder" "$(jq -r .source "$T/n/callbacks.ndjson" | sort -u)" trace.txt
"$PMSCOPE" analyze -q --rows - "$FIXTURES/pmscope-record-qemu-q35-s3-k6.1" > /dev/null 2>&1
is "--rows -: refused (a folder)" "$?" 2
done_testing
