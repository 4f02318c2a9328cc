#!/usr/bin/env bats
# hs-report --relative-to FILE: runs compared job by job with a baseline run
# (issue 26: a real run against the simulated one), on hand-made streams
# whose differences are computed here; the per-job table, formats, figures,
# the rule that tells a file from [KEY=]VALUE, bad input, and hs-sim's fcfs
# against easy on one workload.

load helper

# stream FILE RELEASE_C "a START END CORE" "b ..." "c ...": one node of 4
# cores, three rigid one-core 10 s jobs a, b, c (c released at RELEASE_C)
# and a run record per line given.
stream() {
	local f=$1 rc=$2
	shift 2
	printf '%s\n' 'hs 1' 'node n1 cores=4' 'task a model=rigid size=1 time=10' \
		'task b model=rigid size=1 time=10' "task c model=rigid size=1 time=10 release=$rc" >"$f"
	for j in "$@"; do
		set -- $j
		echo "run $1 node=n1 cores=$4 start=$2 end=$3 state=done" >>"$f"
	done
}

setup() {
	tmp=$(mktemp -d)
	cd "$tmp"
	# The baseline: a, b at 0 on cores 0, 1; c at its release 2 on core 2.
	stream base.hs 2 "a 0 10 0" "b 0 10 1" "c 2 12 2"
	# The run: a, b, c start 1, 2, 4 s later (b on core 3, not 1); c is
	# released at 3, so its wait is 3 s longer, not 4.  Differences of
	# starts and ends {1, 2, 4}: median 2, mean 7/3; 95th percentile of the
	# absolute ones at rank 0.95 * 2 = 1.9, 2 + 0.9 * (4 - 2) = 3.8; max 4
	# (c).  Waits {1, 2, 3}: median 2, mean 2, 2 + 0.9 * 1 = 2.9, max 3
	# (c).  Makespans 12 and 16: relative error 1/3.
	stream real.hs 3 "a 1 11 0" "b 2 12 3" "c 6 16 2"
}

teardown() {
	cd /
	rm -rf "$tmp"
}

@test "compare: the summary of a run against its baseline, exactly" {
	run hs-report -f tsv --relative-to base.hs real.hs
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s\t%s\n' measure real.hs baseline base.hs jobs 3 only_baseline 0 \
		only_file 0 \
		start_diff.median 2 start_diff.mean 2.3333333333333335 start_diff.p95_abs 3.8 \
		start_diff.max_abs 4 start_diff.max_job c \
		end_diff.median 2 end_diff.mean 2.3333333333333335 end_diff.p95_abs 3.8 \
		end_diff.max_abs 4 end_diff.max_job c \
		wait_diff.median 2 wait_diff.mean 2 wait_diff.p95_abs 2.9 \
		wait_diff.max_abs 3 wait_diff.max_job c \
		makespan_baseline 12 makespan 16 makespan_rel_error 0.3333333333333333 \
		other_resources 1 inverted_pairs 0)" ]
	# 7/3 and 1/3 as computed above
	awk 'BEGIN { exit !(7 / 3 == 2.3333333333333335 && 1 / 3 == 0.3333333333333333) }'
}

@test "compare: text by default; a column per file, the baseline against itself is all 0" {
	run hs-report --relative-to base.hs real.hs base.hs
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "measure              real.hs  base.hs" ]
	[ "${lines[1]}" = "baseline             base.hs  base.hs" ]
	[ "${lines[6]}" = "start_diff.mean      2.33333        0" ]
	[ "${lines[22]}" = "makespan_rel_error  0.333333        0" ]
	[ "${#lines[@]}" -eq 25 ]
	# json: an object per file, as the other tables of files
	run hs-report -f json --relative-to base.hs real.hs base.hs
	[ "$status" -eq 0 ]
	[[ ${lines[1]} == '  {"file": "real.hs", "baseline": "base.hs", "jobs": 3, '*'"start_diff.max_job": "c", '*'"inverted_pairs": 0},' ]]
	[[ ${lines[2]} == '  {"file": "base.hs", '*'"makespan_rel_error": 0, '* ]]
	run hs-report -f csv --relative-to base.hs real.hs
	[ "${lines[7]}" = "start_diff.p95_abs,3.8" ]
	run hs-report -f md --relative-to base.hs real.hs
	[ "${lines[1]}" = "| --- | ---: |" ]
}

