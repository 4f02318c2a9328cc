#!/bin/sh
# bench/dutot.sh - the Dutot study's runs (share/studies/dutot): one run =
# one hs-sim process scheduling 300 CEA Curie jobs online with conservative
# backfilling (compat=lucarelli) under the flow model on dutot-homo.
#
# Whole processes, cold, REPS rounds interleaved (bench/lib.sh); on three
# instances (seed 0, F_comm = 0, 1e8, 3e8):
#   - each variant under the flow model, and its ratio to the same run of
#     basic under the runtime model (--model replay: no network), the
#     baseline of the round;
#   - basic with --link-stats, its ratio to basic without (the cost of
#     measuring every link);
#   - the projected time of the full §5.3 grid on one core: 20 seeds x 40
#     F_comm x the 5 variants' medians (the issue's target: minutes, not
#     hours; here < 600 s).
# Environment: HS_BIN (default bin), REPS, TRACE (default the Curie log in
# ../shared/data).
set -e
cd "$(dirname "$0")/.."
BIN=${HS_BIN:-bin}
TRACE=${TRACE:-../shared/data/traces/CEA-Curie-2011-2.1-cln.swf.gz}
if [ ! -f "$TRACE" ]; then
	echo "dutot: skipped: no trace $TRACE"
	exit 0
fi
BENCH_TMP=$(mktemp -d)
trap 'rm -rf "$BENCH_TMP"' EXIT
. bench/lib.sh

variants="basic be-contiguous be-local contiguous local"
fcomms="0 100000000 300000000"
for f in $fcomms; do
	"$BIN/hs-gen" ptask -n 300 --lt 1h --ut 4h --fcomp 1e6 --fw 1e3 --scope any --platform dutot-homo \
		--swf "$TRACE" --seed 0 --fcomm "$f" -o "$BENCH_TMP/f$f.hs"
done
echo "dutot: 300 jobs of $(basename "$TRACE"), seed 0, on dutot-homo; medians of $REPS interleaved cold runs; load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?') on $(nproc 2>/dev/null || echo '?') cores: compare ratios, not seconds"
sim="$BIN/hs-sim --no-progress -a conservative"
for f in $fcomms; do
	# (stderr dropped: hs-sim warns that durations differ from time=, as
	# they must with F_comp = 1e6 on hosts of 286.097e3 flop/s)
	set -- "replay|$sim -o variant=basic,compat=lucarelli --model replay 2>/dev/null"
	for v in $variants; do
		set -- "$@" "$v|$sim -o variant=$v,compat=lucarelli 2>/dev/null"
	done
	set -- "$@" "links|$sim -o variant=basic,compat=lucarelli --link-stats $BENCH_TMP/links.tsv 2>/dev/null"
	paired "f$f" "$BENCH_TMP/f$f.hs" "$@"
	base=$(med "f$f" replay)
	line="  F_comm $f: replay (baseline) $(printf '%.4f' "$base") s"
	for v in $variants; do
		m=$(med "f$f" "$v")
		line="$line; $v $(printf '%.4f' "$m") s ($(awk -v a="$m" -v b="$base" 'BEGIN { printf "%.2f", a / b }')x)"
		echo "$m" >>"$BENCH_TMP/per-variant.$v"
	done
	echo "$line"
	l=$(med "f$f" links)
	b=$(med "f$f" basic)
	echo "    basic --link-stats $(printf '%.4f' "$l") s: $(awk -v a="$l" -v b="$b" 'BEGIN { printf "%.2f", a / b }') x basic without"
done
# The grid: every (seed, F_comm) once per variant; a run's time taken as
# the mean over the three F_comm of that variant's medians.
grid=$(for v in $variants; do awk '{ s += $1; n++ } END { print s / n }' "$BENCH_TMP/per-variant.$v"; done |
	awk '{ s += $1 } END { printf "%.1f", s * 800 }')
per=$(awk -v g="$grid" 'BEGIN { printf "%.4f", g / 4000 }')
echo "dutot: §5.3 full grid projected: 4000 runs x $per s = $grid s on one core (target < 600 s)"
awk -v g="$grid" 'BEGIN { exit !(g < 600) }'
