#!/usr/bin/env bats
# hs-exec's local back end: ordering, pinning, environment, commands,
# failures, signals (no orphans), walltimes and bad plans.  The plans use
# cores 0-1 only: the smallest machine this runs on has 2 cores.
# hs-test: alone (real tasks: two start within 0.15 s, a walltime kill
# within 2 s, dates compared on the wall clock)

load helper

setup() {
	W=$BATS_TEST_TMPDIR
	LOGS=$W/logs
}

platform() { local_platform; }

# Processes (not zombies) whose process group is $1.
group_members() {
	local f line rest
	for f in /proc/[0-9]*/stat; do
		line=$(cat "$f" 2>/dev/null) || continue
		rest=${line##*) }
		set -- $rest
		[ "$1" != Z ] && [ "$3" = "$PG" ] && echo "${f#/proc/}"
	done
	return 0
}

@test "exec-local: a task never starts before the tasks of its after list end" {
	T=$W/stamps
	cmd="echo \$HS_TASK start \$(date +%s.%N) >>$T; sleep \$HS_TIME; echo \$HS_TASK end \$(date +%s.%N) >>$T"
	{
		platform
		for t in a b c d e; do echo "task $t model=rigid size=$([ $t = c ] && echo 2 || echo 1) time=0.2"; done
		echo 'plan a node=local cores=0 start=0 end=0.3'
		echo 'plan b node=local cores=1 start=0 end=0.1'
		echo 'plan c node=local cores=0-1 start=0.3 end=0.4 after=a,b'
		echo 'plan d node=local cores=0 start=0.4 end=0.5 after=c'
		echo 'plan e node=local cores=1 start=0.4 end=0.7 after=c'
	} >"$W/in.hs"
	run hs-exec -L "$LOGS" -c "$cmd" "$W/in.hs"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(grep -c '^run ' <<<"$output")" -eq 5 ]
	grep '^run ' <<<"$output" >"$W/out.runs"
	# From the tasks' own clocks: successor start >= predecessor end.
	for pair in a:c b:c c:d c:e; do
		p=${pair%:*} s=${pair#*:}
		pend=$(awk -v t=$p '$1 == t && $2 == "end" { print $3 }' "$T")
		sstart=$(awk -v t=$s '$1 == t && $2 == "start" { print $3 }' "$T")
		echo "$p ends $pend, $s starts $sstart"
		awk -v a="$pend" -v b="$sstart" 'BEGIN { exit !(b >= a) }'
		# ... and from the run records.
		pe=$(run_field "$W/out.runs" $p end)
		ss=$(run_field "$W/out.runs" $s start)
		awk -v a="$pe" -v b="$ss" 'BEGIN { exit !(b >= a) }'
	done
	# a and b ran side by side (nothing made them wait).
	sa=$(run_field "$W/out.runs" a start) sb=$(run_field "$W/out.runs" b start)
	awk -v a="$sa" -v b="$sb" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d < 0.15) }'
	for t in a b c d e; do [ "$(run_field "$W/out.runs" $t state)" = done ]; done
}

@test "exec-local: tasks are pinned to their planned cores (Cpus_allowed_list)" {
	{
		platform
		echo "task one model=rigid size=1 time=0.1 cmd='grep Cpus_allowed_list: /proc/self/status'"
		echo "task two model=rigid size=1 time=0.1 cmd='grep Cpus_allowed_list: /proc/self/status'"
		echo "task both model=rigid size=2 time=0.1 cmd='grep Cpus_allowed_list: /proc/self/status'"
		echo 'plan one node=local cores=0 start=0 end=0.1'
		echo 'plan two node=local cores=1 start=0 end=0.1'
		echo 'plan both node=local cores=0-1 start=0.1 end=0.2 after=one,two'
	} >"$W/in.hs"
	run hs-exec -L "$LOGS" "$W/in.hs"
	[ "$status" -eq 0 ]
	[ "$(awk '{ print $2 }' "$LOGS/one.out")" = 0 ]
	[ "$(awk '{ print $2 }' "$LOGS/two.out")" = 1 ]
	[ "$(awk '{ print $2 }' "$LOGS/both.out")" = 0-1 ]
}

