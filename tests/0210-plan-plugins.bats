#!/usr/bin/env bats
# hs-plan's plugin loader: every error has its own message and exit 2,
# HS_PLUGIN_PATH, loading by path, option parsing, plugin bugs (exit 1), and
# the out-of-tree plugin template.
load helper

INST='hs 1
node n1 cores=2
task t1 model=amdahl t1=10 beta=0
task t2 model=amdahl t1=4 beta=0'

LISTSCHED=$HS_BUILD/plugins/listsched.so

@test "an unknown algorithm: one line, exit 2" {
	run_stdin "$INST" hs-plan -a nope
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: unknown algorithm 'nope' (hs-plan -l lists them)" ]
}

@test "an unknown algorithm names the broken plugins skipped on the way" {
	HS_PLUGIN_PATH=$TESTPLUGINS run_stdin "$INST" hs-plan -a nope
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-plan: unknown algorithm 'nope' (hs-plan -l lists them)" ]
	[ "${lines[1]}" = "hs-plan: note: skipped broken plugin $TESTPLUGINS/badabi.so: plugin ABI 99, this hs supports ABI 1" ]
	[ "${lines[2]}" = "hs-plan: note: skipped broken plugin $TESTPLUGINS/badtype.so: plugin type 'other' is not 'hs-sched'" ]
	[ "${lines[3]}" = "hs-plan: note: skipped broken plugin $TESTPLUGINS/initfail.so: plugin 't-initfail' init failed" ]
	[ "${lines[4]}" = "hs-plan: note: skipped broken plugin $TESTPLUGINS/nosym.so: not an hs plugin (no symbol 'hs_plugin')" ]
	[[ "${lines[5]}" == "hs-plan: note: skipped broken plugin $TESTPLUGINS/notelf.so: cannot open plugin: not a shared library: "* ]]
	[ "${lines[6]}" = "hs-plan: note: skipped broken plugin $TESTPLUGINS/online_badabi.so: plugin 'online-badabi': algorithm 'future': online ABI 5, this hs supports online ABI 1 to 4" ]
	[ "${#lines[@]}" -eq 7 ]
}

@test "a missing plugin file" {
	run_stdin "$INST" hs-plan -a "$TESTPLUGINS/missing.so"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: $TESTPLUGINS/missing.so: cannot open plugin: no such file" ]
}

@test "a file that is not a shared library" {
	run_stdin "$INST" hs-plan -a "$TESTPLUGINS/notelf.so"
	[ "$status" -eq 2 ]
	[[ "$output" == "hs-plan: $TESTPLUGINS/notelf.so: cannot open plugin: not a shared library: "?* ]]
	[ "${#lines[@]}" -eq 1 ]
}

@test "a shared library without the hs_plugin symbol" {
	run_stdin "$INST" hs-plan -a "$TESTPLUGINS/nosym.so"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: $TESTPLUGINS/nosym.so: not an hs plugin (no symbol 'hs_plugin')" ]
}

@test "a plugin of another type" {
	run_stdin "$INST" hs-plan -a "$TESTPLUGINS/badtype.so"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: $TESTPLUGINS/badtype.so: plugin type 'other' is not 'hs-sched'" ]
}

@test "a plugin built for another ABI" {
	run_stdin "$INST" hs-plan -a "$TESTPLUGINS/badabi.so"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: $TESTPLUGINS/badabi.so: plugin ABI 99, this hs supports ABI 1" ]
}

@test "a plugin whose init fails" {
	run_stdin "$INST" hs-plan -a "$TESTPLUGINS/initfail.so:t-initfail"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: $TESTPLUGINS/initfail.so: plugin 't-initfail' init failed" ]
}

@test "a plugin without the algorithm asked for lists what it has" {
	run_stdin "$INST" hs-plan -a "$LISTSCHED:nope"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: $LISTSCHED: no algorithm 'nope' in plugin 'listsched' (has: taskp, datap, taskp-ef, datap-ef)" ]
}

@test "a plugin file alone is enough only when it has one algorithm" {
	run_stdin "$INST" hs-plan -a "$LISTSCHED"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: $LISTSCHED: plugin 'listsched' has 4 algorithms, pick one with $LISTSCHED:NAME (has: taskp, datap, taskp-ef, datap-ef)" ]
	run_stdin "$INST" hs-plan -a "$TESTPLUGINS/good.so"
	[ "$status" -eq 0 ]
	[[ "$output" == *"algo=t-good plugin=t-good "* ]]
	[[ "$output" == *"plan t2 node=n1 cores=0 start=10 end=14 after=t1"* ]]
}

