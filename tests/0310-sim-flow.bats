#!/usr/bin/env bats
# hs-sim --model flow (the default): parallel tasks sharing links, latency,
# TCP gamma, kills, energy, --platform, options and bad input.

load helper

setup() {
	tmp=$(mktemp -d)
	# Two transfers of 300 B into node b share its link of 100 B/s: 50
	# B/s each, both end at 6 s.  c computes 30 flop at 10 flop/s after t.
	cat >"$tmp/share.hs" <<-'EOF'
	hs 1
	cluster c bw=100
	node a cluster=c cores=1 speed=1 flops=10 cpu_busy=10 cpu_idle=1
	node b cluster=c cores=2 speed=1 flops=10 cpu_busy=10 cpu_idle=1
	node d cluster=c cores=1 speed=1 flops=10 cpu_busy=10 cpu_idle=1
	task t model=amdahl t1=1 scope=cluster comp=0,0 comm=0,300,0,0
	task u model=amdahl t1=1 scope=cluster comp=0,0 comm=0,300,0,0
	task c model=amdahl t1=1 comp=30
	plan t node=a,b cores=0/0 start=0 end=1
	plan u node=d,b cores=0/1 start=0 end=1
	plan c node=a cores=0 start=1 end=2 after=t
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

@test "sim-flow: two flows share a link; a successor computes after" {
	run hs-sim "$tmp/share.hs"
	[ "$status" -eq 0 ]
	[ "$(field run t end)" = 6 ]
	[ "$(field run u end)" = 6 ]
	[ "$(field run t state)" = done ]
	[ "$(field run c start)" = 6 ]
	[ "$(field run c end)" = 9 ]
	[ "$(field run c energy)" = 30 ]
	# a: busy [0,9] 10 W; b: busy [0,6] 20 W, idle 3 s 2 W; d: busy
	# [0,6] 10 W, idle 3 s 1 W: 90 + 126 + 63 = 279 J.
	printf '%s\n' "$output" | grep -qx 'prov sim tool=hs-sim version=0.1.0 model=flow solver=bottleneck tcp_gamma=4194304 energy_model=host makespan=9 energy=279'
}

@test "sim-flow: --solver simgrid and --energy core" {
	run hs-sim --solver simgrid --energy core "$tmp/share.hs"
	[ "$status" -eq 0 ]
	[ "$(field run t end)" = 6 ]
	[ "$(field run c end)" = 9 ]
	# Every core of b runs as long as b does: core energy = host energy.
	[ "$(field prov sim energy)" = 279 ]
	[ "$(field prov sim solver)" = simgrid ]
	[ "$(field prov sim energy_model)" = core ]
	# One core of two busy for 3 s: host 3 s * 2 * 10 W = 60 J, core
	# 3 s * 10 W + 3 s * 1 W = 33 J.
	printf 'hs 1\nnode n cores=2 flops=10 cpu_busy=10 cpu_idle=1\ntask t model=amdahl t1=1 comp=30\nplan t node=n cores=0 start=0 end=1\n' >"$tmp/one.hs"
	run hs-sim "$tmp/one.hs"
	[ "$(field prov sim energy)" = 60 ]
	run hs-sim --energy core "$tmp/one.hs"
	[ "$(field prov sim energy)" = 33 ]
	[ "$(field run t energy)" = 30 ]
}

@test "sim-flow: bandwidth-fair sharing, latency and TCP gamma" {
	# 100 B and 300 B into b: 50 B/s each until t ends at 2 s, then u
	# alone at 100 B/s: 4 s.
	cat >"$tmp/fair.hs" <<-'EOF'
	hs 1
	cluster c bw=100
	node a cluster=c cores=1
	node b cluster=c cores=2
	node d cluster=c cores=1
	task t model=amdahl t1=1 scope=cluster comp=0,0 comm=0,100,0,0
	task u model=amdahl t1=1 scope=cluster comp=0,0 comm=0,300,0,0
	plan t node=a,b cores=0/0 start=0 end=1
	plan u node=d,b cores=0/1 start=0 end=1
	EOF
	run hs-sim "$tmp/fair.hs"
	[ "$status" -eq 0 ]
	[ "$(field run t end)" = 2 ]
	[ "$(field run u end)" = 4 ]
	# Latency 0.5 s per link, 1 s per route: t ends at 1 + 2, u at 1 + 4.
	sed 's/^cluster c bw=100$/cluster c bw=100 lat=0.5/' "$tmp/fair.hs" >"$tmp/lat.hs"
	run hs-sim "$tmp/lat.hs"
	[ "$(field run t end)" = 3 ]
	[ "$(field run u end)" = 5 ]
	# TCP gamma 600 B: t's rate <= 600 / (2 * 1 s * 100 B) = 3 /s (no
	# effect), u's <= 600 / (2 * 300) = 1 /s: 100 B/s, its link's share
	# anyway.  Gamma 60 B: t at 0.3 /s (30 B/s) ends at 1 + 1/0.3, u at
	# 0.1 /s, 30 B/s: 1 + 10 s.
	run hs-sim --tcp-gamma 600 "$tmp/lat.hs"
	[ "$(field run t end)" = 3 ]
	[ "$(field prov sim tcp_gamma)" = 600 ]
	run hs-sim --tcp-gamma 60 "$tmp/lat.hs"
	[ "$(field run u end)" = 11 ]
	[ "$(field run t end)" = 4.333333333333334 ]
}

@test "sim-flow: a scope=any task spans two clusters through uplinks and backbone" {
	# a (c1) sends 300 B to b (c2).  Route (the tree): a_link (1000 B/s,
	# 0.5 s), c1_uplink (200 B/s, 0.25 s), backbone (100 B/s, 0.125 s),
	# c2_uplink (400 B/s, 0.25 s), b_link (1000 B/s, 0.5 s).  Bottleneck
	# the backbone: 300 / 100 = 3 s, plus the route latency 0.5 + 0.25 +
	# 0.125 + 0.25 + 0.5 = 1.625 s: ends at 4.625.
	cat >"$tmp/any.hs" <<-'EOF'
	hs 1
	platform p backbone_bw=100 backbone_lat=0.125
	cluster c1 bw=1000 lat=0.5 up_bw=200 up_lat=0.25
	cluster c2 bw=1000 lat=0.5 up_bw=400 up_lat=0.25
	node a cluster=c1 cores=1
	node b cluster=c2 cores=1
	task x model=amdahl t1=1 scope=any comp=0,0 comm=0,300,0,0
	plan x node=a,b cores=0/0 start=0 end=1
	EOF
	run hs-sim "$tmp/any.hs"
	[ "$status" -eq 0 ]
	[ "$(field run x end)" = 4.625 ]
	[ "$(field run x state)" = done ]
	run hs-sim --solver simgrid "$tmp/any.hs"
	[ "$(field run x end)" = 4.625 ]
	# The runtime model: 2 cores, t1 / 2.
	run hs-sim --model replay "$tmp/any.hs"
	[ "$(field run x end)" = 0.5 ]
	# scope=cluster may not span clusters.
	sed 's/scope=any/scope=cluster/' "$tmp/any.hs" >"$tmp/cl.hs"
	run hs-sim "$tmp/cl.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: $tmp/cl.hs:8: plan x: spans clusters c1 and c2
hs-sim: $tmp/cl.hs: the plan is not valid (1 problem)" ]
}

@test "sim-flow: a walltime kills a parallel task" {
	sed 's/^task c model=amdahl t1=1 comp=30$/task c model=amdahl t1=1 comp=30 walltime=2/' "$tmp/share.hs" >"$tmp/kill.hs"
	run hs-sim "$tmp/kill.hs"
	[ "$status" -eq 0 ]
	[ "$(field run c end)" = 8 ]
	[ "$(field run c state)" = killed ]
	[ "$(field run c energy)" = 20 ]
}

@test "sim-flow: --model replay uses the runtime model" {
	run hs-sim --model replay "$tmp/share.hs"
	[ "$status" -eq 0 ]
	[ "$(field run t end)" = 0.5 ]
	[ "$(field run c start)" = 0.5 ]
	[ "$(field run c end)" = 1.5 ]
	printf '%s\n' "$output" | grep -qx 'prov sim tool=hs-sim version=0.1.0 model=replay'
}

@test "sim-flow: --platform puts another platform under the plan" {
	printf 'hs 1\ncluster c bw=300\nnode a cluster=c cores=1 flops=30\nnode b cluster=c cores=2\nnode d cluster=c cores=1\n' >"$tmp/fast.hs"
	run hs-sim --platform "$tmp/fast.hs" "$tmp/share.hs"
	[ "$status" -eq 0 ]
	[ "$(field run t end)" = 2 ]
	[ "$(field run c end)" = 3 ]
	[ "$(field prov sim platform)" = "$tmp/fast.hs" ]
	printf '%s\n' "$output" | grep -qx 'node a cluster=c cores=1 flops=30'
	[ "$(printf '%s\n' "$output" | grep -c '^node ')" -eq 3 ]
	[ "$(printf '%s\n' "$output" | grep -c '^cluster ')" -eq 1 ]
	printf '%s\n' "$output" | grep -qx 'cluster c bw=300'
	# A platform without the plan's nodes, or a bad one.
	printf 'hs 1\nnode a cores=1\n' >"$tmp/small.hs"
	run hs-sim --platform "$tmp/small.hs" "$tmp/share.hs"
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-sim: $tmp/share.hs:9: plan t: unknown node 'b'" ]
	printf 'hs 1\nnode a cores=0\n' >"$tmp/bad.hs"
	run hs-sim --platform "$tmp/bad.hs" "$tmp/share.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: $tmp/bad.hs:2: node a: cores must be a positive integer, got '0'" ]
	run hs-sim --platform "$tmp/none.hs" "$tmp/share.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: $tmp/none.hs: No such file or directory" ]
	# A platform file that does not read: its own status, 2, also under the
	# sanitizers' leak check (make check-asan), which made it 1.
	printf 'hs 1\nnode a cores=1 x\n' >"$tmp/syntax.hs"
	run hs-sim --platform "$tmp/syntax.hs" "$tmp/share.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: $tmp/syntax.hs:2: field 'x' has no '='" ]
	printf 'node a cores=1\n' >"$tmp/nohdr.hs"
	run hs-sim --platform "$tmp/nohdr.hs" "$tmp/share.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: $tmp/nohdr.hs:1: missing header 'hs 1'" ]
}

