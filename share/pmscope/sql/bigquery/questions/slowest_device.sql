-- The slowest device of each run: its longest callback (ties: the first).
-- (Not run by make check: no BigQuery here.)
SELECT run_id, folder, cycle, phase, device, duration_ns
FROM (
	SELECT r.run_id, r.folder, cb.cycle, cb.phase, cb.device, cb.duration_ns,
		ROW_NUMBER() OVER (PARTITION BY r.run_id
				   ORDER BY cb.duration_ns DESC, cb.cycle, cb.callback_index) AS k
	FROM pmscope.callbacks cb JOIN pmscope.runs r ON r.run_id = cb.run_id
	WHERE cb.duration_ns IS NOT NULL
) x
WHERE k = 1
ORDER BY folder, run_id;
