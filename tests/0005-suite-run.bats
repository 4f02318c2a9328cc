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
# bats it starts.  One job at a time unless HS_TEST_JOBS says otherwise.
run_sh() {
	local path
	path=$(printf '%s\n' "$PATH" | tr : '\n' | grep -v bats-core | paste -sd:)
	run env -i PATH="$path" HOME="$HOME" HS_BIN="$HS_BIN" HS_BUILD="$tmp/build" \
		HS_TESTS_DIR="$tmp/t" HS_TEST_JOBS="${HS_TEST_JOBS:-1}" sh "$TOP/tests/run.sh"
}

# blocks OUTPUT: each binary's or file's block (its failures and skips,
# then its line, the seconds as N) as one line, sorted; then the summary.
blocks() {
	printf '%s\n' "$1" | sed -E 's/\([0-9]+ s\)$/(N s)/' | awk '
		{ b = b $0 "|" }
		/: [0-9]+ passed, [0-9]+ failed, [0-9]+ skipped \(N s\)$/ { print b; b = "" }
		END { print "summary: " b }' | sort
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

@test "run.sh: HS_TEST_JOBS=2 or 3: the same blocks, each whole, and the same summary as one at a time" {
	HS_TEST_JOBS=1 run_sh
	[ "$status" -eq 1 ]
	one=$(blocks "$output")
	[ "$(printf '%s\n' "$one" | wc -l)" -eq 4 ]
	for j in 2 3; do
		HS_TEST_JOBS=$j run_sh
		echo "$output"
		[ "$status" -eq 1 ]
		[ "${lines[-1]}" = "4 passed, 2 failed, 1 skipped" ]
		[ "$(blocks "$output")" = "$one" ]
	done
}

@test "run.sh: HS_TEST_JOBS=2 runs files side by side, a file marked 'hs-test: alone' after them by itself" {
	rm "$tmp/t"/*.bats "$tmp/build/tests/test_fake"
	# b-x and b-y each wait for the other: they pass only side by side
	for me in x y; do
		other=$([ $me = x ] && echo y || echo x)
		printf '%s\n' '@test "meets the other" {' "touch $tmp/$me" \
			"for i in \$(seq 100); do [ -e $tmp/$other ] && break; sleep 0.1; done" \
			"[ -e $tmp/$other ]" "touch $tmp/$me.end" '}' >"$tmp/t/b-$me.bats"
	done
	# a-alone, first by name, starts once both have ended
	printf '%s\n' '# hs-test: alone (the test of it)' \
		"@test \"alone\" { [ -e $tmp/x.end ] && [ -e $tmp/y.end ]; }" >"$tmp/t/a-alone.bats"
	HS_TEST_JOBS=2 run_sh
	echo "$output"
	[ "$status" -eq 0 ]
	[[ ${lines[-2]} == "a-alone.bats: 1 passed, 0 failed, 0 skipped ("*" s)" ]]
	[ "${lines[-1]}" = "3 passed, 0 failed, 0 skipped" ]
}
