#!/usr/bin/env bats
# hs-sim: a hand-made plan of tasks without comp/comm (the flow model runs
# them for their runtime model's duration, as the replay does), walltime
# kills, bad input.

load helper

setup() {
	tmp=$(mktemp -d)
	# n1: 2 cores at speed 1, n2: 1 core at speed 2.  b is planned one
	# second late (start 6) but waits only for a, so the replay starts it at
	# 5; c needs 8*(0.5+0.5)/2 = 4 s on n2 but its walltime is 3.
	cat >"$tmp/plan.hs" <<-'EOF'
	hs 1
	# a hand-made plan
	node n1 cores=2
	node n2 cores=1 speed=2
	task a model=amdahl t1=10 beta=0
	task b model=amdahl t1=4 beta=0
	task c model=amdahl t1=8 beta=0.5 walltime=3
	plan a node=n1 cores=0-1 start=0 end=5
	plan b node=n1 cores=0 start=6 end=10 after=a
	plan c node=n2 cores=0 start=0 end=4
	EOF
}

teardown() {
	rm -rf "$tmp"
}

# field RECORD-KIND ID KEY: the value of KEY in that record of $output.
field() {
	printf '%s\n' "$output" | awk -v k="$1" -v id="$2" -v key="$3" '
		$1 == k && $2 == id { for (i = 3; i <= NF; i++) if (index($i, key "=") == 1) {
			print substr($i, length(key) + 2); exit } }'
}

@test "sim: replay end times follow the after lists and the model" {
	run hs-sim "$tmp/plan.hs"
	[ "$status" -eq 0 ]
	[ "$(field run a start)" = 0 ]
	[ "$(field run a end)" = 5 ]
	[ "$(field run a state)" = done ]
	[ "$(field run b start)" = 5 ]
	[ "$(field run b end)" = 9 ]
	[ "$(field run b node)" = n1 ]
	[ "$(field run b cores)" = 0 ]
	[ "$(field run b state)" = done ]
}

@test "sim: a task running past its walltime is killed there" {
	run hs-sim "$tmp/plan.hs"
	[ "$status" -eq 0 ]
	[ "$(field run c start)" = 0 ]
	[ "$(field run c end)" = 3 ]
	[ "$(field run c state)" = killed ]
}

@test "sim: stdin works, the input is kept and prov sim is added" {
	run bash -c 'hs-sim --model replay < "$1"' _ "$tmp/plan.hs"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "hs 1" ]
	printf '%s\n' "$output" | grep -qx 'prov sim tool=hs-sim version=0.1.0 model=replay'
	printf '%s\n' "$output" | grep -qx '# a hand-made plan'
	printf '%s\n' "$output" | grep -qx 'plan b node=n1 cores=0 start=6 end=10 after=a'
	[ "$(printf '%s\n' "$output" | grep -c '^run ')" -eq 3 ]
	# Nothing but the stream on stdout: every line is a comment or a record.
	! printf '%s\n' "$output" | sed 1d | grep -vqE '^(#|prov |node |task |plan |run |end )'
}

@test "sim: running twice replaces the run records" {
	hs-sim "$tmp/plan.hs" >"$tmp/once.hs"
	hs-sim "$tmp/once.hs" >"$tmp/twice.hs"
	cmp "$tmp/once.hs" "$tmp/twice.hs"
}

@test "sim: no plan records exit 2" {
	printf 'hs 1\nnode n1 cores=2\ntask a model=amdahl t1=1 beta=0\n' >"$tmp/noplan.hs"
	run bash -c 'hs-sim < "$1"' _ "$tmp/noplan.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: stdin: no plan records (run hs-plan first, or schedule online: hs-sim -a ALGO)" ]
	run hs-sim "$tmp/noplan.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: $tmp/noplan.hs: no plan records (run hs-plan first, or schedule online: hs-sim -a ALGO)" ]
}

