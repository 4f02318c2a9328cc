#!/usr/bin/env bats
# hs-report: metric values computed by hand on tiny schedules (the formulas
# of hs-report(1), METRICS).

load helper

setup() {
	tmp=$(mktemp -d)
	cd "$tmp"
}

teardown() {
	cd /
	rm -rf "$tmp"
}

# val FILE METRIC [OPTIONS...]: the value of METRIC in hs-report's tsv.
val() {
	local f=$1 m=$2
	shift 2
	hs-report -f tsv "$@" -m "$m" "$f" | awk -F'\t' -v m="$m" '$1 == m { print $2 }'
}

# One node of 2 cores, four one-core tasks with release dates:
#   a r=0 d=4   core 0, 0-4    waits 0, turnaround  4, slowdown 4/4
#   b r=1 d=2   core 0, 4-6    waits 3, turnaround  5, slowdown 5/2
#   c r=2 d=20  core 1, 2-22   waits 0, turnaround 20, slowdown 20/20
#   d r=5 d=1   core 0, 6-7    waits 1, turnaround  2, slowdown 2/1
release_instance() {
	printf '%s\n' 'hs 1' 'node n1 cores=2' \
		'task a model=rigid size=1 time=4' 'task b model=rigid size=1 time=2 release=1' \
		'task c model=rigid size=1 time=20 release=2' 'task d model=rigid size=1 time=1 release=5' \
		'plan a node=n1 cores=0 start=0 end=4' 'plan b node=n1 cores=0 start=4 end=6 after=a' \
		'plan c node=n1 cores=1 start=2 end=22' 'plan d node=n1 cores=0 start=6 end=7 after=b' >rel.hs
}

@test "metrics: makespan, bound, completion, utilization, idle time with release dates" {
	release_instance
	[ "$(val rel.hs makespan)" = 22 ]
	# c cannot end before its release 2 + 20
	[ "$(val rel.hs lower_bound)" = 22 ]
	[ "$(val rel.hs ratio)" = 1 ]
	[ "$(val rel.hs sum_completion)" = 39 ]     # 4 + 6 + 22 + 7
	[ "$(val rel.hs mean_completion)" = 9.75 ]
	[ "$(val rel.hs utilization)" = 0.6136363636363636 ] # 27 / 44
	[ "$(val rel.hs idle_time)" = 17 ]          # 44 - 27
	[ "$(val rel.hs tasks)" = 4 ]
}

@test "metrics: waiting, turnaround, slowdown, bounded slowdown" {
	release_instance
	[ "$(val rel.hs mean_waiting)" = 1 ]        # (0 + 3 + 0 + 1) / 4
	[ "$(val rel.hs max_waiting)" = 3 ]
	[ "$(val rel.hs mean_turnaround)" = 7.75 ]  # (4 + 5 + 20 + 2) / 4
	[ "$(val rel.hs mean_slowdown)" = 1.625 ]   # (1 + 2.5 + 1 + 2) / 4
	[ "$(val rel.hs max_slowdown)" = 2.5 ]
	# tau = 10: every task's max(1, turnaround / max(d, 10)) is 1
	[ "$(val rel.hs mean_bounded_slowdown)" = 1 ]
	# tau = 3: b 5 / 3, the others 1
	[ "$(val rel.hs mean_bounded_slowdown --bsld-tau 3)" = 1.1666666666666667 ]
	# tau = 0: the plain slowdown
	[ "$(val rel.hs mean_bounded_slowdown --bsld-tau 0)" = 1.625 ]
	# without release dates these rows do not apply
	sed 's/ release=[0-9]*//' rel.hs >norel.hs
	[ "$(val norel.hs mean_waiting)" = "" ]
	run hs-report -f tsv norel.hs
	! printf '%s\n' "$output" | grep -q -e '^mean_waiting' -e '^mean_slowdown'
}