@test "sim-flow: comp or comm that does not fit the allotment exits 2" {
	sed 's/^task c model=amdahl t1=1 comp=30$/task c model=amdahl t1=1 comp=30,30/' "$tmp/share.hs" >"$tmp/comp.hs"
	run hs-sim "$tmp/comp.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: $tmp/comp.hs:8: task c: comp has 2 values but its allotment has 1 cores (give 1 or 1)" ]
	sed 's/^plan t node=a,b cores=0\/0/plan t node=a,b cores=0\/0-1/; s/^plan u .*/plan u node=d cores=0 start=0 end=1/' \
		"$tmp/share.hs" >"$tmp/comm.hs"
	run hs-sim "$tmp/comm.hs"
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-sim: $tmp/comm.hs:6: task t: comp has 2 values but its allotment has 3 cores (give 1 or 3)" ]
	[ "${lines[1]}" = "hs-sim: $tmp/comm.hs:6: task t: comm has 4 values but its allotment has 3 cores (give 1 or 9)" ]
}

@test "sim-flow: a duration or a date that overflows is an input error naming the task and the values" {
	# Before: 9e307 + 9e307 bytes ended the task done at 0; 1e300 B at
	# 1e-100 B/s failed it without a word; a release near 1.8e308 ended at inf.
	while IFS='|' read -r bw comm comp flops msg; do
		cat >"$tmp/o.hs" <<-EOF
		hs 1
		cluster c bw=$bw
		node a cluster=c cores=1 speed=1 flops=$flops
		node b cluster=c cores=1 speed=1 flops=10
		task t model=amdahl t1=1 scope=cluster comp=$comp comm=$comm
		plan t node=a,b cores=0/0 start=0 end=1
		EOF
		hs-sim "$tmp/o.hs" >"$tmp/out" 2>"$tmp/err" && st=0 || st=$?
		echo "$comm $comp -> $st $(cat "$tmp/err")"
		[ "$st" -eq 2 ]
		[ ! -s "$tmp/out" ]
		[ "$(cat "$tmp/err")" = "hs-sim: $tmp/o.hs:5: task t: $msg" ]
	done <<-'EOF'
	100|0,9e307,9e307,0|0,0|10|its comm values over link a_link add up beyond 1.8e308 bytes (durations that overflow are an input error)
	1e-100|0,1e300,0,0|0,0|10|1e+300 bytes over link a_link of 1e-100 B/s: a duration beyond 1.8e308 s (durations that overflow are an input error)
	100|0|1e308,0|1e-10|1e+308 flop at 1e-10 flop/s on node a: a duration beyond 1.8e308 s (durations that overflow are an input error)
	EOF
	# A finite duration whose end date overflows: both models, offline and online.
	cat >"$tmp/d.hs" <<-'EOF'
	hs 1
	node a cores=1 speed=1
	task u model=rigid size=1 time=1e308 release=1.7e308
	plan u node=a cores=0 start=1.7e308 end=1.7e308
	EOF
	for args in "" "--model replay" "-a fcfs" "-a fcfs --model replay"; do
		hs-sim $args "$tmp/d.hs" >"$tmp/out" 2>"$tmp/err" && st=0 || st=$?
		[ "$st" -eq 2 ]
		[ ! -s "$tmp/out" ]
		[ "$(cat "$tmp/err")" = "hs-sim: $tmp/d.hs:3: task u: started at 1.7e+308, its duration of 1e+308 s ends beyond 1.8e308 s (dates that overflow are an input error)" ]
	done
	# A parallel task whose end date overflows.
	cat >"$tmp/f.hs" <<-'EOF'
	hs 1
	cluster c bw=1
	node a cluster=c cores=1 speed=1 flops=10
	node b cluster=c cores=1 speed=1 flops=10
	task t model=amdahl t1=1 scope=cluster comp=0,0 comm=0,1e308,0,0 release=1.7e308
	plan t node=a,b cores=0/0 start=1.7e308 end=1.7e308
	EOF
	run hs-sim "$tmp/f.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: $tmp/f.hs:5: task t: started at 1.7e+308, with 1 of its work left at 1.7e+308 at a rate of 1e-308 of it per second it ends beyond 1.8e308 s (dates that overflow are an input error)" ]
}

