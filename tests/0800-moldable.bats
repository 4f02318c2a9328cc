#!/usr/bin/env bats
# The moldable plugin (approx32, approx2, heft and its short names) and
# `hs-gen moldable` (Bleuse et al. 2017): options, errors, monotony, provenance.

load helper

gen() {
	hs-gen moldable "$@"
}

# makespan of the plan records on stdin
makespan() {
	awk '$1 == "plan" { for (i = 3; i <= NF; i++) if ($i ~ /^end=/) { v = substr($i, 5) + 0; if (v > m) m = v } }
	     END { printf "%.10g\n", m }'
}

# value of KEY in the "prov plan" record on stdin
prov() {
	awk -v k="$1" '$1 == "prov" && $2 == "plan" { for (i = 3; i <= NF; i++) if (index($i, k "=") == 1) print substr($i, length(k) + 2) }'
}

@test "moldable: every algorithm and short name is listed" {
	run hs-plan -l
	[ "$status" -eq 0 ]
	for a in approx32 approx2 heft heft-lpt-seq heft-spt-seq heft-ratio-seq heft-lpt-par heft-spt-par heft-ratio-par; do
		printf '%s\n' "$output" | grep -q "^$a "
	done
}

@test "moldable: approx32 plans every task, validly, within 3/2 lambda" {
	run bash -c 'hs-gen moldable -n 60 -m 16 -k 2 --seed 4 | hs-plan -a approx32'
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c '^plan ')" -eq 60 ]
	# hs-sim validates the plan again
	printf '%s\n' "$output" | hs-sim >/dev/null
	lambda=$(printf '%s\n' "$output" | prov lambda)
	lb=$(printf '%s\n' "$output" | prov lb)
	ms=$(printf '%s\n' "$output" | makespan)
	awk -v m="$ms" -v l="$lambda" -v b="$lb" 'BEGIN { exit !(m <= 1.5 * l * (1 + 1e-9) && l <= 1.01 * b * (1 + 1e-9) && b <= m) }'
}

@test "moldable: approx32 provenance names lambda, steps, ILP count and time" {
	run bash -c 'hs-gen moldable -n 40 -m 16 -k 2 --seed 2 | hs-plan -a approx32'
	[ "$status" -eq 0 ]
	rec=$(printf '%s\n' "$output" | grep '^prov plan ')
	for k in lambda lb lb0 ub0 steps lps ilps ilp_time lp_time greedy rounded sets algo_time; do
		[[ $rec == *" $k="* ]] || { echo "missing $k: $rec"; false; }
	done
}

@test "moldable: approx2 and every heft variant give valid plans" {
	inst=$(gen -n 50 -m 8 -k 2 --seed 7)
	for a in approx2 heft heft-lpt-seq heft-spt-seq heft-ratio-seq heft-lpt-par heft-spt-par heft-ratio-par; do
		run_stdin "$inst" hs-plan -a "$a"
		echo "$a: $status"
		[ "$status" -eq 0 ]
		[ "$(printf '%s\n' "$output" | grep -c '^plan ')" -eq 50 ]
	done
	run_stdin "$inst" hs-plan -a approx2
	lambda=$(printf '%s\n' "$output" | prov lambda)
	ms=$(printf '%s\n' "$output" | makespan)
	awk -v m="$ms" -v l="$lambda" 'BEGIN { exit !(m <= 2 * l * (1 + 1e-9)) }'
}

@test "moldable: short names are presets of heft" {
	inst=$(gen -n 40 -m 8 -k 2 --seed 3)
	for p in lpt spt ratio; do
		for c in seq par; do
			a=$(printf '%s\n' "$inst" | hs-plan -a "heft-$p-$c" | grep '^plan ')
			b=$(printf '%s\n' "$inst" | hs-plan -a heft -o prio=$p -o cpus=$c | grep '^plan ')
			[ "$a" = "$b" ]
		done
	done
	# the user's -o wins over the preset
	a=$(printf '%s\n' "$inst" | hs-plan -a heft-lpt-seq -o prio=spt | grep '^plan ')
	b=$(printf '%s\n' "$inst" | hs-plan -a heft-spt-seq | grep '^plan ')
	[ "$a" = "$b" ]
}

@test "moldable: seq heft uses one core per task, par the fastest allotment" {
	inst=$(gen -n 20 -m 8 -k 1 --seed 5)
	run_stdin "$inst" hs-plan -a heft-lpt-seq
	[ "$status" -eq 0 ]
	! printf '%s\n' "$output" | grep '^plan ' | grep -q 'cores=[0-9]*[-,]'
	run_stdin "$inst" hs-plan -a heft-lpt-par
	printf '%s\n' "$output" | grep '^plan ' | grep -q 'cores=0-7 '
}

