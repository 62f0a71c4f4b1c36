#!/bin/sh
# The bash completion offers each command's options exactly as its --help
# lists them, and completes option values and inputs.
. "$(dirname "$0")/../tap.sh"
top=$(cd "$(dirname "$0")/../.." && pwd)
C="$top/completion/pmscope.bash"

# What the completion offers for the words "$@" (the last one is being typed).
complete_words() {
	bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		_pmscope; printf "%s\n" "${COMPREPLY[@]}"' - "$C" "$@" | sort
}

# The options of one command's --help, one a line: "-j", "--json" ...
help_opts() {
	"$PMSCOPE" "$1" --help | grep -o -E '^  (-[a-zA-Z], |    )--[a-z-]+' |
		tr -d ',' | tr ' ' '\n' | grep . | sort
}

# Options whose --help line names a value after them ("--json FILE").
help_arg_opts() {
	"$PMSCOPE" "$1" --help |
		sed -n -E 's/^  (-[a-zA-Z], |    )(--[a-z-]+) [A-Z][A-Z-]*( .*)?$/\1\2/p' |
		tr -d ',' | tr ' ' '\n' | grep . | sort
}

takes_arg() {
	bash -c '. "$1"; _pmscope_takes_arg "$2" "$3"' - "$C" "$1" "$2"
}

ok "the completion script is valid bash" bash -n "$C"
cmds=$("$PMSCOPE" --help | sed -n 's/^  \([a-z]*\) .*/\1/p')
is "first word: the commands and --help, --version" "$(complete_words pmscope '')" \
	"$(printf '%s\n' $cmds --help --version | sort)"
for cmd in $cmds; do
	is "$cmd: options are its --help's" "$(complete_words pmscope "$cmd" -)" \
		"$(help_opts "$cmd")"
	want=$(help_arg_opts "$cmd")
	[ -n "$want" ] || { is "$cmd --help names option values" "" x; continue; }
	got=""
	for o in $(help_opts "$cmd"); do
		takes_arg "$cmd" "$o" && got="$got$o
"
	done
	is "$cmd: the options taking a value are its --help's" "$(printf %s "$got" | sort)" "$want"
done

is "stats --mode: the modes --help lists" "$(complete_words pmscope stats --mode '')" \
	"$(printf '%s\n' boot disk mem s2idle standby)"
is "record -m s: s2idle, standby" "$(complete_words pmscope record -m s)" \
	"$(printf '%s\n' s2idle standby)"
is "watch: its subcommands" "$(complete_words pmscope watch '')" \
	"$(printf '%s\n' disable enable status)"
is "--long prefix narrows" "$(complete_words pmscope compare --max-re)" \
	"$(printf '%s\n' --max-regress --max-resume)"

cd "$TMPDIR_TEST" || exit 1
mkdir run-a && : > dmesg.txt && : > other.log
is "analyze INPUT: files and folders" "$(complete_words pmscope analyze '')" \
	"$(printf '%s\n' dmesg.txt other.log run-a)"
is "analyze --json d: files" "$(complete_words pmscope analyze --json d)" "dmesg.txt"
is "collect -o: folders only" "$(complete_words pmscope collect -o '')" "run-a"
is "a value is not taken for an option" "$(complete_words pmscope analyze --top -)" ""
done_testing
