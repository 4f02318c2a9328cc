# bash completion for the hs tools: hs-gen, hs-plan, hs-sim, hs-exec, hs-report.
#
# Nothing is listed here: every word comes from the tool being completed,
# `TOOL --complete-words` (and `hs-gen GENERATOR --complete-words` once the
# generator is typed), which prints one word per line (lib/util/cli.c):
#   -a NAME | --algorithm NAME   an option and the name of its argument
#   --list                       an option without argument
#   <FILE>                       an operand named in the usage line
#   taskp                        a value: algorithm, generator, platform or metric name
# An argument or operand name is completed by its parts ('|' separated):
#   FILE, DIR, PATH                      file names
#   NAME, GENERATOR, ALGO, PLATFORM,     the tool's values
#   METRIC (hs-report's metric names)
#   KEY[=VAL] (-o)                       the chosen algorithm's options: the
#                                        tool is asked with its -a ALGO, and
#                                        prints "name=" and "name=value" words
#   KEY (--by, --x)                      the provenance keys (prov records) of
#                                        the files on the command line, and file
#   lowercase words (text|tsv)           those words
#   anything else (N, X)                 nothing
# A name followed by [,NAME]... is a comma-separated list: the part after
# the last comma is completed.  A tool whose first operand is GENERATOR or
# COMMAND has subcommands.

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

# _hs_prov_keys: the keys of the prov records of the files on the command
# line (KEY and STAGE.KEY), and file.  Prov records come first in a
# stream, so the first lines of each (decompressed) file are enough.
_hs_prov_keys() {
	local i w
	printf '%s\n' file
	for ((i = 1; i < ${#COMP_WORDS[@]}; i++)); do
		((i == COMP_CWORD)) && continue
		w=${COMP_WORDS[i]}
		[[ $w != -* && -f $w && -r $w ]] || continue
		{ zcat -f -- "$w" 2>/dev/null || cat -- "$w"; } | head -n 200 |
			awk '$1 == "prov" { for (i = 3; i <= NF; i++) if (split($i, kv, "=") > 1) { print kv[1]; print $2 "." kv[1] } }'
	done | sort -u
}

# _hs_complete_arg NAME CUR: fill COMPREPLY for an argument called NAME.
_hs_complete_arg() {
	local alt files=0 spec=$1 cur=$2 pre=""
	local -a alts words=()
	# A list (NAME[,NAME]...): complete its last item.
	if [[ $spec == *"[,"*"]..." ]]; then
		spec=${spec%%\[,*}
		if [[ $cur == *,* ]]; then
			pre=${cur%,*},
			cur=${cur##*,}
		fi
		compopt -o nospace 2>/dev/null || true
	fi
	IFS='|' read -ra alts <<<"$spec"
	for alt in "${alts[@]}"; do
		case $alt in
		FILE | DIR | PATH) files=1 ;;
		NAME | GENERATOR | COMMAND | ALGO | ALGORITHM | PLATFORM | METRIC)
			for w in "${_hs_values[@]}"; do [[ $w == *=* ]] || words+=("$w"); done ;;
		"KEY[=VAL]")
			# Names first ("estimate="), then the values of the one typed.
			for w in "${_hs_values[@]}"; do
				if [[ $cur == *=* ]]; then
					[[ $w == *=?* ]] && words+=("$w")
				else
					[[ $w == *= ]] && words+=("$w")
				fi
			done
			if [[ $cur != *=* ]]; then compopt -o nospace 2>/dev/null || true; fi ;;
		KEY) mapfile -t -O "${#words[@]}" words < <(_hs_prov_keys) ;;
		*[A-Z]*) ;;
		*) words+=("$alt") ;;
		esac
	done
	COMPREPLY=()
	if ((${#words[@]})); then
		mapfile -t COMPREPLY < <(compgen -P "$pre" -W "${words[*]}" -- "$cur")
	fi
	if ((files)); then
		compopt -o filenames 2>/dev/null || true
		mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -f -- "$cur")
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
	# The algorithm chosen so far (-a ALGO, --algorithm ALGO or =ALGO): the
	# tool then also offers its options for -o.
	for ((i = 1; i < COMP_CWORD; i++)); do
		w=${COMP_WORDS[i]}
		case $w in
		-a | --algorithm)
			arg=${COMP_WORDS[i + 1]}
			[[ $arg == "=" ]] && arg=${COMP_WORDS[i + 2]}
			((i + 1 < COMP_CWORD)) && [[ -n $arg ]] && cmd+=(-a "$arg") ;;
		--algorithm=?*) cmd+=(-a "${w#*=}") ;;
		esac
	done
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
