#!/usr/bin/env bats
# Plugins that crash, exit, hang or print (issue 12, point 9): hs-plan names
# the plugin, its algorithm and file, exits 1 and writes nothing; a
# plugin's stdout never reaches the output (hs/guard.h, hs-plugin(7)).

load helper

INST='hs 1
node n1 cores=2
task t1 model=amdahl t1=10 beta=0
task t2 model=amdahl t1=4 beta=0'

setup() {
	M=$TESTPLUGINS/misbehave.so
	WHO="hs-plan: plugin t-misbehave (algorithm"
}

@test "guard: a segmentation fault names the plugin, exit 1, no output" {
	run bash -c 'printf "%s\n" "$0" | hs-plan -a "$1"' "$INST" "$M:t-segv"
	[ "$status" -eq 1 ]
	[ "$output" = "$WHO t-segv, $M) crashed while planning: segmentation fault (SIGSEGV)" ]
}

@test "guard: abort, SIGFPE, SIGBUS, SIGILL and a stack overflow" {
	for c in "t-abort:aborted (SIGABRT)" "t-raise:arithmetic exception (SIGFPE)" \
		"t-ill:illegal instruction (SIGILL)" "t-overflow:segmentation fault (SIGSEGV)"; do
		run_stdin "$INST" hs-plan -a "$M:${c%%:*}"
		[ "$status" -eq 1 ] || { echo "$c: $status"; false; }
		[ "$output" = "$WHO ${c%%:*}, $M) crashed while planning: ${c#*:}" ] || { echo "$output"; false; }
	done
	run_stdin "$INST" hs-plan -a "$M:t-raise" -o signal=7
	[ "$status" -eq 1 ]
	[ "$output" = "$WHO t-raise, $M) crashed while planning: bus error (SIGBUS)" ]
}

@test "guard: exit(0) in a plugin is exit 1 with a message, not an empty output" {
	run bash -c 'printf "%s\n" "$0" | hs-plan -a "$1" 2>/dev/null' "$INST" "$M:t-exit"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	run_stdin "$INST" hs-plan -a "$M:t-exit"
	[ "$status" -eq 1 ]
	[ "$output" = "$WHO t-exit, $M) exited while planning: exit(0) inside the plugin" ]
	run_stdin "$INST" hs-plan -a "$M:t-exit" -o status=3
	[ "$status" -eq 1 ]
	[ "$output" = "$WHO t-exit, $M) exited while planning: exit(3) inside the plugin" ]
}

@test "guard: _exit, _Exit and quick_exit in a plugin are exit 1 with a message, no stream" {
	for how in _exit _Exit quick_exit; do
		run bash -c 'printf "%s\n" "$0" | hs-plan -a "$1" -o how="$2" 2>/dev/null' "$INST" "$M:t-exit-now" "$how"
		[ "$status" -eq 1 ] || { echo "$how: $status"; false; }
		[ -z "$output" ]
	done
	run_stdin "$INST" hs-plan -a "$M:t-exit-now"
	[ "$status" -eq 1 ]
	[ "$output" = "$WHO t-exit-now, $M) exited while planning: _exit(0) inside the plugin" ]
	run_stdin "$INST" hs-plan -a "$M:t-exit-now" -o how=_Exit -o status=3
	[ "$status" -eq 1 ]
	[ "$output" = "$WHO t-exit-now, $M) exited while planning: _Exit(3) inside the plugin" ]
	run_stdin "$INST" hs-plan -a "$M:t-exit-now" -o how=quick_exit
	[ "$status" -eq 1 ]
	[ "$output" = "$WHO t-exit-now, $M) exited while planning: quick_exit() inside the plugin" ]
}

@test "guard: --timeout stops a plugin that never returns" {
	run_stdin "$INST" hs-plan -a "$M:t-hang" --timeout 0.5
	[ "$status" -eq 1 ]
	[ "$output" = "$WHO t-hang, $M) was stopped while planning: no return within its time limit of 0.5 s" ]
	run_stdin "$INST" hs-plan -a "$M:t-hang" -t 0.2
	[ "$status" -eq 1 ]
	# A plugin that returns in time is not disturbed.
	run_stdin "$INST" hs-plan -a taskp --timeout 60
	[ "$status" -eq 0 ]
	[[ "$output" == *"plan t2 node=n1 cores=1 start=0 end=4"* ]]
	for bad in 0 -1 x; do
		run_stdin "$INST" hs-plan -a taskp --timeout "$bad"
		[ "$status" -eq 2 ]
		[[ "$output" == "hs-plan: option --timeout: "* ]]
	done
}

@test "guard: a plugin's printf and write(1) go to stderr, the output stays a stream" {
	run bash -c 'printf "%s\n" "$0" | hs-plan -a "$1" 2>"$2"' "$INST" "$M:t-printf" "$BATS_TEST_TMPDIR/err"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c 'not a record')" -eq 0 ]
	[[ "$output" == *"plan t2 node=n1 cores=0 start=10 end=14 after=t1"* ]]
	grep -q '^plan from printf: not a record$' "$BATS_TEST_TMPDIR/err"
	grep -q '^task from write(1): not a record$' "$BATS_TEST_TMPDIR/err"
	grep -q 'a line without its end' "$BATS_TEST_TMPDIR/err"
	# The output reads on.
	printf '%s\n' "$output" | hs-sim >/dev/null
}

