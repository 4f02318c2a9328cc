#!/usr/bin/env bats
# hs-sim -a batsim (hs-batsim(7)): Batsim's side of the protocol against
# real schedulers, pybatsim 3.2.0's own (../shared/clients, unchanged) and
# a small one of the tests' (tests/batsim/client.py) that acts out each
# hand-made case.  Every scheduler binds an ipc:// endpoint in the test's
# directory, runs under timeout(1) and is reaped in teardown
# (tests/batsim/common.bash).  hs-exec -a batsim, whose jobs run for real,
# is 0835-exec-batsim-live.bats, which runs alone (tests/run.sh).

load helper
load batsim/common

setup() {
	batsim_setup || return
	# Four one-core hosts, the jobs of hs-batsim(7)'s first example.
	cat >"$tmp/small.hs" <<-'EOF'
	hs 1
	cluster c
	node n1 cluster=c cores=2
	node n2 cluster=c cores=2
	task 1 model=rigid size=2 time=10 walltime=20 scope=any release=1
	task 2 model=rigid size=3 time=10 walltime=20 scope=any release=2
	task 3 model=rigid size=1 time=3 walltime=5 scope=any release=2
	task 4 model=rigid size=5 time=3 walltime=4 scope=any release=3
	task 5 model=rigid size=1 time=3 walltime=2 scope=any release=4
	EOF
}

# runs FILE: "ID@START:NODES/CORES" of every run record, one line.
runs() {
	awk '$1 == "run" {
		s = ""; n = "-"; c = ""
		for (i = 3; i <= NF; i++) {
			if (split($i, kv, "=") < 2) continue
			if (kv[1] == "start") s = kv[2]
			if (kv[1] == "node") n = kv[2]
			if (kv[1] == "cores") c = kv[2]
			if (kv[1] == "state" && kv[2] == "rejected") s = "R"
		}
		printf "%s%s@%s:%s/%s", sep, $2, s, n, c; sep = " "
	} END { print "" }' "$1"
}

# swf N: the HPC2N trace's first N jobs as pybatsim's scheduler API needs
# them (tests/batsim/hpc2n.sh).
swf() {
	sh "$TOP/tests/batsim/hpc2n.sh" "$HS_BIN" "$SHARED" "$1"
}

