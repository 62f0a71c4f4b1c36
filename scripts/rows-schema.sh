#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# What the rows' one description makes: pmscope(1)'s ROWS tables, and the
# schemas and loads of share/pmscope/sql/, from `pmscope --tables` (each
# table's columns as src/report/tables.c describes them) on stdin.
#   rows-schema.sh man                      the ROWS section's tables
#   rows-schema.sh schema ENGINE            CREATE TABLEs: postgresql,
#                                           clickhouse, sqlite, bigquery
#   rows-schema.sh load ENGINE              the load of a rows folder
# tests/cli/rows_schema.sh holds pmscope(1) and the shipped files to it;
# after a change to a table: make rows-schema.
set -eu
what=$1
engine=${2:-}

case $what in
man)
	awk -F '\t' '
		$1 != t { if (t != "") print ".El"; t = $1
			print ".Ss Rows of " t; print ".Bl -tag -width Ds" }
		{ f = $4 == "-" ? "" : ", " $4
		  print ".It Li " $2 " Pq " $3 f; print $5 "." }
		END { print ".El" }'
	;;
schema)
	echo "-- pmscope's rows (pmscope(1), ROWS): the tables for $engine, made by"
	echo "-- scripts/rows-schema.sh from src/report/tables.c (make rows-schema)."
	awk -F '\t' -v e="$engine" '
		function type(t, key,   b) {
			if (e == "postgresql")
				b = t == "str" ? "text" : t == "bool" ? "boolean" : t == "ms3" ? "double precision" : "bigint"
			else if (e == "sqlite")
				b = t == "str" ? "TEXT" : t == "ms3" ? "REAL" : "INTEGER"
			else if (e == "bigquery")
				b = t == "str" ? "STRING" : t == "bool" ? "BOOL" : t == "ms3" ? "FLOAT64" : "INT64"
			else
				b = t == "str" ? "String" : t == "bool" ? "UInt8" : t == "ms3" ? "Float64" : "Int64"
			if (e == "clickhouse")
				return key ? b : "Nullable(" b ")"
			return b (key ? " NOT NULL" : "")
		}
		function close_table() {
			if (t == "") return
			if (e == "clickhouse")
				printf "\n) ENGINE = ReplacingMergeTree ORDER BY (%s);\n", keys
			else if (e == "bigquery")
				printf ",\n\tPRIMARY KEY (%s) NOT ENFORCED\n) CLUSTER BY run_id;\n", keys
			else
				printf ",\n\tPRIMARY KEY (%s)\n);\n", keys
		}
		$1 != t { close_table(); t = $1; keys = ""; sep = ""
			printf "\nCREATE TABLE IF NOT EXISTS %s%s (\n", e == "bigquery" ? "pmscope." : "", t }
		{ printf "%s\t%s %s", sep, $2, type($3, $4 == "key"); sep = ",\n"
		  if ($4 == "key") keys = keys (keys == "" ? "" : ", ") $2 }
		END { close_table() }'
	;;
load)
	awk -F '\t' -v e="$engine" '
		{ n[$1]++; col[$1, n[$1]] = $2; typ[$1, n[$1]] = $3
		  if (!($1 in seen)) { seen[$1] = 1; order[++nt] = $1 } }
		# sqlite: a CSV field as the column holds it (an empty one is null)
		function cell(c, t) {
			if (t == "bool") return "CASE " c " WHEN '\''true'\'' THEN 1 WHEN '\''false'\'' THEN 0 END"
			if (t == "str") return "NULLIF(" c ", '\'''\'')"
			return "CAST(NULLIF(" c ", '\'''\'') AS " (t == "ms3" ? "REAL" : "INTEGER") ")"
		}
		END {
			if (e == "postgresql") {
				print "\\set ON_ERROR_STOP on"; print "BEGIN;"
				for (i = 1; i <= nt; i++) {
					t = order[i]
					print "CREATE TEMP TABLE " t "_load (LIKE " t ") ON COMMIT DROP;"
					print "\\copy " t "_load FROM '\''" t ".csv'\'' WITH (FORMAT csv, HEADER true)"
				}
				for (i = 1; i <= nt; i++)
					print "DELETE FROM " order[i] " WHERE run_id IN (SELECT run_id FROM runs_load);"
				for (i = 1; i <= nt; i++)
					print "INSERT INTO " order[i] " SELECT * FROM " order[i] "_load ON CONFLICT DO NOTHING;"
				print "COMMIT;"
			} else if (e == "sqlite") {
				print ".bail on"
				for (i = 1; i <= nt; i++) {
					t = order[i]; s = ""
					for (k = 1; k <= n[t]; k++) s = s (k > 1 ? ", " : "") col[t, k]
					print "CREATE TEMP TABLE " t "_load (" s ");"
					print ".import --csv --skip 1 " t ".csv " t "_load"
				}
				for (i = 1; i <= nt; i++)
					print "DELETE FROM " order[i] " WHERE run_id IN (SELECT run_id FROM runs_load);"
				for (i = 1; i <= nt; i++) {
					t = order[i]; s = ""
					for (k = 1; k <= n[t]; k++)
						s = s (k > 1 ? ",\n\t" : "\t") cell(col[t, k], typ[t, k])
					print "INSERT OR IGNORE INTO " t " SELECT\n" s "\nFROM " t "_load;"
				}
				for (i = 1; i <= nt; i++) print "DROP TABLE " order[i] "_load;"
			} else if (e == "clickhouse") {
				print "#!/bin/sh"
				print "# Load a rows folder (pmscope --rows DIR, ndjson) into ClickHouse:"
				print "#   load.sh DIR [clickhouse-client options]"
				print "# Tables are ReplacingMergeTree by their keys: a run loaded again"
				print "# replaces its rows when the parts merge (OPTIMIZE ... FINAL below)."
				print "set -eu"; print "dir=$1"; print "shift"
				for (i = 1; i <= nt; i++)
					print "clickhouse-client \"$@\" --query \"INSERT INTO " order[i] \
						" FORMAT JSONEachRow\" < \"$dir/" order[i] ".ndjson\""
				for (i = 1; i <= nt; i++)
					print "clickhouse-client \"$@\" --query \"OPTIMIZE TABLE " order[i] " FINAL\""
			} else if (e == "bigquery") {
				print "-- Each table loaded first into pmscope.TABLE_load, e.g."
				print "--   bq load --source_format=NEWLINE_DELIMITED_JSON pmscope.runs_load runs.ndjson"
				print "-- (the schema of pmscope.runs); then each run loaded replaces its rows:"
				for (i = 1; i <= nt; i++)
					print "DELETE FROM pmscope." order[i] " WHERE run_id IN (SELECT run_id FROM pmscope.runs_load);"
				for (i = 1; i <= nt; i++)
					print "INSERT INTO pmscope." order[i] " SELECT DISTINCT * FROM pmscope." order[i] "_load;"
			}
		}'
	;;
*)
	echo "usage: rows-schema.sh man | schema ENGINE | load ENGINE < pmscope --tables" >&2
	exit 2
	;;
esac
