#!/usr/bin/env bats
# Power states under an online algorithm (online ABI 3): switches off and
# on with their time and energy, speed levels, what the host refuses, the
# power records and the energy counted with them (hs-sim and hs-report),
# and the backfill family's idle shutdown (shutdown=T).

load helper

setup() {
	tmp=$(mktemp -d)
	# Two 1-core nodes (host and core energy models agree), each at full
	# or half speed, sleeping at 2 W after 5 s and 50 J, waking in 10 s
	# and 100 J.
	cat >"$tmp/two.hs" <<'HS'
hs 1
platform p
cluster c
node n0 cluster=c cores=1 cpu_busy=20 cpu_idle=10 pstates=1:10:20,0.5:6:12 sleep=2:5:50:10:100
node n1 cluster=c cores=1 cpu_busy=20 cpu_idle=10 pstates=1:10:20,0.5:6:12 sleep=2:5:50:10:100
task j1 model=rigid size=1 time=10 walltime=100
task j2 model=rigid size=1 time=10 walltime=100 release=100
HS
	script="$TESTPLUGINS/power.so:script"
}

teardown() {
	rm -rf "$tmp"
}

provkey() {
	grep '^prov sim ' "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"
}

@test "power: a node switched off and on around a gap, the other at half speed: spans, energy by hand" {
	# n0 runs j1 [0,10], switches off [10,15], sleeps to 100, wakes
	# [100,110], idles to 120; n1 goes to half speed at 10 and runs j2
	# [100,120] (10 s of work at half speed).
	run bash -c 'hs-sim -a "$1" -o do=10:0:2,10:1:1,100:0:0 "$2" 2>/dev/null' _ "$script" "$tmp/two.hs"
	[ "$status" -eq 0 ]
	[ "$(run_field <(printf '%s\n' "$output") j2 end)" = 120 ]
	[ "$(records power)" = "n0 state=p0 start=0 end=10
n0 state=off0 start=10 end=15
n0 state=sleep0 start=15 end=100
n0 state=on0 start=100 end=110
n0 state=p0 start=110 end=120
n1 state=p0 start=0 end=10
n1 state=p1 start=10 end=120" ]
	# n0: 200 + 50 + 2*85 + 100 + 10*10 = 620; n1: 10*10 + 12*20 + 6*90 = 880
	printf '%s\n' "$output" >"$tmp/out.hs"
	[ "$(provkey energy "$tmp/out.hs")" = 1500 ]
	[ "$(run_field "$tmp/out.hs" j2 energy)" = 240 ]
	# hs-report counts the same from the records (1-core nodes: per core = per node)
	run hs-report -f tsv -m energy,asleep_time,switching_time,switches "$tmp/out.hs"
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "energy	1500	run" ]
	[ "${lines[2]}" = "asleep_time	85	power" ]
	[ "${lines[3]}" = "switching_time	15	power" ]
	[ "${lines[4]}" = "switches	2	power" ]
}

@test "power: the algorithm sees each switch end, and the energy so far" {
	run hs-sim -a "$script" -o do=10:0:2,10:1:1,100:0:0 "$tmp/two.hs"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -qx 'power asked 10 0 off 2 2 15 busy=0 energy=300'
	printf '%s\n' "$output" | grep -qx 'power event 10 1 on 1 1 inf busy=0 energy=300'
	printf '%s\n' "$output" | grep -qx 'power event 15 0 asleep 2 2 inf busy=0 energy=380'
	printf '%s\n' "$output" | grep -qx 'power asked 100 0 waking 2 0 110 busy=0 energy=1060'
	printf '%s\n' "$output" | grep -qx 'power event 110 0 on 0 0 inf busy=0 energy=1280'
}

@test "power: what the host refuses, each with its reason" {
	check() {
		run hs-sim -a "$script" -o "$1" "$tmp/two.hs"
		[ "$status" -eq 1 ]
		[[ "$output" == *"$2"* ]] || { echo "$output"; return 1; }
	}
	check 'do=0:0:2,blind=1' "job j1: node n0 is switching off: only a node that is on runs jobs"
	check 'do=5:0:1' "set_pstate: node n0 runs job j1: its state changes only while it runs nothing"
	check 'do=1:1:2,1:1:2' "set_pstate: node n1 is switching off until 6"
	check 'do=1:1:2,20:1:2' "set_pstate: node n1 is asleep: it wakes into a computing state (0..1), not state 2"
	check 'do=1:1:7' "set_pstate: node n1 has no state 7 (computing 0..1, sleeping 2)"
	check 'do=1:9:0' "set_pstate: no node 9 (nodes are 0..1)"
}

@test "power: a platform without states, or states never changed, writes no power record" {
	run hs-sim -a "$script" "$tmp/two.hs"
	[ "$status" -eq 0 ]
	[ -z "$(records power)" ]
	printf '%s\n' "$output" >"$tmp/a.hs"
	run hs-sim -a fcfs "$tmp/two.hs"
	[ "$status" -eq 0 ]
	[ -z "$(records power)" ]
	[ "$(provkey energy "$tmp/a.hs")" = "$(printf '%s\n' "$output" | grep '^prov sim' | tr ' ' '\n' | sed -n 's/^energy=//p')" ]
}

