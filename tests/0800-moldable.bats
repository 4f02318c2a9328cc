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

@test "moldable: approx32 plans every task, validly, within its guarantee" {
	run bash -c 'hs-gen moldable -n 60 -m 16 -k 2 --seed 4 | hs-plan -a approx32'
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c '^plan ')" -eq 60 ]
	# hs-sim validates the plan again
	printf '%s\n' "$output" | hs-sim >/dev/null
	lb=$(printf '%s\n' "$output" | prov lb)
	g=$(printf '%s\n' "$output" | prov guarantee)
	bl=$(printf '%s\n' "$output" | prov best_lambda)
	[ "$(printf '%s\n' "$output" | prov best)" = guess ]
	ms=$(printf '%s\n' "$output" | makespan)
	# makespan <= 3/2 * cutoff * lb, guarantee = makespan / lb, and the
	# schedule ends by 3/2 of its own guess
	awk -v m="$ms" -v b="$lb" -v g="$g" -v l="$bl" 'BEGIN { exit !(m <= 1.5 * 1.01 * b * (1 + 1e-9) && (g - m / b)^2 < 1e-10 && m <= 1.5 * l * (1 + 1e-9) && b <= m) }'
}

@test "moldable: approx32 provenance names lambda, bounds, the winner, guarantee, steps, LPs, ILPs, time" {
	run bash -c 'hs-gen moldable -n 40 -m 16 -k 2 --seed 2 | hs-plan -a approx32'
	[ "$status" -eq 0 ]
	rec=$(printf '%s\n' "$output" | grep '^prov plan ')
	for k in lambda lb lb0 ub0 lo0 hi0 best guarantee steps below lps ilps ilp_time lp_time greedy rounded sets algo_time algo_cpu; do
		[[ $rec == *" $k="* ]] || { echo "missing $k: $rec"; false; }
	done
	# no warning, nothing limited, no budget stop on such an instance
	[[ $rec != *" unproven="* && $rec != *" stopped="* ]]
}

@test "moldable: approx32 and approx2 are never longer than their HEFT-like bounds" {
	for law in paper table1; do
		for s in 1 2 3; do
			inst=$(gen -n 30 -m 8 -k 2 --seed $s --law $law)
			for a in approx32 approx2; do
				ma=$(printf '%s\n' "$inst" | hs-plan -a $a | makespan)
				for h in heft-lpt-seq heft-ratio-seq heft-lpt-par; do
					mh=$(printf '%s\n' "$inst" | hs-plan -a $h | makespan)
					awk -v a="$ma" -v h="$mh" 'BEGIN { exit !(a <= h) }' || { echo "$law $s $a $ma > $h $mh"; false; }
				done
			done
		done
	done
}

@test "moldable: -o budget stops the search, returns the best HEFT-like plan, says so" {
	inst=$(gen -n 40 -m 16 -k 2 --seed 2)
	run bash -c 'printf "%s\n" "$1" | hs-plan -a approx32 -o budget=1e-9 2>/tmp/hs-budget-err.$$; cat /tmp/hs-budget-err.$$ >&2; rm -f /tmp/hs-budget-err.$$' _ "$inst"
	[ "$status" -eq 0 ]
	out=$(printf '%s\n' "$inst" | hs-plan -a approx32 -o budget=1e-9 2>/dev/null)
	[ "$(printf '%s\n' "$out" | prov stopped)" = budget ]
	[ "$(printf '%s\n' "$out" | prov steps)" = 0 ]
	best=$(printf '%s\n' "$out" | prov best)
	[[ $best == heft-* ]]
	# the plan is that heuristic's
	[ "$(printf '%s\n' "$out" | grep '^plan ')" = "$(printf '%s\n' "$inst" | hs-plan -a "$best" | grep '^plan ')" ]
	err=$(printf '%s\n' "$inst" | hs-plan -a approx32 -o budget=1e-9 2>&1 >/dev/null)
	[[ $err == "hs-plan: warning: approx32: the search stopped at budget=1e-09 s"*"proven within "*" of the optimum (lower bound "* ]]
	err=$(printf '%s\n' "$inst" | hs-plan -a approx2 -o budget=1e-9 2>&1 >/dev/null)
	[[ $err == "hs-plan: warning: approx2: the search stopped"* ]]
	run_stdin "$inst" hs-plan -a approx32 -o budget=-1
	[ "$status" -eq 2 ]
	[[ $output == *"approx32: budget must be >= 0 seconds"* ]]
}