@test "batsim: pybatsim's easyBackfill drives hs-sim: every message as Batsim 4 writes it, and the run" {
	pybatsim easyBackfill.py
	run hs-sim -a batsim -o socket="$sock" -o trace="$tmp/trace" "$tmp/small.hs"
	echo "$output"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" >"$tmp/out.hs"
	reaped
	[ "$sched_status" -eq 0 ]
	# the requests, but SIMULATION_BEGINS (below), as Batsim 4.2.1 sends them
	[ "$(grep '^>' "$tmp/trace" | sed -n '2,$p')" = '> {"now":1.0,"events":[{"timestamp":1.0,"type":"JOB_SUBMITTED","data":{"job_id":"w0!1","job":{"id":"w0!1","subtime":1.0,"walltime":20.0,"res":2,"profile":"1"}}}]}
> {"now":2.0,"events":[{"timestamp":2.0,"type":"JOB_SUBMITTED","data":{"job_id":"w0!2","job":{"id":"w0!2","subtime":2.0,"walltime":20.0,"res":3,"profile":"2"}}},{"timestamp":2.0,"type":"JOB_SUBMITTED","data":{"job_id":"w0!3","job":{"id":"w0!3","subtime":2.0,"walltime":5.0,"res":1,"profile":"3"}}}]}
> {"now":3.0,"events":[{"timestamp":3.0,"type":"JOB_SUBMITTED","data":{"job_id":"w0!4","job":{"id":"w0!4","subtime":3.0,"walltime":4.0,"res":5,"profile":"4"}}}]}
> {"now":4.0,"events":[{"timestamp":4.0,"type":"JOB_SUBMITTED","data":{"job_id":"w0!5","job":{"id":"w0!5","subtime":4.0,"walltime":2.0,"res":1,"profile":"5"}}},{"timestamp":4.0,"type":"NOTIFY","data":{"type":"no_more_static_job_to_submit"}}]}
> {"now":5.0,"events":[{"timestamp":5.0,"type":"JOB_COMPLETED","data":{"job_id":"w0!3","job_state":"COMPLETED_SUCCESSFULLY","return_code":0,"alloc":"2"}}]}
> {"now":6.0,"events":[{"timestamp":6.0,"type":"JOB_COMPLETED","data":{"job_id":"w0!5","job_state":"COMPLETED_WALLTIME_REACHED","return_code":-1,"alloc":"3"}}]}
> {"now":11.0,"events":[{"timestamp":11.0,"type":"JOB_COMPLETED","data":{"job_id":"w0!1","job_state":"COMPLETED_SUCCESSFULLY","return_code":0,"alloc":"0-1"}}]}
> {"now":21.0,"events":[{"timestamp":21.0,"type":"JOB_COMPLETED","data":{"job_id":"w0!2","job_state":"COMPLETED_SUCCESSFULLY","return_code":0,"alloc":"0-2"}}]}
> {"now":21.0,"events":[{"timestamp":21.0,"type":"SIMULATION_ENDS","data":{}}]}' ]
	head -1 "$tmp/trace" | grep -q '^> {"now":0.0,"events":\[{"timestamp":0.0,"type":"SIMULATION_BEGINS","data":{"nb_resources":4,"nb_compute_resources":4,"nb_storage_resources":0,"allow_compute_sharing":false,"allow_storage_sharing":true,"config":{"redis-enabled":false,'
	grep -q '"compute_resources":\[{"id":0,"name":"n1/0","state":"idle","properties":{"node":"n1","core":"0","cluster":"c","gpus":"0"},"zone_properties":{}},' "$tmp/trace"
	grep -q '"profiles":{"w0":{"1":{"type":"delay","delay":10.0},' "$tmp/trace"
	# easyBackfill backfills 3 and 5 around 2's reservation, rejects 4
	[ "$(runs "$tmp/out.hs")" = "1@1:n1/0-1 2@11:n1,n2/0-1/0 3@2:n2/0 4@R:-/ 5@4:n2/1" ]
	[[ $output == *"run 5 node=n2 cores=1 start=4 end=6 state=killed"* ]]
	[[ $output == *"prov sim tool=hs-sim "*" algo=batsim plugin=batsim "*" batsim.socket=$sock batsim.messages=10"* ]]
}

@test "batsim: pybatsim's schedFcfs on HPC2N gives every job the start and resources of hs's fcfs, contiguous, one event a call" {
	# The whole trace takes pybatsim about two minutes; the sanitizer run,
	# which sees the same code paths, takes its first 1000 jobs.
	n=3145
	[[ $HS_BUILD != *asan* ]] || n=1000
	swf $n >"$tmp/hpc2n.hs"
	pybatsim schedFcfs.py
	run hs-sim -a batsim -o socket="$sock" "$tmp/hpc2n.hs"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" >"$tmp/bridge.hs"
	reaped
	[ "$sched_status" -eq 0 ]
	grep -q "Job submitted: $n , scheduled: $n , rejected: 0" "$tmp/sched.out"
	hs-sim -a fcfs -o variant=contiguous --per-event "$tmp/hpc2n.hs" >"$tmp/hs.hs"
	[ "$(runs "$tmp/bridge.hs")" = "$(runs "$tmp/hs.hs")" ]
	[ "$(grep -c '^run ' "$tmp/bridge.hs")" -eq "$n" ]
	# By date, two jobs ending at one date free their hosts together:
	# first at job 43, which pybatsim puts on 39's hosts (read first), hs
	# on the lowest block, 40's; same start.
	hs-sim -a fcfs -o variant=contiguous "$tmp/hpc2n.hs" >"$tmp/date.hs"
	first=$(diff <(runs "$tmp/bridge.hs" | tr ' ' '\n') <(runs "$tmp/date.hs" | tr ' ' '\n') |
		grep -m1 '^<' | cut -c3-)
	[[ $first == 43@413920:n61,* ]]
	[ "$(runs "$tmp/date.hs" | tr ' ' '\n' | grep '^43@')" = "43@413920:n41,n42,n43,n44,n45,n46,n47,n48,n49,n50,n51,n52,n53,n54,n55,n56,n57,n58,n59,n60/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0" ]
}

@test "batsim: pybatsim's easyBackfill and hs's easy agree until their rules part: easyBackfill fills a grown block from its end" {
	swf 3145 >"$tmp/hpc2n.hs"
	pybatsim easyBackfill.py
	run hs-sim -a batsim -o socket="$sock" "$tmp/hpc2n.hs"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" >"$tmp/bridge.hs"
	reaped
	[ "$sched_status" -eq 0 ]
	hs-sim -a easy -o variant=contiguous --per-event "$tmp/hpc2n.hs" >"$tmp/hs.hs"
	b=$(runs "$tmp/bridge.hs" | tr ' ' '\n')
	h=$(runs "$tmp/hs.hs" | tr ' ' '\n')
	# jobs 1-49 alike, start and resources
	[ "$(printf '%s\n' "$b" | head -49)" = "$(printf '%s\n' "$h" | head -49)" ]
	# job 50: the resource choice (hs-batsim(7), COMPARED WITH HS'S OWN
	# SCHEDULERS), same start
	[[ $(printf '%s\n' "$b" | sed -n 50p) == 50@415573:n129,* ]]
	[[ $(printf '%s\n' "$h" | sed -n 50p) == 50@415573:n109,* ]]
	# the rule alone: j1 and j2 end, the free block 0-1 grew at its end by
	# j2: easyBackfill gives j4 host 1 from the end, hs the lowest, 0
	cat >"$tmp/end.hs" <<-'EOF'
	hs 1
	cluster c
	node n cluster=c cores=4
	task 1 model=rigid size=1 time=5 walltime=5 scope=any
	task 2 model=rigid size=1 time=10 walltime=10 scope=any
	task 3 model=rigid size=2 time=100 walltime=100 scope=any
	task 4 model=rigid size=1 time=5 walltime=5 scope=any release=20
	EOF
	pybatsim easyBackfill.py
	run hs-sim -a batsim -o socket="$sock" "$tmp/end.hs"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" >"$tmp/end-bridge.hs"
	reaped
	[ "$(runs "$tmp/end-bridge.hs")" = "1@0:n/0 2@0:n/1 3@0:n/2-3 4@20:n/1" ]
	run hs-sim -a easy -o variant=contiguous --per-event "$tmp/end.hs"
	printf '%s\n' "$output" >"$tmp/end-hs.hs"
	[ "$(runs "$tmp/end-hs.hs")" = "1@0:n/0 2@0:n/1 3@0:n/2-3 4@20:n/0" ]
}

@test "batsim: a small FCFS scheduler of the tests' gives hs's fcfs run records on HPC2N, decided per message as hs decides per date" {
	swf 3145 >"$tmp/hpc2n.hs"
	scenario fcfs
	run hs-sim -a batsim -o socket="$sock" "$tmp/hpc2n.hs"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" >"$tmp/bridge.hs"
	reaped
	[ "$sched_status" -eq 0 ]
	hs-sim -a fcfs "$tmp/hpc2n.hs" >"$tmp/hs.hs"
	[ "$(grep '^run ' "$tmp/bridge.hs")" = "$(grep '^run ' "$tmp/hs.hs")" ]
}

@test "batsim: a scheduler that consumes time starts its jobs then (fillerSched: 0.005 s a decision)" {
	pybatsim fillerSched.py
	run hs-sim -a batsim -o socket="$sock" "$tmp/small.hs"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" >"$tmp/out.hs"
	reaped
	[ "$(runs "$tmp/out.hs" | tr ' ' '\n' | grep '^1@')" = "1@1.005:n1/0-1" ]
}

@test "batsim: a kill before completion: JOB_COMPLETED COMPLETED_KILLED, then JOB_KILLED with its progress" {
	cat >"$tmp/k.hs" <<-'EOF'
	hs 1
	node n cores=2
	task a model=rigid size=1 time=10 walltime=20
	task b model=rigid size=1 time=1 release=4
	EOF
	scenario kill
	run hs-sim -a batsim -o socket="$sock" "$tmp/k.hs"
	echo "$output"
	[ "$status" -eq 0 ]
	reaped
	grep -q '^< {"now":4.0,"events":\[{"timestamp":4.0,"type":"JOB_COMPLETED","data":{"job_id":"w0!a","job_state":"COMPLETED_KILLED","return_code":-1,"alloc":"0"}},{"timestamp":4.0,"type":"JOB_KILLED","data":{"job_ids":\["w0!a"\],"job_progress":{"w0!a":{"profile_name":"a","progress":0.4}}}}\]}$' "$tmp/client.log"
	[[ $output == *"run a node=n cores=0 start=0 end=4 state=killed"* ]]
}

@test "batsim: a dynamic job registered at t and executed, acknowledged or not" {
	for s in dynamic dynamic-acked; do
		scenario $s
		run hs-sim -a batsim -o socket="$sock" -o dynamic-jobs=1 \
			$([ $s = dynamic-acked ] && echo -o ack-dynamic-jobs=1) "$tmp/small.hs"
		echo "$s: $output"
		[ "$status" -eq 0 ]
		reaped
		[[ $output == *"task dyn!x model=rigid size=1 time=5 scope=any walltime=10 release=1"* ]]
		[[ $output == *"run dyn!x node=n2 cores=1 start=1 end=6 "* ]]
		if [ $s = dynamic-acked ]; then
			grep -q '"type":"JOB_SUBMITTED","data":{"job_id":"dyn!x"' "$tmp/client.log"
		else
			! grep -q '"type":"JOB_SUBMITTED","data":{"job_id":"dyn!x"' "$tmp/client.log"
		fi
	done
	# without dynamic-jobs=1, as Batsim without --enable-dynamic-jobs
	scenario dynamic
	run hs-sim -a batsim -o socket="$sock" "$tmp/small.hs"
	[ "$status" -eq 1 ]
	[[ $output == *"hs-sim: batsim: REGISTER_PROFILE: dynamic jobs are off (hs-sim -a batsim -o dynamic-jobs=1, Batsim's --enable-dynamic-jobs)"* ]]
}

@test "batsim: CALL_ME_LATER: a REQUESTED_CALL at its date; in the past or now, refused as Batsim refuses it" {
	scenario call-later
	run hs-sim -a batsim -o socket="$sock" "$tmp/small.hs"
	[ "$status" -eq 0 ]
	reaped
	grep -q '^< {"now":8.5,"events":\[{"timestamp":8.5,"type":"REQUESTED_CALL","data":{}}\]}$' "$tmp/client.log"
	for s in call-past call-now; do
		scenario $s
		run hs-sim -a batsim -o socket="$sock" "$tmp/small.hs"
		echo "$output"
		[ "$status" -eq 1 ]
		[[ $output == "hs-sim: batsim: CALL_ME_LATER at "*": not after the current time 1 (Batsim refuses a call in the past or now)"* ]]
		[[ $output != *"run "* ]]
		reaped
		[ "$sched_status" -eq 0 ] # told SIMULATION_ENDS
	done
}

@test "batsim: what Batsim refuses is refused, naming the message: busy, unknown job, too many resources, rejecting a running job" {
	for s in busy unknown-job too-many reject-running; do
		scenario $s
		run hs-sim -a batsim -o socket="$sock" "$tmp/small.hs"
		echo "$s: $output"
		[ "$status" -eq 1 ]
		[[ $output != *"run "* ]]
		case $s in
		busy) [[ $output == *"EXECUTE_JOB: job 'w0!"*"': resource 0 is busy: job 'w0!1' runs there (Batsim's compute sharing is off)"* ]] ;;
		unknown-job) [[ $output == *"EXECUTE_JOB: job 'w0!nope' does not exist"* ]] ;;
		too-many) [[ $output == *"EXECUTE_JOB: job 'w0!1' asks for 2 resources, the allocation has 4"* ]] ;;
		reject-running) [[ $output == *"REJECT_JOB: job 'w0!1' is running and cannot be rejected"* ]] ;;
		esac
		reaped
	done
}

