#!/usr/bin/env bats
# hs-sim -a fcfs|easy|conservative: the backfill plugin (hs-backfill(7))
# through the simulator: hand-made cases with exact starts and nodes, the
# variants note's worked examples in both modes, rejections, options,
# determinism and the guarantees on real and generated traces.  The
# algorithms' own unit tests are tests/unit/test_backfill.c.

load helper

setup() {
	tmp=$(mktemp -d)
	# One cluster of four one-core hosts h1-h4, and of two.
	printf 'hs 1\ncluster c bw=1e9 lat=0\n' >"$tmp/h2.hs"
	for h in h1 h2; do echo "node $h cluster=c cores=1" >>"$tmp/h2.hs"; done
	cp "$tmp/h2.hs" "$tmp/h4.hs"
	for h in h3 h4; do echo "node $h cluster=c cores=1" >>"$tmp/h4.hs"; done
	# The issue's example: j1 walltime 100 runs 10 s.
	cp "$tmp/h4.hs" "$tmp/four.hs"
	cat >>"$tmp/four.hs" <<-'EOF'
	task j1 model=rigid size=2 time=10 walltime=100 scope=any
	task j2 model=rigid size=4 time=10 walltime=10 scope=any
	task j3 model=rigid size=2 time=10 walltime=10 scope=any
	EOF
}

teardown() {
	rm -rf "$tmp"
}

# starts: "ID@START:NODES" of every run record, one line.
starts() {
	printf '%s\n' "$output" | awk '$1 == "run" {
		s = ""; n = "-"
		for (i = 3; i <= NF; i++) {
			if (split($i, kv, "=") < 2)
				continue # a word of a quoted note value
			if (kv[1] == "start") s = kv[2]
			if (kv[1] == "node") n = kv[2]
			if (kv[1] == "state" && kv[2] == "rejected") s = "R"
		}
		printf "%s%s@%s:%s", sep, $2, s, n; sep = " "
	} END { print "" }'
}

# platform NAME CLUSTERS NODES: CLUSTERS clusters of NODES one-core hosts.
platform() {
	{
		echo "hs 1"
		for c in $(seq 1 "$2"); do
			echo "cluster c$c bw=1e9 lat=0"
			for n in $(seq 1 "$3"); do echo "node c${c}n$n cluster=c$c cores=1"; done
		done
	} >"$tmp/$1"
}

@test "backfill: hs-sim -l lists fcfs, easy and conservative; -o help their options" {
	run hs-sim -l
	[ "$status" -eq 0 ]
	[[ "$output" == *"fcfs "*"(backfill, "* ]]
	[[ "$output" == *"easy "*"EASY backfilling: a reservation for the head of the queue only"*"(backfill, "* ]]
	[[ "$output" == *"conservative "*"(backfill, "* ]]
	run hs-sim -a conservative -o help
	[ "$status" -eq 0 ]
	[[ "$output" == *"variant "*"basic|be-contiguous|be-local|contiguous|local"*"basic"* ]]
	[[ "$output" == *"compat "*"none|lucarelli"* ]]
	[[ "$output" == *"select "*"auto|paper|lucarelli"* ]]
	[[ "$output" == *"recompute "*"compress|scratch"* ]]
}