@test "exec-local: environment names the task, its node, cores, GPUs and threads" {
	{
		platform
		echo "task t1 model=rigid size=2 time=0.25 walltime=30 cmd='env | grep -E \"^(HS_|OMP_NUM|OPENBLAS|MKL_NUM|CUDA_VIS)\" | sort'"
		echo 'plan t1 node=local cores=0-1 start=0 end=0.25'
	} >"$W/in.hs"
	run hs-exec -L "$LOGS" "$W/in.hs"
	[ "$status" -eq 0 ]
	cat "$LOGS/t1.out"
	grep -qx 'HS_TASK=t1' "$LOGS/t1.out"
	grep -qx 'HS_NODE=local' "$LOGS/t1.out"
	grep -qx 'HS_HOST=local' "$LOGS/t1.out"
	grep -qx 'HS_CORES=0-1' "$LOGS/t1.out"
	grep -qx 'HS_NCORES=2' "$LOGS/t1.out"
	grep -qx 'HS_GPUS=' "$LOGS/t1.out"
	grep -qx 'HS_NGPUS=0' "$LOGS/t1.out"
	grep -qx 'HS_TIME=0.25' "$LOGS/t1.out"
	grep -qx 'HS_START=0' "$LOGS/t1.out"
	grep -qx 'HS_WALLTIME=30' "$LOGS/t1.out"
	grep -qx 'OMP_NUM_THREADS=2' "$LOGS/t1.out"
	grep -qx 'OPENBLAS_NUM_THREADS=2' "$LOGS/t1.out"
	grep -qx 'MKL_NUM_THREADS=2' "$LOGS/t1.out"
	# No planned GPU: none visible.
	grep -qx 'CUDA_VISIBLE_DEVICES=' "$LOGS/t1.out"
}

@test "exec-local: planned GPUs become CUDA_VISIBLE_DEVICES" {
	{
		printf '%s\n' 'hs 1' 'cluster local' 'node local cluster=local cores=2 gpus=2'
		echo "task g model=gpu gpu_time=0.1 cmd='echo \$CUDA_VISIBLE_DEVICES \$HS_GPUS \$HS_NGPUS \$OMP_NUM_THREADS'"
		echo 'plan g node=local gpus=1 start=0 end=0.1'
	} >"$W/in.hs"
	# This machine may have no GPU: say it has two (hs/local.h).
	HS_LOCAL_GPUS=2 run hs-exec -L "$LOGS" "$W/in.hs"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(cat "$LOGS/g.out")" = "1 1 1 1" ]
	# Without them the plan is rejected.
	HS_LOCAL_GPUS=0 run hs-exec -L "$LOGS" "$W/in.hs"
	echo "$output"
	[ "$status" -eq 2 ]
	[[ $output == *"in.hs:5: task g: planned on GPUs 1, but this machine has 0 GPUs"* ]]
}

@test "exec-local: --command placeholders, quoting and {field.KEY}" {
	{
		platform
		echo "task x model=rigid size=1 time=1.5 size_mb=40"
		echo "task y;z model=rigid size=2 time=0.5 size_mb=7"
		echo 'plan x node=local cores=1 start=0 end=1.5'
		echo 'plan y;z node=local cores=0-1 start=1.5 end=2 after=x'
	} >"$W/in.hs"
	# Task ids may hold characters the shell would interpret: they are quoted.
	run hs-exec -n -c 'run {task} on {node}/{host} cores {cores} n={ncores} g={gpus} ng={ngpus} t={time} s={start} e={end} w={walltime} {field.size_mb} {{x}}' "$W/in.hs"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "$(printf 'x\tlocal\t1\t-\trun x on local/local cores 1 n=1 g= ng=0 t=1.5 s=0 e=1.5 w=inf 40 {x}')" ]
	[ "${lines[1]}" = "$(printf "y;z\tlocal\t0-1\t-\trun 'y;z' on local/local cores 0-1 n=2 g= ng=0 t=0.5 s=1.5 e=2 w=inf 7 {x}")" ]
	# And the commands really run so.
	cd "$W"
	run hs-exec -L "$LOGS" -c 'echo {task} {time} > {task}.txt' "$W/in.hs"
	[ "$status" -eq 0 ]
	[ "$(cat "$W/x.txt")" = "x 1.5" ]
	[ "$(cat "$W/y;z.txt")" = "y;z 0.5" ]
}

