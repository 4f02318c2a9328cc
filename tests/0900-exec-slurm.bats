#!/usr/bin/env bats
# hs-exec's Slurm back end against a real Slurm started for these tests
# (tests/slurm/setup.sh: munged, slurmctld, two slurmd on this host).
# In CI (CI=true) a Slurm that cannot start fails every test here; outside
# CI the tests are skipped when the Slurm packages are not installed.
# hs-test: alone (a real Slurm: task dates and a walltime kill within
# 6 s on the wall clock)

load helper

setup_file() {
	export HS_SLURM_STATE=$BATS_FILE_TMPDIR/state
	# A short directory: munge's socket path must fit in sun_path.
	SLURM_TEST_DIR=$(mktemp -d /tmp/hs-slurm.XXXXXX)
	echo "$SLURM_TEST_DIR" >"$BATS_FILE_TMPDIR/dir"
	if ! command -v slurmctld >/dev/null 2>&1 && [ ! -x /usr/sbin/slurmctld ]; then
		if [ "${CI:-}" = true ]; then
			echo "fail: slurm-wlm is not installed (share/deps.sh)" >"$HS_SLURM_STATE"
		else
			echo "skip: slurm-wlm and munge are not installed (share/deps.sh)" >"$HS_SLURM_STATE"
		fi
		return 0
	fi
	if sh "$BATS_TEST_DIRNAME/slurm/setup.sh" start "$SLURM_TEST_DIR" 2 2 \
		>"$BATS_FILE_TMPDIR/env" 2>"$BATS_FILE_TMPDIR/start.err"; then
		echo ok >"$HS_SLURM_STATE"
	else
		echo "fail: Slurm did not start: $(cat "$BATS_FILE_TMPDIR/start.err")" >"$HS_SLURM_STATE"
	fi
}

teardown_file() {
	dir=$(cat "$BATS_FILE_TMPDIR/dir")
	sh "$BATS_TEST_DIRNAME/slurm/setup.sh" stop "$dir"
	rm -rf "$dir"
}

setup() {
	state=$(cat "$BATS_FILE_TMPDIR/state")
	case $state in
	ok) ;;
	skip:*) skip "${state#skip: }" ;;
	*)
		echo "$state" >&2
		return 1
		;;
	esac
	set -a
	. "$BATS_FILE_TMPDIR/env"
	set +a
	W=$BATS_TEST_TMPDIR
	LOGS=$W/logs
}

platform() {
	printf '%s\n' 'hs 1' 'cluster c' 'node n1 cluster=c cores=2' 'node n2 cluster=c cores=2'
}

@test "exec-slurm: the test cluster is up with two nodes" {
	run sinfo -h -N -o '%N %c'
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf 'n1 2\nn2 2')" ]
}

