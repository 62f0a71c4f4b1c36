-- Devices whose median time in a phase grew by more than ${pct} per cent
-- from kernel ${before} to kernel ${after}: a device's time in a phase of
-- a cycle is the sum of its callbacks there, as pmscope stats and compare
-- take it (cycles that completed; callbacks of no phase left out).
SELECT phase, device, before_ns, after_ns, after_ns - before_ns AS change_ns
FROM (
	SELECT phase, device, median_ns AS before_ns
	FROM (
		SELECT kernel, phase, device, arraySort(groupArray(ns)) AS a, length(a) AS n,
			intDiv(a[intDiv(n - 1, 2) + 1] + a[intDiv(n, 2) + 1], 2) AS median_ns
		FROM (
			SELECT kernel, run_id, cycle, phase_index, phase, device, sum(duration_ns) AS ns
			FROM (
				SELECT run_id, cycle, phase_index, phase, device, duration_ns, kernel
				FROM (SELECT run_id, cycle, phase_index, phase, device, duration_ns
				      FROM callbacks FINAL WHERE isNotNull(phase_index))
				ANY INNER JOIN (SELECT run_id, kernel FROM runs FINAL
						WHERE kernel IN ('${before}', '${after}')) USING run_id
			)
			ANY INNER JOIN (SELECT run_id, cycle FROM cycles FINAL
					WHERE completed = 1 AND aborted = 0) USING (run_id, cycle)
			GROUP BY kernel, run_id, cycle, phase_index, phase, device
		)
		WHERE isNotNull(ns)
		GROUP BY kernel, phase, device
	)
	WHERE kernel = '${before}'
)
ANY INNER JOIN (
	SELECT phase, device, median_ns AS after_ns
	FROM (
		SELECT kernel, phase, device, arraySort(groupArray(ns)) AS a, length(a) AS n,
			intDiv(a[intDiv(n - 1, 2) + 1] + a[intDiv(n, 2) + 1], 2) AS median_ns
		FROM (
			SELECT kernel, run_id, cycle, phase_index, phase, device, sum(duration_ns) AS ns
			FROM (
				SELECT run_id, cycle, phase_index, phase, device, duration_ns, kernel
				FROM (SELECT run_id, cycle, phase_index, phase, device, duration_ns
				      FROM callbacks FINAL WHERE isNotNull(phase_index))
				ANY INNER JOIN (SELECT run_id, kernel FROM runs FINAL
						WHERE kernel IN ('${before}', '${after}')) USING run_id
			)
			ANY INNER JOIN (SELECT run_id, cycle FROM cycles FINAL
					WHERE completed = 1 AND aborted = 0) USING (run_id, cycle)
			GROUP BY kernel, run_id, cycle, phase_index, phase, device
		)
		WHERE isNotNull(ns)
		GROUP BY kernel, phase, device
	)
	WHERE kernel = '${after}'
) USING (phase, device)
WHERE before_ns > 0 AND 100.0 * (after_ns - before_ns) / before_ns > ${pct}
ORDER BY change_ns DESC, device, phase
