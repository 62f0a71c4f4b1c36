-- The slowest device of each run: its longest callback (ties: the first).
SELECT run_id, folder, t.1 AS cycle_, t.2 AS phase_, t.3 AS device_, t.4 AS duration_ns_
FROM (
	SELECT run_id, argMax(tuple(cycle, phase, device, duration_ns),
			      tuple(duration_ns, -cycle, -callback_index)) AS t
	FROM callbacks FINAL
	WHERE isNotNull(duration_ns)
	GROUP BY run_id
)
ANY INNER JOIN (SELECT run_id, folder FROM runs FINAL) USING run_id
ORDER BY folder, run_id
