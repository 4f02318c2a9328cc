#!/usr/bin/env bats
# hs-sim's flow model against SimGrid: tests/simgrid/hs-simgrid-ref replays a
# plan with SimGrid's ptask_L07 model (hand-checked here first), and
# tests/simgrid/compare.sh compares its start and end times with hs-sim
# --model flow on hand-made and random plans: --solver simgrid over the
# whole run, and on the random plans the default solver too
# (tests/simgrid/agree.sh) up to where SimGrid's bugs change the rates
# (hs-sim --check-simgrid); where they do, on plans built for it, against
# the right answer computed by hand.  In CI (CI=true) a missing SimGrid fails
# every test (share/deps.sh installs libsimgrid-dev); elsewhere they are
# skipped.

load helper

REF=$HS_BUILD/tests/simgrid/hs-simgrid-ref
CMP=$TOP/tests/simgrid/compare.sh
GEN=$TOP/tests/simgrid/gen.awk
CONTEND=$TOP/tests/simgrid/contend.awk
PLACE=$TOP/tests/simgrid/place.awk
# SimGrid's stale charge, by hand (hs-sim(1), tests/unit/test_sim.c).
STALE=$TOP/tests/simgrid/stale.hs
AGREE=$TOP/tests/simgrid/agree.sh
# hs-sim's flow model with SimGrid's sharing rule (not its default).
export HS_SIM_OPTS="--solver simgrid"
# Agreement asked of hs-sim: relative end-time error.
TOL=1e-9

setup() {
	if [ ! -x "$REF" ]; then
		if pkg-config --exists simgrid 2>/dev/null; then
			echo "$REF is not built (make $REF)" >&2
			return 1
		fi
		if [ "${CI:-}" = true ]; then
			echo "SimGrid is not installed (libsimgrid-dev, share/deps.sh)" >&2
			return 1
		fi
		skip "SimGrid is not installed (libsimgrid-dev, share/deps.sh)"
	fi
	W=$BATS_TEST_TMPDIR
	export HS_SIMGRID_REF=$REF
	# Two clusters.  c1: shared node links (1.25e8 B/s, 1e-4 s), backbone
	# (1e9, 1e-5), uplink; c2: fatpipe node links (1e8, 1e-4), b2 and b3
	# with their own latencies.
	#   t1  a1,a2: 1 s of computation; 1.25e8 B each way, and a node's link
	#       carries both directions: 2 s, after the route latency 2.1e-4.
	#   t2  no comp/comm: the model, 2 s at speed 2 = 1 s.
	#   t3  killed at its walltime 0.5.
	#   t4  after t3; fatpipe links count a task's largest flow, not the
	#       sum: 1e8 B at 1e8 B/s = 1 s, after the latency 1e-4 + 5e-4.
	#   t5  two processes of one node: their bytes cost nothing, 2e9 flop
	#       at 1e9 flop/s = 2 s.
	#   t6  latency 0.0505: TCP's window (gamma = 4194304 B) limits each
	#       flow to gamma / (2 lat) B/s: 0.0505 + 2 * 0.0505 * 1e7 / gamma.
	#   t7  released at 3.
	cat >"$W/hand.hs" <<-'EOF'
	hs 1
	platform p backbone_bw=1e9 backbone_lat=3e-4
	cluster c1 bw=1.25e8 lat=1e-4 bb_bw=1e9 bb_lat=1e-5 up_bw=1e9 up_lat=2e-4
	cluster c2 bw=1e8 lat=1e-4 sharing=fatpipe
	node a1 cluster=c1 cores=4
	node a2 cluster=c1 cores=4
	node b1 cluster=c2 cores=4 speed=2
	node b2 cluster=c2 cores=2 speed=2 lat=5e-4
	node b3 cluster=c2 cores=2 speed=2 lat=0.05
	task t1 model=rigid size=2 time=1 scope=cluster comp=1e9 comm=1.25e8
	task t2 model=rigid size=1 time=2
	task t3 model=rigid size=2 time=1 scope=cluster comm=1e8 walltime=0.5
	task t4 model=rigid size=2 time=1 scope=cluster comm=1e8
	task t5 model=rigid size=2 time=1 comp=2e9 comm=1e9
	task t6 model=rigid size=2 time=1 scope=cluster comm=1e7
	task t7 model=rigid size=1 time=1 release=3
	plan t1 node=a1,a2 cores=0/0 start=0 end=1
	plan t2 node=b1 cores=0 start=0 end=1
	plan t3 node=b1,b2 cores=1/0 start=0 end=1
	plan t4 node=b1,b2 cores=1/0 start=1 end=2 after=t3
	plan t5 node=a1 cores=1-2 start=0 end=1
	plan t6 node=b2,b3 cores=0/0 start=2 end=3 after=t4
	plan t7 node=a1 cores=3 start=3 end=4
	EOF
	# One byte over a 0.25 s link each way: nothing progresses, computation
	# included, before the route's latency (0.5 s) has passed.
	cat >"$W/lat.hs" <<-'EOF'
	hs 1
	cluster c bw=1e9 lat=0.25
	node a cluster=c cores=1
	node b cluster=c cores=1
	task t1 model=rigid size=2 time=1 scope=cluster comp=1e9 comm=1
	task t2 model=rigid size=2 time=1 scope=cluster comp=1e9,0 comm=0,1,0,0
	plan t1 node=a,b cores=0/0 start=0 end=1
	plan t2 node=a,b cores=0/0 start=1 end=2 after=t1
	EOF
}