@test "sim-flow: bad options and missing plan exit 2" {
	run hs-sim --model fast "$tmp/share.hs"
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-sim: option --model: 'fast' must be flow or replay" ]
	[[ ${lines[1]} == "usage: hs-sim "* ]]
	run hs-sim --solver lmm "$tmp/share.hs"
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-sim: option --solver: 'lmm' must be bottleneck or simgrid" ]
	run hs-sim --solver maxmin "$tmp/share.hs"
	[ "$status" -eq 2 ]
	run hs-sim --energy watts "$tmp/share.hs"
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-sim: option --energy: 'watts' must be host or core" ]
	run hs-sim --tcp-gamma -1 "$tmp/share.hs"
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-sim: option --tcp-gamma: '-1' must be at least 0" ]
	grep -v '^plan' "$tmp/share.hs" >"$tmp/noplan.hs"
	run hs-sim "$tmp/noplan.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: $tmp/noplan.hs: no plan records (run hs-plan first, or schedule online: hs-sim -a ALGO)" ]
}

@test "sim-flow: --stats, --progress and --no-progress leave stdout alone" {
	hs-sim --no-progress "$tmp/share.hs" >"$tmp/a.hs"
	hs-sim --progress --stats "$tmp/share.hs" >"$tmp/b.hs" 2>"$tmp/err"
	cmp "$tmp/a.hs" "$tmp/b.hs"
	grep -Eq '^hs-sim: 3 tasks \(3 parallel\) in [0-9.]+ s: [0-9]+ events, [0-9]+ solves' "$tmp/err"
	run hs-sim --help
	[ "$status" -eq 0 ]
	for o in model solver tcp-gamma energy platform check-durations check-simgrid progress no-progress stats; do
		[[ $output == *"--$o"* ]]
	done
}