@test "compare: --per-job, a row per job by baseline start" {
	run hs-report -f tsv --per-job --relative-to base.hs real.hs
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s\n' \
		'file	id	release	start_base	start	end_base	end	start_diff	end_diff	wait_diff	other_resources' \
		'real.hs	a	0	0	1	10	11	1	1	1	0' \
		'real.hs	b	0	0	2	10	12	2	2	2	1' \
		'real.hs	c	2	2	6	12	16	4	4	3	0')" ]
	run hs-report --per-job --relative-to base.hs real.hs
	[ "${lines[0]}" = "file     id  release  start_base  start  end_base  end  start_diff  end_diff  wait_diff  other_resources" ]
	run hs-report --per-job real.hs
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-report: --per-job needs --relative-to FILE and a table format" ]
}

@test "compare: jobs started in the other order are counted as pairs" {
	# c before a and b: 2 pairs the other way round; a and b tie.
	stream swap.hs 2 "a 5 15 0" "b 5 15 1" "c 2 12 2"
	run hs-report -f tsv --relative-to base.hs swap.hs
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -qx "$(printf 'inverted_pairs\t2')"
	printf '%s\n' "$output" | grep -qx "$(printf 'other_resources\t0')"
	# ties in the file are no inversion
	stream tie.hs 2 "a 2 12 0" "b 2 12 1" "c 2 12 2"
	run hs-report -f tsv --relative-to base.hs tie.hs
	printf '%s\n' "$output" | grep -qx "$(printf 'inverted_pairs\t0')"
}

@test "compare: jobs in one file only are counted and named in a warning" {
	# c is not in the run; d is not in the baseline
	stream part.hs 2 "a 1 11 0" "b 2 12 3"
	echo 'task d model=rigid size=1 time=1' >>part.hs
	echo 'run d node=n1 cores=0 start=20 end=21 state=done' >>part.hs
	run hs-report -f tsv --relative-to base.hs part.hs
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "hs-report: part.hs: warning: 1 job only in the baseline base.hs (c) and 1 only in part.hs (d): left out of the comparison (jobs are matched by task id)" ]
	printf '%s\n' "$output" | grep -qx "$(printf 'jobs\t2')"
	printf '%s\n' "$output" | grep -qx "$(printf 'only_baseline\t1')"
	printf '%s\n' "$output" | grep -qx "$(printf 'only_file\t1')"
	printf '%s\n' "$output" | grep -qx "$(printf 'start_diff.mean\t1.5')"
	# a task without a run record is no job (a run stopped early)
	stream stopped.hs 2 "a 1 11 0" "b 2 12 3"
	run hs-report -f tsv --relative-to base.hs stopped.hs
	[ "${lines[0]}" = "hs-report: stopped.hs: warning: 1 job only in the baseline base.hs (c) and 0 only in stopped.hs: left out of the comparison (jobs are matched by task id)" ]
}

@test "compare: the rule: FILE without --by, KEY=VALUE, VALUE with --by; ambiguity refused" {
	# standard input is the file compared without FILE, or the baseline as -
	run bash -c 'hs-report -f tsv --relative-to base.hs <real.hs'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "$(printf 'measure\tstdin')" ]
	run bash -c 'hs-report -f tsv --relative-to - real.hs <base.hs'
	[ "${lines[1]}" = "$(printf 'baseline\tstdin')" ]
	run hs-report --relative-to nosuch.hs real.hs
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-report: option --relative-to: 'nosuch.hs': no such file (a baseline VALUE needs --by, or give KEY=VALUE)" ]
	run hs-report --relative-to . real.hs
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-report: option --relative-to: '.' is a directory, not a run" ]
	cp base.hs 'algo=x'
	run hs-report --relative-to 'algo=x' real.hs
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-report: option --relative-to: 'algo=x' is both KEY=VALUE and a file: write ./algo=x for the file" ]
	run hs-report -f tsv --relative-to './algo=x' real.hs
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "$(printf 'baseline\t./algo=x')" ]
	# with --by, a VALUE of its key as before; a file of that name is hinted at
	run hs-report --by algo --relative-to base.hs real.hs
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-report: --by: no input has the provenance key 'algo'" ]
	run hs-report --by file --relative-to base.hs real.hs
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-report: --relative-to: no input has file=base.hs (a file of that name is a baseline run only without --by)" ]
	run hs-report --by file --relative-to base.hs real.hs base.hs
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -q '^base\.hs  *1  *1  *1 '
}

