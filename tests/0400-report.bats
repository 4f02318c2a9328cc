#!/usr/bin/env bats
# hs-report: the layouts of one file and of several files, exactly; stdin;
# the rows that appear only where they apply; bad input.  Metric values on
# more schedules: 0410; formats: 0420; groups: 0430.

load helper

setup() {
	tmp=$(mktemp -d)
	cd "$tmp"
	# One node of 2 cores.  a: 10 s of work on both cores, 0-5; b: 4 s on
	# core 0, 5-9.  makespan 9; busy core-seconds 2*5 + 4 = 14, so
	# utilization 14/(2*9) = 7/9 and idle time 18 - 14 = 4; lower bound
	# max(longest 10/2 = 5, area 14/2 = 7) = 7, ratio 9/7; completions 5 + 9
	# = 14, mean 7.  RUE: both cores used, T_seq = t_a(1) + t_b(1) = 14, so
	# (14/(2*9)) * (14/9)/2 = 49/81.
	printf '%s\n' 'hs 1' 'node n1 cores=2' \
		'task a model=amdahl t1=10 beta=0' 'task b model=amdahl t1=4 beta=0' \
		'plan a node=n1 cores=0-1 start=0 end=5' \
		'plan b node=n1 cores=0 start=5 end=9 after=a' >tiny.hs
}

teardown() {
	cd /
	rm -rf "$tmp"
}

@test "report: tsv of one planned file, exactly: metric, value, source" {
	run hs-report -f tsv tiny.hs
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s\t%s\t%s\n' metric tiny.hs source tasks 2 plan makespan 9 plan \
		lower_bound 7 instance ratio 1.2857142857142858 plan sum_completion 14 plan \
		mean_completion 7 plan utilization 0.7777777777777778 plan idle_time 4 plan \
		rue 0.6049382716049383 plan)" ]
	# 49/81, as computed above
	awk 'BEGIN { exit !(49 / 81 == 0.6049382716049383) }'
}

@test "report: text table of one file, exactly" {
	run hs-report tiny.hs
	[ "$status" -eq 0 ]
	[ "$output" = "metric            tiny.hs  source
tasks                   2  plan
makespan                9  plan
lower_bound             7  instance
ratio             1.28571  plan
sum_completion         14  plan
mean_completion         7  plan
utilization      0.777778  plan
idle_time               4  plan
rue              0.604938  plan" ]
}

@test "report: plan and run: run metrics, the plan's makespan and the errors" {
	# b is planned 6-10 but the replay runs it 5-9 (it waits only for a).
	sed 's/^plan b .*/plan b node=n1 cores=0 start=6 end=10 after=a/' tiny.hs >late.hs
	hs-sim late.hs >run.hs
	run hs-report -f tsv run.hs
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s\t%s\t%s\n' metric run.hs source tasks 2 run makespan 9 run \
		lower_bound 7 instance ratio 1.2857142857142858 run sum_completion 14 run \
		mean_completion 7 run utilization 0.7777777777777778 run idle_time 4 run \
		rue 0.6049382716049383 run killed 0 run failed 0 run planned_makespan 10 plan \
		run_makespan 9 run makespan_diff -1 both mean_end_error 0.5 both)" ]
}

@test "report: several files give one column each, with a header line and a source row" {
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
	[ "${lines[1]}" = "source                plan       run" ]
	[ "${lines[-1]}" = "mean_end_error           -         0" ]
	# -j does not change the output
	[ "$(hs-report -j 1 tiny.hs run.hs tiny.hs)" = "$(hs-report -j 3 tiny.hs run.hs tiny.hs)" ]
}

@test "report: stdin is labelled with the algorithm from the provenance" {
	printf 'prov plan algo=byhand\n' >>tiny.hs
	run bash -c 'hs-report < tiny.hs'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "metric             byhand  source" ]
	run bash -c 'hs-report -f tsv - < tiny.hs'
	[ "${lines[0]}" = "$(printf 'metric\tbyhand\tsource')" ]
	sed '/^prov/d' tiny.hs >noprov.hs
	run bash -c 'hs-report -f tsv < noprov.hs'
	[ "${lines[0]}" = "$(printf 'metric\tstdin\tsource')" ]
	run bash -c 'hs-report - - < tiny.hs'
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-report: standard input ('-') can be read only once" ]
}

