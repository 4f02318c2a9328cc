#!/bin/sh
# bench/sim.sh - hs-sim's flow model against SimGrid's ptask_L07 model
# (tests/simgrid/hs-simgrid-ref) on the same plans: rigid jobs with
# communication (hs-gen ptask --fcomm 1e7) on Dutot et al.'s homogeneous
# platform (hs-gen platform dutot-homo: clusters of 16 one-core hosts),
# planned with hs-plan -a taskp.
# For each size: the wall time of each simulator (median of REPS rounds, the
# two runs of a round interleaved: bench/lib.sh), their ratio SimGrid/hs-sim
# (target: >= 3) and the largest and mean difference of the end times
# (tests/simgrid/compare.sh).
#
# Environment: HS_BIN, HS_BUILD (the tree, default bin and build), REPS
# (default 5), HS_SIM_OPTS (hs-sim options, default SimGrid's sharing rule).
set -e
cd "$(dirname "$0")/.."
BIN=${HS_BIN:-bin}
BUILD=${HS_BUILD:-build}
REF=$BUILD/tests/simgrid/hs-simgrid-ref
: "${HS_SIM_OPTS=--solver simgrid}"

if [ ! -x "$REF" ]; then
	if ! pkg-config --exists simgrid 2>/dev/null; then
		echo "sim: skipped: SimGrid is not installed (libsimgrid-dev, share/deps.sh)"
		exit 0
	fi
	make -s "$REF"
fi
if ! "$BIN/hs-sim" --help 2>&1 | grep -q -- '--model'; then
	echo "sim: skipped: hs-sim has no flow model (--model flow)"
	exit 0
fi

tmp=$(mktemp -d)
BENCH_TMP=$tmp
trap 'rm -rf "$tmp"' EXIT
. bench/lib.sh

for size in 300:8 3000:64 30000:64; do
	n=${size%:*}
	c=${size#*:}
	"$BIN/hs-gen" platform dutot-homo --clusters "$c" >"$tmp/plat.hs"
	"$BIN/hs-gen" ptask -n "$n" --platform "$tmp/plat.hs" --fcomm 1e7 --seed 1 >"$tmp/inst.hs"
	"$BIN/hs-plan" -a taskp "$tmp/inst.hs" >"$tmp/plan.hs"
	paired "s$n" /dev/null "hs|$BIN/hs-sim --model flow $HS_SIM_OPTS $tmp/plan.hs" "ref|$REF $tmp/plan.hs"
	ts=$(med "s$n" hs)
	tr=$(med "s$n" ref)
	# shellcheck disable=SC2086 # an option list
	"$BIN/hs-sim" --model flow $HS_SIM_OPTS "$tmp/plan.hs" >"$tmp/sim.hs"
	"$REF" "$tmp/plan.hs" >"$tmp/ref.txt"
	cmp=$(sh tests/simgrid/compare.sh --outputs "$tmp/sim.hs" "$tmp/ref.txt") || true
	awk -v n="$n" -v c="$c" -v ts="$ts" -v tr="$tr" -v cmp="$cmp" 'BEGIN {
		split(cmp, f, " ")
		printf "sim: %d jobs on %dx16 hosts: hs-sim %.3f s, SimGrid %.3f s, SimGrid/hs-sim %.1f (target >= 3); end times: max rel diff %s, mean %s, max abs %s s (%s tasks, %s states differ)\n",
			n, c, ts, tr, (ts > 0 ? tr / ts : 0), f[4], f[6], f[8], f[2], f[10]
	}'
done
