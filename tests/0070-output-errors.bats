#!/usr/bin/env bats
# Output that cannot be written (a full disk: /dev/full) is an error with a
# message and exit 1, never a truncated output and exit 0 (issue 12, points
# 3 and 10): every tool's listings and help, and every output of hs-report.

load helper

setup() {
	tmp=$(mktemp -d)
}

teardown() {
	rm -rf "$tmp"
}

# full "TOOL ARGS": its stdout to /dev/full.
full() {
	run sh -c "$1 >/dev/full"
	[ "$status" -eq 1 ] || { echo "$1: exit $status"; return 1; }
	[ "$output" = "${1%% *}: stdout: write error: No space left on device" ] ||
		{ echo "$1: $output"; return 1; }
}

@test "output: listings, help and versions to a full disk: a message, exit 1" {
	for cmd in "hs-plan -l" "hs-plan -l -v" "hs-plan --help" "hs-plan --version" \
		"hs-plan -a taskp -o help" "hs-plan --complete-words" "hs-gen -l" "hs-gen --help" \
		"hs-gen platform -l" "hs-gen sleep --help" "hs-sim --help" "hs-exec --help" \
		"hs-report --help" "hs-report --list-metrics" "hs-report --version"; do
		full "$cmd"
	done
}

@test "output: streams to a full disk: a message, exit 1" {
	hs-gen sleep -n 20 -x 0.9 --platform dietze >"$tmp/in.hs"
	run sh -c "hs-gen sleep -n 20 -x 0.9 --platform dietze >/dev/full"
	[ "$status" -eq 1 ]
	[[ "$output" == hs-gen:*"write error"* ]]
	run sh -c "hs-plan -a taskp '$tmp/in.hs' >/dev/full"
	[ "$status" -eq 1 ]
	[[ "$output" == hs-plan:*"error writing the output"* ]]
	hs-plan -a taskp "$tmp/in.hs" >"$tmp/plan.hs"
	run sh -c "hs-sim '$tmp/plan.hs' >/dev/full"
	[ "$status" -eq 1 ]
	[[ "$output" == hs-sim:*"write error"* ]]
}

@test "output: hs-report's large outputs to a full disk: a message, exit 1" {
	# Large enough to be written in pieces, not in one buffer.
	hs-gen sleep -n 2000 -x 0.9 --platform dietze | hs-plan -a taskp | hs-sim --model replay >"$tmp/run.hs"
	for f in "-f svg --gantt" "-f batsim-jobs" "-f json" "-f csv" "" "--plot makespan --x n"; do
		run sh -c "hs-report $f '$tmp/run.hs' >/dev/full"
		[ "$status" -eq 1 ] || { echo "$f: exit $status"; false; }
		[ "$output" = "hs-report: stdout: write error: No space left on device" ] ||
			{ echo "$f: $output"; false; }
	done
	# The same outputs written to a file are whole.
	hs-report -f svg --gantt "$tmp/run.hs" >"$tmp/g.svg"
	tail -c 7 "$tmp/g.svg" | grep -q '</svg>'
}

# Files written whole (-o, --link-stats, --bundle: hs_atomic_open) replace a
# regular file only; a link is followed, a FIFO or a device written
# through, an existing file's mode kept (issue 30, point 1).
@test "output: -o follows a symbolic link and keeps the file's mode" {
	cd "$tmp"
	hs-gen sleep -n 3 -x 0.5 >want.hs
	printf 'old\n' >real.hs
	chmod 600 real.hs
	ln -s real.hs link.hs
	hs-gen -o link.hs sleep -n 3 -x 0.5
	[ -L link.hs ]
	cmp want.hs real.hs
	[ "$(stat -c %a real.hs)" = 600 ]
	# a dangling link: the file it names is created
	ln -s made.hs dangling.hs
	hs-gen -o dangling.hs sleep -n 3 -x 0.5
	[ -L dangling.hs ]
	cmp want.hs made.hs
	# a loop and a directory: a message, nothing written
	ln -s l2 l1
	ln -s l1 l2
	run hs-gen -o l1 sleep -n 3 -x 0.5
	[ "$status" -eq 1 ]
	[ "$output" = "hs-gen: l1: Too many levels of symbolic links" ]
	mkdir d
	run hs-gen -o d sleep -n 3 -x 0.5
	[ "$status" -eq 1 ]
	[ "$output" = "hs-gen: d: Is a directory" ]
	[ -z "$(ls -A d)" ]
	[ -z "$(ls -A | grep hs-tmp)" ]
}

