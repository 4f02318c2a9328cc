#!/bin/sh
# bench/batsim.sh - hs-sim -a batsim against external schedulers
# (hs-batsim(7)), whole processes, medians of REPS rounds:
#  1. hs-sim's own share of a run with a trivial scheduler (the tests'
#     FCFS, tests/batsim/client.py, per message), on the HPC2N trace's
#     first 3 145 jobs on 240 one-core hosts: the time from each reply to
#     the next request (hs's side: decoding, applying, simulating,
#     encoding; hs-sim -v measures it) over the run's wall time (target <=
#     10%), messages a second, and hs-sim's whole CPU time (the ZeroMQ
#     transport's included);
#  2. the same trace with pybatsim's schedFcfs.py, unchanged: the run's
#     wall time over the Python scheduler's own CPU time (target <= 1.2),
#     and hs-sim's CPU per job.
# Needs /usr/bin/python3 with pybatsim's modules and ../shared/clients.
#   HS_BIN=DIR  the tools (default bin of this tree)
#   N=3145      jobs of the trace for 2 (the whole: about 2 minutes a round
#               on 2 cores; N=1000: 13 s)
#   REPS=5      rounds
set -e
cd "$(dirname "$0")/.."
BIN=${HS_BIN:-bin}
N=${N:-3145}
SHARED=$(cd "${HS_SHARED:-../shared}" && pwd)
C=$SHARED/clients
BENCH_TMP=$(mktemp -d)
client=
trap '[ -n "$client" ] && kill $client 2>/dev/null; rm -rf "$BENCH_TMP"' EXIT
. bench/lib.sh
T=$BENCH_TMP
if ! /usr/bin/python3 -c 'import zmq, sortedcontainers, redis, pandas, docopt' 2>/dev/null ||
	[ ! -f "$C/pybatsim/launcher.py" ]; then
	echo "bench/batsim.sh: needs /usr/bin/python3 with pybatsim's modules and $C (share/deps.sh)" >&2
	exit 1
fi

# The trace as pybatsim's scheduler API needs it (tests/batsim/hpc2n.sh).
swf() { sh tests/batsim/hpc2n.sh "$BIN" "$SHARED" "$1"; }
swf 3145 >"$T/all.hs"
swf "$N" >"$T/n.hs"

# round LABEL TRACE BEFORE AFTER: one run of the scheduler command
# "BEFORE ENDPOINT AFTER"; appends "wall hs_cpu sched_cpu messages
# hs_side" to $T/LABEL.
round() {
	sock=ipc://$T/s.sock
	rm -f "$T/s.sock"
	(cd "$T" && exec /usr/bin/time -f '%U %S' -o "$T/sched.time" sh -c "$3$sock$4" \
		>/dev/null 2>&1) &
	client=$!
	t0=$(date +%s.%N)
	/usr/bin/time -f '%U %S' -o "$T/hs.time" "$BIN/hs-sim" -v -a batsim -o socket="$sock" -o timeout=600 "$2" \
		2>"$T/hs.err" >/dev/null
	t1=$(date +%s.%N)
	wait "$client"
	client=
	msgs=$(sed -n 's/.*batsim: \([0-9]*\) messages.*/\1/p' "$T/hs.err")
	side=$(sed -n 's/.*scheduler, \([0-9.]*\) s from a reply.*/\1/p' "$T/hs.err")
	awk -v a="$t0" -v b="$t1" -v m="$msgs" -v w="$side" -v h="$(tail -n 1 "$T/hs.time")" \
		-v s="$(tail -n 1 "$T/sched.time")" 'BEGIN {
		split(h, x, " "); split(s, y, " ")
		printf "%.6f %.3f %.3f %d %.6f\n", b - a, x[1] + x[2], y[1] + y[2], m, w }' >>"$T/$1"
}

trivial="PYTHONDONTWRITEBYTECODE=1 exec /usr/bin/python3 $PWD/tests/batsim/client.py "
pyfcfs="PYTHONDONTWRITEBYTECODE=1 PYTHONPATH=$C/pybatsim:$C/procset exec /usr/bin/python3 \
$C/pybatsim/launcher.py $C/pybatsim/schedulers/schedFcfs.py -v warning -s "
r=0
while [ "$r" -lt "$REPS" ]; do
	r=$((r + 1))
	round trivial "$T/all.hs" "$trivial" " trivial"
	round pybatsim "$T/n.hs" "$pyfcfs" ""
done

# median of column c of file f
m() { awk -v c="$2" '{ print $c }' "$T/$1" | sort -g | awk '{ v[NR] = $1 } END {
	printf "%.6f\n", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "whole processes, median of $REPS rounds ($(getconf _NPROCESSORS_ONLN) CPUs; load $(cut -d' ' -f1-3 /proc/loadavg))"
fail=0
awk -v w="$(m trivial 1)" -v h="$(m trivial 2)" -v s="$(m trivial 3)" -v n="$(m trivial 4)" \
	-v d="$(m trivial 5)" 'BEGIN {
	share = d / w
	printf "trivial FCFS client, 3145 jobs: %d messages in %.2f s: %.0f messages/s\n", n, w, n / w
	printf "  hs-sim from a reply to the next request %.3f s (%.1f us a message); hs-sim CPU with the transport %.3f s, the client %.2f s\n", d, d / n * 1e6, h, s
	printf "  hs-sim share of the run %.3f  target <= 0.10: %s\n", share, share <= 0.10 ? "met" : "MISSED"
	exit share > 0.10 }' || fail=1
awk -v w="$(m pybatsim 1)" -v h="$(m pybatsim 2)" -v s="$(m pybatsim 3)" -v n="$(m pybatsim 4)" -v j="$N" 'BEGIN {
	x = w / s
	printf "pybatsim schedFcfs, %d jobs: %d messages, run %.2f s, the scheduler CPU %.2f s, hs-sim CPU %.3f s (%.1f us a job)\n", j, n, w, s, h, h / j * 1e6
	printf "  run wall / scheduler CPU %.3f  target <= 1.2: %s\n", x, x <= 1.2 ? "met" : "MISSED"
	exit x > 1.2 }' || fail=1
exit $fail