@test "batsim: a malformed message, an unknown event type, an unsupported one: named, exit 1, nothing written" {
	for s in malformed unknown-type to-job-msg; do
		scenario $s
		run hs-sim -a batsim -o socket="$sock" "$tmp/small.hs"
		echo "$s: $output"
		[ "$status" -eq 1 ]
		[[ $output != *"run "* ]]
		case $s in
		malformed) [[ $output == "hs-sim: batsim: the scheduler's reply to message 2: "* ]] ;;
		unknown-type) [[ $output == *"unknown event type 'FOO'"* ]] ;;
		to-job-msg) [[ $output == *"TO_JOB_MSG: not supported by hs-sim -a batsim: hs's jobs take no messages"* ]] ;;
		esac
		reaped
	done
}

@test "batsim: a scheduler that dies, one that never answers: --timeout and -o timeout stop hs-sim, exit 1" {
	scenario die
	run hs-sim -a batsim -o socket="$sock" -o timeout=3 "$tmp/small.hs"
	echo "$output"
	[ "$status" -eq 1 ]
	[[ $output == *"hs-sim: batsim: the scheduler at $sock did not answer message 2: no reply within 3 s"* ]]
	reaped
	scenario silent
	run hs-sim -a batsim -o socket="$sock" --timeout 3 "$tmp/small.hs"
	echo "$output"
	[ "$status" -eq 1 ]
	[[ $output == *"plugin batsim"*"handling events"* ]]
	[[ $output != *"run "* ]]
}