@test "exec-local: a bad --command template exits 2 naming the problem" {
	{
		platform
		echo 'task a model=rigid size=1 time=1'
		echo 'plan a node=local cores=0 start=0 end=1'
	} >"$W/in.hs"
	run hs-exec -c 'sleep {tme}' "$W/in.hs"
	[ "$status" -eq 2 ]
	[[ $output == "hs-exec: unknown placeholder {tme} in --command"* ]]
	run hs-exec -c 'echo {task' "$W/in.hs"
	[ "$status" -eq 2 ]
	[[ $output == *"unmatched '{'"* ]]
	run hs-exec -c 'echo {field.nope}' "$W/in.hs"
	[ "$status" -eq 2 ]
	[[ $output == *"in.hs:6: task a: no field 'nope' for placeholder {field.nope}"* ]]
	# No --command and no cmd field.
	run hs-exec "$W/in.hs"
	[ "$status" -eq 2 ]
	[[ $output == *"in.hs:5: task a has no cmd field and no --command was given"* ]]
}

@test "exec-local: a failing task is recorded and its dependants still run" {
	{
		platform
		echo "task bad model=rigid size=1 time=0.1 cmd='echo oops >&2; exit 7'"
		echo "task next model=rigid size=1 time=0.1 cmd='true'"
		echo "task sig model=rigid size=1 time=0.1 cmd='kill -USR1 \$\$'"
		echo 'plan bad node=local cores=0 start=0 end=0.1'
		echo 'plan next node=local cores=0 start=0.1 end=0.2 after=bad'
		echo 'plan sig node=local cores=1 start=0 end=0.1'
	} >"$W/in.hs"
	run hs-exec -L "$LOGS" "$W/in.hs"
	echo "$output"
	[ "$status" -eq 1 ]
	grep -q '^run bad .*state=failed exit=7' <<<"$output"
	grep -q '^run next .*state=done exit=0' <<<"$output"
	# Killed by a signal it did not get from hs-exec: failed, 128 + 10.
	grep -q '^run sig .*state=failed exit=138' <<<"$output"
	[ "$(cat "$LOGS/bad.err")" = oops ]
	[[ $output == *"warning: task bad failed with exit status 7 (output: $LOGS/bad.out, .err)"* ]]
	[[ $output == *"# hs-exec: 3 tasks: 1 done, 2 failed, 0 killed, 0 not run"* ]]
}

@test "exec-local: --fail-fast kills the running tasks and starts no more" {
	{
		platform
		echo "task bad model=rigid size=1 time=0.2 cmd='sleep 0.2; exit 1'"
		echo "task next model=rigid size=1 time=0.1 cmd='touch $W/next-ran'"
		echo "task long model=rigid size=1 time=30 cmd='echo \$\$ > $W/long.pid; exec sleep 30'"
		echo 'plan bad node=local cores=0 start=0 end=0.2'
		echo 'plan next node=local cores=0 start=0.2 end=0.3 after=bad'
		echo 'plan long node=local cores=1 start=0 end=30'
	} >"$W/in.hs"
	SECONDS=0
	run hs-exec -L "$LOGS" --fail-fast --kill-grace 1 "$W/in.hs"
	echo "$output"
	[ "$status" -eq 1 ]
	[ "$SECONDS" -lt 10 ]
	grep -q '^run bad .*state=failed exit=1' <<<"$output"
	grep -q '^run long .*state=killed exit=143' <<<"$output"
	! grep -q '^run next ' <<<"$output"
	[ ! -e "$W/next-ran" ]
	[[ $output == *"task bad failed: stopping (--fail-fast)"* ]]
	[[ $output == *"1 failed, 1 killed, 1 not run"* ]]
	PG=$(cat "$W/long.pid")
	[ -z "$(group_members)" ]
}

