-- Runs without data: no cycle in them (a box that hung and left an empty
-- log, a log with no PM line), verdict no-data.
SELECT run_id, folder, verdict, cycles
FROM runs FINAL
WHERE cycles = 0 OR verdict = 'no-data'
ORDER BY folder, run_id
