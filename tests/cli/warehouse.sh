#!/bin/sh
# The rows in real databases: PostgreSQL, ClickHouse and SQLite from
# Debian's packages, started here in the test's folder (a Unix socket, or
# loopback for ClickHouse) and stopped at the end, load the fixture runs'
# rows with share/pmscope/sql/'s schema and load, twice (one copy kept),
# and every shipped question's answer is what pmscope stats and compare
# say of the same runs: n, median and p95 of each phase per kernel and
# machine, the devices that grew between two kernels, failures by code
# and device, runs without data. An engine whose package is missing is a
# SKIP line (scripts/deps.sh test installs them).
. "$(dirname "$0")/../tap.sh"
top=$(cd "$(dirname "$0")/../.." && pwd)
S=$top/share/pmscope/sql
F=$FIXTURES
T=$TMPDIR_TEST
chmod 755 "$T"
# runs of two kernels on one machine (QEMU q35), and others: a failure, a
# boot read from its milestones alone (the NanoPi), and no data (the
# NanoPi's first 100 lines, before its first milestone)
set -- qemu-q35-s3-async0-medium qemu-q35-s3-async1-medium pmscope-record-qemu-q35-s3-k6.1 \
	pmscope-record-qemu-q35-s3-k6.1-dat pmscope-record-qemu-q35-s3-k6.12-callgraph \
	kernel5.8-xps9360-mem-sleepgraph-dmesg kernel5.4-xps9360-mem-sleepgraph-dmesg \
	kernel6.14-xps9360-freezer-fail-dmesg kernel6.6-nanopi-r4s-arm64-boot-no-pm-dmesg \
	kernel5.4-lkp-lenovo80mk-freeze-10cycles-kmsg
mkdir -p "$T/in"
for r; do ln -s "$F/$r" "$T/in/$r"; done
mkdir "$T/in/nanopi-boot-start"
sed -n 1,100p "$F/kernel6.6-nanopi-r4s-arm64-boot-no-pm-dmesg/dmesg.log" \
	> "$T/in/nanopi-boot-start/dmesg.log"
set -- "$@" nanopi-boot-start
"$PMSCOPE" stats -q --rows "$T/csv" --rows-format csv "$T/in" > /dev/null 2>&1
"$PMSCOPE" stats -q --rows "$T/ndjson" "$T/in" > /dev/null 2>&1
is "rows: a file per table, each format" "$(ls "$T/csv" "$T/ndjson" | grep -c -E '\.(csv|ndjson)$')" 12
nruns=$(($(wc -l < "$T/csv/runs.csv") - 1))
ncbs=$(($(wc -l < "$T/csv/callbacks.csv") - 1))
is "rows: a run each" "$nruns" $#
is "rows: csv and ndjson hold the same callbacks" "$(wc -l < "$T/ndjson/callbacks.ndjson")" "$ncbs"

# the answers of pmscope itself, by (kernel, machine): stats over each group's runs
jq -r '[.run_id, (.folder | sub(".*/"; "")), (.kernel // ""), (.machine // "")] | @tsv' \
	"$T/ndjson/runs.ndjson" > "$T/runs.tsv"
cut -f3,4 "$T/runs.tsv" | sort -u > "$T/groups"
: > "$T/want.phases"
while IFS='	' read -r k m; do
	rm -rf "$T/g" && mkdir "$T/g"
	awk -F '\t' -v k="$k" -v m="$m" '$3 == k && $4 == m { print $2 }' "$T/runs.tsv" |
		while read -r r; do ln -s "$T/in/$r" "$T/g/$r"; done
	"$PMSCOPE" stats -q -j "$T/g.json" "$T/g" > /dev/null 2>&1
	jq -r --arg k "$k" --arg m "$m" '.stats.phases[] | select(.n > 0) |
		[$k, $m, .phase, .n, .median_ns, .p95_ns] | @tsv' "$T/g.json" >> "$T/want.phases"
done < "$T/groups"
sort -o "$T/want.phases" "$T/want.phases"
before=6.1.0-57-amd64 after=6.12.118+deb12-amd64 pct=10
export before after pct
mkdir -p "$T/before" "$T/after"
for side in before after; do
	eval "kern=\$$side"
	awk -F '\t' -v k="$kern" '$3 == k { print $2 }' "$T/runs.tsv" |
		while read -r r; do ln -s "$T/in/$r" "$T/$side/$r"; done
