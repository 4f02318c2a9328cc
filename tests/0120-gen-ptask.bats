#!/usr/bin/env bats
# hs-gen ptask: rigid parallel tasks from an SWF trace (Dutot et al. 5.1) or
# drawn; exact fields, the real HPC2N trace, planning them, bad input.

load helper

TRACE=$SHARED/data/traces/HPC2N-2002-2.2-cln.first3171.swf

setup() {
	tmp=$(mktemp -d)
	# Eight jobs; with --lt 1h --ut 4h and clusters of 8 cores, jobs 1, 3
	# and 4 qualify: 2 is too short, 5 too long, 6 too wide, 7 has no run
	# time, 8 no size.  3 takes its size from the requested processors.
	cat >"$tmp/tiny.swf" <<-'EOF'
	; Version: 2.2
	; MaxProcs: 8
	1 0 5 7200 4 -1 -1 4 10800 -1 1 1 1 -1 -1 1 -1 -1
	2 10 5 1800 2 -1 -1 2 3600 -1 1 1 1 -1 -1 1 -1 -1
	3 20 5 3600 -1 -1 -1 6 -1 -1 1 1 1 -1 -1 1 -1 -1
	4 30 5 14400 8 -1 -1 8 20000 -1 1 1 1 -1 -1 1 -1 -1
	5 40 5 14401 2 -1 -1 2 20000 -1 1 1 1 -1 -1 1 -1 -1
	6 50 5 5000 9 -1 -1 9 20000 -1 1 1 1 -1 -1 1 -1 -1
	7 60 5 -1 2 -1 -1 2 20000 -1 0 1 1 -1 -1 1 -1 -1
	8 70 5 4000 -1 -1 -1 -1 20000 -1 1 1 1 -1 -1 1 -1 -1
	EOF
	PLAT=homogeneous:nodes=2,cores=4
}

teardown() {
	rm -rf "$tmp"
}

@test "ptask: a tiny trace gives exactly the hand-computed tasks" {
	# comp = ret*2, comm = ret*0.5, walltime = max(rw, ret*1.5); scope=cluster
	# above 4 cores (one node); release = submit - 0.
	run hs-gen ptask --swf "$tmp/tiny.swf" -n 3 --lt 1h --ut 4h --fcomp 2 --fcomm 0.5 \
		--fw 1.5 --release trace --platform $PLAT
	[ "$status" -eq 0 ]
	[ "$output" = "hs 1
prov gen tool=hs-gen version=0.1.0 gen=ptask n=3 swf=$tmp/tiny.swf eligible=3 max_size=8 lt=3600 ut=14400 fcomp=2 fcomm=0.5 fw=1.5 release=trace scope=cluster platform=$PLAT seed=1
platform homogeneous
cluster c1
node n1 cluster=c1 cores=4 speed=1
node n2 cluster=c1 cores=4 speed=1
task j1 model=rigid size=4 time=7200 walltime=10800 comp=14400 comm=3600 swf_id=1
task j2 model=rigid size=6 time=3600 walltime=5400 comp=7200 comm=1800 scope=cluster release=20 swf_id=3
task j3 model=rigid size=8 time=14400 walltime=21600 comp=28800 comm=7200 scope=cluster release=30 swf_id=4
end stream records=8 tasks=3 plans=0 runs=0" ]
}

@test "ptask: defaults: no comp/comm without factors, fw 1e3, release 0; fw 0 without rw: no walltime" {
	run hs-gen ptask --swf "$tmp/tiny.swf" -n 3 --ut 4h --platform $PLAT
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "prov gen tool=hs-gen version=0.1.0 gen=ptask n=3 swf=$tmp/tiny.swf eligible=3 max_size=8 lt=3600 ut=14400 fcomp=none fcomm=none fw=1000 release=zero scope=cluster platform=$PLAT seed=1" ]
	[ "${lines[6]}" = "task j1 model=rigid size=4 time=7200 walltime=7200000 swf_id=1" ]
	[ "${lines[7]}" = "task j2 model=rigid size=6 time=3600 walltime=3600000 scope=cluster swf_id=3" ]
	run hs-gen ptask --swf "$tmp/tiny.swf" -n 3 --ut 4h --fw 0 --platform $PLAT
	[ "${lines[6]}" = "task j1 model=rigid size=4 time=7200 walltime=10800 swf_id=1" ]
	[ "${lines[7]}" = "task j2 model=rigid size=6 time=3600 scope=cluster swf_id=3" ]
	[ "${lines[8]}" = "task j3 model=rigid size=8 time=14400 walltime=20000 scope=cluster swf_id=4" ]
	# One factor given: the other takes its default (F_comp 1e6, F_comm 0).
	run hs-gen ptask --swf "$tmp/tiny.swf" -n 3 --ut 4h --fcomm 0 --platform $PLAT
	[[ ${lines[1]} == *" fcomp=1000000 fcomm=0 "* ]]
	[ "${lines[6]}" = "task j1 model=rigid size=4 time=7200 walltime=7200000 comp=7200000000 swf_id=1" ]
	run hs-gen ptask --swf "$tmp/tiny.swf" -n 3 --ut 4h --fcomp 5 --platform $PLAT
	[ "${lines[6]}" = "task j1 model=rigid size=4 time=7200 walltime=7200000 comp=36000 swf_id=1" ]
}

