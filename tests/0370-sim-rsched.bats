#!/usr/bin/env bats
# hs-sim -a rsched: task-graph applications sharing one CPU+GPU node
# (hs-rsched(7)): properties of every strategy and redistribution option on
# small Cholesky applications, the baselines' shapes, bad options.

load helper

setup() {
	tmp=$(mktemp -d)
}

teardown() {
	rm -rf "$tmp"
}

# check FILE: the simulated stream in FILE honours every dependency and
# runs at most one task at a time on each core and GPU worker; prints
# "ok" or what is wrong.
check() {
	{
		awk '
		$1 == "task" {
			for (i = 3; i <= NF; i++) if ($i ~ /^deps=/) deps[$2] = substr($i, 6)
			ntask++
		}
		$1 == "run" {
			c = ""; g = ""; s = ""; e = ""; st = ""
			for (i = 3; i <= NF; i++) {
				split($i, kv, "=")
				if (kv[1] == "cores") c = kv[2]
				else if (kv[1] == "gpus") g = kv[2]
				else if (kv[1] == "start") s = kv[2]
				else if (kv[1] == "end") e = kv[2]
				else if (kv[1] == "state") st = kv[2]
			}
			if (st != "done") print "task " $2 " state " st
			w = (c != "" && c != "\047\047") ? "c" c : "g" g
			start[$2] = s + 0; end[$2] = e + 0; n++
			print "W", w, s, e >"/dev/stderr"
		}
		END {
			if (n != ntask) print n " run records for " ntask " tasks"
			for (t in deps) {
				k = split(deps[t], d, ",")
				for (i = 1; i <= k; i++) {
					sub(/:.*/, "", d[i])
					if (start[t] < end[d[i]]) print t " starts at " start[t] " before " d[i] " ends at " end[d[i]]
				}
			}
		}' "$1" 2>&1 >&3 | sort -k2,2 -k3,3g | awk '
		$2 == w && $3 + 0 < e { print "worker " w " runs two tasks at " $3 }
		{ w = $2; e = $4 + 0 }'
	} 3>&1 | head -5 | awk '{ print } END { if (NR == 0) print "ok" }'
}

# workers FILE: "C+G" of each application as its distribution gave them.
workers() {
	grep -o 'rsched\.workers=[0-9]*+[0-9]*' "$1" | sed 's/.*=//'
}

@test "rsched: listed as an online algorithm" {
	run hs-sim -l
	[ "$status" -eq 0 ]
	[[ "$output" == *"rsched "*"(rsched, "* ]]
	run hs-sim -a rsched -o help
	[ "$status" -eq 0 ]
	[[ "$output" == *"strategy "*"lpsolve|minmaxwl|dsr-clus|dsr-gd|seq|conc"*"dsr-gd"* ]]
	[[ "$output" == *"redistribute "*"one|multiple|inherit"* ]]
	[[ "$output" == *"coef "* ]]
	[[ "$output" == *"barter "* ]]
}

@test "rsched: every strategy and redistribution: dependencies, one task per worker, a worker per application" {
	for aff in 0 1 2; do
		hs-gen cholesky --config 0,1,3 --node k40m --affinity $aff >"$tmp/a$aff.hs"
		for s in lpsolve minmaxwl dsr-clus dsr-gd seq conc; do
			for r in one multiple inherit; do
				hs-sim -a rsched -o strategy=$s -o redistribute=$r "$tmp/a$aff.hs" >"$tmp/out.hs"
				res=$(check "$tmp/out.hs")
				[ "$res" = ok ] || { echo "affinity $aff $s $r: $res"; false; }
				if [ $s != seq ]; then
					[ "$(workers "$tmp/out.hs" | wc -l)" -eq 3 ]
					for w in $(workers "$tmp/out.hs"); do
						[ $((w)) -gt 0 ] || { echo "affinity $aff $s $r: an application with $w workers"; false; }
					done
				fi
			done
		done
	done
}