@test "moldable: -o paper runs the paper's algorithm: its bisection, bounds, objective, exact ILP, layout" {
	inst=$(gen -n 100 -m 64 -k 4 --seed 3)
	run_stdin "$inst" hs-plan -a approx32 -o paper
	[ "$status" -eq 0 ]
	out=$output
	printf '%s\n' "$out" | hs-sim >/dev/null
	# the same as naming the settings one by one
	b=$(printf '%s\n' "$inst" | hs-plan -a approx32 -o objective=work,optimal,refine=0,compact=0,best=0,search=paper | grep '^plan ')
	[ "$(printf '%s\n' "$out" | grep '^plan ')" = "$b" ]
	# bounds of the published code: 2/3 sum(shortest) / (m + k), sum(longest)
	printf '%s\n' "$out" | awk -v lo="$(printf '%s\n' "$out" | prov lo0)" -v hi="$(printf '%s\n' "$out" | prov hi0)" '
		$1 == "task" { for (i = 3; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
			c = v["t1"] * (v["beta"] + (1 - v["beta"]) / 64); g = v["gpu_time"]
			smin += c < g ? c : g; smax += v["t1"] > g ? v["t1"] : g }
		END { exit !((lo - 2 * smin / 3 / 68)^2 < 1e-12 * lo^2 && (hi - smax)^2 < 1e-12 * hi^2) }'
	# 10 to 17 steps as in Fig. 8; the last guess's schedule, within 3/2 of it
	st=$(printf '%s\n' "$out" | prov steps)
	[ "$st" -ge 10 ] && [ "$st" -le 17 ]
	[ "$(printf '%s\n' "$out" | prov best)" = guess ]
	[ "$(printf '%s\n' "$out" | prov best_lambda)" = "$(printf '%s\n' "$out" | prov lambda)" ]
	awk -v m="$(printf '%s\n' "$out" | makespan)" -v l="$(printf '%s\n' "$out" | prov lambda)" 'BEGIN { exit !(m <= 1.5 * l * (1 + 1e-9)) }'
	# hs's default is shorter on this instance
	d=$(printf '%s\n' "$inst" | hs-plan -a approx32 | makespan)
	awk -v d="$d" -v p="$(printf '%s\n' "$out" | makespan)" 'BEGIN { exit !(d < p) }'
	run_stdin "$inst" hs-plan -a approx2 -o paper
	[ "$status" -eq 0 ]
	run_stdin "$inst" hs-plan -a approx32 -o search=fast
	[ "$status" -eq 2 ]
	[[ $output == *"hs|paper"* ]]
}

@test "moldable: hs-report's lower_bound is the planner's proven lb" {
	out=$(gen -n 200 -m 64 -k 4 --seed 2 | hs-plan -a approx32)
	lb=$(printf '%s\n' "$out" | prov lb)
	run bash -c 'printf "%s\n" "$1" | hs-report -f tsv -m lower_bound,ratio' _ "$out"
	[ "$status" -eq 0 ]
	rep=$(printf '%s\n' "$output" | awk -F '\t' '$1 == "lower_bound" { print $2 }')
	awk -v a="$rep" -v b="$lb" 'BEGIN { exit !((a - b)^2 < 1e-10 * b^2) }'
	# without it, the instance's own (weaker) bound
	own=$(printf '%s\n' "$out" | grep -v '^prov plan' | hs-report -f tsv -m lower_bound | awk -F '\t' '$1 == "lower_bound" { print $2 }')
	awk -v a="$own" -v b="$lb" 'BEGIN { exit !(a < b) }'
	# a monotonized plan's lb bounds another instance: not used
	input='hs 1
node n1 cores=3 gpus=1
task t1 model=table times=10,6,7 gpu_time=50
task t2 model=table times=10,4,3 gpu_time=50'
	plan=$(printf '%s\n' "$input" | hs-plan -a approx32 -o monotonize)
	printf '%s\n' "$plan" | grep -q '^prov plan .* lb=[0-9].* monotonized=[0-9]'
	m=$(printf '%s\n' "$plan" | hs-report -f tsv -m lower_bound | awk -F '\t' '$1 == "lower_bound" { print $2 }')
	n=$(printf '%s\n' "$plan" | sed 's/ lb=[^ ]*//' | hs-report -f tsv -m lower_bound | awk -F '\t' '$1 == "lower_bound" { print $2 }')
	[ -n "$m" ] && [ "$m" = "$n" ]
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
	[[ $output == *"moldable: 1 quality: guess "*": accept, schedule of length "* ]]
}

@test "moldable: objective=work and optimal=1 (the paper's ILP) also plan" {
	inst=$(gen -n 25 -m 8 -k 2 --seed 11)
	run_stdin "$inst" hs-plan -a approx32 -o objective=work -o optimal
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c '^plan ')" -eq 25 ]
	# the final guess's assignment comes from a branch and bound to optimality
	[ "$(printf '%s\n' "$output" | prov ilps)" -ge 1 ]
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
	printf '%s\n' "$a" | grep '^prov gen ' | grep -q 'gen=moldable seed=5 n=10 m=16 k=2 law=paper p_dist=beta p_a=3 p_b=5 pmin=10 pmax=100 beta_min=0 beta_max=0.5 g_mean=0.5 g_sd=0.5 g_min=0.1 g_max=1.5 model=amdahl$'
	t=$(gen -n 10 -m 16 -k 2 --seed 5 --law table1)
	printf '%s\n' "$t" | grep '^prov gen ' | grep -q 'law=table1 p_dist=uniform pmin=1 pmax=100 beta_min=0 beta_max=0.9 g_mean=0.2 g_sd=0.5 g_min=0.1 g_max=1.5 model=amdahl$'
	# an option given beside a law wins, in any order
	o=$(gen -n 3 --pmin 2 --law table1 --g-mean 0.3)
	printf '%s\n' "$o" | grep '^prov gen ' | grep -q 'law=table1 p_dist=uniform pmin=2 pmax=100 beta_min=0 beta_max=0.9 g_mean=0.3 '
	o=$(gen -n 3 --p-dist uniform)
	printf '%s\n' "$o" | grep '^prov gen ' | grep -q 'law=paper p_dist=uniform pmin=10 pmax=100 beta_min=0 beta_max=0.5 '
}

