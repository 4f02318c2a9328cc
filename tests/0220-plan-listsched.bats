#!/usr/bin/env bats
# listsched on heterogeneous platforms: speeds, cluster scope, mixed scopes,
# rigid tasks, GPU-only tasks, the limits DATAP keeps to, and errors.
load helper

# plans INPUT ARGS...: hs-plan ARGS on INPUT, only the plan records.
plans() {
	local out
	out=$(printf '%s\n' "$1" | hs-plan "${@:2}") || return
	printf '%s\n' "$out" | grep '^plan '
}

HETERO='hs 1
node slow cores=1
node fast cores=1 speed=4
task t1 model=amdahl t1=8 beta=0
task t2 model=amdahl t1=8 beta=0'

@test "heterogeneous: round robin ignores speed, -ef puts both tasks on the 4x node" {
	run plans "$HETERO" -a taskp
	[ "$status" -eq 0 ]
	[ "$output" = "plan t1 node=slow cores=0 start=0 end=8
plan t2 node=fast cores=0 start=0 end=2" ]
	# t1: slow 8, fast 2.  t2: slow 8, fast 2 + 2 = 4.
	run plans "$HETERO" -a taskp-ef
	[ "$status" -eq 0 ]
	[ "$output" = "plan t1 node=fast cores=0 start=0 end=2
plan t2 node=fast cores=0 start=2 end=4 after=t1" ]
	run plans "$HETERO" -a datap-ef
	[ "$status" -eq 0 ]
	[ "$output" = "plan t1 node=fast cores=0 start=0 end=2
plan t2 node=fast cores=0 start=2 end=4 after=t1" ]
}

CLUSTERS='hs 1
cluster a
cluster b
node a1 cluster=a cores=2
node a2 cluster=a cores=2
node b1 cluster=b cores=4 speed=2'

@test "datap, scope=cluster: every core of a cluster, round robin over clusters" {
	# a: 4 cores at speed 1 -> 8/4 = 2; b: 4 cores at speed 2 -> 1.
	run plans "$CLUSTERS
task t1 model=amdahl t1=8 beta=0 scope=cluster
task t2 model=amdahl t1=8 beta=0 scope=cluster
task t3 model=amdahl t1=8 beta=0 scope=cluster" -a datap
	[ "$status" -eq 0 ]
	[ "$output" = "plan t1 node=a1,a2 cores=0-1/0-1 start=0 end=2
plan t2 node=b1 cores=0-3 start=0 end=1
plan t3 node=a1,a2 cores=0-1/0-1 start=2 end=4 after=t1" ]
}

@test "datap-ef, scope=cluster: the cluster with the earliest finish, ties to the first" {
	# t1: a 2, b 1 -> b.  t2: a 2, b 2 -> a.  t3: a 4, b 2 -> b.
	run plans "$CLUSTERS
task t1 model=amdahl t1=8 beta=0 scope=cluster
task t2 model=amdahl t1=8 beta=0 scope=cluster
task t3 model=amdahl t1=8 beta=0 scope=cluster" -a datap-ef
	[ "$status" -eq 0 ]
	[ "$output" = "plan t1 node=b1 cores=0-3 start=0 end=1
plan t2 node=a1,a2 cores=0-1/0-1 start=0 end=2
plan t3 node=b1 cores=0-3 start=1 end=2 after=t1" ]
}

@test "datap with both scopes keeps one round-robin list of nodes and one of clusters" {
	# clusters: c1 -> a, c2 -> b.  nodes: n1 -> a1, n2 -> a2, n3 -> b1.
	run plans "$CLUSTERS
task c1 model=amdahl t1=8 beta=0 scope=cluster
task n1 model=amdahl t1=8 beta=0
task n2 model=amdahl t1=8 beta=0
task c2 model=amdahl t1=8 beta=0 scope=cluster
task n3 model=amdahl t1=8 beta=0" -a datap
	[ "$status" -eq 0 ]
	[ "$output" = "plan c1 node=a1,a2 cores=0-1/0-1 start=0 end=2
plan n1 node=a1 cores=0-1 start=2 end=6 after=c1
plan n2 node=a2 cores=0-1 start=2 end=6 after=c1
plan c2 node=b1 cores=0-3 start=0 end=1
plan n3 node=b1 cores=0-3 start=1 end=2 after=c2" ]
}

@test "taskp uses one core even for cluster-scoped tasks" {
	run plans "$CLUSTERS
task t1 model=amdahl t1=8 beta=0 scope=cluster
task t2 model=amdahl t1=8 beta=0 scope=cluster
task t3 model=amdahl t1=8 beta=0 scope=cluster" -a taskp
	[ "$status" -eq 0 ]
	[ "$output" = "plan t1 node=a1 cores=0 start=0 end=8
plan t2 node=a1 cores=1 start=0 end=8
plan t3 node=a2 cores=0 start=0 end=8" ]
}

RIGID='hs 1
node n1 cores=2
node n2 cores=4'

@test "rigid tasks take exactly size cores on a node that has them" {
	in="$RIGID
task r1 model=rigid size=3 time=5
task s1 model=amdahl t1=4 beta=0"
	for a in taskp taskp-ef; do
		run plans "$in" -a $a
		[ "$status" -eq 0 ]
		[ "$output" = "plan r1 node=n2 cores=0-2 start=0 end=5
plan s1 node=n1 cores=0 start=0 end=4" ]
	done
	# datap: r1 skips n1 (2 cores), n2 moves to the back, s1 gets n1.
	for a in datap datap-ef; do
		run plans "$in" -a $a
		[ "$status" -eq 0 ]
		[ "$output" = "plan r1 node=n2 cores=0-2 start=0 end=5
plan s1 node=n1 cores=0-1 start=0 end=2" ]
	done
}

@test "taskp: a rigid task takes the first listed core of a big enough node and the next ones" {
	# list n1/0 n1/1 n2/0..3; s0 takes n1/0; r skips n1/1 and takes n2/0-2;
	# the list is then n1/1 n2/3 n1/0 n2/0 n2/1 n2/2.
	run plans "$RIGID
task s0 model=amdahl t1=4 beta=0
task r model=rigid size=3 time=5
task s1 model=amdahl t1=4 beta=0
task s2 model=amdahl t1=4 beta=0" -a taskp
	[ "$status" -eq 0 ]
	[ "$output" = "plan s0 node=n1 cores=0 start=0 end=4
plan r node=n2 cores=0-2 start=0 end=5
plan s1 node=n1 cores=1 start=0 end=4
plan s2 node=n2 cores=3 start=0 end=4" ]
}

@test "rigid cluster-scoped tasks: round robin takes the first cluster, -ef the faster" {
	in="$CLUSTERS
task r model=rigid size=3 time=6 scope=cluster"
	for a in taskp datap; do
		run plans "$in" -a $a
		[ "$status" -eq 0 ]
		[ "$output" = "plan r node=a1,a2 cores=0-1/0 start=0 end=6" ]
	done
	for a in taskp-ef datap-ef; do
		run plans "$in" -a $a
		[ "$status" -eq 0 ]
		[ "$output" = "plan r node=b1 cores=0-2 start=0 end=3" ]
	done
}

@test "a rigid task no node can host: the task's line, exit 2" {
	for a in taskp taskp-ef datap datap-ef; do
		run_stdin "$RIGID
task s1 model=amdahl t1=4 beta=0
task r2 model=rigid size=12 time=5" hs-plan -a $a
		[ "$status" -eq 2 ]
		[ "$output" = "hs-plan: stdin:5: task r2: needs 12 cores, no node has that many" ]
	done
	run_stdin "$CLUSTERS
task q model=rigid size=6 time=6 scope=cluster" hs-plan -a datap
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: stdin:7: task q: needs 6 cores, no cluster has that many" ]
}

GPUS='hs 1
node n1 cores=2 gpus=2
node n2 cores=1 gpus=1 gpu_speed=2
task g1 model=gpu gpu_time=4
task g2 model=gpu gpu_time=4
task g3 model=gpu gpu_time=4
task g4 model=gpu gpu_time=4
task c1 model=amdahl t1=4 beta=0 gpu_time=1'

@test "GPU-only tasks: round robin over the GPUs; on=any tasks stay on cores" {
	run plans "$GPUS" -a taskp
	[ "$status" -eq 0 ]
	[ "$output" = "plan g1 node=n1 cores='' gpus=0 start=0 end=4
plan g2 node=n1 cores='' gpus=1 start=0 end=4
plan g3 node=n2 cores='' gpus=0 start=0 end=2
plan g4 node=n1 cores='' gpus=0 start=4 end=8 after=g1
plan c1 node=n1 cores=0 start=0 end=4" ]
}

@test "GPU-only tasks with -ef: the GPU where they finish first" {
	# g1: n2's GPU (2).  g2: n1/0 4, n2 4 -> tie, n1/0.  g3: n1/1 (4).  g4: n2 (2+2).
	run plans "$GPUS" -a datap-ef
	[ "$status" -eq 0 ]
	[ "$output" = "plan g1 node=n2 cores='' gpus=0 start=0 end=2
plan g2 node=n1 cores='' gpus=0 start=0 end=4
plan g3 node=n1 cores='' gpus=1 start=0 end=4
plan g4 node=n2 cores='' gpus=0 start=2 end=4 after=g1
plan c1 node=n1 cores=0-1 start=0 end=2" ]
}

@test "a GPU-only task on a platform without GPUs: exit 2" {
	run_stdin 'hs 1
node n cores=2
task g model=gpu gpu_time=3' hs-plan -a taskp-ef
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: stdin:3: task g: needs a GPU, the platform has none" ]
}

@test "datap stays within max_cores and a table's measured core counts" {
	# a: times for p=1,2 only -> 2 cores, 4 s.  b: max_cores=3 -> 12/3 = 4 s
	# on the 3 cores free first (2 and 3 at 0, then 0 before 1 at 4).
	run plans 'hs 1
node n cores=4
task a model=table times=8,4
task b model=amdahl t1=12 beta=0 max_cores=3' -a datap
	[ "$status" -eq 0 ]
	[ "$output" = "plan a node=n cores=0-1 start=0 end=4
plan b node=n cores=0,2-3 start=4 end=8 after=a" ]
}

@test "-ef sorts by t(1) descending and keeps the input order of equal times" {
	# one core: the order of the plan is the order of the sort.
	run plans 'hs 1
node n cores=1
task a model=amdahl t1=1 beta=0
task b model=amdahl t1=3 beta=0
task c model=amdahl t1=1 beta=0
task d model=amdahl t1=3 beta=0' -a taskp-ef
	[ "$status" -eq 0 ]
	[ "$output" = "plan a node=n cores=0 start=6 end=7 after=d
plan b node=n cores=0 start=0 end=3
plan c node=n cores=0 start=7 end=8 after=a
plan d node=n cores=0 start=3 end=6 after=b" ]
}

@test "larger mixed instances: every algorithm gives a valid plan for every task" {
	# 3 clusters of mixed nodes, 80 tasks of every model; hs-plan validates
	# each plan itself (exit 1 otherwise) and hs-plan can re-read its output.
	in=$(awk 'BEGIN {
		print "hs 1"
		for (c = 1; c <= 3; c++) {
			print "cluster c" c
			for (n = 1; n <= 3; n++)
				printf "node c%dn%d cluster=c%d cores=%d speed=%g gpus=%d\n", c, n, c, 2 * n + c, 0.5 * (n + c), n % 2
		}
		for (i = 1; i <= 80; i++) {
			m = i % 5; s = (i % 7 == 0) ? " scope=cluster" : ""
			if (m == 0) printf "task t%d model=amdahl t1=%d beta=0.%d release=%d%s\n", i, i % 13 + 1, i % 10, i % 4, s
			if (m == 1) printf "task t%d model=overhead T=%d x=0.9%s\n", i, i % 11 + 2, s
			if (m == 2) printf "task t%d model=table times=%d,%d,%d\n", i, 12, 7, 5
			if (m == 3) printf "task t%d model=rigid size=%d time=%d%s\n", i, i % 4 + 1, i % 9 + 1, s
			if (m == 4) printf "task t%d model=gpu gpu_time=%d\n", i, i % 6 + 1
		}
	}')
	for a in taskp taskp-ef datap datap-ef; do
		run_stdin "$in" hs-plan -a $a
		[ "$status" -eq 0 ]
		[ "$(printf '%s\n' "$output" | grep -c '^plan ')" -eq 80 ]
		printf '%s\n' "$output" | hs-plan -a $a >/dev/null
	done
}

@test "the Dietze platform from hs-gen: TASKP-EF moves the tasks to the fast nodes" {
	# 24 tasks of t(1) = 50 s: TASKP's first 24 cores are cs1, cs2 (speed 1)
	# and 8 of sb1; TASKP-EF fills sb1 (16 cores at 1.6) and then ws1 (1.5).
	makespan() {
		hs-gen sleep -n 24 -x 0.95 --platform dietze | hs-plan "$@" |
			awk '/^plan / { for (i = 3; i <= NF; i++) if ($i ~ /^end=/) { v = substr($i, 5) + 0; if (v > m) m = v } }
			     END { printf "%.6f\n", m }'
	}
	[ "$(makespan -a taskp)" = "50.000000" ]
	[ "$(makespan -a taskp-ef)" = "33.333333" ]
	run bash -c 'hs-gen sleep -n 24 -x 0.95 --platform dietze | hs-plan -a taskp-ef | grep "^plan " | grep -c "node=sb1 "'
	[ "$output" = "16" ]
}

@test "clusters without nodes are skipped by the cluster round robin" {
	run plans 'hs 1
cluster a
cluster b
cluster c
cluster d
node n cluster=d cores=1
task t model=amdahl t1=1 beta=0 scope=cluster
task u model=amdahl t1=1 beta=0 scope=cluster' -a datap
	[ "$status" -eq 0 ]
	[ "$output" = "plan t node=n cores=0 start=0 end=1
plan u node=n cores=0 start=1 end=2 after=t" ]
}