@test "moldable: a non-monotonic task is named, exit 2" {
	input='hs 1
node n1 cores=3 gpus=1
task t1 model=amdahl t1=10 beta=0.5 gpu_time=4
task t2 model=table times=10,6,7 gpu_time=5'
	for a in approx32 approx2; do
		run_stdin "$input" hs-plan -a $a
		[ "$status" -eq 2 ]
		[[ $output == *"hs-plan: stdin:4: task t2: is not monotonic: its time grows from 6 on 2 cores to 7 on 3 (-o monotonize adapts it)"* ]]
	done
	input='hs 1
node n1 cores=3
task t1 model=table times=10,4,3'
	run_stdin "$input" hs-plan -a approx32
	[ "$status" -eq 2 ]
	[[ $output == *"stdin:3: task t1: is not monotonic: its work falls from 10 on 1 cores to 8 on 2"* ]]
}

@test "moldable: -o monotonize adapts the tasks and says how many" {
	input='hs 1
node n1 cores=3 gpus=1
task t1 model=amdahl t1=10 beta=0.5 gpu_time=4
task t2 model=table times=10,6,7 gpu_time=50
task t3 model=table times=10,4,3'
	run_stdin "$input" hs-plan -a approx32 -o monotonize
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | prov monotonized)" = 2 ]
	# t2 on 3 allotted cores would take 7: it never gets more than 2
	! printf '%s\n' "$output" | grep -q '^plan t2 .*cores=0-2 '
	run_stdin "$input" hs-plan -a approx2 -o monotonize
	[ "$status" -eq 0 ]
	# heft does not need monotony
	run_stdin "$input" hs-plan -a heft
	[ "$status" -eq 0 ]
}

@test "moldable: platforms and tasks outside the model are rejected" {
	run_stdin 'hs 1
node n1 cores=2
node n2 cores=2
task t1 model=amdahl t1=10 beta=0.5' hs-plan -a approx32
	[ "$status" -eq 2 ]
	[[ $output == *"hs-plan: approx32: needs a platform of exactly one node"*"has 2"* ]]
	run_stdin 'hs 1
node n1 cores=2
task t1 model=amdahl t1=10 beta=0.5 release=4' hs-plan -a heft
	[ "$status" -eq 2 ]
	[[ $output == *"hs-plan: stdin:3: task t1: has release=4"* ]]
	run_stdin 'hs 1
node n1 cores=2
task t1 model=gpu gpu_time=3' hs-plan -a approx2
	[ "$status" -eq 2 ]
	[[ $output == *"stdin:3: task t1: has no finite time on this node's cores"* ]]
}

@test "moldable: bad option values exit 2" {
	inst=$(gen -n 5 -m 4 -k 1)
	run_stdin "$inst" hs-plan -a approx32 -o cutoff=1
	[ "$status" -eq 2 ]
	[[ $output == *"approx32: cutoff must be in (1, 2]"* ]]
	run_stdin "$inst" hs-plan -a approx32 -o ilp_limit=-1
	[ "$status" -eq 2 ]
	run_stdin "$inst" hs-plan -a heft -o prio=longest
	[ "$status" -eq 2 ]
	[[ $output == *"lpt|spt|ratio"* ]]
	run_stdin "$inst" hs-plan -a approx32 -o objective=fast
	[ "$status" -eq 2 ]
}

@test "moldable: quiet by default, -o verbose logs guesses on stderr only" {
	inst=$(gen -n 30 -m 8 -k 2 --seed 9)
	run bash -c 'printf "%s\n" "$1" | hs-plan -a approx32 2>&1 >/dev/null' _ "$inst"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	out=$(printf '%s\n' "$inst" | hs-plan -a approx32 -o verbose -o objective=work 2>/dev/null)
	printf '%s\n' "$out" | hs-sim >/dev/null
	! printf '%s\n' "$out" | grep -qv '^\(hs 1\|prov \|node \|task \|plan \)'
	run bash -c 'printf "%s\n" "$1" | hs-plan -a approx32 -o verbose 2>&1 >/dev/null' _ "$inst"
	[[ $output == *"moldable: guess "* ]]
}

@test "moldable: objective=work and optimal=1 (the paper's ILP) also plan" {
	inst=$(gen -n 25 -m 8 -k 2 --seed 11)
	run_stdin "$inst" hs-plan -a approx32 -o objective=work -o optimal
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c '^plan ')" -eq 25 ]
	[ "$(printf '%s\n' "$output" | prov greedy)" = 0 ]
}