# need_flow: skip (fail in CI) while hs-sim has no flow model.
need_flow() {
	hs-sim --help 2>&1 | grep -q -- '--model' && return 0
	if [ "${CI:-}" = true ]; then
		echo "hs-sim has no --model flow" >&2
		return 1
	fi
	skip "hs-sim has no --model flow yet"
}

# near FILE: every "TASK START END STATE" expectation on stdin matches FILE
# within a relative 1e-12 (SimGrid's clock adds its own rounding).
near() {
	awk 'FNR == NR { s[$1] = $2; e[$1] = $3; st[$1] = $4; next }
		function off(a, b) { d = a - b; if (d < 0) d = -d; return d > 1e-12 * (b < 0 ? -b : b) + 1e-15 }
		{ if (!($1 in e) || off(s[$1], $2) || off(e[$1], $3) || st[$1] != $4) {
			print "expected " $0 ", got " $1 " " s[$1] " " e[$1] " " st[$1]; bad = 1 } }
		END { exit bad }' "$1" -
}

# run_times: "TASK START END STATE" for the run records of the stream on stdin.
run_times() {
	awk '$1 == "run" { s = e = st = ""
		for (i = 3; i <= NF; i++) {
			if (index($i, "start=") == 1) s = substr($i, 7)
			else if (index($i, "end=") == 1) e = substr($i, 5)
			else if (index($i, "state=") == 1) st = substr($i, 7)
		}
		print $2, s, e, st }'
}

@test "simgrid ref: --help" {
	run "$REF" --help
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "usage: hs-simgrid-ref [--cfg KEY:VALUE]... [--platform-xml FILE] [--flat] [--check-routes] [FILE]" ]
}

@test "simgrid ref: hand-checked end times (link sharing, fatpipe, latency, TCP gamma, walltime)" {
	run "$REF" "$W/hand.hs"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 7 ]
	printf '%s\n' "$output" >"$W/out"
	awk 'BEGIN {
		g = 4194304
		print "t1 0 " 2 + 2.1e-4 " done"
		print "t2 0 1 done"
		print "t3 0 0.5 killed"
		print "t4 0.5 " 0.5 + 6e-4 + 1 " done"
		print "t5 0 2 done"
		printf "t6 %.17g %.17g done\n", 0.5 + 6e-4 + 1, 0.5 + 6e-4 + 1 + 0.0505 + 2 * 0.0505 * 1e7 / g
		print "t7 3 4 done"
	}' | near "$W/out"
}

