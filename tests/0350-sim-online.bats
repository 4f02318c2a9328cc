#!/usr/bin/env bats
# hs-sim -a: online algorithms driven by the simulator (hs/online.h), with
# the test plugin tests/plugins/online.c (first-fit FCFS, and one kind of
# bad decision per -o kind=...).

load helper

setup() {
	tmp=$(mktemp -d)
	ff=$TESTPLUGINS/online.so:first-fit
	bad=$TESTPLUGINS/online.so:mistake
	# Four one-core hosts; j1 walltime 100 runs 10 s.
	cat >"$tmp/four.hs" <<-'EOF'
	hs 1
	cluster c bw=1e9 lat=0
	node h1 cluster=c cores=1
	node h2 cluster=c cores=1
	node h3 cluster=c cores=1
	node h4 cluster=c cores=1
	task j1 model=rigid size=2 time=10 walltime=100 scope=any
	task j2 model=rigid size=4 time=10 walltime=10 scope=any
	task j3 model=rigid size=2 time=10 walltime=10 scope=any
	EOF
}

teardown() {
	rm -rf "$tmp"
}

@test "online: first-fit FCFS on four hosts, plan and run records" {
	run hs-sim -a "$ff" "$tmp/four.hs"
	[ "$status" -eq 0 ]
	[ "$(records plan)" = "j1 node=h1,h2 cores=0/0 start=0 end=10 seen=0 ended=done
j2 node=h1,h2,h3,h4 cores=0/0/0/0 start=10 end=20 after=j1 seen=0 ended=done
j3 node=h1,h2 cores=0/0 start=20 end=30 after=j2 seen=0 ended=done" ]
	[ "$(records run)" = "j1 node=h1,h2 cores=0/0 start=0 end=10 state=done energy=0
j2 node=h1,h2,h3,h4 cores=0/0/0/0 start=10 end=20 after=j1 state=done energy=0
j3 node=h1,h2 cores=0/0 start=20 end=30 after=j2 state=done energy=0" ]
	[[ "$output" == *"prov sim tool=hs-sim "*" makespan=30 "*"algo=first-fit plugin=online opts='' knowledge=walltime rejected=0"* ]]
	# The plan is valid and an offline replay of it runs the same.
	printf '%s\n' "$output" >"$tmp/out.hs"
	run hs-sim --model replay "$tmp/out.hs"
	[ "$status" -eq 0 ]
	[ "$(records run)" = "j1 node=h1,h2 cores=0/0 start=0 end=10 state=done energy=0
j2 node=h1,h2,h3,h4 cores=0/0/0/0 start=10 end=20 after=j1 state=done energy=0
j3 node=h1,h2 cores=0/0 start=20 end=30 after=j2 state=done energy=0" ]
}

@test "online: release dates, a walltime kill, the replay model, determinism" {
	cat >"$tmp/r.hs" <<-'EOF'
	hs 1
	cluster c bw=1e9 lat=0
	node h1 cluster=c cores=2 speed=2
	task a model=rigid size=1 time=10 walltime=3
	task b model=rigid size=2 time=4 release=7
	task c model=rigid size=1 time=0 release=1
	EOF
	run hs-sim -a "$ff" --model replay "$tmp/r.hs"
	[ "$status" -eq 0 ]
	# a: 5 s at speed 2, killed at 3; c at 1 takes 0 s; b waits for its release.
	[ "$(records run)" = "a node=h1 cores=0 start=0 end=3 state=killed energy=0
b node=h1 cores=0-1 start=7 end=9 after=a,c state=done energy=0
c node=h1 cores=1 start=1 end=1 state=done energy=0" ]
	[ "$(records plan | grep -o 'ended=[a-z]*' | tr '\n' ' ')" = "ended=killed ended=done ended=done " ]
	[[ "$output" == *"model=replay energy_model=host makespan=9 "* ]]
	first=$output
	run hs-sim -a "$ff" --model replay "$tmp/r.hs"
	[ "$output" = "$first" ]
}

@test "online: parallel tasks with comp and comm run under the flow model" {
	cat >"$tmp/f.hs" <<-'EOF'
	hs 1
	cluster c bw=100 lat=0
	node h1 cluster=c cores=1 flops=10 speed=1
	node h2 cluster=c cores=1 flops=10 speed=1
	task p model=rigid size=2 time=1 comp=20 comm=100 scope=any
	EOF
	run hs-sim -a "$ff" "$tmp/f.hs"
	[ "$status" -eq 0 ]
	# comp 20 flop at 10 flop/s: 2 s; 100 bytes each way on private 100 B/s
	# links: 1 s; the task's one rate is bound by its computation.
	[ "$(records run)" = "p node=h1,h2 cores=0/0 start=0 end=2 state=done energy=0" ]
	run hs-sim -a "$ff" --model replay "$tmp/f.hs"
	[ "$(records run)" = "p node=h1,h2 cores=0/0 start=0 end=1 state=done energy=0" ]
}

@test "online: a platform without a route between two nodes is bad input, exit 2, as without -a (issue 30)" {
	cat >"$tmp/r.hs" <<-'EOF'
	hs 1
	cluster c routing=full bw=100 lat=0
	node h1 cluster=c cores=1 flops=10 speed=1
	node h2 cluster=c cores=1 flops=10 speed=1
	task p model=rigid size=2 time=1 comp=20 comm=100 scope=any
	EOF
	run hs-sim -a "$ff" "$tmp/r.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: $tmp/r.hs:5: task p: no route from node h1 to node h2" ]
	echo 'plan p node=h1,h2 cores=0/0 start=0 end=2' >>"$tmp/r.hs"
	run hs-sim "$tmp/r.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: $tmp/r.hs:5: task p: no route from node h1 to node h2" ]
}

@test "online: notes beyond what a written line holds are all kept, in the order noted" {
	# Lines are made as the stream is written, the notes as fields of
	# their own; a job with more notes than a line holds beside its
	# placement gets a record per job instead: the same stream.
	run hs-sim -a "$bad" -o kind=many-notes "$tmp/four.hs"
	[ "$status" -eq 0 ]
	[ "$(records plan)" = "j1 node=h1,h2 cores=0/0 start=0 end=10 seen=0 n0=0 n1=1 n2=2 n3=3 n4=4 n5=5 n6=6 n7=7 n8=8 n9=9 n10=10 n11=11 ended=done
j2 node=h1,h2,h3,h4 cores=0/0/0/0 start=10 end=20 after=j1 seen=0 n0=0 n1=1 n2=2 n3=3 n4=4 n5=5 n6=6 n7=7 n8=8 n9=9 n10=10 n11=11 ended=done
j3 node=h1,h2 cores=0/0 start=20 end=30 after=j2 seen=0 n0=0 n1=1 n2=2 n3=3 n4=4 n5=5 n6=6 n7=7 n8=8 n9=9 n10=10 n11=11 ended=done" ]
	many=$(printf '%s\n' "$output" | grep -v '^prov' | sed 's/ n[0-9]*=[0-9]*//g')
	run hs-sim -a "$ff" "$tmp/four.hs"
	[ "$many" = "$(printf '%s\n' "$output" | grep -v '^prov')" ]
}

@test "online: a rejected job has a run record without resources" {
	run hs-sim -a "$bad" -o kind=reject-all "$tmp/four.hs"
	[ "$status" -eq 0 ]
	[ "$(records plan)" = "" ]
	[ "$(records run)" = "j1 start=0 end=0 state=rejected seen=0 why=test
j2 start=0 end=0 state=rejected seen=0 why=test
j3 start=0 end=0 state=rejected seen=0 why=test" ]
	[[ "$output" == *" rejected=3"* ]]
	printf '%s\n' "$output" >"$tmp/out.hs"
	run hs-report "$tmp/out.hs"
	[ "$status" -eq 0 ]
	# A rejected record must carry no resources.
	sed 's/^run j1 start=0/run j1 node=h1 cores=0 start=0/' "$tmp/out.hs" >"$tmp/bad.hs"
	run hs-report "$tmp/bad.hs"
	[ "$status" -eq 2 ]
	[[ "$output" == *"bad.hs:11: run j1: a rejected task has no resources (node=h1)"* ]]
}

@test "online: what the algorithm sees: walltime by default, the task with --clairvoyant" {
	run hs-sim -a "$ff" --clairvoyant "$tmp/four.hs"
	[ "$status" -eq 0 ]
	[ "$(records plan | grep -c ' time=10')" -eq 3 ]
	[[ "$output" == *" knowledge=clairvoyant "* ]]
	run hs-sim -a "$ff" "$tmp/four.hs"
	[ "$(records plan | grep -c ' time=')" -eq 0 ]
}

@test "online: every bad decision names the algorithm and the job, exit 1, no output" {
	check() {
		run hs-sim -a "$bad" -o kind="$1" "$tmp/four.hs"
		[ "$status" -eq 1 ]
		[ "$output" = "hs-sim: mistake: $2" ]
	}
	check busy "job j2: core 0 (node h1) is busy: job j1 runs there"
	check unknown-core "job j1: no core 1000000 (the machine has core 0..3)"
	check twice "job j1: core 0 (node h1) given twice"
	check idle "3 jobs never started nor rejected (j1, j2, j3): the algorithm left them waiting with nothing running"
	check fail "failed at date 0 (the plugin gave no reason)"
	check wake-past "wake-up at -1 is not at or after the current date 0"
	check loop "called 100000 times at date 0: the algorithm loops"
	check note-key "job j1: note: key 'start' is not a key of its own"
	# An algorithm that refuses to start (bad options for this instance)
	# is a usage error: exit 2.
	run hs-sim -a "$bad" -o kind=start-fails "$tmp/four.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: mistake: cannot work on this machine" ]
	sed 's/^task j3 \(.*\)/task j3 \1 release=5/' "$tmp/four.hs" >"$tmp/later.hs"
	run hs-sim -a "$bad" -o kind=unsubmitted "$tmp/later.hs"
	[ "$status" -eq 1 ]
	[ "$output" = "hs-sim: mistake: job j3: start: not submitted yet" ]
	# Sizes, kinds and scopes are the job's.
	sed 's/ scope=any$//' "$tmp/four.hs" >"$tmp/node.hs"
	run hs-sim -a "$ff" "$tmp/node.hs"
	[ "$status" -eq 1 ]
	[ "$output" = "hs-sim: first-fit: job j1: must run on one node (scope=node), given nodes h1 and h2" ]
}

# The guard (hs/guard.h) around every call into an online plugin (issue
# 12, point 9): a crash, exit() or hang names the plugin, exit 1, nothing
# written; what it prints never reaches the stream.
@test "online: a plugin that crashes, exits or hangs is named, exit 1, no output" {
	who="hs-sim: plugin online (algorithm mistake, $TESTPLUGINS/online.so)"
	run bash -c 'hs-sim -a "$1" -o kind=crash "$2" 2>"$3"' _ "$bad" "$tmp/four.hs" "$tmp/err"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[ "$(cat "$tmp/err")" = "$who crashed while handling events: segmentation fault (SIGSEGV)" ]
	run hs-sim -a "$bad" -o kind=start-crash "$tmp/four.hs"
	[ "$status" -eq 1 ]
	[ "$output" = "$who crashed while starting: aborted (SIGABRT)" ]
	run hs-sim -a "$bad" -o kind=exit "$tmp/four.hs"
	[ "$status" -eq 1 ]
	[ "$output" = "$who exited while handling events: exit(0) inside the plugin" ]
	# The ends atexit does not see (issue 30).
	for how in _exit _Exit; do
		run bash -c 'hs-sim -a "$1" -o kind="$4" "$2" 2>"$3"' _ "$bad" "$tmp/four.hs" "$tmp/err" "$how"
		[ "$status" -eq 1 ]
		[ -z "$output" ]
		[ "$(cat "$tmp/err")" = "$who exited while handling events: $how(0) inside the plugin" ]
	done
	run hs-sim -a "$bad" -o kind=quick_exit "$tmp/four.hs"
	[ "$status" -eq 1 ]
	[ "$output" = "$who exited while handling events: quick_exit() inside the plugin" ]
	# A plugin whose constructor crashes, on the path before it: skipped.
	mkdir "$tmp/path"
	cp "$TESTPLUGINS/ctor.so" "$tmp/path/a-bad.so"
	cp "$TESTPLUGINS/online.so" "$tmp/path/b-online.so"
	HS_TEST_CTOR=segv HS_PLUGIN_PATH=$tmp/path run hs-sim -a first-fit "$tmp/four.hs"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "hs-sim: warning: plugin $tmp/path/a-bad.so crashed while loading: segmentation fault (SIGSEGV); skipped it" ]
	[ "$(records run | wc -l)" -eq 3 ]
	run hs-sim -a "$bad" -o kind=hang --timeout 0.5 "$tmp/four.hs"
	[ "$status" -eq 1 ]
	[ "$output" = "$who was stopped while handling events: no return within its time limit of 0.5 s" ]
	# A plugin that returns in time is not disturbed.
	run hs-sim -a "$ff" --timeout 60 "$tmp/four.hs"
	[ "$status" -eq 0 ]
	[ "$(records run | wc -l)" -eq 3 ]
	for v in 0 -1 x; do
		run hs-sim -a "$ff" --timeout "$v" "$tmp/four.hs"
		[ "$status" -eq 2 ]
		[[ "$output" == "hs-sim: option --timeout: "* ]]
	done
	run hs-sim --timeout 1 "$tmp/four.hs"
	[ "$status" -eq 2 ]
	[[ "$output" == *"--timeout needs an online algorithm (-a ALGO)"* ]]
}

@test "online: a plugin's printf goes to stderr, the output stays a stream" {
	run bash -c 'hs-sim -a "$1" -o kind=print "$2" 2>"$3"' _ "$bad" "$tmp/four.hs" "$tmp/err"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c 'not a record')" -eq 0 ]
	grep -q '^not a record of the stream$' "$tmp/err"
	[ "$(records run | wc -l)" -eq 3 ]
	printf '%s\n' "$output" | hs-report >/dev/null
}

@test "online: usage errors, offline and online algorithms in the wrong tool, ABI mismatch" {
	run hs-sim -o kind=busy "$tmp/four.hs"
	[ "$status" -eq 2 ]
	[[ "$output" == *"-o needs an online algorithm (-a ALGO)"* ]]
	run hs-sim --clairvoyant "$tmp/four.hs"
	[ "$status" -eq 2 ]
	run hs-sim -a "$ff" --check-durations "$tmp/four.hs"
	[ "$status" -eq 2 ]
	run hs-sim -a "$bad" -o kind=nonsense "$tmp/four.hs"
	[ "$status" -eq 2 ]
	[[ "$output" == *"mistake: option kind: 'nonsense' is not one of busy|"* ]]
	run hs-sim -a taskp "$tmp/four.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: taskp: an offline planner, not an online algorithm: hs-plan -a taskp | hs-sim" ]
	run hs-plan -a "$ff" "$tmp/four.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: first-fit: an online algorithm, run by the simulator: hs-sim -a first-fit" ]
	run hs-sim -a "$TESTPLUGINS/online_badabi.so" "$tmp/four.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: $TESTPLUGINS/online_badabi.so: plugin 'online-badabi': algorithm 'future': online ABI 5, this hs supports online ABI 1 to 4" ]
	run hs-sim "$tmp/four.hs"
	[ "$status" -eq 2 ]
	[[ "$output" == *"no plan records (run hs-plan first, or schedule online: hs-sim -a ALGO)"* ]]
	run hs-sim -a "$bad" -o help
	[ "$status" -eq 0 ]
	[[ "$output" == *"kind"*"which mistake"* ]]
}