@test "backfill: the issue's example: FCFS 30, EASY and conservative 20 (j3 at 0 beside j1, j2 at 10)" {
	run hs-sim --model replay -a fcfs "$tmp/four.hs"
	[ "$status" -eq 0 ]
	[ "$(records plan)" = "j1 node=h1,h2 cores=0/0 start=0 end=10
j2 node=h1,h2,h3,h4 cores=0/0/0/0 start=10 end=20 after=j1
j3 node=h1,h2 cores=0/0 start=20 end=30 after=j2" ]
	[[ "$output" == *" makespan=30 "* ]]
	run hs-sim --model replay -a easy "$tmp/four.hs"
	[ "$status" -eq 0 ]
	[ "$(records plan)" = "j1 node=h1,h2 cores=0/0 start=0 end=10
j2 node=h1,h2,h3,h4 cores=0/0/0/0 start=10 end=20 after=j1,j3 resv=100
j3 node=h3,h4 cores=0/0 start=0 end=10" ]
	[[ "$output" == *" makespan=20 "* ]]
	run hs-sim --model replay -a conservative "$tmp/four.hs"
	[ "$status" -eq 0 ]
	[ "$(records plan)" = "j1 node=h1,h2 cores=0/0 start=0 end=10 resv=0
j2 node=h1,h2,h3,h4 cores=0/0/0/0 start=10 end=20 after=j1,j3 resv=100
j3 node=h3,h4 cores=0/0 start=0 end=10 resv=0" ]
	[[ "$output" == *" makespan=20 "*"algo=conservative plugin=backfill opts=variant=basic,compat=none,recompute=none,select=auto,reserve=cores,shutdown=-1,sleep=0 knowledge=walltime rejected=0 backfill.select=paper"* ]]
	# the flow model (the default) runs the same here: no comp, no comm
	run hs-sim -a conservative "$tmp/four.hs"
	[ "$status" -eq 0 ]
	[[ "$output" == *" makespan=20 "* ]]
}

@test "backfill: EASY and conservative differ: a backfilled job delays the second in the queue under EASY only" {
	cp "$tmp/h4.hs" "$tmp/d.hs"
	cat >>"$tmp/d.hs" <<-'EOF'
	task j1 model=rigid size=3 time=10 walltime=10 scope=any
	task j2 model=rigid size=2 time=10 walltime=10 scope=any
	task j3 model=rigid size=2 time=10 walltime=10 scope=any
	task j4 model=rigid size=1 time=15 walltime=15 scope=any
	EOF
	run hs-sim --model replay -a easy "$tmp/d.hs"
	[ "$status" -eq 0 ]
	[ "$(starts)" = "j1@0:h1,h2,h3 j2@10:h1,h2 j3@15:h3,h4 j4@0:h4" ]
	[ "$(records plan | grep -o 'resv=[0-9]*' | tr '\n' ' ')" = "resv=10 resv=15 " ]
	run hs-sim --model replay -a conservative "$tmp/d.hs"
	[ "$status" -eq 0 ]
	[ "$(starts)" = "j1@0:h1,h2,h3 j2@10:h1,h2 j3@10:h3,h4 j4@20:h1" ]
}

@test "backfill: EASY by cores or by count: b backfills in the extra core by count only, the head at 10 either way" {
	cp "$tmp/h4.hs" "$tmp/c.hs"
	cat >>"$tmp/c.hs" <<-'EOF'
	task j0 model=rigid size=1 time=1 walltime=1 scope=any
	task j1 model=rigid size=1 time=30 walltime=30 scope=any
	task j2 model=rigid size=2 time=10 walltime=10 scope=any
	task h model=rigid size=2 time=10 walltime=10 scope=any release=1
	task b model=rigid size=1 time=30 walltime=30 scope=any release=2
	EOF
	run hs-sim --model replay -a easy "$tmp/c.hs"
	[ "$status" -eq 0 ]
	[ "$(starts)" = "j0@0:h1 j1@0:h2 j2@0:h3,h4 h@10:h1,h3 b@10:h4" ]
	run hs-sim --model replay -a easy -o reserve=count "$tmp/c.hs"
	[ "$status" -eq 0 ]
	[ "$(starts)" = "j0@0:h1 j1@0:h2 j2@0:h3,h4 h@10:h3,h4 b@2:h1" ]
	[ "$(records plan | grep -o 'resv=[0-9]*')" = "resv=10" ]
	run hs-sim --model replay -a easy -o help
	[[ $output == *"reserve"*"cores|count"* ]]
}

@test "backfill: reserve=count is EASY's alone (exit 2)" {
	for a in fcfs conservative; do
		run hs-sim -a $a -o reserve=count "$tmp/four.hs"
		echo "$output"
		[ "$status" -eq 2 ]
		[[ $output == "hs-sim: $a: reserve=count is EASY's rule (-a easy); "* ]]
	done
	run hs-sim -a easy -o reserve=some "$tmp/four.hs"
	[ "$status" -eq 2 ]
	[[ $output == *"option reserve: 'some' is not one of cores|count"* ]]
}

@test "backfill: --per-event: a job ends at a time, as pybatsim reads its events; one past its walltime holds its cores until then" {
	cp "$tmp/h4.hs" "$tmp/pe.hs"
	cat >>"$tmp/pe.hs" <<-'EOF'
	task x model=rigid size=2 time=5 walltime=5 scope=any
	task a model=rigid size=2 time=10 walltime=10 scope=any
	task b model=rigid size=2 time=5 walltime=5 scope=any release=5
	task c model=rigid size=2 time=5 walltime=5 scope=any release=6
	EOF
	# a and b end at 10: by date c takes the lowest block, h1-h2; one
	# event a call, c comes after a's end alone, and takes h3-h4.
	run hs-sim --model replay -a fcfs -o variant=contiguous "$tmp/pe.hs"
	[ "$status" -eq 0 ]
	[ "$(starts)" = "x@0:h1,h2 a@0:h3,h4 b@5:h1,h2 c@10:h1,h2" ]
	run hs-sim --model replay -a fcfs -o variant=contiguous --per-event "$tmp/pe.hs"
	[ "$status" -eq 0 ]
	[ "$(starts)" = "x@0:h1,h2 a@0:h3,h4 b@5:h1,h2 c@10:h3,h4" ]
	# a killed at its walltime 10 ends after b (kills after completions):
	# after b's end alone, c (3 cores) must not take a's cores, free in the
	# profile (a's walltime is over) but not yet handed back.
	sed -i 's/^task a .*/task a model=rigid size=2 time=20 walltime=10 scope=any/; s/^task c model=rigid size=2/task c model=rigid size=3/' "$tmp/pe.hs"
	for a in fcfs easy conservative; do
		run hs-sim --model replay -a $a --per-event "$tmp/pe.hs"
		echo "$a: $output"
		[ "$status" -eq 0 ]
		[ "$(starts)" = "x@0:h1,h2 a@0:h3,h4 b@5:h1,h2 c@10:h1,h2,h3" ]
	done
	run hs-sim --per-event "$tmp/pe.hs"
	[ "$status" -eq 2 ]
	[[ $output == *"--per-event needs an online algorithm (-a ALGO)"* ]]
}

@test "backfill: a job killed at its walltime frees its host then" {
	printf 'hs 1\ncluster c bw=1e9 lat=0\nnode h1 cluster=c cores=1\n' >"$tmp/k.hs"
	cat >>"$tmp/k.hs" <<-'EOF'
	task a model=rigid size=1 time=50 walltime=20
	task b model=rigid size=1 time=5 walltime=5
	EOF
	for algo in fcfs easy conservative; do
		run hs-sim --model replay -a "$algo" "$tmp/k.hs"
		[ "$status" -eq 0 ]
		[ "$(records run)" = "a node=h1 cores=0 start=0 end=20 state=killed energy=0
b node=h1 cores=0 start=20 end=25 after=a state=done energy=0" ]
	done
}

@test "backfill: a job that ends early lets conservative reservations move earlier" {
	cp "$tmp/h2.hs" "$tmp/e.hs"
	cat >>"$tmp/e.hs" <<-'EOF'
	task j1 model=rigid size=2 time=10 walltime=100 scope=any
	task j2 model=rigid size=1 time=10 walltime=10 release=1 scope=any
	task j3 model=rigid size=2 time=10 walltime=10 release=2 scope=any
	task j4 model=rigid size=1 time=50 walltime=50 release=3 scope=any
	EOF
	# compression: at 10, j2 moves to 10, j3 to its earliest fit (20), j4
	# behind it (30)
	run hs-sim --model replay -a conservative -o recompute=compress "$tmp/e.hs"
	[ "$status" -eq 0 ]
	[ "$(starts)" = "j1@0:h1,h2 j2@10:h1 j3@20:h1,h2 j4@30:h1" ]
	[ "$(records plan | grep -o 'resv=[0-9]*' | tr '\n' ' ')" = "resv=0 resv=100 resv=110 resv=120 " ]
	# the default: at 10 a job moves to now or keeps its reservation: j2
	# and j4 run at 10, j3 (two cores, one free) keeps 110 until j4's end
	# at 60 frees both
	run hs-sim --model replay -a conservative "$tmp/e.hs"
	[ "$status" -eq 0 ]
	[ "$(starts)" = "j1@0:h1,h2 j2@10:h1 j3@60:h1,h2 j4@10:h2" ]
	[ "$(records plan | grep -o 'resv=[0-9]*' | tr '\n' ' ')" = "resv=0 resv=100 resv=110 resv=120 " ]
	# compression never delays, recompute=scratch can: the scratch example
	cp "$tmp/h2.hs" "$tmp/s.hs"
	cat >>"$tmp/s.hs" <<-'EOF'
	task x model=rigid size=1 time=15 walltime=40
	task y model=rigid size=1 time=20 walltime=20
	task a model=rigid size=2 time=60 walltime=60 release=1 scope=any
	task b model=rigid size=1 time=10 walltime=10 release=2
	EOF
	run hs-sim --model replay -a conservative -o recompute=compress "$tmp/s.hs"
	[ "$(starts)" = "x@0:h1 y@0:h2 a@25:h1,h2 b@15:h1" ]
	run hs-sim --model replay -a conservative -o recompute=scratch "$tmp/s.hs"
	[ "$(starts)" = "x@0:h1 y@0:h2 a@20:h1,h2 b@80:h1" ]
	[[ "$(records plan | grep '^b ')" == *"resv=20"* ]]
}

@test "backfill: contiguity and locality on two clusters of four hosts, each variant and rule set" {
	platform two.hs 2 4
	# A on 0-1 and C, D after B on the rest; B ends at 11; X (3) at 20:
	# basic and best-effort contiguous take 2,3,7 at 20; contiguous
	# finds no block of 3 before 100; local puts B, then X, in cluster 2
	cp "$tmp/two.hs" "$tmp/v.hs"
	cat >>"$tmp/v.hs" <<-'EOF'
	task a model=rigid size=2 time=100 walltime=100 scope=any
	task b model=rigid size=2 time=10 walltime=100 release=1 scope=any
	task c model=rigid size=2 time=100 walltime=100 release=2 scope=any
	task d model=rigid size=1 time=100 walltime=100 release=3 scope=any
	task x model=rigid size=3 time=10 walltime=10 release=20 scope=any
	EOF
	for compat in none lucarelli; do
		for sel in paper lucarelli; do
			for v in basic be-contiguous contiguous be-local local; do
				run hs-sim --model replay -a conservative -o "variant=$v,compat=$compat,select=$sel" "$tmp/v.hs"
				[ "$status" -eq 0 ]
				case $v in
				basic | be-contiguous)
					[ "$(starts)" = "a@0:c1n1,c1n2 b@1:c1n3,c1n4 c@2:c2n1,c2n2 d@3:c2n3 x@20:c1n3,c1n4,c2n4" ] ;;
				contiguous)
					[ "$(starts)" = "a@0:c1n1,c1n2 b@1:c1n3,c1n4 c@2:c2n1,c2n2 d@3:c2n3 x@100:c1n1,c1n2,c1n3" ] ;;
				*)
					[ "$(starts)" = "a@0:c1n1,c1n2 b@1:c2n1,c2n2 c@2:c1n3,c1n4 d@3:c2n3 x@20:c2n1,c2n2,c2n4" ] ;;
				esac
			done
		done
	done
	# easy chooses the same
	run hs-sim --model replay -a easy -o variant=local "$tmp/v.hs"
	[ "$(starts)" = "a@0:c1n1,c1n2 b@1:c2n1,c2n2 c@2:c1n3,c1n4 d@3:c2n3 x@20:c2n1,c2n2,c2n4" ]
}

@test "backfill: the variants note's worked examples, default and compat=lucarelli" {
	platform p2.hs 1 2
	# the hole-search quirk
	for est in 98 97; do
		cp "$tmp/p2.hs" "$tmp/q.hs"
		cat >>"$tmp/q.hs" <<-EOF
		task j1 model=rigid size=1 time=100 walltime=100 scope=any
		task j2 model=rigid size=2 time=100 walltime=100 release=1 scope=any
		task j3 model=rigid size=1 time=$est walltime=$est release=2 scope=any
		EOF
		run hs-sim --model replay -a conservative -o compat=lucarelli "$tmp/q.hs"
		[ "$status" -eq 0 ]
		if [ "$est" = 98 ]; then
			[ "$(starts)" = "j1@0:c1n1 j2@100:c1n1,c1n2 j3@200:c1n1" ]
		else
			[ "$(starts)" = "j1@0:c1n1 j2@100:c1n1,c1n2 j3@2:c1n2" ]
		fi
		run hs-sim --model replay -a conservative "$tmp/q.hs"
		[ "$(starts)" = "j1@0:c1n1 j2@100:c1n1,c1n2 j3@2:c1n2" ]
	done
	# no compression
	cp "$tmp/p2.hs" "$tmp/n.hs"
	cat >>"$tmp/n.hs" <<-'EOF'
	task j1 model=rigid size=2 time=10 walltime=100 scope=any
	task j2 model=rigid size=1 time=100 walltime=100 release=1 scope=any
	task j3 model=rigid size=2 time=50 walltime=50 release=2 scope=any
	task j4 model=rigid size=2 time=60 walltime=60 release=20 scope=any
	EOF
	run hs-sim --model replay -a conservative -o compat=lucarelli "$tmp/n.hs"
	[ "$(starts)" = "j1@0:c1n1,c1n2 j2@10:c1n1 j3@170:c1n1,c1n2 j4@110:c1n1,c1n2" ]
	run hs-sim --model replay -a conservative -o recompute=compress "$tmp/n.hs"
	[ "$(starts)" = "j1@0:c1n1,c1n2 j2@10:c1n1 j3@110:c1n1,c1n2 j4@160:c1n1,c1n2" ]
	# the default moves a job to now or not at all, as the authors' code
	run hs-sim --model replay -a conservative "$tmp/n.hs"
	[ "$(starts)" = "j1@0:c1n1,c1n2 j2@10:c1n1 j3@170:c1n1,c1n2 j4@110:c1n1,c1n2" ]
}

@test "backfill: compat=lucarelli after an early end: a job reserved at now is placed again, by the plain fit" {
	# Both cases give what the authors' Perl code gives (commit 4e04ab5 run
	# on the same jobs as SWF).  Their reassignment (Backfilling.pm,
	# reassign_jobs_two_positions)
	# lifts every waiting job with enough free processors now, its
	# reservation at now included, and asks get_free_processors_for at now,
	# which has no closed-end quirk.
	platform p3.hs 1 3
	# b ends early at 50 and c on time at 50; d was reserved at 50 on c's
	# core (c1n3): lifted at 50, basic takes the lowest free core, b's (c1n2)
	cp "$tmp/p3.hs" "$tmp/r.hs"
	cat >>"$tmp/r.hs" <<-'EOF'
	task a model=rigid size=1 time=100 walltime=100 scope=any
	task b model=rigid size=1 time=49 walltime=79 release=1 scope=any
	task c model=rigid size=1 time=48 walltime=48 release=2 scope=any
	task d model=rigid size=1 time=10 walltime=10 release=3 scope=any
	EOF
	run hs-sim --model replay -a conservative -o compat=lucarelli "$tmp/r.hs"
	[ "$status" -eq 0 ]
	[ "$(starts)" = "a@0:c1n1 b@1:c1n2 c@2:c1n3 d@50:c1n2" ]
	platform p2.hs 1 2
	# a ends early at 20: [20, 100) on c1n2 is exactly c's 80 s, and b holds
	# both cores from 100; the search at submission would skip that hole,
	# the move to now does not: c runs at 20
	cp "$tmp/p2.hs" "$tmp/q.hs"
	cat >>"$tmp/q.hs" <<-'EOF'
	task z model=rigid size=1 time=100 walltime=100 scope=any
	task a model=rigid size=1 time=19 walltime=99 release=1 scope=any
	task b model=rigid size=2 time=60 walltime=60 release=2 scope=any
	task c model=rigid size=1 time=80 walltime=80 release=3 scope=any
	EOF
	run hs-sim --model replay -a conservative -o compat=lucarelli "$tmp/q.hs"
	[ "$status" -eq 0 ]
	[ "$(starts)" = "z@0:c1n1 a@1:c1n2 b@100:c1n1,c1n2 c@20:c1n2" ]
}

@test "backfill: compat=lucarelli takes jobs submitted together in binary-heap order" {
	platform p1.hs 1 1
	cp "$tmp/p1.hs" "$tmp/h.hs"
	for j in 1 2 3 4; do echo "task j$j model=rigid size=1 time=10 walltime=10" >>"$tmp/h.hs"; done
	run hs-sim --model replay -a conservative "$tmp/h.hs"
	[ "$(starts)" = "j1@0:c1n1 j2@10:c1n1 j3@20:c1n1 j4@30:c1n1" ]
	run hs-sim --model replay -a conservative -o compat=lucarelli "$tmp/h.hs"
	[ "$status" -eq 0 ]
	[ "$(starts)" = "j1@0:c1n1 j2@30:c1n1 j3@20:c1n1 j4@10:c1n1" ]
	[[ "$output" != *warning* ]]
	# submits 0, 1, 1: a heap of all three pops 1, 3, 2, as the host hands
	# them over under the runtime model; under the flow model (ends not
	# known as jobs start) hs orders each batch alone, and says so
	cp "$tmp/p1.hs" "$tmp/m.hs"
	cat >>"$tmp/m.hs" <<-'EOF'
	task j1 model=rigid size=1 time=10 walltime=10
	task j2 model=rigid size=1 time=10 walltime=10 release=1
	task j3 model=rigid size=1 time=10 walltime=10 release=1
	EOF
	run hs-sim --model replay -a conservative -o compat=lucarelli "$tmp/m.hs"
	[ "$status" -eq 0 ]
	[ "$(starts)" = "j1@0:c1n1 j2@20:c1n1 j3@10:c1n1" ]
	[[ "$output" != *warning* ]]
	hs-sim -a conservative -o compat=lucarelli "$tmp/m.hs" >"$tmp/out" 2>"$tmp/err"
	[ "$(cat "$tmp/err")" = "hs-sim: warning: backfill: compat=lucarelli: jobs submitted together are ordered as a heap of their batch alone (the authors' order needs the runtime model: hs-sim --model replay)" ]
	output=$(cat "$tmp/out")
	[ "$(starts)" = "j1@0:c1n1 j2@10:c1n1 j3@20:c1n1" ]
}

@test "backfill: compat=lucarelli: the ends of running jobs in the authors' heap order equal submissions" {
	# Their heap holds j1's end (10) and j2's (100) when j3..j6 come at 5:
	# worked through Heap.pm, the group pops j5, j3, j6, j4 (a heap of the
	# submissions alone: j5, j4, j3, j6).  Six cores, so each starts at
	# once on the lowest free core in that order (the authors' code, run on
	# the same jobs as SWF, gives these starts and processors).
	platform p6.hs 1 6
	cp "$tmp/p6.hs" "$tmp/e.hs"
	cat >>"$tmp/e.hs" <<-'EOF'
	task j1 model=rigid size=1 time=10 walltime=10
	task j2 model=rigid size=1 time=100 walltime=100
	task j3 model=rigid size=1 time=10 walltime=10 release=5
	task j4 model=rigid size=1 time=20 walltime=20 release=5
	task j5 model=rigid size=1 time=10 walltime=10 release=5
	task j6 model=rigid size=1 time=20 walltime=20 release=5
	EOF
	run hs-sim --model replay -a conservative -o compat=lucarelli "$tmp/e.hs"
	[ "$status" -eq 0 ]
	[ "$(starts)" = "j1@0:c1n1 j2@0:c1n2 j3@5:c1n4 j4@5:c1n6 j5@5:c1n3 j6@5:c1n5" ]
	[[ "$output" != *warning* ]]
	# the submissions alone (every date known, no ends): another order
	run hs-sim --clairvoyant -a conservative -o compat=lucarelli "$tmp/e.hs"
	[ "$(starts)" = "j1@0:c1n1 j2@0:c1n2 j3@5:c1n5 j4@5:c1n4 j5@5:c1n3 j6@5:c1n6" ]
	# the default: stream order
	run hs-sim --model replay -a conservative "$tmp/e.hs"
	[ "$(starts)" = "j1@0:c1n1 j2@0:c1n2 j3@5:c1n3 j4@5:c1n4 j5@5:c1n5 j6@5:c1n6" ]
}

@test "backfill: jobs that can never run are rejected, the first said on stderr" {
	cat >"$tmp/r.hs" <<-'EOF'
	hs 1
	cluster c bw=1e9 lat=0
	node n1 cluster=c cores=2 gpus=1
	node n2 cluster=c cores=2
	task big model=rigid size=5 time=10 walltime=10 scope=any
	task wide model=rigid size=3 time=10 walltime=10
	task ok model=rigid size=2 time=10 walltime=10
	task g model=gpu gpu_time=5
	EOF
	for algo in fcfs easy conservative; do
		hs-sim --model replay -a "$algo" "$tmp/r.hs" >"$tmp/out" 2>"$tmp/err"
		[ "$(cat "$tmp/err")" = "hs-sim: warning: backfill: job big asks for 5 cores; the largest machine has 4: rejected (so is every job that cannot run; their run records say state=rejected)" ]
		output=$(cat "$tmp/out")
		[ "$(starts)" = "big@R:- wide@R:- ok@0:n1 g@R:-" ]
		[[ "$output" == *" rejected=3 "* ]]
	done
}

@test "backfill: bad options are refused (exit 2)" {
	run hs-sim -a easy -o variant=nearest "$tmp/four.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: easy: option variant: 'nearest' is not one of basic|be-contiguous|be-local|contiguous|local" ]
	run hs-sim -a conservative -o compat=batsim "$tmp/four.hs"
	[ "$status" -eq 2 ]
	[[ "$output" == *"option compat: 'batsim' is not one of none|lucarelli"* ]]
}

