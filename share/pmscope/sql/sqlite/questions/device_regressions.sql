-- Devices whose median time in a phase grew by more than ${pct} per cent
-- from kernel ${before} to kernel ${after}: a device's time in a phase of
-- a cycle is the sum of its callbacks there, as pmscope stats and compare
-- take it (cycles that completed; callbacks of no phase left out).
WITH per_cycle AS (
	SELECT r.kernel, cb.phase, cb.device, sum(cb.duration_ns) AS ns
	FROM callbacks cb
	JOIN cycles c ON c.run_id = cb.run_id AND c.cycle = cb.cycle
	JOIN runs r ON r.run_id = cb.run_id
	WHERE c.completed AND NOT c.aborted AND cb.phase_index IS NOT NULL
		AND r.kernel IN ('${before}', '${after}')
	GROUP BY r.kernel, cb.run_id, cb.cycle, cb.phase_index, cb.phase, cb.device
), ranked AS (
	SELECT kernel, phase, device, ns,
		row_number() OVER (PARTITION BY kernel, phase, device ORDER BY ns) - 1 AS i,
		count(*) OVER (PARTITION BY kernel, phase, device) AS n
	FROM per_cycle WHERE ns IS NOT NULL
), medians AS (
	SELECT kernel, phase, device,
		CAST((max(CASE WHEN i = (n - 1) / 2 THEN ns END) +
		      max(CASE WHEN i = n / 2 THEN ns END)) / 2 AS INTEGER) AS median_ns
	FROM ranked GROUP BY kernel, phase, device
)
SELECT b.phase, b.device, b.median_ns AS before_ns, a.median_ns AS after_ns,
	a.median_ns - b.median_ns AS change_ns
FROM medians b
JOIN medians a ON a.phase = b.phase AND a.device = b.device AND a.kernel = '${after}'
WHERE b.kernel = '${before}' AND b.median_ns > 0
	AND 100.0 * (a.median_ns - b.median_ns) / b.median_ns > ${pct}
ORDER BY change_ns DESC, b.device, b.phase;