@test "metrics: RUE (RSCHED eq. 10) on cores, GPUs and fast nodes" {
	release_instance
	# 2 workers used for 22 s, busy 27 s; T_seq = 4 + 2 + 20 + 1 = 27:
	# (27 / 44) * (27 / 22) / 2 = 729 / 1936
	[ "$(val rel.hs rue)" = 0.3765495867768595 ]
	awk 'BEGIN { exit !(729 / 1936 == 0.3765495867768595) }'
	# a on GPU 0 for 4 s; b on both cores for 2 s (t1 = 4): workers core 0,
	# core 1, GPU 0; busy 4 + 4 = 8 over 3 workers * 4 s; T_seq = 4 + 4:
	# (8 / 12) * (8 / 4) / 3 = 4 / 9
	printf '%s\n' 'hs 1' 'node n1 cores=2 gpus=2' \
		'task a model=gpu gpu_time=4' 'task b model=amdahl t1=4 beta=0' \
		'plan a node=n1 gpus=0 start=0 end=4' 'plan b node=n1 cores=0-1 start=0 end=2' >gpu.hs
	[ "$(val gpu.hs rue)" = 0.4444444444444444 ]
	# utilization per resource kind, and idle time of each
	[ "$(val gpu.hs utilization)" = 0.5 ]
	[ "$(val gpu.hs gpu_utilization)" = 0.5 ]
	[ "$(val gpu.hs idle_time)" = 4 ]
	[ "$(val gpu.hs gpu_idle_time)" = 4 ]
	# speed 2: t(1) / 2 = 5 s on one core, the whole schedule: RUE 1
	printf '%s\n' 'hs 1' 'node n1 cores=1 speed=2' 'task a model=amdahl t1=10 beta=0' \
		'plan a node=n1 cores=0 start=0 end=5' >fast.hs
	[ "$(val fast.hs rue)" = 1 ]
	# a rigid task of 2 cores: T_seq = 2 * 3 = its core-seconds, RUE 1
	printf '%s\n' 'hs 1' 'node n1 cores=4' 'task a model=rigid size=2 time=3' \
		'plan a node=n1 cores=1-2 start=0 end=3' >rigid.hs
	[ "$(val rigid.hs rue)" = 1 ]
}

@test "metrics: energy, EDP and ED^n" {
	# 2 cores at 100 W busy, 10 W idle: a uses both 0-5, b one core 5-9.
	# busy 14 core-seconds: 14 * 100 + (18 - 14) * 10 = 1440 J; T = 9
	printf '%s\n' 'hs 1' 'node n1 cores=2 cpu_busy=100 cpu_idle=10' \
		'task a model=amdahl t1=10 beta=0' 'task b model=amdahl t1=4 beta=0' \
		'plan a node=n1 cores=0-1 start=0 end=5' 'plan b node=n1 cores=0 start=5 end=9 after=a' >e.hs
	[ "$(val e.hs energy)" = 1440 ]
	[ "$(val e.hs edp)" = 12960 ]              # 1440 * 9
	[ "$(val e.hs edn)" = 116640 ]             # 1440 * 9^2
	[ "$(val e.hs edn --edn 3)" = 1049760 ]    # 1440 * 9^3
	# The same from the run records of the replay
	hs-sim e.hs >er.hs
	[ "$(val er.hs energy)" = 1440 ]
}