@test "a plugin by path: FILE.so:NAME, relative paths, names without a slash" {
	run_stdin "$INST" hs-plan -a "$LISTSCHED:datap"
	[ "$status" -eq 0 ]
	[[ "$output" == *"plan t1 node=n1 cores=0-1 start=0 end=5"* ]]
	cd "$TESTPLUGINS"
	run_stdin "$INST" hs-plan -a ./good.so:t-good
	[ "$status" -eq 0 ]
	[[ "$output" == *"algo=t-good "* ]]
	run_stdin "$INST" hs-plan -a good.so
	[ "$status" -eq 0 ]
	[[ "$output" == *"algo=t-good "* ]]
}

@test "HS_PLUGIN_PATH comes first: its taskp shadows the built-in one" {
	run_stdin "$INST" hs-plan -a taskp
	[ "$status" -eq 0 ]
	[[ "$output" == *"plugin=listsched "* ]]
	HS_PLUGIN_PATH=/nonexistent::$TESTPLUGINS run_stdin "$INST" hs-plan -a taskp
	[ "$status" -eq 0 ]
	[[ "$output" == *"algo=taskp plugin=t-shadow "*" shadow=yes"* ]]
	# the built-in plugins are still found after HS_PLUGIN_PATH
	HS_PLUGIN_PATH=$TESTPLUGINS run_stdin "$INST" hs-plan -a datap
	[ "$status" -eq 0 ]
	[[ "$output" == *"plugin=listsched "* ]]
}

@test "-l with HS_PLUGIN_PATH: test plugins listed, shadowed names only with -v, broken ones noted" {
	HS_PLUGIN_PATH=$TESTPLUGINS run hs-plan -l
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -Eq "^t-good +sequential on node 0 \(test plugin\) +\(t-good, $TESTPLUGINS/good\.so\)$"
	printf '%s\n' "$output" | grep -Eq '^taskp .*\(t-shadow, '
	[ -z "$(printf '%s\n' "$output" | grep -E '^taskp .*\(listsched, ')" ]
	printf '%s\n' "$output" | grep -q "^hs-plan: note: skipped broken plugin $TESTPLUGINS/badabi.so: "
	HS_PLUGIN_PATH=$TESTPLUGINS run hs-plan -l -v
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -Eq '^taskp .*\(listsched, .*\) \[shadowed\]$'
}

@test "a plugin's error during planning: its message, exit 2" {
	run_stdin "$INST" hs-plan -a "$TESTPLUGINS/planfail.so"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: t-planfail: refusing to plan 2 tasks (test)" ]
	run_stdin "$INST" hs-plan -a "$TESTPLUGINS/planfail.so" -o task
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: stdin:4: task t2: cannot be planned (test)" ]
}

@test "a plugin returning an invalid plan is a plugin bug: nothing written, exit 1" {
	run bash -c 'printf "%s\n" "$0" | hs-plan -a "$1" 2>/dev/null' "$INST" "$TESTPLUGINS/badplan.so"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	run_stdin "$INST" hs-plan -a "$TESTPLUGINS/badplan.so"
	[ "$status" -eq 1 ]
	[[ "${lines[${#lines[@]}-1]}" == "hs-plan: t-badplan: produced an invalid plan (a bug in plugin t-badplan, $TESTPLUGINS/badplan.so)" ]]
	[[ "$output" == *"core 0 of node n1 also used by t"* ]]
}

@test "a plugin reading an option it does not declare: exit 1" {
	run_stdin "$INST" hs-plan -a "$TESTPLUGINS/good.so" -o bug
	[ "$status" -eq 1 ]
	[ "$output" = "hs-plan: t-good: plugin bug: option 'no-such-option' is not in the option table" ]
}

@test "descriptor fields beyond a plugin's struct_size are never read" {
	# oldsize.so's algo descriptor ends before `online`; its presets hold
	# "poison=1", which would be an unknown option if read.
	run_stdin "$INST" hs-plan -a "$TESTPLUGINS/oldsize.so"
	[ "$status" -eq 0 ]
	[[ "$output" == *"algo=t-oldsize plugin=t-oldsize opts='' "* ]]
	[[ "$output" == *"plan t2 node=n1 cores=0 start=10 end=14 after=t1"* ]]
}

