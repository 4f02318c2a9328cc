#!/usr/bin/env bats
# hs-report --by, --stats, --relative-to: groups of files, their statistics
# computed by hand, baselines on the same instance.

load helper

setup() {
	tmp=$(mktemp -d)
	cd "$tmp"
	# mk ALGO N SEED T: a one-task plan with makespan T, provenance
	# gen n=N seed=S and plan algo=ALGO (the instance records are the same
	# everywhere; the provenance says which instance it is).
	mk() {
		printf '%s\n' 'hs 1' "prov gen tool=hand gen=one n=$2 seed=$3" \
			"prov plan tool=hand algo=$1" 'node n1 cores=1' 'task a model=rigid size=1 time=1' \
			"plan a node=n1 cores=0 start=$(($4 - 1)) end=$4" >"$1-$2-$3.hs"
	}
	#        n=1: seeds 1 2 3   n=10: seeds 1 2
	# base:        10 20 30           40 60
	# fast:         5 10 30           20 30   (relative: 0.5 0.5 1, 0.5 0.5)
	mk base 1 1 10; mk base 1 2 20; mk base 1 3 30; mk base 10 1 40; mk base 10 2 60
	mk fast 1 1 5; mk fast 1 2 10; mk fast 1 3 30; mk fast 10 1 20; mk fast 10 2 30
}

teardown() {
	cd /
	rm -rf "$tmp"
}

@test "groups: --by gives one row per group with the mean, numbers sorted by value" {
	run hs-report -f tsv --by algo -m makespan *.hs
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s\t%s\t%s\n' algo files makespan base 5 32 fast 5 19)" ]
	run hs-report -f tsv --by algo,n -m makespan,tasks *.hs
	[ "$output" = "$(printf '%s\t%s\t%s\t%s\t%s\n' algo n files makespan tasks \
		base 1 3 20 1 base 10 2 50 1 fast 1 3 15 1 fast 10 2 25 1)" ]
	# text: keys left-aligned, values right-aligned
	run hs-report --by n,algo -m makespan *.hs
	[ "${lines[0]}" = "n   algo  files  makespan" ]
	[ "${lines[1]}" = "1   base      3        20" ]
	[ "${lines[4]}" = "10  fast      2        25" ]
}

@test "groups: --stats mean, median, min, max, sd, ci95 and n by hand" {
	run hs-report -f tsv --by algo,n --stats mean,median,min,max,sd,ci95,n -m makespan fast-1-*.hs
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "$(printf 'algo\tn\tfiles\tmakespan.mean\tmakespan.median\tmakespan.min\tmakespan.max\tmakespan.sd\tmakespan.ci95\tmakespan.n')" ]
	# 5 10 30: mean 15, median 10, sd sqrt((100 + 25 + 225) / 2) = sqrt(175),
	# ci95 = t(0.975, 2) sqrt(175) / sqrt(3)
	IFS=$'\t' read -r a n f mean med min max sd ci cnt <<<"${lines[1]}"
	[ "$a $n $f $mean $med $min $max $cnt" = "fast 1 3 15 10 5 30 3" ]
	awk -v sd="$sd" -v ci="$ci" 'BEGIN {
		s = sqrt(175); c = 4.30265272975 * s / sqrt(3)
		exit !(sd == s && (ci - c) ^ 2 < 1e-18) }'
	# even n: the median is the mean of the middle two; one file: no sd
	run hs-report -f tsv --by algo --stats median,sd -m makespan base-10-*.hs base-1-1.hs
	IFS=$'\t' read -r a f med sd <<<"${lines[1]}"
	[ "$a $f $med" = "base 3 40" ]
	# sqrt(((10 - 110/3)^2 + (40 - 110/3)^2 + (60 - 110/3)^2) / 2)
	awk -v sd="$sd" 'BEGIN { exit !((sd - 25.166114784235834) ^ 2 < 1e-26) }'
	run hs-report -f tsv --by algo --stats median,sd -m makespan base-10-1.hs base-1-1.hs
	[ "${lines[1]}" = "$(printf 'base\t2\t25\t21.213203435596427')" ]
	run hs-report -f tsv --stats mean,sd,ci95 -m makespan base-1-1.hs
	[ "${lines[1]}" = "$(printf '1\t10\tnan\tnan')" ]
}

@test "groups: --stats without --by summarises all files; statistics match python's" {
	run hs-report -f tsv --stats n,mean,median,sd -m makespan *.hs
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "$(printf 'files\tmakespan.n\tmakespan.mean\tmakespan.median\tmakespan.sd')" ]
	python3 - "${lines[1]}" <<'EOF'
import statistics, sys
v = [10, 20, 30, 40, 60, 5, 10, 30, 20, 30]
f = sys.argv[1].split("\t")
assert f[0] == "10" and f[1] == "10", f
assert abs(float(f[2]) - statistics.mean(v)) < 1e-12
assert float(f[3]) == statistics.median(v)
assert abs(float(f[4]) - statistics.stdev(v)) < 1e-12, (f, statistics.stdev(v))
EOF
}

