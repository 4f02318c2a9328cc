#!/bin/sh
# bench/stream.sh - whole-process throughput and peak memory of the filters
# on streams of N records (default 1 000 000), against `awk '{print}'` on
# the same stream, and a pipeline of four tools against the sum of its
# stages.  Targets (issue 16): hs-plan -a taskp and hs-sim --model replay
# at >= 3 M records/s and <= 8x awk's time with a peak memory <= 3x the
# input text; hs-report >= 5 M records/s; the pipeline faster than the sum
# of its stages.
#   Inputs (made once, with the tools of HS_BIN): hs-plan reads N task
#   records (hs-gen sleep --jitter 0.2 on Dietze's platform: numbers with
#   16 digits); hs-sim reads that planned for N/2 tasks (N records);
#   hs-report that simulated for N/3 tasks (N records).
#   HS_BIN=DIR    the tools measured (default bin of this tree)
#   BASE_BIN=DIR  a previous build's tools, measured in the same rounds
#                 (git worktree add /tmp/base REV && make -C /tmp/base;
#                 BASE_BIN=/tmp/base/bin)
#   REPS=5        rounds (each: awk, the tool, the previous build)
#   N=1000000     records
#   The tools run with the threads they choose (HS_THREADS, hs-format(5)),
#   and each once more on one thread (HS_THREADS=1).
set -e
cd "$(dirname "$0")/.."
BIN=${HS_BIN:-bin}
N=${N:-1000000}
BENCH_TMP=$(mktemp -d)
trap 'rm -rf "$BENCH_TMP"' EXIT
. bench/lib.sh
T=$BENCH_TMP

"$BIN/hs-gen" sleep -n "$N" -x 0.95 --jitter 0.2 --platform dietze >"$T/plan-in.hs"
"$BIN/hs-gen" sleep -n $((N / 2)) -x 0.95 --jitter 0.2 --platform dietze |
	"$BIN/hs-plan" -a taskp >"$T/sim-in.hs"
"$BIN/hs-gen" sleep -n $((N / 3)) -x 0.95 --jitter 0.2 --platform dietze |
	"$BIN/hs-plan" -a taskp | "$BIN/hs-sim" --model replay >"$T/report-in.hs"

echo "whole processes, median of $REPS rounds, each run beside awk '{print}' on the same input"
echo "($(getconf _NPROCESSORS_ONLN) CPUs; load $(cut -d' ' -f1-3 /proc/loadavg); HS_THREADS=${HS_THREADS:-default})"
printf '%-26s %9s %6s %12s %7s %8s %8s %8s  %s\n' tool records MB records/s x_awk peak_MB x_input x_base target
fail=0 ntag=0
# bench1 NAME INPUT TOOL-ARGS RATE-TARGET [MEMCAP [ENV]]: one tool against
# awk (and the previous build); ENV ("VAR=x ") goes before the tool.
bench1() {
	name=$1 in=$2 args=$3 target=$4 envp=$6
	set -- "awk|awk '{print}'" "new|$envp$BIN/$args"
	[ -n "$BASE_BIN" ] && set -- "$@" "base|$envp$BASE_BIN/$args"
	ntag=$((ntag + 1)) tag=b$ntag
	paired "$tag" "$in" "$@"
	recs=$(records "$in")
	mb=$(du -m "$in" | cut -f1)
	bytes=$(wc -c <"$in")
	ta=$(med "$tag" awk)
	tn=$(med "$tag" new)
	pk=$(med "$tag" new 2)
	tb=
	[ -n "$BASE_BIN" ] && tb=$(med "$tag" base)
	awk -v name="$name" -v recs="$recs" -v mb="$mb" -v bytes="$bytes" -v ta="$ta" -v tn="$tn" \
	    -v pk="$pk" -v tb="$tb" -v target="$target" -v memcap="$5" 'BEGIN {
		rate = recs / tn; xa = tn / ta; xin = pk * 1024 / bytes
		ok = rate >= target && (memcap == "" || xin <= memcap) && (memcap == "" || xa <= 8)
		printf "%-26s %9d %6d %12.0f %7.2f %8.1f %8.2f %8s  %s\n", name, recs, mb, rate, xa, pk / 1024,
			xin, (tb == "" ? "-" : sprintf("%.3f", tn / tb)),
			sprintf("%.1fM/s%s: %s", target / 1e6, memcap == "" ? "" : ", <=8x awk, <=" memcap "x input",
				ok ? "ok" : "BELOW TARGET")
		exit !ok
	}' || fail=1
}
bench1 "hs-plan -a taskp" "$T/plan-in.hs" "hs-plan -a taskp" 3e6 3
bench1 "hs-sim --model replay" "$T/sim-in.hs" "hs-sim --model replay" 3e6 3
bench1 "hs-report" "$T/report-in.hs" "hs-report" 5e6
# The same on one thread (HS_THREADS=1): what the tools do per core, apart
# from reading, decoding and writing on several (hs-format(5)).
bench1 "  hs-plan, 1 thread" "$T/plan-in.hs" "hs-plan -a taskp" 3e6 3 "HS_THREADS=1 "
bench1 "  hs-sim, 1 thread" "$T/sim-in.hs" "hs-sim --model replay" 3e6 3 "HS_THREADS=1 "
bench1 "  hs-report, 1 thread" "$T/report-in.hs" "hs-report" 5e6 "" "HS_THREADS=1 "