@test "options of every type reach the plugin; defaults, -o NAME for booleans, comma joins" {
	run_stdin "$INST" hs-plan -a "$TESTPLUGINS/good.so"
	[ "$status" -eq 0 ]
	[[ "$output" == *" opts=flag=0,count=3,ratio=0.5,label=x,mode=a,bug=0 "* ]]
	[[ "$output" == *" good.flag=0 good.count=3 good.ratio=0.5 good.label=x good.mode=a"* ]]
	run_stdin "$INST" hs-plan -a "$TESTPLUGINS/good.so" -o flag,count=-7 -o ratio=2.5e-1,mode=c -o label=a,b
	[ "$status" -eq 0 ]
	[[ "$output" == *" good.flag=1 good.count=-7 good.ratio=0.25 good.label=a,b good.mode=c"* ]]
	run_stdin "$INST" hs-plan -a "$TESTPLUGINS/good.so" -o flag=no -o flag=yes -o count=1 -o count=2
	[ "$status" -eq 0 ]
	[[ "$output" == *" good.flag=1 good.count=2 "* ]]
}

@test "option values are checked against their type (exit 2, one line each)" {
	run_stdin "$INST" hs-plan -a "$TESTPLUGINS/good.so" -o ratio=1.x
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: t-good: option ratio: '1.x' is not a number" ]
	run_stdin "$INST" hs-plan -a "$TESTPLUGINS/good.so" -o count=1.5
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: t-good: option count: '1.5' is not an integer" ]
	run_stdin "$INST" hs-plan -a "$TESTPLUGINS/good.so" -o flag=maybe
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: t-good: option flag: 'maybe' is not a boolean (1|0|yes|no|true|false)" ]
	run_stdin "$INST" hs-plan -a "$TESTPLUGINS/good.so" -o mode=d
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: t-good: option mode: 'd' is not one of a|b|c" ]
	run_stdin "$INST" hs-plan -a "$TESTPLUGINS/good.so" -o count
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: t-good: option count needs a value (count=INTEGER)" ]
	run_stdin "$INST" hs-plan -a "$TESTPLUGINS/good.so" -o foo,mode=zz
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-plan: t-good: unknown option 'foo' (options: flag, count, ratio, label, mode, bug)" ]
	[ "${lines[1]}" = "hs-plan: t-good: option mode: 'zz' is not one of a|b|c" ]
	run_stdin "$INST" hs-plan -a "$TESTPLUGINS/oldsize.so" -o x=1
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: t-oldsize: unknown option 'x' (t-oldsize has no options)" ]
}

@test "-o help on a plugin with options of every type" {
	run hs-plan -a "$TESTPLUGINS/good.so" -o help
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "options of t-good (t-good):" ]
	printf '%s\n' "$output" | grep -Eq '^  NAME +TYPE +DEFAULT +HELP$'
	printf '%s\n' "$output" | grep -Eq '^  ratio +number +0\.5 +a number$'
	printf '%s\n' "$output" | grep -Eq '^  mode +a\|b\|c +a +one of a\|b\|c$'
	run hs-plan -a "$TESTPLUGINS/oldsize.so" -o help
	[ "$status" -eq 0 ]
	[ "$output" = "t-oldsize (t-oldsize) has no options" ]
}

