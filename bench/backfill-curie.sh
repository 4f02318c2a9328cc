#!/bin/sh
# bench/backfill-curie.sh - the backfill plugin at the scale of a whole
# machine: the whole CEA Curie log (295 540 jobs with a run time) replayed
# on its own size (5 832 nodes of 16 cores, 93 312 cores), as hs-gen(1)'s
# example does: hs-gen swf --platform homogeneous:nodes=5832,cores=16, then
# hs-sim -a ALGO (the whole process: reading, the simulation, the records,
# writing the stream to /dev/null).
#
# 1. The whole log, fcfs and easy (and conservative with CONS=1: more
#    than ten times easy's time, minutes), RUNS rounds (default 3: each run
#    is tens of seconds of CPU; the medians are of 3), interleaved: the median wall
#    and CPU (user + system) seconds and peak resident memory, the memory
#    per MB of the stream written, and easy against its target (60 s
#    wall, issue 18: well under a minute).
# 2. With BASE_BIN (a previous build's tools: git worktree add /tmp/base
#    REV && make -C /tmp/base; BASE_BIN=/tmp/base/bin): the first WINDOW
#    jobs of the log (default 20 000; a previous build may need hours for
#    the whole log), each algorithm run by both builds in the same rounds:
#    the ratios of the medians (time and memory), and whether the outputs
#    are byte-identical.
#
# Environment: HS_BIN (default bin), BASE_BIN, RUNS, WINDOW, CONS, HS_SHARED
# (default ../shared).
set -e
cd "$(dirname "$0")/.."
BIN=${HS_BIN:-bin}
SHARED=${HS_SHARED:-../shared}
RUNS=${RUNS:-3}
WINDOW=${WINDOW:-20000}
CURIE=$SHARED/data/traces/CEA-Curie-2011-2.1-cln.swf.gz
if [ ! -f "$CURIE" ] || [ ! -x /usr/bin/time ]; then
	echo "backfill-curie: no $CURIE or no /usr/bin/time: skipped"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
PLAT=homogeneous:nodes=5832,cores=16
"$BIN/hs-gen" swf -q --platform $PLAT "$CURIE" >"$tmp/whole.hs"
"$BIN/hs-gen" swf -q -n "$WINDOW" --platform $PLAT "$CURIE" >"$tmp/window.hs"
algos="fcfs easy"
[ "${CONS:-0}" = 1 ] && algos="$algos conservative"
echo "backfill-curie: $(grep -c '^task' "$tmp/whole.hs") jobs of the CEA Curie log on $PLAT; medians of $RUNS rounds;" \
	"load $(cut -d' ' -f1-3 /proc/loadavg) on $(getconf _NPROCESSORS_ONLN) CPUs: wall times suffer from other work, CPU times less"

# once TAG BIN INPUT: one cold run; appends "wall cpu peak_kb out_bytes" to $tmp/TAG.
once() {
	/usr/bin/time -f '%e %U %S %M' -o "$tmp/t" "$2/hs-sim" -a "${1%%.*}" <"$3" >"$tmp/out.$1" 2>/dev/null
	awk -v b="$(wc -c <"$tmp/out.$1")" '{ print $1, $2 + $3, $4, b }' "$tmp/t" >>"$tmp/$1"
}
med() { # TAG COLUMN
	awk -v c="$2" '{ print $c }' "$tmp/$1" | sort -g |
		awk '{ v[NR] = $1 } END { printf "%.3f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

r=0
while [ $r -lt "$RUNS" ]; do
	r=$((r + 1))
	for a in $algos; do
		once "$a.whole" "$BIN" "$tmp/whole.hs"
		if [ -n "$BASE_BIN" ]; then
			once "$a.base" "$BASE_BIN" "$tmp/window.hs"
			once "$a.new" "$BIN" "$tmp/window.hs"
			cmp -s "$tmp/out.$a.base" "$tmp/out.$a.new" || echo diff >>"$tmp/$a.differ"
		fi
	done
done

fail=0
printf '%-13s %9s %9s %9s %9s  %s\n' algo wall_s cpu_s peak_MB MB/out_MB target
for a in $algos; do
	w=$(med "$a.whole" 1) c=$(med "$a.whole" 2) m=$(med "$a.whole" 3) o=$(med "$a.whole" 4)
	awk -v a="$a" -v w="$w" -v c="$c" -v m="$m" -v o="$o" 'BEGIN {
		t = a == "easy" ? 60 : 0
		printf "%-13s %9.2f %9.2f %9.0f %9.2f  %s\n", a, w, c, m / 1024, m * 1024 / o,
			t ? sprintf("%s (< %d s wall)", w < t ? "ok" : "ABOVE TARGET", t) : "-"
		exit t && w >= t }' || fail=1
done
if [ -n "$BASE_BIN" ]; then
	echo "the first $WINDOW jobs, this build against $BASE_BIN, medians of $RUNS rounds:"
	printf '%-13s %9s %9s %9s %9s %9s %9s  %s\n' algo wall_s base_s x_wall x_cpu peak_MB x_peak output
	for a in $algos; do
		awk -v a="$a" -v w="$(med "$a.new" 1)" -v bw="$(med "$a.base" 1)" -v c="$(med "$a.new" 2)" \
			-v bc="$(med "$a.base" 2)" -v m="$(med "$a.new" 3)" -v bm="$(med "$a.base" 3)" \
			-v same="$([ -f "$tmp/$a.differ" ] && echo DIFFERENT || echo identical)" 'BEGIN {
			printf "%-13s %9.2f %9.2f %9.3f %9.3f %9.0f %9.3f  %s\n", a, w, bw, w / bw, c / bc,
				m / 1024, m / bm, same }'
		[ ! -f "$tmp/$a.differ" ] || fail=1
	done
fi
exit $fail
