-- Phase p50 and p95 by kernel and machine: over the cycles that completed
-- (a boot, or a suspend that resumed and was not aborted), as pmscope stats
-- takes them; n counts the cycles with a figure, missing those without.
SELECT r.kernel, r.machine, p.name AS phase,
	count(p.duration_ns) AS n,
	count(*) - count(p.duration_ns) AS missing,
	floor(percentile_cont(0.5) WITHIN GROUP (ORDER BY p.duration_ns))::bigint AS p50_ns,
	floor(percentile_cont(0.95) WITHIN GROUP (ORDER BY p.duration_ns))::bigint AS p95_ns
FROM phases p
JOIN cycles c ON c.run_id = p.run_id AND c.cycle = p.cycle
JOIN runs r ON r.run_id = p.run_id
WHERE c.completed AND NOT c.aborted
GROUP BY r.kernel, r.machine, p.name
ORDER BY r.kernel, r.machine, p.name;
