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
