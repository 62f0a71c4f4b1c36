.bail on
CREATE TEMP TABLE runs_load (run_id, folder, host, machine, vendor, product, board, bios, machine_id, kernel, cmdline, date, tool, cycles, verdict, failures, warnings, notes);
.import --csv --skip 1 runs.csv runs_load
CREATE TEMP TABLE cycles_load (run_id, cycle, mode, mode_label, start_ns, end_ns, wall_start_ns, completed, aborted, start_cut, sleep_ns, wake_ns, timed_by, main_pid, source, first_line, last_line, suspend_ns, resume_ns, machine_ns, total_ns, callbacks, failures, warnings, notes, wake_reason);
.import --csv --skip 1 cycles.csv cycles_load
CREATE TEMP TABLE phases_load (run_id, cycle, phase_index, name, kind, start_ns, end_ns, kernel_ms, duration_ns);
.import --csv --skip 1 phases.csv phases_load
CREATE TEMP TABLE callbacks_load (run_id, cycle, callback_index, device, device_index, driver, parent, phase, callback, start_ns, end_ns, kernel_us, kernel_unit_ns, pid, async, ret, unfinished, end_inferred, no_start, from_calling_line, kind, source, line, phase_index, duration_ns);
.import --csv --skip 1 callbacks.csv callbacks_load
CREATE TEMP TABLE findings_load (run_id, finding_index, code, severity, cycle, phase, device, driver, function, error, error_name, count, text, file, line);
.import --csv --skip 1 findings.csv findings_load
CREATE TEMP TABLE devices_load (run_id, device_index, device, driver, parent, parent_index, async, in_device_tree);
.import --csv --skip 1 devices.csv devices_load
DELETE FROM runs WHERE run_id IN (SELECT run_id FROM runs_load);
DELETE FROM cycles WHERE run_id IN (SELECT run_id FROM runs_load);
DELETE FROM phases WHERE run_id IN (SELECT run_id FROM runs_load);
DELETE FROM callbacks WHERE run_id IN (SELECT run_id FROM runs_load);
DELETE FROM findings WHERE run_id IN (SELECT run_id FROM runs_load);
DELETE FROM devices WHERE run_id IN (SELECT run_id FROM runs_load);
INSERT OR IGNORE INTO runs SELECT
	NULLIF(run_id, ''),
	NULLIF(folder, ''),
	NULLIF(host, ''),
	NULLIF(machine, ''),
	NULLIF(vendor, ''),
	NULLIF(product, ''),
	NULLIF(board, ''),
	NULLIF(bios, ''),
	NULLIF(machine_id, ''),
	NULLIF(kernel, ''),
	NULLIF(cmdline, ''),
	NULLIF(date, ''),
	NULLIF(tool, ''),
	CAST(NULLIF(cycles, '') AS INTEGER),
	NULLIF(verdict, ''),
	CAST(NULLIF(failures, '') AS INTEGER),
	CAST(NULLIF(warnings, '') AS INTEGER),
	CAST(NULLIF(notes, '') AS INTEGER)
FROM runs_load;
INSERT OR IGNORE INTO cycles SELECT
	NULLIF(run_id, ''),
	CAST(NULLIF(cycle, '') AS INTEGER),
	NULLIF(mode, ''),
	NULLIF(mode_label, ''),
	CAST(NULLIF(start_ns, '') AS INTEGER),
	CAST(NULLIF(end_ns, '') AS INTEGER),
	CAST(NULLIF(wall_start_ns, '') AS INTEGER),
	CASE completed WHEN 'true' THEN 1 WHEN 'false' THEN 0 END,
	CASE aborted WHEN 'true' THEN 1 WHEN 'false' THEN 0 END,
	CASE start_cut WHEN 'true' THEN 1 WHEN 'false' THEN 0 END,
	CAST(NULLIF(sleep_ns, '') AS INTEGER),
	CAST(NULLIF(wake_ns, '') AS INTEGER),
	NULLIF(timed_by, ''),
	CAST(NULLIF(main_pid, '') AS INTEGER),
	NULLIF(source, ''),
	CAST(NULLIF(first_line, '') AS INTEGER),
	CAST(NULLIF(last_line, '') AS INTEGER),
	CAST(NULLIF(suspend_ns, '') AS INTEGER),
	CAST(NULLIF(resume_ns, '') AS INTEGER),
	CAST(NULLIF(machine_ns, '') AS INTEGER),
	CAST(NULLIF(total_ns, '') AS INTEGER),
	CAST(NULLIF(callbacks, '') AS INTEGER),
	CAST(NULLIF(failures, '') AS INTEGER),
	CAST(NULLIF(warnings, '') AS INTEGER),
	CAST(NULLIF(notes, '') AS INTEGER),
	NULLIF(wake_reason, '')