@test "compare: options that do not apply are usage errors" {
	for o in "-m makespan" "--stats mean" "--gantt" "-f batsim-jobs" "--plot makespan --x n"; do
		run hs-report $o --relative-to base.hs real.hs
		echo "$o: $output"
		[ "$status" -eq 2 ]
		[ "${lines[0]}" = "hs-report: --relative-to FILE compares runs job by job: it takes no -m, --stats, --plot, --gantt or -f batsim-jobs" ]
	done
}

@test "compare: bad input: no run records, no common job, not a stream: exit 2 with file and line" {
	sed 's/^run/plan/; s/ state=done//' base.hs >plan.hs
	run hs-report --relative-to plan.hs real.hs
	[ "$status" -eq 2 ]
	[ "$output" = "hs-report: plan.hs: no run records to compare (--relative-to FILE compares runs: hs-sim's, hs-exec's)" ]
	run hs-report --relative-to base.hs plan.hs
	[ "$status" -eq 2 ]
	[ "$output" = "hs-report: plan.hs: no run records to compare (--relative-to FILE compares runs: hs-sim's, hs-exec's)" ]
	sed 's/^\(task\|run\) \([abc]\) /\1 x\2 /' real.hs >other.hs
	run hs-report --relative-to base.hs other.hs
	[ "$status" -eq 2 ]
	[ "$output" = "hs-report: other.hs: no job in common with the baseline base.hs (jobs are matched by task id)" ]
	printf 'hs 1\nnode n1 cores=4\nwhat is this\n' >bad.hs
	run hs-report --relative-to bad.hs real.hs
	[ "$status" -eq 2 ]
	[[ ${lines[0]} == "hs-report: bad.hs:3: "* ]]
	run hs-report --relative-to base.hs bad.hs
	[ "$status" -eq 2 ]
	[[ ${lines[0]} == "hs-report: bad.hs:3: "* ]]
	# nothing on stdout
	[ -z "$(hs-report --relative-to base.hs other.hs 2>/dev/null)" ]
}

@test "compare: --plot-time draws the baseline and each run as labelled lines of one figure" {
	run hs-report -f tsv --plot-time running --relative-to base.hs real.hs
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s\n' 'file	time	running' 'base.hs	0	2' 'base.hs	2	3' \
		'base.hs	10	1' 'base.hs	12	0' 'real.hs	0	0' 'real.hs	1	1' 'real.hs	2	2' \
		'real.hs	6	3' 'real.hs	11	2' 'real.hs	12	1' 'real.hs	16	0')" ]
	for q in utilization queue running; do
		hs-report --plot-time $q --relative-to base.hs real.hs >t.svg
		xmllint --noout t.svg
		[ "$(xmllint --xpath 'count(//*[local-name()="path" and @class="line step"])' t.svg)" = 2 ]
		[ "$(xmllint --xpath 'string(//*[local-name()="g" and @class="series"][1]/@data-label)' t.svg)" = base.hs ]
		[ "$(xmllint --xpath 'string(//*[local-name()="g" and @class="series"][2]/@data-label)' t.svg)" = real.hs ]
	done
}

@test "compare: -f svg plots the start differences against the baseline's starts" {
	stream late.hs 2 "a 3 13 0" "b 0 10 1" "c 2 12 2"
	hs-report -f svg --relative-to base.hs real.hs late.hs >d.svg
	xmllint --noout d.svg
	[ "$(xmllint --xpath 'count(//*[local-name()="g" and @class="series"])' d.svg)" = 2 ]
	[ "$(xmllint --xpath 'string(//*[local-name()="g" and @class="series"][2]/@data-label)' d.svg)" = late.hs ]
	xmllint --xpath '//*[local-name()="text"]/text()' d.svg | grep -qx 'start in base.hs (s)'
	xmllint --xpath '//*[local-name()="text"]/text()' d.svg | grep -qx 'start difference to base.hs (s)'
	# a bundle holds the tables, the figure and both inputs
	hs-report -f svg --relative-to base.hs --bundle b.tar real.hs >/dev/null
	[ "$(tar tf b.tar | sort | tr '\n' ' ')" = "MANIFEST inputs/base.hs inputs/real.hs plot.svg report.json report.tsv report.txt " ]
	tar xf b.tar report.tsv
	grep -qx "$(printf 'start_diff.max_job\tc')" report.tsv
}