@test "simgrid ref: a task computes only after its largest route latency" {
	run "$REF" "$W/lat.hs"
	[ "$status" -eq 0 ]
	[ "$output" = "t1 0 1.5 done
t2 1.5 3 done" ]
}

@test "simgrid ref: --cfg reaches SimGrid (no TCP window: t6 takes 0.1 s at the link's rate)" {
	run "$REF" --cfg network/TCP-gamma:0 "$W/hand.hs"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" >"$W/out"
	printf 't6 1.5006 %.17g done\n' "$(awk 'BEGIN { printf "%.17g", 1.5006 + 0.0505 + 0.1 }')" | near "$W/out"
}

@test "simgrid ref: with TCP-gamma 0 SimGrid computes a process faster than its core; hs-sim only with --solver simgrid" {
	# 4e9 flop on one core of a node of four (1e9 flop/s each), 1e6 B to
	# b over two links of 1e9 B/s and 1e-3 s: the core takes 4 s, after
	# the latency 2e-3 s.  SimGrid with network/TCP-gamma:0 drops the
	# task's bound, the core's with it: the host's 4e9 flop/s, 1 s.
	cat >"$W/g0.hs" <<-'END'
	hs 1
	cluster c bw=1e9 lat=1e-3
	node a cluster=c cores=4 flops=1e9
	node b cluster=c cores=1 flops=1e9
	task t model=amdahl t1=1 scope=cluster comp=4e9,0 comm=0,1e6,0,0
	plan t node=a,b cores=0/0 start=0 end=1
	END
	"$REF" "$W/g0.hs" >"$W/out"
	echo "t 0 4.002 done" | near "$W/out"
	"$REF" --cfg network/TCP-gamma:0 "$W/g0.hs" >"$W/out"
	echo "t 0 1.002 done" | near "$W/out"
	hs-sim --tcp-gamma 0 "$W/g0.hs" | run_times >"$W/out"
	echo "t 0 4.002 done" | near "$W/out"
	HS_SIM_OPTS="--solver simgrid --tcp-gamma 0" HS_REF_OPTS="--cfg network/TCP-gamma:0" \
		run "$CMP" "$W/g0.hs" $TOL
	[ "$status" -eq 0 ]
}

@test "simgrid ref: SimGrid's routes are hs_net_route's, <cluster> tags and Full zones alike" {
	for c in 1 2 4; do
		for seed in 1 2 3; do
			awk -v seed=$seed -v n=1 -v clusters=$c -f "$GEN" >"$W/p.hs"
			run "$REF" --check-routes "$W/p.hs"
			[ "$status" -eq 0 ]
			[[ "$output" =~ ^routes:\ [0-9]+\ checked,\ 0\ differ$ ]]
		done
	done
	run "$REF" --check-routes "$W/hand.hs"
	[ "$status" -eq 0 ]
	[ "$output" = "routes: 20 checked, 0 differ" ]
	# Clusters joined by nothing: SimGrid needs a link on the route between
	# them (an unlimited one, left out of the comparison).
	hs-gen platform homogeneous --nodes 4 --clusters 2 >"$W/p.hs"
	run "$REF" --check-routes "$W/p.hs"
	[ "$status" -eq 0 ]
	[ "$output" = "routes: 12 checked, 0 differ" ]
	# Dutot's platforms: split-duplex node links (the default), shared or
	# fat pipes; 8 clusters of 16 hosts.
	for p in dutot-homo dutot-hetero; do
		for sharing in splitduplex shared fatpipe; do
			hs-gen platform $p --sharing $sharing >"$W/p.hs"
			for flat in "" --flat; do
				run "$REF" $flat --check-routes "$W/p.hs"
				[ "$status" -eq 0 ]
				[ "$output" = "routes: 16256 checked, 0 differ" ]
			done
		done
	done
}

@test "simgrid ref: SimGrid files (xml=) route as hs reads them" {
	# Compared link by link (bandwidth, latency, sharing), names aside.
	for f in zones.xml:39 floyd-zones.xml:72 floyd.xml:4 host-links.xml:2; do
		printf 'hs 1\nplatform p xml=%s\n' "$TOP/tests/simgrid/${f%:*}" >"$W/p.hs"
		run "$REF" --check-routes "$W/p.hs"
		[ "$status" -eq 0 ]
		[ "$output" = "routes: ${f#*:} checked, 0 differ" ]
	done
	printf 'hs 1\nplatform p xml=%s\n' "$SHARED/data/platforms/cluster_locality_8x16.xml" >"$W/p.hs"
	run "$REF" --check-routes "$W/p.hs"
	[ "$status" -eq 0 ]
	[ "$output" = "routes: 16256 checked, 0 differ" ] # 128 x 127: master_host0 is no node
}

@test "simgrid ref: the cluster tree and the flat list of hs's routes simulate alike" {
	# Catches what the route check cannot see: a link's bandwidth, latency
	# or sharing (SimGrid 3.32's <cluster> ignores sharing_policy=FATPIPE).
	for seed in 1 2 3; do
		awk -v seed=$seed -v n=40 -v clusters=3 -f "$GEN" >"$W/i.hs"
		for a in taskp datap-ef; do
			hs-plan -a $a "$W/i.hs" >"$W/p.hs"
			"$REF" "$W/p.hs" >"$W/tree"
			"$REF" --flat "$W/p.hs" >"$W/flat"
			cmp "$W/tree" "$W/flat"
		done
	done
	for p in dutot-homo dutot-hetero; do
		hs-gen ptask -n 100 --platform $p --fcomm 1e7 --seed 2 | hs-plan -a taskp >"$W/p.hs"
		"$REF" "$W/p.hs" >"$W/tree"
		"$REF" --flat "$W/p.hs" >"$W/flat"
		cmp "$W/tree" "$W/flat"
	done
	# A SimGrid file simulated as it is and as hs reads it.
	printf 'hs 1\nplatform p xml=%s\n' "$SHARED/data/platforms/cluster_locality_8x16.xml" >"$W/p.hs"
	hs-gen ptask -n 100 --platform "$W/p.hs" --fcomm 1e7 --seed 2 | hs-plan -a taskp >"$W/x.hs"
	grep -q '^platform p xml=' "$W/x.hs"
	"$REF" "$W/x.hs" >"$W/own"
	"$REF" --flat "$W/x.hs" >"$W/flat"
	cmp "$W/own" "$W/flat"
	run "$REF" --flat --check-routes "$W/hand.hs"
	[ "$status" -eq 0 ]
	[ "$output" = "routes: 20 checked, 0 differ" ]
}

@test "simgrid ref: --platform-xml writes the platform it simulates" {
	run "$REF" --platform-xml "$W/p.xml" "$W/hand.hs"
	[ "$status" -eq 0 ]
	# c1's nodes are alike (a <cluster>), c2's are not (a Full zone).
	grep -q '<cluster id="c0" prefix="n" suffix="" radical="0-1" speed="1000000000f" core="4"' "$W/p.xml"
	grep -q '<zone id="c1" routing="Full">' "$W/p.xml"
	grep -q '<route src="n3" dst="n4" symmetrical="NO"><link_ctn id="c1_link_3"/><link_ctn id="c1_link_4"/></route>' "$W/p.xml"
	grep -q '<route src="c1-router" dst="n4" symmetrical="NO"><link_ctn id="c1_link_4"/></route>' "$W/p.xml"
	grep -q '<zoneRoute src="c0" dst="c1" gw_src="c0-router" gw_dst="c1-router"><link_ctn id="c0_uplink"/><link_ctn id="backbone"/></zoneRoute>' "$W/p.xml"
}

@test "simgrid ref: bad input and usage" {
	run "$REF" "$W/missing.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-simgrid-ref: $W/missing.hs: No such file or directory" ]
	grep -v '^plan ' "$W/hand.hs" >"$W/noplan.hs"
	run "$REF" "$W/noplan.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-simgrid-ref: $W/noplan.hs: no plan records (run hs-plan first)" ]
	sed 's/^plan t2 node=b1 cores=0 /plan t2 node=b1 cores=1 /' "$W/hand.hs" >"$W/overlap.hs"
	run "$REF" "$W/overlap.hs"
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-simgrid-ref: $W/overlap.hs:19: plan t3: core 1 of node b1 also used by t2 during [0, 1]" ]
	[ "${lines[1]}" = "hs-simgrid-ref: $W/overlap.hs: the plan is not valid (1 problem)" ]
	sed 's/^task t5 model=rigid size=2 time=1 comp=2e9/task t5 model=rigid size=2 time=1 comp=1,2,3/' \
		"$W/hand.hs" >"$W/comp.hs"
	run "$REF" "$W/comp.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-simgrid-ref: $W/comp.hs:14: task t5: comp has 3 values but its allotment has 2 cores (give 1 or 2)" ]
	run "$REF" --bogus
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-simgrid-ref: unknown option '--bogus'" ]
	run "$REF" a b
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-simgrid-ref: unexpected argument 'b'" ]
}