@test "metrics: killed and failed tasks, planned against observed" {
	# Run records by hand: a ran 1 s late, b was killed 2 s late, c failed.
	printf '%s\n' 'hs 1' 'node n1 cores=2' \
		'task a model=rigid size=1 time=5' 'task b model=rigid size=1 time=4 walltime=6' \
		'task c model=rigid size=1 time=1' \
		'plan a node=n1 cores=0 start=0 end=5' 'plan b node=n1 cores=1 start=0 end=4' \
		'plan c node=n1 cores=0 start=5 end=6 after=a' \
		'run a node=n1 cores=0 start=0 end=6 state=done' \
		'run b node=n1 cores=1 start=0 end=6 state=killed' \
		'run c node=n1 cores=0 start=6 end=6 state=failed' >r.hs
	[ "$(val r.hs killed)" = 1 ]
	[ "$(val r.hs failed)" = 1 ]
	[ "$(val r.hs planned_makespan)" = 6 ]
	[ "$(val r.hs run_makespan)" = 6 ]
	[ "$(val r.hs makespan_diff)" = 0 ]
	# |6 - 5| + |6 - 4| + |6 - 6|, over 3 tasks
	[ "$(val r.hs mean_end_error)" = 1 ]
	# The schedule metrics are the run's
	[ "$(hs-report -f tsv -m makespan r.hs | tail -1)" = "$(printf 'makespan\t6\trun')" ]
	[ "$(val r.hs sum_completion)" = 18 ]
	# a plan alone has no run metrics
	grep -v '^run' r.hs >p.hs
	[ "$(val p.hs killed)" = "" ]
	[ "$(val p.hs mean_end_error)" = "" ]
	[ "$(val p.hs makespan)" = 6 ]
}

@test "metrics: the replay of a release-date plan matches it (end error 0)" {
	release_instance
	hs-sim rel.hs >run.hs
	[ "$(val run.hs mean_end_error)" = 0 ]
	[ "$(val run.hs makespan_diff)" = 0 ]
	[ "$(val run.hs mean_waiting)" = 1 ]
	[ "$(val run.hs killed)" = 0 ]
}

@test "metrics: the lower bound with --lp is at least the default one" {
	hs-gen accel --set 1 -n 20 --cpus 4 --gpus 2 --seed 3 | hs-plan -a ect >p.hs
	lb=$(val p.hs lower_bound)
	lp=$(val p.hs lower_bound --lp)
	awk -v a="$lb" -v b="$lp" 'BEGIN { exit !(b >= a && a > 0) }'
}

@test "metrics: a Batsim workload run online shows no application or plan-against-run rows by default" {
	# app= names a Batsim profile, and hs-sim -a writes its decisions as the
	# plan records: speedup, apps and the plan's makespan mean nothing here.
	hs-gen batsim --platform homogeneous:nodes=16,cores=8 "$TOP/share/workloads/batsim-mixed.json" |
		hs-sim -a easy >b.hs
	run hs-report -f tsv b.hs
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -q '^mean_waiting'
	! printf '%s\n' "$output" | grep -q -e '^speedup' -e '^rue_seq' -e '^apps' -e '^mean_app_makespan'
	! printf '%s\n' "$output" | grep -q -e '^planned_makespan' -e '^makespan_diff' -e '^mean_end_error'
	# each is there on request, and all of them with -m all
	[ "$(val b.hs apps)" = 5 ]
	[ "$(val b.hs mean_end_error)" = 0 ]
	run hs-report -f tsv -m all b.hs
	printf '%s\n' "$output" | grep -q '^speedup'
	printf '%s\n' "$output" | grep -q '^planned_makespan'
	# the same in a table of groups
	run hs-report -f tsv --by algo b.hs
	[[ ${lines[0]} != *speedup* && ${lines[0]} != *planned_makespan* ]]
	[[ ${lines[0]} == *mean_waiting* ]]
}

@test "metrics: RSCHED's applications keep their rows; a planned then simulated stream its errors" {
	hs-gen cholesky --apps 2 >c.hs
	hs-sim -a rsched c.hs >r.hs
	run hs-report -f tsv r.hs
	printf '%s\n' "$output" | grep -q '^speedup'
	printf '%s\n' "$output" | grep -qx "$(printf 'apps\t2\trun')"
	# planned by hs-plan (app records of hs-gen cholesky), no run
	hs-plan -a ect c.hs >p.hs
	run hs-report -f tsv p.hs
	printf '%s\n' "$output" | grep -q '^rue_seq'
	# the plan of a planner replayed by hs-sim: plan against run
	hs-sim p.hs >pr.hs
	run hs-report -f tsv pr.hs
	printf '%s\n' "$output" | grep -q '^mean_end_error'
}
