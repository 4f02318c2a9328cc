#!/usr/bin/env bats
# hs-exec's GPU path for real, on a machine with NVIDIA GPUs: each task sees
# only the GPUs of its plan (CUDA_VISIBLE_DEVICES), a CPU task none, as CUDA
# itself counts them, and a GPU task computes on its GPU.  Skipped where
# there is no GPU, or no python3 with a CUDA-enabled torch to count with.
load helper

setup() {
	W=$BATS_TEST_TMPDIR
	LOGS=$W/logs
	ls /proc/driver/nvidia/gpus 2>/dev/null | grep -q . || skip "no NVIDIA GPU on this machine"
	python3 -c 'import sys, torch; sys.exit(not torch.cuda.is_available())' 2>/dev/null ||
		skip "no python3 with a CUDA-enabled torch to count the GPUs a task sees"
	NGPU=$(ls /proc/driver/nvidia/gpus | wc -l)
	# What a task sees: its CUDA_VISIBLE_DEVICES, CUDA's device count, and
	# on a GPU the sum of a million ones computed there.
	cat >"$W/see.py" <<'PY'
import os, sys, torch
n = torch.cuda.device_count()
s = int(torch.ones(1000, 1000, device="cuda").sum().item()) if n else 0
print(sys.argv[1], repr(os.environ.get("CUDA_VISIBLE_DEVICES")), n, s)
PY
}

@test "exec-gpu: each task sees only its planned GPU, a CPU task none" {
	{
		printf '%s\n' 'hs 1' 'cluster local' "node local cluster=local cores=2 gpus=$NGPU"
		for g in $(seq 0 $((NGPU - 1))); do
			echo "task g$g model=gpu gpu_time=5 cmd='python3 $W/see.py g$g'"
			echo "plan g$g node=local gpus=$g start=0 end=5"
		done
		echo "task c model=rigid size=1 time=5 cmd='python3 $W/see.py c'"
		echo 'plan c node=local cores=0 start=0 end=5'
	} >"$W/in.hs"
	hs-exec -L "$LOGS" "$W/in.hs" >"$W/out.hs"
	for g in $(seq 0 $((NGPU - 1))); do
		cat "$LOGS/g$g.out"
		grep -qx "g$g '$g' 1 1000000" "$LOGS/g$g.out"
		[ "$(run_field "$W/out.hs" g$g gpus)" = "$g" ]
		[ "$(run_field "$W/out.hs" g$g state)" = done ]
	done
	cat "$LOGS/c.out"
	grep -qx "c '' 0 0" "$LOGS/c.out"
	[ "$(run_field "$W/out.hs" c state)" = done ]
}

@test "exec-gpu: a plan on a GPU this machine lacks exits 2 and runs nothing" {
	printf '%s\n' 'hs 1' 'cluster local' "node local cluster=local cores=2 gpus=$((NGPU + 1))" \
		"task g model=gpu gpu_time=1 cmd='touch $W/ran'" "plan g node=local gpus=$NGPU start=0 end=1" >"$W/in.hs"
	run hs-exec -L "$LOGS" "$W/in.hs"
	[ "$status" -eq 2 ]
	[[ $output == *"in.hs:5: task g: planned on GPUs $NGPU, but this machine has $NGPU GPU"* ]]
	[ ! -e "$W/ran" ]
}

@test "exec-gpu: live: GPU jobs decided by an online algorithm each see only their GPU, as CUDA counts" {
	{
		printf '%s\n' 'hs 1' 'cluster local' "node local cluster=local cores=2 gpus=$NGPU"
		for g in $(seq 0 $((NGPU - 1))); do
			echo "task g$g model=gpu gpu_time=5 cmd='python3 $W/see.py g$g'"
		done
		echo "task c model=rigid size=1 time=5 cmd='python3 $W/see.py c'"
	} >"$W/in.hs"
	hs-exec -a "$TESTPLUGINS/online.so:first-fit" -L "$LOGS" "$W/in.hs" >"$W/out.hs"
	for g in $(seq 0 $((NGPU - 1))); do
		cat "$LOGS/g$g.out"
		got=$(run_field "$W/out.hs" g$g gpus)
		grep -qx "g$g '$got' 1 1000000" "$LOGS/g$g.out"
		[ "$(run_field "$W/out.hs" g$g state)" = done ]
	done
	grep -qx "c '' 0 0" "$LOGS/c.out"
}
