-- Phase p50 and p95 by kernel and machine: over the cycles that completed
-- (a boot, or a suspend that resumed and was not aborted), as pmscope stats
-- takes them; n counts the cycles with a figure, missing those without.
-- (Not run by make check: no BigQuery here.)
SELECT kernel, machine, phase, ANY_VALUE(n) AS n, ANY_VALUE(missing) AS missing,
	CAST(FLOOR(ANY_VALUE(p50)) AS INT64) AS p50_ns, CAST(FLOOR(ANY_VALUE(p95)) AS INT64) AS p95_ns
FROM (
	SELECT r.kernel, r.machine, p.name AS phase,
		COUNT(p.duration_ns) OVER g AS n,
		COUNT(*) OVER g - COUNT(p.duration_ns) OVER g AS missing,
		PERCENTILE_CONT(p.duration_ns, 0.5) OVER g AS p50,
		PERCENTILE_CONT(p.duration_ns, 0.95) OVER g AS p95
	FROM pmscope.phases p
	JOIN pmscope.cycles c ON c.run_id = p.run_id AND c.cycle = p.cycle
	JOIN pmscope.runs r ON r.run_id = p.run_id
	WHERE c.completed AND NOT c.aborted
	WINDOW g AS (PARTITION BY r.kernel, r.machine, p.name)
)
GROUP BY kernel, machine, phase
ORDER BY kernel, machine, phase;