@test "compare: hs-sim -a easy against -a fcfs of one workload" {
	# hs-backfill(7)'s example: FCFS runs j3 at 20 on h1,h2; EASY at 0 on
	# h3,h4 beside j1.  Start differences {0, 0, -20}: median 0, mean
	# -20/3, 95th percentile of the absolute ones 0 + 0.9 * 20 = 18, max
	# 20 (j3); makespans 30 and 20; j3 on other nodes; j2 and j3 swapped.
	printf '%s\n' 'hs 1' 'cluster c bw=1e9 lat=0' 'node h1 cluster=c cores=1' \
		'node h2 cluster=c cores=1' 'node h3 cluster=c cores=1' 'node h4 cluster=c cores=1' \
		'task j1 model=rigid size=2 time=10 walltime=100 scope=any' \
		'task j2 model=rigid size=4 time=10 walltime=10 scope=any' \
		'task j3 model=rigid size=2 time=10 walltime=10 scope=any' >four.hs
	hs-sim -a fcfs four.hs >fcfs.hs
	hs-sim -a easy four.hs >easy.hs
	run hs-report -f tsv --relative-to fcfs.hs easy.hs
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s\t%s\n' measure easy.hs baseline fcfs.hs jobs 3 only_baseline 0 \
		only_file 0 \
		start_diff.median 0 start_diff.mean -6.666666666666667 start_diff.p95_abs 18 \
		start_diff.max_abs 20 start_diff.max_job j3 \
		end_diff.median 0 end_diff.mean -6.666666666666667 end_diff.p95_abs 18 \
		end_diff.max_abs 20 end_diff.max_job j3 \
		wait_diff.median 0 wait_diff.mean -6.666666666666667 wait_diff.p95_abs 18 \
		wait_diff.max_abs 20 wait_diff.max_job j3 \
		makespan_baseline 30 makespan 20 makespan_rel_error -0.3333333333333333 \
		other_resources 1 inverted_pairs 1)" ]
}

@test "compare: hs-sim -a easy against -a fcfs of a trace: all matched, the table agrees" {
	hs-gen ptask -n 200 --swf "$SHARED/data/traces/HPC2N-2002-2.2-cln.first3171.swf" --lt 1m \
		--release trace --platform homogeneous:nodes=8,cores=2 >w.hs
	hs-sim -a fcfs w.hs >f.hs
	hs-sim -a easy w.hs >e.hs
	# both runs are valid: no warning of their own
	[ -z "$(hs-report f.hs e.hs 2>&1 >/dev/null)" ]
	run hs-report -f tsv --relative-to f.hs e.hs
	[ "$status" -eq 0 ]
	[[ "$output" != *warning* ]]
	[ "${lines[2]}" = "$(printf 'jobs\t200')" ]
	[ "${lines[3]}" = "$(printf 'only_baseline\t0')" ]
	[ "${lines[4]}" = "$(printf 'only_file\t0')" ]
	mean=$(printf '%s\n' "$output" | awk -F'\t' '$1 == "start_diff.mean" { print $2 }')
	# they differ: EASY starts jobs earlier on average, some elsewhere
	awk -v m="$mean" 'BEGIN { exit !(m < 0) }'
	printf '%s\n' "$output" | awk -F'\t' '$1 == "other_resources" { exit !($2 > 0) }'
	# the per-job table gives the same mean, and the same largest difference
	run hs-report -f tsv --per-job --relative-to f.hs e.hs
	[ "${#lines[@]}" -eq 201 ]
	printf '%s\n' "$output" | awk -F'\t' -v m="$mean" 'NR > 1 { s += $8 }
		END { d = s / 200 - m; exit !(d < 1e-6 && d > -1e-6) }'
	# the makespans are those of the metrics
	[ "$(hs-report -f tsv --relative-to f.hs e.hs | awk -F'\t' '$1 == "makespan" { print $2 }')" = \
		"$(hs-report -f tsv -m makespan e.hs | awk -F'\t' 'NR == 2 { print $2 }')" ]
}