@test "compare.sh: usage, and exit 1 when the models differ beyond the tolerance" {
	need_flow
	run "$CMP"
	[ "$status" -eq 2 ]
	[ "$output" = "usage: compare.sh [--until T] PLAN.hs [TOL] | compare.sh [--until T] --outputs SIM.hs REF.txt [TOL]" ]
	# A smaller TCP window in the reference alone: only t6 changes.
	HS_REF_OPTS="--cfg network/TCP-gamma:1000000" run "$CMP" "$W/hand.hs" $TOL
	[ "$status" -eq 1 ]
	[[ "${lines[-1]}" == "tasks 7 ends 7 "*" states_differ 0 "*" worst t6 (end "* ]]
	# --until T: only the times up to T: t6 ends after 2.1, t7 starts at 3.
	HS_REF_OPTS="--cfg network/TCP-gamma:1000000" run "$CMP" --until 2.1 "$W/hand.hs" $TOL
	[ "$status" -eq 0 ]
	[[ "${lines[-1]}" == "tasks 6 ends 5 "* ]]
	run "$CMP" --until
	[ "$status" -eq 2 ]
}

@test "hs-sim flow = SimGrid: the hand-checked plans" {
	need_flow
	run "$CMP" "$W/hand.hs" $TOL
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == "tasks 7 "* ]]
	run "$CMP" "$W/lat.hs" $TOL
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == "tasks 2 "* ]]
}

