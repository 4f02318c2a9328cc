#!/usr/bin/env bats
# A plan without after lists (issue 12, point 4): hs-sim runs each core's
# and GPU's tasks in the order of their planned starts, as hs-plan orders a
# plugin's plan, and says so once; it never starts two tasks on one core
# at once because nothing said otherwise.

load helper

setup() {
	tmp=$(mktemp -d)
}

teardown() {
	rm -rf "$tmp"
}

NOTE="note: the plan has no after lists: each core's and GPU's tasks run in the order of their planned starts (as hs-plan orders them)"

@test "sim order: a plan without after lists runs in its planned order, both models" {
	printf 'hs 1\nnode n cores=2 gpus=1\ntask a model=rigid size=1 time=3\ntask b model=rigid size=2 time=2
task c model=rigid size=1 time=1 release=1\ntask g model=gpu gpu_time=2\ntask h model=gpu gpu_time=1
plan a node=n cores=0 start=0 end=3\nplan c node=n cores=1 start=1 end=2\nplan b node=n cores=0-1 start=3 end=5
plan h node=n gpus=0 start=0 end=1\nplan g node=n gpus=0 start=1 end=3\n' >"$tmp/p.hs"
	for m in flow replay; do
		run bash -c 'hs-sim --model "$0" "$1" 2>"$1.err"' "$m" "$tmp/p.hs"
		[ "$status" -eq 0 ]
		[ "$(cat "$tmp/p.hs.err")" = "hs-sim: $tmp/p.hs: $NOTE" ]
		runs=$(printf '%s\n' "$output" | awk '$1 == "run" { a = "-"; s = e = ""
			for (i = 3; i <= NF; i++) { split($i, kv, "=")
				if (kv[1] == "start") s = kv[2]; if (kv[1] == "end") e = kv[2]; if (kv[1] == "after") a = kv[2] }
			printf "%s %s %s %s\n", $2, s, e, a }')
		[ "$runs" = "a 0 3 -
b 3 5 a,c
c 1 2 -
g 1 3 h
h 0 1 -" ] || { echo "$m: $runs"; false; }
	done
	# hs-report then sees what was planned: ratio 1, utilization at most 1.
	hs-sim "$tmp/p.hs" 2>/dev/null | hs-report -m makespan -f tsv >"$tmp/rep"
	[ "$(cat "$tmp/rep")" = "$(printf 'metric\tstdin\tsource\nmakespan\t5\trun')" ]
}

@test "sim order: after lists, when there are some, are the order; no note" {
	printf 'hs 1\nnode n cores=1\ntask a model=rigid size=1 time=1\ntask b model=rigid size=1 time=1
plan a node=n cores=0 start=0 end=1\nplan b node=n cores=0 start=1 end=2 after=a\n' >"$tmp/p.hs"
	run bash -c 'hs-sim "$0" 2>&1 >/dev/null' "$tmp/p.hs"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	# One task alone needs no order: no note either.
	printf 'hs 1\nnode n cores=1\ntask a model=rigid size=1 time=1\nplan a node=n cores=0 start=0 end=1\n' >"$tmp/one.hs"
	run bash -c 'hs-sim "$0" 2>&1 >/dev/null' "$tmp/one.hs"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}
