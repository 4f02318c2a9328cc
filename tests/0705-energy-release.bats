#!/usr/bin/env bats
# The energy plugins and release dates (issue 12, point 5): tasks are taken
# in order of release date, so a task released late no longer holds its
# core idle while an earlier one waits behind it.

load helper

# makespan ALGO INSTANCE [OPTIONS]: the planned makespan.
makespan() {
	printf '%s\n' "$2" | hs-plan -a "$1" "${@:3}" | awk '$1 == "plan" {
		for (i = 3; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "end" && kv[2] > m) m = kv[2] } }
		END { print m + 0 }'
}

@test "energy: a task released at 100 no longer idles the core from 0 (all four algorithms)" {
	inst='hs 1
node n cores=1
task t1 model=rigid size=1 time=10 release=100
task t2 model=rigid size=1 time=50'
	# taskp-ef's makespan: t2 in [0, 50], t1 in [100, 110].
	[ "$(makespan taskp-ef "$inst")" = 110 ]
	for a in ect threshold edp edp-dyn; do
		m=$(makespan $a "$inst")
		[ "$m" = 110 ] || { echo "$a: makespan $m (was 160)"; false; }
	done
	m=$(makespan edp "$inst" -o order=lpt)
	[ "$m" = 110 ]
	m=$(makespan edp-dyn "$inst" -o search=full)
	[ "$m" = 110 ]
}

@test "energy: CPU and GPU sides take their tasks by release date" {
	inst='hs 1
node n cores=1 gpus=1 cpu_busy=10 gpu_busy=20
task a model=rigid size=1 time=10 alpha=5 release=40
task b model=rigid size=1 time=10 alpha=5
task c model=rigid size=1 time=20 alpha=0.5 release=30
task d model=rigid size=1 time=20 alpha=0.5'
	for a in ect threshold edp edp-dyn; do
		out=$(printf '%s\n' "$inst" | hs-plan -a $a)
		# Nothing starts later than it could: b before a, d before c.
		for pair in b:a d:c; do
			e=$(printf '%s\n' "$out" | awk -v t=${pair%:*} '$1 == "plan" && $2 == t { for (i = 3; i <= NF; i++) if ($i ~ /^start=/) print substr($i, 7) }')
			[ "$e" = 0 ] || { echo "$a: ${pair%:*} starts at $e"; printf '%s\n' "$out" | grep '^plan'; false; }
		done
	done
	# Without release dates the order is the task order, as before.
	printf '%s\n' "$inst" | sed 's/ release=[0-9]*//' | hs-plan -a ect | grep '^plan a ' | grep -q 'start=0 '
}