@test "rsched: affinity 1 runs only on cores, affinity 2 only on GPU workers" {
	hs-gen cholesky --config 0,1 --node quadro --affinity 1 >"$tmp/cpu.hs"
	run hs-sim -a rsched -o strategy=dsr-gd "$tmp/cpu.hs"
	[ "$status" -eq 0 ]
	[ "$(records run | grep -c "gpus=[0-9]")" -eq 0 ]
	hs-gen cholesky --config 0,1 --node quadro --affinity 2 >"$tmp/gpu.hs"
	run hs-sim -a rsched -o strategy=dsr-gd "$tmp/gpu.hs"
	[ "$status" -eq 0 ]
	[ "$(records run | grep -c "gpus=[0-9]")" -eq "$(grep -c ^task "$tmp/gpu.hs")" ]
}

@test "rsched: seq runs the applications one after another, conc shares every worker" {
	hs-gen cholesky --config 0,2,1 --node a100 >"$tmp/a.hs"
	hs-sim -a rsched -o strategy=seq "$tmp/a.hs" >"$tmp/seq.hs"
	# the last end of each application comes before the next one's first start
	run awk '$1 == "task" { for (i = 3; i <= NF; i++) if ($i ~ /^app=/) app[$2] = substr($i, 5) }
		$1 == "run" { a = app[$2]; for (i = 3; i <= NF; i++) { split($i, kv, "=")
			if (kv[1] == "start" && (!(a in s) || kv[2] + 0 < s[a])) s[a] = kv[2] + 0
			if (kv[1] == "end" && kv[2] + 0 > e[a]) e[a] = kv[2] + 0 } }
		END { print (e["a1"] <= s["a2"] && e["a2"] <= s["a3"]) ? "in turn" : "overlap" }' "$tmp/seq.hs"
	[ "$output" = "in turn" ]
	hs-sim -a rsched -o strategy=conc "$tmp/a.hs" >"$tmp/conc.hs"
	[ "$(workers "$tmp/conc.hs" | sort -u)" = "30+32" ]
	# sharing the node ends no later than taking turns on it
	ms() { sed -n 's/.* makespan=\([^ ]*\).*/\1/p' "$1"; }
	run awk -v a="$(ms "$tmp/conc.hs")" -v b="$(ms "$tmp/seq.hs")" 'BEGIN { print (a <= b) ? "faster" : "slower" }'
	[ "$output" = faster ]
}

@test "rsched: deterministic, the distribution time in the provenance" {
	hs-gen cholesky --apps 3 --group 4 --node k40m --seed 5 >"$tmp/a.hs"
	for s in lpsolve dsr-gd; do
		hs-sim -a rsched -o strategy=$s -o redistribute=multiple "$tmp/a.hs" >"$tmp/1.hs"
		hs-sim -a rsched -o strategy=$s -o redistribute=multiple "$tmp/a.hs" >"$tmp/2.hs"
		grep -q ' rsched.dist_s=[0-9.e-]* rsched.dists=3' "$tmp/1.hs"
		sed -i 's/ rsched.dist_s=[^ ]*//' "$tmp/1.hs" "$tmp/2.hs"
		cmp "$tmp/1.hs" "$tmp/2.hs"
	done
}

@test "rsched: bad options and impossible instances: message, exit 2" {
	hs-gen cholesky --config 0 --node k40m >"$tmp/a.hs"
	run hs-sim -a rsched -o strategy=fast "$tmp/a.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: rsched: option strategy: 'fast' is not one of lpsolve|minmaxwl|dsr-clus|dsr-gd|seq|conc" ]
	run hs-sim -a rsched -o redistribute=twice "$tmp/a.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: rsched: option redistribute: 'twice' is not one of one|multiple|inherit" ]
	run hs-sim -a rsched -o coef=0.9 "$tmp/a.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: rsched: coef=0.9: the parallel efficiency coefficient is a number >= 1" ]
	# Rule 3: pure GPU work on a node without GPUs
	printf 'hs 1\nplatform p\nnode n cores=2\ntask t model=gpu gpu_time=1 app=x\n' >"$tmp/nogpu.hs"
	run hs-sim -a rsched "$tmp/nogpu.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: rsched: job t: can run neither on a core nor on a GPU of node n" ]
	printf 'hs 1\nplatform p\nnode n1 cores=2\nnode n2 cores=2\ntask t model=rigid size=1 time=1\n' >"$tmp/two.hs"
	run hs-sim -a rsched "$tmp/two.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: rsched: schedules applications sharing one node; the platform has 2 nodes" ]
	printf 'hs 1\nplatform p\nnode n cores=4\ntask t model=rigid size=2 time=1\n' >"$tmp/wide.hs"
	run hs-sim -a rsched "$tmp/wide.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: rsched: job t: asks for 2 cores; applications' tasks run on one core or one GPU worker" ]
}

