\set ON_ERROR_STOP on
BEGIN;
CREATE TEMP TABLE runs_load (LIKE runs) ON COMMIT DROP;
\copy runs_load FROM 'runs.csv' WITH (FORMAT csv, HEADER true)
CREATE TEMP TABLE cycles_load (LIKE cycles) ON COMMIT DROP;
\copy cycles_load FROM 'cycles.csv' WITH (FORMAT csv, HEADER true)
CREATE TEMP TABLE phases_load (LIKE phases) ON COMMIT DROP;
\copy phases_load FROM 'phases.csv' WITH (FORMAT csv, HEADER true)
CREATE TEMP TABLE callbacks_load (LIKE callbacks) ON COMMIT DROP;
\copy callbacks_load FROM 'callbacks.csv' WITH (FORMAT csv, HEADER true)
CREATE TEMP TABLE findings_load (LIKE findings) ON COMMIT DROP;
\copy findings_load FROM 'findings.csv' WITH (FORMAT csv, HEADER true)
CREATE TEMP TABLE devices_load (LIKE devices) ON COMMIT DROP;
\copy devices_load FROM 'devices.csv' WITH (FORMAT csv, HEADER true)
DELETE FROM runs WHERE run_id IN (SELECT run_id FROM runs_load);
DELETE FROM cycles WHERE run_id IN (SELECT run_id FROM runs_load);
DELETE FROM phases WHERE run_id IN (SELECT run_id FROM runs_load);
DELETE FROM callbacks WHERE run_id IN (SELECT run_id FROM runs_load);
DELETE FROM findings WHERE run_id IN (SELECT run_id FROM runs_load);
DELETE FROM devices WHERE run_id IN (SELECT run_id FROM runs_load);
INSERT INTO runs SELECT * FROM runs_load ON CONFLICT DO NOTHING;
INSERT INTO cycles SELECT * FROM cycles_load ON CONFLICT DO NOTHING;
INSERT INTO phases SELECT * FROM phases_load ON CONFLICT DO NOTHING;
INSERT INTO callbacks SELECT * FROM callbacks_load ON CONFLICT DO NOTHING;
INSERT INTO findings SELECT * FROM findings_load ON CONFLICT DO NOTHING;
INSERT INTO devices SELECT * FROM devices_load ON CONFLICT DO NOTHING;
COMMIT;