@test "moldable: no GPUs, one task, no tasks" {
	run bash -c 'hs-gen moldable -n 12 -m 4 -k 0 | hs-plan -a approx32'
	[ "$status" -eq 0 ]
	! printf '%s\n' "$output" | grep -q 'gpus='
	run_stdin 'hs 1
node n1 cores=4 gpus=1
task t1 model=amdahl t1=8 beta=0 gpu_time=1' hs-plan -a approx32
	[ "$status" -eq 0 ]
	[[ $output == *"plan t1 node=n1 cores='' gpus=0 start=0 end=1"* ]]
	run_stdin 'hs 1
node n1 cores=4' hs-plan -a approx2
	[ "$status" -eq 0 ]
}

@test "hs-gen moldable: reproducible, one node, provenance" {
	a=$(gen -n 10 -m 16 -k 2 --seed 5)
	b=$(gen -n 10 -m 16 -k 2 --seed 5)
	c=$(gen -n 10 -m 16 -k 2 --seed 6)
	[ "$a" = "$b" ]
	[ "$a" != "$c" ]
	[ "$(printf '%s\n' "$a" | grep -c '^task ')" -eq 10 ]
	[ "$(printf '%s\n' "$a" | grep -c '^node ')" -eq 1 ]
	printf '%s\n' "$a" | grep -q '^node n1 cores=16 gpus=2$'
	printf '%s\n' "$a" | grep '^prov gen ' | grep -q 'gen=moldable seed=5 n=10 m=16 k=2 pmin=1 pmax=100 beta_min=0 beta_max=0.9 g_mean=0.2 g_sd=0.5 g_min=0.1 g_max=1.5'
}

@test "hs-gen moldable: draws follow Table I's ranges" {
	out=$(gen -n 500 -m 64 -k 4 --seed 2)
	printf '%s\n' "$out" | awk '
		$1 == "task" {
			for (i = 3; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
			pm = v["t1"] * (v["beta"] + (1 - v["beta"]) / 64); g = v["gpu_time"] / pm
			if (v["t1"] < 1 || v["t1"] > 100 || v["beta"] < 0 || v["beta"] > 0.9 || g < 0.1 - 1e-9 || g > 1.5 + 1e-9) bad++
			s += g; n++
		}
		END { if (bad) { print "bad draws: " bad; exit 1 } }'
	out=$(gen -n 20 -m 8 -k 1 --pmin 5 --pmax 6 --beta-min 0.5 --beta-max 0.5 --g-mean 1 --g-sd 0)
	printf '%s\n' "$out" | awk '$1 == "task" { for (i = 3; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
		if (v["beta"] != 0.5 || v["t1"] < 5 || v["t1"] > 6) exit 1
		pm = v["t1"] * (0.5 + 0.5 / 8); if (v["gpu_time"] / pm < 1 - 1e-12 || v["gpu_time"] / pm > 1 + 1e-12) exit 1 }'
}

@test "hs-gen moldable: --model table lists pbar(1..m), same plans as amdahl" {
	a=$(gen -n 8 -m 6 -k 1 --seed 3)
	t=$(gen -n 8 -m 6 -k 1 --seed 3 --model table)
	printf '%s\n' "$t" | grep '^task t1 ' | grep -q 'model=table times=[^ ,]*,[^ ,]*,[^ ,]*,[^ ,]*,[^ ,]*,[^ ,]* gpu_time='
	pa=$(printf '%s\n' "$a" | hs-plan -a approx32 | makespan)
	pt=$(printf '%s\n' "$t" | hs-plan -a approx32 | makespan)
	awk -v a="$pa" -v t="$pt" 'BEGIN { exit !(a - t < 1e-9 * a && t - a < 1e-9 * a) }'
}

@test "hs-gen moldable: bad arguments exit 2" {
	run hs-gen moldable -m 4
	[ "$status" -eq 2 ]
	[[ $output == *"-n N"*"required"* ]]
	run hs-gen moldable -n 3 --beta-max 2
	[ "$status" -eq 2 ]
	run hs-gen moldable -n 3 --g-min 1 --g-max 0.5
	[ "$status" -eq 2 ]
	[[ $output == *"--g-max"* ]]
	run hs-gen moldable -n 3 --model rigid
	[ "$status" -eq 2 ]
	run hs-gen moldable -n 3 extra
	[ "$status" -eq 2 ]
}