@test "output: an existing file keeps its owner when root writes it" {
	[ "$(id -u)" -eq 0 ] || skip "needs root"
	cd "$tmp"
	printf 'old\n' >theirs.hs
	chown 65534:65534 theirs.hs
	chmod 640 theirs.hs
	hs-gen -o theirs.hs sleep -n 3 -x 0.5
	[ "$(stat -c %u:%g:%a theirs.hs)" = 65534:65534:640 ]
	grep -q '^hs ' theirs.hs
}

@test "output: a FIFO and /dev/stdout are written through, never replaced" {
	cd "$tmp"
	hs-gen sleep -n 3 -x 0.5 >want.hs
	mkfifo f
	timeout 60 cat f >got.hs &
	hs-gen -o f sleep -n 3 -x 0.5
	wait $!
	[ -p f ]
	cmp want.hs got.hs
	# --link-stats and --bundle alike
	cat >plan.hs <<-'END'
	hs 1
	cluster c bw=100
	node a cluster=c cores=1 speed=1 flops=10
	node b cluster=c cores=1 speed=1 flops=10
	task t model=amdahl t1=1 scope=cluster comp=0,0 comm=0,300,0,0
	plan t node=a,b cores=0/0 start=0 end=1
	END
	timeout 60 cat f >links.tsv &
	hs-sim --link-stats f plan.hs >/dev/null
	wait $!
	[ -p f ]
	head -1 links.tsv | grep -q '^link'
	mkfifo f.tar
	timeout 60 cat f.tar >b.tar &
	hs-report --bundle f.tar plan.hs >/dev/null
	wait $!
	[ -p f.tar ]
	tar tf b.tar | grep -qx MANIFEST
	# /dev/stdout: the shell's file, appended to as the shell opened it
	printf 'first\n' >out.hs
	hs-gen -o /dev/stdout sleep -n 3 -x 0.5 >>out.hs
	[ "$(head -1 out.hs)" = first ]
	[ "$(tail -n +2 out.hs | cmp - want.hs && echo same)" = same ]
	# a link to /dev/null leaves /dev/null a device
	ln -s /dev/null null
	hs-gen -o null sleep -n 3 -x 0.5
	[ -c /dev/null ] && [ -L null ]
	if [ "$(id -u)" -eq 0 ]; then
		hs-gen -o /dev/null sleep -n 3 -x 0.5
		[ -c /dev/null ]
	fi
	[ -z "$(ls -A | grep hs-tmp)" ]
}

@test "output: temporaries are named .NAME.hs-tmp.PID.* and removed on exit and on SIGTERM" {
	cd "$tmp"
	hs-gen sleep -n 3 -x 0.5 >in.hs
	# an error after the temporary is open (hs-report's bundle opens first)
	printf 'not hs\n' >bad.hs
	run hs-report --bundle out.tar in.hs bad.hs
	[ "$status" -eq 2 ]
	[ -z "$(ls -A | grep hs-tmp)" ]
	# killed while it waits for its input (a FIFO no one writes yet)
	mkfifo slow
	hs-report --bundle out.tar slow >/dev/null 2>&1 &
	pid=$!
	found=no
	for i in $(seq 200); do
		ls -A | grep -q '^\.out\.tar\.hs-tmp\.'"$pid"'\.' && found=yes && break
		sleep 0.05
	done
	kill -TERM "$pid"
	st=0
	wait "$pid" || st=$?
	[ $found = yes ]
	[ "$st" -eq 143 ]
	[ -z "$(ls -A | grep hs-tmp)" ]
	[ ! -e out.tar ]
	# the name is documented
	grep -qF '.hs\-tmp.' "$TOP/share/man/hs-format.5"
	hs-gen --help | grep -q 'hs-tmp'
}
