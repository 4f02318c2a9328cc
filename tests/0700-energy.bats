#!/usr/bin/env bats
# Energy-aware CPU/GPU scheduling (Hamano et al.): hs-gen accel, the energy
# plugins (ect, threshold, edp, edp-dyn) and the oracles (opt-makespan,
# opt-energy), checked against a brute force on small instances.

load helper

setup() {
	tmp=$(mktemp -d)
}

teardown() {
	rm -rf "$tmp"
}

# provval KEY FILE: KEY's value in the file's "prov plan" record.
provval() {
	grep '^prov plan ' "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"
}

# The optimum of an instance from `hs-gen accel` by trying every assignment
# of tasks to processors: prints "MAKESPAN ENERGY" (energy of eqs. 2-3).
brute() {
	awk '
	function val(k,   i, kv) {
		for (i = 3; i <= NF; i++) { split($i, kv, "="); if (kv[1] == k) return kv[2] }
		return ""
	}
	BEGIN { np = 0; n = 0 }
	$1 == "node" {
		for (c = 0; c < val("cores"); c++) { kind[np] = 0; pb[np] = val("cpu_busy"); pi[np] = val("cpu_idle"); np++ }
		for (g = 0; g < val("gpus") + 0; g++) { kind[np] = 1; pb[np] = val("gpu_busy"); pi[np] = val("gpu_idle"); np++ }
	}
	$1 == "task" { t[n] = val("time"); a[n] = val("alpha"); n++ }
	END {
		total = 1; for (j = 0; j < n; j++) total *= np
		bestT = -1; bestE = -1
		for (x = 0; x < total; x++) {
			for (p = 0; p < np; p++) load[p] = 0
			y = x; ok = 1
			for (j = 0; j < n; j++) {
				p = y % np; y = int(y / np)
				if (kind[p]) { if (a[j] == 0) { ok = 0; break } load[p] += t[j] / a[j] }
				else load[p] += t[j]
			}
			if (!ok) continue
			T = 0; for (p = 0; p < np; p++) if (load[p] > T) T = load[p]
			E = 0; for (p = 0; p < np; p++) E += load[p] * pb[p] + (T - load[p]) * pi[p]
			if (bestT < 0 || T < bestT) bestT = T
			if (bestE < 0 || E < bestE) bestE = E
		}
		printf "%.12g %.12g\n", bestT, bestE
	}'
}

# near A B: |A - B| <= 1e-9 * |B|
near() {
	awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; m = b < 0 ? -b : b; exit !(d <= 1e-9 * m + 1e-9) }'
}

# geq A B: A >= B * (1 - 1e-9)
geq() {
	awk -v a="$1" -v b="$2" 'BEGIN { exit !(a >= b * (1 - 1e-9)) }'
}

# ---------------- hs-gen accel ----------------

@test "energy: accel gives every alpha range of Table 2 its exact share" {
	for set in 1 2 3; do
		hs-gen accel --set $set -n 1000 --cpus 4 --gpus 2 --seed 5 >"$tmp/s.hs"
		got=$(awk '$1 == "task" { for (i = 3; i <= NF; i++) if ($i ~ /^alpha=/) { a = substr($i, 7) + 0
			if (a == 0) c[0]++; else for (k = 1; k <= 8; k++) if (a >= 0.0625 * 2^(k-1) && a < 0.0625 * 2^k) c[k]++ } }
			END { for (k = 0; k <= 8; k++) printf "%d ", c[k] }' "$tmp/s.hs")
		case $set in
		1) want="0 0 5 30 60 100 150 300 355 " ;;
		2) want="0 125 125 125 125 125 125 125 125 " ;;
		3) want="0 355 300 150 100 60 30 5 0 " ;;
		esac
		echo "set $set: got '$got' want '$want'"
		[ "$got" = "$want" ]
	done
}