# The pipeline against its stages, each on its own input file; same
# rounds.  Stage inputs are the pipeline's intermediate streams.
n3=$((N / 3))
"$BIN/hs-gen" sleep -n "$n3" -x 0.95 --jitter 0.2 --platform dietze >"$T/p1.hs"
"$BIN/hs-plan" -a taskp "$T/p1.hs" >"$T/p2.hs"
"$BIN/hs-sim" --model replay "$T/p2.hs" >"$T/p3.hs"
gen="$BIN/hs-gen sleep -n $n3 -x 0.95 --jitter 0.2 --platform dietze"
set -- "gen|$gen" "plan|$BIN/hs-plan -a taskp $T/p1.hs" \
	"sim|$BIN/hs-sim --model replay $T/p2.hs" "report|$BIN/hs-report $T/p3.hs" \
	"all|$gen | $BIN/hs-plan -a taskp | $BIN/hs-sim --model replay | $BIN/hs-report"
[ -n "$BASE_BIN" ] && set -- "$@" \
	"base|$gen | $BASE_BIN/hs-plan -a taskp | $BASE_BIN/hs-sim --model replay | $BASE_BIN/hs-report"
paired pipe /dev/null "$@"
# CPU seconds (user + system of all processes) beside the wall times: the
# stages can only overlap where a core is idle, so on a loaded machine the
# pipeline's wall time stays near its CPU time, whatever the tools do.
awk -v g="$(med pipe gen)" -v p="$(med pipe plan)" -v s="$(med pipe sim)" -v r="$(med pipe report)" \
    -v a="$(med pipe all)" -v n="$n3" -v ca="$(med pipe all 3)" \
    -v cs="$(for l in gen plan sim report; do med pipe $l 3; done | awk '{ t += $1 } END { print t }')" \
    -v load="$(cut -d' ' -f1 /proc/loadavg)" -v ncpu="$(getconf _NPROCESSORS_ONLN)" 'BEGIN {
	sum = g + p + s + r
	printf "pipeline hs-gen | hs-plan | hs-sim | hs-report, %d tasks: %.3f s; stages alone %.3f + %.3f + %.3f + %.3f = %.3f s; pipeline / sum %.3f (%s)\n",
		n, a, g, p, s, r, sum, a / sum, a < sum ? "ok: stages overlap" : "NOT BELOW THE SUM"
	printf "  CPU (user + system): pipeline %.2f s, stages %.2f s; load %s on %d CPUs\n", ca, cs, load, ncpu
	exit !(a < sum)
}' || fail=1
[ -n "$BASE_BIN" ] && awk -v a="$(med pipe all)" -v b="$(med pipe base)" 'BEGIN {
	printf "  the previous build'"'"'s pipeline (its hs-plan, hs-sim, hs-report): %.3f s; x_base %.3f\n", b, a / b }'
exit $fail