@test "the plugin template builds out of tree and runs" {
	cp -R "$TOP/share/examples/plugin-template" "$BATS_TEST_TMPDIR/tpl"
	cd "$BATS_TEST_TMPDIR/tpl"
	run make HS_CFLAGS="-I$TOP/lib" CFLAGS="-O2 -Wall -Wextra -Werror"
	[ "$status" -eq 0 ]
	[ -f template.so ]
	# greedy least-loaded core: t1 on n1/0 [0,10], t2 on n1/1 [0,20],
	# t3 on n2/0 [0,3], t4 on n2/0 again (free first, at 3): [3,5].
	run_stdin 'hs 1
node n1 cores=2
node n2 cores=1 speed=2
task t1 model=amdahl t1=10 beta=0
task t2 model=amdahl t1=20 beta=0
task t3 model=amdahl t1=6 beta=0
task t4 model=amdahl t1=4 beta=0' hs-plan -a ./template.so:template
	[ "$status" -eq 0 ]
	[[ "$output" == *"algo=template plugin=template opts=order=given "*" template.cores=3"* ]]
	[ "$(printf '%s\n' "$output" | grep '^plan ')" = "plan t1 node=n1 cores=0 start=0 end=10
plan t2 node=n1 cores=1 start=0 end=20
plan t3 node=n2 cores=0 start=0 end=3
plan t4 node=n2 cores=0 start=3 end=5 after=t3" ]
	# longest first: t2 n1/0 [0,20], t1 n1/1 [0,10], t3 and t4 on n2/0.
	run_stdin 'hs 1
node n1 cores=2
node n2 cores=1 speed=2
task t1 model=amdahl t1=10 beta=0
task t2 model=amdahl t1=20 beta=0
task t3 model=amdahl t1=6 beta=0
task t4 model=amdahl t1=4 beta=0' hs-plan -a ./template.so:template -o order=longest
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep '^plan ')" = "plan t1 node=n1 cores=1 start=0 end=10
plan t2 node=n1 cores=0 start=0 end=20
plan t3 node=n2 cores=0 start=0 end=3
plan t4 node=n2 cores=0 start=3 end=5 after=t3" ]
	# A task graph: t2 waits for t1 (n1/0 until 10), t4 for t3 and t2.
	# t1 n1/0 [0,10]; t2 n1/1 from 10 [10,30]; t3 n2/0 [0,3]; t4 on n2/0
	# (free first) once t2 ends: [30,32].
	run_stdin 'hs 1
node n1 cores=2
node n2 cores=1 speed=2
task t1 model=amdahl t1=10 beta=0
task t2 model=amdahl t1=20 beta=0 deps=t1
task t3 model=amdahl t1=6 beta=0
task t4 model=amdahl t1=4 beta=0 deps=t3,t2' hs-plan -a ./template.so:template
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep '^plan ')" = "plan t1 node=n1 cores=0 start=0 end=10
plan t2 node=n1 cores=1 start=10 end=30
plan t3 node=n2 cores=0 start=0 end=3
plan t4 node=n2 cores=0 start=30 end=32 after=t3" ]
	run hs-plan -a ./template.so -o help
	[ "$status" -eq 0 ]
	[[ "$output" == *"order  given|longest  given"* ]]
	# on the search path it is found by name
	HS_PLUGIN_PATH=$PWD run hs-plan -l
	printf '%s\n' "$output" | grep -Eq "^template +greedy: .*\(template, $PWD/template\.so\)$"
	[[ "$output" != *template-online* ]]
	# its online algorithm: FCFS on 2+1 cores; t3 (2 cores) waits for t1,
	# t4 (4 cores) can never run and is rejected.
	HS_PLUGIN_PATH=$PWD run hs-sim -l
	printf '%s\n' "$output" | grep -Eq "^template-online +FCFS on the lowest free cores"
	run_stdin 'hs 1
node n1 cores=2
node n2 cores=1 speed=2
task t1 model=rigid size=2 time=10 scope=any
task t2 model=rigid size=1 time=4 scope=any
task t3 model=rigid size=2 time=6 scope=any
task t4 model=rigid size=4 time=1 scope=any' hs-sim -a ./template.so
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -E '^(plan|run) ')" = "plan t1 node=n1 cores=0-1 start=0 end=10 waited=0
plan t2 node=n2 cores=0 start=0 end=2 waited=0
plan t3 node=n1 cores=0-1 start=10 end=16 after=t1 waited=10
run t1 node=n1 cores=0-1 start=0 end=10 state=done energy=0
run t2 node=n2 cores=0 start=0 end=2 state=done energy=0
run t3 node=n1 cores=0-1 start=10 end=16 after=t1 state=done energy=0
run t4 start=0 end=0 state=rejected" ]
	# online ABI 2: a job cut at 30 s of its 100, and an epilogue of our
	# own after each job of the input, submitted as it ends
	run_stdin 'hs 1
