#!/usr/bin/env bats
# hs-exec -a: an online algorithm decides while the jobs run for real on
# this machine (local back end), against what hs-sim -a decides for the
# same stream; faults, signals, the event log and its replay, bad usage.
# Times: the jobs sleep their stream time divided by --time-scale; dates
# are compared with a tolerance of a few hundred milliseconds of the
# stream's time, a hundred times what a decision takes here (bench/live.sh).
# hs-test: alone (live decisions on real jobs: dates within 0.3 s of the
# simulation's, a walltime kill within 1.3 s)

load helper

setup() {
	W=$BATS_TEST_TMPDIR
	LOGS=$W/logs
}

platform() { local_platform; }

# Four jobs on two cores: d is killed at its walltime, b waits for a and
# d, c for b (hs-sim -a easy: a 0, d 0.7, b 1.7, c 2.7).
four() {
	platform
	echo "task a model=rigid size=1 time=1 walltime=3 cmd='sleep \$HS_TIME'"
	echo "task b model=rigid size=2 time=1 walltime=3 release=0.5 cmd='sleep \$HS_TIME'"
	echo "task c model=rigid size=1 time=2 walltime=3 release=0.6 cmd='sleep \$HS_TIME'"
	echo "task d model=rigid size=1 time=1 walltime=1 release=0.7 cmd='sleep 5'"
}

# "ID cores start" of the plan records in $1, by start.
decisions() {
	awk '$1 == "plan" { c = s = ""; for (i = 3; i <= NF; i++) { split($i, kv, "=");
		if (kv[1] == "cores") c = kv[2]; if (kv[1] == "start") s = kv[2] } print $2, c, s }' "$1" |
		sort -g -k3
}

@test "exec-live: EASY decides live as in simulation: the same jobs on the same cores in the same order, at the same dates within 0.3 s" {
	four >"$W/in.hs"
	hs-sim -a easy "$W/in.hs" >"$W/sim.hs"
	run hs-exec -a easy --time-scale 2 -L "$LOGS" "$W/in.hs"
	echo "$output"
	[ "$status" -eq 1 ] # d was killed
	grep -v '^hs-exec: warning' <<<"$output" >"$W/real.hs"
	[[ "$output" == *"hs-exec: warning: task d killed at its walltime of 1 s"* ]]
	decisions "$W/sim.hs" >"$W/d.sim"
	decisions "$W/real.hs" >"$W/d.real"
	cat "$W/d.sim" "$W/d.real"
	diff <(cut -d' ' -f1,2 "$W/d.sim") <(cut -d' ' -f1,2 "$W/d.real")
	paste -d' ' "$W/d.sim" "$W/d.real" | awk '{ d = $6 - $3; if (d < 0 || d > 0.3) exit 1 }'
	# every job has its plan and run records; d killed, the others done
	[ "$(grep -c '^plan ' "$W/real.hs")" -eq 4 ]
	[ "$(grep -c '^run ' "$W/real.hs")" -eq 4 ]
	[ "$(run_field "$W/real.hs" d state)" = killed ]
	for j in a b c; do [ "$(run_field "$W/real.hs" $j state)" = done ]; done
	# provenance: live, the scale, the algorithm
	grep -q '^prov exec .*time_scale=2 mode=live algo=easy plugin=backfill' "$W/real.hs"
	grep -q '^end stream records=.* plans=4 runs=4$' "$W/real.hs"
	# hs-report reads it and compares it with the simulation
	run hs-report --relative-to "$W/sim.hs" "$W/real.hs"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"jobs "*"4"* ]]
}