@test "energy: accel set 4 is 20% CPU-only, 40% alpha 2.2, 40% alpha 5.15" {
	run hs-gen accel --set 4 -n 10 --cpus 2 --gpus 1
	[ "$status" -eq 0 ]
	got=$(printf '%s\n' "$output" | grep '^task' | grep -o 'alpha=[0-9.]*' | sort | uniq -c | awk '{ printf "%s:%s ", $2, $1 }')
	[ "$got" = "alpha=0:2 alpha=2.2:4 alpha=5.15:4 " ]
}

@test "energy: accel task times are sequential, in [1,1000) s, rounding the shares to n" {
	run hs-gen accel --set 1 -n 7 --cpus 2 --gpus 1 --seed 3
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c '^task t[0-9]* model=rigid size=1 time=[0-9.e+-]* alpha=[0-9.e+-]*$')" -eq 7 ]
	printf '%s\n' "$output" | awk '$1 == "task" { t = substr($5, 6) + 0; if (t < 1 || t >= 1000) exit 1 }'
	# 7 tasks of set 1: floors 0 0 0 0 1 2 2 (7*share), the largest remainders
	# (1-2: 0.7, 8-16: 0.485) get the two left.
	got=$(printf '%s\n' "$output" | awk '$1 == "task" { a = substr($6, 7) + 0
		for (k = 1; k <= 8; k++) if (a >= 0.0625 * 2^(k-1) && a < 0.0625 * 2^k) c[k]++ }
		END { for (k = 1; k <= 8; k++) printf "%d ", c[k] }')
	[ "$got" = "0 0 0 0 1 1 2 3 " ]
}

@test "energy: accel platform: Table 1 powers, GPUs spread with --gpu-nodes" {
	run hs-gen accel --set 2 -n 1 --cpus 50 --gpus 10
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c '^node n[0-9]* cores=1 cpu_busy=220 cpu_idle=130')" -eq 50 ]
	[ "$(printf '%s\n' "$output" | grep -c 'gpus=1 gpu_busy=100 gpu_idle=50$')" -eq 10 ]
	printf '%s\n' "$output" | grep -qx 'node n10 cores=1 cpu_busy=220 cpu_idle=130 gpus=1 gpu_busy=100 gpu_idle=50'
	printf '%s\n' "$output" | grep -qx 'node n11 cores=1 cpu_busy=220 cpu_idle=130'
	run hs-gen accel --set 2 -n 1 --cpus 8 --gpus 5 --gpu-nodes 2 --cores-per-node 4 \
		--cpu-power 200,100 --gpu-power 90,40
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -qx 'node n1 cores=4 cpu_busy=200 cpu_idle=100 gpus=3 gpu_busy=90 gpu_idle=40'
	printf '%s\n' "$output" | grep -qx 'node n2 cores=4 cpu_busy=200 cpu_idle=100 gpus=2 gpu_busy=90 gpu_idle=40'
	printf '%s\n' "$output" | grep -q '^prov gen .* gen=accel set=2 n=1 cpus=8 gpus=5 cores_per_node=4 gpu_nodes=2 '
}

@test "energy: accel --seed reproduces, --sort-alpha orders by descending alpha" {
	a=$(hs-gen accel --set 3 -n 200 --seed 9)
	b=$(hs-gen accel --set 3 -n 200 --seed 9)
	c=$(hs-gen accel --set 3 -n 200 --seed 10)
	[ "$a" = "$b" ]
	[ "$a" != "$c" ]
	# Random order: alpha goes up somewhere.
	printf '%s\n' "$a" | awk '$1 == "task" { x = substr($6, 7) + 0; if (n++ && x > last) up = 1; last = x } END { exit !up }'
	s=$(hs-gen accel --set 3 -n 200 --seed 9 --sort-alpha)
	printf '%s\n' "$s" | awk '$1 == "task" { x = substr($6, 7) + 0; if (n++ && x > last) exit 1; last = x }'
	# Same tasks, other order.
	[ "$(printf '%s\n' "$a" | grep '^task' | cut -d' ' -f3- | sort)" = \
	  "$(printf '%s\n' "$s" | grep '^task' | cut -d' ' -f3- | sort)" ]
}