node n1 cores=2
task a model=rigid size=1 time=100 walltime=200
task b model=rigid size=2 time=5 walltime=10' hs-sim -a ./template.so -o kill-after=30 -o epilogue=2
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -E '^(task|run) ')" = "task a model=rigid size=1 time=100 walltime=200
task b model=rigid size=2 time=5 walltime=10
task epilogue-a model=rigid size=1 time=2 walltime=4 release=30
task epilogue-b model=rigid size=1 time=2 walltime=4 release=35
run a node=n1 cores=0 start=0 end=30 state=killed energy=0
run b node=n1 cores=0-1 start=30 end=35 after=a state=done energy=0
run epilogue-a node=n1 cores=0 start=35 end=37 after=b state=done energy=0
run epilogue-b node=n1 cores=1 start=35 end=37 after=b state=done energy=0" ]
	[[ $output == *"plan a node=n1 cores=0 start=0 end=30 waited=0 cut=0.3"* ]]
}

@test "the plugin template builds against the tree it was copied from, as README.md says" {
	cp -R "$TOP/share/examples/plugin-template" "$BATS_TEST_TMPDIR/tpl"
	cd "$BATS_TEST_TMPDIR/tpl"
	# no hs.pc found (none installed here) and no HS: a message, not the
	# compiler's missing #include
	mkdir empty
	PKG_CONFIG_PATH=$PWD/empty PKG_CONFIG_LIBDIR=$PWD/empty run make
	[ "$status" -eq 2 ]
	[[ $output == *"template: hs's headers (hs/plugin.h) not found."* ]]
	[[ $output == *"make HS=/path/to/hs"* ]]
	[ ! -e template.so ]
	run make HS="$BATS_TEST_TMPDIR/nohs"
	[ "$status" -eq 2 ]
	[[ $output == *"not found under $BATS_TEST_TMPDIR/nohs/lib."* ]]
	# README.md: make HS=/path/to/hs
	make HS="$TOP" CFLAGS="-O2 -Wall -Wextra -Werror"
	hs-gen sleep -n 8 -x 0.95 | hs-plan -a ./template.so:template | grep -q '^prov plan .*algo=template'
	# a built tree's hs-uninstalled.pc, which pkg-config prefers
	if command -v pkg-config >/dev/null; then
		make clean
		PKG_CONFIG_PATH=$HS_BUILD PKG_CONFIG_LIBDIR=$PWD/empty make
		hs-gen sleep -n 8 -x 0.95 | hs-plan -a ./template.so:template | grep -q '^plan t1 '
	fi
}

@test "the example plugin in hs-plugin(7) compiles and runs as printed" {
	LC_ALL=C MANWIDTH=100 man -l "$TOP/share/man/hs-plugin.7" 2>/dev/null |
		awk '/^EXAMPLE/ {f = 1; next} /^SEE ALSO/ {f = 0} f' | sed -e 's/^       //' -e 1d \
		>"$BATS_TEST_TMPDIR/seq.c"
	grep -q 'HS_PLUGIN_DEFINE(seq' "$BATS_TEST_TMPDIR/seq.c"
	cc -std=c11 -Wall -Wextra -Werror -I"$TOP/lib" -shared -fPIC \
		-o "$BATS_TEST_TMPDIR/seq.so" "$BATS_TEST_TMPDIR/seq.c"
	run_stdin 'hs 1
node n cores=2
task a model=amdahl t1=2 beta=0 release=1
task b model=amdahl t1=3 beta=0' hs-plan -a "$BATS_TEST_TMPDIR/seq.so"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep '^plan ')" = "plan a node=n cores=0 start=1 end=3
plan b node=n cores=0 start=3 end=6 after=a" ]
}

@test "hs-plan(1), hs-plugin(7) and hs-listsched(7) render without warnings" {
	for page in hs-plan.1 hs-plugin.7 hs-listsched.7; do
		run groff -man -ww -z "$TOP/share/man/$page"
		[ "$status" -eq 0 ]
		[ -z "$output" ]
		run man -l "$TOP/share/man/$page"
		[ "$status" -eq 0 ]
	done
	# the synopsis of --help mirrors the man page's
	LC_ALL=C MANWIDTH=200 man -l "$TOP/share/man/hs-plan.1" 2>/dev/null | grep -qF 'hs-plan [-a ALGO] [-o KEY[=VAL]]... [-l] [-v] [-t SECONDS] [--partial] [FILE]'
}