@test "hs-sim flow = SimGrid: random plans on several clusters (4 seeds x 4 planners)" {
	need_flow
	for seed in 1 2 3 4; do
		awk -v seed=$seed -v n=40 -v clusters=3 -f "$GEN" >"$W/i.hs"
		for a in taskp datap taskp-ef datap-ef; do
			hs-plan -a $a "$W/i.hs" >"$W/p.hs"
			run sh "$AGREE" $TOL "$W/p.hs"
			echo "seed $seed $a: $output"
			[ "$status" -eq 0 ]
		done
	done
	# The plans do kill tasks.
	"$REF" "$W/p.hs" | grep -q ' killed$'
}

@test "hs-sim flow = SimGrid: scope=any tasks spanning clusters (uplinks, backbones)" {
	need_flow
	# By hand: on hand.hs's platform, s1 (a1 to b1) and s2 (a2 to b2, and
	# back) share c1's uplink and the backbone; s3 spans all three nodes'
	# clusters with a matrix; t7 computes alone.
	cat >"$W/any.hs" <<-'EOF'
	hs 1
	platform p backbone_bw=1e8 backbone_lat=3e-4
	cluster c1 bw=1.25e8 lat=1e-4 bb_bw=1e9 bb_lat=1e-5 up_bw=1.5e8 up_lat=2e-4
	cluster c2 bw=1e8 lat=1e-4 sharing=fatpipe up_bw=2e8
	node a1 cluster=c1 cores=4
	node a2 cluster=c1 cores=4
	node b1 cluster=c2 cores=4 speed=2
	node b2 cluster=c2 cores=2 speed=2 lat=5e-4
	task s1 model=rigid size=2 time=1 scope=any comp=1e9,1e9 comm=0,2e8,0,0
	task s2 model=rigid size=2 time=1 scope=any comp=5e8 comm=1e8
	task s3 model=rigid size=3 time=1 scope=any comp=1e9,2e9,1e9 comm=0,1e7,2e7,3e7,0,0,1e6,1e6,0
	task t7 model=rigid size=1 time=1 release=3
	plan s1 node=a1,b1 cores=0/0 start=0 end=1
	plan s2 node=a2,b2 cores=0/0 start=0 end=1
	plan s3 node=a1,b1,b2 cores=0/0/0 start=1 end=2 after=s1,s2
	plan t7 node=a1 cores=3 start=3 end=4
	EOF
	run "$CMP" "$W/any.hs" $TOL
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == "tasks 4 "* ]]
	# Random: gen.awk's tasks made scope=any and placed over clusters by
	# span.awk (every task of 2 or more processes spans two clusters or more).
	for seed in 1 2 3 4; do
		awk -v seed=$seed -v n=40 -v clusters=3 -f "$GEN" | sed 's/ scope=cluster/ scope=any/' |
			awk -v seed=$seed -f "$PLACE" -f "$TOP/tests/simgrid/span.awk" >"$W/p.hs"
		[ "$(awk '$1 == "plan" && $3 ~ /,/ { n++ } END { print n + 0 }' "$W/p.hs")" -gt 10 ]
		run sh "$AGREE" $TOL "$W/p.hs"
		echo "seed $seed: $output"
		[ "$status" -eq 0 ]
	done
}

