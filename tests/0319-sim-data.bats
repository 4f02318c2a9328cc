#!/usr/bin/env bats
# hs-sim's data model (hs-sim(1) DATA): a task's inputs are its deps'
# outputs; they move over each GPU's link to the host (gpu_bw, gpu_lat),
# shared by the transfers crossing it one way, into GPU memory (gpu_mem)
# with LRU eviction and write-back; --transfers off leaves it out.  rsched
# places by StarPU's DMDA (expected end + expected transfer time) and
# prefetches; hs-report sums the bytes.  Every figure is by hand.

load helper

setup() {
	tmp=$(mktemp -d)
}

teardown() {
	rm -rf "$tmp"
}

# "ID start end fetch h2d d2h" of each run record
runs() {
	printf '%s\n' "$output" | awk '$1 == "run" {
		s = e = f = h = d = "-"
		for (i = 3; i <= NF; i++) {
			split($i, kv, "=")
			if (kv[1] == "start") s = kv[2]; else if (kv[1] == "end") e = kv[2]
			else if (kv[1] == "fetch") f = kv[2]; else if (kv[1] == "h2d") h = kv[2]
			else if (kv[1] == "d2h") d = kv[2]
		}
		print $2, s, e, f, h, d }'
}

@test "data: two transfers share a GPU's link, then one goes on alone" {
	# a1 and a2 on the cores; b (GPU stream 0) needs a1's 2e9 bytes from
	# 1, c (stream 1, the same GPU) a2's 0.5e9 from 2.  b: latency to 1.5,
	# alone at 1e9 B/s to 2.5 (1e9 left); c's latency ends at 2.5: both at
	# 0.5e9 B/s, c done at 3.5, b's last 0.5e9 alone, done at 4; each
	# then computes 1 s.
	cat >"$tmp/s.hs" <<'HS'
hs 1
platform p
node g cores=2 gpus=2 gpu_streams=2 gpu_bw=1e9 gpu_lat=0.5
task a1 model=rigid size=1 time=1
task a2 model=rigid size=1 time=2
task b model=gpu gpu_time=1 deps=a1:2e9
task c model=gpu gpu_time=1 deps=a2:0.5e9
plan a1 node=g cores=0 start=0 end=1
plan a2 node=g cores=1 start=0 end=2
plan b node=g gpus=0 start=1 end=2
plan c node=g gpus=1 start=2 end=3
HS
	run hs-sim "$tmp/s.hs"
	[ "$status" -eq 0 ]
	[ "$(runs)" = "a1 0 1 - - -
a2 0 2 - - -
b 1 5 3 2000000000 -
c 2 4.5 1.5 500000000 -" ]
	printf '%s\n' "$output" | grep -q '^prov sim .* transfers=on'
	# --transfers off: the data cost nothing, the run is the plan
	run hs-sim --transfers off "$tmp/s.hs"
	[ "$status" -eq 0 ]
	[ "$(runs)" = "a1 0 1 - - -
a2 0 2 - - -
b 1 2 - - -
c 2 3 - - -" ]
	printf '%s\n' "$output" | grep -q '^prov sim .* transfers=off'
}

@test "data: one datum for two streams of one GPU moves once; two GPUs each fetch it" {
	cat >"$tmp/o.hs" <<'HS'
hs 1
platform p
node g cores=1 gpus=2 gpu_streams=2 gpu_bw=1e9 gpu_lat=0.5
task a model=rigid size=1 time=1
task b model=gpu gpu_time=1 deps=a:2e9
task c model=gpu gpu_time=1 deps=a:2e9
plan a node=g cores=0 start=0 end=1
plan b node=g gpus=0 start=1 end=2
plan c node=g gpus=1 start=1 end=2
HS
	run hs-sim "$tmp/o.hs"
	[ "$status" -eq 0 ]
	# b's fetch brings it (charged to b), c waits for the same copy
	[ "$(runs)" = "a 0 1 - - -
b 1 4.5 2.5 2000000000 -
c 1 4.5 2.5 - -" ]
	# one GPU per stream: two links, each its own copy at full speed
	sed 's/gpu_streams=2/gpu_streams=1/' "$tmp/o.hs" >"$tmp/two.hs"
	run hs-sim "$tmp/two.hs"
	[ "$status" -eq 0 ]
	[ "$(runs)" = "a 0 1 - - -
b 1 4.5 2.5 2000000000 -
c 1 4.5 2.5 2000000000 -" ]
	run hs-report -m bytes_h2d,bytes_d2h,fetch_time -f tsv <(hs-sim "$tmp/two.hs")
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | cut -f1,2 | tail -3)" = "bytes_h2d	4000000000
bytes_d2h	0
fetch_time	5" ]
}

@test "data: a full GPU evicts its least recently used copy, written back first when it is the only one" {
	# 3e9 bytes of GPU memory.  a's output (2e9) stays on the GPU; b's
	# needs room: a's is the only copy and c still reads it: written back
	# (2 s), b computes [3, 4].  c needs a's back: b's output goes the
	# same way (d reads it), then a's comes in: [4, 6] and [6, 8], c
	# computes [8, 9].  d (a core) reads b's from the write-back: [6, 7].
	cat >"$tmp/e.hs" <<'HS'
hs 1
platform p
node g cores=1 gpus=1 gpu_bw=1e9 gpu_mem=3e9
task a model=gpu gpu_time=1
task b model=gpu gpu_time=1
task c model=gpu gpu_time=1 deps=a:2e9
task d model=rigid size=1 time=1 deps=b:2e9
plan a node=g gpus=0 start=0 end=1
plan b node=g gpus=0 start=1 end=2 after=a
plan c node=g gpus=0 start=2 end=3 after=b
plan d node=g cores=0 start=3 end=4
HS
	run hs-sim "$tmp/e.hs"
	[ "$status" -eq 0 ]
	[ "$(runs)" = "a 0 1 - - -
b 1 4 2 - 2000000000
c 4 9 4 2000000000 2000000000
d 4 7 2 - -" ]
	# no write-back when the data has no reader left: c gone, a's is dropped
	grep -v '^task c\|^plan c' "$tmp/e.hs" | sed 's/^plan d \(.*\)/plan d \1/' >"$tmp/e2.hs"
	run hs-sim "$tmp/e2.hs"
	[ "$status" -eq 0 ]
	[ "$(runs)" = "a 0 1 - - -
b 1 2 - - -
d 2 5 2 - 2000000000" ]
}

@test "data: a task whose data cannot fit in its GPU fails, named, and the run goes on" {
	cat >"$tmp/big.hs" <<'HS'
hs 1
platform p
node g cores=1 gpus=1 gpu_bw=1e9 gpu_mem=1e9
task a model=rigid size=1 time=1
task b model=gpu gpu_time=1 deps=a:2e9
task c model=rigid size=1 time=1
plan a node=g cores=0 start=0 end=1
plan b node=g gpus=0 start=1 end=2
plan c node=g cores=0 start=1 end=2 after=a
HS
	run hs-sim "$tmp/big.hs"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -q "big.hs:5: warning: task b fails: its data (2000000000 bytes) do not fit in its GPU's memory (1000000000 bytes)"
	printf '%s\n' "$output" | grep -q '^run b .*state=failed'
	printf '%s\n' "$output" | grep -q '^run c .*end=2 .*state=done'
}

@test "data: bad node fields and --transfers values are refused with file, line and exit 2" {
	printf 'hs 1\nplatform p\nnode g cores=1 gpus=1 gpu_bw=-1\ntask a model=gpu gpu_time=1\n' >"$tmp/bad.hs"
	run hs-sim -a "$TESTPLUGINS/online.so:first-fit" "$tmp/bad.hs"
	[ "$status" -eq 2 ]
	printf '%s\n' "$output" | grep -q 'bad.hs:3: node g: gpu_bw'
	printf 'hs 1\nplatform p\nnode g cores=1 gpus=1 gpu_mem=x\ntask a model=gpu gpu_time=1\n' >"$tmp/bad2.hs"
	run hs-sim -a "$TESTPLUGINS/online.so:first-fit" "$tmp/bad2.hs"
	[ "$status" -eq 2 ]
	printf '%s\n' "$output" | grep -q 'bad2.hs:3: node g: gpu_mem'
	run hs-sim --transfers maybe "$tmp/bad.hs"
	[ "$status" -eq 2 ]
	[[ "$output" == *"option --transfers: 'maybe' must be on or off"* ]]
}

@test "data: rsched's DMDA keeps a task on the slower CPU that holds its input; beta=0 (DM) does not" {
	# b (1 s on the core, 0.5 s on the GPU) reads a's 2e9 bytes, on the
	# host: DMDA's fitness CPU (2 - 1.5) + 0, GPU 0 + 2: the CPU, [1, 2].
	# DM: the GPU, 2 s of transfer then 0.5 s: [1, 3.5].
	cat >"$tmp/r.hs" <<'HS'
hs 1
platform p
node g cores=1 gpus=1 gpu_bw=1e9
task a model=rigid size=1 time=1 app=x
task b model=rigid size=1 time=1 gpu_time=0.5 on=any app=x deps=a:2e9
HS
	run hs-sim -a rsched -o strategy=conc "$tmp/r.hs"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -q '^run b node=g cores=0 .*start=1 end=2 '
	run hs-sim -a rsched -o strategy=conc,beta=0 "$tmp/r.hs"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -q '^run b node=g .*gpus=0 start=1 end=3.5 .*fetch=2 h2d=2000000000'
	# without the data model DMDA is DM: the GPU, 0.5 s
	run hs-sim --transfers off -a rsched -o strategy=conc "$tmp/r.hs"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -q '^run b node=g .*gpus=0 start=1 end=1.5 '
	# a per-task overhead delays each start on its worker
	run hs-sim --transfers off -a rsched -o strategy=conc,overhead=0.25 "$tmp/r.hs"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -q '^run a node=g cores=0 .*start=0.25 end=1.25 '
	printf '%s\n' "$output" | grep -q '^run b node=g .*start=1.5 end=2 '
}

@test "data: the ABI's estimate and prefetch: expected transfer times, a prefetch ahead of the start" {
	[ -f "$TESTPLUGINS/datatest.so" ] || skip "test plugin datatest.so not built"
	cat >"$tmp/p.hs" <<'HS'
hs 1
platform p
node g cores=1 gpus=1 gpu_bw=1e9 gpu_lat=0.5
task a model=rigid size=1 time=1
task b model=gpu gpu_time=1 deps=a:2e9
HS
	run hs-sim -a "$TESTPLUGINS/datatest.so:prefetch" "$tmp/p.hs"
	[ "$status" -eq 0 ]
	# the estimate before: 0.5 + 2 s to the GPU, 0 to the cores, NAN for
	# GPU 7; prefetched at 1, b starts at 2 with 1.5 s of the 2.5 left
	printf '%s\n' "$output" | grep -q 'estimate gpu=2.5 host=0 bad=nan'
	printf '%s\n' "$output" | grep -q '^run b node=g .*start=2 end=4.5 .*fetch=1.5 h2d=2000000000'
}

@test "data: a prefetch with a GPU that does not exist is the algorithm's error, named" {
	cat >"$tmp/p.hs" <<'HS'
hs 1
platform p
node g cores=1 gpus=1 gpu_bw=1e9 gpu_lat=0.5
task a model=rigid size=1 time=1
task b model=gpu gpu_time=1 deps=a:2e9
HS
	run hs-sim -a "$TESTPLUGINS/datatest.so:prefetch" -o bad=1 "$tmp/p.hs"
	[ "$status" -eq 1 ]
	printf '%s\n' "$output" | grep -q 'job b: prefetch: no GPU 7 and no node -1 (GPUs 0..0, nodes 0..0)'
	printf '%s\n' "$output" | grep -q 'prefetch GPU 7: -1'
}

@test "data: --transfers off with --gpu slices is the model before: the runs of a node without links, record for record" {
	hs-gen cholesky --size 1920 --blocks 4 --node k40m --affinity 0 -o "$tmp/c.hs"
	sed 's/ gpu_bw=[^ ]* gpu_lat=[^ ]* gpu_mem=[^ ]*$//' "$tmp/c.hs" >"$tmp/nolink.hs"
	! grep -q 'gpu_bw' "$tmp/nolink.hs"
	for s in conc dsr-gd seq; do
		hs-sim --gpu slices --transfers off -a rsched -o strategy=$s "$tmp/c.hs" | grep '^run ' >"$tmp/off"
		hs-sim --gpu slices -a rsched -o strategy=$s "$tmp/nolink.hs" | grep '^run ' >"$tmp/before"
		cmp "$tmp/off" "$tmp/before"
		! grep -q 'h2d=\|d2h=\|fetch=' "$tmp/off"
	done
	# with the links, tiles move and DMDA weighs them
	run hs-sim -a rsched -o strategy=conc "$tmp/c.hs"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -q ' h2d='
	printf '%s\n' "$output" | grep -q '^prov sim .* transfers=on .*beta=1,overhead=0,overhead_worker=0'
}
