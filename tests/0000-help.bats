#!/usr/bin/env bats
# Every tool in $HS_BIN: --help, --version, unknown options, --complete-words;
# and every hs-gen generator's --help.

load helper

tools() {
	for t in "$HS_BIN"/hs-*; do
		[ -x "$t" ] && basename "$t"
	done
}

@test "help: there are tools to test" {
	[ -n "$(tools)" ]
	tools | grep -qx hs-gen
}

@test "help: --help exits 0 with the usage line first" {
	for t in $(tools); do
		run "$t" --help
		echo "$t: $status: ${lines[0]}"
		[ "$status" -eq 0 ]
		[[ ${lines[0]} == "usage: $t "* ]]
		printf '%s\n' "$output" | grep -q -- '--version'
	done
}

@test "help: --version prints NAME (hs) VERSION" {
	version=$(sed -n 's/^#define HS_VERSION "\(.*\)"/\1/p' "$TOP/lib/hs/util.h")
	[ -n "$version" ]
	for t in $(tools); do
		run "$t" --version
		echo "$t: $status: $output"
		[ "$status" -eq 0 ]
		[ "$output" = "$t (hs) $version" ]
	done
}

@test "help: an unknown option exits 2 with the message and usage on stderr" {
	for t in $(tools); do
		run "$t" --no-such-option
		echo "$t: $status: $output"
		[ "$status" -eq 2 ]
		[ "${lines[0]}" = "$t: unknown option '--no-such-option'" ]
		[[ ${lines[1]} == "usage: $t "* ]]
		# All of it on stderr, nothing on stdout.
		[ -z "$("$t" --no-such-option 2>/dev/null)" ]
		run "$t" -Q
		[ "$status" -eq 2 ]
		[ "${lines[0]}" = "$t: unknown option '-Q'" ]
	done
}

@test "help: --complete-words exits 0 and lists --help" {
	for t in $(tools); do
		run "$t" --complete-words
		[ "$status" -eq 0 ]
		printf '%s\n' "$output" | grep -qx -- --help
	done
}

@test "help: the usage line of --help mirrors the man page SYNOPSIS" {
	for t in $(tools); do
		man=$TOP/share/man/$t.1
		[ -f "$man" ] || continue
		usage=$("$t" --help | head -1 | sed 's/^usage: //')
		synopsis=$(LC_ALL=C MANWIDTH=1000 man -l "$man" 2>/dev/null |
			awk '/^SYNOPSIS/ { getline; sub(/^ +/, ""); print; exit }')
		echo "$t: help '$usage' man '$synopsis'"
		[ "$usage" = "$synopsis" ]
	done
}

@test "help: every hs-gen generator has --help and rejects unknown options" {
	gens=$(hs-gen -l | cut -d' ' -f1)
	[ -n "$gens" ]
	for g in $gens; do
		run hs-gen "$g" --help
		[ "$status" -eq 0 ]
		[[ ${lines[0]} == "usage: hs-gen $g "* ]]
		run hs-gen "$g" --no-such-option
		[ "$status" -eq 2 ]
		[ "${lines[0]}" = "hs-gen: unknown option '--no-such-option'" ]
		[[ ${lines[1]} == "usage: hs-gen $g "* ]]
	done
}

@test "help: missing option arguments and arguments to flags exit 2" {
	run hs-gen -o
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: option '-o' requires an argument" ]
	run hs-gen sleep -n 1 -x 1 --platform
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: option '--platform' requires an argument" ]
	run hs-gen --list=yes
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: option '--list' takes no argument" ]
}
