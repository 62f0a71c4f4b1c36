-- Phase p50 and p95 by kernel and machine: over the cycles that completed
-- (a boot, or a suspend that resumed and was not aborted), as pmscope stats
-- takes them; percentile_cont's interpolation by rank, whole ns down (exact:
-- ClickHouse's quantile() samples). Tables read FINAL: one copy of each run.
SELECT kernel, machine, phase, n, missing,
	if(n = 0, NULL, toInt64(floor(a[toUInt32(floor(0.5 * (n - 1))) + 1] +
		(0.5 * (n - 1) - floor(0.5 * (n - 1))) *
		(a[least(toUInt32(floor(0.5 * (n - 1))) + 2, n)] - a[toUInt32(floor(0.5 * (n - 1))) + 1])))) AS p50_ns,
	if(n = 0, NULL, toInt64(floor(a[toUInt32(floor(0.95 * (n - 1))) + 1] +
		(0.95 * (n - 1) - floor(0.95 * (n - 1))) *
		(a[least(toUInt32(floor(0.95 * (n - 1))) + 2, n)] - a[toUInt32(floor(0.95 * (n - 1))) + 1])))) AS p95_ns
FROM (
	SELECT kernel, machine, phase, arraySort(groupArray(ns)) AS a, length(a) AS n,
		count() - n AS missing
	FROM (
		SELECT run_id, cycle, name AS phase, duration_ns AS ns, kernel, machine
		FROM (SELECT run_id, cycle, name, duration_ns FROM phases FINAL)
		ANY INNER JOIN (SELECT run_id, kernel, machine FROM runs FINAL) USING run_id
	)
	ANY INNER JOIN (SELECT run_id, cycle FROM cycles FINAL WHERE completed = 1 AND aborted = 0)
	USING (run_id, cycle)
	GROUP BY kernel, machine, phase
)
ORDER BY kernel, machine, phase