@test "energy: accel rejects bad arguments with exit 2" {
	run hs-gen accel -n 10
	[ "$status" -eq 2 ]
	[[ $output == *"option --set is required"* ]]
	run hs-gen accel --set 5 -n 10
	[ "$status" -eq 2 ]
	[[ $output == *"--set"* ]]
	run hs-gen accel --set 1
	[ "$status" -eq 2 ]
	[[ $output == *"option -n is required"* ]]
	run hs-gen accel --set 1 -n 0
	[ "$status" -eq 2 ]
	run hs-gen accel --set 1 -n 5 --cpus 4 --gpus 8 --gpu-nodes 5
	[ "$status" -eq 2 ]
	[[ $output == *"--gpu-nodes: 5 is more than the 4 nodes"* ]]
	run hs-gen accel --set 1 -n 5 --time 9,2
	[ "$status" -eq 2 ]
	[[ $output == *"--time"* ]]
	run hs-gen accel --set 1 -n 5 --cpu-power 220
	[ "$status" -eq 2 ]
	[[ $output == *"--cpu-power"* ]]
	run hs-gen accel --set 1 -n 5 --gpus 3 --gpu-nodes 0
	[ "$status" -eq 2 ]
	run hs-gen accel --set 1 -n 5 extra
	[ "$status" -eq 2 ]
	[[ $output == *"unexpected argument 'extra'"* ]]
}

# ---------------- heuristics ----------------

@test "energy: threshold-1 puts every task on its fastest resource" {
	hs-gen accel --set 2 -n 300 --cpus 5 --gpus 5 --seed 4 >"$tmp/i.hs"
	printf 'task x1 model=rigid size=1 time=50 alpha=1\n' >>"$tmp/i.hs"
	hs-plan -a threshold "$tmp/i.hs" >"$tmp/p.hs"
	awk '$1 == "task" { for (i = 3; i <= NF; i++) { if ($i ~ /^time=/) t = substr($i, 6) + 0; if ($i ~ /^alpha=/) a = substr($i, 7) + 0 }
		fast[$2] = (a > 0 && t / a < t) ? "gpu" : "cpu" }
	     $1 == "plan" { kind = ($0 ~ / gpus=[0-9]/) ? "gpu" : "cpu"; n++; if (kind != fast[$2]) { print $2, kind, fast[$2]; bad = 1 } }
	     END { exit bad || n != 301 }' "$tmp/p.hs"
	hs-sim --check-durations "$tmp/p.hs" >/dev/null
}

@test "energy: threshold -o alpha moves the split" {
	hs-gen accel --set 2 -n 400 --cpus 5 --gpus 5 --seed 4 >"$tmp/i.hs"
	hs-plan -a threshold -o alpha=4 "$tmp/i.hs" >"$tmp/p.hs"
	awk '$1 == "task" { a[$2] = substr($6, 7) + 0 }
	     $1 == "plan" { g = ($0 ~ / gpus=[0-9]/); if (g != (a[$2] > 4)) exit 1; n += g }
	     END { exit n < 50 || n > 150 }' "$tmp/p.hs"
}

@test "energy: ECT balances identical tasks over cores and GPUs" {
	{
		echo 'hs 1'
		for i in 1 2 3 4; do echo "node n$i cores=1"; done
		for i in $(seq 12); do echo "task t$i model=rigid size=1 time=10 alpha=0"; done
	} >"$tmp/i.hs"
	hs-plan -a ect "$tmp/i.hs" >"$tmp/p.hs"
	[ "$(provval est_makespan "$tmp/p.hs")" = 30 ]
	[ "$(grep '^plan' "$tmp/p.hs" | grep -o 'node=n[0-9]*' | sort | uniq -c | awk '{ print $1 }' | sort -u)" = 3 ]
	{
		echo 'hs 1'
		echo 'node n1 cores=1 gpus=1'
		echo 'node n2 cores=1 gpus=1'
		for i in $(seq 8); do echo "task t$i model=rigid size=1 time=10 alpha=1"; done
	} >"$tmp/j.hs"
	hs-plan -a ect "$tmp/j.hs" >"$tmp/q.hs"
	[ "$(provval est_makespan "$tmp/q.hs")" = 20 ]
	[ "$(provval gpu_tasks "$tmp/q.hs")" = 4 ]
}