@test "ptask: without factors the simulated durations are the trace's run times, whatever the flop/s" {
	# Dutot's platform computes 286097 flop/s per core: F_comp 1e6 would
	# make every job 3.5 times its run time (the silent trap this avoids).
	hs-gen ptask --swf "$TRACE" -n 20 --ut 4h --max-size 16 --platform dutot-homo >"$tmp/i.hs"
	! grep -q ' comp=' "$tmp/i.hs"
	hs-plan -a taskp "$tmp/i.hs" | hs-sim >"$tmp/r.hs"
	awk '$1 == "task" { for (i = 3; i <= NF; i++) if ($i ~ /^time=/) t[$2] = substr($i, 6) }
		$1 == "run" { for (i = 3; i <= NF; i++) { if ($i ~ /^start=/) s = substr($i, 7)
			if ($i ~ /^end=/) e = substr($i, 5) }
			if (e - s != t[$2]) { print "differs: " $0; bad = 1 }; n++ }
		END { exit bad || n != 20 }' "$tmp/r.hs"
}

@test "ptask: an SWF field below -1 is named, not called unknown" {
	sed '5s/^3 20 /3 -50 /' "$tmp/tiny.swf" >"$tmp/neg.swf"
	run hs-gen ptask --swf "$tmp/neg.swf" -n 1 --release trace --platform $PLAT
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/neg.swf:5: job 3: submit time -50 is negative (the SWF's only negative value is -1, unknown)" ]
	sed '5s/^3 20 /3 -1 /' "$tmp/tiny.swf" >"$tmp/unk.swf"
	run hs-gen ptask --swf "$tmp/unk.swf" -n 3 --ut 4h --release trace --platform $PLAT
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/unk.swf:5: submit time unknown, needed by --release trace" ]
	sed '3s/ 4 -1 -1 4 / 2.5 -1 -1 4 /' "$tmp/tiny.swf" >"$tmp/frac.swf"
	run hs-gen ptask --swf "$tmp/frac.swf" -n 1 --platform $PLAT
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/frac.swf:3: job 1: allocated processors 2.5 is not a whole number" ]
}

@test "ptask: the limit: --max-size, the largest cluster, none" {
	# --max-size 4 leaves jobs 1 only; the widest cluster decides otherwise.
	run hs-gen ptask --swf "$tmp/tiny.swf" -n 1 --ut 4h --max-size 4 --platform $PLAT
	[ "$status" -eq 0 ]
	[[ ${lines[1]} == *" eligible=1 max_size=4 "* ]]
	[ "${lines[6]}" = "task j1 model=rigid size=4 time=7200 walltime=7200000 swf_id=1" ]
	run hs-gen ptask --swf "$tmp/tiny.swf" -n 1 --ut 4h --platform homogeneous:nodes=4,cores=4,clusters=2
	[[ ${lines[1]} == *" eligible=3 max_size=8 "* ]]
	# No platform, no --max-size: any size; every task wider than 1 core spans nodes.
	run hs-gen ptask --swf "$tmp/tiny.swf" -n 4 --ut 4h --platform none
	[ "$status" -eq 0 ]
	[[ ${lines[1]} == *" eligible=4 max_size=none "* ]]
	[ "$(printf '%s\n' "$output" | grep -c '^task .* scope=cluster ')" -eq 4 ]
	printf '%s\n' "$output" | grep -q '^task j4 model=rigid size=9 time=5000 .* swf_id=6$'
}

@test "ptask: --seed picks reproducibly, without replacement, in trace order" {
	a=$(hs-gen ptask --swf "$TRACE" -n 50 --ut 4h --max-size 16 --seed 7)
	b=$(hs-gen ptask --swf "$TRACE" -n 50 --ut 4h --max-size 16 --seed 7)
	c=$(hs-gen ptask --swf "$TRACE" -n 50 --ut 4h --max-size 16 --seed 8)
	[ "$a" = "$b" ]
	[ "$a" != "$c" ]
	ids=$(printf '%s\n' "$a" | sed -n 's/^task .* swf_id=\([0-9]*\)$/\1/p')
	[ "$(printf '%s\n' "$ids" | wc -l)" -eq 50 ]
	[ "$(printf '%s\n' "$ids" | sort -un | wc -l)" -eq 50 ]
	[ "$(printf '%s\n' "$ids" | sort -n)" = "$ids" ]
	# Asking for every qualifying job gives the same set whatever the seed.
	[ "$(hs-gen ptask --swf "$TRACE" -n 315 --ut 4h --max-size 16 --seed 1 | grep '^task')" = \
	  "$(hs-gen ptask --swf "$TRACE" -n 315 --ut 4h --max-size 16 --seed 2 | grep '^task')" ]
}

@test "ptask: the HPC2N trace: 315 jobs of 1h-4h and at most 16 cores, as awk counts them" {
	run hs-gen ptask --swf "$TRACE" --ut 4h --max-size 16 --fcomp 1e6 --seed 0
	[ "$status" -eq 0 ]
	echo "${lines[1]}"
	[[ ${lines[1]} == *" n=300 "*" eligible=315 max_size=16 lt=3600 ut=14400 "*" seed=0" ]]
	want=$(awk '!/^;/ && NF == 18 { s = $5 > 0 ? $5 : $8;
		if ($4 >= 3600 && $4 <= 14400 && s >= 1 && s <= 16) n++ } END { print n }' "$TRACE")
	[ "$want" -eq 315 ]
	[ "$(printf '%s\n' "$output" | grep -c '^task ')" -eq 300 ]
	# Every task is its trace line: size, time, walltime = max(rw, 1000 ret), comp.
	printf '%s\n' "$output" | awk -v trace="$TRACE" '
		BEGIN { while ((getline l < trace) > 0) { if (l ~ /^;/ || l !~ /[0-9]/) continue
			split(l, f); s[f[1]] = f[5] > 0 ? f[5] : f[8]; t[f[1]] = f[4]; rw[f[1]] = f[9] } }
		$1 == "task" { delete v; for (i = 3; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
			id = v["swf_id"]; w = rw[id] > 1000 * t[id] ? rw[id] : 1000 * t[id]
			if (v["model"] != "rigid" || v["size"] != s[id] || v["time"] != t[id] ||
			    v["walltime"] != w || v["comp"] != t[id] * 1e6 || ("comm" in v)) {
				print "bad: " $0; bad = 1 } }
		END { exit bad }'
	# 1h to 1d (the paper typical bounds): 519.
	run hs-gen ptask --swf "$TRACE" --max-size 16
	[[ ${lines[1]} == *" eligible=519 "* ]]
}

@test "ptask: a compressed trace gives the same jobs" {
	gzip -c "$TRACE" >"$tmp/t.swf.gz"
	a=$(hs-gen ptask --swf "$TRACE" -n 20 --ut 4h --max-size 16 | grep '^task')
	b=$(hs-gen ptask --swf "$tmp/t.swf.gz" -n 20 --ut 4h --max-size 16 | grep '^task')
	[ "$a" = "$b" ]
}

@test "ptask: --scope any marks multi-node jobs scope=any; node keeps jobs within a node" {
	# Jobs 3 (6 cores) and 4 (8 cores) exceed a 4-core node.
	run hs-gen ptask --swf "$tmp/tiny.swf" -n 3 --lt 1h --ut 4h --scope any --platform $PLAT
	[ "$status" -eq 0 ]
	[[ ${lines[1]} == *" eligible=3 max_size=8 "*" release=zero scope=any platform="* ]]
	[ "${lines[6]}" = "task j1 model=rigid size=4 time=7200 walltime=7200000 swf_id=1" ]
	[ "${lines[7]}" = "task j2 model=rigid size=6 time=3600 walltime=3600000 scope=any swf_id=3" ]
	[ "${lines[8]}" = "task j3 model=rigid size=8 time=14400 walltime=14400000 scope=any swf_id=4" ]
	# The validator accepts them, planned (as cluster-scoped) by datap-ef.
	hs-gen ptask --swf "$tmp/tiny.swf" -n 3 --lt 1h --ut 4h --scope any --platform $PLAT |
		hs-plan -a datap-ef >"$tmp/p.hs"
	run hs-sim --check-durations "$tmp/p.hs"
	[ "$status" -eq 0 ]
	# node: only job 1 fits in a node, and no scope is written.
	run hs-gen ptask --swf "$tmp/tiny.swf" -n 1 --lt 1h --ut 4h --scope node --platform $PLAT
	[ "$status" -eq 0 ]
	[[ ${lines[1]} == *" eligible=1 max_size=4 "*" scope=node "* ]]
	[ "${lines[6]}" = "task j1 model=rigid size=4 time=7200 walltime=7200000 swf_id=1" ]
}

@test "ptask: the instance plans (datap-ef on dietze) and replays with exact durations" {
	hs-gen ptask --swf "$TRACE" --ut 4h --max-size 16 --fcomm 1e7 --platform dietze >"$tmp/i.hs"
	# Sizes 9..16 exceed an 8-core node of dietze: those tasks may span nodes.
	[ "$(awk '$1 == "task" { sub("size=", "", $4); if (($4 + 0 > 8) != / scope=cluster /) b++ }
		END { print b + 0 }' "$tmp/i.hs")" -eq 0 ]
	hs-plan -a datap-ef "$tmp/i.hs" >"$tmp/p.hs"
	[ "$(grep -c '^plan ' "$tmp/p.hs")" -eq 300 ]
	# Some rigid tasks were placed over two nodes of a cluster.
	grep -q '^plan j[0-9]* node=[a-z0-9]*,' "$tmp/p.hs"
	run hs-sim --check-durations "$tmp/p.hs"
	[ "$status" -eq 0 ]
	# Widest cluster of dietze: ws, 60 cores.
	run hs-gen ptask --swf "$TRACE" -n 10
	[[ ${lines[1]} == *" max_size=60 "* ]]
}

@test "ptask: drawn jobs: reproducible, in range, walltime = max(ret*u, ret*fw)" {
	a=$(hs-gen ptask -n 500 --lt 10 --ut 1m --fw 1 --fcomp 3 --fcomm 2 --platform $PLAT --seed 5)
	[ "$a" = "$(hs-gen ptask -n 500 --lt 10 --ut 1m --fw 1 --fcomp 3 --fcomm 2 --platform $PLAT --seed 5)" ]
	[ "$a" != "$(hs-gen ptask -n 500 --lt 10 --ut 1m --fw 1 --fcomp 3 --fcomm 2 --platform $PLAT --seed 6)" ]
	printf '%s\n' "$a" | grep -qx "prov gen tool=hs-gen version=0.1.0 gen=ptask n=500 swf=none max_size=8 sizes=log lt=10 ut=60 fcomp=3 fcomm=2 fw=1 release=zero scope=cluster platform=$PLAT seed=5"
	! printf '%s\n' "$a" | grep -q 'swf_id=\|release='
	printf '%s\n' "$a" | awk '$1 == "task" { n++
		for (i = 3; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
		if (v["size"] < 1 || v["size"] > 8 || v["size"] != int(v["size"])) bad = "size"
		if (v["time"] < 10 || v["time"] > 60) bad = "time"
		r = v["walltime"] / v["time"]; if (r < 1 || r >= 3) bad = "walltime"
		if (v["comp"] != v["time"] * 3 || v["comm"] != v["time"] * 2) bad = "comp/comm"
		if ((v["size"] > 4) != ($0 ~ / scope=cluster$/)) bad = "scope"
		sizes[v["size"]]++ }
		END { if (bad) print bad; exit bad != "" || n != 500 || length(sizes) != 8 }'
	# log: size k has probability ln((k+1)/k)/ln 9, 1 more often than 8;
	# uniform: about as often.
	small=$(printf '%s\n' "$a" | grep -c ' size=1 ')
	big=$(printf '%s\n' "$a" | grep -c ' size=8 ')
	[ "$small" -gt $((2 * big)) ]
	u=$(hs-gen ptask -n 2000 --sizes uniform --platform $PLAT --seed 5)
	printf '%s\n' "$u" | grep -q 'sizes=uniform'
	small=$(printf '%s\n' "$u" | grep -c ' size=1 ')
	big=$(printf '%s\n' "$u" | grep -c ' size=8 ')
	[ "$small" -lt $((2 * big)) ] && [ "$big" -lt $((2 * small)) ]
	# --lt = --ut: every run time is that value.
	[ "$(hs-gen ptask -n 5 --lt 2h --ut 2h --platform $PLAT | grep -c ' time=7200 ')" -eq 5 ]
}

@test "ptask: durations with suffixes s, m, h, d" {
	for pair in "90:90" "90s:90" "1.5m:90" "1.5h:5400" "2d:172800" "1e3:1000"; do
		run hs-gen ptask -n 1 --lt "${pair%%:*}" --ut 3d --platform $PLAT
		[ "$status" -eq 0 ]
		[[ ${lines[1]} == *" lt=${pair#*:} ut=259200 "* ]]
	done
}

@test "ptask: bad option values exit 2 naming the option" {
	while IFS='|' read -r args msg; do
		run hs-gen ptask $args --platform $PLAT
		echo "$args -> $output"
		[ "$status" -eq 2 ]
		[ "${lines[0]}" = "$msg" ]
	done <<-'EOF'
	-n 0|hs-gen: option -n: '0' must be between 1 and 10000000
	-n x|hs-gen: option -n: 'x' is not a number
	--lt abc|hs-gen: option --lt: 'abc' is not a duration (seconds, or a number with s, m, h or d)
	--lt 1w|hs-gen: option --lt: '1w' is not a duration (seconds, or a number with s, m, h or d)
	--lt h|hs-gen: option --lt: 'h' is not a duration (seconds, or a number with s, m, h or d)
	--lt 0|hs-gen: option --lt: '0' must be greater than 0
	--ut -1h|hs-gen: option --ut: '-1h' must be greater than 0
	--lt 2h --ut 1h|hs-gen: option --ut: '1h' (3600 s) is less than --lt (7200 s)
	--lt 2d|hs-gen: option --ut: '1d' (86400 s) is less than --lt (172800 s)
	--fcomp -1|hs-gen: option --fcomp: '-1' must be at least 0
	--fcomm inf|hs-gen: option --fcomm: 'inf' is not a number
	--fw x|hs-gen: option --fw: 'x' is not a number
	--max-size 0|hs-gen: option --max-size: '0' must be between 1 and 1000000000
	--max-size 9|hs-gen: option --max-size: 9 is more than the largest cluster of platform 'homogeneous:nodes=2,cores=4' (8 cores)
	--sizes pow2|hs-gen: option --sizes: 'pow2' must be log or uniform
	--release now|hs-gen: option --release: 'now' must be zero or trace
	--release trace|hs-gen: option --release trace needs --swf
	--scope grid|hs-gen: option --scope: 'grid' must be node, cluster or any
	--scope node --max-size 5|hs-gen: option --max-size: 5 is more than the largest node of platform 'homogeneous:nodes=2,cores=4' (4 cores)
	--seed -1|hs-gen: option --seed: '-1' must be at least 0
	extra|hs-gen: unexpected argument 'extra'
	EOF
	run hs-gen ptask --swf "$tmp/tiny.swf" --sizes log
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: option --sizes applies without --swf only" ]
	[[ ${lines[1]} == "usage: hs-gen ptask [-n N] "* ]]
	run hs-gen ptask --platform none
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: option --max-size is required without --swf and a platform" ]
}

@test "ptask: missing trace, broken lines, too few jobs exit 2" {
	run hs-gen ptask --swf "$tmp/nosuch.swf" --platform $PLAT
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/nosuch.swf: No such file or directory" ]
	sed '4s/ -1 -1$/ -1/' "$tmp/tiny.swf" >"$tmp/short.swf"
	run hs-gen ptask --swf "$tmp/short.swf" -n 1 --platform $PLAT
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/short.swf:4: 17 fields, an SWF job line has 18" ]
	sed '5s/^3 20 5 3600 /3 20 5 1h /' "$tmp/tiny.swf" >"$tmp/nan.swf"
	run hs-gen ptask --swf "$tmp/nan.swf" -n 1 --platform $PLAT
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/nan.swf:5: field 4 (run time): '1h' is not a number" ]
	run hs-gen ptask --swf "$tmp/tiny.swf" -n 4 --ut 4h --platform $PLAT
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/tiny.swf: only 3 jobs qualify (run time 3600 to 14400 s, at most 8 cores), -n asks for 4" ]
	run hs-gen ptask --swf "$TRACE" --ut 4h --max-size 16 -n 316
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $TRACE: only 315 jobs qualify (run time 3600 to 14400 s, at most 16 cores), -n asks for 316" ]
	run hs-gen ptask --swf "$tmp/tiny.swf" -n 5 --ut 4h --platform none
	[ "$output" = "hs-gen: $tmp/tiny.swf: only 4 jobs qualify (run time 3600 to 14400 s, any size), -n asks for 5" ]
	# An unknown submit time with --release trace names the job's line.
	sed '3s/^1 0 /1 -1 /' "$tmp/tiny.swf" >"$tmp/nosub.swf"
	run hs-gen ptask --swf "$tmp/nosub.swf" -n 3 --ut 4h --release trace --platform $PLAT
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/nosub.swf:3: submit time unknown, needed by --release trace" ]
	# -o FILE: nothing written on error.
	run hs-gen ptask --swf "$tmp/short.swf" -o "$tmp/out.hs"
	[ "$status" -eq 2 ]
	[ ! -e "$tmp/out.hs" ]
}

@test "ptask: listed, and completed from its option table" {
	hs-gen -l | grep -q '^ptask  *rigid parallel tasks'
	words=$(hs-gen ptask --complete-words | tr '\n' ' ')
	[[ $words == *"--swf FILE --max-size P --sizes log|uniform --lt TIME --ut TIME --fcomp F --fcomm F --fw F --release zero|trace --scope node|cluster|any --platform NAME|FILE --seed N "* ]]
	source "$TOP/completions/hs.bash"
	COMP_WORDS=(hs-gen ptask --release "")
	COMP_CWORD=3
	_hs
	[ "${COMPREPLY[*]}" = "zero trace" ]
	COMP_WORDS=(hs-gen ptask --si)
	COMP_CWORD=2
	_hs
	[ "${COMPREPLY[*]}" = "--sizes" ]
}
