#!/usr/bin/env bats
# hs-gen cholesky: RSCHED's tiled Cholesky task graphs (exact dependencies,
# kernel counts, the twelve configurations, the shuffle), the kernel-time
# table (built-in derivation, --kernels FILE), the nodes, bad arguments; and
# the graphs planned and simulated with every dependency honoured.

load helper
load taskgraph

setup() {
	tmp=$(mktemp -d)
}

teardown() {
	rm -rf "$tmp"
}

# "ID DEPS" per task (deps without bytes, as written), in stream order.
graph() {
	awk '$1 == "task" { d = ""
		for (i = 3; i <= NF; i++) if (index($i, "deps=") == 1) d = substr($i, 6)
		gsub(/:[0-9.e+]+/, "", d); print $2, d }' "$@"
}

@test "cholesky: the 2x2-tile graph is a chain POTRF, TRSM, SYRK, POTRF" {
	run hs-gen cholesky --size 1280 --blocks 2
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" >"$tmp/g.hs"
	run graph "$tmp/g.hs"
	[ "$output" = "a1.potrf.0 
a1.trsm.0.1 a1.potrf.0
a1.syrk.0.1 a1.trsm.0.1
a1.potrf.1 a1.syrk.0.1" ]
	# Each edge carries one tile of 640 x 640 floats.
	grep -q '^task a1.trsm.0.1 .* deps=a1.potrf.0:1638400$' "$tmp/g.hs"
	grep -q '^app a1 size=1280 blocks=2 tile=640 tasks=4$' "$tmp/g.hs"
}

@test "cholesky: the 3x3-tile graph has exactly the data-flow dependencies" {
	hs-gen cholesky --size 960 --blocks 3 >"$tmp/g.hs"
	run graph "$tmp/g.hs"
	[ "$output" = "a1.potrf.0 
a1.trsm.0.1 a1.potrf.0
a1.trsm.0.2 a1.potrf.0
a1.syrk.0.1 a1.trsm.0.1
a1.gemm.0.2.1 a1.trsm.0.2,a1.trsm.0.1
a1.syrk.0.2 a1.trsm.0.2
a1.potrf.1 a1.syrk.0.1
a1.trsm.1.2 a1.potrf.1,a1.gemm.0.2.1
a1.syrk.1.2 a1.trsm.1.2,a1.syrk.0.2
a1.potrf.2 a1.syrk.1.2" ]
	# 320-tiles: 320 * 320 * 4 bytes an edge.
	grep -q '^task a1.trsm.1.2 .* deps=a1.potrf.1:409600,a1.gemm.0.2.1:409600$' "$tmp/g.hs"
}

@test "cholesky: N POTRF, N(N-1)/2 TRSM and SYRK, N(N-1)(N-2)/6 GEMM for N = 1..9 and 30" {
	for N in 1 2 3 4 5 6 7 8 9 30; do
		hs-gen cholesky --size $((N * 32)) --blocks $N >"$tmp/g.hs"
		for k in potrf trsm syrk gemm; do
			got=$(grep -c "^task a1\.$k\." "$tmp/g.hs" || true)
			case $k in
			potrf) want=$N ;;
			trsm | syrk) want=$((N * (N - 1) / 2)) ;;
			gemm) want=$((N * (N - 1) * (N - 2) / 6)) ;;
			esac
			echo "N=$N $k: $got, want $want"
			[ "$got" -eq "$want" ]
		done
		total=$(grep -c '^task ' "$tmp/g.hs")
		grep -q "^app a1 .* tasks=$total\$" "$tmp/g.hs"
	done
}

@test "cholesky: every edge of a graph goes from an earlier task to a later one, into the tile it reads" {
	# Independent check of the 6x6 graph: replay the algorithm's tile
	# accesses (last writer of each tile) and compare with deps=.
	hs-gen cholesky --size 600 --blocks 6 >"$tmp/g.hs"
	graph "$tmp/g.hs" >"$tmp/have"
	awk -v N=6 'BEGIN {
		for (k = 0; k < N; k++) {
			id = "a1.potrf." k; print id, w[k "," k]; w[k "," k] = id
			for (i = k + 1; i < N; i++) {
				id = "a1.trsm." k "." i
				print id, "a1.potrf." k (w[i "," k] != "" ? "," w[i "," k] : ""); w[i "," k] = id
			}
			for (j = k + 1; j < N; j++) {
				id = "a1.syrk." k "." j
				print id, "a1.trsm." k "." j (w[j "," j] != "" ? "," w[j "," j] : ""); w[j "," j] = id
				for (i = j + 1; i < N; i++) {
					id = "a1.gemm." k "." i "." j
					print id, "a1.trsm." k "." i ",a1.trsm." k "." j (w[i "," j] != "" ? "," w[i "," j] : "")
					w[i "," j] = id
				}
			}
		} }' >"$tmp/want"
	diff "$tmp/want" "$tmp/have"
}