@test "energy: every algorithm writes a plan that replays exactly" {
	hs-gen accel --set 4 -n 120 --cpus 6 --gpus 3 --gpu-nodes 2 --seed 2 >"$tmp/i.hs"
	for a in ect threshold edp edp-dyn opt-makespan opt-energy; do
		opts=""
		case $a in opt-*) opts="-o time_limit=1" ;; esac
		hs-plan -a $a $opts "$tmp/i.hs" 2>/dev/null | hs-sim --check-durations >"$tmp/r.hs"
		[ "$(grep -c '^run ' "$tmp/r.hs")" -eq 120 ]
		# CPU-only tasks never land on a GPU.
		awk '$1 == "task" && / alpha=0$/ { cpu[$2] = 1 } $1 == "plan" && cpu[$2] && / gpus=[0-9]/ { exit 1 }' "$tmp/r.hs"
	done
}

@test "energy: edp-dyn with search=full ends on the static split" {
	hs-gen accel --set 2 -n 300 --cpus 4 --gpus 4 --seed 8 >"$tmp/i.hs"
	hs-plan -a edp "$tmp/i.hs" >"$tmp/s.hs"
	hs-plan -a edp-dyn -o search=full "$tmp/i.hs" >"$tmp/d.hs"
	moved=$(provval moved "$tmp/s.hs")
	[ -n "$moved" ]
	[ "$(provval final_split "$tmp/d.hs")" = "$moved" ]
	for obj in energy makespan edn; do
		hs-plan -a edp -o objective=$obj -o n=3 "$tmp/i.hs" >"$tmp/s.hs"
		hs-plan -a edp-dyn -o objective=$obj -o n=3 -o search=full "$tmp/i.hs" >"$tmp/d.hs"
		[ "$(provval final_split "$tmp/d.hs")" = "$(provval moved "$tmp/s.hs")" ]
		[ "$(provval objective "$tmp/s.hs")" = $obj ]
	done
	[ -n "$(provval est_edn "$tmp/s.hs")" ]
}

@test "energy: edp beats threshold-1 on EDP and ECT on makespan (task_set2, 50 CPUs, 10 GPUs)" {
	hs-gen accel --set 2 -n 2000 --cpus 50 --gpus 10 --seed 1 >"$tmp/i.hs"
	for a in ect threshold edp edp-dyn; do hs-plan -a $a "$tmp/i.hs" >"$tmp/$a.hs"; done
	geq "$(provval est_edp "$tmp/threshold.hs")" "$(provval est_edp "$tmp/edp.hs")"
	geq "$(provval est_makespan "$tmp/ect.hs")" "$(provval est_makespan "$tmp/edp.hs")"
	geq "$(provval est_edp "$tmp/threshold.hs")" "$(provval est_edp "$tmp/edp-dyn.hs")"
}

@test "energy: the plan's energy estimate is hs-report's energy" {
	hs-gen accel --set 1 -n 100 --cpus 4 --gpus 2 --seed 6 >"$tmp/i.hs"
	hs-plan -a edp "$tmp/i.hs" >"$tmp/p.hs"
	e=$(hs-report -f tsv "$tmp/p.hs" | awk -F'\t' '$1 == "energy" { print $2 }')
	near "$e" "$(provval est_energy "$tmp/p.hs")"
	hs-sim "$tmp/p.hs" >"$tmp/r.hs"
	e=$(hs-report -f tsv "$tmp/r.hs" | awk -F'\t' '$1 == "energy" { print $2 }')
	near "$e" "$(provval est_energy "$tmp/p.hs")"
}

