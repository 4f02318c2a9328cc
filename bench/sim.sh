#!/bin/sh
# bench/sim.sh - hs-sim's flow model against SimGrid's ptask_L07 model
# (tests/simgrid/hs-simgrid-ref) on the same plans: rigid jobs with
# communication (hs-gen ptask --fcomm 1e7) on Dutot et al.'s homogeneous
# platform (hs-gen platform dutot-homo: clusters of 16 one-core hosts),
# planned with hs-plan -a taskp.
#
# For each size, whole processes, cold (a new process each time): the wall
# and CPU (user + system) times of SimGrid, of hs-sim (default solver) and
# of hs-sim --solver simgrid, and with HS_BASE_BIN of the same two of a
# baseline build, run in turn $RUNS times (interleaved, so that a busy
# machine slows them alike); the median of each, and the ratios
# SimGrid/hs-sim of the medians measured in the same run (targets, on wall
# times: >= 5 at 300 and 3 000 jobs, >= 9 at 30 000); the largest relative
# difference of the start and end times from SimGrid's
# (tests/simgrid/compare.sh).  Times by bench/proctime.c.
#
# Environment: HS_BIN, HS_BUILD (the tree's bin and build by default),
# HS_BASE_BIN (a baseline build's bin, e.g. main's: compared too), RUNS
# (default 5), SIZES (default "300:8 3000:64 30000:64", jobs:clusters).
set -e
cd "$(dirname "$0")/.."
BIN=${HS_BIN:-bin}
BUILD=${HS_BUILD:-build}
BASE=${HS_BASE_BIN:-}
RUNS=${RUNS:-5}
SIZES=${SIZES:-"300:8 3000:64 30000:64"}
REF=$BUILD/tests/simgrid/hs-simgrid-ref

if [ ! -x "$REF" ]; then
	if ! pkg-config --exists simgrid 2>/dev/null; then
		echo "sim: skipped: SimGrid is not installed (libsimgrid-dev, share/deps.sh)"
		exit 0
	fi
	make -s "$REF"
fi

make --no-print-directory -s "$BUILD/bench/proctime" >/dev/null
PROCTIME=$BUILD/bench/proctime

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# timed NAME CMD...: run CMD (stdout to $tmp/NAME.out), append its wall
# and CPU times in seconds to $tmp/NAME.t (bench/proctime.c).
timed() {
	name=$1
	shift
	"$PROCTIME" "$tmp/$name.t" "$@" >"$tmp/$name.out"
}

# median NAME COLUMN: of the wall (1) or CPU (2) times of NAME.
median() { awk -v c="$2" '{ print $c }' "$tmp/$1.t" | sort -g |
	awk '{ v[NR] = $1 } END { printf "%.4f", (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

# report NAME LABEL TARGET: medians, ratios to SimGrid's, agreement.
report() {
	c=$(sh tests/simgrid/compare.sh --outputs "$tmp/$1.out" "$tmp/ref.out") || true
	awk -v l="$2" -v m="$(median "$1" 1)" -v r="$(median ref 1)" -v mc="$(median "$1" 2)" \
		-v rc="$(median ref 2)" -v tg="$3" -v c="$c" 'BEGIN {
		n = split(c, f, " ")
		for (i = 1; i < n; i++) v[f[i]] = f[i + 1]
		printf "  %-26s wall %7.4f s, SimGrid/hs-sim %5.1f (target >= %s); cpu %7.4f s, ratio %5.1f; start diff %s, end diff %s\n",
			l, m, (m > 0 ? r / m : 0), tg, mc, (mc > 0 ? rc / mc : 0), v["start_rel_err"], v["end_rel_err"]
	}'
}

for size in $SIZES; do
	n=${size%:*}
	c=${size#*:}
	target=$([ "$n" -ge 30000 ] && echo 9 || echo 5)
	"$BIN/hs-gen" platform dutot-homo --clusters "$c" >"$tmp/plat.hs"
	"$BIN/hs-gen" ptask -n "$n" --platform "$tmp/plat.hs" --fcomm 1e7 --seed 1 >"$tmp/inst.hs"
	"$BIN/hs-plan" -a taskp "$tmp/inst.hs" >"$tmp/plan.hs"
	rm -f "$tmp"/*.t
	i=0
	while [ $i -lt "$RUNS" ]; do
		timed ref "$REF" "$tmp/plan.hs"
		timed def "$BIN/hs-sim" --no-progress "$tmp/plan.hs"
		timed sg "$BIN/hs-sim" --no-progress --solver simgrid "$tmp/plan.hs"
		if [ -n "$BASE" ]; then
			timed bdef "$BASE/hs-sim" --no-progress "$tmp/plan.hs"
			timed bsg "$BASE/hs-sim" --no-progress --solver simgrid "$tmp/plan.hs"
		fi
		i=$((i + 1))
	done
	echo "sim: $n jobs on ${c}x16 hosts, medians of $RUNS interleaved runs: SimGrid wall $(median ref 1) s, cpu $(median ref 2) s"
	report def "hs-sim" "$target"
	report sg "hs-sim --solver simgrid" "$target"
	if [ -n "$BASE" ]; then
		report bdef "baseline hs-sim" "$target"
		report bsg "baseline --solver simgrid" "$target"
	fi
done
