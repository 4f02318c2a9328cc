#!/bin/sh
# Run every test (C unit tests, then bats) and end with one summary line:
# "N passed, N failed, N skipped" (a skipped test is one that cannot run
# on this machine, such as the GPU tests on a machine without GPUs).  HS_BIN and HS_BUILD name the tree under test.
: "${HS_BIN:?}" "${HS_BUILD:?}"
export HS_BIN HS_BUILD
here=$(cd "$(dirname "$0")" && pwd)
log=$(mktemp)
trap 'rm -f "$log" "$log.1"' EXIT
crashed=0
for t in "$HS_BUILD"/tests/test_*; do
	[ -x "$t" ] || continue
	if "$t" >"$log.1" 2>&1; then :; else
		# A binary that exits non-zero without reporting a failure crashed.
		grep -q '^not ok' "$log.1" || { echo "not ok - $(basename "$t") exited non-zero" >>"$log.1"; }
	fi
	grep -E '^(not ok|#)' "$log.1"
	cat "$log.1" >>"$log"
done
if ls "$here"/*.bats >/dev/null 2>&1; then
	bats --tap ${HS_BATS_JOBS:+--jobs "$HS_BATS_JOBS"} "$here" >"$log.1" 2>&1
	grep -vE '^ok ' "$log.1"
	cat "$log.1" >>"$log"
fi
skip=$(grep -ciE '^ok .*# skip' "$log" || :)
pass=$(($(grep -cE '^ok ' "$log") - skip))
fail=$(grep -cE '^not ok' "$log" || :)
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