@test "batsim: a reply whose now is in the past: its decisions apply now, as Batsim applies them" {
	scenario now-past
	run hs-sim -a batsim -o socket="$sock" "$tmp/small.hs"
	echo "$output"
	[ "$status" -eq 0 ]
	reaped
	printf '%s\n' "$output" >"$tmp/out.hs"
	[[ $(runs "$tmp/out.hs") == "1@1:n1/0-1 "* ]]
}

@test "batsim: SET_JOB_METADATA on the run record and in jobs.csv; QUERY consumed_energy answered" {
	sed 's/^node \(n[12]\) cluster=c cores=2$/node \1 cluster=c cores=2 cpu_busy=10 cpu_idle=1/' "$tmp/small.hs" >"$tmp/e.hs"
	scenario metadata
	run hs-sim -a batsim -o socket="$sock" "$tmp/e.hs"
	[ "$status" -eq 0 ]
	reaped
	[[ $output == *"run 1 node=n1 cores=0-1 start=1 end=11 state=done "*"metadata='seen at 1'"* ]]
	printf '%s\n' "$output" >"$tmp/out.hs"
	hs-report -f batsim-jobs "$tmp/out.hs" | grep -q '^1,.*,"seen at 1"$'
	scenario energy
	run hs-sim -a batsim -o socket="$sock" "$tmp/e.hs"
	[ "$status" -eq 0 ]
	reaped
	# at 2: 4 cores idle 2 s (8 J) and job 1's two cores 9 W above idle 1 s
	grep -q '"type":"ANSWER","data":{"consumed_energy":26.0}' "$tmp/client.log"
}

