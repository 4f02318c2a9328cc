# Common set-up for the bats tests: the tools under test come first in PATH.
# HS_BIN / HS_BUILD are set by tests/run.sh (make check, make check-asan); a
# plain `bats tests/` uses the tree's own build.
TOP=$(cd "$BATS_TEST_DIRNAME/.." && pwd)
HS_BIN=${HS_BIN:-$TOP/bin}
HS_BUILD=${HS_BUILD:-$TOP/build}
PATH=$HS_BIN:$PATH
SHARED=${HS_SHARED:-$TOP/../shared}
TESTPLUGINS=$HS_BUILD/tests/plugins
export HS_BIN HS_BUILD PATH SHARED TESTPLUGINS
# Keep the user's plugin path out of the tests.
unset HS_PLUGIN_PATH

# run_stdin INPUT CMD...: like bats' run, feeding INPUT on stdin.
run_stdin() {
	local input=$1
	shift
	HS_INPUT=$input run bash -c 'printf "%s\n" "$HS_INPUT" | "$@"' _ "$@"
}

# run_field FILE ID KEY: field KEY of the run record of task ID in FILE.
run_field() {
	awk -v id="$2" -v key="$3" '$1 == "run" && $2 == id {
		for (i = 3; i <= NF; i++) { split($i, kv, "="); if (kv[1] == key) print kv[2] } }' "$1"
}

# xml FILE BODY: a SimGrid v4.1 platform file whose <platform> holds BODY.
xml() {
	printf '<?xml version="1.0"?>\n<platform version="4.1">\n%s\n</platform>\n' "$2" >"$1"
}

# records KIND: "ID key=val..." lines of that kind in $output, kind dropped.
records() {
	printf '%s\n' "$output" | awk -v k="$1" '$1 == k { $1 = ""; sub(/^ /, ""); print }'
}

# local_platform: a platform of this machine's node, as `hs-gen platform
# local` names it, with the 2 cores the smallest machine here has.
local_platform() {
	printf '%s\n' 'hs 1' 'platform local' 'cluster local' 'node local cluster=local cores=2'
}
