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

# xml FILE BODY: a SimGrid v4.1 platform file whose <platform> holds BODY.
xml() {
	printf '<?xml version="1.0"?>\n<platform version="4.1">\n%s\n</platform>\n' "$2" >"$1"
}
