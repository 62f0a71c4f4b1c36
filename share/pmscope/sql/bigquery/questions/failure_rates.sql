-- Failures by code and device: how many, in how many runs, and the share
-- (Not run by make check: no BigQuery here.)
-- of all runs loaded (pmscope stats' findings, severity failure).
SELECT f.code, f.device, COUNT(*) AS findings, count(DISTINCT f.run_id) AS runs,
	round(100.0 * count(DISTINCT f.run_id) / (SELECT COUNT(*) FROM pmscope.runs), 1) AS pct_runs
FROM pmscope.findings f
WHERE f.severity = 'failure'
GROUP BY f.code, f.device
ORDER BY runs DESC, findings DESC, f.code, f.device;
