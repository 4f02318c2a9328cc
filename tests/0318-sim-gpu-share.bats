#!/usr/bin/env bats
# GPUs shared by their streams (hs-sim --gpu shared, the default): a
# node's GPU workers are streams of devices (gpu_streams=), kernels with
# gpu_alone= and gpu_share= run at min(1, share / k) of their speed alone
# while k run on their device; --gpu slices keeps the fixed times
# (gpu_time=); hs-gen cholesky writes both, from its tables or a measured
# one (../shared/data/gpu).

load helper

setup() {
	tmp=$(mktemp -d)
	ff="$TESTPLUGINS/online.so:first-fit"
	# One device of 4 streams; k1-k3 (alone 1 s, the device runs 2 at
	# full speed) at 0, k4 (alone 2 s, share 1) at 0.5.
	cat >"$tmp/g.hs" <<'HS'
hs 1
platform p
node g cores=1 gpus=4 gpu_streams=4
task k1 model=gpu gpu_time=4 gpu_alone=1 gpu_share=2
task k2 model=gpu gpu_time=4 gpu_alone=1 gpu_share=2
task k3 model=gpu gpu_time=4 gpu_alone=1 gpu_share=2
task k4 model=gpu gpu_time=4 gpu_alone=2 gpu_share=1 release=0.5
HS
}

teardown() {
	rm -rf "$tmp"
}

ends() {
	printf '%s\n' "$output" | awk '$1 == "run" { for (i = 3; i <= NF; i++) if ($i ~ /^end=/) printf "%s %s\n", $2, substr($i, 5) }'
}