@test "cholesky: the paper's twelve configurations" {
	hs-gen cholesky --config 0,1,2,3,4,5,6,7,8,9,10,11 >"$tmp/all.hs"
	grep '^app ' "$tmp/all.hs" >"$tmp/apps"
	cat >"$tmp/want" <<'EOF'
app a1 config=app_0 size=3200 blocks=5 tile=640 tasks=35
app a2 config=app_1 size=3200 blocks=10 tile=320 tasks=220
app a3 config=app_2 size=6400 blocks=10 tile=640 tasks=220
app a4 config=app_3 size=6400 blocks=20 tile=320 tasks=1540
app a5 config=app_4 size=9600 blocks=10 tile=960 tasks=220
app a6 config=app_5 size=9600 blocks=30 tile=320 tasks=4960
app a7 config=app_6 size=19200 blocks=20 tile=960 tasks=1540
app a8 config=app_7 size=19200 blocks=30 tile=640 tasks=4960
app a9 config=app_8 size=25600 blocks=40 tile=640 tasks=11480
app a10 config=app_9 size=25600 blocks=80 tile=320 tasks=88560
app a11 config=app_10 size=76800 blocks=80 tile=960 tasks=88560
app a12 config=app_11 size=76800 blocks=120 tile=640 tasks=295240
EOF
	diff "$tmp/want" "$tmp/apps"
	# Each application has the tasks its record counts, all with app=.
	awk '$1 == "app" { split($NF, kv, "="); want[$2] = kv[2] }
		$1 == "task" { split($2, id, "."); n[id[1]]++; if ($0 !~ (" app=" id[1] "( |$)")) bad = 1 }
		END { for (a in want) if (n[a] != want[a]) { print a, n[a], want[a]; bad = 1 }; exit bad }' \
		"$tmp/all.hs"
	[ "$(grep -c '^task ' "$tmp/all.hs")" -eq 497535 ]
}

@test "cholesky: --apps draws groups of one shuffle, reproducibly with --seed" {
	for g in 1 2 3 4; do
		hs-gen cholesky --apps 3 --group $g --seed 7 | awk '$1 == "app" { print $3 }' >>"$tmp/all"
	done
	# Four groups of three are one shuffle: every configuration once.
	[ "$(sort "$tmp/all" | uniq | wc -l)" -eq 12 ]
	[ "$(wc -l <"$tmp/all")" -eq 12 ]
	# --apps 12 is the first shuffle itself, in its order.
	hs-gen cholesky --apps 12 --seed 7 | awk '$1 == "app" { print $3 }' >"$tmp/twelve"
	diff "$tmp/all" "$tmp/twelve"
	# The same seed, the same stream; another seed, another order.
	hs-gen cholesky --apps 3 --seed 7 >"$tmp/a"
	hs-gen cholesky --apps 3 --seed 7 >"$tmp/b"
	cmp "$tmp/a" "$tmp/b"
	hs-gen cholesky --apps 12 --seed 8 | awk '$1 == "app" { print $3 }' >"$tmp/other"
	! cmp -s "$tmp/twelve" "$tmp/other"
	# Beyond twelve a new shuffle starts: group 2 of 12 is every one again.
	hs-gen cholesky --apps 12 --group 2 --seed 7 | awk '$1 == "app" { print $3 }' | sort -u >"$tmp/g2"
	[ "$(wc -l <"$tmp/g2")" -eq 12 ]
	grep -q '^prov gen .* gen=cholesky apps=3 group=1 seed=7 affinity=0 node=a100 precision=single kernels=builtin$' "$tmp/a"
}

