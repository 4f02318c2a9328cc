#!/bin/sh
# bench/report.sh - hs-report --by algo over 1 000 planned streams of 10 000
# tasks each (about 1.1 GB), against the target of a few seconds, and its
# peak memory, which must stay near one stream per reading thread, not grow
# with the number of files.  Usage: sh bench/report.sh [FILES [TASKS]]
# The streams are made once: one instance, planned by four algorithms, then
# copied with a different seed in the provenance (hs-report reads each copy
# in full, as it would a real result).
#   HS_BIN=DIR   tools to use (default: bin of this tree)
set -e
cd "$(dirname "$0")/.."
BIN=${HS_BIN:-bin}
nfiles=${1:-1000}
ntasks=${2:-10000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$BIN/hs-gen" sleep -n "$ntasks" -x 0.95 --jitter 0.2 --seed 1 >"$tmp/inst.hs"
algos="taskp datap taskp-ef waterl"
for a in $algos; do "$BIN/hs-plan" -a "$a" "$tmp/inst.hs" >"$tmp/base-$a.hs"; done
mkdir "$tmp/in"
per=$(( (nfiles + 3) / 4 ))
for a in $algos; do
	awk -v n="$per" -v dir="$tmp/in" -v a="$a" '
		{ line[NR] = $0 }
		END {
			for (k = 1; k <= n; k++) {
				f = sprintf("%s/%s-%04d.hs", dir, a, k)
				for (i = 1; i <= NR; i++) {
					l = line[i]
					if (l ~ /^prov gen /) sub(/ seed=[0-9]+/, " seed=" k, l)
					print l > f
				}
				close(f)
			}
		}' "$tmp/base-$a.hs"
done
# A tenth of them, to show that memory does not grow with the number of files.
mkdir "$tmp/tenth"
for f in $(ls "$tmp/in" | awk 'NR % 10 == 1'); do ln -s "$tmp/in/$f" "$tmp/tenth/$f"; done

# run LABEL DIR ARGS...: wall seconds and peak resident memory of hs-report
# over DIR/*.hs.
run() {
	label=$1 dir=$2
	shift 2
	files=$(ls "$dir" | wc -l)
	mb=$(du -sLm "$dir" | cut -f1)
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -v "$BIN/hs-report" "$@" "$dir"/*.hs >"$tmp/out" 2>"$tmp/time"
		awk -v l="$label" -v f="$files" -v mb="$mb" '
			/Elapsed \(wall clock\)/ { n = split($NF, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i] }
			/Maximum resident set size/ { kb = $NF }
			END { printf "%-22s %6d files %6d MB  %7.2f s  %7.0f MB/s  peak %6.1f MB\n", l, f, mb, s, (s > 0 ? mb / s : 0), kb / 1024 }' "$tmp/time"
	else
		t0=$(date +%s.%N)
		"$BIN/hs-report" "$@" "$dir"/*.hs >"$tmp/out"
		t1=$(date +%s.%N)
		awk -v l="$label" -v f="$files" -v mb="$mb" -v a="$t0" -v b="$t1" \
			'BEGIN { printf "%-22s %6d files %6d MB  %7.2f s  %7.0f MB/s  peak ? MB\n", l, f, mb, b - a, (b > a ? mb / (b - a) : 0) }'
	fi
}

echo "hs-report over streams of $ntasks tasks (planned); target: 1000 files in a few seconds"
echo "($(getconf _NPROCESSORS_ONLN) CPUs; load $(cut -d' ' -f1-3 /proc/loadavg))"
run "--by algo" "$tmp/in" --by algo
run "--by algo -j 1" "$tmp/in" --by algo -j 1
run "--by algo --stats all" "$tmp/in" --by algo --stats mean,median,min,max,sd,ci95,n
run "--by algo -j 1" "$tmp/tenth" --by algo -j 1
"$BIN/hs-report" --by algo -m makespan,ratio,utilization,rue --stats mean,ci95 "$tmp"/tenth/*.hs
