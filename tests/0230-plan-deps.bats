#!/usr/bin/env bats
# Task graphs (deps=) through the tools: bad graphs are input errors with
# the line (exit 2) everywhere; algorithms either honour deps or are
# refused by hs-plan's one check; hand-computed plans; random graphs planned
# and simulated with every dependency honoured; plans that break a
# dependency are invalid; the critical path in hs-report's lower bound.

load helper
load taskgraph

setup() {
	tmp=$(mktemp -d)
}

teardown() {
	rm -rf "$tmp"
}

@test "deps: cycles, unknown tasks and self-dependencies exit 2 with the line, in every tool" {
	printf '%s\n' 'hs 1' 'node n cores=2' 'task t1 model=rigid size=1 time=1 deps=t3' \
		'task t2 model=rigid size=1 time=1 deps=t1:1e6' 'task t3 model=rigid size=1 time=1 deps=t2' \
		'plan t1 node=n cores=0 start=0 end=1' 'plan t2 node=n cores=0 start=1 end=2' \
		'plan t3 node=n cores=0 start=2 end=3' >"$tmp/cycle.hs"
	printf '%s\n' 'hs 1' 'node n cores=2' 'task t1 model=rigid size=1 time=1' \
		'task t2 model=rigid size=1 time=1 deps=t1,t9' 'task t3 model=rigid size=1 time=1 deps=t3' \
		'plan t1 node=n cores=0 start=0 end=1' 'plan t2 node=n cores=0 start=1 end=2' \
		'plan t3 node=n cores=0 start=2 end=3' >"$tmp/bad.hs"
	for tool in "hs-plan -a taskp" hs-sim hs-report "hs-exec -c true"; do
		run $tool "$tmp/cycle.hs"
		echo "$tool: $output"
		[ "$status" -eq 2 ]
		[ "${lines[0]}" = "${tool%% *}: $tmp/cycle.hs:3: task t1: deps are cyclic (t1 -> t3 -> t2 -> t1)" ]
		run $tool "$tmp/bad.hs"
		echo "$tool: $output"
		[ "$status" -eq 2 ]
		[ "${lines[0]}" = "${tool%% *}: $tmp/bad.hs:4: task t2: deps: unknown task 't9'" ]
		[ "${lines[1]}" = "${tool%% *}: $tmp/bad.hs:5: task t3: depends on itself" ]
	done
	run_stdin "$(printf '%s\n' 'hs 1' 'node n cores=1' 'task a model=rigid size=1 time=1' \
		'task b model=rigid size=1 time=1 deps=a:x,a:1,a')" hs-plan -a taskp
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-plan: stdin:4: task b: deps: bytes of a must be a non-negative number, got 'x'" ]
	[ "${lines[1]}" = "hs-plan: stdin:4: task b: deps: a listed twice" ]
}

@test "deps: a stream with deps passes through the tools unchanged" {
	printf '%s\n' 'hs 1' 'node n cores=2' 'task a model=rigid size=1 time=1' \
		'task b   model=rigid size=1 time=1 deps=a:1e6  x=1' >"$tmp/in.hs"
	hs-plan -a taskp "$tmp/in.hs" | hs-sim >"$tmp/out.hs"
	grep -qx 'task b   model=rigid size=1 time=1 deps=a:1e6  x=1' "$tmp/out.hs"
}

@test "deps: algorithms that do not handle them refuse, naming the algorithm and those that do" {
	printf '%s\n' 'hs 1' 'node n cores=2 gpus=1' 'task a model=rigid size=1 time=1 gpu_time=1' \
		'task b model=rigid size=1 time=1 gpu_time=1 deps=a' >"$tmp/g.hs"
	refused=0
	for algo in $(hs-plan -l | awk '{ print $1 }'); do
		run hs-plan -a "$algo" "$tmp/g.hs"
		echo "$algo: $status: ${lines[0]}"
		if [ "$status" -eq 0 ]; then
			printf '%s\n' "$output" >"$tmp/p.hs"
			run deps_honoured "$tmp/p.hs" plan
			[ "$status" -eq 0 ]
			continue
		fi
		[ "$status" -eq 2 ]
		[ "${lines[0]}" = "hs-plan: $algo: does not handle task dependencies (deps=; $tmp/g.hs:4: task b has some); algorithms that do: ect, threshold, taskp, datap, taskp-ef, datap-ef" ]
		refused=$((refused + 1))
	done
	# Everything but the six list schedulers.
	[ "$refused" -eq $(($(hs-plan -l | wc -l) - 6)) ]
	# A plugin knows nothing of deps unless it says so (hs_algo.flags).
	run hs-plan -a "$TESTPLUGINS/good.so" "$tmp/g.hs"
	[ "$status" -eq 2 ]
	[[ ${lines[0]} == "hs-plan: t-good: does not handle task dependencies "* ]]
	# Without deps the same plugin plans.
	grep -v deps= "$tmp/g.hs" | hs-plan -a "$TESTPLUGINS/good.so" >/dev/null
	# A plugin built before hs_algo.flags existed never claims deps, whatever
	# lies beyond its struct_size.
	run hs-plan -a "$TESTPLUGINS/oldsize.so" "$tmp/g.hs"
	[ "$status" -eq 2 ]
	[[ ${lines[0]} == "hs-plan: t-oldsize: does not handle task dependencies "* ]]
}

