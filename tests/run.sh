#!/bin/sh
# Run every test (C unit tests, then bats) and end with one summary line:
# "N passed, N failed, N skipped" (a skipped test is one that cannot run
# on this machine, such as the GPU tests on a machine without GPUs).  HS_BIN and HS_BUILD name the tree under test.
# Each test binary and bats file gets a line as it ends, after the output of
# its failures: "0300-sim.bats: 41 passed, 0 failed, 1 skipped (12 s)", so
# that a long run shows where it is.  HS_TESTS_DIR: the bats files' folder
# (default: this one); HS_BATS_JOBS: bats --jobs for the tests of a file.
: "${HS_BIN:?}" "${HS_BUILD:?}"
export HS_BIN HS_BUILD
here=${HS_TESTS_DIR:-$(cd "$(dirname "$0")" && pwd)}
log=$(mktemp)
trap 'rm -f "$log" "$log.1"' EXIT

# progress NAME STATUS START AWK: the failures and skips of one binary or
# file (the lines of its output in $log.1 that AWK picks: TAP's failures
# and comments of a binary, whose stderr holds the messages its tests
# expect; all but the passed tests and the plan of a bats file, its skipped
# tests with their reasons kept), then its line;
# appended to the whole log.  A non-zero status without a failure reported
# is a crash (or a bats file that does not parse).
progress() {
	if [ "$2" -ne 0 ] && ! grep -q '^not ok' "$log.1"; then
		echo "not ok - $1 exited with status $2" >>"$log.1"
	fi
	name=$1 secs=$(($(date +%s) - $3))
	awk "$4" "$log.1"
	s=$(grep -ciE '^ok .*# skip' "$log.1" || :)
	p=$(($(grep -cE '^ok ' "$log.1") - s))
	f=$(grep -cE '^not ok' "$log.1" || :)
	echo "$name: $p passed, $f failed, $s skipped ($secs s)"
	cat "$log.1" >>"$log"
}

for t in "$HS_BUILD"/tests/test_*; do
	[ -x "$t" ] || continue
	start=$(date +%s)
	rc=0
	"$t" >"$log.1" 2>&1 || rc=$?
	progress "$(basename "$t")" "$rc" "$start" '/^(not ok|#)/'
done
for b in "$here"/*.bats; do
	[ -f "$b" ] || continue
	start=$(date +%s)
	rc=0
	bats --tap ${HS_BATS_JOBS:+--jobs "$HS_BATS_JOBS"} "$b" >"$log.1" 2>&1 || rc=$?
	progress "$(basename "$b")" "$rc" "$start" '!/^(ok |1\.\.[0-9]+$)/ || /^ok .*# skip/'
done
skip=$(grep -ciE '^ok .*# skip' "$log" || :)
pass=$(($(grep -cE '^ok ' "$log") - skip))
fail=$(grep -cE '^not ok' "$log" || :)
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