done
"$PMSCOPE" compare -q -j "$T/c.json" "$T/before" "$T/after" > /dev/null 2>&1
jq -r --argjson p "$pct" '.device_changes[] | select(.kind == "changed" and .before_ns > 0 and
	100 * .change_ns / .before_ns > $p) | [.phase, .device, .before_ns, .after_ns] | @tsv' \
	"$T/c.json" | sort > "$T/want.grew"
ok "compare: some devices grew by more than $pct% from $before to $after" test -s "$T/want.grew"
"$PMSCOPE" stats -q -j "$T/all.json" "$T/in" > /dev/null 2>&1
jq -r '.stats.findings[] | select(.severity == "failure" and .device != null) |
	[.code, .device, .count, .runs] | @tsv' "$T/all.json" | sort > "$T/want.failures"
jq -r '.stats.findings[] | select(.severity == "failure" and .device == null) |
	[.code, .count, .runs] | @tsv' "$T/all.json" | sort > "$T/want.codes"
jq -r '.stats.runs[] | select(.verdict == "no-data") | .source | sub(".*/in/"; "") | sub("/.*"; "")' \
	"$T/all.json" | sort > "$T/want.nodata"
is "stats: the NanoPi's first lines are its no-data run" "$(cat "$T/want.nodata")" nanopi-boot-start

# check ENGINE RUN: RUN QUESTION prints its rows, tab-separated, null empty
check() {
	e=$1 q=$2
	$q phase_percentiles | awk -F '\t' '$4 > 0 { print $1 "\t" $2 "\t" $3 "\t" $4 "\t" $6 "\t" $7 }' |
		sed 's/\\N//g' | sort > "$T/got.phases"
	is "$e: phase p50 and p95 by kernel and machine are stats' (n, median, p95)" \
		"$(diff "$T/want.phases" "$T/got.phases" | head -5)" ""
	$q device_regressions | cut -f1-4 | sort > "$T/got.grew"
	is "$e: the devices that grew by more than $pct% are compare's" \
		"$(diff "$T/want.grew" "$T/got.grew" | head -5)" ""
	$q failure_rates | sed 's/\\N//g' > "$T/got.fail"
	is "$e: failures by code and device are stats' (count, runs)" \
		"$(awk -F '\t' '$2 != "" { print $1 "\t" $2 "\t" $3 "\t" $4 }' "$T/got.fail" | sort |
			diff "$T/want.failures" - | head -5)" ""
	is "$e: failures by code are stats'" \
		"$(awk -F '\t' '{ n[$1] += $3 } END { for (c in n) print c }' "$T/got.fail" | sort |
			diff "$(cut -f1 "$T/want.codes" | sort -u > "$T/codes"; echo "$T/codes")" - | head -5)" ""
	is "$e: the slowest device, one per run with callbacks" "$($q slowest_device | wc -l)" \
		"$(jq -r 'select(.callbacks > 0) | .run_id' "$T/ndjson/cycles.ndjson" | sort -u | wc -l)"
	is "$e: runs without data are stats' no-data runs" \
		"$($q runs_without_data | cut -f2 | sed 's|.*/||' | sort)" "$(cat "$T/want.nodata")"
}

# --- SQLite: its command-line tool ---
if command -v sqlite3 > /dev/null 2>&1; then
	db=$T/rows.db
	sqlite3 "$db" < "$S/sqlite/schema.sql"
	(cd "$T/csv" && sqlite3 "$db" < "$S/sqlite/load.sql" && sqlite3 "$db" < "$S/sqlite/load.sql")
	is "sqlite: loaded twice, one copy of each run" "$(sqlite3 "$db" 'SELECT count(*) FROM runs')" "$nruns"
	is "sqlite: and of each callback" "$(sqlite3 "$db" 'SELECT count(*) FROM callbacks')" "$ncbs"
	sq() { envsubst < "$S/sqlite/questions/$1.sql" | sqlite3 -separator '	' "$db"; }
	check sqlite sq
else
	echo "# SKIP sqlite: no sqlite3 (apt-get install sqlite3)"
fi