@test "backfill: the guarantees and determinism on the HPC2N trace's first jobs, every algorithm and variant" {
	swf=$SHARED/data/traces/HPC2N-2002-2.2-cln.first3171.swf
	[ -f "$swf" ] || skip "no $swf"
	hs-gen ptask --swf "$swf" -n 300 --lt 1m --ut 1d --release trace --scope any --platform dutot-homo \
		--seed 3 >"$tmp/t.hs"
	for algo in fcfs easy conservative; do
		for v in basic be-contiguous be-local contiguous local; do
			for compat in none lucarelli; do
				hs-sim --model replay -a "$algo" -o "variant=$v,compat=$compat" "$tmp/t.hs" >"$tmp/o1" 2>/dev/null
				hs-sim --model replay -a "$algo" -o "variant=$v,compat=$compat" "$tmp/t.hs" >"$tmp/o2" 2>/dev/null
				cmp -s "$tmp/o1" "$tmp/o2"
				# start >= release; conservative: start <= first
				# reservation; easy: a blocked head too
				bad=$(awk -v algo="$algo" '
					$1 == "task" { rel[$2] = 0; for (i = 3; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "release") rel[$2] = kv[2] } }
					$1 == "plan" { s = ""; r = ""
						for (i = 3; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "start") s = kv[2]; if (kv[1] == "resv") r = kv[2] }
						n++
						if (s + 0 < rel[$2] + 0) bad++
						if (algo == "conservative" && (r == "" || s + 0 > r + 0)) bad++
						if (algo == "easy" && r != "" && s + 0 > r + 0) bad++ }
					END { print bad + 0 " " n + 0 }' "$tmp/o1")
				[ "$bad" = "0 300" ]
			done
		done
	done
}

@test "backfill: Dutot's parallel jobs with communication under the flow model, local and compat" {
	hs-gen ptask -n 40 --fcomm 1e6 --scope any --platform dutot-homo --seed 4 >"$tmp/p.hs"
	run hs-sim -a conservative -o variant=local,compat=lucarelli "$tmp/p.hs"
	[ "$status" -eq 0 ]
	[ "$(records run | grep -c 'state=done')" -eq 40 ]
	[[ "$output" == *"algo=conservative plugin=backfill "*"backfill.select=lucarelli"* ]]
	# every local job of at most 16 cores runs in one cluster of 16 hosts
	printf '%s\n' "$output" | awk '$1 == "run" { for (i = 3; i <= NF; i++) if ($i ~ /^node=/) print substr($i, 6) }' |
		while read -r nodes; do
			[ "$(printf '%s\n' "$nodes" | tr ',' '\n' | sed 's/^n//' | awk '{ print int(($1 - 1) / 16) }' | sort -u | wc -l)" -eq 1 ]
		done
}
