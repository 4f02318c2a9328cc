#!/bin/sh
# bench/listsched.sh - the earliest-finish list schedulers at scale:
# hs-plan -a taskp-ef and -a datap-ef on TASKS sleep tasks (default
# 100 000; Dietze x = 0.95) on 1 000 nodes of 64 cores, whole process
# (reading, planning, after lists, validation, writing); target 1 s each
# (issue 16).  Median of REPS rounds, each run beside awk '{print}' on the
# same input (and the previous build with BASE_BIN, see bench/stream.sh).
set -e
cd "$(dirname "$0")/.."
BIN=${HS_BIN:-bin}
TASKS=${TASKS:-100000}
BENCH_TMP=$(mktemp -d)
trap 'rm -rf "$BENCH_TMP"' EXIT
. bench/lib.sh
T=$BENCH_TMP

"$BIN/hs-gen" platform homogeneous:nodes=1000,cores=64 >"$T/plat.hs"
"$BIN/hs-gen" sleep -n "$TASKS" -x 0.95 --platform "$T/plat.hs" >"$T/in.hs"
echo "$TASKS tasks on 1000 x 64 cores, median of $REPS rounds; target 1 s ($(getconf _NPROCESSORS_ONLN) CPUs; load $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%-10s %9s %8s %8s %9s %8s  %s\n' algo wall_s x_awk peak_MB x_base x_target target
fail=0
for a in taskp-ef datap-ef; do
	set -- "awk|awk '{print}'" "new|$BIN/hs-plan -a $a"
	[ -n "$BASE_BIN" ] && set -- "$@" "base|$BASE_BIN/hs-plan -a $a"
	paired "$a" "$T/in.hs" "$@"
	tb=
	[ -n "$BASE_BIN" ] && tb=$(med "$a" base)
	awk -v a="$a" -v ta="$(med "$a" awk)" -v tn="$(med "$a" new)" -v pk="$(med "$a" new 2)" -v tb="$tb" 'BEGIN {
		printf "%-10s %9.3f %8.2f %8.1f %9s %8.2f  %s\n", a, tn, tn / ta, pk / 1024,
			(tb == "" ? "-" : sprintf("%.3f", tn / tb)), tn / 1, tn <= 1 ? "ok" : "ABOVE TARGET"
		exit !(tn <= 1)
	}' || fail=1
done
exit $fail
