#!/bin/sh
# bench/waterl.sh - hs-plan -a waterl on a platform of 1 000 nodes of 64
# cores:
#  1. 10 000 tasks, whole run (reading, planning, validating, writing)
#     against its target of 1 s, beside taskp-ef on the same input: Dietze's
#     sleep tasks (x = 0.95: the core loop stops at 4) and Amdahl tasks
#     with random t1 and beta (no early stop), also with estimate=runtime;
#  2. growth: Amdahl tasks at SIZES (default 10000 30000 100000 300000
#     1000000: the issue asks for O(n log n) up to 1 000 000): the exponent
#     k of n^k between successive sizes, against n log n's.
# Medians of REPS rounds, the runs of a round interleaved (bench/lib.sh).
#   HS_BIN=DIR   tools to use (default: bin of this tree)
#   BASE_BIN=DIR a previous build's, beside in the growth rounds up to
#   BASE_MAX=100000 tasks (a build before the best-first node search took
#                 12 s at 100 000 and grows as n^2.5)
set -e
cd "$(dirname "$0")/.."
BIN=${HS_BIN:-bin}
SIZES=${SIZES:-"10000 30000 100000 300000 1000000"}
BASE_MAX=${BASE_MAX:-100000}
BENCH_TMP=$(mktemp -d)
trap 'rm -rf "$BENCH_TMP"' EXIT
. bench/lib.sh
T=$BENCH_TMP

"$BIN/hs-gen" platform homogeneous:nodes=1000,cores=64 >"$T/plat.hs"
"$BIN/hs-gen" sleep -n 10000 -x 0.95 --platform "$T/plat.hs" >"$T/sleep.hs"
"$BIN/hs-gen" amdahl -n 10000 --t1 50:150 --beta 0.05:0.3 --seed 1 --platform "$T/plat.hs" >"$T/amdahl.hs"

echo "10000 tasks, 1000 nodes x 64 cores, median of $REPS rounds; target: hs-plan -a waterl within 1 s"
printf '%-8s %-15s %8s %10s\n' tasks algo wall_s x_target
fail=0
for inst in sleep amdahl; do
	paired "$inst" "$T/$inst.hs" "waterl|$BIN/hs-plan -a waterl" "taskp-ef|$BIN/hs-plan -a taskp-ef" \
		"waterl-rt|$BIN/hs-plan -a waterl -o estimate=runtime"
	for a in waterl taskp-ef waterl-rt; do
		w=$(med "$inst" "$a")
		printf '%-8s %-15s %8.3f %10.2f\n' "$inst" "$a" "$w" "$w"
		[ "$a" = taskp-ef ] || awk -v w="$w" 'BEGIN { exit !(w <= 1) }' || fail=1
	done
done

echo "growth with the number of Amdahl tasks (waterl, ideal estimate):"
prev_n= prev_t=
for n in $SIZES; do
	"$BIN/hs-gen" amdahl -n "$n" --t1 50:150 --beta 0.05:0.3 --seed 1 --platform "$T/plat.hs" >"$T/g.hs"
	set -- "awk|awk '{print}'" "waterl|$BIN/hs-plan -a waterl"
	[ -n "$BASE_BIN" ] && [ "$n" -le "$BASE_MAX" ] && set -- "$@" "base|$BASE_BIN/hs-plan -a waterl"
	paired "g$n" "$T/g.hs" "$@"
	t=$(med "g$n" waterl)
	tb=
	[ -n "$BASE_BIN" ] && [ "$n" -le "$BASE_MAX" ] && tb=$(med "g$n" base)
	awk -v n="$n" -v t="$t" -v ta="$(med "g$n" awk)" -v pn="$prev_n" -v pt="$prev_t" -v tb="$tb" 'BEGIN {
		printf "  %8d tasks: %8.3f s (%.1fx awk%s)", n, t, t / ta, tb == "" ? "" : sprintf(", %.3fx the previous build", t / tb)
		if (pn != "") {
			k = log(t / pt) / log(n / pn); kn = log(n * log(n) / (pn * log(pn))) / log(n / pn)
			printf "; exponent from %d: %.2f (n log n: %.2f) %s", pn, k, kn, k <= kn + 0.15 ? "ok" : "ABOVE n log n"
		}
		printf "\n"
	}'
	if [ -n "$prev_n" ]; then
		awk -v n="$n" -v t="$t" -v pn="$prev_n" -v pt="$prev_t" 'BEGIN {
			k = log(t / pt) / log(n / pn); kn = log(n * log(n) / (pn * log(pn))) / log(n / pn)
			exit !(k <= kn + 0.15) }' || fail=1
	fi
	prev_n=$n prev_t=$t
done
exit $fail
