#!/bin/sh
# compare.sh PLAN.hs [TOL] - replay one plan with hs-sim --model flow and with
# the SimGrid reference (hs-simgrid-ref), and compare the end times task by
# task.  compare.sh --outputs SIM.hs REF.txt [TOL] compares outputs saved
# from the two (bench/sim.sh times the runs itself).  Prints one line:
#   tasks N max_rel_err X mean_rel_err Y max_abs_err Z states_differ K worst TASK
# (relative error |end_sim - end_ref| / end_ref; absolute where end_ref is 0).
# compare.sh --until T ... compares only the times up to T (the first date at
# which the two solvers' rates differ, from hs-sim --check-simgrid): tasks
# N counts the tasks with a time compared.
# Exit status: 0, or 1 when TOL is given and the max relative error exceeds
# it or a task ends in another state; 2 when a simulator fails.
#
# hs-sim comes from PATH (or $HS_SIM); the reference from $HS_SIMGRID_REF,
# else $HS_BUILD/tests/simgrid/, else the tree's build/tests/simgrid/.
# hs-sim's options are $HS_SIM_OPTS, when set (empty: hs-sim's defaults),
# else --solver simgrid (SimGrid's sharing rule); the reference's options
# (e.g. --cfg network/TCP-gamma:0) are $HS_REF_OPTS.
set -u
usage() {
	echo "usage: compare.sh [--until T] PLAN.hs [TOL] | compare.sh [--until T] --outputs SIM.hs REF.txt [TOL]" >&2
	exit 2
}
until=
if [ "${1:-}" = --until ]; then
	[ $# -ge 2 ] || usage
	until=$2
	shift 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ "${1:-}" = --outputs ]; then
	[ $# -ge 3 ] && [ $# -le 4 ] || usage
	simout=$2
	refout=$3
	tol=${4:-}
else
	[ $# -ge 1 ] && [ $# -le 2 ] || usage
	plan=$1
	tol=${2:-}
	here=$(cd "$(dirname "$0")" && pwd)
	sim=${HS_SIM:-hs-sim}
	ref=${HS_SIMGRID_REF:-${HS_BUILD:-$here/../../build}/tests/simgrid/hs-simgrid-ref}
	simout=$tmp/sim.hs
	refout=$tmp/ref.txt
	# shellcheck disable=SC2086 # option lists are meant to split
	# hs-sim's warnings (durations far from time=, hs/drift.h: the hand-made
	# plans have such tasks on purpose) are no part of the comparison.
	if ! "$sim" --model flow ${HS_SIM_OPTS---solver simgrid} "$plan" >"$simout" 2>"$tmp/sim.err"; then
		cat "$tmp/sim.err" >&2
		echo "compare.sh: $sim failed on $plan" >&2
		exit 2
	fi
	# shellcheck disable=SC2086
	if ! "$ref" ${HS_REF_OPTS:-} "$plan" >"$refout"; then
		echo "compare.sh: $ref failed on $plan" >&2
		exit 2
	fi
fi
awk -v tol="$tol" -v until="$until" '
	function abs(x) { return x < 0 ? -x : x }
	function err(sim, ref, what) {
		d = abs(sim - ref)
		rel = ref != 0 ? d / abs(ref) : d
		if (d > maxabs) maxabs = d
		if (n == 1 && what == "start" || rel > maxrel) {
			maxrel = rel
			worst = id " (" what " hs-sim " sim ", simgrid " ref ")"
		}
		return rel
	}
	FNR == NR { rs[$1] = $2; re[$1] = $3; rst[$1] = $4; next }
	$1 == "run" {
		id = $2; s = ""; e = ""; st = ""
		for (i = 3; i <= NF; i++) {
			if (index($i, "start=") == 1) s = substr($i, 7)
			else if (index($i, "end=") == 1) e = substr($i, 5)
			else if (index($i, "state=") == 1) st = substr($i, 7)
		}
		if (!(id in re)) { printf "compare.sh: task %s only in hs-sim output\n", id > "/dev/stderr"; bad = 1; next }
		seen[id] = 1
		if (until != "" && rs[id] + 0 > until + 0)
			next
		n++
		rel = err(s, rs[id], "start")
		if (rel > maxs) maxs = rel
		if (until != "" && re[id] + 0 > until + 0)
			next
		ne++
		rel = err(e, re[id], "end")
		if (rel > maxe) maxe = rel
		sum += rel
		if (st != rst[id]) {
			diffst++
			if (diffst <= 5)
				printf "compare.sh: task %s: hs-sim %s, simgrid %s\n", id, st, rst[id] > "/dev/stderr"
		}
	}
	END {
		for (id in re) if (!(id in seen)) { printf "compare.sh: task %s only in the reference\n", id > "/dev/stderr"; bad = 1 }
		printf "tasks %d ends %d max_rel_err %.3g mean_rel_err %.3g max_abs_err %.3g states_differ %d start_rel_err %.3g end_rel_err %.3g worst %s\n",
			n, ne, maxrel, ne ? sum / ne : 0, maxabs, diffst, maxs, maxe, n ? worst : "-"
		if (bad) exit 2
		if (tol != "" && (maxrel > tol + 0 || diffst > 0)) exit 1
	}' "$refout" "$simout"