@test "cholesky: affinities 0, 1 and 2 (both codelets, CPU only, GPU only)" {
	hs-gen cholesky --size 640 --blocks 1 --affinity 0 >"$tmp/a0"
	grep -q '^task a1.potrf.0 model=rigid size=1 time=[0-9.e-]* gpu_time=[0-9.e-]* gpu_alone=[0-9.e-]* gpu_share=1.696 on=any app=a1$' "$tmp/a0"
	hs-gen cholesky --size 640 --blocks 1 --affinity 1 >"$tmp/a1"
	grep -q '^task a1.potrf.0 model=rigid size=1 time=[0-9.e-]* on=cpu app=a1$' "$tmp/a1"
	hs-gen cholesky --size 640 --blocks 1 --affinity 2 >"$tmp/a2"
	grep -q '^task a1.potrf.0 model=gpu gpu_time=[0-9.e-]* gpu_alone=[0-9.e-]* gpu_share=1.696 on=gpu app=a1$' "$tmp/a2"
	# The same times in all three.
	t0=$(sed -n 's/^task a1.potrf.0 .* time=\([^ ]*\) gpu_time=\([^ ]*\) .*/\1 \2/p' "$tmp/a0")
	t1=$(sed -n 's/^task a1.potrf.0 .* time=\([^ ]*\) on=.*/\1/p' "$tmp/a1")
	t2=$(sed -n 's/^task a1.potrf.0 .* gpu_time=\([^ ]*\) gpu_alone=.*/\1/p' "$tmp/a2")
	[ "$t0" = "$t1 $t2" ]
}

@test "cholesky: built-in kernel times follow the stated derivation" {
	# time = flop / (peak x eff x s(b)), hs-gen(1) KERNEL TIMES, recomputed here.
	hs-gen cholesky --print-kernels | awk -F'\t' '
	BEGIN {
		hz["a100"] = 2.6e9; hz["quadro"] = 2.1e9; hz["k40m"] = 2.5e9
		sp["a100"] = 19.5e12; sp["quadro"] = 16.3e12; sp["k40m"] = 4.29e12
		dp["a100"] = 9.7e12; dp["quadro"] = 0.51e12; dp["k40m"] = 1.43e12
		st["a100"] = 16; st["quadro"] = 16; st["k40m"] = 8
		ec["potrf"] = 0.60; ec["trsm"] = 0.80; ec["syrk"] = 0.85; ec["gemm"] = 0.90
		eg["potrf"] = 0.30; eg["trsm"] = 0.70; eg["syrk"] = 0.85; eg["gemm"] = 0.90
	}
	/^#/ { next }
	{
		b = $4; n++
		f = $3 == "potrf" ? b*b*b/3 + b*b/2 + b/6 : $3 == "trsm" ? b*b*b : $3 == "syrk" ? b*b*b + b*b : 2*b*b*b
		core = hz[$1] * ($2 == "single" ? 32 : 16)
		gpu = ($2 == "single" ? sp[$1] : dp[$1]) / st[$1]
		c = f / (core * ec[$3]); g = f / (gpu * eg[$3] * b / (b + 320))
		if ((c - $5) / c > 1e-12 || ($5 - c) / c > 1e-12 || (g - $6) / g > 1e-12 || ($6 - g) / g > 1e-12) {
			print "bad row: " $0 " want " c " " g; bad = 1
		}
	}
	END { if (n != 72) { print n " rows, want 72"; bad = 1 } exit bad }'
}

@test "cholesky: share/kernels/cholesky.tsv equals --print-kernels, and --kernels FILE reads it back exactly" {
	# After changing lib/gen/cholesky_kernels.c:
	#   bin/hs-gen cholesky --print-kernels > share/kernels/cholesky.tsv
	hs-gen cholesky --print-kernels >"$tmp/k.tsv"
	diff -u "$TOP/share/kernels/cholesky.tsv" "$tmp/k.tsv"
	for node in a100 quadro k40m; do
		for p in single double; do
			hs-gen cholesky --config 0,1,4 --node $node --precision $p | grep -v '^prov' >"$tmp/b"
			hs-gen cholesky --config 0,1,4 --node $node --precision $p \
				--kernels "$TOP/share/kernels/cholesky.tsv" | grep -v '^prov' >"$tmp/f"
			cmp "$tmp/b" "$tmp/f"
		done
	done
}