FROM cycles_load;
INSERT OR IGNORE INTO phases SELECT
	NULLIF(run_id, ''),
	CAST(NULLIF(cycle, '') AS INTEGER),
	CAST(NULLIF(phase_index, '') AS INTEGER),
	NULLIF(name, ''),
	NULLIF(kind, ''),
	CAST(NULLIF(start_ns, '') AS INTEGER),
	CAST(NULLIF(end_ns, '') AS INTEGER),
	CAST(NULLIF(kernel_ms, '') AS REAL),
	CAST(NULLIF(duration_ns, '') AS INTEGER)
FROM phases_load;
INSERT OR IGNORE INTO callbacks SELECT
	NULLIF(run_id, ''),
	CAST(NULLIF(cycle, '') AS INTEGER),
	CAST(NULLIF(callback_index, '') AS INTEGER),
	NULLIF(device, ''),
	CAST(NULLIF(device_index, '') AS INTEGER),
	NULLIF(driver, ''),
	NULLIF(parent, ''),
	NULLIF(phase, ''),
	NULLIF(callback, ''),
	CAST(NULLIF(start_ns, '') AS INTEGER),
	CAST(NULLIF(end_ns, '') AS INTEGER),
	CAST(NULLIF(kernel_us, '') AS INTEGER),
	CAST(NULLIF(kernel_unit_ns, '') AS INTEGER),
	CAST(NULLIF(pid, '') AS INTEGER),
	CASE async WHEN 'true' THEN 1 WHEN 'false' THEN 0 END,
	CAST(NULLIF(ret, '') AS INTEGER),
	CASE unfinished WHEN 'true' THEN 1 WHEN 'false' THEN 0 END,
	CASE end_inferred WHEN 'true' THEN 1 WHEN 'false' THEN 0 END,
	CASE no_start WHEN 'true' THEN 1 WHEN 'false' THEN 0 END,
	CASE from_calling_line WHEN 'true' THEN 1 WHEN 'false' THEN 0 END,
	NULLIF(kind, ''),
	NULLIF(source, ''),
	CAST(NULLIF(line, '') AS INTEGER),
	CAST(NULLIF(phase_index, '') AS INTEGER),
	CAST(NULLIF(duration_ns, '') AS INTEGER)
FROM callbacks_load;
INSERT OR IGNORE INTO findings SELECT
	NULLIF(run_id, ''),
	CAST(NULLIF(finding_index, '') AS INTEGER),
	NULLIF(code, ''),
	NULLIF(severity, ''),
	CAST(NULLIF(cycle, '') AS INTEGER),
	NULLIF(phase, ''),
	NULLIF(device, ''),
	NULLIF(driver, ''),
	NULLIF(function, ''),
	CAST(NULLIF(error, '') AS INTEGER),
	NULLIF(error_name, ''),
	CAST(NULLIF(count, '') AS INTEGER),
	NULLIF(text, ''),
	NULLIF(file, ''),
	CAST(NULLIF(line, '') AS INTEGER)
FROM findings_load;
INSERT OR IGNORE INTO devices SELECT
	NULLIF(run_id, ''),
	CAST(NULLIF(device_index, '') AS INTEGER),
	NULLIF(device, ''),
	NULLIF(driver, ''),
	NULLIF(parent, ''),
	CAST(NULLIF(parent_index, '') AS INTEGER),
	CASE async WHEN 'true' THEN 1 WHEN 'false' THEN 0 END,
	CASE in_device_tree WHEN 'true' THEN 1 WHEN 'false' THEN 0 END
FROM devices_load;
DROP TABLE runs_load;
DROP TABLE cycles_load;
DROP TABLE phases_load;
DROP TABLE callbacks_load;
DROP TABLE findings_load;
DROP TABLE devices_load;