@test "exec-slurm: after lists become dependencies; records come from Slurm" {
	T=$W/stamps
	cmd="echo \$HS_TASK start \$(date +%s.%N) >>$T; sleep 0.5; echo \$HS_TASK end \$(date +%s.%N) >>$T"
	{
		platform
		echo "task a model=rigid size=1 time=0.5 cmd='$cmd'"
		echo "task b model=rigid size=2 time=0.5 cmd='$cmd; exit 4'"
		echo "task c model=rigid size=2 time=0.5 cmd='$cmd'"
		echo "task d model=rigid size=1 time=0.5 cmd='$cmd'"
		echo 'plan a node=n1 cores=0 start=0 end=0.5'
		echo 'plan b node=n2 cores=0-1 start=0 end=0.5'
		echo 'plan c node=n1 cores=0-1 start=0.5 end=1 after=a'
		echo 'plan d node=n2 cores=1 start=0.5 end=1 after=b'
	} >"$W/in.hs"
	run hs-exec -b slurm -L "$LOGS" "$W/in.hs"
	echo "$output"
	[ "$status" -eq 1 ]
	grep '^run' <<<"$output" >"$W/runs"
	[ "$(wc -l <"$W/runs")" -eq 4 ]
	# Every record names its job; b failed, and d ran all the same (afterany).
	for t in a b c d; do
		[ -n "$(run_field "$W/runs" $t slurm_job)" ]
	done
	[ "$(run_field "$W/runs" a state)" = done ]
	[ "$(run_field "$W/runs" b state)" = failed ]
	[ "$(run_field "$W/runs" b exit)" = 4 ]
	[ "$(run_field "$W/runs" c state)" = done ]
	[ "$(run_field "$W/runs" d state)" = done ]
	for pair in a:c b:d; do
		p=${pair%:*} s=${pair#*:}
		pend=$(awk -v t=$p '$1 == t && $2 == "end" { print $3 }' "$T")
		sstart=$(awk -v t=$s '$1 == t && $2 == "start" { print $3 }' "$T")
		echo "$p ends $pend, $s starts $sstart"
		awk -v a="$pend" -v b="$sstart" 'BEGIN { exit !(b >= a) }'
		pe=$(run_field "$W/runs" $p end) ss=$(run_field "$W/runs" $s start)
		awk -v a="$pe" -v b="$ss" 'BEGIN { exit !(b >= a) }'
	done
	# Slurm knows the jobs by these ids, on the planned nodes.
	job=$(run_field "$W/runs" c slurm_job)
	squeue -h -t all -j "$job" -o '%N %C %T' | grep -qx 'n1 2 COMPLETED'
	job=$(run_field "$W/runs" d slurm_job)
	squeue -h -t all -j "$job" -o '%N %C %T' | grep -qx 'n2 1 COMPLETED'
}

@test "exec-slurm: deps become afterok dependencies; a job whose dep failed never runs" {
	T=$W/stamps
	cmd="echo \$HS_TASK start \$(date +%s.%N) >>$T; sleep 0.5; echo \$HS_TASK end \$(date +%s.%N) >>$T"
	{
		platform
		echo "task a model=rigid size=1 time=0.5 cmd='$cmd'"
		echo "task b model=rigid size=1 time=0.5 deps=a:100 cmd='$cmd'"
		echo "task x model=rigid size=1 time=0.5 cmd='exit 5'"
		echo "task y model=rigid size=1 time=0.5 deps=x cmd='echo y ran'"
		echo "task z model=rigid size=1 time=0.5 cmd='echo z ran'"
		# b on another node than a, without after lists: only deps order it.
		echo 'plan a node=n1 cores=0 start=0 end=0.5'
		echo 'plan b node=n2 cores=0 start=0.5 end=1'
		echo 'plan x node=n1 cores=1 start=0 end=0.5'
		echo 'plan y node=n2 cores=1 start=0.5 end=1'
		echo 'plan z node=n2 cores=1 start=1 end=1.5 after=y'
	} >"$W/in.hs"
	run hs-exec -b slurm -L "$LOGS" "$W/in.hs"
	echo "$output"
	[ "$status" -eq 1 ]
	grep '^run' <<<"$output" >"$W/runs"
	[ "$(run_field "$W/runs" a state)" = done ]
	[ "$(run_field "$W/runs" b state)" = done ]
	[ "$(run_field "$W/runs" x state)" = failed ]
	# y was cancelled by Slurm (afterok, --kill-on-invalid-dep): no record.
	! grep -q '^run y ' "$W/runs"
	[ "$(run_field "$W/runs" z state)" = done ]
	grep -q '# hs-exec: 5 tasks: 3 done, 1 failed, 0 killed, 1 not run' <<<"$output"
	aend=$(awk '$1 == "a" && $2 == "end" { print $3 }' "$T")
	bstart=$(awk '$1 == "b" && $2 == "start" { print $3 }' "$T")
	echo "a ends $aend, b starts $bstart"
	awk -v a="$aend" -v b="$bstart" 'BEGIN { exit !(b >= a) }'
	job=$(run_field "$W/runs" b slurm_job)
	[ -n "$job" ]
	grep -qx 'z ran' "$LOGS/z.out"
}

@test "exec-slurm: the task sees its cores and environment" {
	{
		platform
		echo "task t model=rigid size=2 time=0.1 cmd='grep Cpus_allowed_list: /proc/self/status; env | grep -E \"^(HS_TASK|HS_NODE|HS_CORES|OMP_NUM_THREADS|SLURM_JOB_NODELIST)=\" | sort'"
		echo 'plan t node=n2 cores=0-1 start=0 end=0.1'
	} >"$W/in.hs"
	run hs-exec -b slurm -L "$LOGS" "$W/in.hs"
	echo "$output"
	[ "$status" -eq 0 ]
	cat "$LOGS/t.out"
	grep -q 'Cpus_allowed_list:.*0-1' "$LOGS/t.out"
	grep -qx 'HS_TASK=t' "$LOGS/t.out"
	grep -qx 'HS_NODE=n2' "$LOGS/t.out"
	grep -qx 'HS_CORES=0-1' "$LOGS/t.out"
	grep -qx 'OMP_NUM_THREADS=2' "$LOGS/t.out"
	grep -qx 'SLURM_JOB_NODELIST=n2' "$LOGS/t.out"
}

@test "exec-slurm: a job past its walltime is cancelled and recorded as killed" {
	{
		platform
		echo "task w model=rigid size=1 time=0.1 walltime=1.5 cmd='sleep 30'"
		echo 'plan w node=n1 cores=0 start=0 end=0.1'
	} >"$W/in.hs"
	run hs-exec -b slurm -L "$LOGS" "$W/in.hs"
	echo "$output"
	[ "$status" -eq 1 ]
	grep -q '^run w .*state=killed' <<<"$output"
	s=$(run_field <(grep '^run' <<<"$output") w start)
	e=$(run_field <(grep '^run' <<<"$output") w end)
	awk -v s="$s" -v e="$e" 'BEGIN { d = e - s; exit !(d >= 1.5 && d < 6) }'
}

@test "exec-slurm: SIGTERM cancels every job, keeps the records, exits 143" {
	{
		platform
		echo "task a model=rigid size=1 time=60 cmd='sleep 60'"
		echo "task b model=rigid size=2 time=60 cmd='sleep 60'"
		echo "task c model=rigid size=2 time=1 cmd='touch $W/c-ran'"
		echo 'plan a node=n1 cores=0 start=0 end=60'
		echo 'plan b node=n2 cores=0-1 start=0 end=60'
		echo 'plan c node=n1 cores=0-1 start=60 end=61 after=a'
	} >"$W/in.hs"
	hs-exec -b slurm -L "$LOGS" "$W/in.hs" >"$W/out.hs" 2>"$W/err" &
	pid=$!
	for i in $(seq 150); do
		[ -s "$LOGS/a.times" ] && [ -s "$LOGS/b.times" ] && break
		sleep 0.1
	done
	[ -s "$LOGS/a.times" ] && [ -s "$LOGS/b.times" ]
	kill -TERM $pid
	rc=0
	wait $pid || rc=$?
	cat "$W/out.hs" "$W/err"
	[ "$rc" -eq 143 ]
	grep -q '^run a .*state=killed' "$W/out.hs"
	grep -q '^run b .*state=killed' "$W/out.hs"
	! grep -q '^run c ' "$W/out.hs"
	[ ! -e "$W/c-ran" ]
	tail -2 "$W/out.hs" | head -1 | grep -q '2 killed, 1 not run'
	tail -1 "$W/out.hs" | grep -qx 'end stream records=[0-9]* tasks=3 plans=3 runs=2'
	# None of the jobs is left in the queue.
	jobs=$(grep -o 'slurm_job=[0-9]*' "$W/out.hs" | cut -d= -f2 | paste -sd,)
	[ -z "$(squeue -h -j "$jobs" -t PENDING,RUNNING,COMPLETING 2>/dev/null)" ]
}

@test "exec-slurm: --timed holds a job until its planned start" {
	{
		platform
		echo "task a model=rigid size=1 time=0.1 cmd=true"
		echo 'plan a node=n1 cores=0 start=3 end=3.1'
	} >"$W/in.hs"
	run hs-exec -b slurm --timed -L "$LOGS" "$W/in.hs"
	echo "$output"
	[ "$status" -eq 0 ]
	s=$(run_field <(grep '^run' <<<"$output") a start)
	awk -v s="$s" 'BEGIN { exit !(s >= 2.9) }'
}

@test "exec-slurm: plans Slurm cannot run exit 2; no Slurm exits 1" {
	{
		printf '%s\n' 'hs 1' 'cluster c' 'node cs1 cluster=c cores=8'
		echo "task a model=rigid size=4 time=1 cmd=true"
		echo 'plan a node=cs1 cores=0-3 start=0 end=1'
	} >"$W/in.hs"
	run hs-exec -b slurm "$W/in.hs"
	echo "$output"
	[ "$status" -eq 2 ]
	[[ $output == *"in.hs:5: task a: Slurm has no node 'cs1'"* ]]
	run hs-exec -b slurm -m cs1=n1 "$W/in.hs"
	echo "$output"
	[ "$status" -eq 2 ]
	[[ $output == *"in.hs:5: task a: planned on cores 0-3 of 'n1', which has 2 CPUs in Slurm"* ]]
	SLURM_CONF=$W/none.conf run hs-exec -b slurm -m cs1=n1 "$W/in.hs"
	echo "$output"
	[ "$status" -eq 1 ]
	[[ $output == "hs-exec: cannot reach Slurm: sinfo: "* ]]
}

@test "exec-slurm: live: conservative backfilling decides while Slurm runs the jobs (one sbatch job a decision, on the chosen nodes); the same records as the local run" {
	{
		platform
		echo "task a model=rigid size=2 time=1 walltime=30 cmd='sleep \$HS_TIME'"
		echo "task b model=rigid size=2 time=3 walltime=30 cmd='sleep \$HS_TIME'"
		echo "task c model=rigid size=2 time=1 walltime=30 cmd='sleep \$HS_TIME'"
	} >"$W/in.hs"
	run hs-exec -a conservative -b slurm -L "$LOGS" "$W/in.hs"
	echo "$output"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" >"$W/slurm.hs"
	grep -q '^prov exec .*backend=slurm .*mode=live algo=conservative' "$W/slurm.hs"
	# every job COMPLETED in Slurm, where hs decided
	for t in a b c; do
		job=$(run_field "$W/slurm.hs" $t slurm_job)
		node=$(run_field "$W/slurm.hs" $t node)
		squeue -h -t all -j "$job" -o '%N %C %T' | grep -qx "$node 2 COMPLETED"
	done
	# c took the node a left; it was decided after a ended
	[ "$(run_field "$W/slurm.hs" c node)" = "$(run_field "$W/slurm.hs" a node)" ]
	# the same stream run here (both nodes this machine): the same records
	# but their times and Slurm's job ids
	hs-exec -a conservative -m n1=local,n2=local -L "$W/local" "$W/in.hs" >"$W/local.hs"
	strip() { grep '^plan\|^run' "$1" | sed 's/ start=[^ ]*//; s/ end=[^ ]*//; s/ resv=[^ ]*//; s/ slurm_job=[^ ]*//' | sort; }
	diff <(strip "$W/local.hs") <(strip "$W/slurm.hs")
}