@test "rsched: hs-report's speedup and RUE against seq, applications' makespans, distribution time" {
	# 1 core, 1 GPU; app A: j0 (4 s on the core, 1 on the GPU), then j1
	# (2 s on either); app B: j2, 3 s, core only.
	#   conc: j0 GPU [0, 1], j2 core [0, 3], j1 GPU [1, 3]: makespan 3.
	#   seq:  j0 GPU [0, 1], j1 core [1, 3] (ties at 3: the core), then
	#         j2 core [3, 6]: makespan 6.
	cat >"$tmp/g.hs" <<-'EOF2'
	hs 1
	platform p
	node n cores=1 gpus=1
	task j0 model=rigid size=1 time=4 gpu_time=1 app=A
	task j1 model=rigid size=1 time=2 gpu_time=2 app=A deps=j0
	task j2 model=rigid size=1 time=3 on=cpu app=B
	EOF2
	hs-sim -a rsched -o strategy=conc "$tmp/g.hs" >"$tmp/conc.hs"
	hs-sim -a rsched -o strategy=seq "$tmp/g.hs" >"$tmp/seq.hs"
	[ "$(run_field "$tmp/seq.hs" j2 start)" = 3 ]
	run hs-report -f tsv --by rsched.strategy --relative-to seq -m makespan,speedup,rue_seq \
		"$tmp/conc.hs" "$tmp/seq.hs"
	[ "$status" -eq 0 ]
	# conc: twice as fast; both workers busy all along: (6 / (2 x 3)) x 2 / 2 = 1
	# seq: (6 / (2 x 6)) x 1 / 2 = 0.25
	[ "$output" = "$(printf 'rsched.strategy\tfiles\tmakespan\tspeedup\true_seq\nconc\t1\t0.5\t2\t1\nseq\t1\t1\t1\t0.25')" ]
	# alone: the one-worker time (1 + 2 + 3) over the makespan; both
	# applications span 3 s in either run
	run hs-report -f tsv -m speedup,rue,rue_seq,apps,mean_app_makespan "$tmp/conc.hs" "$tmp/seq.hs"
	[ "$output" = "$(printf 'metric\t%s\t%s\nspeedup\t2\t1\nrue\t1\t0.25\nrue_seq\t1\t0.25\napps\t2\t2\nmean_app_makespan\t3\t3' "$tmp/conc.hs" "$tmp/seq.hs")" ]
	run hs-report -f tsv -m dist_time "$tmp/conc.hs"
	[[ "$output" == *"dist_time	"[0-9]* ]]
}

@test "rsched: the study runs on a corner of its grid and makes its figures" {
	out=$tmp/study
	make -s -C "$TOP/share/studies/rsched" BIN="$HS_BIN" OUT="$out" APPS=3 AFFS=0 NODES=k40m \
		>"$tmp/make.log" 2>&1 || { cat "$tmp/make.log"; false; }
	for f in fig4 fig10 fig11; do
		xmllint --noout "$out/$f.svg"
	done
	# one line per strategy and baseline (fig11: the four strategies)
	[ "$(grep -c 'class="series"' "$out/fig4.svg")" -eq 6 ]
	[ "$(grep -c 'class="series"' "$out/fig11.svg")" -eq 4 ]
	# seq is its own baseline; every row has its numbers
	[ "$(awk -F'\t' '$2 == "seq" { print $3 "/" $5 }' "$out/summary.tsv")" = "1/0/1" ]
	[ "$(tail -n +2 "$out/summary.tsv" | wc -l)" -eq 6 ]
	[ ! -e "$out/fig12.tsv" ]
}