@test "online: ABI 2: a running job's allocation and progress, a kill, a job of the algorithm's own, run notes" {
	# j3 comes at 8; the algorithm, woken at 5, kills j1 (half done) and
	# submits "own" for 6, which waits behind j2 with j3 and starts first.
	echo "task j4 model=rigid size=2 time=10 walltime=10 scope=any release=8" >>"$tmp/four.hs"
	sed -i '/^task j3/d' "$tmp/four.hs"
	run hs-sim -a "$TESTPLUGINS/online.so:abi2" "$tmp/four.hs"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(records task | tail -1)" = "own model=rigid size=2 time=3 walltime=10 scope=any release=6" ]
	[ "$(records plan)" = "j1 node=h1,h2 cores=0/0 start=0 end=5 left=1 est=10 at5=0@0-1:0.5 kill=0 kill2=0
j2 node=h1,h2,h3,h4 cores=0/0/0/0 start=5 end=15 after=j1 left=1 est=10
j4 node=h3,h4 cores=0/0 start=15 end=25 after=j2 left=0 est=10
own node=h1,h2 cores=0/0 start=15 end=18 after=j2 left=1 est=3" ]
	[ "$(records run | head -1)" = "j1 node=h1,h2 cores=0/0 start=0 end=5 state=killed energy=0 p=0.5" ]
	[ "$(records run | tail -1)" = "own node=h1,h2 cores=0/0 start=15 end=18 after=j2 state=done energy=0 p=1" ]
	# The output is a stream every tool reads: the new job is a task.
	printf '%s\n' "$output" >"$tmp/out.hs"
	run hs-report -m tasks,makespan,killed "$tmp/out.hs"
	[ "$status" -eq 0 ]
	[[ $output == *"tasks "*" 4 "* ]]
	[[ $output == *"killed "*" 1 "* ]]
}

@test "online: hs_online_event_order: the authors' order, refused where it cannot be, lost with a word" {
	# The kill at 5 ends j1 before the end the authors' heap holds (10):
	# the run goes on in the stream's order, said once, with the same
	# schedule as without the order (nothing else is at one date).
	echo "task j4 model=rigid size=2 time=10 walltime=10 scope=any release=8" >>"$tmp/four.hs"
	sed -i '/^task j3/d' "$tmp/four.hs"
	hs-sim --model replay -a "$TESTPLUGINS/online.so:abi2" -o order=lucarelli "$tmp/four.hs" >"$tmp/a.hs" 2>"$tmp/err"
	[ "$(cat "$tmp/err")" = "hs-sim: warning: the order of Lucarelli et al.'s simulator is lost at date 5 (an event the heap does not hold at this date): the rest of the run takes a date's events in the stream's order" ]
	hs-sim --model replay -a "$TESTPLUGINS/online.so:abi2" "$tmp/four.hs" >"$tmp/b.hs"
	diff <(grep -v '^prov' "$tmp/a.hs") <(grep -v '^prov' "$tmp/b.hs")
	! grep -q 'order=refused' "$tmp/a.hs"
	# Under the flow model (an end is not known at the start) and one event
	# a call, the order is refused and the run keeps the stream's.
	run hs-sim -a "$TESTPLUGINS/online.so:abi2" -o order=lucarelli "$tmp/four.hs"
	[ "$status" -eq 0 ]
	[[ "$output" == *"prov sim "*" order=refused"* ]]
	run hs-sim --model replay --per-event -a "$TESTPLUGINS/online.so:abi2" -o order=lucarelli "$tmp/four.hs"
	[ "$status" -eq 0 ]
	[[ "$output" == *"prov sim "*" order=refused"* ]]
}

@test "online: ABI 2: a kill under the flow model reports the work done, and a walltime kill too" {
	cat >"$tmp/f.hs" <<-'EOF'
	hs 1
	cluster c bw=1e9 lat=0
	node h1 cluster=c cores=2 flops=1e9
	node h2 cluster=c cores=2 flops=1e9
	task j1 model=rigid size=2 time=1 comp=8e9 walltime=100 scope=any
	task j2 model=rigid size=2 time=1 comp=1e10 walltime=2 scope=any
	EOF
	run hs-sim -a "$TESTPLUGINS/online.so:abi2" "$tmp/f.hs"
	echo "$output"
	[ "$status" -eq 0 ]
	# 8e9 and 1e10 flop a process at 1e9 flop/s: j1 killed at 5, 5/8 done;
	# j2 killed at its walltime 2, 2/10 done.
	[ "$(records plan | grep -o '^j1 .*' | sed 's/ left=0 est=1//')" = "j1 node=h1 cores=0-1 start=0 end=5 at5=0@0-1:0.625 kill=0 kill2=0" ]
	[ "$(records run | grep -o '^j[12] .*')" = "j1 node=h1 cores=0-1 start=0 end=5 state=killed energy=0 p=0.625
j2 node=h2 cores=0-1 start=0 end=2 state=killed energy=0 p=0.2" ]
}

@test "online: ABI 2's refusals name the job or the submission, exit 1, no output" {
	for k in kill-waiting submit-bad submit-taken submit-past submit-deps; do
		run hs-sim -a "$bad" -o kind=$k "$tmp/four.hs"
		echo "$k: $output"
		[ "$status" -eq 1 ]
	done
	run hs-sim -a "$bad" -o kind=kill-waiting "$tmp/four.hs"
	[ "$output" = "hs-sim: mistake: job j3: kill: not started (reject a waiting job)" ]
	run hs-sim -a "$bad" -o kind=submit-bad "$tmp/four.hs"
	[ "$output" = "hs-sim: mistake: submit: task x: unknown model 'amdhal'" ]
	run hs-sim -a "$bad" -o kind=submit-taken "$tmp/four.hs"
	[ "$output" = "hs-sim: mistake: submit: task j1: the id names a task already" ]
	run hs-sim -a "$bad" -o kind=submit-past "$tmp/four.hs"
	[ "$output" = "hs-sim: mistake: submit: release -1 is not at or after the current date 0" ]
	run hs-sim -a "$bad" -o kind=submit-deps "$tmp/four.hs"
	[ "$output" = "hs-sim: mistake: submit: task dyn1: deps= is not taken from a task added while running" ]
}

# Online ABI 4: hs_online_start_runs takes the cores as runs; what it
# decides is what the same cores one by one decide.
@test "online: starts on runs of cores (ABI 4) run as on the cores one by one" {
	run hs-sim -a "$TESTPLUGINS/online.so:first-fit-runs" "$tmp/four.hs"
	[ "$status" -eq 0 ]
	first=$(records run)
	run hs-sim -a "$ff" "$tmp/four.hs"
	[ "$(records run)" = "$first" ]
	# A run across two nodes, and a node's cores not consecutive (1,3).
	cat >"$tmp/frag.hs" <<-'EOF'
	hs 1
	cluster c bw=1e9 lat=0
	node n1 cluster=c cores=4
	node n2 cluster=c cores=4
	task a model=rigid size=1 time=10 walltime=100 scope=any
	task b model=rigid size=1 time=3 walltime=100 scope=any
	task c model=rigid size=1 time=10 walltime=100 scope=any
	task d model=rigid size=2 time=3 walltime=100 scope=any
	task e model=rigid size=3 time=10 walltime=100 scope=any
	task f model=rigid size=3 time=5 walltime=100 scope=any release=4
	EOF
	run hs-sim -a "$TESTPLUGINS/online.so:first-fit-runs" "$tmp/frag.hs"
	[ "$status" -eq 0 ]
	[ "$(records plan | grep '^[def] ')" = "d node=n1,n2 cores=3/0 start=0 end=3 seen=0 ended=done
e node=n2 cores=1-3 start=0 end=10 seen=0 ended=done
f node=n1,n2 cores=1,3/0 start=4 end=9 after=b,d seen=4 ended=done" ]
	runs=$(printf '%s\n' "$output" | grep -v '^prov')
	run hs-sim -a "$ff" "$tmp/frag.hs"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -v '^prov')" = "$runs" ]
}

@test "online: a start on bad runs of cores is refused with its reason, exit 1" {
	check() {
		run hs-sim -a "$bad" -o kind="$1" "$tmp/four.hs"
		[ "$status" -eq 1 ]
		[ "$output" = "hs-sim: mistake: $2" ]
	}
	check runs-empty "job j1: start: run 1 of cores (from core 2) is empty: n 0"
	check runs-overlap "job j1: core 1 (node h2) given twice"
	check runs-order "job j1: start: runs of cores out of order: run 1 from core 0 after run 0 from core 2"
	check runs-out "job j1: no core 4 (the machine has core 0..3)"
	check runs-busy "job j2: core 0 (node h1) is busy: job j1 runs there"
	check runs-bad "job j1: start: bad resource arrays (-1 runs of cores, 0 GPUs)"
	check runs-gpu "job j1: no GPU 0 (the machine has GPU 0..-1)"
}

@test "online: a plugin built for online ABI 1 loads and runs as before" {
	run hs-sim -a "$TESTPLUGINS/online.so:first-fit-abi1" "$tmp/four.hs"
	[ "$status" -eq 0 ]
	first=$(records run)
	run hs-sim -a "$ff" "$tmp/four.hs"
	[ "$(records run)" = "$first" ]
	[ -n "$first" ]
}

@test "online: hs-sim -l lists online algorithms only, hs-plan -l offline ones" {
	mkdir "$tmp/p"
	cp "$TESTPLUGINS/online.so" "$TESTPLUGINS/good.so" "$tmp/p/"
	HS_PLUGIN_PATH=$tmp/p run hs-sim -l
	[ "$status" -eq 0 ]
	[[ "$output" == *"first-fit"*"mistake"* ]]
	[[ "$output" != *"taskp"* ]]
	HS_PLUGIN_PATH=$tmp/p run hs-plan -l
	[[ "$output" != *"first-fit"* ]]
	[[ "$output" == *"taskp"* ]]
	HS_PLUGIN_PATH=$tmp/p run hs-sim -a first-fit "$tmp/four.hs"
	[ "$status" -eq 0 ]
	run hs-sim --complete-words
	[[ "$output" == *"--algorithm"* ]]
}

@test "sim-online: --event-log writes what the algorithm is handed; --replay-events hands it over again: the same stream" {
	W=$BATS_TEST_TMPDIR
	{
		printf '%s\n' 'hs 1' 'cluster local' 'node local cluster=local cores=2'
		echo 'task a model=rigid size=1 time=1 walltime=3'
		echo 'task b model=rigid size=2 time=1 walltime=3 release=0.5'
		echo 'task c model=rigid size=1 time=2 walltime=3 release=0.6'
		echo 'task d model=rigid size=1 time=2 walltime=1 release=0.7'
	} >"$W/in.hs"
	hs-sim -a conservative --event-log "$W/ev" "$W/in.hs" >"$W/a.hs"
	head -4 "$W/ev"
	[ "$(sed -n 1,3p "$W/ev")" = "$(printf '# hs event log 1\n0 submit a\n0 call')" ]
	grep -qx '1.7 end d killed' "$W/ev"
	hs-sim -a conservative --replay-events "$W/ev" "$W/in.hs" >"$W/b.hs"
	# the same records; the simulator's energy is not in the log
	diff <(grep -v '^prov' "$W/a.hs" | sed 's/ energy=[^ ]*//') <(grep -v '^prov' "$W/b.hs")
	# a log that is not one: named with its line, exit 2
	printf '# hs event log 1\n0 submit a\n0 call\nx end a done\n' >"$W/bad"
	run hs-sim -a conservative --replay-events "$W/bad" "$W/in.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: $W/bad:4: expected DATE TYPE [JOB [STATE]], dates in order" ]
	printf '0 submit zz\n0 call\n' >"$W/bad"
	run hs-sim -a conservative --replay-events "$W/bad" "$W/in.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: $W/bad:1: no job 'zz' in the stream" ]
	# another algorithm given these events decides otherwise: said, exit 1
	run hs-sim -a fcfs --replay-events "$W/ev" "$W/in.hs"
	[ "$status" -eq 1 ]
	[[ "$output" == *"decisions differ from the logged run's"* ]]
	run hs-sim --replay-events "$W/ev" "$W/in.hs"
	[ "$status" -eq 2 ]
	[[ "$output" == *"--replay-events needs an online algorithm (-a ALGO)"* ]]
}
