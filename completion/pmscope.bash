# SPDX-License-Identifier: GPL-2.0
# bash completion for pmscope(1).
#
# The option lists below are each command's --help: tests/cli/completion.sh
# compares them, so a new option needs a line here too.

_pmscope_commands="analyze stats compare whatif record arm collect watch"
# the bounds on each input of the commands that read logs
_pmscope_bounds="--max-cycles --max-callbacks --max-unpacked"

# Every option of @1, long and short, as its --help lists them.
_pmscope_options()
{
	case $1 in
	analyze)
		echo "-j --json --text -o --outdir -n --top -c --cycle -q --quiet -s --stats" \
		     "--html --svg --png --perfetto --junit --rows --rows-format --kcidb --table" \
		     "--columns --width --from --to --phase --no-hints --expect $_pmscope_bounds" \
		     "-h --help" ;;
	stats)
		echo "-j --json -n --top -m --mode -q --quiet --max-suspend --max-resume" \
		     "--junit --rows --rows-format $_pmscope_bounds --html --since --last" \
		     "-h --help" ;;
	compare)
		echo "-j --json -n --top -m --mode -q --quiet --max-suspend --max-resume" \
		     "--max-regress --junit --html $_pmscope_bounds -h --help" ;;
	whatif)
		echo "-p --policy --async --sync --defer --scale --cpus -j --json --svg --png" \
		     "--html --width -n --top -c --cycle -q --quiet $_pmscope_bounds -h --help" ;;
	record)
		echo "-m --mode -s --seconds -C --cmd --via -n --cycles --stress -d --delay" \
		     "-t --pm-test -g --callgraph --graph-depth --sched -b --buffer-kb" \
		     "-o --output -q --quiet -h --help" ;;
	arm)
		echo "-m --mode -t --pm-test -g --callgraph --graph-depth --sched" \
		     "-b --buffer-kb -h --help" ;;
	collect)
		echo "-o --output -r --restore -q --quiet -h --help" ;;
	watch)
		echo "--store --keep --max-size --budget -h --help" ;;
	esac
}

# Options of @1 that take a value (the word after them is that value).
_pmscope_takes_arg()
{
	case "$1:$2" in
	*:-j | *:--json | *:-n | *:--top | *:-m | *:--mode | *:-o | *:--output | \
	*:--outdir | *:--text | *:--perfetto | *:--junit | *:--rows | *:--rows-format | *:--kcidb | \
	*:--table | *:--columns | analyze:--expect | \
	*:-t | *:--pm-test | *:-b | *:--buffer-kb | *:--graph-depth | \
	analyze:-c | analyze:--cycle | whatif:-c | whatif:--cycle | whatif:-p | \
	*:--policy | *:--async | *:--sync | *:--defer | *:--scale | *:--cpus | *:--html | *:--svg | *:--png | \
	*:--width | *:--from | *:--to | *:--phase | *:--max-suspend | \
	*:--max-resume | *:--max-regress | record:-s | *:--seconds | \
	*:--max-cycles | *:--max-callbacks | *:--max-unpacked | \
	*:-C | *:--cmd | record:--via | record:-n | *:--cycles | *:-d | *:--delay | \
	watch:--store | watch:--keep | watch:--max-size | watch:--budget | \
	stats:--since | stats:--last)
		return 0 ;;
	esac
	return 1
}

# Files (and folders, to walk into), or folders alone with -d.
_pmscope_files()
{
	local IFS=$'\n'
	compopt -o filenames 2>/dev/null
	if [ "$1" = -d ]; then
		COMPREPLY=($(compgen -d -- "$2"))
	else
		COMPREPLY=($(compgen -f -- "$1"))
	fi
}

# The value of option @2 of command @1, being typed as @3.
_pmscope_value()
{
	local cmd=$1 opt=$2 cur=$3 words=""

	case $opt in
	-m | --mode)
		case $cmd in
		stats | compare) words="mem s2idle standby disk boot" ;;
		*) words="mem s2idle freeze standby disk" ;;
		esac ;;
	-t | --pm-test)
		words="none core processors platform devices freezer" ;;
	--via)
		words="state systemd" ;;
	-p | --policy)
		words="measured sync upfront rework async" ;;
	--phase)
		words="prepare suspend suspend_late suspend_noirq resume_noirq"
		words="$words resume_early resume complete kernel_init user_init" ;;
	--rows-format)
		words="ndjson csv" ;;
	--expect)
		words="suspend mem s2idle standby disk boot any" ;;
	--table)
		words="runs cycles phases callbacks findings devices" ;;
	-o | --output | --outdir | --rows | --store)
		_pmscope_files -d "$cur"
		return ;;
	-j | --json | --text | --html | --svg | --png | --perfetto | --junit | --kcidb)
		_pmscope_files "$cur"
		return ;;
	-C | --cmd)
		COMPREPLY=($(compgen -c -- "$cur"))
		return ;;
	esac
	# numbers and the rest: nothing to offer
	COMPREPLY=($(compgen -W "$words" -- "$cur"))
}

_pmscope()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
	local cmd=${COMP_WORDS[1]}

	COMPREPLY=()
	if [ "$COMP_CWORD" -eq 1 ]; then
		COMPREPLY=($(compgen -W "$_pmscope_commands --help --version" -- "$cur"))
		return
	fi
	case " $_pmscope_commands " in
	*" $cmd "*) ;;
	*) return ;;
	esac
	if [ "$COMP_CWORD" -gt 2 ] && _pmscope_takes_arg "$cmd" "$prev"; then
		_pmscope_value "$cmd" "$prev" "$cur"
		return
	fi
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$(_pmscope_options "$cmd")" -- "$cur"))
		return
	fi
	case $cmd in
	analyze | stats | compare | whatif) _pmscope_files "$cur" ;;	# logs, run folders
	watch)	# the hook's own "hook pre|post" is systemd's, not offered
		[ "$COMP_CWORD" -eq 2 ] && COMPREPLY=($(compgen -W "enable disable status" -- "$cur")) ;;
	esac
}

complete -F _pmscope pmscope