# asleep FILE: every run on a node that was not on (a power record other
# than pN overlapping it), one line each; nothing when none.
asleep() {
	awk 'NR == FNR { # the power records first: they follow the runs
		if ($1 == "power" && $3 !~ /^state=p/) {
			split($4, a, "="); split($5, b, "="); n[$2]++; s[$2, n[$2]] = a[2]; e[$2, n[$2]] = b[2]
		}
		next
	}
	$1 == "run" {
		for (i = 3; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
		k = split(f["node"], nodes, ",")
		for (j = 1; j <= k; j++)
			for (m = 1; m <= n[nodes[j]]; m++)
				if (s[nodes[j], m] < f["end"] && f["start"] < e[nodes[j], m])
					print $2, "on", nodes[j], "from", f["start"], "to", f["end"]
	}' "$1" "$1"
}

@test "batsim: pybatsim's fcfsSchedSleep (unchanged) puts hosts to sleep and wakes them: Batsim's pstates, power records, the energy hs-report recomputes" {
	# Batsim's energy platform: pstates 0-2 compute, 3 sleeps, 4 and 5
	# switch (10 s off, 20 s on); one-core hosts, where the host and core
	# energy models agree
	{
		printf 'hs 1\nplatform p xml=%s\n' "$TOP/tests/simgrid/energy-sleep.xml"
		printf 'task 1 model=rigid size=1 time=100 walltime=200 scope=any release=1\n'
		printf 'task 2 model=rigid size=2 time=50 walltime=100 scope=any release=5\n'
		printf 'task 3 model=rigid size=4 time=20 walltime=40 scope=any release=30\n'
		printf 'task 4 model=rigid size=1 time=10 walltime=20 scope=any release=400\n'
	} >"$tmp/sleep.hs"
	# Batsim writes RESOURCE_STATE_CHANGED's state as a string ("3"), which
	# fcfsSchedSleep.py compares with ints (it was written for Batsim's
	# older text protocol): it gives up at once
	pybatsim fcfsSchedSleep.py
	run hs-sim -a batsim -o socket="$sock" -o timeout=2 "$tmp/sleep.hs"
	[ "$status" -eq 1 ]
	reaped
	grep -q 'Switched to an unhandled pstate: 3' "$tmp/sched.err"
	# as numbers, it runs
	pybatsim fcfsSchedSleep.py
	run hs-sim -a batsim -o socket="$sock" -o pstate-json=number -o trace="$tmp/trace" "$tmp/sleep.hs"
	echo "$output"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" >"$tmp/out.hs"
	reaped
	[ "$sched_status" -eq 0 ]
	# the idle hosts sleep at 1 (Batsim's pstate 3), two wake for job 2
	# (pstate 0): 10 s off, 20 s on
	grep -q '^> {"now":11.0,"events":\[{"timestamp":11.0,"type":"RESOURCE_STATE_CHANGED","data":{"resources":"1","state":3}},' "$tmp/trace"
	grep -q '^> {"now":31.0,"events":\[{"timestamp":31.0,"type":"RESOURCE_STATE_CHANGED","data":{"resources":"1","state":0}},{"timestamp":31.0,"type":"RESOURCE_STATE_CHANGED","data":{"resources":"2","state":0}}\]}$' "$tmp/trace"
	[ "$(runs "$tmp/out.hs")" = "1@1:host0/0 2@31:host1,host2/0/0 3@121:host0,host1,host2,host3/0/0/0/0 4@420:host0/0" ]
	[ "$(grep '^power host1 ' "$tmp/out.hs" | head -5 | tr '\n' '|')" = "power host1 state=p0 start=0 end=1|power host1 state=off0 start=1 end=11|power host1 state=sleep0 start=11 end=11|power host1 state=on0 start=11 end=31|power host1 state=p0 start=31 end=81|" ]
	grep -q '^power host0 state=sleep0 start=151 end=400$' "$tmp/out.hs"
	# no job on a node that was not on
	[ -z "$(asleep "$tmp/out.hs")" ]
	# the run's energy, and hs-report's from the records
	e=$(sed -n 's/^prov sim .* energy=\([^ ]*\) .*/\1/p' "$tmp/out.hs")
	[ "$e" = 93041 ]
	[ "$(hs-report "$tmp/out.hs" | awk '$1 == "energy" { print $2 }')" = "$e" ]
	[ "$(hs-report "$tmp/out.hs" | awk '$1 == "switches" { print $2 }')" = 16 ]
}