@test "cholesky: --kernels brings measured times, '-' for a missing codelet" {
	printf '%s\n' '# measured' 'a100 single potrf 100 1 -' 'a100 single trsm 100 2 0.5' \
		'a100  single  syrk  100  3  0.25' 'a100 single gemm 100 4 0.125' \
		'a100 double gemm 100 9 9' >"$tmp/k"
	hs-gen cholesky --size 300 --blocks 3 --kernels "$tmp/k" >"$tmp/g"
	grep -q '^task a1.potrf.0 model=rigid size=1 time=1 on=cpu app=a1$' "$tmp/g"
	# no share column: the built-in shape (2.954 below tile 320), alone =
	# gpu x share / 16 streams
	grep -q '^task a1.trsm.0.1 model=rigid size=1 time=2 gpu_time=0.5 gpu_alone=0.0923125 gpu_share=2.954 on=any app=a1 deps=a1.potrf.0:40000$' "$tmp/g"
	grep -q '^task a1.gemm.0.2.1 model=rigid size=1 time=4 gpu_time=0.125 gpu_alone=0.023078125 gpu_share=2.954 on=any ' "$tmp/g"
	# a share column: alone = gpu x share / 16
	printf '%s\n' 'a100 single potrf 100 1 - -' 'a100 single trsm 100 2 0.5 4' 'a100 single syrk 100 3 0.25 1' \
		'a100 single gemm 100 4 0.125 2' >"$tmp/k7"
	hs-gen cholesky --size 300 --blocks 3 --kernels "$tmp/k7" >"$tmp/g7"
	grep -q '^task a1.trsm.0.1 model=rigid size=1 time=2 gpu_time=0.5 gpu_alone=0.125 gpu_share=4 on=any ' "$tmp/g7"
	grep -q "^prov gen .* kernels=$tmp/k\$" "$tmp/g"
	# GPU only: POTRF has no GPU codelet.
	run hs-gen cholesky --size 300 --blocks 3 --kernels "$tmp/k" --affinity 2
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/k: potrf on tile 100 has no GPU time, which affinity 2 needs" ]
	# A tile size the file does not have.
	run hs-gen cholesky --size 400 --blocks 2 --kernels "$tmp/k"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/k: no potrf time for tile 200 on node a100 (single)" ]
	run hs-gen cholesky --size 300 --blocks 3 --kernels "$tmp/k" --node k40m
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/k: no potrf time for tile 100 on node k40m (single)" ]
}

@test "cholesky: bad kernel tables exit 2 naming the file and line" {
	printf '%s\n' 'a100 single potrf 100 1' >"$tmp/k"
	run hs-gen cholesky --size 100 --blocks 1 --kernels "$tmp/k"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/k:1: expected 6 or 7 fields (node precision kernel tile cpu gpu [share]), got 5" ]
	printf '%s\n' '' 'a100 half potrf 100 1 1' 'a100 single lu 100 1 1' 'a100 single potrf 0 1 1' \
		'a100 single potrf 100 0 1' 'a100 single potrf 100 1 1' 'a100 single potrf 100 2 2' >"$tmp/k"
	run hs-gen cholesky --size 100 --blocks 1 --kernels "$tmp/k"
	[ "$status" -eq 2 ]
	# The first bad line only, as every reader.
	[ "$output" = "hs-gen: $tmp/k:2: precision must be single or double, got 'half'" ]
	while IFS='|' read -r row msg; do
		printf '%s\n' 'a100 single potrf 100 1 1' "$row" >"$tmp/k"
		run hs-gen cholesky --size 100 --blocks 1 --kernels "$tmp/k"
		[ "$status" -eq 2 ]
		[ "$output" = "hs-gen: $tmp/k:2: $msg" ]
	done <<-'EOF'
	a100 single lu 100 1 1|kernel must be potrf, trsm, syrk or gemm, got 'lu'
	a100 single potrf 0 1 1|tile must be a positive integer, got '0'
	a100 single potrf 100 0 1|times must be positive numbers or '-', got '0' and '1'
	a100 single potrf 100 2 2|a100 single potrf 100 given twice (first at line 1)
	EOF
	# A NUL is an error, not the end of its line (the row before it is whole).
	printf 'a100 single potrf 100 1 1\na100 single trsm 100 1 1\0 junk\n' >"$tmp/k"
	run hs-gen cholesky --size 100 --blocks 1 --kernels "$tmp/k"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/k:2: line contains a NUL byte" ]
	run hs-gen cholesky --size 100 --blocks 1 --kernels "$tmp/nosuch"
	[ "$status" -eq 2 ]
	[[ $output == "hs-gen: $tmp/nosuch: "* ]]
}

