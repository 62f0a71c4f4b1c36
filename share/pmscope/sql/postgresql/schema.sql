-- pmscope's rows (pmscope(1), ROWS): the tables for postgresql, made by
-- scripts/rows-schema.sh from src/report/tables.c (make rows-schema).

CREATE TABLE IF NOT EXISTS runs (
	run_id text NOT NULL,
	folder text,
	host text,
	machine text,
	vendor text,
	product text,
	board text,
	bios text,
	machine_id text,
	kernel text,
	cmdline text,
	date text,
	tool text,
	cycles bigint,
	verdict text,
	failures bigint,
	warnings bigint,
	notes bigint,
	PRIMARY KEY (run_id)
);

CREATE TABLE IF NOT EXISTS cycles (
	run_id text NOT NULL,
	cycle bigint NOT NULL,
	mode text,
	mode_label text,
	start_ns bigint,
	end_ns bigint,
	wall_start_ns bigint,
	completed boolean,
	aborted boolean,
	start_cut boolean,
	sleep_ns bigint,
	wake_ns bigint,
	timed_by text,
	main_pid bigint,
	source text,
	first_line bigint,
	last_line bigint,
	suspend_ns bigint,
	resume_ns bigint,
	machine_ns bigint,
	total_ns bigint,
	callbacks bigint,
	failures bigint,
	warnings bigint,
	notes bigint,
	wake_reason text,
	PRIMARY KEY (run_id, cycle)
);

CREATE TABLE IF NOT EXISTS phases (
	run_id text NOT NULL,
	cycle bigint NOT NULL,
	phase_index bigint NOT NULL,
	name text,
	kind text,
	start_ns bigint,
	end_ns bigint,
	kernel_ms double precision,
	duration_ns bigint,
	PRIMARY KEY (run_id, cycle, phase_index)
);

CREATE TABLE IF NOT EXISTS callbacks (
	run_id text NOT NULL,
	cycle bigint NOT NULL,
	callback_index bigint NOT NULL,
	device text,
	device_index bigint,
	driver text,
	parent text,
	phase text,
	callback text,
	start_ns bigint,
	end_ns bigint,
	kernel_us bigint,
	kernel_unit_ns bigint,
	pid bigint,
	async boolean,
	ret bigint,
	unfinished boolean,
	end_inferred boolean,
	no_start boolean,
	from_calling_line boolean,
	kind text,
	source text,
	line bigint,
	phase_index bigint,
	duration_ns bigint,
	PRIMARY KEY (run_id, cycle, callback_index)
);

CREATE TABLE IF NOT EXISTS findings (
	run_id text NOT NULL,
	finding_index bigint NOT NULL,
	code text,
	severity text,
	cycle bigint,
	phase text,
	device text,
	driver text,
	function text,
	error bigint,
	error_name text,
	count bigint,
	text text,
	file text,
	line bigint,
	PRIMARY KEY (run_id, finding_index)
);

CREATE TABLE IF NOT EXISTS devices (
	run_id text NOT NULL,
	device_index bigint NOT NULL,
	device text,
	driver text,
	parent text,
	parent_index bigint,
	async boolean,
	in_device_tree boolean,
	PRIMARY KEY (run_id, device_index)
);
