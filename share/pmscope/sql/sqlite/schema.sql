-- pmscope's rows (pmscope(1), ROWS): the tables for sqlite, made by
-- scripts/rows-schema.sh from src/report/tables.c (make rows-schema).

CREATE TABLE IF NOT EXISTS runs (
	run_id TEXT NOT NULL,
	folder TEXT,
	host TEXT,
	machine TEXT,
	vendor TEXT,
	product TEXT,
	board TEXT,
	bios TEXT,
	machine_id TEXT,
	kernel TEXT,
	cmdline TEXT,
	date TEXT,
	tool TEXT,
	cycles INTEGER,
	verdict TEXT,
	failures INTEGER,
	warnings INTEGER,
	notes INTEGER,
	PRIMARY KEY (run_id)
);

CREATE TABLE IF NOT EXISTS cycles (
	run_id TEXT NOT NULL,
	cycle INTEGER NOT NULL,
	mode TEXT,
	mode_label TEXT,
	start_ns INTEGER,
	end_ns INTEGER,
	wall_start_ns INTEGER,
	completed INTEGER,
	aborted INTEGER,
	start_cut INTEGER,
	sleep_ns INTEGER,
	wake_ns INTEGER,
	timed_by TEXT,
	main_pid INTEGER,
	source TEXT,
	first_line INTEGER,
	last_line INTEGER,
	suspend_ns INTEGER,
	resume_ns INTEGER,
	machine_ns INTEGER,
	total_ns INTEGER,
	callbacks INTEGER,
	failures INTEGER,
	warnings INTEGER,
	notes INTEGER,
	wake_reason TEXT,
	PRIMARY KEY (run_id, cycle)
);

CREATE TABLE IF NOT EXISTS phases (
	run_id TEXT NOT NULL,
	cycle INTEGER NOT NULL,
	phase_index INTEGER NOT NULL,
	name TEXT,
	kind TEXT,
	start_ns INTEGER,
	end_ns INTEGER,
	kernel_ms REAL,
	duration_ns INTEGER,
	PRIMARY KEY (run_id, cycle, phase_index)
);

CREATE TABLE IF NOT EXISTS callbacks (
	run_id TEXT NOT NULL,
	cycle INTEGER NOT NULL,
	callback_index INTEGER NOT NULL,
	device TEXT,
	device_index INTEGER,
	driver TEXT,
	parent TEXT,
	phase TEXT,
	callback TEXT,
	start_ns INTEGER,
	end_ns INTEGER,
	kernel_us INTEGER,
	kernel_unit_ns INTEGER,
	pid INTEGER,
	async INTEGER,
	ret INTEGER,
	unfinished INTEGER,
	end_inferred INTEGER,
	no_start INTEGER,
	from_calling_line INTEGER,
	kind TEXT,
	source TEXT,
	line INTEGER,
	phase_index INTEGER,
	duration_ns INTEGER,
	PRIMARY KEY (run_id, cycle, callback_index)
);

CREATE TABLE IF NOT EXISTS findings (
	run_id TEXT NOT NULL,
	finding_index INTEGER NOT NULL,
	code TEXT,
	severity TEXT,
	cycle INTEGER,
	phase TEXT,
	device TEXT,
	driver TEXT,
	function TEXT,
	error INTEGER,
	error_name TEXT,
	count INTEGER,
	text TEXT,
	file TEXT,
	line INTEGER,
	PRIMARY KEY (run_id, finding_index)
);

CREATE TABLE IF NOT EXISTS devices (
	run_id TEXT NOT NULL,
	device_index INTEGER NOT NULL,
	device TEXT,
	driver TEXT,
	parent TEXT,
	parent_index INTEGER,
	async INTEGER,
	in_device_tree INTEGER,
	PRIMARY KEY (run_id, device_index)
);