# --- PostgreSQL: a server of our own on a Unix socket (as postgres when root) ---
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ -x "$pgbin/initdb" ] && command -v psql > /dev/null 2>&1; then
	as=""
	[ "$(id -u)" = 0 ] && as="runuser -u postgres --"
	mkdir -p "$T/pg"
	[ -n "$as" ] && chown postgres "$T/pg"
	$as "$pgbin/initdb" -D "$T/pg/data" -U pmscope -A trust --no-sync > "$T/pg.log" 2>&1
	$as "$pgbin/pg_ctl" -D "$T/pg/data" -l "$T/pg/log" -w -o \
		"-c listen_addresses= -c unix_socket_directories=$T/pg -c fsync=off" start >> "$T/pg.log" 2>&1
	pg() { psql -h "$T/pg" -U pmscope -d postgres -X -q -v ON_ERROR_STOP=1 "$@"; }
	ok "postgresql: the server started" pg -c 'SELECT 1'
	ok "postgresql: schema.sql" pg -f "$S/postgresql/schema.sql"
	(cd "$T/csv" && pg -f "$S/postgresql/load.sql" && pg -f "$S/postgresql/load.sql") > /dev/null
	is "postgresql: loaded twice, one copy of each run" "$(pg -At -c 'SELECT count(*) FROM runs')" "$nruns"
	is "postgresql: and of each callback" "$(pg -At -c 'SELECT count(*) FROM callbacks')" "$ncbs"
	pq() { envsubst < "$S/postgresql/questions/$1.sql" | pg -At -F '	'; }
	check postgresql pq
	$as "$pgbin/pg_ctl" -D "$T/pg/data" -m immediate stop >> "$T/pg.log" 2>&1
else
	echo "# SKIP postgresql: no server (apt-get install postgresql)"
fi

# --- ClickHouse: a server of our own on loopback, its data in the test's folder ---
if command -v clickhouse-server > /dev/null 2>&1 && command -v clickhouse-client > /dev/null 2>&1; then
	port=$((19000 + $$ % 1000))
	mkdir -p "$T/ch/data" "$T/ch/tmp"
	cat > "$T/ch/config.xml" <<EOF
<?xml version="1.0"?>
<yandex>
  <logger><level>warning</level><log>$T/ch/server.log</log><errorlog>$T/ch/err.log</errorlog></logger>
  <tcp_port>$port</tcp_port>
  <listen_host>127.0.0.1</listen_host>
  <path>$T/ch/data/</path>
  <tmp_path>$T/ch/tmp/</tmp_path>
  <users_config>users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <mark_cache_size>53687091</mark_cache_size>
  <timezone>UTC</timezone>
</yandex>
EOF
	cat > "$T/ch/users.xml" <<'EOF'
<?xml version="1.0"?>
<yandex>
  <profiles><default><max_memory_usage>2000000000</max_memory_usage></default></profiles>
  <users><default><password></password><networks><ip>127.0.0.1</ip></networks>
    <profile>default</profile><quota>default</quota></default></users>
  <quotas><default></default></quotas>
</yandex>
EOF
	clickhouse-server --config-file="$T/ch/config.xml" > "$T/ch/out.log" 2>&1 &
	chpid=$!
	ch() { clickhouse-client --port "$port" "$@"; }
	i=0
	until ch -q 'SELECT 1' > /dev/null 2>&1 || [ $i -ge 60 ]; do sleep 0.5; i=$((i + 1)); done
	ok "clickhouse: the server started" ch -q 'SELECT 1'
	ok "clickhouse: schema.sql" ch -n --query "$(grep -v '^--' "$S/clickhouse/schema.sql")"
	sh "$S/clickhouse/load.sh" "$T/ndjson" --port "$port" && sh "$S/clickhouse/load.sh" "$T/ndjson" --port "$port"
	is "clickhouse: loaded twice, one copy of each run" "$(ch -q 'SELECT count() FROM runs')" "$nruns"
	is "clickhouse: and of each callback" "$(ch -q 'SELECT count() FROM callbacks FINAL')" "$ncbs"
	cq() { ch -n --query "$(envsubst < "$S/clickhouse/questions/$1.sql" | grep -v '^--')"; }
	check clickhouse cq
	kill "$chpid" 2> /dev/null
	wait "$chpid" 2> /dev/null
else
	echo "# SKIP clickhouse: no server (apt-get install clickhouse-server clickhouse-client)"
fi
done_testing