@test "energy: hs-report's edp and edn rows" {
	hs-gen accel --set 1 -n 50 --cpus 4 --gpus 2 --seed 6 >"$tmp/i.hs"
	hs-plan -a edp "$tmp/i.hs" >"$tmp/p.hs"
	hs-report -f tsv "$tmp/p.hs" >"$tmp/rep"
	near "$(awk -F'\t' '$1 == "edp" { print $2 }' "$tmp/rep")" "$(provval est_edp "$tmp/p.hs")"
	grep -q '^edn' "$tmp/rep"
	# ED^1 is the EDP; --edn must be a number >= 1.
	hs-report -f tsv --edn 1 "$tmp/p.hs" >"$tmp/rep1"
	[ "$(awk -F'\t' '$1 == "edn" { print $2 }' "$tmp/rep1")" = "$(awk -F'\t' '$1 == "edp" { print $2 }' "$tmp/rep1")" ]
	run hs-report --edn 0.5 "$tmp/p.hs"
	[ "$status" -eq 2 ]
	[[ $output == *"--edn"* ]]
}

@test "energy: bad options and impossible tasks exit 2 with a message" {
	printf 'hs 1\nnode n1 cores=1\ntask a model=gpu gpu_time=3\n' >"$tmp/g.hs"
	for a in ect threshold edp edp-dyn opt-makespan opt-energy; do
		run hs-plan -a $a "$tmp/g.hs"
		echo "$a: $output"
		[ "$status" -eq 2 ]
		[[ $output == *"g.hs:3: task a: can run neither on "*" core nor on a GPU of this platform"* ]]
	done
	printf 'hs 1\nnode n1 cores=1\ntask a model=rigid size=1 time=3\n' >"$tmp/c.hs"
	run hs-plan -a edp -o objective=edp2 "$tmp/c.hs"
	[ "$status" -eq 2 ]
	[[ $output == *"objective"*"edp|edn|energy|makespan"* ]]
	run hs-plan -a edp -o n=-1 "$tmp/c.hs"
	[ "$status" -eq 2 ]
	[[ $output == *"hs-plan: edp: option n: -1 must be >= 0"* ]]
	run hs-plan -a opt-makespan -o time_limit=0 "$tmp/c.hs"
	[ "$status" -eq 2 ]
	[[ $output == *"time_limit"* ]]
	printf 'hs 1\nnode n1 cores=1\ntask a model=rigid size=1 time=3 release=2\n' >"$tmp/r.hs"
	run hs-plan -a opt-energy "$tmp/r.hs"
	[ "$status" -eq 2 ]
	[[ $output == *"r.hs:3: task a: release=2: the oracles model tasks that are all ready at 0"* ]]
}

# ---------------- oracles ----------------

@test "energy: the oracles find the brute-force optimum of small instances" {
	for spec in "2 7 2 1 1" "4 7 2 1 2" "1 6 1 2 3" "3 6 2 1 4"; do
		set -- $spec
		hs-gen accel --set $1 -n $2 --cpus $3 --gpus $4 --seed $5 >"$tmp/i.hs"
		read -r bt be < <(brute <"$tmp/i.hs")
		hs-plan -a opt-makespan "$tmp/i.hs" >"$tmp/m.hs"
		hs-plan -a opt-energy "$tmp/i.hs" >"$tmp/e.hs"
		echo "$spec: brute $bt $be; oracle $(provval value "$tmp/m.hs") $(provval value "$tmp/e.hs")"
		[ "$(provval status "$tmp/m.hs")" = optimal ]
		[ "$(provval status "$tmp/e.hs")" = optimal ]
		[ "$(provval gap "$tmp/m.hs")" = 0 ]
		near "$(provval value "$tmp/m.hs")" "$bt"
		near "$(provval est_makespan "$tmp/m.hs")" "$bt"
		near "$(provval value "$tmp/e.hs")" "$be"
		near "$(provval est_energy "$tmp/e.hs")" "$be"
		# No heuristic beats the optimum.
		for a in ect threshold edp edp-dyn; do
			hs-plan -a $a "$tmp/i.hs" >"$tmp/h.hs"
			geq "$(provval est_makespan "$tmp/h.hs")" "$bt"
			geq "$(provval est_energy "$tmp/h.hs")" "$be"
		done
	done
}