@test "power: a job's energy in a state that draws power where the first state draws none" {
	# no node draws power at the start; n0 runs j1 [0,10] in a state of
	# 0 W, goes to one of 12 W busy at half speed at 10, and runs j2 there
	# [100,120]: 20 s at 12 W
	sed -e 's/^node n0 .*/node n0 cluster=c cores=1 pstates=1:0:0,0.5:6:12/' \
		-e 's/^node n1 .*/node n1 cluster=c cores=1/' "$tmp/two.hs" >"$tmp/zero.hs"
	run bash -c 'hs-sim -a "$1" -o do=10:0:1 "$2" 2>/dev/null' _ "$script" "$tmp/zero.hs"
	[ "$status" -eq 0 ]
	[ "$(run_field <(printf '%s\n' "$output") j2 node)" = n0 ]
	[ "$(run_field <(printf '%s\n' "$output") j2 end)" = 120 ]
	[ "$(run_field <(printf '%s\n' "$output") j2 energy)" = 240 ]
	[ "$(run_field <(printf '%s\n' "$output") j1 energy)" = 0 ]
}

@test "power: hs-report reads power records and names the line of a bad one" {
	run hs-sim -a "$script" -o do=10:0:2,100:0:0 "$tmp/two.hs"
	printf '%s\n' "$output" | grep -v '^power asked\|^power event' >"$tmp/ok.hs"
	sed 's/state=sleep0/state=nap0/' "$tmp/ok.hs" >"$tmp/bad.hs"
	run hs-report "$tmp/bad.hs"
	[ "$status" -eq 2 ]
	[[ "$output" == *"bad.hs:"*": power n0: state= must be pK, offK, sleepK or onK"* ]]
	sed 's/state=sleep0 start=15/state=sleep0 start=16/' "$tmp/ok.hs" >"$tmp/gap.hs"
	run hs-report "$tmp/gap.hs"
	[ "$status" -eq 2 ]
	[[ "$output" == *"power n0: a node's spans follow each other without gap or overlap"* ]]
	sed 's/^power n0 state=off0 start=10 end=15/power n0 state=off0 start=10 end=14/' "$tmp/ok.hs" >"$tmp/short.hs"
	run hs-report "$tmp/short.hs"
	[ "$status" -eq 2 ]
	run hs-report --plot-time power "$tmp/ok.hs"
	[ "$status" -eq 0 ]
	[[ "$output" == *"<svg"* ]]
}

@test "backfill shutdown=: idle nodes sleep, a reservation wakes them in time (fcfs, easy, conservative)" {
	cat >"$tmp/b.hs" <<'HS'
hs 1
platform p
cluster c
node n0 cluster=c cores=2 cpu_busy=20 cpu_idle=10 sleep=2:5:50:10:100
node n1 cluster=c cores=2 cpu_busy=20 cpu_idle=10 sleep=2:5:50:10:100
task j1 model=rigid size=2 time=10 walltime=20
task j3 model=rigid size=1 time=30 walltime=40 release=200
task j4 model=rigid size=2 time=10 walltime=20 release=205
HS
	for a in fcfs easy conservative; do
		run hs-sim -a $a -o shutdown=20 "$tmp/b.hs"
		[ "$status" -eq 0 ]
		printf '%s\n' "$output" >"$tmp/$a.hs"
		# both asleep by 200: j3 waits for a wake-up (10 s)
		[ "$(run_field "$tmp/$a.hs" j3 start)" = 210 ]
		records power | grep -qx 'n1 state=off0 start=20 end=25'
		records power | grep -qx 'n0 state=off0 start=30 end=35'
		records power | grep -qx 'n0 state=on0 start=200 end=210'
	done
	# conservative reserves j4 on sleeping n1 at 215 and wakes it at 205;
	# fcfs and easy look at the head only: n1 wakes once j3 started
	[ "$(run_field "$tmp/conservative.hs" j4 start)" = 215 ]
	[ "$(run_field "$tmp/fcfs.hs" j4 start)" = 220 ]
	[ "$(run_field "$tmp/easy.hs" j4 start)" = 220 ]
	# energy conserved: the simulator's (per core) is hs-report's
	run hs-sim --energy core -a conservative -o shutdown=20 "$tmp/b.hs"
	printf '%s\n' "$output" >"$tmp/core.hs"
	run hs-report -f tsv -m energy "$tmp/core.hs"
	[ "${lines[1]}" = "energy	$(provkey energy "$tmp/core.hs")	run" ]
	[ "$(provkey energy "$tmp/core.hs")" = 3790 ]
}

@test "backfill shutdown=: nodes without the sleeping state, and the variants it does not work with" {
	run hs-sim -a easy -o shutdown=60 "$tmp/two.hs"
	[ "$status" -eq 0 ]
	run hs-sim -a easy -o shutdown=60,sleep=1 "$tmp/two.hs"
	[ "$status" -eq 2 ]
	[[ "$output" == *"shutdown=: node n0 has no sleeping state 1 (it has 1"* ]]
	run hs-sim -a easy -o shutdown=60,reserve=count "$tmp/two.hs"
	[ "$status" -eq 2 ]
	[[ "$output" == *"not with reserve=count"* ]]
	grep -v '^node n1' "$tmp/two.hs" | sed 's/ sleep=2:5:50:10:100//' >"$tmp/nosleep.hs"
	run hs-sim -a fcfs -o shutdown=0 "$tmp/nosleep.hs"
	[ "$status" -eq 2 ]
	[[ "$output" == *"node n0 has no sleeping state 0 (it has 0"* ]]
}
