#!/bin/sh
# Run every test (C unit tests, then bats) and end with one summary line:
# "N passed, N failed, N skipped" (a skipped test is one that cannot run
# on this machine, such as the GPU tests on a machine without GPUs).  HS_BIN and HS_BUILD name the tree under test.
# Each test binary and bats file gets a line as it ends, after the output of
# its failures: "0300-sim.bats: 41 passed, 0 failed, 1 skipped (12 s)", so
# that a long run shows where it is.  HS_TESTS_DIR: the bats files' folder
# (default: this one); HS_BATS_JOBS: bats --jobs for the tests of a file.
#
# HS_TEST_JOBS: how many binaries and bats files run at once (default: the
# number of online CPUs; 1: one after another, binaries first, then the
# bats files in name order, as before).  Each one's output is kept apart
# and printed as a whole, its failures and skips then its line, when it
# ends; the summary counts them all.  With more than one job the known-slow
# ones (slow_first below) start first, and the files that measure real
# time run alone, one by one after the batch, nothing beside them: a file
# says so itself with a comment line
#   # hs-test: alone (WHY)
# (a unit test, in its source tests/unit/test_NAME.c: "/* hs-test: alone").
# Such a file compares wall-clock durations or dates with bounds (hs-exec's
# tests: real tasks, their dates, walltimes, live schedulers; timeouts a
# reply must beat), which extra load on the machine can break.
: "${HS_BIN:?}" "${HS_BUILD:?}"
export HS_BIN HS_BUILD
here=${HS_TESTS_DIR:-$(cd "$(dirname "$0")" && pwd)}
jobs=${HS_TEST_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
case $jobs in '' | *[!0-9]* | 0) jobs=1 ;; esac
# The slowest of the batch, longest first: they start first when jobs run
# side by side, so that the batch does not end on one of them alone.
# Seconds on a 2-core machine, then under ASan (make check-asan): 0380 164
# and 90, 0370 40 and 208, test_sim 24 and 195, 0340 21 and 146, 0140-gen-
# cholesky 22 and 135, 0065 18 and 90, 0460 32 and 87, 0448 41 and 73,
# 0060 47 and 8.  A file left out of this list only starts later.
slow_first='0380-sim-batsim.bats 0370-sim-rsched.bats test_sim 0340-sim-simgrid.bats
0140-gen-cholesky.bats 0065-input-threads.bats 0460-report-examples.bats 0448-report-scale.bats
0060-input-limits.bats'
d=$(mktemp -d)
log=$d/log
: >"$log"
# Interrupted (Ctrl-C, kill): the tests running then are stopped too, for
# the shell ignores SIGINT in what it runs in the background.
kill_tree() {
	for c in $(pgrep -P "$1" 2>/dev/null); do
		kill_tree "$c"
	done
	kill -TERM "$1" 2>/dev/null
}
stop() {
	trap - INT TERM
	for c in $(pgrep -P $$ 2>/dev/null); do
		kill_tree "$c"
	done
	exit "$1"
}
trap 'rm -rf "$d"' EXIT
trap 'stop 130' INT
trap 'stop 143' TERM

# progress NAME STATUS SECS AWK OUT: the failures and skips of one binary
# or file (the lines of its output OUT that AWK picks: TAP's failures and
# comments of a binary, whose stderr holds the messages its tests expect;
# all but the passed tests and the plan of a bats file, its skipped tests
# with their reasons kept), then its line; OUT appended to the whole log.
# A non-zero status without a failure reported is a crash (or a bats file
# that does not parse).
progress() {
	if [ "$2" -ne 0 ] && ! grep -q '^not ok' "$5"; then
		echo "not ok - $1 exited with status $2" >>"$5"
	fi
	awk "$4" "$5"
	s=$(grep -ciE '^ok .*# skip' "$5" || :)
	p=$(($(grep -cE '^ok ' "$5") - s))
	f=$(grep -cE '^not ok' "$5" || :)
	echo "$1: $p passed, $f failed, $s skipped ($3 s)"
	cat "$5" >>"$log"
}

# alone FILE: whether a bats file (or the source of a unit test) says it
# runs alone.
alone() {
	grep -qsE '^(#|/\*| \*) hs-test: alone' "$1"
}

# The jobs, one line each: "bin PATH" or "bats PATH", in the order they
# start: $d/batch side by side, then $d/alone one at a time.
: >"$d/batch"
: >"$d/alone"
: >"$d/rest"
for t in "$HS_BUILD"/tests/test_*; do
	[ -x "$t" ] || continue
	n=$(basename "$t")
	if [ "$jobs" -gt 1 ] && alone "$here/unit/$n.c"; then
		echo "bin $t" >>"$d/alone"
	else
		echo "bin $t" >>"$d/rest"
	fi
done
for b in "$here"/*.bats; do
	[ -f "$b" ] || continue
	if [ "$jobs" -gt 1 ] && alone "$b"; then
		echo "bats $b" >>"$d/alone"
	else
		echo "bats $b" >>"$d/rest"
	fi
done
if [ "$jobs" -gt 1 ]; then
	for n in $slow_first; do
		grep -E "/$n\$" "$d/rest" >>"$d/batch" || :
	done
	grep -vxF -f "$d/batch" "$d/rest" >>"$d/batch" || :
else
	cat "$d/rest" >"$d/batch"
fi

# run_one I KIND PATH: job I, its output in $d/I.out, "STATUS SECONDS" in
# $d/I.rc, then I written to fd 8 (the FIFO the loop below reads), whose
# copy the test itself does not get.
run_one() {
	start=$(date +%s)
	rc=0
	if [ "$2" = bin ]; then
		"$3" >"$d/$1.out" 2>&1 8>&- || rc=$?
	else
		bats --tap ${HS_BATS_JOBS:+--jobs "$HS_BATS_JOBS"} "$3" >"$d/$1.out" 2>&1 8>&- || rc=$?
	fi
	echo "$rc $(($(date +%s) - start))" >"$d/$1.rc"
	echo "$1" >&8
}

# finish: wait for a job to end and print its block.
finish() {
	read -r done_i <&8
	read -r done_kind done_path <"$d/$done_i.job"
	read -r rc secs <"$d/$done_i.rc"
	if [ "$done_kind" = bin ]; then
		progress "$(basename "$done_path")" "$rc" "$secs" '/^(not ok|#)/' "$d/$done_i.out"
	else
		progress "$(basename "$done_path")" "$rc" "$secs" \
			'!/^(ok |1\.\.[0-9]+$)/ || /^ok .*# skip/' "$d/$done_i.out"
	fi
	running=$((running - 1))
}

# run_list FILE N: the jobs of FILE, N at a time.
mkfifo "$d/fifo"
exec 8<>"$d/fifo"
i=0
running=0
run_list() {
	while read -r kind path; do
		[ "$running" -lt "$2" ] || finish
		i=$((i + 1))
		echo "$kind $path" >"$d/$i.job"
		run_one "$i" "$kind" "$path" </dev/null &
		running=$((running + 1))
	done <"$1"
	while [ "$running" -gt 0 ]; do
		finish
	done
}
run_list "$d/batch" "$jobs"
run_list "$d/alone" 1
exec 8>&-

skip=$(grep -ciE '^ok .*# skip' "$log" || :)
pass=$(($(grep -cE '^ok ' "$log") - skip))
fail=$(grep -cE '^not ok' "$log" || :)
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
