# What the bats files of hs-sim -a batsim and hs-exec -a batsim share
# (0380-sim-batsim.bats, 0835-exec-batsim-live.bats): pybatsim 3.2.0's own
# schedulers (../shared/clients, unchanged) and the tests' own
# (tests/batsim/client.py), each bound to an ipc:// endpoint in the test's
# directory, run under timeout(1) and reaped in teardown.

# batsim_setup: $tmp, $sock and $C; skips the test where /usr/bin/python3
# lacks pybatsim's dependencies or ../shared/clients is missing (fails it
# in CI, CI=true, where share/deps.sh installs them).
batsim_setup() {
	tmp=$(mktemp -d)
	sock=ipc://$tmp/s.sock
	C=$SHARED/clients
	client=
	if ! /usr/bin/python3 -c 'import zmq, sortedcontainers, redis, pandas, docopt' 2>/dev/null ||
		[ ! -f "$C/pybatsim/launcher.py" ]; then
		# CI installs them (share/deps.sh): there a missing one is a failure
		[ -z "$CI" ] || {
			echo "CI: /usr/bin/python3 lacks pybatsim's dependencies or $C is missing" >&2
			return 1
		}
		skip "no /usr/bin/python3 with zmq, sortedcontainers, redis, pandas, docopt, or no $C"
	fi
}

teardown() {
	if [ -n "$client" ]; then
		kill "$client" 2>/dev/null || :
		wait "$client" 2>/dev/null || :
	fi
	rm -rf "$tmp"
}

# bound: wait until the scheduler just started listens on $sock (its
# socket file is there) or has exited, at most a minute: hs-sim's
# timeouts on the scheduler's replies then count from a scheduler that is
# up, not from Python's start-up (pybatsim imports pandas), which a loaded
# machine makes slow.
bound() {
	local i
	for i in $(seq 1200); do
		[ -S "$tmp/s.sock" ] && return 0
		kill -0 "$client" 2>/dev/null || return 0
		sleep 0.05
	done
}

# pybatsim SCHEDULER [ARGS...]: one of pybatsim's schedulers, unchanged,
# bound to $sock, from the test's directory (it writes out_events.csv).
pybatsim() {
	local s=$1
	shift
	rm -f "$tmp/s.sock"
	(cd "$tmp" && PYTHONDONTWRITEBYTECODE=1 PYTHONPATH=$C/pybatsim:$C/procset \
		exec timeout 600 /usr/bin/python3 "$C/pybatsim/launcher.py" \
		"$C/pybatsim/schedulers/$s" -s "$sock" -v warning "$@" >"$tmp/sched.out" 2>"$tmp/sched.err") &
	client=$!
	bound
}

# scenario NAME: the tests' own scheduler acting out NAME.
scenario() {
	rm -f "$tmp/s.sock"
	(exec timeout 120 /usr/bin/python3 "$TOP/tests/batsim/client.py" "$sock" "$1" "$tmp/client.log") &
	client=$!
	bound
}

# reaped: wait for the scheduler, its status in $sched_status.
reaped() {
	sched_status=0
	wait "$client" || sched_status=$?
	client=
}