# Start hs-exec in the background on a plan of long tasks; wait until both
# tasks run.  Sets HSPID.
start_long_run() {
	{
		platform
		for t in a b; do
			echo "task $t model=rigid size=1 time=60 cmd='echo \$\$ > $W/$t.pid; sleep 60 & sleep 60; wait'"
		done
		echo "task c model=rigid size=2 time=1 cmd='touch $W/c-ran'"
		echo 'plan a node=local cores=0 start=0 end=60'
		echo 'plan b node=local cores=1 start=0 end=60'
		echo 'plan c node=local cores=0-1 start=60 end=61 after=a,b'
	} >"$W/in.hs"
	hs-exec -L "$LOGS" --kill-grace 1 "$W/in.hs" >"$W/out.hs" 2>"$W/err" &
	HSPID=$!
	wait_files "$W/a.pid" "$W/b.pid"
}

# Wait until every FILE has something in it (10 s at most); fail if not.
wait_files() {
	local i f ok
	for i in $(seq 100); do
		ok=1
		for f in "$@"; do
			[ -s "$f" ] || ok=
		done
		[ -n "$ok" ] && return 0
		sleep 0.1
	done
	return 1
}

check_interrupted() {
	local want=$1
	rc=0
	wait $HSPID || rc=$?
	cat "$W/out.hs" "$W/err"
	[ "$rc" -eq "$want" ]
	# Nothing of either task's process group is left.
	for t in a b; do
		PG=$(cat "$W/$t.pid")
		[ -z "$(group_members)" ]
	done
	# The records so far are intact: the input, then one run record per
	# task that ran, then the summary; c never ran.
	[ "$(head -1 "$W/out.hs")" = "hs 1" ]
	grep -q '^plan c ' "$W/out.hs"
	grep -q '^run a .*state=killed' "$W/out.hs"
	grep -q '^run b .*state=killed' "$W/out.hs"
	! grep -q '^run c ' "$W/out.hs"
	[ ! -e "$W/c-ran" ]
	tail -2 "$W/out.hs" | head -1 | grep -q '^# hs-exec: 3 tasks: 0 done, 0 failed, 2 killed, 1 not run'
	# A run stopped on purpose is a whole stream: its closing record last.
	tail -1 "$W/out.hs" | grep -qx 'end stream records=[0-9]* tasks=3 plans=3 runs=2'
}

@test "exec-local: SIGTERM kills every task's process group, keeps the records, exits 143" {
	start_long_run
	kill -TERM $HSPID
	check_interrupted 143
}

@test "exec-local: SIGINT does the same and exits 130" {
	start_long_run
	kill -INT $HSPID
	check_interrupted 130
}

@test "exec-local: what a task leaves behind is killed, even outside its process group" {
	{
		platform
		# A background child in the task's group, and one in a new session.
		echo "task t model=rigid size=1 time=0.1 cmd='sleep 77 & echo \$! > $W/bg.pid; setsid sleep 78 & true'"
		echo 'plan t node=local cores=0 start=0 end=0.1'
	} >"$W/in.hs"
	run hs-exec -L "$LOGS" "$W/in.hs"
	echo "$output"
	[ "$status" -eq 0 ]
	bg=$(cat "$W/bg.pid")
	! kill -0 "$bg" 2>/dev/null
	for f in /proc/[0-9]*/cmdline; do
		! tr '\0' ' ' <"$f" 2>/dev/null | grep -qx 'sleep 78 '
	done
}

@test "exec-local: a run record is written the moment its task ends" {
	{
		platform
		echo "task fast model=rigid size=1 time=0.1 cmd='true'"
		echo "task slow model=rigid size=1 time=30 cmd='echo \$\$ > $W/slow.pid; exec sleep 30'"
		echo 'plan fast node=local cores=0 start=0 end=0.1'
		echo 'plan slow node=local cores=1 start=0 end=30'
	} >"$W/in.hs"
	hs-exec -L "$LOGS" "$W/in.hs" >"$W/out.hs" 2>/dev/null &
	pid=$!
	for i in $(seq 100); do
		grep -q '^run fast ' "$W/out.hs" && break
		sleep 0.1
	done
	# hs-exec dies without a chance to write anything more.
	kill -KILL $pid
	wait $pid || true
	PG=$(cat "$W/slow.pid")
	kill -KILL -- -"$PG" 2>/dev/null || true
	grep -q '^run fast .*state=done' "$W/out.hs"
	! grep -q '^run slow ' "$W/out.hs"
}

