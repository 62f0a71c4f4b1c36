-- pmscope's rows (pmscope(1), ROWS): the tables for clickhouse, made by
-- scripts/rows-schema.sh from src/report/tables.c (make rows-schema).

CREATE TABLE IF NOT EXISTS runs (
	run_id String,
	folder Nullable(String),
	host Nullable(String),
	machine Nullable(String),
	vendor Nullable(String),
	product Nullable(String),
	board Nullable(String),
	bios Nullable(String),
	machine_id Nullable(String),
	kernel Nullable(String),
	cmdline Nullable(String),
	date Nullable(String),
	tool Nullable(String),
	cycles Nullable(Int64),
	verdict Nullable(String),
	failures Nullable(Int64),
	warnings Nullable(Int64),
	notes Nullable(Int64)
) ENGINE = ReplacingMergeTree ORDER BY (run_id);

CREATE TABLE IF NOT EXISTS cycles (
	run_id String,
	cycle Int64,
	mode Nullable(String),
	mode_label Nullable(String),
	start_ns Nullable(Int64),
	end_ns Nullable(Int64),
	wall_start_ns Nullable(Int64),
	completed Nullable(UInt8),
	aborted Nullable(UInt8),
	start_cut Nullable(UInt8),
	sleep_ns Nullable(Int64),
	wake_ns Nullable(Int64),
	timed_by Nullable(String),
	main_pid Nullable(Int64),
	source Nullable(String),
	first_line Nullable(Int64),
	last_line Nullable(Int64),
	suspend_ns Nullable(Int64),
	resume_ns Nullable(Int64),
	machine_ns Nullable(Int64),
	total_ns Nullable(Int64),
	callbacks Nullable(Int64),
	failures Nullable(Int64),
	warnings Nullable(Int64),
	notes Nullable(Int64),
	wake_reason Nullable(String)
) ENGINE = ReplacingMergeTree ORDER BY (run_id, cycle);

CREATE TABLE IF NOT EXISTS phases (
	run_id String,
	cycle Int64,
	phase_index Int64,
	name Nullable(String),
	kind Nullable(String),
	start_ns Nullable(Int64),
	end_ns Nullable(Int64),
	kernel_ms Nullable(Float64),
	duration_ns Nullable(Int64)
) ENGINE = ReplacingMergeTree ORDER BY (run_id, cycle, phase_index);

CREATE TABLE IF NOT EXISTS callbacks (
	run_id String,
	cycle Int64,
	callback_index Int64,
	device Nullable(String),
	device_index Nullable(Int64),
	driver Nullable(String),
	parent Nullable(String),
	phase Nullable(String),
	callback Nullable(String),
	start_ns Nullable(Int64),
	end_ns Nullable(Int64),
	kernel_us Nullable(Int64),
	kernel_unit_ns Nullable(Int64),
	pid Nullable(Int64),
	async Nullable(UInt8),
	ret Nullable(Int64),
	unfinished Nullable(UInt8),
	end_inferred Nullable(UInt8),
	no_start Nullable(UInt8),
	from_calling_line Nullable(UInt8),
	kind Nullable(String),
	source Nullable(String),
	line Nullable(Int64),
	phase_index Nullable(Int64),
	duration_ns Nullable(Int64)
) ENGINE = ReplacingMergeTree ORDER BY (run_id, cycle, callback_index);

CREATE TABLE IF NOT EXISTS findings (
	run_id String,
	finding_index Int64,
	code Nullable(String),
	severity Nullable(String),
	cycle Nullable(Int64),
	phase Nullable(String),
	device Nullable(String),
	driver Nullable(String),
	function Nullable(String),
	error Nullable(Int64),
	error_name Nullable(String),
	count Nullable(Int64),
	text Nullable(String),
	file Nullable(String),
	line Nullable(Int64)
) ENGINE = ReplacingMergeTree ORDER BY (run_id, finding_index);

CREATE TABLE IF NOT EXISTS devices (
	run_id String,
	device_index Int64,
	device Nullable(String),
	driver Nullable(String),
	parent Nullable(String),
	parent_index Nullable(Int64),
	async Nullable(UInt8),
	in_device_tree Nullable(UInt8)
) ENGINE = ReplacingMergeTree ORDER BY (run_id, device_index);