@test "guard: a wrong slot count is refused before anything reads the slots" {
	run_stdin "$INST" hs-plan -a "$M:t-slots"
	[ "$status" -eq 1 ]
	[ "$output" = "hs-plan: t-slots: the plugin left 1002 slots for 2 tasks in its schedule (a bug in plugin t-misbehave, $M)" ]
}

@test "guard: a crash in a plugin's init names it; listing reports it and lists the others" {
	HS_TEST_INIT_CRASH=1 run_stdin "$INST" hs-plan -a "$M:t-printf"
	[ "$status" -eq 1 ]
	[ "$output" = "hs-plan: plugin t-misbehave ($M) crashed while initialising: segmentation fault (SIGSEGV)" ]
	HS_TEST_INIT_CRASH=1 HS_PLUGIN_PATH=$TESTPLUGINS run hs-plan -l
	[ "$status" -eq 0 ]
	[[ "$output" == *"hs-plan: warning: plugin t-misbehave ($M) crashed while initialising: segmentation fault (SIGSEGV); skipped it"* ]]
	[[ "$output" == *"taskp "* ]]
	[[ "$output" != *"t-segv"* ]]
}

# Loading runs a plugin's constructors (issue 30): a name is looked for in
# each plugin on the path in a child process, so that a bad .so cannot
# take the tool down; only the plugin that has the name is loaded, and
# loading it is guarded as planning is.
@test "guard: a constructor that exits, crashes or prints breaks no other algorithm" {
	d=$BATS_TEST_TMPDIR/path
	mkdir -p "$d"
	cp "$TESTPLUGINS/ctor.so" "$d/a-bad.so"
	want=$(printf '%s\n' "$INST" | hs-plan -a taskp | grep -v '^prov')
	for how in exit _exit segv print; do
		run bash -c 'printf "%s\n" "$0" | HS_TEST_CTOR=$1 HS_PLUGIN_PATH=$2 hs-plan -a taskp 2>/dev/null' "$INST" "$how" "$d"
		[ "$status" -eq 0 ] || { echo "$how: $status"; false; }
		[ "$(printf '%s\n' "$output" | grep -v '^prov')" = "$want" ]
		HS_TEST_CTOR=$how HS_PLUGIN_PATH=$d run hs-plan -l
		[ "$status" -eq 0 ]
		[[ "$output" == *"taskp "* ]]
	done
	HS_TEST_CTOR=segv HS_PLUGIN_PATH=$d run_stdin "$INST" hs-plan -a taskp
	[ "$status" -eq 0 ]
	[[ "$output" == "hs-plan: warning: plugin $d/a-bad.so crashed while loading: segmentation fault (SIGSEGV); skipped it"$'\n'"hs 1"* ]]
	HS_TEST_CTOR=exit HS_PLUGIN_PATH=$d run hs-plan -l
	[[ "$output" == *"hs-plan: warning: plugin $d/a-bad.so exited while loading: exit(0) inside the plugin; skipped it"* ]]
	# Unset, it is found and runs.
	HS_PLUGIN_PATH=$d run_stdin "$INST" hs-plan -a t-ctor
	[ "$status" -eq 0 ]
	[[ "$output" == *"plan t2 node=n1 cores=0 start=10 end=14"* ]]
}

@test "guard: a plugin named by its file whose constructor misbehaves: exit 1, named, no stream" {
	C=$TESTPLUGINS/ctor.so
	for c in "exit:exited while loading: exit(0) inside the plugin" \
		"_exit:exited while loading: _exit(0) inside the plugin" \
		"segv:crashed while loading: segmentation fault (SIGSEGV)"; do
		run bash -c 'printf "%s\n" "$0" | HS_TEST_CTOR=$1 hs-plan -a "$2" 2>/dev/null' "$INST" "${c%%:*}" "$C"
		[ "$status" -eq 1 ] || { echo "$c: $status"; false; }
		[ -z "$output" ]
		HS_TEST_CTOR=${c%%:*} run_stdin "$INST" hs-plan -a "$C"
		[ "$status" -eq 1 ]
		[ "$output" = "hs-plan: plugin $C ${c#*:}" ]
	done
	# What a constructor prints goes to stderr, the output stays a stream.
	run bash -c 'printf "%s\n" "$0" | HS_TEST_CTOR=print hs-plan -a "$1" 2>"$2"' "$INST" "$C" "$BATS_TEST_TMPDIR/err"
	[ "$status" -eq 0 ]
	[[ "$output" != *"not a record"* ]]
	grep -q '^task from a constructor: not a record$' "$BATS_TEST_TMPDIR/err"
	printf '%s\n' "$output" | hs-sim >/dev/null
	run bash -c 'HS_TEST_CTOR=print HS_PLUGIN_PATH=$0 hs-plan -l 2>/dev/null' "$TESTPLUGINS"
	[[ "$output" != *"not a record"* ]]
	[[ "$output" == *"t-ctor "* ]]
}

@test "guard: a host function that stops a plugin keeps its own message" {
	run_stdin "$INST" hs-plan -a "$TESTPLUGINS/good.so" -o bug
	[ "$status" -eq 1 ]
	[ "$output" = "hs-plan: t-good: plugin bug: option 'no-such-option' is not in the option table" ]
}