@test "exec-local: kill -9 of hs-exec leaves no task running (issue 12)" {
	{
		platform
		for t in a b; do
			echo "task $t model=rigid size=1 time=60 cmd='trap \"echo TERM >>$W/$t.term; exit 143\" TERM; echo \$\$ > $W/$t.pid; sleep 60 & sleep 60; wait'"
		done
		echo 'plan a node=local cores=0 start=0 end=60'
		echo 'plan b node=local cores=1 start=0 end=60'
	} >"$W/in.hs"
	# A long grace: on a loaded machine a shell may take seconds to run
	# its trap, and this test is about the SIGTERM (the KILL after it is
	# the fallback).
	hs-exec --kill-grace 20 -L "$LOGS" "$W/in.hs" >"$W/out.hs" 2>"$W/err" &
	HSPID=$!
	wait_files "$W/a.pid" "$W/b.pid"
	kill -KILL $HSPID
	wait $HSPID || true
	# Its watchdog asks both tasks to stop (SIGTERM to each process group,
	# which their traps note), then kills what is left.
	wait_files "$W/a.term" "$W/b.term" || true
	for i in $(seq 100); do
		left=
		for t in a b; do
			PG=$(cat "$W/$t.pid")
			left=$left$(group_members)
		done
		[ -z "$left" ] && break
		sleep 0.1
	done
	for t in a b; do
		PG=$(cat "$W/$t.pid")
		kill -KILL -- -"$PG" 2>/dev/null || true
	done
	[ "$(cat "$W/a.term" "$W/b.term")" = "$(printf 'TERM\nTERM')" ]
	[ -z "$left" ]
}