@test "hs-gen moldable: the paper's law (the authors' generator): 10 + 90 Beta(3,5), beta <= 0.5, g ~ N(0.5, 0.5) in [0.1, 1.5]" {
	out=$(gen -n 2000 -m 64 -k 4 --seed 2)
	printf '%s\n' "$out" | awk '
		$1 == "task" {
			for (i = 3; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
			pm = v["t1"] * (v["beta"] + (1 - v["beta"]) / 64); g = v["gpu_time"] / pm
			if (v["t1"] < 10 || v["t1"] > 100 || v["beta"] < 0 || v["beta"] > 0.5 || g < 0.1 - 1e-9 || g > 1.5 + 1e-9) bad++
			s += v["t1"]; s2 += v["t1"]^2; b += v["beta"]; n++
		}
		END {
			m = s / n; sd = sqrt(s2 / n - m * m)
			# Beta(3,5) scaled: mean 10 + 90 * 3/8 = 43.75, sd 90 * sqrt(15/576) = 14.5;
			# uniform on [10,100] would give 55 and 26
			if (bad || m < 42 || m > 45.5 || sd < 13 || sd > 16 || b / n < 0.23 || b / n > 0.27) { print "bad " bad " mean " m " sd " sd " beta " b / n; exit 1 }
		}'
}

@test "hs-gen moldable: --law table1 follows Table I's ranges (uniform times)" {
	out=$(gen -n 500 -m 64 -k 4 --seed 2 --law table1)
	printf '%s\n' "$out" | awk '
		$1 == "task" {
			for (i = 3; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
			pm = v["t1"] * (v["beta"] + (1 - v["beta"]) / 64); g = v["gpu_time"] / pm
			if (v["t1"] < 1 || v["t1"] > 100 || v["beta"] < 0 || v["beta"] > 0.9 || g < 0.1 - 1e-9 || g > 1.5 + 1e-9) bad++
			s += g; n++
		}
		END { if (bad) { print "bad draws: " bad; exit 1 } }'
	printf '%s\n' "$out" | awk '$1 == "task" { split($4, kv, "="); s += kv[2]; n++ } END { exit !(s / n > 45 && s / n < 56) }'
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
	run hs-gen moldable -n 3 --law bleuse
	[ "$status" -eq 2 ]
	[[ $output == *"--law: 'bleuse' is not paper or table1"* ]]
	run hs-gen moldable -n 3 --p-dist normal
	[ "$status" -eq 2 ]
	run hs-gen moldable -n 3 --p-a 0
	[ "$status" -eq 2 ]
	run hs-gen moldable -n 3 extra
	[ "$status" -eq 2 ]
}