@test "cholesky: double precision: FP64 peaks and 8-byte elements" {
	hs-gen cholesky --size 640 --blocks 2 --precision double --node quadro >"$tmp/g"
	grep -q 'deps=a1.potrf.0:819200$' "$tmp/g"
	want=$(awk -F'\t' '$1 == "quadro" && $2 == "double" && $3 == "trsm" && $4 == 320 { print $5, $6 }' \
		"$TOP/share/kernels/cholesky.tsv")
	got=$(sed -n 's/^task a1.trsm.0.1 .* time=\([^ ]*\) gpu_time=\([^ ]*\) .*/\1 \2/p' "$tmp/g")
	[ "$got" = "$want" ]
}

@test "cholesky: the nodes of 3.1.1: CPU cores and GPU streams as workers, PCIe links and GPU memory" {
	for spec in "a100 30 32 16 24000000000 40000000000" "quadro 30 32 16 12000000000 48000000000" \
		"k40m 20 32 8 12000000000 12000000000"; do
		set -- $spec
		hs-gen cholesky --size 100 --blocks 1 --node "$1" >"$tmp/g"
		grep -q "^platform $1\$" "$tmp/g"
		grep -q "^node $1 cores=$2 gpus=$3 .* gpu_streams=$4 gpu_bw=$5 gpu_lat=5e-06 gpu_mem=$6\$" "$tmp/g"
		hs-gen platform "$1" | grep -q "^node $1 cores=$2 gpus=$3 "
	done
}

@test "cholesky: bad arguments exit 2 with the usage line" {
	run hs-gen cholesky
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: give one of --apps N, --config LIST or --size S --blocks B" ]
	[[ ${lines[1]} == "usage: hs-gen cholesky "* ]]
	run hs-gen cholesky --apps 2 --config 1
	[ "${lines[0]}" = "hs-gen: give one of --apps N, --config LIST or --size S --blocks B" ]
	run hs-gen cholesky --size 100
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: options --size and --blocks go together" ]
	run hs-gen cholesky --size 100 --blocks 3
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: option --size: 100 is not a multiple of --blocks 3" ]
	run hs-gen cholesky --config 12
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: option --config: '12' is not a configuration 0-11" ]
	run hs-gen cholesky --config 1,,2
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: option --config: '' is not a configuration 0-11" ]
	run hs-gen cholesky --config 1 --group 2
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: option --group goes with --apps" ]
	run hs-gen cholesky --apps 1 --node h100
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: option --node: 'h100' must be a100, quadro or k40m" ]
	run hs-gen cholesky --apps 1 --precision half
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: option --precision: 'half' must be single or double" ]
	run hs-gen cholesky --apps 1 --affinity 3
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: option --affinity: '3' must be between 0 and 2" ]
	run hs-gen cholesky --apps 0
	[ "$status" -eq 2 ]
	run hs-gen cholesky --apps 1 extra
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: unexpected argument 'extra'" ]
}

@test "cholesky: planned and simulated, every dependency is honoured and no worker runs two tasks" {
	for aff in 0 1 2; do
		hs-gen cholesky --config 1,0 --affinity $aff --node k40m --cmd true >"$tmp/g.hs"
		for algo in taskp taskp-ef datap-ef ect threshold; do
			hs-plan -a $algo "$tmp/g.hs" >"$tmp/p.hs"
			for model in flow replay; do
				hs-sim --model $model "$tmp/p.hs" >"$tmp/r.hs"
				echo "affinity $aff, $algo, $model"
				run deps_honoured "$tmp/r.hs" run
				echo "$output"
				[ "$status" -eq 0 ]
				[ "$output" = "checked 555 edges" ]
				run no_overlap "$tmp/r.hs" run
				echo "$output"
				[ "$status" -eq 0 ]
				[ "$output" = "checked 255 uses" ]
			done
			run deps_honoured "$tmp/p.hs" plan
			[ "$status" -eq 0 ]
			run no_overlap "$tmp/p.hs" plan
			[ "$status" -eq 0 ]
		done
	done
}