@test "exec-local: a plan with two tasks on a core at once is refused as hs-sim refuses it (issue 30)" {
	{
		platform
		echo "task a model=rigid size=1 time=1 cmd='echo a >>$W/ran'"
		echo "task b model=rigid size=1 time=1 cmd='echo b >>$W/ran'"
		echo 'plan a node=local cores=0 start=0 end=1'
		echo 'plan b node=local cores=0 start=0.5 end=1.5'
	} >"$W/in.hs"
	run hs-sim "$W/in.hs"
	[ "$status" -eq 2 ]
	sim=$output
	run hs-exec -L "$LOGS" "$W/in.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "${sim//hs-sim:/hs-exec:}" ]
	[[ "$output" == *"in.hs:8: plan b: core 0 of node local also used by a during [0.5, 1]"* ]]
	[[ "$output" == *"in.hs: the plan is not valid (1 problem)" ]]
	[ ! -e "$W/ran" ]
}

# Whether process $1 is still running (not gone, not a zombie).
running() {
	local line
	line=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
	line=${line##*) }
	[ "${line%% *}" != Z ]
}

@test "exec-local: kill -9 of hs-exec leaves no setsid descendant running (issue 30)" {
	{
		platform
		echo "task s model=rigid size=1 time=60 cmd='setsid sh -c \"exec sleep 300\" & echo \$! >$W/s.pid; wait'"
		echo 'plan s node=local cores=0 start=0 end=60'
	} >"$W/in.hs"
	hs-exec --kill-grace 1 -L "$LOGS" "$W/in.hs" >"$W/out.hs" 2>"$W/err" &
	HSPID=$!
	wait_files "$W/s.pid"
	S=$(cat "$W/s.pid")
	running "$S"
	[ "$(ps -o sid= -p "$S" | tr -d ' ')" = "$S" ] # in a session of its own
	kill -KILL $HSPID
	wait $HSPID || true
	for i in $(seq 100); do
		running "$S" || break
		sleep 0.1
	done
	left=$(running "$S" && echo "$S" || true)
	kill -KILL "$S" 2>/dev/null || true
	[ -z "$left" ]
}

@test "exec-local: a task running past its walltime is killed" {
	{
		platform
		echo "task w model=rigid size=1 time=0.2 walltime=0.5 cmd='sleep 20'"
		echo "task ok model=rigid size=1 time=0.2 walltime=5 cmd='sleep 0.1'"
		echo 'plan w node=local cores=0 start=0 end=0.2'
		echo 'plan ok node=local cores=1 start=0 end=0.2'
	} >"$W/in.hs"
	run hs-exec -L "$LOGS" "$W/in.hs"
	echo "$output"
	[ "$status" -eq 1 ]
	grep -q '^run w .*state=killed exit=143' <<<"$output"
	grep -q '^run ok .*state=done' <<<"$output"
	[[ $output == *"warning: task w killed at its walltime of 0.5 s"* ]]
	s=$(run_field <(grep '^run' <<<"$output") w start)
	e=$(run_field <(grep '^run' <<<"$output") w end)
	awk -v s="$s" -v e="$e" 'BEGIN { d = e - s; exit !(d >= 0.5 && d < 2) }'
}

@test "exec-local: --timed waits for the planned start as well" {
	{
		platform
		echo "task a model=rigid size=1 time=0.1 cmd='true'"
		echo "task b model=rigid size=1 time=0.1 cmd='true'"
		echo 'plan a node=local cores=0 start=0 end=0.1'
		echo 'plan b node=local cores=1 start=0.8 end=0.9'
	} >"$W/in.hs"
	run hs-exec -L "$LOGS" "$W/in.hs"
	[ "$status" -eq 0 ]
	s=$(run_field <(grep '^run' <<<"$output") b start)
	awk -v s="$s" 'BEGIN { exit !(s < 0.5) }'
	run hs-exec -L "$LOGS" --timed "$W/in.hs"
	[ "$status" -eq 0 ]
	s=$(run_field <(grep '^run' <<<"$output") b start)
	awk -v s="$s" 'BEGIN { exit !(s >= 0.8 && s < 1.5) }'
	grep -q '^prov exec .*timed=1' <<<"$output"
}

@test "exec-local: the output is the input plus prov exec and run records; old ones replaced" {
	{
		platform
		echo '# a comment'
		echo "task a model=rigid size=1 time=0.1 unknown_key=kept cmd=true"
		echo 'plan a node=local cores=0 start=0 end=0.1'
		echo 'run a node=local cores=0 start=0 end=0.1 state=done'
		echo 'prov exec tool=hs-exec version=0.0.1'
		echo 'end stream records=5 tasks=1 plans=1 runs=1'
	} >"$W/in.hs"
	run hs-exec "$W/in.hs"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "hs 1" ]
	[ "$(grep -c '^run a ' <<<"$output")" -eq 1 ]
	[ "$(grep -c '^prov exec ' <<<"$output")" -eq 1 ]
	grep -q '^prov exec tool=hs-exec version=.* backend=local host=.* started=.* logs=' <<<"$output"
	grep -qx '# a comment' <<<"$output"
	grep -qx "task a model=rigid size=1 time=0.1 unknown_key=kept cmd=true" <<<"$output"
	# The default log directory is named in the provenance and holds the logs.
	logs=$(grep '^prov exec' <<<"$output" | sed 's/.* logs=\([^ ]*\).*/\1/')
	[ -f "$logs/a.out" ] && [ -f "$logs/a.err" ]
	rm -rf "$logs"
	# The result is a stream the other tools read.
	if command -v hs-report >/dev/null; then
		grep -v '^# hs-exec' <<<"$output" >"$W/out.hs"
		printf '%s\n' "$output" | hs-report >/dev/null
	fi
}

@test "exec-local: a plan for a node this machine does not have exits 2" {
	{
		printf '%s\n' 'hs 1' 'cluster cs' 'node cs1 cluster=cs cores=8'
		echo "task a model=rigid size=1 time=0.1 cmd=true"
		echo 'plan a node=cs1 cores=0 start=0 end=0.1'
	} >"$W/in.hs"
	run hs-exec "$W/in.hs"
	echo "$output"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-exec: $W/in.hs:5: task a: planned on node 'cs1', which is not this machine (its node is 'local'; map with --node-map cs1=local)" ]
	# Mapped onto this machine it runs.
	run hs-exec -L "$LOGS" --node-map cs1=local "$W/in.hs"
	[ "$status" -eq 0 ]
	grep -q '^run a node=cs1 cores=0 .*state=done' <<<"$output"
	# A map onto another machine, or of a node the platform lacks.
	run hs-exec -m cs1=elsewhere "$W/in.hs"
	[ "$status" -eq 2 ]
	[[ $output == *"task a: node 'cs1' is mapped to 'elsewhere', which is not this machine"* ]]
	run hs-exec -m cs9=local "$W/in.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-exec: --node-map: the platform has no node 'cs9'" ]
	run hs-exec -m cs1 "$W/in.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-exec: --node-map: 'cs1' is not PLANNODE=NODE" ]
}

