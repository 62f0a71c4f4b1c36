-- pmscope's rows (pmscope(1), ROWS): the tables for bigquery, made by
-- scripts/rows-schema.sh from src/report/tables.c (make rows-schema).

CREATE TABLE IF NOT EXISTS pmscope.runs (
	run_id STRING NOT NULL,
	folder STRING,
	host STRING,
	machine STRING,
	vendor STRING,
	product STRING,
	board STRING,
	bios STRING,
	machine_id STRING,
	kernel STRING,
	cmdline STRING,
	date STRING,
	tool STRING,
	cycles INT64,
	verdict STRING,
	failures INT64,
	warnings INT64,
	notes INT64,
	PRIMARY KEY (run_id) NOT ENFORCED
) CLUSTER BY run_id;

CREATE TABLE IF NOT EXISTS pmscope.cycles (
	run_id STRING NOT NULL,
	cycle INT64 NOT NULL,
	mode STRING,
	mode_label STRING,
	start_ns INT64,
	end_ns INT64,
	wall_start_ns INT64,
	completed BOOL,
	aborted BOOL,
	start_cut BOOL,
	sleep_ns INT64,
	wake_ns INT64,
	timed_by STRING,
	main_pid INT64,
	source STRING,
	first_line INT64,
	last_line INT64,
	suspend_ns INT64,
	resume_ns INT64,
	machine_ns INT64,
	total_ns INT64,
	callbacks INT64,
	failures INT64,
	warnings INT64,
	notes INT64,
	wake_reason STRING,
	PRIMARY KEY (run_id, cycle) NOT ENFORCED
) CLUSTER BY run_id;

CREATE TABLE IF NOT EXISTS pmscope.phases (
	run_id STRING NOT NULL,
	cycle INT64 NOT NULL,
	phase_index INT64 NOT NULL,
	name STRING,
	kind STRING,
	start_ns INT64,
	end_ns INT64,
	kernel_ms FLOAT64,
	duration_ns INT64,
	PRIMARY KEY (run_id, cycle, phase_index) NOT ENFORCED
) CLUSTER BY run_id;

CREATE TABLE IF NOT EXISTS pmscope.callbacks (
	run_id STRING NOT NULL,
	cycle INT64 NOT NULL,
	callback_index INT64 NOT NULL,
	device STRING,
	device_index INT64,
	driver STRING,
	parent STRING,
	phase STRING,
	callback STRING,
	start_ns INT64,
	end_ns INT64,
	kernel_us INT64,
	kernel_unit_ns INT64,
	pid INT64,
	async BOOL,
	ret INT64,
	unfinished BOOL,
	end_inferred BOOL,
	no_start BOOL,
	from_calling_line BOOL,
	kind STRING,
	source STRING,
	line INT64,
	phase_index INT64,
	duration_ns INT64,
	PRIMARY KEY (run_id, cycle, callback_index) NOT ENFORCED
) CLUSTER BY run_id;

CREATE TABLE IF NOT EXISTS pmscope.findings (
	run_id STRING NOT NULL,
	finding_index INT64 NOT NULL,
	code STRING,
	severity STRING,
	cycle INT64,
	phase STRING,
	device STRING,
	driver STRING,
	function STRING,
	error INT64,
	error_name STRING,
	count INT64,
	text STRING,
	file STRING,
	line INT64,
	PRIMARY KEY (run_id, finding_index) NOT ENFORCED
) CLUSTER BY run_id;

CREATE TABLE IF NOT EXISTS pmscope.devices (
	run_id STRING NOT NULL,
	device_index INT64 NOT NULL,
	device STRING,
	driver STRING,
	parent STRING,
	parent_index INT64,
	async BOOL,
	in_device_tree BOOL,
	PRIMARY KEY (run_id, device_index) NOT ENFORCED
) CLUSTER BY run_id;