@test "gpu share: four kernels on one device, by hand" {
	# 0-0.5: three kernels, each at 2/3 (a third done); from 0.5 four:
	# k1-k3 at 1/2 (2/3 left: end 0.5 + 4/3), k4 at 1/4 (a third of its
	# 2 s done by then); alone from 11/6 on: 5/3 s more, end 3.5.
	run hs-sim -a "$ff" "$tmp/g.hs"
	[ "$status" -eq 0 ]
	[ "$(ends)" = "k1 1.8333333333333335
k2 1.8333333333333335
k3 1.8333333333333335
k4 3.5" ]
	printf '%s\n' "$output" | grep -q '^prov sim .* gpu=shared '
	# fixed slices: each kernel its gpu_time, whatever runs beside it
	run hs-sim --gpu slices -a "$ff" "$tmp/g.hs"
	[ "$status" -eq 0 ]
	[ "$(ends)" = "k1 4
k2 4
k3 4
k4 4.5" ]
	printf '%s\n' "$output" | grep -q '^prov sim .* gpu=slices '
}

@test "gpu share: one stream a device (gpu_streams=1, the default) shares nothing; kernels without gpu_alone keep their time" {
	sed 's/ gpu_streams=4//' "$tmp/g.hs" >"$tmp/one.hs"
	run hs-sim -a "$ff" "$tmp/one.hs"
	[ "$status" -eq 0 ]
	[ "$(ends)" = "k1 1
k2 1
k3 1
k4 2.5" ]
	# no gpu_alone: the old times, and no gpu= in the provenance
	sed 's/ gpu_alone=[^ ]* gpu_share=[^ ]*//' "$tmp/g.hs" >"$tmp/old.hs"
	run hs-sim -a "$ff" "$tmp/old.hs"
	[ "$status" -eq 0 ]
	[ "$(ends)" = "k1 4
k2 4
k3 4
k4 4.5" ]
	! printf '%s\n' "$output" | grep -q ' gpu='
}

@test "gpu share: a kernel killed at its walltime reports its work done; the others speed up" {
	sed 's/^task k4 .*/& walltime=1/' "$tmp/g.hs" >"$tmp/w.hs"
	run hs-sim -a "$ff" "$tmp/w.hs"
	[ "$status" -eq 0 ]
	# k4 runs [0.5, 1.5] at 1/4: killed; k1-k3 at 1/2 until 1.5 (left
	# 2/3 - 1/2 = 1/6), then at 2/3: 1/4 s more
	[ "$(ends)" = "k1 1.75
k2 1.75
k3 1.75
k4 1.5" ]
	[ "$(run_field <(printf '%s\n' "$output") k4 state)" = killed ]
}

@test "gpu share: --gpu slices gives the stream of a platform without gpu_alone, byte for byte" {
	hs-gen cholesky --config 0,3 --node k40m >"$tmp/c.hs"
	grep -q 'gpu_alone=' "$tmp/c.hs"
	sed 's/ gpu_alone=[^ ]* gpu_share=[^ ]*//' "$tmp/c.hs" >"$tmp/c0.hs"
	hs-sim --gpu slices -a rsched -o strategy=dsr-gd "$tmp/c.hs" | grep -E '^(run|plan) ' >"$tmp/a"
	hs-sim -a rsched -o strategy=dsr-gd "$tmp/c0.hs" | grep -E '^(run|plan) ' >"$tmp/b"
	cmp "$tmp/a" "$tmp/b"
	# shared, the same decisions' kernels end sooner: the makespan is shorter
	m() { hs-sim "$@" | grep '^prov sim' | tr ' ' '\n' | sed -n 's/^makespan=//p'; }
	a=$(m --gpu slices -a rsched -o strategy=dsr-gd "$tmp/c.hs")
	b=$(m -a rsched -o strategy=dsr-gd "$tmp/c.hs")
	awk -v a="$a" -v b="$b" 'BEGIN { exit !(b < a) }'
}

@test "gpu share: bad fields and options name the line" {
	check() {
		printf 'hs 1\nnode g cores=1 gpus=4 gpu_streams=4\ntask k model=gpu %s\n' "$1" >"$tmp/b.hs"
		run hs-sim -a "$ff" "$tmp/b.hs"
		[ "$status" -eq 2 ]
		[[ "$output" == *"b.hs:3: task k: $2"* ]] || { echo "$output"; return 1; }
	}
	check 'gpu_time=1 gpu_alone=1' 'give gpu_alone= and gpu_share= together'
	check 'gpu_time=1 gpu_alone=1 gpu_share=0.5' 'gpu_share=0.5 must be a number >= 1'
	check 'gpu_time=1 gpu_alone=-1 gpu_share=2' 'gpu_alone'
	printf 'hs 1\nnode g cores=1 gpus=6 gpu_streams=4\n' >"$tmp/p.hs"
	run hs-sim -a "$ff" "$tmp/p.hs"
	[ "$status" -eq 2 ]
	[[ "$output" == *"p.hs:2: node g: gpus=6 is not a whole number of GPUs of gpu_streams=4"* ]]
	run hs-sim --gpu half "$tmp/g.hs"
	[ "$status" -eq 2 ]
	[[ "$output" == *"option --gpu: 'half' must be shared or slices"* ]]
}

@test "gpu share: hs-gen cholesky derives gpu_alone and gpu_share, or reads them from a measured table" {
	# built in: share from the measured shape (single, tile 960: 1.29),
	# alone = gpu_time x share / streams (16 on the a100)
	run hs-gen cholesky --size 1920 --blocks 2
	[ "$status" -eq 0 ]
	line=$(printf '%s\n' "$output" | grep '^task a1.potrf.0 ')
	[[ "$line" == *" gpu_time=0.0010771435578347578 gpu_alone=8.684469935042735e-05 gpu_share=1.29 "* ]]
	run hs-gen cholesky --print-kernels
	[ "$(printf '%s\n' "$output" | awk -F'\t' '$1 == "a100" && $2 == "single" && $3 == "gemm" && $4 == 320 { print $7 }')" = 2.954 ]
	[ "$(printf '%s\n' "$output" | awk -F'\t' '$1 == "k40m" && $2 == "double" && $3 == "gemm" && $4 == 640 { print $7 }')" = 1.754 ]
	# measured (an H200): alone = the time on one stream, share = the
	# best aggregate over that of one stream (gemm 960, single: 35791.19
	# at 8 streams over 30921.62)
	T="$SHARED/data/gpu/kernels-h200.tsv"
	[ -f "$T" ] || skip "no $T"
	run hs-gen cholesky --size 2880 --blocks 3 --kernels "$T"
	[ "$status" -eq 0 ]
	line=$(printf '%s\n' "$output" | grep '^task a1.gemm.0.2.1 ')
	[[ "$line" == *" gpu_alone=5.722443333328423e-05 "* ]]
	share=$(printf '%s\n' "$line" | tr ' ' '\n' | sed -n 's/^gpu_share=//p')
	awk -v k="$share" 'BEGIN { e = 35791.191652392925 / 30921.616815221438; exit !(k - e < 1e-12 && e - k < 1e-12) }'
	# slice = alone x 16 streams / share on the a100
	gt=$(printf '%s\n' "$line" | tr ' ' '\n' | sed -n 's/^gpu_time=//p')
	awk -v g="$gt" -v k="$share" 'BEGIN { e = 5.722443333328423e-05 * 16 / k; exit !(g - e < 1e-15 && e - g < 1e-15) }'
	# the CPU core's time from the cpu1 rows
	[[ "$line" == *" time=$(awk -F'\t' '$1 == "cpu1" && $2 == "single" && $3 == "gemm" && $4 == 960 { print $6 }' "$T") "* ]]
	printf 'device\tprecision\tkernel\ttile\tstreams\tper_call_s\taggregate_gflops\ngpu\tsingle\tgemm\t320\t1\t-1\t5\n' >"$tmp/bad2.tsv"
	run hs-gen cholesky --size 1920 --blocks 2 --kernels "$tmp/bad2.tsv"
	[ "$status" -eq 2 ]
	[[ "$output" == *"bad2.tsv:2: per_call_s and aggregate_gflops must be positive numbers"* ]]
}
