#!/usr/bin/env bats
# hs-plan: the four list schedulers on a small instance with hand-computed
# plans, the prov record, -l, -o help and option errors.
load helper

# n1: 2 cores at speed 1; n2: 1 core at speed 2.  amdahl beta=0 gives
# t(p) = t1/p on n1 and t1/(2p) on n2.
INST='hs 1
node n1 cores=2
node n2 cores=1 speed=2
task t1 model=amdahl t1=10 beta=0
task t2 model=amdahl t1=20 beta=0
task t3 model=amdahl t1=6 beta=0
task t4 model=amdahl t1=4 beta=0'

# plans ARGS...: hs-plan ARGS on INST, only the plan records.
plans() {
	local out
	out=$(printf '%s\n' "$INST" | hs-plan "$@") || return
	printf '%s\n' "$out" | grep '^plan '
}

@test "taskp: each task takes the front core of the core list, which moves to the back" {
	# cores: n1/0 n1/1 n2/0; t4 is back on n1/0 after t1 (10 + 4).
	run plans -a taskp
	[ "$status" -eq 0 ]
	[ "$output" = "plan t1 node=n1 cores=0 start=0 end=10
plan t2 node=n1 cores=1 start=0 end=20
plan t3 node=n2 cores=0 start=0 end=3
plan t4 node=n1 cores=0 start=10 end=14 after=t1" ]
}

@test "taskp-ef: longest first, each on the core where it finishes first" {
	# order t2 t1 t3 t4.  t2: n2 finishes at 10 (n1: 20).  t1: n1/0 at 10,
	# tie with n1/1 -> lowest index.  t3: n1/1 at 6.  t4: n1/1 at 10 (n1/0:
	# 14, n2: 12).
	run plans -a taskp-ef
	[ "$status" -eq 0 ]
	[ "$output" = "plan t1 node=n1 cores=0 start=0 end=10
plan t2 node=n2 cores=0 start=0 end=10
plan t3 node=n1 cores=1 start=0 end=6
plan t4 node=n1 cores=1 start=6 end=10 after=t3" ]
}

@test "datap: every core of a node per task, round robin over the nodes" {
	run plans -a datap
	[ "$status" -eq 0 ]
	[ "$output" = "plan t1 node=n1 cores=0-1 start=0 end=5
plan t2 node=n2 cores=0 start=0 end=10
plan t3 node=n1 cores=0-1 start=5 end=8 after=t1
plan t4 node=n2 cores=0 start=10 end=12 after=t2" ]
}

@test "datap-ef: longest first, whole node with the earliest finish" {
	# t2: n1 10, n2 10 -> tie, n1.  t1: n2 5 (n1 15).  t3: n2 8.  t4: n2 10.
	run plans -a datap-ef
	[ "$status" -eq 0 ]
	[ "$output" = "plan t1 node=n2 cores=0 start=0 end=5
plan t2 node=n1 cores=0-1 start=0 end=10
plan t3 node=n2 cores=0 start=5 end=8 after=t1
plan t4 node=n2 cores=0 start=8 end=10 after=t3" ]
}

@test "the -ef algorithms are presets: taskp -o order=seq,pick=ef equals taskp-ef" {
	a=$(plans -a taskp-ef)
	b=$(plans -a taskp -o order=seq -o pick=ef)
	c=$(plans -a datap-ef)
	d=$(plans -a datap -o order=seq,pick=ef)
	[ -n "$a" ]
	[ "$a" = "$b" ]
	[ -n "$c" ]
	[ "$c" = "$d" ]
	# and the options really change something
	[ "$a" != "$(plans -a taskp)" ]
}

@test "the stream passes through with a prov plan record naming algo, plugin, opts, time" {
	run_stdin "$INST" hs-plan -a taskp-ef
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "hs 1" ]
	[[ "${lines[1]}" =~ ^prov\ plan\ tool=hs-plan\ version=[0-9.]+\ algo=taskp-ef\ plugin=listsched\ opts=order=seq,pick=ef\ time=[0-9.]+$ ]]
	[ "${lines[2]}" = "node n1 cores=2" ]
	[ "${lines[7]}" = "task t4 model=amdahl t1=4 beta=0" ]
	[ "${lines[12]}" = "end stream records=11 tasks=4 plans=4 runs=0" ]
	[ "${#lines[@]}" -eq 13 ]
}

@test "planning a planned stream replaces the old plan records" {
	run bash -c 'printf "%s\n" "$0" | hs-plan -a taskp | hs-plan -a datap' "$INST"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c '^plan ')" -eq 4 ]
	[ "$(printf '%s\n' "$output" | grep -c '^prov plan ')" -eq 1 ]
	[[ "$output" == *"algo=datap "* ]]
	[[ "$output" == *"plan t1 node=n1 cores=0-1 start=0 end=5"* ]]
}

@test "the input can be a file" {
	printf '%s\n' "$INST" >"$BATS_TEST_TMPDIR/in.hs"
	run hs-plan -a taskp "$BATS_TEST_TMPDIR/in.hs"
	[ "$status" -eq 0 ]
	[[ "$output" == *"plan t4 node=n1 cores=0 start=10 end=14 after=t1"* ]]
}

@test "release dates delay the start" {
	run_stdin 'hs 1
node n cores=1
task a model=amdahl t1=2 beta=0 release=5
task b model=amdahl t1=1 beta=0' hs-plan -a taskp
	[ "$status" -eq 0 ]
	[[ "$output" == *"plan a node=n cores=0 start=5 end=7"* ]]
	[[ "$output" == *"plan b node=n cores=0 start=7 end=8 after=a"* ]]
}

@test "an instance without tasks gets no plan records and is still written" {
	run_stdin 'hs 1
node n cores=1' hs-plan -a taskp
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "hs 1" ]
	[[ "${lines[1]}" == "prov plan tool=hs-plan "* ]]
	[ "${lines[2]}" = "node n cores=1" ]
	[ "${lines[3]}" = "end stream records=2 tasks=0 plans=0 runs=0" ]
	[ "${#lines[@]}" -eq 4 ]
}

@test "an instance without nodes is an error (exit 2)" {
	run_stdin 'hs 1
task t1 model=amdahl t1=1 beta=0' hs-plan -a taskp
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: stdin: no nodes in the platform" ]
}

@test "bad input is reported with its line (exit 2)" {
	run_stdin 'hs 1
node n cores=0' hs-plan -a taskp
	[ "$status" -eq 2 ]
	[[ "$output" == "hs-plan: stdin:2: "* ]]
	run bash -c ': | hs-plan -a taskp'
	[ "$status" -eq 2 ]
	[[ "$output" == *"empty input"* ]]
}

@test "-a is required (usage error, exit 2)" {
	run_stdin "$INST" hs-plan
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-plan: no algorithm given: -a NAME (hs-plan -l lists them)" ]
	[[ "${lines[1]}" == "usage: hs-plan "* ]]
	run hs-plan -a taskp a.hs b.hs
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-plan: one input file at most, got 2" ]
}

@test "-l lists the four list schedulers with family and file" {
	run hs-plan -l
	[ "$status" -eq 0 ]
	for a in taskp datap taskp-ef datap-ef; do
		printf '%s\n' "$output" | grep -Eq "^$a +[^ ].*  \(listsched, .*/listsched\.so\)$"
	done
	[[ "$output" == *"one core per task, round robin over all cores (Dietze TASKP)"* ]]
}

@test "-l with no algorithm found names the directories searched and exits 1" {
	# a copy of hs-plan away from the tree's plugins, an empty HS_PLUGIN_PATH
	installed=$(strings "$HS_BIN/hs-plan" | grep -m1 '/lib/hs/plugins$' || true)
	if [ -n "$installed" ] && ls "$installed"/*.so >/dev/null 2>&1; then
		skip "plugins are installed in $installed"
	fi
	d=$(mktemp -d)
	mkdir "$d/bin" "$d/empty"
	cp "$HS_BIN/hs-plan" "$d/bin/"
	HS_PLUGIN_PATH=$d/empty run "$d/bin/hs-plan" -l
	rm -rf "$d"
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "hs-plan: no algorithms found; plugins are searched for in:" ]
	[ "${lines[1]}" = "  $d/empty" ]
}

@test "--complete-words offers the algorithm names" {
	run hs-plan --complete-words
	[ "$status" -eq 0 ]
	for a in taskp datap taskp-ef datap-ef; do
		printf '%s\n' "$output" | grep -qx "$a"
	done
	printf '%s\n' "$output" | grep -qx -- "-a ALGO"
}

@test "--help and --version" {
	run hs-plan --help
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "usage: hs-plan [-a ALGO] [-o KEY[=VAL]]... [-l] [-v] [-t SECONDS] [--partial] [FILE]" ]
	[[ "$output" == *"--algorithm ALGO"* ]]
	run hs-plan --version
	[ "$status" -eq 0 ]
	[[ "$output" == "hs-plan (hs) "* ]]
}

@test "-o help prints the option table without reading the input" {
	run bash -c 'hs-plan -a taskp -o help </dev/null'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "options of taskp (listsched):" ]
	printf '%s\n' "$output" | grep -Eq '^  order +given\|seq +given +task order'
	printf '%s\n' "$output" | grep -Eq '^  pick +rr\|ef +rr +resource choice'
	printf '%s\n' "$output" | grep -qx 'presets of taskp: order=given,pick=rr'
	run bash -c 'hs-plan -a datap-ef -o help </dev/null'
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -qx 'presets of datap-ef: order=seq,pick=ef'
}

@test "-o: an unknown option names the valid ones (exit 2)" {
	run_stdin "$INST" hs-plan -a taskp -o foo=1
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: taskp: unknown option 'foo' (options: order, pick)" ]
}

@test "-o: a value outside the choices (exit 2)" {
	run_stdin "$INST" hs-plan -a datap -o pick=xyz
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: datap: option pick: 'xyz' is not one of rr|ef" ]
	run_stdin "$INST" hs-plan -a datap -o pick
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: datap: option pick needs a value (pick=rr|ef)" ]
}

@test "-v reports the plugin, the time and the makespan on stderr only" {
	run bash -c 'printf "%s\n" "$0" | hs-plan -v -a datap 2>&1 >/dev/null' "$INST"
	[ "$status" -eq 0 ]
	[[ "$output" =~ ^hs-plan:\ datap:\ plugin\ listsched\ .*listsched\.so\),\ 4\ tasks\ planned\ in\ .*makespan\ 12$ ]]
}
