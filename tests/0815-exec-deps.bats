#!/usr/bin/env bats
# hs-exec honours task graphs (deps=): a task starts after its deps end,
# also on other cores and without any after list; a task whose dep failed
# is not run, and the tasks after it on its cores go on.  Cores 0-1 only.
# hs-test: alone (real tasks: a task on the other core starts before
# another ends, on the wall clock)

load helper
load taskgraph

setup() {
	W=$BATS_TEST_TMPDIR
	LOGS=$W/logs
}

platform() {
	printf '%s\n' 'hs 1' 'platform local' 'cluster local' 'node local cluster=local cores=2'
}

@test "exec-deps: a task waits for its deps on other cores, by the tasks' own clocks" {
	T=$W/stamps
	cmd="echo \$HS_TASK start \$(date +%s.%N) >>$T; sleep \$HS_TIME; echo \$HS_TASK end \$(date +%s.%N) >>$T"
	{
		platform
		echo 'task a model=rigid size=1 time=0.4'
		echo 'task b model=rigid size=1 time=0.1 deps=a'
		echo 'task c model=rigid size=1 time=0.1 deps=b:100'
		echo 'task d model=rigid size=1 time=0.1'
		# No after lists between a, b and c: only deps order them.
		echo 'plan a node=local cores=0 start=0 end=0.4'
		echo 'plan b node=local cores=1 start=0.4 end=0.5'
		echo 'plan c node=local cores=0 start=0.5 end=0.6 after=a'
		echo 'plan d node=local cores=1 start=0 end=0.1'
	} >"$W/in.hs"
	run hs-exec -L "$LOGS" -c "$cmd" "$W/in.hs"
	echo "$output"
	[ "$status" -eq 0 ]
	grep '^run ' <<<"$output" >"$W/out.runs"
	[ "$(wc -l <"$W/out.runs")" -eq 4 ]
	for pair in a:b b:c; do
		p=${pair%:*} s=${pair#*:}
		pend=$(awk -v t=$p '$1 == t && $2 == "end" { print $3 }' "$T")
		sstart=$(awk -v t=$s '$1 == t && $2 == "start" { print $3 }' "$T")
		echo "$p ends $pend, $s starts $sstart"
		awk -v a="$pend" -v b="$sstart" 'BEGIN { exit !(b >= a) }'
	done
	# d (no deps) did not wait for a.
	aend=$(awk '$1 == "a" && $2 == "end" { print $3 }' "$T")
	dstart=$(awk '$1 == "d" && $2 == "start" { print $3 }' "$T")
	awk -v a="$aend" -v b="$dstart" 'BEGIN { exit !(b < a) }'
	{ platform; grep '^task' "$W/in.hs"; cat "$W/out.runs"; } >"$W/run.hs"
	run deps_honoured "$W/run.hs" run
	[ "$status" -eq 0 ]
	[ "$output" = "checked 2 edges" ]
}

@test "exec-deps: a task whose dep failed is not run; what follows it on its cores runs" {
	{
		platform
		echo "task a model=rigid size=1 time=0.1 cmd='exit 3'"
		echo "task b model=rigid size=1 time=0.1 deps=a cmd='echo b ran'"
		echo "task c model=rigid size=1 time=0.1 deps=b cmd='echo c ran'"
		echo "task d model=rigid size=1 time=0.1 cmd='echo d ran'"
		echo 'plan a node=local cores=0 start=0 end=0.1'
		echo 'plan b node=local cores=1 start=0.1 end=0.2'
		echo 'plan c node=local cores=1 start=0.2 end=0.3 after=b'
		echo 'plan d node=local cores=1 start=0.3 end=0.4 after=c'
	} >"$W/in.hs"
	run hs-exec -L "$LOGS" "$W/in.hs"
	echo "$output"
	[ "$status" -eq 1 ]
	grep -qx 'hs-exec: warning: task b not run: its dependency a failed' <<<"$output"
	grep -qx 'hs-exec: warning: task c not run: its dependency b did not run' <<<"$output"
	grep -q '^run a .* state=failed exit=3$' <<<"$output"
	! grep -q '^run [bc] ' <<<"$output"
	grep -q '^run d .* state=done exit=0$' <<<"$output"
	[ ! -e "$LOGS/b.out" ] || [ ! -s "$LOGS/b.out" ]
	grep -qx 'd ran' "$LOGS/d.out"
	grep -q '# hs-exec: 4 tasks: 1 done, 1 failed, 0 killed, 2 not run' <<<"$output"
}

@test "exec-deps: a Cholesky graph really run: every dependency honoured, no core runs two tasks" {
	# A 5x5-tile graph (35 tasks, CPU only) moved onto this machine's two cores.
	{
		platform
		hs-gen cholesky --size 5000 --blocks 5 --affinity 1 --node k40m | grep '^task '
	} >"$W/g.hs"
	hs-plan -a taskp-ef "$W/g.hs" >"$W/p.hs"
	run hs-exec -L "$LOGS" -c 'sleep 0.02' "$W/p.hs"
	echo "$output"
	[ "$status" -eq 0 ]
	{ cat "$W/p.hs"; grep '^run ' <<<"$output"; } >"$W/r.hs"
	[ "$(grep -c '^run .* state=done' "$W/r.hs")" -eq 35 ]
	run deps_honoured "$W/r.hs" run
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$output" = "checked 60 edges" ]
	run no_overlap "$W/r.hs" run
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$output" = "checked 35 uses" ]
}

@test "exec-deps: the checks themselves catch a broken order and an overlap" {
	{
		platform
		echo 'task a model=rigid size=1 time=1'
		echo 'task b model=rigid size=1 time=1 deps=a:5'
		echo 'run a node=local cores=0 start=0 end=1'
		echo 'run b node=local cores=0-1 start=0.5 end=1.5'
	} >"$W/bad.hs"
	run deps_honoured "$W/bad.hs" run
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "run b starts at 0.5 before its dep a ends at 1" ]
	run no_overlap "$W/bad.hs" run
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "local/core/0: b starts at 0.5 while a runs until 1" ]
}