@test "groups: --relative-to divides by the baseline on the same instance" {
	run hs-report -f tsv --by algo --relative-to base -m makespan *.hs
	[ "$status" -eq 0 ]
	# fast: 0.5 0.5 1 0.5 0.5
	[ "$output" = "$(printf '%s\t%s\t%s\n' algo files makespan base 5 1 fast 5 0.6)" ]
	run hs-report -f tsv --by algo,n --relative-to base -m makespan --stats mean,min,max *.hs
	[ "${lines[3]}" = "$(printf 'fast\t1\t3\t0.6666666666666666\t0.5\t1')" ]
	[ "${lines[4]}" = "$(printf 'fast\t10\t2\t0.5\t0.5\t0.5')" ]
	# KEY=VALUE names the key; --by may be another key
	run hs-report -f tsv --by n --relative-to algo=fast -m makespan *.hs
	# n=1: base 2 2 1, fast 1 1 1 -> 8/6; n=10: base 2 2, fast 1 1 -> 1.5
	[ "$output" = "$(printf '%s\t%s\t%s\n' n files makespan 1 6 1.3333333333333333 10 4 1.5)" ]
	# the key may name the stage
	run hs-report -f tsv --by plan.algo --relative-to base -m makespan *.hs
	[ "${lines[2]}" = "$(printf 'fast\t5\t0.6')" ]
}

@test "groups: a file without a baseline on its instance is left out, with a warning" {
	mk fast 1 4 7
	run hs-report -f tsv --by algo,n --relative-to base -m makespan *.hs
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "hs-report: warning: 1 of 11 inputs have no algo=base on the same instance: left out of the relative values" ]
	[ "${lines[4]}" = "$(printf 'fast\t1\t4\t0.6666666666666666')" ]
	# a group whose files all lack a baseline: the metric is nan
	run hs-report -f tsv --by algo,seed --relative-to base -m makespan fast-1-4.hs base-1-1.hs
	[ "${lines[-1]}" = "$(printf 'fast\t4\t1\tnan')" ]
}

@test "groups: without prov gen, the instance is its platform and task records" {
	for f in base-1-1 fast-1-1; do grep -v '^prov gen' $f.hs >ng-$f.hs; done
	# another instance: the task is longer
	sed 's/time=1/time=2/; s/start=4/start=3/' ng-fast-1-1.hs >ng-other.hs
	run hs-report -f tsv --by algo --relative-to base -m makespan ng-base-1-1.hs ng-fast-1-1.hs ng-other.hs
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "hs-report: warning: 1 of 3 inputs have no algo=base on the same instance: left out of the relative values" ]
	[ "${lines[-1]}" = "$(printf 'fast\t2\t0.5')" ]
}

@test "groups: missing keys, the file key, keys no file has" {
	# a file without algo joins the group -
	grep -v '^prov plan' base-1-1.hs >noalgo.hs
	run hs-report -f tsv --by algo -m makespan base-1-2.hs noalgo.hs
	[ "$output" = "$(printf '%s\t%s\t%s\n' algo files makespan base 1 20 '' 1 10)" ]
	run hs-report --by algo -m makespan base-1-2.hs noalgo.hs
	[ "${lines[2]}" = "-         1        10" ]
	# file: one row per file
	run hs-report -f tsv --by file -m makespan base-1-1.hs fast-1-1.hs
	[ "$output" = "$(printf '%s\t%s\t%s\n' file files makespan base-1-1.hs 1 10 fast-1-1.hs 1 5)" ]
	run hs-report --by nosuchkey base-1-1.hs
	[ "$status" -eq 2 ]
	[ "$output" = "hs-report: --by: no input has the provenance key 'nosuchkey'" ]
	run hs-report --by algo --relative-to nosuch base-1-1.hs
	[ "$status" -eq 2 ]
	[ "$output" = "hs-report: --relative-to: no input has algo=nosuch" ]
}

@test "groups: --plot needs numeric x values and a metric some file has" {
	sed 's/ n=1 / n=one /' base-1-1.hs >bad-x.hs
	run hs-report --plot makespan --x n base-1-2.hs bad-x.hs
	[ "$status" -eq 2 ]
	[ "$output" = "hs-report: bad-x.hs: --x n: 'one' is not a number" ]
	run hs-report --plot makespan --x nosuch base-1-2.hs
	[ "$status" -eq 2 ]
	[ "$output" = "hs-report: base-1-2.hs: no provenance key 'nosuch' for --x" ]
	run hs-report --plot energy --x n base-1-2.hs
	[ "$status" -eq 2 ]
	[ "$output" = "hs-report: --plot: no input has the metric energy" ]
}

@test "groups: many files give the same table with any -j" {
	for s in $(seq 1 40); do mk base 1 $((s + 10)) $((s % 7 + 2)); mk fast 1 $((s + 10)) $((s % 5 + 2)); done
	a=$(hs-report -j 1 -f tsv --by algo,n --relative-to base --stats mean,median,sd,ci95 *.hs)
	b=$(hs-report -j 4 -f tsv --by algo,n --relative-to base --stats mean,median,sd,ci95 *.hs)
	[ "$a" = "$b" ]
	[ "$(printf '%s\n' "$a" | wc -l)" -eq 5 ]
}
