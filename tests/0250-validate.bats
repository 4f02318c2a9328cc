#!/usr/bin/env bats
# The validator's gaps (issue 12, point 6): times of inf, after lists that
# cycle among zero-length tasks, a tolerance that grew with absolute time;
# and hs-report's warnings on runs that break the rules.

load helper

setup() {
	tmp=$(mktemp -d)
	M=$TESTPLUGINS/misbehave.so
}

teardown() {
	rm -rf "$tmp"
}

@test "validate: a plugin's end=inf is refused (no reader would read it back)" {
	run_stdin 'hs 1
node n cores=1
task a model=rigid size=1 time=1
task b model=rigid size=1 time=2' hs-plan -a "$M:t-inf"
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "hs-plan: stdin: plan b: ends at inf (times must be finite numbers)" ]
	[ "${lines[1]}" = "hs-plan: t-inf: produced an invalid plan (a bug in plugin t-misbehave, $M)" ]
	# An input whose times overflow: the plan is refused, not written.
	run_stdin 'hs 1
node n cores=1
task a model=rigid size=1 time=1e308 release=1.5e308' hs-plan -a taskp
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "hs-plan: stdin: plan a: ends at inf (times must be finite numbers)" ]
}

@test "validate: after lists that cycle among zero-length tasks are refused" {
	run_stdin 'hs 1
node n cores=1
task a model=rigid size=1 time=0
task b model=rigid size=1 time=0
task c model=rigid size=1 time=0' hs-plan -a "$M:t-cycle"
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "hs-plan: stdin: plan a: after list is cyclic (a -> b -> c -> a)" ]
	[ "${lines[1]}" = "hs-plan: t-cycle: produced an invalid plan (a bug in plugin t-misbehave, $M)" ]
	[ "${#lines[@]}" -eq 2 ]
}

@test "validate: at t = 1e8 s a 0.05 s overlap is an overlap; rounding is not" {
	printf 'hs 1\nnode n cores=1\ntask a model=rigid size=1 time=10\ntask b model=rigid size=1 time=10\n' >"$tmp/i.hs"
	{ cat "$tmp/i.hs"; echo 'plan a node=n cores=0 start=100000000 end=100000010'
	  echo 'plan b node=n cores=0 start=100000009.95 end=100000019.95 after=a'; } >"$tmp/o.hs"
	run hs-sim "$tmp/o.hs"
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-sim: $tmp/o.hs:6: plan b: core 0 of node n also used by a during [100000009.95, 100000010]" ]
	# One unit in the last place (1.5e-8 s here) is rounding.
	{ cat "$tmp/i.hs"; echo 'plan a node=n cores=0 start=100000000 end=100000010'
	  echo 'plan b node=n cores=0 start=100000009.999999985 end=100000019.999999985 after=a'; } >"$tmp/r.hs"
	run hs-sim "$tmp/r.hs"
	[ "$status" -eq 0 ]
	# Release dates and durations likewise: 0.05 s off at 1e8 s is off.
	{ echo 'hs 1'; echo 'node n cores=1'; echo 'task a model=rigid size=1 time=10 release=100000000'
	  echo 'plan a node=n cores=0 start=99999999.95 end=100000009.95'; } >"$tmp/e.hs"
	run hs-sim "$tmp/e.hs"
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-sim: $tmp/e.hs:4: plan a: starts at 99999999.95 before its release date 100000000" ]
	{ echo 'hs 1'; echo 'node n cores=1'; echo 'task a model=rigid size=1 time=10'
	  echo 'plan a node=n cores=0 start=100000000 end=100000010.05'; } >"$tmp/d.hs"
	run hs-sim --check-durations "$tmp/d.hs"
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-sim: $tmp/d.hs:4: plan a: runs for 10.049999997019768 but the model gives 10" ]
}

