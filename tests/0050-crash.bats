#!/usr/bin/env bats
# Minimized inputs that once corrupted memory (issue 12): each must give a
# clean exit-2 message from every tool that reads it.  Under make
# check-asan these run with AddressSanitizer, which fails on any overflow.

load helper

setup() {
	tmp=$(mktemp -d)
	crash=$BATS_TEST_DIRNAME/crash
}

teardown() {
	rm -rf "$tmp"
}

# A cycle of 10 tasks in after lists, ids of 102 characters: the cycle's
# text once overflowed a stack buffer in check_cycles (lib/model/model.c).
@test "crash: a long after-cycle of long ids is reported, not a stack overflow" {
	for tool in "hs-plan -a taskp" hs-sim hs-report "hs-exec -n"; do
		run $tool "$crash/cycle-long-ids.hs"
		[ "$status" -eq 2 ]
		[[ "$output" == *": after list is cyclic (txxx"* ]]
		[[ "$output" != *"Segmentation"* ]]
	done
}

# radical="N-N" with N = LONG_MAX once overflowed the loop counter and
# wrote past a one-element buffer (formats/simgrid_elem.c).
@test "crash: a SimGrid radical at LONG_MAX is refused, not a heap overflow" {
	for f in radical-overflow radical-huge; do
		run hs-gen platform "$crash/$f.xml"
		[ "$status" -eq 2 ]
		[[ "$output" == *"$f.xml:4: <cluster>: bad radical '"*"' (ranges like 0-3,5, at most a million ids)" ]]
		printf 'hs 1\nplatform p xml=%s\ntask t1 model=rigid size=1 time=1\n' "$crash/$f.xml" >"$tmp/s.hs"
		run hs-plan -a taskp "$tmp/s.hs"
		[ "$status" -eq 2 ]
		[[ "$output" == *"bad radical"* ]]
		run hs-sim --platform "$crash/$f.xml" "$tmp/s.hs"
		[ "$status" -eq 2 ]
		[[ "$output" == *"bad radical"* ]]
	done
}

@test "crash: radicals with blanks, and a million ids at most" {
	printf '<?xml version="1.0"?>\n<platform version="4.1"><zone id="z" routing="Full">\n<cluster id="c" prefix="h" suffix="" radical=" 0 - 1 , 5 " speed="1Gf" bw="1GBps" lat="1us"/>\n</zone></platform>\n' >"$tmp/p.xml"
	run hs-gen platform "$tmp/p.xml"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | awk '$1 == "node" { printf "%s ", $2 }')" = "h0 h1 h5 " ]
	sed 's/radical="[^"]*"/radical="0-999999,1000000"/' "$tmp/p.xml" >"$tmp/q.xml"
	run hs-gen platform "$tmp/q.xml"
	[ "$status" -eq 2 ]
	[[ "$output" == *"at most a million ids"* ]]
}

# core="5e98" was converted to int before its range was checked: undefined
# behaviour (UBSan stops there; found by tests/fuzz/fuzz_simgrid).
@test "crash: a SimGrid core count beyond int is refused, not converted" {
	run hs-gen platform "$crash/core-huge.xml"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $crash/core-huge.xml:3: <cluster>: core '5e98' must be an integer >= 1" ]
	printf '<?xml version="1.0"?>\n<platform version="4.1"><zone id="z" routing="Full">\n<host id="x" speed="1Gf" core="nan"/>\n</zone></platform>\n' >"$tmp/n.xml"
	run hs-gen platform "$tmp/n.xml"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/n.xml:3: <host>: core 'nan' must be an integer >= 1" ]
}