@test "sim-flow: tasks that the after lists let overlap on a core share it, with a warning" {
	# SimGrid's validation case V5: j1 (1 Gflop) and j2 (2 Gflop) on one
	# core of 1 Gflop/s, planned one after the other but not ordered by
	# an after list; j3 after both.  Half the core each: j1 ends at 2 s,
	# j2 at 3 s, j3 at 4 s.
	# (tests/simgrid/v5.hs, on one core of four here.)
	sed 's/cores=1 flops/cores=4 flops/' "$TOP/tests/simgrid/v5.hs" >"$tmp/v5.hs"
	for solver in bottleneck simgrid; do
		run hs-sim --solver $solver "$tmp/v5.hs"
		[ "$status" -eq 0 ]
		[ "${lines[0]}" = "hs-sim: $tmp/v5.hs: warning: tasks j1 and j2 share core 0 of node n from 0 s: the plan has them at [0, 1] and [1, 3] but no after list orders them" ]
		[ "$(field run j1 end)" = 2 ]
		[ "$(field run j2 start)" = 0 ]
		[ "$(field run j2 end)" = 3 ]
		[ "$(field run j3 end)" = 4 ]
	done
	# The warning goes to stderr only; ordered, the plan runs as planned
	# and silently.
	run sh -c "hs-sim '$tmp/v5.hs' 2>/dev/null | grep -c warning"
	[ "$output" = 0 ]
	sed 's/^plan j2 \(.*\)$/plan j2 \1 after=j1/' "$tmp/v5.hs" >"$tmp/ordered.hs"
	run hs-sim "$tmp/ordered.hs"
	[ "$status" -eq 0 ]
	[[ $output != *warning* ]]
	[ "$(field run j1 end)" = 1 ]
	[ "$(field run j2 end)" = 3 ]
}

