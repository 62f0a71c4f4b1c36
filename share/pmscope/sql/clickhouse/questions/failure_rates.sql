-- Failures by code and device: how many, in how many runs, and the share
-- of all runs loaded (pmscope stats' findings, severity failure).
SELECT code, device, count() AS findings, uniqExact(run_id) AS runs,
	round(100.0 * runs / (SELECT count() FROM runs FINAL), 1) AS pct_runs
FROM findings FINAL
WHERE severity = 'failure'
GROUP BY code, device
ORDER BY runs DESC, findings DESC, code, device
