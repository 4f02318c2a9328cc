#!/usr/bin/env bats
# hs-report: hand-computed metrics, the tsv and text layouts, several files,
# bad input.

load helper

setup() {
	tmp=$(mktemp -d)
	cd "$tmp"
	# One node of 2 cores.  a: 10 s of work on both cores, 0-5; b: 4 s on
	# core 0, 5-9.  makespan 9; busy core-seconds 2*5 + 4 = 14, so
	# utilization 14/(2*9) = 7/9; lower bound max(longest 10/2 = 5,
	# area 14/2 = 7) = 7, ratio 9/7; mean completion (5+9)/2 = 7.
	printf '%s\n' 'hs 1' 'node n1 cores=2' \
		'task a model=amdahl t1=10 beta=0' 'task b model=amdahl t1=4 beta=0' \
		'plan a node=n1 cores=0-1 start=0 end=5' \
		'plan b node=n1 cores=0 start=5 end=9 after=a' >tiny.hs
}

teardown() {
	cd /
	rm -rf "$tmp"
}

@test "report: tsv of one planned file, exactly" {
	run hs-report -f tsv tiny.hs
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s\t%s\n' source plan tasks 2 makespan 9 lower_bound 7 \
		ratio 1.2857142857142858 utilization 0.7777777777777778 mean_completion 7)" ]
}

@test "report: text table of one file, exactly" {
	run hs-report tiny.hs
	[ "$status" -eq 0 ]
	[ "$output" = "metric            tiny.hs
source               plan
tasks                   2
makespan                9
lower_bound             7
ratio             1.28571
utilization      0.777778
mean_completion         7" ]
}

@test "report: plan and run: run metrics, the plan's makespan and the errors" {
	# b is planned 6-10 but the replay runs it 5-9 (it waits only for a).
	sed 's/^plan b .*/plan b node=n1 cores=0 start=6 end=10 after=a/' tiny.hs >late.hs
	hs-sim late.hs >run.hs
	run hs-report -f tsv run.hs
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s\t%s\n' source run tasks 2 makespan 9 lower_bound 7 \
		ratio 1.2857142857142858 utilization 0.7777777777777778 mean_completion 7 \
		planned_makespan 10 run_makespan 9 makespan_diff -1 mean_end_error 0.5 \
		killed 0 failed 0)" ]
}

@test "report: several files give one column each, with a header line" {
	hs-sim tiny.hs >run.hs
	run hs-report -f tsv tiny.hs run.hs
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "$(printf 'metric\ttiny.hs\trun.hs')" ]
	[ "${lines[1]}" = "$(printf 'source\tplan\trun')" ]
	[ "${lines[3]}" = "$(printf 'makespan\t9\t9')" ]
	# Rows that apply to one file only are empty for the other.
	printf '%s\n' "$output" | grep -qx "$(printf 'killed\t\t0')"
	run hs-report tiny.hs run.hs
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "metric             tiny.hs    run.hs" ]
	[ "${lines[-1]}" = "failed                   -         0" ]
}

@test "report: stdin is labelled with the algorithm from the provenance" {
	printf 'prov plan tool=hs-plan algo=byhand\n' >>tiny.hs
	run bash -c 'hs-report < tiny.hs'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "metric             byhand" ]
	run bash -c 'hs-report -f tsv - < tiny.hs'
	[ "${lines[0]}" = "$(printf 'source\tplan')" ]
}

@test "report: GPU utilization and energy appear when the platform has them" {
	# 2 cores idle for 2 s at 10 W, the GPU busy for 2 s at 200 W: 440 J.
	printf '%s\n' 'hs 1' \
		'node n1 cores=2 gpus=1 cpu_busy=100 cpu_idle=10 gpu_busy=200 gpu_idle=20' \
		'task a model=amdahl t1=10 beta=0 gpu_time=2' 'plan a node=n1 gpus=0 start=0 end=2' >gpu.hs
	run hs-report -f tsv gpu.hs
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -qx "$(printf 'gpu_utilization\t1')"
	printf '%s\n' "$output" | grep -qx "$(printf 'energy\t440')"
	run hs-report -f tsv tiny.hs
	! printf '%s\n' "$output" | grep -q '^gpu_utilization'
	! printf '%s\n' "$output" | grep -q '^energy'
}

@test "report: bad input exits 2 naming the file and line" {
	printf 'hs 1\nnode n1 cores=2\ntask a model=amdahl t1=x beta=0\n' >bad.hs
	run hs-report tiny.hs bad.hs
	[ "$status" -eq 2 ]
	[[ $output == "hs-report: bad.hs:3: "* ]]
	printf 'hs 1\nnode n1 cores=2\ntask a model=amdahl t1=1 beta=0\n' >noplan.hs
	run hs-report noplan.hs
	[ "$status" -eq 2 ]
	[ "$output" = "hs-report: noplan.hs: no plan or run records (run hs-plan first)" ]
	printf 'not hs\n' >nohdr.hs
	run hs-report nohdr.hs
	[ "$status" -eq 2 ]
	[[ $output == "hs-report: nohdr.hs:1: "* ]]
	run hs-report -f csv tiny.hs
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-report: option -f: 'csv' must be text or tsv" ]
	[[ ${lines[1]} == "usage: hs-report "* ]]
}