@test "hs-sim flow = SimGrid: hs-gen ptask jobs, heavy communication, walltimes" {
	need_flow
	for seed in 1 2 3; do
		# Computation alone takes 1.2 times the trace's run time, the
		# walltime is 1.5 times it: the communication kills some.
		hs-gen ptask -n 40 --platform homogeneous:nodes=6,cores=4,clusters=3 --lt 10 --ut 100 \
			--fcomp 1.2e9 --fcomm 2e8 --fw 1.5 --seed $seed >"$W/i.hs"
		for a in taskp datap-ef; do
			hs-plan -a $a "$W/i.hs" >"$W/p.hs"
			run sh "$AGREE" $TOL "$W/p.hs"
			echo "seed $seed $a: $output"
			[ "$status" -eq 0 ]
		done
	done
	"$REF" "$W/p.hs" | grep -q ' killed$'
}

@test "hs-sim flow = SimGrid: Dutot's platforms, split-duplex, shared and fat-pipe host links" {
	need_flow
	# Computation and communication of the same order (host links of
	# 1.25e6 B/s), walltimes twice the trace's times: some jobs killed.
	for sharing in splitduplex shared fatpipe; do
		hs-gen platform dutot-homo --sharing $sharing >"$W/plat.hs"
		hs-gen ptask -n 100 --platform "$W/plat.hs" --fcomp 2e5 --fcomm 2e5 --fw 2 --seed 1 >"$W/i.hs"
		for a in taskp datap-ef; do
			hs-plan -a $a "$W/i.hs" >"$W/p.hs"
			run sh "$AGREE" $TOL "$W/p.hs"
			echo "$sharing $a: $output"
			[ "$status" -eq 0 ]
		done
	done
	hs-gen ptask -n 100 --platform dutot-hetero --fcomp 2e5 --fcomm 2e8 --fw 2 --seed 1 |
		hs-plan -a datap-ef >"$W/p.hs"
	run sh "$AGREE" $TOL "$W/p.hs"
	echo "dutot-hetero: $output"
	[ "$status" -eq 0 ]
	"$REF" "$W/p.hs" | grep -q ' killed$'
}

