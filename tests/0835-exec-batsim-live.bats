#!/usr/bin/env bats
# hs-exec -a batsim (hs-batsim(7)): pybatsim's easyBackfill (unchanged,
# ../shared/clients) decides while the jobs run for real, as it decides in
# hs-sim -a batsim (0380-sim-batsim.bats, whose helpers it shares:
# tests/batsim/common.bash).
# hs-test: alone (real jobs at a time scale of 10: their dates and the
# scheduler's decisions follow the wall clock)

load helper
load batsim/common

setup() {
	batsim_setup
}

@test "batsim: live: pybatsim's easyBackfill decides while the jobs run for real (hs-exec -a batsim), as it decides in hs-sim" {
	# this machine's two cores; 4 is too wide (rejected), 5 outlives its walltime
	{
		printf '%s\n' 'hs 1' 'platform local' 'cluster local' 'node local cluster=local cores=2'
		echo "task 1 model=rigid size=1 time=10 walltime=20 release=1 cmd='sleep \$HS_TIME'"
		echo "task 2 model=rigid size=2 time=10 walltime=20 release=2 cmd='sleep \$HS_TIME'"
		echo "task 3 model=rigid size=1 time=3 walltime=5 release=2 cmd='sleep \$HS_TIME'"
		echo "task 4 model=rigid size=3 time=3 walltime=4 release=3 cmd='sleep \$HS_TIME'"
		echo "task 5 model=rigid size=1 time=3 walltime=2 release=4 cmd='sleep \$HS_TIME'"
	} >"$tmp/one.hs"
	pybatsim easyBackfill.py
	hs-sim -a batsim -o socket="$sock" "$tmp/one.hs" >"$tmp/sim.hs"
	reaped
	pybatsim easyBackfill.py
	run hs-exec -a batsim -o socket="$sock" --time-scale 10 -L "$tmp/logs" "$tmp/one.hs"
	printf '%s\n' "$output" >"$tmp/real.hs"
	reaped
	cat "$tmp/real.hs" "$tmp/sched.err"
	[ "$status" -eq 1 ] # 5 killed, as simulated
	[ "$sched_status" -eq 0 ]
	# the same decisions: each job's cores and state (by job: the
	# scheduler's start-up, a few tenths of a second, can put the first
	# decisions after the rejection of 4 at 3)
	decided() {
		awk '$1 == "run" { c = "-"; st = ""; for (i = 3; i <= NF; i++) { split($i, kv, "=");
			if (kv[1] == "cores") c = kv[2]; if (kv[1] == "state") st = kv[2] }
			print $2, c, st }' "$1" | sort
	}
	decided "$tmp/sim.hs"
	[ "$(decided "$tmp/sim.hs")" = "$(decided "$tmp/real.hs")" ]
	[ "$(decided "$tmp/real.hs" | tr '\n' ' ')" = "1 0 done 2 0-1 done 3 1 done 4 - rejected 5 1 killed " ]
	# and 2 started last, once 1 had really ended
	s2=$(awk '$1 == "plan" && $2 == "2"' "$tmp/real.hs" | tr ' ' '\n' | sed -n 's/^start=//p')
	awk -v s="$s2" -v e="$(run_field "$tmp/real.hs" 1 end)" 'BEGIN { exit !(s >= e) }'
}
