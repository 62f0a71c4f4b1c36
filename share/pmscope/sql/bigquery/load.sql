-- Each table loaded first into pmscope.TABLE_load, e.g.
--   bq load --source_format=NEWLINE_DELIMITED_JSON pmscope.runs_load runs.ndjson
-- (the schema of pmscope.runs); then each run loaded replaces its rows:
DELETE FROM pmscope.runs WHERE run_id IN (SELECT run_id FROM pmscope.runs_load);
DELETE FROM pmscope.cycles WHERE run_id IN (SELECT run_id FROM pmscope.runs_load);
DELETE FROM pmscope.phases WHERE run_id IN (SELECT run_id FROM pmscope.runs_load);
DELETE FROM pmscope.callbacks WHERE run_id IN (SELECT run_id FROM pmscope.runs_load);
DELETE FROM pmscope.findings WHERE run_id IN (SELECT run_id FROM pmscope.runs_load);
DELETE FROM pmscope.devices WHERE run_id IN (SELECT run_id FROM pmscope.runs_load);
INSERT INTO pmscope.runs SELECT DISTINCT * FROM pmscope.runs_load;
INSERT INTO pmscope.cycles SELECT DISTINCT * FROM pmscope.cycles_load;
INSERT INTO pmscope.phases SELECT DISTINCT * FROM pmscope.phases_load;
INSERT INTO pmscope.callbacks SELECT DISTINCT * FROM pmscope.callbacks_load;
INSERT INTO pmscope.findings SELECT DISTINCT * FROM pmscope.findings_load;
INSERT INTO pmscope.devices SELECT DISTINCT * FROM pmscope.devices_load;