@test "exec-live: the walltime counts from the decision: d is killed 1 s (stream) after it was started" {
	four >"$W/in.hs"
	run hs-exec -a easy --time-scale 2 -L "$LOGS" "$W/in.hs"
	grep '^plan\|^run' <<<"$output"
	ps=$(awk '$1 == "plan" && $2 == "d"' <<<"$output" | tr ' ' '\n' | sed -n 's/^start=//p')
	re=$(awk '$1 == "run" && $2 == "d"' <<<"$output" | tr ' ' '\n' | sed -n 's/^end=//p')
	echo "decided $ps, ended $re"
	awk -v s="$ps" -v e="$re" 'BEGIN { exit !(e - s >= 1 && e - s < 1.3) }'
	grep -q '^run d .* state=killed exit=143' <<<"$output"
}

@test "exec-live: a job that ends before its walltime lets a reservation move forward, as in simulation" {
	{
		platform
		echo "task j1 model=rigid size=2 time=0.5 walltime=10 cmd='sleep \$HS_TIME'"
		echo "task j2 model=rigid size=2 time=0.5 walltime=10 release=0.1 cmd='sleep \$HS_TIME'"
	} >"$W/in.hs"
	run hs-exec -a conservative --time-scale 2 -L "$LOGS" "$W/in.hs"
	echo "$output"
	[ "$status" -eq 0 ]
	# j2 was reserved at 10 (j1's walltime) and started when j1 ended
	grep -q '^plan j2 .* resv=10' <<<"$output"
	s2=$(awk '$1 == "plan" && $2 == "j2"' <<<"$output" | tr ' ' '\n' | sed -n 's/^start=//p')
	e1=$(awk '$1 == "run" && $2 == "j1"' <<<"$output" | tr ' ' '\n' | sed -n 's/^end=//p')
	awk -v s="$s2" -v e="$e1" 'BEGIN { exit !(s >= e && s < e + 0.3) }'
}

@test "exec-live: a job that exits non-zero is an END failed; the algorithm goes on; exit status 1" {
	{
		platform
		echo "task f model=rigid size=2 time=0.2 cmd='exit 3'"
		echo "task g model=rigid size=2 time=0.2 release=0.1 cmd='sleep \$HS_TIME'"
	} >"$W/in.hs"
	run hs-exec -a fcfs -L "$LOGS" --event-log "$W/ev" "$W/in.hs"
	echo "$output"
	[ "$status" -eq 1 ]
	grep -q '^run f .* state=failed exit=3$' <<<"$output"
	grep -q '^run g .* state=done exit=0$' <<<"$output"
	grep -q ' end f failed$' "$W/ev"
	grep -q ' end g done$' "$W/ev"
}

@test "exec-live: SIGTERM kills the running jobs, writes their records and closes the stream; exit 143" {
	{
		platform
		echo "task l1 model=rigid size=1 time=60 cmd='sleep \$HS_TIME'"
		echo "task l2 model=rigid size=1 time=60 cmd='sleep \$HS_TIME'"
		echo "task l3 model=rigid size=1 time=60 cmd='sleep \$HS_TIME'"
	} >"$W/in.hs"
	hs-exec -a fcfs -L "$LOGS" "$W/in.hs" >"$W/out.hs" 2>"$W/err" &
	pid=$!
	for _ in $(seq 100); do [ -e "$LOGS/l2.out" ] && break; sleep 0.05; done
	kill -TERM $pid
	status=0
	wait $pid || status=$?
	cat "$W/out.hs" "$W/err"
	[ "$status" -eq 143 ]
	grep -q '^run l1 .* state=killed' "$W/out.hs"
	grep -q '^run l2 .* state=killed' "$W/out.hs"
	grep -q '^plan l1 ' "$W/out.hs"
	! grep -q '^run l3' "$W/out.hs"     # never started: no record
	grep -q '^end stream ' "$W/out.hs"
	! pgrep -f 'sleep 60' -P $$ >/dev/null
}