# A diamond a -> b, c -> d beside an independent e, on 2 cores.
DIAMOND='hs 1
node n cores=2
task a model=rigid size=1 time=3
task b model=rigid size=1 time=2 deps=a
task c model=rigid size=1 time=1 deps=a
task d model=rigid size=1 time=1 deps=b,c
task e model=rigid size=1 time=5'

@test "deps: taskp-ef and ect on a diamond, by hand" {
	# taskp-ef: longest first, restricted to tasks whose deps are placed:
	# e (5) and a (3) first, then b, c, d.  e on core 0 (0-5), a on core 1
	# (0-3); b at 3 on core 1 (3-5: core 0 gives 7); c: core 0 and core 1
	# both free at 5: lowest index, 5-6; d after b and c: core 1 at 6-7?
	# core 1 is free at 5, d is ready at 6: 6-7 on core 0 ties with core 1 ->
	# core 0.
	run_stdin "$DIAMOND" hs-plan -a taskp-ef
	[ "$status" -eq 0 ]
	[ "$(grep '^plan ' <<<"$output")" = "plan a node=n cores=1 start=0 end=3
plan b node=n cores=1 start=3 end=5 after=a
plan c node=n cores=0 start=5 end=6 after=e
plan d node=n cores=0 start=6 end=7 after=c
plan e node=n cores=0 start=0 end=5" ]
	# ect, in the given order: a on core 0 (0-3), b on core 1 (3-5: ready at
	# 3, the earliest free core), c on core 0 (3-4), d on core 0 (5-6, after
	# b and c), e on core 1 (5-10).
	run_stdin "$DIAMOND" hs-plan -a ect
	[ "$status" -eq 0 ]
	[ "$(grep '^plan ' <<<"$output")" = "plan a node=n cores=0 start=0 end=3
plan b node=n cores=1 start=3 end=5
plan c node=n cores=0 start=3 end=4 after=a
plan d node=n cores=0 start=5 end=6 after=c
plan e node=n cores=1 start=5 end=10 after=b" ]
}

# A random DAG of N tasks on two nodes (one with a GPU): each task depends on
# up to three earlier ones; CPU-only, GPU-only and either.
random_dag() {
	awk -v seed="$1" -v n="$2" 'BEGIN {
		srand(seed)
		print "hs 1"
		print "node n1 cores=2 gpus=1"
		print "node n2 cores=3 speed=2"
		for (i = 1; i <= n; i++) {
			t = int(1 + 9 * rand()); k = rand()
			line = "task t" i
			if (k < 0.2) line = line " model=gpu gpu_time=" t / 2
			else if (k < 0.5) line = line " model=rigid size=1 time=" t " gpu_time=" t / 3
			else line = line " model=amdahl t1=" t " beta=0.3 max_cores=2"
			d = ""
			for (j = 0; j < 3 && i > 1; j++)
				if (rand() < 0.6) {
					p = 1 + int((i - 1) * rand())
					if (index("," d ",", ",t" p ",") == 0 && index("," d ",", ",t" p ":") == 0)
						d = d (d == "" ? "" : ",") "t" p (rand() < 0.5 ? ":" int(1e6 * rand()) : "")
				}
			if (d != "") line = line " deps=" d
			if (rand() < 0.2) line = line " release=" int(5 * rand())
			print line
		}
	}'
}

@test "deps: random graphs planned by every algorithm that takes them, simulated both ways: all honoured" {
	for seed in 1 2 3 4 5; do
		random_dag $seed 40 >"$tmp/g.hs"
		for algo in taskp datap taskp-ef datap-ef ect threshold; do
			hs-plan -a $algo "$tmp/g.hs" >"$tmp/p.hs"
			run deps_honoured "$tmp/p.hs" plan
			echo "seed $seed $algo plan: $output"
			[ "$status" -eq 0 ]
			run no_overlap "$tmp/p.hs" plan
			[ "$status" -eq 0 ]
			for model in flow replay; do
				hs-sim --model $model "$tmp/p.hs" >"$tmp/r.hs"
				run deps_honoured "$tmp/r.hs" run
				echo "seed $seed $algo $model: $output"
				[ "$status" -eq 0 ]
				run no_overlap "$tmp/r.hs" run
				[ "$status" -eq 0 ]
			done
		done
	done
}

@test "deps: hs-sim waits on deps a plan does not order by after lists" {
	# b on another core than a, no after list: it still waits for a.
	printf '%s\n' 'hs 1' 'node n cores=2' 'task a model=rigid size=1 time=3' \
		'task b model=rigid size=1 time=1 deps=a' \
		'plan a node=n cores=0 start=0 end=3' 'plan b node=n cores=1 start=3 end=4' >"$tmp/p.hs"
	for model in flow replay; do
		run hs-sim --model $model "$tmp/p.hs"
		[ "$status" -eq 0 ]
		grep -q '^run b node=n cores=1 start=3 end=4 state=done' <<<"$output"
	done
	# Longer than planned: the dependent moves with it.
	sed 's/task a model=rigid size=1 time=3/task a model=rigid size=1 time=5/' "$tmp/p.hs" >"$tmp/q.hs"
	for model in flow replay; do
		run hs-sim --model $model "$tmp/q.hs"
		[ "$status" -eq 0 ]
		grep -q '^run b node=n cores=1 start=5 end=6 state=done' <<<"$output"
	done
}

@test "deps: a plan that starts a task before its dependency ends is invalid" {
	printf '%s\n' 'hs 1' 'node n cores=2' 'task a model=rigid size=1 time=3' \
		'task b model=rigid size=1 time=1 deps=a' \
		'plan a node=n cores=0 start=0 end=3' 'plan b node=n cores=1 start=2 end=3' >"$tmp/p.hs"
	run hs-sim "$tmp/p.hs"
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-sim: $tmp/p.hs:6: plan b: starts at 2 before its dependency a ends at 3" ]
	[ "${lines[1]}" = "hs-sim: $tmp/p.hs: the plan is not valid (1 problem)" ]
}

@test "deps: hs-report's lower bound is the critical path when it is the longest" {
	# A chain of 1 + 2 + 3 + 4 on 4 cores: critical path 10 (area 2.5).
	printf '%s\n' 'hs 1' 'node n cores=4' 'task a model=rigid size=1 time=1' \
		'task b model=rigid size=1 time=2 deps=a' 'task c model=rigid size=1 time=3 deps=b' \
		'task d model=rigid size=1 time=4 deps=c' >"$tmp/g.hs"
	hs-plan -a taskp "$tmp/g.hs" | hs-sim >"$tmp/r.hs"
	run hs-report -f tsv -m makespan,lower_bound,ratio "$tmp/r.hs"
	[ "$status" -eq 0 ]
	[ "$output" = "metric	$tmp/r.hs	source
makespan	10	run
lower_bound	10	instance
ratio	1	run" ]
	run hs-report -f tsv --lp -m lower_bound "$tmp/r.hs"
	[ "${lines[1]}" = "lower_bound	10	instance" ]
}

@test "deps: online algorithms (hs-sim -a) see a job only once its deps have ended" {
	hs-gen cholesky --size 600 --blocks 6 --affinity 1 --node k40m >"$tmp/g.hs"
	for model in flow replay; do
		hs-sim -a "$TESTPLUGINS/online.so:first-fit" --model $model "$tmp/g.hs" >"$tmp/r.hs"
		[ "$(grep -c '^run .* state=done' "$tmp/r.hs")" -eq 56 ]
		run deps_honoured "$tmp/r.hs" run
		echo "$output"
		[ "$status" -eq 0 ]
		[ "$output" = "checked 105 edges" ]
		run no_overlap "$tmp/r.hs" run
		[ "$status" -eq 0 ]
	done
}