@test "validate: hs-report warns about runs at negative times and overlapping runs" {
	printf 'hs 1\nnode n cores=1\ntask a model=rigid size=1 time=1\ntask b model=rigid size=1 time=1
run a node=n cores=0 start=-5 end=-4 state=done\nrun b node=n cores=0 start=-4.5 end=-3.5 state=done\n' >"$tmp/r.hs"
	run hs-report -m ratio,utilization "$tmp/r.hs"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "hs-report: $tmp/r.hs:5: warning: run a: starts at -5 before its release date 0" ]
	[ "${lines[1]}" = "hs-report: $tmp/r.hs:6: warning: run b: starts at -4.5 before its release date 0" ]
	[ "${lines[2]}" = "hs-report: $tmp/r.hs:6: warning: run b: core 0 of node n also used by a during [-4.5, -4]" ]
	[ "${lines[3]}" = "hs-report: $tmp/r.hs: warning: the run breaks 3 rules (overlaps on a core or GPU, starts before release dates, ...): its metrics may be meaningless (a utilization above 1, a negative idle time)" ]
	# Two unit tasks on one core in 1.5 s: a ratio of 0.75 cannot be.
	[[ "${lines[4]}" == "hs-report: $tmp/r.hs: warning: makespan 1.5 is below the lower bound 2 (ratio 0.75)"* ]]
	[[ "${lines[6]}" =~ ^ratio\ +-\ +-$ ]]
	[[ "${lines[7]}" == "utilization "*"1.33333"* ]]
	# A negative run time (end before start) or an infinite end is no
	# measurement: refused, exit 2.
	printf 'hs 1\nnode n cores=1\ntask a model=rigid size=1 time=1\nrun a node=n cores=0 start=5 end=-5 state=done\n' >"$tmp/neg.hs"
	run hs-report "$tmp/neg.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-report: $tmp/neg.hs:4: run a: end -5 is before start 5" ]
	sed 's/end=-5/end=inf/' "$tmp/neg.hs" >"$tmp/inf.hs"
	run hs-report "$tmp/inf.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-report: $tmp/inf.hs:4: run a: end must be a number, got 'inf'" ]
	# A run that keeps the rules: no warning.
	hs-gen sleep -n 10 -x 0.9 --platform dietze | hs-plan -a taskp | hs-sim >"$tmp/ok.hs"
	run bash -c 'hs-report "$0" 2>&1 >/dev/null' "$tmp/ok.hs"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	# Several files: each warning names its file (and the worker threads
	# keep them in order).
	run bash -c 'hs-report -j 4 "$0" "$1" "$0" 2>&1 >/dev/null' "$tmp/r.hs" "$tmp/ok.hs"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c "^hs-report: $tmp/r.hs: warning: the run breaks 3 rules")" -eq 2 ]
}

@test "validate: core and GPU sets, one range or many: read as written, bad ones exit 2 naming them" {
	# One number or one range is read without an array of its own (ids.h):
	# its forms and mistakes must read as any other set's.
	bad() {
		printf 'hs 1\nnode n cores=16 gpus=2\ntask a model=rigid size=%s time=1\nplan a node=n %s start=0 end=1\n' \
			"$1" "$2" >"$tmp/s.hs"
		run hs-sim --model replay "$tmp/s.hs"
		[ "$status" -eq 2 ]
		[ "${lines[0]}" = "hs-sim: $tmp/s.hs:4: plan a: $3" ]
	}
	bad 1 cores=3- "bad core set '3-'"
	bad 1 cores=5-3 "bad core set '5-3'"
	bad 1 cores=-3 "bad core set '-3'"
	bad 1 cores=1,,2 "bad core set '1,,2'"
	bad 1 cores=16 "core 16 out of range (node n has 16 cores)"
	bad 14 cores=3-16 "core 16 out of range (node n has 16 cores)"
	bad 1 cores=99999999999 "core 99999999999 out of range (node n has 16 cores)"
	bad 1 "gpus=2" "GPU 2 out of range (node n has 2 GPUs)"
	bad 1 "gpus=0-" "bad GPU set '0-'"
	good() {
		printf 'hs 1\nnode n cores=16 gpus=2\ntask a model=rigid size=%s time=1\nplan a node=n cores=%s start=0 end=1\n' \
			"$1" "$2" >"$tmp/s.hs"
		run hs-sim --model replay "$tmp/s.hs"
		[ "$status" -eq 0 ]
		[ "$(records run)" = "a node=n cores=$3 start=0 end=1 state=done energy=0" ]
	}
	good 1 007 7
	good 1 15 15
	good 16 0-15 0-15
	good 4 9,3-5,4 3-5,9
	good 3 4,5,6 4-6
	good 3 2-2,0-1 0-2
}