@test "sim-flow: --check-simgrid says whether SimGrid's rounds give other rates" {
	run hs-sim --check-simgrid "$tmp/share.hs"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "hs-sim: $tmp/share.hs: rates equal to SimGrid's rounds in all 2 solves" ]
	# SimGrid's stale charge (hs-sim(1)): v2 should get L0's last 25 B/s.
	cp "$TOP/tests/simgrid/stale.hs" "$tmp/stale.hs"
	run hs-sim --check-simgrid "$tmp/stale.hs"
	[ "${lines[0]}" = "hs-sim: $tmp/stale.hs: rates differ from SimGrid's rounds in 1 of 3 solves, first at 0 s" ]
	[ "$(field run v2 end)" = 0.3333333333333333 ]
	run hs-sim --solver simgrid --check-simgrid "$tmp/stale.hs"
	[ "${lines[0]}" = "hs-sim: $tmp/stale.hs: rates differ from the default's rounds in 1 of 3 solves, first at 0 s" ]
	[ "$(field run v2 end)" = 0.36363636363636365 ]
	# Nothing on stdout but the stream, as without it.
	hs-sim "$tmp/stale.hs" >"$tmp/a.hs"
	hs-sim --check-simgrid "$tmp/stale.hs" >"$tmp/b.hs" 2>/dev/null
	cmp "$tmp/a.hs" "$tmp/b.hs"
}

@test "sim-flow: --platform with many more records than the stream's, then online records appended" {
	# hs_sim_replace_platform once recorded a capacity larger than what it
	# allocated when the new platform had more records than the old one:
	# appending the online plan records then wrote past it (ASan).
	printf 'hs 1\nnode a cores=1\ntask j1 model=rigid size=1 time=5\ntask j2 model=rigid size=1 time=5\n' >"$tmp/jobs.hs"
	{
		printf 'hs 1\ncluster c bw=100\n'
		for i in $(seq 1 40); do printf 'node n%d cluster=c cores=1\n' "$i"; done
		for i in $(seq 1 40); do printf 'link l%d bw=100\n' "$i"; done
	} >"$tmp/big.hs"
	run hs-sim -a fcfs --platform "$tmp/big.hs" "$tmp/jobs.hs"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c '^run j')" -eq 2 ]
	[ "$(printf '%s\n' "$output" | grep -c '^link l')" -eq 40 ]
}
