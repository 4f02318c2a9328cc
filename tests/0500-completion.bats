#!/usr/bin/env bats
# completions/hs.bash: the one completion function, fed by the tools'
# --complete-words, called as bash would call it.

load helper

setup() {
	source "$TOP/completions/hs.bash"
	tmp=$(mktemp -d)
}

teardown() {
	rm -rf "$tmp"
}

# comp WORD...: complete the last word of the command line WORD...; the
# candidates end up in $reply, sorted, space separated.
comp() {
	COMP_WORDS=("$@")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMPREPLY=()
	_hs
	reply=$(printf '%s\n' "${COMPREPLY[@]}" | sed '/^$/d' | sort | tr '\n' ' ')
}

@test "completion: the function is registered for every tool" {
	for t in hs-gen hs-plan hs-sim hs-report hs-exec; do
		complete -p "$t" | grep -q -- '-F _hs '
	done
}

@test "completion: hs-gen offers the generators hs-gen lists" {
	comp hs-gen ""
	[ "$reply" = "$(hs-gen -l | cut -d' ' -f1 | sort | tr '\n' ' ')" ]
	comp hs-gen sl
	[ "$reply" = "sleep " ]
	comp hs-gen -o out.hs pl
	[ "$reply" = "platform " ]
}

@test "completion: options of hs-gen and of a generator" {
	comp hs-gen --l
	[ "$reply" = "--list " ]
	comp hs-gen sleep --sc
	[ "$reply" = "--scale --scope " ]
	comp hs-gen -o x.hs sleep -n 4 --pl
	[ "$reply" = "--platform " ]
	# hs-gen's own -o works after the generator too.
	comp hs-gen sleep --out
	[ "$reply" = "--output " ]
}

@test "completion: option arguments: names, choices, files, nothing" {
	comp hs-gen sleep --platform dietze-
	[ "$reply" = "dietze-cs1 dietze-cs1-ws1 " ]
	comp hs-gen sleep --platform=dietze-
	[ "$reply" = "dietze-cs1 dietze-cs1-ws1 " ]
	comp hs-gen sleep --platform = dietze-
	[ "$reply" = "dietze-cs1 dietze-cs1-ws1 " ]
	comp hs-gen sleep --scope ""
	[ "$reply" = "cluster node " ]
	comp hs-report -f ""
	[ "$reply" = "batsim-jobs csv json md svg text tsv " ]
	comp hs-report --plot mak
	[ "$reply" = "makespan makespan_diff " ]
	touch "$tmp/inst.hs"
	comp hs-gen sleep -o "$tmp/in"
	[ "$reply" = "$tmp/inst.hs " ]
	comp hs-gen sleep --platform "$tmp/in"
	[ "$reply" = "$tmp/inst.hs " ]
	# A number: nothing to offer.
	comp hs-gen sleep -n ""
	[ "$reply" = "" ]
}

@test "completion: hs-gen platform NAME|FILE offers the built-in platforms and files" {
	cd "$tmp"
	comp hs-gen platform ""
	[ "$reply" = "$(hs-gen platform -l | cut -d' ' -f1 | sort | tr '\n' ' ')" ]
	comp hs-gen platform ho
	[ "$reply" = "homogeneous " ]
	touch dietze-mine.hs
	comp hs-gen platform dietze-
	[ "$reply" = "dietze-cs1 dietze-cs1-ws1 dietze-mine.hs " ]
}

@test "completion: hs-plan -a offers the algorithm names" {
	command -v hs-plan >/dev/null || skip "no hs-plan built"
	algos=$(hs-plan --complete-words | grep -v '^[-<]' | sort | tr '\n' ' ')
	[ -n "$algos" ]
	comp hs-plan -a ""
	[ "$reply" = "$algos" ]
	comp hs-plan --algorithm ""
	[ "$reply" = "$algos" ]
	first=${algos%% *}
	comp hs-plan -a "$first"
	[[ " $reply" == *" $first "* ]]
}

@test "completion: operands that are files" {
	touch "$tmp/run.hs"
	comp hs-report "$tmp/ru"
	[ "$reply" = "$tmp/run.hs " ]
	comp hs-sim --check-durations "$tmp/ru"
	[ "$reply" = "$tmp/run.hs " ]
}

@test "completion: a failing or unknown tool completes nothing" {
	comp hs-no-such-tool ""
	[ "$reply" = "" ]
}

@test "completion: -o offers the chosen algorithm's option names, then their values" {
	comp hs-plan -a waterl -o ""
	[ "$reply" = "estimate= tie= " ]
	comp hs-plan -a waterl -o est
	[ "$reply" = "estimate= " ]
	comp hs-plan -a waterl --option estimate=
	[ "$reply" = "estimate=ideal estimate=runtime " ]
	comp hs-plan --algorithm=taskp -o p
	[ "$reply" = "pick= " ]
	comp hs-plan --algorithm = taskp -o o
	[ "$reply" = "order= " ]
	# the words come from the tool, for any algorithm of any plugin
	hs-plan -a heft --complete-words | grep -qx 'prio=lpt'
	# no algorithm yet, or an unknown one: nothing
	comp hs-plan -o ""
	[ "$reply" = "" ]
	comp hs-plan -a no-such -o ""
	[ "$reply" = "" ]
	# and -a itself still offers algorithm names, not option words
	comp hs-plan -a wat
	[ "$reply" = "waterl " ]
}

@test "completion: hs-report -m and --plot offer metric names, in comma lists too" {
	comp hs-report -m mak
	[ "$reply" = "makespan makespan_diff " ]
	comp hs-report -m makespan,uti
	[ "$reply" = "makespan,utilization " ]
	comp hs-report --metrics=tasks,mean_w
	[ "$reply" = "tasks,mean_waiting " ]
	comp hs-report --plot-time q
	[ "$reply" = "queue " ]
	comp hs-report --color ""
	[ "$reply" = "app state task user " ]
}

@test "completion: hs-report --by and --x offer the provenance keys of the files given" {
	cd "$tmp"
	printf '%s\n' 'hs 1' 'prov gen tool=hs-gen gen=sleep n=4 seed=2' 'prov plan algo=taskp' \
		'node a cores=1' >r.hs
	gzip -c r.hs >z.hs.gz
	comp hs-report r.hs --by ""
	[ "$reply" = "algo file gen gen.gen gen.n gen.seed gen.tool n plan.algo seed tool " ]
	comp hs-report r.hs --by algo,s
	[ "$reply" = "algo,seed " ]
	comp hs-report z.hs.gz --x gen.
	[ "$reply" = "gen.gen gen.n gen.seed gen.tool " ]
	# without files: file only
	comp hs-report --by ""
	[ "$reply" = "file " ]
}