@test "energy: the oracles solve a hand-made instance" {
	# Two cores and one GPU; tasks (time on a core, alpha): a (6, 3), b (4, 1),
	# c (4, 1), d (2, CPU only).  Makespan 5 would need the GPU to run nothing,
	# a (2 s) or b (4 s), and then the cores cannot split the rest into 5 + 5:
	# the optimum is 6.  Energy = sum busy*(P_busy - P_idle) + T * sum P_idle,
	# sum P_idle = 2*130 + 50 = 310 W: GPU {a,b} (6 s), cores c | d:
	# 6*90 + 6*50 + 6*310 = 2700 J, the least (GPU {a}: 2860, GPU {b}: 3140,
	# GPU {b,c}, T=8: 3600).
	{
		echo 'hs 1'
		echo 'node n1 cores=2 gpus=1 cpu_busy=220 cpu_idle=130 gpu_busy=100 gpu_idle=50'
		echo 'task a model=rigid size=1 time=6 alpha=3'
		echo 'task b model=rigid size=1 time=4 alpha=1'
		echo 'task c model=rigid size=1 time=4 alpha=1'
		echo 'task d model=rigid size=1 time=2 alpha=0'
	} >"$tmp/i.hs"
	[ "$(brute <"$tmp/i.hs")" = "6 2700" ]
	hs-plan -a opt-makespan "$tmp/i.hs" >"$tmp/m.hs"
	[ "$(provval value "$tmp/m.hs")" = 6 ]
	[ "$(provval status "$tmp/m.hs")" = optimal ]
	hs-plan -a opt-energy "$tmp/i.hs" >"$tmp/e.hs"
	[ "$(provval value "$tmp/e.hs")" = 2700 ]
	[ "$(provval est_energy "$tmp/e.hs")" = 2700 ]
	# a and one of b, c on the GPU.
	[ "$(grep '^plan ' "$tmp/e.hs" | grep -c ' gpus=0')" -eq 2 ]
	grep -q '^plan a .* gpus=0' "$tmp/e.hs"
}

@test "energy: heuristics are never below the oracles' bounds" {
	hs-gen accel --set 3 -n 80 --cpus 3 --gpus 2 --seed 11 >"$tmp/i.hs"
	hs-plan -a opt-makespan -o time_limit=1 "$tmp/i.hs" >"$tmp/m.hs" 2>/dev/null
	hs-plan -a opt-energy -o time_limit=1 "$tmp/i.hs" >"$tmp/e.hs" 2>/dev/null
	bm=$(provval bound "$tmp/m.hs")
	be=$(provval bound "$tmp/e.hs")
	[ -n "$bm" ] && [ -n "$be" ]
	geq "$(provval value "$tmp/m.hs")" "$bm"
	geq "$(provval value "$tmp/e.hs")" "$be"
	for a in ect threshold edp edp-dyn; do
		for o in "" "-o objective=energy" "-o objective=makespan"; do
			case $a in ect|threshold) [ -z "$o" ] || continue ;; esac
			hs-plan -a $a $o "$tmp/i.hs" >"$tmp/h.hs"
			geq "$(provval est_makespan "$tmp/h.hs")" "$bm"
			geq "$(provval est_energy "$tmp/h.hs")" "$be"
		done
	done
}

@test "energy: an oracle stopped by its time limit says the result is not optimal" {
	hs-gen accel --set 3 -n 400 --cpus 10 --gpus 10 --seed 3 >"$tmp/i.hs"
	run hs-plan -a opt-makespan -o time_limit=0.3 "$tmp/i.hs"
	[ "$status" -eq 0 ]
	[[ $output == *"hs-plan: warning: opt-makespan: time limit reached, gap "*"%; bound "*"not proven optimal"* ]]
	printf '%s\n' "$output" | grep '^plan ' | wc -l | grep -qx 400
	printf '%s\n' "$output" | grep -q '^prov plan .* status=feasible stopped=time_limit '
	! printf '%s\n' "$output" | grep -q 'status=optimal'
	gap=$(printf '%s\n' "$output" | grep '^prov plan' | tr ' ' '\n' | sed -n 's/^gap=//p')
	awk -v g="$gap" 'BEGIN { exit !(g > 0) }'
}