@test "exec-local: a plan on cores this machine does not have exits 2" {
	ncpu=$(grep Cpus_allowed_list /proc/self/status >/dev/null && nproc)
	last=$((ncpu + 1))
	{
		printf '%s\n' 'hs 1' 'cluster local' "node local cluster=local cores=$((ncpu + 2))"
		echo "task a model=rigid size=2 time=0.1 cmd=true"
		echo "plan a node=local cores=$ncpu-$last start=0 end=0.1"
	} >"$W/in.hs"
	run hs-exec "$W/in.hs"
	echo "$output"
	[ "$status" -eq 2 ]
	[[ $output == "hs-exec: $W/in.hs:5: task a: planned on cores $ncpu-$last, but this machine has $ncpu cores"* ]]
	# Nothing ran and nothing was written.
	! grep -q '^hs 1' <<<"$output"
}

@test "exec-local: no plan, an unknown back end, a multi-node task exit 2" {
	{
		platform
		echo "task a model=rigid size=1 time=0.1 cmd=true"
	} >"$W/noplan.hs"
	run hs-exec "$W/noplan.hs"
	[ "$status" -eq 2 ]
	[[ $output == *"no plan records: nothing to run"* ]]
	run hs-exec -b pbs "$W/noplan.hs"
	[ "$status" -eq 2 ]
	[[ $output == *"unknown back end 'pbs' (local, ssh or slurm)"* ]]
	{
		printf '%s\n' 'hs 1' 'cluster c' 'node n1 cluster=c cores=2' 'node n2 cluster=c cores=2'
		echo "task a model=rigid size=2 time=0.1 scope=cluster cmd=true"
		echo 'plan a node=n1,n2 cores=0/0 start=0 end=0.1'
	} >"$W/multi.hs"
	run hs-exec -m n1=local,n2=local "$W/multi.hs"
	echo "$output"
	[ "$status" -eq 2 ]
	[[ $output == *"task a: spans 2 nodes; the local back end runs every task on this machine"* ]]
	# Bad input is reported as such.
	run_stdin 'hs 1
task' hs-exec
	[ "$status" -eq 2 ]
}

@test "exec-local: --dry-run lists the tasks in planned order and runs nothing" {
	{
		platform
		echo "task a model=rigid size=1 time=0.1 cmd='touch $W/ran'"
		echo "task b model=rigid size=2 time=0.1 cmd='touch $W/ran'"
		echo 'plan a node=local cores=1 start=0.1 end=0.2 after=b'
		echo 'plan b node=local cores=0-1 start=0 end=0.1'
	} >"$W/in.hs"
	run hs-exec --dry-run "$W/in.hs"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "$(printf 'b\tlocal\t0-1\t-\ttouch %s/ran' "$W")" ]
	[ "${lines[1]}" = "$(printf 'a\tlocal\t1\t-\ttouch %s/ran' "$W")" ]
	[ ! -e "$W/ran" ]
}

@test "exec-local: a plan without after lists is ordered by its cores" {
	T=$W/stamps
	{
		platform
		for t in a b c; do
			echo "task $t model=rigid size=1 time=0.2 cmd='echo \$HS_TASK \$(date +%s.%N) >>$T; sleep 0.2; echo \$HS_TASK \$(date +%s.%N) >>$T'"
		done
		echo 'plan a node=local cores=0 start=0 end=0.2'
		echo 'plan b node=local cores=0 start=0.2 end=0.4'
		echo 'plan c node=local cores=0 start=0.4 end=0.6'
	} >"$W/in.hs"
	run hs-exec -L "$LOGS" "$W/in.hs"
	[ "$status" -eq 0 ]
	# Strictly one after the other: the stamps alternate a a b b c c.
	[ "$(awk '{ printf "%s", $1 }' "$T")" = aabbcc ]
	awk 'NR > 1 && $2 < prev { exit 1 } { prev = $2 }' "$T"
}
