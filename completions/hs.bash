# bash completion for the hs tools: hs-gen, hs-plan, hs-sim, hs-exec, hs-report.
#
# Nothing is listed here: every word comes from the tool being completed,
# `TOOL --complete-words` (and `hs-gen GENERATOR --complete-words` once the
# generator is typed), which prints one word per line (lib/cli.c):
#   -a NAME | --algorithm NAME   an option and the name of its argument
#   --list                       an option without argument
#   <FILE>                       an operand named in the usage line
#   taskp                        a value: algorithm, generator, platform or metric name
# An argument or operand name is completed by its parts ('|' separated):
#   FILE, DIR, PATH                      file names
#   NAME, GENERATOR, ALGO, PLATFORM,     the tool's values
#   METRIC (hs-report's metric names)
#   lowercase words (text|tsv)           those words
#   anything else (N, X, KEY=VAL)        nothing
# A tool whose first operand is GENERATOR or COMMAND has subcommands.

# _hs_load CMD...: run CMD --complete-words into the _hs_* arrays.
_hs_load() {
	local line
	_hs_optwords=() _hs_optargs=() _hs_operands=() _hs_values=()
	while IFS= read -r line; do
		case $line in
		-*)
			_hs_optwords+=("${line%% *}")
			if [[ $line == *" "* ]]; then _hs_optargs+=("${line#* }"); else _hs_optargs+=(""); fi
			;;
		"<"*">") _hs_operands+=("${line:1:${#line}-2}") ;;
		"") ;;
		*) _hs_values+=("$line") ;;
		esac
	done < <("$@" --complete-words 2>/dev/null)
}

# _hs_argof WORD: print the argument name of option WORD ("--opt=x" counts
# as --opt); fail when WORD is no option that takes an argument.
_hs_argof() {
	local w=${1%%=*} i
	for i in "${!_hs_optwords[@]}"; do
		if [[ ${_hs_optwords[i]} == "$w" && -n ${_hs_optargs[i]} ]]; then
			printf '%s\n' "${_hs_optargs[i]}"
			return 0
		fi
	done
	return 1
}

# _hs_complete_arg NAME CUR: fill COMPREPLY for an argument called NAME.
_hs_complete_arg() {
	local alt files=0
	local -a alts words=()
	IFS='|' read -ra alts <<<"$1"
	for alt in "${alts[@]}"; do
		case $alt in
		FILE | DIR | PATH) files=1 ;;
		NAME | GENERATOR | COMMAND | ALGO | ALGORITHM | PLATFORM | METRIC) words+=("${_hs_values[@]}") ;;
		*[A-Z]*) ;;
		*) words+=("$alt") ;;
		esac
	done
	COMPREPLY=()
	if ((${#words[@]})); then
		mapfile -t COMPREPLY < <(compgen -W "${words[*]}" -- "$2")
	fi
	if ((files)); then
		compopt -o filenames 2>/dev/null || true
		mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -f -- "$2")
	fi
	return 0
}

_hs() {
	local cur=${COMP_WORDS[COMP_CWORD]} prev="" optword="" sub="" w arg i
	((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
	# "--opt=value": one word, or three when '=' is in COMP_WORDBREAKS.
	if [[ $cur == --*=* ]]; then
		optword=${cur%%=*} cur=${cur#*=}
	elif [[ $cur == "=" ]]; then
		optword=$prev cur=""
	elif [[ $prev == "=" ]] && ((COMP_CWORD >= 2)); then
		optword=${COMP_WORDS[COMP_CWORD - 2]}
	fi
	local -a cmd=("${COMP_WORDS[0]}")
	_hs_load "${cmd[@]}"

	# Subcommands: the first word that is neither an option nor its argument.
	if [[ ${_hs_operands[0]} == GENERATOR || ${_hs_operands[0]} == COMMAND ]]; then
		for ((i = 1; i < COMP_CWORD; i++)); do
			w=${COMP_WORDS[i]}
			if [[ $w == -?* ]]; then
				if [[ $w != *=* ]] && _hs_argof "$w" >/dev/null; then
					((i++))
					[[ ${COMP_WORDS[i]} == "=" ]] && ((i++))
				fi
				continue
			fi
			sub=$w
			break
		done
		if [[ -n $sub ]]; then
			cmd+=("$sub")
			_hs_load "${cmd[@]}"
		fi
	fi

	COMPREPLY=()
	if [[ -n $optword ]]; then
		arg=$(_hs_argof "$optword") && _hs_complete_arg "$arg" "$cur"
		return 0
	fi
	if [[ $cur == -* ]]; then
		mapfile -t COMPREPLY < <(compgen -W "${_hs_optwords[*]}" -- "$cur")
		return 0
	fi
	if [[ $prev != *=* ]] && arg=$(_hs_argof "$prev"); then
		_hs_complete_arg "$arg" "$cur"
		return 0
	fi
	if ((${#_hs_operands[@]})); then
		_hs_complete_arg "${_hs_operands[0]}" "$cur"
	else
		mapfile -t COMPREPLY < <(compgen -W "${_hs_optwords[*]}" -- "$cur")
	fi
	return 0
}

complete -F _hs hs-gen hs-plan hs-sim hs-exec hs-report