@test "batsim: SET_RESOURCE_STATE in Batsim's pstate numbers (simgrid_pstates=), a node per request, RESOURCE_STATE_CHANGED once done; QUERY answers the run's energy" {
	# Batsim's pstates 0 and 4 compute (hs's 0 and 1), 2 sleeps (hs's 2),
	# 1 and 3 switch
	st='pstates=1:1:10,0.5:1:5 sleep=0.5:2:4:3:6 simgrid_pstates=0,-,2,-,1'
	printf 'hs 1\nnode n1 cores=2 %s\nnode n2 cores=2 %s\ntask a model=rigid size=2 time=10 release=1\n' "$st" "$st" >"$tmp/p.hs"
	for r in core node; do
		scenario pstate
		run hs-sim -a batsim -o socket="$sock" -o resource=$r "$tmp/p.hs"
		echo "$r: $output"
		[ "$status" -eq 0 ]
		reaped
		# core 2 (resource=core) or node 1 asks: node n2 sleeps, every
		# core of it is told; 2 s off, 3 s on into Batsim's pstate 4
		res=2-3
		[ $r = core ] || res=1
		grep -q '^< {"now":3.0,"events":\[{"timestamp":3.0,"type":"RESOURCE_STATE_CHANGED","data":{"resources":"'$res'","state":"2"}}\]}$' "$tmp/client.log"
		grep -q '^< {"now":6.0,"events":\[{"timestamp":6.0,"type":"RESOURCE_STATE_CHANGED","data":{"resources":"'$res'","state":"4"}}\]}$' "$tmp/client.log"
		# at 3: n1 2 W idle for 1 s, then its 2 cores busy (20 W) 2 s;
		# n2 2 W idle for 1 s, then 4 J to switch off
		grep -q '^< {"now":3.0,"events":\[{"timestamp":3.0,"type":"ANSWER","data":{"consumed_energy":48.0}}\]}$' "$tmp/client.log"
		[ "$(grep '^power ' <<<"$output" | tr '\n' '|')" = "power n2 state=p0 start=0 end=1|power n2 state=off0 start=1 end=3|power n2 state=sleep0 start=3 end=3|power n2 state=on0 start=3 end=6|power n2 state=p1 start=6 end=11|" ]
	done
	# refused, the request named, nothing written
	while IFS='|' read -r s want; do
		scenario "$s"
		run hs-sim -a batsim -o socket="$sock" "$tmp/p.hs"
		reaped
		[ "$status" -eq 1 ] && [ "$output" = "hs-sim: batsim: $want" ] || { echo "$s: $status $output"; false; }
	done <<-'EOF'
	pstate-virtual|SET_RESOURCE_STATE (resources '2', state '1'): pstate 1 of node n2 is a switching (virtual) pstate, one a switch passes through: ask for a computing or a sleep pstate
	pstate-none|SET_RESOURCE_STATE (resources '2', state '7'): node n2 has no pstate 7 (Batsim's pstates of the node: 0-4)
	EOF
}

@test "batsim: -o resource=node: a resource per node, whole nodes" {
	scenario fcfs
	run hs-sim -a batsim -o socket="$sock" -o resource=node "$tmp/small.hs"
	echo "$output"
	[ "$status" -eq 0 ]
	reaped
	grep -q '"nb_resources":2,' "$tmp/client.log"
	grep -q '"job_id":"w0!2","job":{"id":"w0!2","subtime":2.0,"walltime":20.0,"res":2,' "$tmp/client.log"
	[[ $output == *"run 2 node=n1,n2 cores=0-1/0 "* ]]
}

@test "batsim: what Batsim cannot express, and bad options, are refused at the start (exit 2)" {
	printf 'hs 1\nnode n cores=2 gpus=1\ntask g model=gpu gpu_time=3\n' >"$tmp/g.hs"
	run hs-sim -a batsim -o socket="$sock" "$tmp/g.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: batsim: job g runs on a GPU: Batsim's jobs ask for resources of one kind, here cores; hs-sim -a batsim takes CPU jobs only" ]
	printf 'hs 1\nnode n cores=2 gpus=1\ntask m model=rigid size=1 time=3 gpu_time=1\n' >"$tmp/m.hs"
	run hs-sim -a batsim -o socket="$sock" "$tmp/m.hs"
	[ "$status" -eq 2 ]
	[[ $output == *"job m may run on cores or on a GPU (on=any): a choice Batsim's jobs cannot express; give it on=cpu" ]]
	printf 'hs 1\nnode a cores=2\nnode b cores=4\ntask t model=rigid size=1 time=1\n' >"$tmp/h.hs"
	run hs-sim -a batsim -o resource=node "$tmp/h.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: batsim: resource=node needs nodes of one size: a has 2 cores, b 4" ]
	run hs-sim -a batsim -o socket=nowhere "$tmp/small.hs"
	[ "$status" -eq 2 ]
	[[ $output == "hs-sim: batsim: socket: "* ]]
	run hs-sim -a batsim -o ack-dynamic-jobs=1 "$tmp/small.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: batsim: ack-dynamic-jobs=1 needs dynamic-jobs=1" ]
	run hs-sim -a batsim -o timeout=-1 "$tmp/small.hs"
	[ "$status" -eq 2 ]
	run hs-sim -a batsim -o help
	[ "$status" -eq 0 ]
	[[ $output == *"socket"*"tcp://localhost:28000"* ]]
}