@test "report: GPU utilization and energy appear when the platform has them" {
	# 2 cores idle for 2 s at 10 W, the GPU busy for 2 s at 200 W: 440 J.
	printf '%s\n' 'hs 1' \
		'node n1 cores=2 gpus=1 cpu_busy=100 cpu_idle=10 gpu_busy=200 gpu_idle=20' \
		'task a model=amdahl t1=10 beta=0 gpu_time=2' 'plan a node=n1 gpus=0 start=0 end=2' >gpu.hs
	run hs-report -f tsv gpu.hs
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -qx "$(printf 'gpu_utilization\t1\tplan')"
	printf '%s\n' "$output" | grep -qx "$(printf 'gpu_idle_time\t0\tplan')"
	printf '%s\n' "$output" | grep -qx "$(printf 'energy\t440\tplan')"
	run hs-report -f tsv tiny.hs
	! printf '%s\n' "$output" | grep -q '^gpu_utilization'
	! printf '%s\n' "$output" | grep -q '^energy'
	! printf '%s\n' "$output" | grep -q '^mean_waiting'
}

@test "report: --metrics chooses and orders the rows; --list-metrics lists them all" {
	run hs-report -f tsv -m ratio,makespan,energy tiny.hs
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s\t%s\t%s\n' metric tiny.hs source ratio 1.2857142857142858 plan \
		makespan 9 plan energy '' '')" ]
	run hs-report --list-metrics
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 41 ]
	[[ ${lines[0]} == "metric "*"from "*"description" ]]
	[[ ${lines[18]} == "rue "* ]]
	# every metric listed is accepted by --metrics
	for m in $(hs-report --list-metrics -f tsv | tail -n +2 | cut -f1); do
		hs-report -m "$m" tiny.hs >/dev/null
	done
}

@test "report: bad input exits 2 naming the file and line" {
	printf 'hs 1\nnode n1 cores=2\ntask a model=amdahl t1=x beta=0\n' >bad.hs
	run hs-report tiny.hs bad.hs
	[ "$status" -eq 2 ]
	[[ $output == "hs-report: bad.hs:3: "* ]]
	# the first bad file stops the report, whatever -j
	run hs-report -j 4 bad.hs tiny.hs nohdr.hs
	[ "$status" -eq 2 ]
	[[ ${lines[0]} == "hs-report: bad.hs:3: "* ]]
	[ "${#lines[@]}" -eq 1 ]
	printf 'hs 1\nnode n1 cores=2\ntask a model=amdahl t1=1 beta=0\n' >noplan.hs
	run hs-report noplan.hs
	[ "$status" -eq 2 ]
	[ "$output" = "hs-report: noplan.hs: no plan or run records (run hs-plan first)" ]
	printf 'not hs\n' >nohdr.hs
	run hs-report nohdr.hs
	[ "$status" -eq 2 ]
	[[ $output == "hs-report: nohdr.hs:1: "* ]]
	run hs-report missing.hs
	[ "$status" -eq 2 ]
	[ "$output" = "hs-report: missing.hs: No such file or directory" ]
}

@test "report: bad options exit 2 with the usage line" {
	for args in "-f xml" "-m nosuch" "--stats mean,mode" "--plot makespan" "--x n" \
		"--plot source --x n" "-f svg" "--gantt --plot makespan --x n" "--relative-to taskp" \
		"--bundle out.zip" "--color red" "--by ,"; do
		run hs-report $args tiny.hs
		echo "$args: $status: $output"
		[ "$status" -eq 2 ]
		[[ ${lines[0]} == "hs-report: "* ]]
		[[ ${lines[1]} == "usage: hs-report "* ]]
	done
	for args in "--edn 0.5" "--bsld-tau -1" "-j 0" "--width 5"; do
		run hs-report $args tiny.hs
		echo "$args: $status: $output"
		[ "$status" -eq 2 ]
		[[ ${lines[0]} == "hs-report: option "*" must be "* ]]
	done
	run hs-report -f xml tiny.hs
	[ "${lines[0]}" = "hs-report: option -f: 'xml' must be one of text|tsv|csv|json|md|svg|batsim-jobs" ]
	run hs-report -m makespan,nosuch tiny.hs
	[ "${lines[0]}" = "hs-report: option --metrics: unknown metric 'nosuch' (see --list-metrics)" ]
	run hs-report --gantt tiny.hs tiny.hs
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-report: --gantt shows one file, not 2" ]
	run hs-report -f batsim-jobs tiny.hs tiny.hs
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-report: -f batsim-jobs shows one file, not 2" ]
}