@test "exec-live: a decision the host refuses (a busy core) is the plugin's error: exit 1, the running job killed and recorded" {
	{
		platform
		for j in x y z; do echo "task $j model=rigid size=1 time=30 cmd='sleep \$HS_TIME'"; done
	} >"$W/in.hs"
	# first-fit starts x and y, then z on core 0, x's
	run hs-exec -a "$TESTPLUGINS/online.so:mistake" -o kind=busy -L "$LOGS" "$W/in.hs"
	echo "$output"
	[ "$status" -eq 1 ]
	[[ "$output" == *"job z: core 0 (node local) is busy: job x runs there"* ]]
	grep -q '^run x .* state=killed' <<<"$output"
	grep -q '^run y .* state=killed' <<<"$output"
	! grep -q '^run z' <<<"$output"
	grep -q '^end stream ' <<<"$output"
}

@test "exec-live: a note on a job whose records were written already is said once, not lost silently" {
	{
		platform
		echo "task x model=rigid size=2 time=0.1 cmd='sleep \$HS_TIME'"
		echo "task y model=rigid size=2 time=0.1 release=0.3 cmd='sleep \$HS_TIME'"
	} >"$W/in.hs"
	run hs-exec -a "$TESTPLUGINS/online.so:mistake" -o kind=late-note -L "$LOGS" "$W/in.hs"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(grep -c "note 'late' came after its records were written" <<<"$output")" -eq 1 ]
	# in the simulator a note comes in time: on the records
	run hs-sim -a "$TESTPLUGINS/online.so:mistake" -o kind=late-note "$W/in.hs"
	[ "$status" -eq 0 ]
	grep -q '^plan x .* late=' <<<"$output"
}

@test "exec-live: a plugin's printf goes to stderr between the records written while jobs run; the output stays a stream" {
	{
		platform
		echo "task x model=rigid size=1 time=0.1 cmd='sleep \$HS_TIME'"
		echo "task y model=rigid size=1 time=0.1 release=0.2 cmd='sleep \$HS_TIME'"
		echo "task z model=rigid size=2 time=0.1 release=0.4 cmd='sleep \$HS_TIME'"
	} >"$W/in.hs"
	# x's records are written before y comes, y's before z: fd 1 is the
	# tool's again after each call (hs-sim keeps it the plugin's)
	run bash -c 'hs-exec -a "$1" -o kind=print -L "$2" "$3" 2>"$4"' _ "$TESTPLUGINS/online.so:mistake" "$LOGS" \
		"$W/in.hs" "$W/err"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(grep -c 'not a record' <<<"$output")" -eq 0 ]
	[ "$(grep -c '^not a record of the stream$' "$W/err")" -ge 3 ]
	[ "$(grep -c '^run ' <<<"$output")" -eq 3 ]
	printf '%s\n' "$output" | hs-report >/dev/null
}

@test "exec-live: the event log of a live run, replayed through hs-sim's driver, gives the same decisions at the same dates" {
	four >"$W/in.hs"
	hs-exec -a easy --time-scale 2 -L "$LOGS" --event-log "$W/ev" "$W/in.hs" >"$W/real.hs" 2>/dev/null || true
	head -3 "$W/ev"
	[ "$(head -1 "$W/ev")" = '# hs event log 1' ]
	run hs-sim -a easy --replay-events "$W/ev" "$W/in.hs"
	echo "$output"
	[ "$status" -eq 0 ]
	# the plan records but their ends (real there, the END's date here)
	diff <(grep '^plan' "$W/real.hs" | sed 's/ end=[^ ]*//' | sort) \
		<(grep '^plan' <<<"$output" | sed 's/ end=[^ ]*//; s/ after=[^ ]*//' | sort)
	# another algorithm given the same events decides otherwise: said
	run hs-sim -a fcfs --replay-events "$W/ev" "$W/in.hs"
	echo "$output"
	[ "$status" -eq 1 ]
	[[ "$output" == *"job d ends here, but the algorithm did not start it: its decisions differ from the logged run's"* ]]
}