@test "sim: --check-durations rejects a plan that disagrees with the model" {
	run hs-sim --check-durations "$tmp/plan.hs"
	[ "$status" -eq 0 ]
	sed 's/^plan b .*/plan b node=n1 cores=0 start=6 end=11 after=a/' "$tmp/plan.hs" >"$tmp/long.hs"
	run hs-sim "$tmp/long.hs"
	[ "$status" -eq 0 ]
	[ "$(field run b end)" = 9 ]
	run hs-sim --check-durations "$tmp/long.hs"
	[ "$status" -eq 2 ]
	[[ ${lines[-1]} == "hs-sim: $tmp/long.hs: the plan is not valid (1 problem)" ]]
}

@test "sim: an invalid plan or bad input exits 2 with file and line" {
	sed 's/^plan b .*/plan b node=n1 cores=0 start=1 end=5/' "$tmp/plan.hs" >"$tmp/overlap.hs"
	run hs-sim "$tmp/overlap.hs"
	[ "$status" -eq 2 ]
	[[ ${lines[-1]} == "hs-sim: $tmp/overlap.hs: the plan is not valid ("* ]]
	printf 'hs 1\nnode n1 cores=2\ntask a model=amdahl t1=1 beta=0\nplan a node=n9 cores=0 start=0 end=1\n' >"$tmp/bad.hs"
	run hs-sim "$tmp/bad.hs"
	[ "$status" -eq 2 ]
	[[ $output == "hs-sim: $tmp/bad.hs:4: "* ]]
	run hs-sim "$tmp/missing.hs"
	[ "$status" -eq 2 ]
	[[ $output == "hs-sim: $tmp/missing.hs"* ]]
	run hs-sim "$tmp/plan.hs" "$tmp/plan.hs"
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-sim: unexpected argument '$tmp/plan.hs'" ]
}

@test "sim: a duration lost to the spacing of large dates is a warning, once, with a count" {
	# At 1e18 dates are 128 s apart: tasks of 50 s would end as they start
	# without a word.  Every model says so.
	cat >"$tmp/big.hs" <<-'EOF2'
	hs 1
	cluster c bw=1
	node a cluster=c cores=1 speed=1 flops=1
	node b cluster=c cores=1 speed=1 flops=1
	task t model=rigid size=1 time=50 release=1e18
	task u model=rigid size=1 time=50 release=1e18
	plan t node=a cores=0 start=1e18 end=1e18
	plan u node=a cores=0 start=1e18 end=1e18 after=t
	EOF2
	for args in "" "--model replay" "-a fcfs" "-a fcfs --model replay"; do
		hs-sim $args "$tmp/big.hs" >"$tmp/o" 2>"$tmp/e"
		[ "$(cat "$tmp/e")" = "hs-sim: $tmp/big.hs:5: warning: task t: its duration of 50 s at date 1e+18 becomes 0 s (dates there are 128 s apart): bring the dates nearer 0
hs-sim: $tmp/big.hs: warning: 2 tasks in all lost part of their duration to the spacing of their dates" ]
		grep -q '^run t .* start=1e+18 end=1e+18 ' "$tmp/o"
	done
	# A parallel task too (the flow model), alone: no count.
	cat >"$tmp/flow.hs" <<-'EOF2'
	hs 1
	cluster c bw=1
	node a cluster=c cores=1 speed=1 flops=1
	node b cluster=c cores=1 speed=1 flops=1
	task t model=amdahl t1=1 scope=cluster comp=0,0 comm=0,50,0,0 release=1e18
	plan t node=a,b cores=0/0 start=1e18 end=1e18
	EOF2
	run hs-sim "$tmp/flow.hs"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "hs-sim: $tmp/flow.hs:5: warning: task t: its duration of 50 s at date 1e+18 becomes 0 s (dates there are 128 s apart): bring the dates nearer 0" ]
	# Dates that keep the durations: nothing said.
	sed 's/1e18/1e6/g' "$tmp/big.hs" >"$tmp/small.hs"
	hs-sim "$tmp/small.hs" >"$tmp/o" 2>"$tmp/e"
	[ ! -s "$tmp/e" ]
}
