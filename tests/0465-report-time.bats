#!/usr/bin/env bats
# hs-report --plot-time: quantities over time on hand-made streams, their
# integrals against the metrics, groups, formats and errors.

load helper

setup() {
	tmp=$(mktemp -d)
	cd "$tmp"
	# 5 cores (2 W idle, 10 W busy), 2 GPUs (20 W, 100 W); see
	# tests/unit/test_timeline.c for every breakpoint by hand.
	printf '%s\n' 'hs 1' 'prov gen tool=hand seed=1' 'prov plan algo=byhand' \
		'node a cores=4 cpu_busy=10 cpu_idle=2' \
		'node g cores=1 gpus=2 cpu_busy=10 cpu_idle=2 gpu_busy=100 gpu_idle=20' \
		'task t1 model=rigid size=2 time=4' 'task t2 model=rigid size=2 time=4 release=1' \
		'task t3 model=gpu gpu_time=2' 'task t4 model=rigid size=1 time=2 release=5' \
		'task t5 model=rigid size=1 time=0' \
		'plan t1 node=a cores=0-1 start=0 end=4' 'plan t2 node=a cores=2-3 start=2 end=6' \
		'plan t3 node=g cores= gpus=0 start=1 end=3' 'plan t4 node=a cores=0 start=6 end=8' \
		'plan t5 node=g cores=0 start=3 end=3' >hand.hs
}

teardown() {
	cd /
	rm -rf "$tmp"
}

# integral FILE: the mean over the window of the value column ($3) of a
# --plot-time tsv of one file.
integral() {
	awk -F'\t' 'NR > 1 { if (n++) s += v * ($2 - t); else t0 = $2; t = $2; v = $3 }
		END { printf "%.12g\n", s / (t - t0) }' "$1"
}

@test "time: utilization of cores and GPUs, breakpoint by breakpoint" {
	run hs-report -f tsv --plot-time utilization hand.hs
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s\n' 'file	time	utilization	gpu_utilization' \
		'hand.hs	0	0.4	0' 'hand.hs	1	0.4	0.5' 'hand.hs	2	0.8	0.5' 'hand.hs	3	0.8	0' \
		'hand.hs	4	0.4	0' 'hand.hs	6	0.2	0' 'hand.hs	8	0	0')" ]
}

@test "time: queue, running and power" {
	run hs-report -f tsv --plot-time queue hand.hs
	[ "$output" = "$(printf '%s\n' 'file	time	queue' 'hand.hs	0	2' 'hand.hs	2	1' 'hand.hs	3	0' \
		'hand.hs	5	1' 'hand.hs	6	0' 'hand.hs	8	0')" ]
	run hs-report -f tsv --plot-time running hand.hs
	[ "$output" = "$(printf '%s\n' 'file	time	running' 'hand.hs	0	1' 'hand.hs	1	2' 'hand.hs	2	3' \
		'hand.hs	3	2' 'hand.hs	4	1' 'hand.hs	8	0')" ]
	run hs-report -f csv --plot-time power hand.hs
	[ "$output" = "$(printf '%s\n' 'file,time,power' 'hand.hs,0,66' 'hand.hs,1,146' 'hand.hs,2,162' \
		'hand.hs,3,82' 'hand.hs,4,66' 'hand.hs,6,58' 'hand.hs,8,50')" ]
}

@test "time: utilization over time integrates to the utilization metric, power to energy" {
	hs-report -f tsv --plot-time utilization hand.hs >u.tsv
	[ "$(integral u.tsv)" = 0.45 ]
	[ "$(integral u.tsv)" = "$(hs-report -f tsv -m utilization hand.hs | awk -F'\t' 'NR == 2 { printf "%.12g\n", $2 }')" ]
	hs-report -f tsv --plot-time power hand.hs >p.tsv
	[ "$(awk -F'\t' 'NR > 1 { if (n++) s += v * ($2 - t); t = $2; v = $3 } END { print s }' p.tsv)" = 704 ]
	[ "$(hs-report -f tsv -m energy hand.hs | awk -F'\t' 'NR == 2 { print $2 }')" = 704 ]
	# and on generated schedules, simulated with walltimes and communication
	for a in taskp datap-ef; do
		hs-gen ptask -n 60 --fcomm 1e6 --lt 1h --ut 3h --platform dutot-hetero --seed 5 |
			hs-plan -a $a | hs-sim >$a.hs
		hs-report -f tsv --plot-time utilization $a.hs >$a.tsv
		want=$(hs-report -f tsv -m utilization $a.hs | awk -F'\t' 'NR == 2 { print $2 }')
		got=$(integral $a.tsv)
		echo "$a: $got against $want"
		awk -v a="$got" -v b="$want" 'BEGIN { d = a - b; exit !(d < 1e-9 && d > -1e-9) }'
	done
}

