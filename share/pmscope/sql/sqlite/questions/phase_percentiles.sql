-- Phase p50 and p95 by kernel and machine: over the cycles that completed
-- (a boot, or a suspend that resumed and was not aborted), as pmscope stats
-- takes them. SQLite has no percentile function: percentile_cont's
-- interpolation by rank, whole ns down.
WITH v AS (
	SELECT r.kernel, r.machine, p.name AS phase, p.duration_ns AS ns
	FROM phases p
	JOIN cycles c ON c.run_id = p.run_id AND c.cycle = p.cycle
	JOIN runs r ON r.run_id = p.run_id
	WHERE c.completed AND NOT c.aborted
), ranked AS (
	SELECT kernel, machine, phase, ns,
		row_number() OVER w - 1 AS i, count(*) OVER (PARTITION BY kernel, machine, phase) AS n
	FROM v WHERE ns IS NOT NULL
	WINDOW w AS (PARTITION BY kernel, machine, phase ORDER BY ns)
), at AS (
	SELECT kernel, machine, phase, n,
		max(CASE WHEN i = CAST(0.5 * (n - 1) AS INTEGER) THEN ns END) AS m0,
		max(CASE WHEN i = CAST(0.5 * (n - 1) AS INTEGER) + 1 THEN ns END) AS m1,
		max(CASE WHEN i = CAST(0.95 * (n - 1) AS INTEGER) THEN ns END) AS q0,
		max(CASE WHEN i = CAST(0.95 * (n - 1) AS INTEGER) + 1 THEN ns END) AS q1
	FROM ranked GROUP BY kernel, machine, phase, n
), counts AS (
	SELECT kernel, machine, phase, count(ns) AS n, count(*) - count(ns) AS missing
	FROM v GROUP BY kernel, machine, phase
)
SELECT c.kernel, c.machine, c.phase, c.n, c.missing,
	CAST(m0 + (0.5 * (a.n - 1) - CAST(0.5 * (a.n - 1) AS INTEGER)) * (coalesce(m1, m0) - m0)
	     AS INTEGER) AS p50_ns,
	CAST(q0 + (0.95 * (a.n - 1) - CAST(0.95 * (a.n - 1) AS INTEGER)) * (coalesce(q1, q0) - q0)
	     AS INTEGER) AS p95_ns
FROM counts c LEFT JOIN at a ON a.kernel IS c.kernel AND a.machine IS c.machine AND a.phase = c.phase
ORDER BY c.kernel, c.machine, c.phase;
