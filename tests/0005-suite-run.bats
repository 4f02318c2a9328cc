#!/usr/bin/env bats
# tests/run.sh (make check): a line per test binary and bats file as each
# ends, after the output of its failures and its skipped tests, and the
# summary line last.

load helper

setup() {
	tmp=$(mktemp -d)
	mkdir -p "$tmp/build/tests" "$tmp/t"
	# a unit test binary with one failure, and its expected stderr noise
	printf '%s\n' '#!/bin/sh' 'echo "ok 1 - one"' 'echo "not ok 2 - two"' \
		'echo "# got 3, want 4"' 'echo "test_fake: an expected message" >&2' 'exit 1' \
		>"$tmp/build/tests/test_fake"
	chmod +x "$tmp/build/tests/test_fake"
	printf '%s\n' '@test "passes" { true; }' '@test "skips" { skip "no GPU here"; }' \
		'@test "passes too" { true; }' >"$tmp/t/a-one.bats"
	printf '%s\n' '@test "fails" { echo boom; false; }' '@test "passes" { true; }' \
		>"$tmp/t/b-two.bats"
}

# run.sh in a clean environment: bats's own variables, and its libexec
# folder in PATH (where `bats` is another script), would leak into the
# bats it starts.
run_sh() {
	local path
	path=$(printf '%s\n' "$PATH" | tr : '\n' | grep -v bats-core | paste -sd:)
	run env -i PATH="$path" HOME="$HOME" HS_BIN="$HS_BIN" HS_BUILD="$tmp/build" \
		HS_TESTS_DIR="$tmp/t" sh "$TOP/tests/run.sh"
}

teardown() {
	rm -rf "$tmp"
}

@test "run.sh: a progress line per binary and file, failures and skips before it, the summary last" {
	run_sh
	echo "$output"
	[ "$status" -eq 1 ]
	# the seconds vary: N
	out=$(printf '%s\n' "$output" | sed -E 's/\([0-9]+ s\)$/(N s)/')
	[ "$out" = "not ok 2 - two
# got 3, want 4
test_fake: 1 passed, 1 failed, 0 skipped (N s)
ok 2 skips # skip no GPU here
a-one.bats: 2 passed, 0 failed, 1 skipped (N s)
not ok 1 fails
# (in test file $tmp/t/b-two.bats, line 1)
#   \`@test \"fails\" { echo boom; false; }' failed
# boom
b-two.bats: 1 passed, 1 failed, 0 skipped (N s)
4 passed, 2 failed, 1 skipped" ]
}

@test "run.sh: a bats file that does not parse is a failure of its own" {
	rm "$tmp/t/b-two.bats" "$tmp/build/tests/test_fake"
	printf '%s\n' '@test "broken" {' >"$tmp/t/c-bad.bats"
	run_sh
	echo "$output"
	[ "$status" -eq 1 ]
	printf '%s\n' "$output" | grep -qE '^c-bad\.bats: 0 passed, 1 failed, 0 skipped \([0-9]+ s\)$'
	[ "${lines[-1]}" = "2 passed, 1 failed, 1 skipped" ]
}