@test "time: the queue counts from the release dates, the run records when there are some" {
	# the run of hand.hs, each task 1 s later than planned
	awk '{ print } $1 == "plan" { sub(/^plan/, "run"); for (i = 3; i <= NF; i++)
		if ($i ~ /^(start|end)=/) { split($i, kv, "="); $i = kv[1] "=" kv[2] + 1 }
		print $0, "state=done" }' hand.hs >run.hs
	[ "$(hs-report -f tsv --plot-time queue run.hs | tail -n +2 | cut -f2- | tr '\t\n' ' ;')" = \
		"0 3;2 2;3 1;4 0;5 1;7 0;9 0;" ]
	[ "$(hs-report -f tsv --plot-time queue hand.hs | tail -n +2 | cut -f2- | tr '\t\n' ' ;')" = \
		"0 2;2 1;3 0;5 1;6 0;8 0;" ]
}

@test "time: one line per file, or per --by group the mean of its files" {
	sed 's/^prov plan algo=byhand/prov plan algo=other/; s/start=6 end=8/start=10 end=12/' hand.hs >other.hs
	run hs-report -f tsv --plot-time running hand.hs other.hs
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | cut -f1 | sort | uniq -c | awk '{ print $1, $2 }' | tr '\n' ';')" = \
		"1 file;6 hand.hs;8 other.hs;" ]
	run hs-report -f tsv --plot-time running --by algo hand.hs other.hs
	[ "${lines[0]}" = "algo	time	running" ]
	cp hand.hs hand2.hs
	# two files of one group: their mean at every instant
	run hs-report -f tsv --plot-time running --by plan.algo hand.hs other.hs hand2.hs
	printf '%s\n' "$output" | grep -qx 'byhand	8	0'
	run hs-report -f tsv --plot-time running --by gen.seed hand.hs other.hs
	[ "$(printf '%s\n' "$output" | tail -n +2 | cut -f2- | tr '\t\n' ' ;')" = \
		"0 1;1 2;2 3;3 2;4 1;6 0.5;8 0;10 0.5;12 0;" ]
}

@test "time: the figure: step lines, time unit, utilization from 0 to 1, a legend per file" {
	hs-report --plot-time utilization hand.hs >u.svg
	xmllint --noout u.svg
	# cores and GPUs of one file: two lines, labelled cores and GPUs
	[ "$(xmllint --xpath 'count(//*[local-name()="path" and @class="line step"])' u.svg)" = 2 ]
	[ "$(xmllint --xpath 'string(//*[local-name()="g" and @class="series"][2]/@data-label)' u.svg)" = GPUs ]
	xmllint --xpath '//*[local-name()="text"]/text()' u.svg | grep -qx 'time (s)'
	xmllint --xpath '//*[local-name()="text"]/text()' u.svg | grep -qx '1.0'
	# hours on demand, labels and range given
	hs-report --plot-time queue --time-unit h --ylabel 'jobs waiting' --ymax 10 --title Q hand.hs >q.svg
	xmllint --xpath '//*[local-name()="text"]/text()' q.svg | grep -qx 'time (h)'
	xmllint --xpath '//*[local-name()="text"]/text()' q.svg | grep -qx 'jobs waiting'
	[ "$(xmllint --xpath 'count(//*[local-name()="clipPath"])' q.svg)" = 1 ]
	# two files: a legend of their names; --width and --height
	cp hand.hs b.hs
	hs-report --plot-time running --width 800 --height 300 hand.hs b.hs >r.svg
	[ "$(xmllint --xpath 'concat(/*/@width, "x", /*/@height)' r.svg)" = 800x300 ]
	[ "$(xmllint --xpath 'count(//*[local-name()="g" and @class="legend"]/*[local-name()="text"])' r.svg)" = 2 ]
	# into a bundle, with the table in three formats
	hs-report --plot-time queue --bundle t.tar.gz hand.hs >/dev/null
	[ "$(tar xzOf t.tar.gz report.tsv)" = "$(hs-report -f tsv --plot-time queue hand.hs)" ]
	tar tzf t.tar.gz | grep -qx plot.svg
}

@test "time: bad values and combinations exit 2 with a message" {
	run hs-report --plot-time busy hand.hs
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-report: option --plot-time: 'busy' must be utilization, queue, running or power" ]
	run hs-report --plot-time queue --gantt hand.hs
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-report: --gantt, --plot and --plot-time draw different figures: choose one" ]
	run hs-report --plot-time queue --stats mean hand.hs
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-report: --plot-time takes --by, not --stats or --relative-to [KEY=]VALUE" ]
	run hs-report --plot-time queue --time-unit weeks hand.hs
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-report: option --time-unit: 'weeks' must be auto, s, min, h or d" ]
	run hs-report --plot-time queue --ymin 5 --ymax 1 hand.hs
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-report: --ymin must be below --ymax" ]
	run hs-report --plot-time queue --ymax x hand.hs
	[ "$status" -eq 2 ]
	[[ ${lines[0]} == "hs-report: option --ymax: "* ]]
	sed 's/ cpu_busy=10 cpu_idle=2//; s/ gpu_busy=100 gpu_idle=20//' hand.hs >nopower.hs
	run hs-report --plot-time power nopower.hs
	[ "$status" -eq 2 ]
	[ "$output" = "hs-report: --plot-time power: no input has power figures (node cpu_busy=, cpu_idle=, gpu_busy=, gpu_idle=)" ]
	run hs-report --plot-time queue --by nosuchkey hand.hs
	[ "$status" -eq 2 ]
	[ "$output" = "hs-report: --by: no input has the provenance key 'nosuchkey'" ]
}
