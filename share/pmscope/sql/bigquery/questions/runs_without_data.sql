-- Runs without data: no cycle in them (a box that hung and left an empty
-- (Not run by make check: no BigQuery here.)
-- log, a log with no PM line), verdict no-data.
SELECT run_id, folder, verdict, cycles
FROM pmscope.runs
WHERE cycles = 0 OR verdict = 'no-data'
ORDER BY folder, run_id;