@test "energy: node power states (pstates=, pstate=, sleep=, off_power=) read, written back unchanged, errors at FILE:LINE" {
	printf 'hs 1\nnode n cores=1 pstates=2:1:3,1:4:12 pstate=1 sleep=1:2:30:5:100,0.5:9:90:20:400 off_power=0.5\ntask t model=rigid size=1 time=2\nplan t node=n cores=0 start=0 end=2\n' >"$tmp/p.hs"
	run hs-plan -a taskp "$tmp/p.hs"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -qx 'node n cores=1 pstates=2:1:3,1:4:12 pstate=1 sleep=1:2:30:5:100,0.5:9:90:20:400 off_power=0.5'
	# cpu_busy defaults to the initial state's: 12 W x 2 s.
	run hs-sim "$tmp/p.hs"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -qx 'run t node=n cores=0 start=0 end=2 state=done energy=24'
	for c in 'pstates=:node n: pstates must be a list of SPEED:IDLE:BUSY, got '"''" \
		'pstates=1:4:node n: pstates: state 0 '"'1:4'"' must be SPEED:IDLE:BUSY' \
		'pstates=1:4:12,0:1:1:node n: pstates: state 1: '"'0'"' must be a number > 0 (SPEED:IDLE:BUSY)' \
		'pstates=2:4:12:node n: pstates: the initial state 0 must have speed 1 (speeds are relative to the node'"'"'s), got 2:4:12' \
		'pstates=1:4:12 cpu_busy=3:node n: cpu_busy=3 differs from the initial state 0'"'"'s' \
		'pstate=1:node n: pstate=1, but the node has 1 computing state' \
		'sleep=1:2:3:4:-1:node n: sleep: state 0: '"'-1'"' must be a number >= 0 (POWER:OFF_TIME:OFF_ENERGY:ON_TIME:ON_ENERGY)' \
		'off_power=x:node n: off_power must be a non-negative number, got '"'x'"; do
		printf 'hs 1\n\nnode n cores=1 %s\n' "${c%%:node *}" >"$tmp/e.hs"
		run hs-plan -a taskp "$tmp/e.hs"
		[ "$status" -eq 2 ] || { echo "status $status: $c"; false; }
		[ "${lines[0]}" = "hs-plan: $tmp/e.hs:3: node ${c#*:node }" ] || { echo "got: ${lines[0]}"; false; }
	done
}

@test "energy: simgrid_pstates= (Batsim's pstate numbers): read, written back unchanged, each state once, errors at FILE:LINE" {
	st='pstates=1:1:2,0.5:1:1 sleep=1:2:30:5:100'
	printf 'hs 1\nnode n cores=1 %s simgrid_pstates=0,2,-,1,-\ntask t model=rigid size=1 time=2\n' "$st" >"$tmp/p.hs"
	run hs-plan -a taskp "$tmp/p.hs"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -qx "node n cores=1 $st simgrid_pstates=0,2,-,1,-"
	for c in 'simgrid_pstates=:node n: simgrid_pstates must be a list of state numbers and '"'-'"', got '"''" \
		'simgrid_pstates=0,x,1,2:node n: simgrid_pstates: item 1 '"'x'"' is neither a state number nor '"'-'" \
		'simgrid_pstates=0,1,3:node n: simgrid_pstates: item 2: state 3, but the node'"'"'s are 0-2 (computing, then sleeping)' \
		'simgrid_pstates=0,1,-,1,2:node n: simgrid_pstates: state 1 given twice (items 1 and 3)' \
		'simgrid_pstates=0,-,2:node n: simgrid_pstates: state 1 has no SimGrid pstate (got 0,-,2)'; do
		printf 'hs 1\n\nnode n cores=1 %s %s\n' "$st" "${c%%:node *}" >"$tmp/e.hs"
		run hs-plan -a taskp "$tmp/e.hs"
		[ "$status" -eq 2 ] || { echo "status $status: $c"; false; }
		[ "${lines[0]}" = "hs-plan: $tmp/e.hs:3: node ${c#*:node }" ] || { echo "got: ${lines[0]}"; false; }
	done
}