@test "hs-sim flow = SimGrid: a SimGrid platform file (xml=), simulated by SimGrid as it is" {
	need_flow
	printf 'hs 1\nplatform p xml=%s\n' "$SHARED/data/platforms/cluster_locality_8x16.xml" >"$W/plat.hs"
	hs-gen ptask -n 100 --platform "$W/plat.hs" --fcomp 3e9 --fcomm 1e9 --seed 3 |
		hs-plan -a taskp >"$W/p.hs"
	grep -q '^platform p xml=' "$W/p.hs"
	run sh "$AGREE" $TOL "$W/p.hs"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "hs-sim flow = SimGrid: a fat pipe over-used by SimGrid's fair bottleneck, and by --solver simgrid only" {
	need_flow
	# A (x to z) crosses the fat pipe F and the shared S (10 B/s): 10 s.
	# B (x to y) crosses F alone: 1 s at F's 100 B/s; SimGrid 3.32 charges
	# F, round after round, only the smaller of its tasks' uses, and B ends
	# at 1/5.5 s: 550 B/s on a link of 100.  The default keeps B at 1 s.
	cat >"$W/fat.hs" <<-'EOF'
	hs 1
	cluster c routing=full
	link F bw=100 sharing=fatpipe
	link S bw=10
	node x cluster=c cores=2
	node y cluster=c cores=1
	node z cluster=c cores=1
	route r1 src=x dst=z links=F,S
	route r2 src=x dst=y links=F
	task A model=rigid size=2 time=1 scope=cluster comp=0,0 comm=0,100,0,0
	task B model=rigid size=2 time=1 scope=cluster comp=0,0 comm=0,100,0,0
	plan A node=x,z cores=0/0 start=0 end=1
	plan B node=x,y cores=1/0 start=0 end=1
	EOF
	run "$REF" "$W/fat.hs"
	[ "$status" -eq 0 ]
	[ "$output" = "A 0 10 done
B 0 0.18181818181818182 done" ]
	run "$CMP" "$W/fat.hs" $TOL
	[ "$status" -eq 0 ]
	HS_SIM_OPTS= run "$CMP" "$W/fat.hs" $TOL
	[ "$status" -eq 1 ]
	[[ "${lines[-1]}" == *"worst B (end hs-sim 1, simgrid 0.18181818181818182)" ]]
	run hs-sim --check-simgrid "$W/fat.hs"
	[ "${lines[0]}" = "hs-sim: $W/fat.hs: rates differ from SimGrid's rounds in 1 of 1 solves, first at 0 s" ]
}

# summary NAME: per-generator totals of agree.sh's lines in $output.
summary() {
	printf '%s\n' "$output" | awk -v name="$1" '
		function max(a, b) { return a + 0 > b + 0 ? a : b }
		$2 == "simgrid" { n++; st += $4; ss = max(ss, $6); se = max(se, $8)
			dt += $11; de += $13; if ($15 != "end") dep++; ds = max(ds, $17); dn = max(dn, $19) }
		END { printf "%s: %d plans; --solver simgrid: %d jobs, start %.3g end %.3g; default: %d starts and %d ends compared (%d plans cut at a departure), start %.3g end %.3g\n",
			name, n, st, ss + 0, se + 0, dt, de, dep, ds + 0, dn + 0 }'
}

@test "hs-sim flow = SimGrid: contention-heavy random plans, both solvers (contend.awk)" {
	need_flow
	# Five generators, four seeds each: jobs split over two clusters (20%),
	# many jobs at once on the same hosts (8 cores), split-duplex and
	# shared host links, a narrow backbone, mixed cluster speeds.
	for g in "cross:-v cross=0.2 -v backbone=2 -v speeds=same" \
		"hostlinks:-v cross=0 -v cores=8 -v speeds=same" \
		"duplex:-v sharing=mixed" \
		"narrow:-v backbone=0.1 -v cross=0.5" \
		"speeds:-v speeds=mixed -v backbone=1"; do
		name=${g%%:*}
		plans=
		for seed in 1 2 3 4; do
			# shellcheck disable=SC2086 # the generator's options
			awk -v seed=$seed ${g#*:} -f "$PLACE" -f "$CONTEND" >"$W/$name-$seed.hs"
			plans="$plans $W/$name-$seed.hs"
		done
		# shellcheck disable=SC2086
		run sh "$AGREE" $TOL $plans
		printf '%s\n' "$output"
		[ "$status" -eq 0 ]
		summary "$name"
		# The default is compared on most of every run.
		[ "$(summary "$name" | sed 's/.*default: \([0-9]*\) starts.*/\1/')" -ge 160 ]
	done
	# The plans have what the generators promise: jobs over two clusters,
	# split-duplex and shared links, jobs at once on a node (and no core
	# overlap: no warning).
	[ "$(grep -c '^task .*scope=any' "$W/cross-1.hs")" -ge 5 ]
	grep -q 'sharing=splitduplex' "$W/duplex-1.hs"
	grep -q 'sharing=shared' "$W/duplex-1.hs"
	run hs-sim "$W/hostlinks-1.hs"
	[ "$status" -eq 0 ]
	[[ $output != *warning* ]]
}

@test "hs-sim flow = SimGrid: SimGrid's stale charge, and the right answer by hand" {
	need_flow
	# Links L0 (600 B/s) and L1 (300 B/s); v0 sends 100 B over both, v1
	# too with 1e9 flop at 1e9 flop/s (rate <= 1), v2 over L0.  Round 1:
	# L0 offers 200 B/s each, L1 150: v0 = 1.5, v1 = 1 (stops at its
	# bound), v2 = 2; L0 has 150 B/s left, L1 50.  Round 2: L0 offers 75
	# to v0 and v2, L1 50 to v0: v0 = 2 (L1 full), v2 = 2.75, L0 has 25
	# B/s left; round 3 gives them to v2: 3, L0 is full (200 + 100 +
	# 300).  SimGrid charges L0 in round 2 with v1's 100 B/s again, counts
	# it full and leaves 25 B/s idle: v2 ends at 1/2.75 = 4/11 s instead
	# of 1/3 s.  Then v0 and v1 keep 2 and 1 in both: 1/2 s and 1 s.
	"$REF" "$STALE" >"$W/out"
	awk 'BEGIN { printf "v0 0 0.5 done\nv1 0 1 done\nv2 0 %.17g done\n", 4 / 11 }' | near "$W/out"
	run "$CMP" "$STALE" $TOL
	[ "$status" -eq 0 ]
	hs-sim "$STALE" | run_times >"$W/out"
	awk 'BEGIN { printf "v0 0 0.5 done\nv1 0 1 done\nv2 0 %.17g done\n", 1 / 3 }' | near "$W/out"
}

@test "hs-sim flow = SimGrid: two jobs on two clusters share a host link, however the first is spread" {
	need_flow
	# A (100 B between every ordered pair of its 4 processes) over both
	# clusters, B (200 B) within c1; they share h1's link (100 B/s), A
	# also crosses the backbone (1e4 B/s, nearly idle).  Half of the link
	# each: A's 600 B over it at 50 B/s, B's 200 B at 50 B/s: B ends at
	# 4 s; A has 2/3 left, alone at 100 B/s: 8 s.  The same with A spread
	# 2+2 or 1+3.
	for spread in "h1,h2,g1,g2" "h1,g1,g2,g3"; do
		cat >"$W/two.hs" <<-END
		hs 1
		platform p backbone_bw=1e4 backbone_lat=0
		cluster c1 bw=100 lat=0
		cluster c2 bw=100 lat=0
		node h1 cluster=c1 cores=2
		node h2 cluster=c1 cores=1
		node h3 cluster=c1 cores=1
		node g1 cluster=c2 cores=1
		node g2 cluster=c2 cores=1
		node g3 cluster=c2 cores=1
		task A model=amdahl t1=1 scope=any comm=100
		task B model=amdahl t1=1 scope=cluster comp=0,0 comm=0,200,0,0
		plan A node=$spread cores=0/0/0/0 start=0 end=1
		plan B node=h1,h3 cores=1/0 start=0 end=1
		END
		"$REF" "$W/two.hs" >"$W/out"
		printf 'A 0 8 done\nB 0 4 done\n' | near "$W/out"
		for solver in "" "--solver simgrid"; do
			HS_SIM_OPTS=$solver run "$CMP" "$W/two.hs" $TOL
			echo "$spread $solver: $output"
			[ "$status" -eq 0 ]
		done
	done
}

@test "hs-sim flow = SimGrid: two jobs on one CPU (SimGrid's V5), and on one core of four" {
	need_flow
	# V5: j1 (1 Gflop) and j2 (2 Gflop) on one CPU of 1 Gflop/s, j3 after
	# both: 0-2, 0-3, 3-4, in SimGrid and in both solvers.
	cp "$TOP/tests/simgrid/v5.hs" "$W/v5.hs"
	"$REF" "$W/v5.hs" >"$W/out"
	printf 'j1 0 2 done\nj2 0 3 done\nj3 3 4 done\n' | near "$W/out"
	for solver in "" "--solver simgrid"; do
		HS_SIM_OPTS=$solver run "$CMP" "$W/v5.hs" $TOL
		[ "$status" -eq 0 ]
	done
	# On one core of a node of four, SimGrid runs both at full speed (its
	# host is one constraint of 4 Gflop/s, each task bounded by one core's
	# 1 Gflop/s): 2 Gflop/s from one core.  hs-sim shares the core.
	sed 's/cores=1 flops/cores=4 flops/' "$W/v5.hs" >"$W/v5-4.hs"
	"$REF" "$W/v5-4.hs" >"$W/out"
	printf 'j1 0 1 done\nj2 0 2 done\nj3 2 3 done\n' | near "$W/out"
	for solver in bottleneck simgrid; do
		hs-sim --solver $solver "$W/v5-4.hs" 2>/dev/null | run_times >"$W/out"
		printf 'j1 0 2 done\nj2 0 3 done\nj3 3 4 done\n' | near "$W/out"
	done
}
