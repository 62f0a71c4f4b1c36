#!/bin/sh
# Load a rows folder (pmscope --rows DIR, ndjson) into ClickHouse:
#   load.sh DIR [clickhouse-client options]
# Tables are ReplacingMergeTree by their keys: a run loaded again
# replaces its rows when the parts merge (OPTIMIZE ... FINAL below).
set -eu
dir=$1
shift
clickhouse-client "$@" --query "INSERT INTO runs FORMAT JSONEachRow" < "$dir/runs.ndjson"
clickhouse-client "$@" --query "INSERT INTO cycles FORMAT JSONEachRow" < "$dir/cycles.ndjson"
clickhouse-client "$@" --query "INSERT INTO phases FORMAT JSONEachRow" < "$dir/phases.ndjson"
clickhouse-client "$@" --query "INSERT INTO callbacks FORMAT JSONEachRow" < "$dir/callbacks.ndjson"
clickhouse-client "$@" --query "INSERT INTO findings FORMAT JSONEachRow" < "$dir/findings.ndjson"
clickhouse-client "$@" --query "INSERT INTO devices FORMAT JSONEachRow" < "$dir/devices.ndjson"
clickhouse-client "$@" --query "OPTIMIZE TABLE runs FINAL"
clickhouse-client "$@" --query "OPTIMIZE TABLE cycles FINAL"
clickhouse-client "$@" --query "OPTIMIZE TABLE phases FINAL"
clickhouse-client "$@" --query "OPTIMIZE TABLE callbacks FINAL"
clickhouse-client "$@" --query "OPTIMIZE TABLE findings FINAL"
clickhouse-client "$@" --query "OPTIMIZE TABLE devices FINAL"