@test "exec-live: a trace replayed for real: hs-gen swf --cmd | hs-exec -a easy --time-scale | hs-report" {
	hs-gen swf -q --platform local -n 12 --max-size 2 --walltime max --release shift \
		--cmd 'sleep $HS_TIME' "$SHARED/data/traces/HPC2N-2002-2.2-cln.first3171.swf" >"$W/jobs.hs"
	# the 12 jobs' submissions span about 2.3 days: run in about 2 s
	run bash -c "hs-exec -a easy --time-scale 100000 -L '$LOGS' '$W/jobs.hs' | tee '$W/real.hs' | hs-report -m makespan"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"makespan "* ]]
	[ "$(grep -c '^run .* state=done exit=0$' "$W/real.hs")" -eq 12 ]
}

@test "exec-live: GPU jobs decided live each get their GPU (CUDA_VISIBLE_DEVICES), a CPU job none" {
	# two GPUs as hs-exec counts them (HS_LOCAL_GPUS): what a job is given
	{
		printf '%s\n' 'hs 1' 'cluster local' 'node local cluster=local cores=2 gpus=2'
		for j in g1 g2; do echo "task $j model=gpu gpu_time=0.3 cmd='echo \$HS_TASK \$CUDA_VISIBLE_DEVICES; sleep \$HS_TIME'"; done
		echo "task c model=rigid size=1 time=0.3 cmd='echo \$HS_TASK \"\$CUDA_VISIBLE_DEVICES\"'"
	} >"$W/in.hs"
	HS_LOCAL_GPUS=2 run hs-exec -a "$TESTPLUGINS/online.so:first-fit" -L "$LOGS" "$W/in.hs"
	echo "$output"
	[ "$status" -eq 0 ]
	for j in g1 g2; do
		g=$(run_field <(printf '%s\n' "$output") $j gpus)
		[ "$(cat "$LOGS/$j.out")" = "$j $g" ]
	done
	[ "$(run_field <(printf '%s\n' "$output") g1 gpus)" != "$(run_field <(printf '%s\n' "$output") g2 gpus)" ]
	[ "$(cat "$LOGS/c.out")" = "c " ]
	# a machine without them: refused before anything runs
	HS_LOCAL_GPUS=0 run hs-exec -a "$TESTPLUGINS/online.so:first-fit" -L "$W/l2" "$W/in.hs"
	[ "$status" -eq 2 ]
	[[ "$output" == *"node local: planned on GPUs 0-1, but this machine has 0 GPUs"* ]]
}

@test "exec-live: bad usage and bad input are refused before anything runs (exit 2)" {
	four >"$W/in.hs"
	run hs-exec -a easy --timed "$W/in.hs"
	[ "$status" -eq 2 ]
	[[ "$output" == *"--timed runs a plan: not with -a"* ]]
	run hs-exec -a easy -n "$W/in.hs"
	[ "$status" -eq 2 ]
	run hs-exec --event-log "$W/ev" "$W/in.hs"
	[ "$status" -eq 2 ]
	[[ "$output" == *"--event-log needs an online algorithm (-a ALGO)"* ]]
	run hs-exec -a nosuchalgo "$W/in.hs"
	[ "$status" -eq 2 ]
	run hs-exec -a easy --time-scale 0 "$W/in.hs"
	[ "$status" -eq 2 ]
	# a platform node that is not this machine
	{ printf '%s\n' 'hs 1' 'cluster c' 'node n1 cluster=c cores=2'
	  echo "task a model=rigid size=1 time=1 cmd=true"; } >"$W/n1.hs"
	run hs-exec -a easy "$W/n1.hs"
	echo "$output"
	[ "$status" -eq 2 ]
	[[ "$output" == *"$W/n1.hs: node n1: planned on node 'n1', which is not this machine"* ]]
	[ ! -e "$LOGS" ]
	# a job without a command
	{ platform; echo "task a model=rigid size=1 time=1"; } >"$W/nocmd.hs"
	run hs-exec -a easy "$W/nocmd.hs"
	[ "$status" -eq 2 ]
	[[ "$output" == *"task a has no cmd field and no --command was given"* ]]
	# -o help needs no input
	run hs-exec -a easy -o help
	[ "$status" -eq 0 ]
	[[ "$output" == *"variant"* ]]
}
