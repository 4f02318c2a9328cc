#!/bin/sh
# bench/gen-swf.sh - hs-gen swf on real traces, whole process, cold: the
# HPC2N excerpt (3170 jobs) and the whole CEA Curie log (312 826 jobs, on a
# homogeneous platform of its 93 312 cores), against the target of a few
# seconds; then Curie five times over (1.56 M jobs) to show that memory does
# not grow with the trace and time grows linearly.  Median of RUNS (default
# 5) runs, interleaved with a baseline that only decompresses the trace
# (gzip -dcf | wc -l: the least any reader does); ratios are taken within
# this run.  Peak memory is the resident set of the whole process.
#   HS_BIN=DIR     tools to use (default: bin of this tree)
#   HS_SHARED=DIR  the shared data (default: ../shared)
set -e
cd "$(dirname "$0")/.."
BIN=${HS_BIN:-bin}
SHARED=${HS_SHARED:-../shared}
RUNS=${RUNS:-5}
HPC2N=$SHARED/data/traces/HPC2N-2002-2.2-cln.first3171.swf
CURIE=$SHARED/data/traces/CEA-Curie-2011-2.1-cln.swf.gz
if [ ! -f "$CURIE" ] || [ ! -f "$HPC2N" ] || [ ! -x /usr/bin/time ]; then
	echo "gen-swf: no traces in $SHARED/data/traces or no /usr/bin/time: skipped"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Curie five times: the header, then the jobs five times.
{ gzip -dc "$CURIE"; for i in 1 2 3 4; do gzip -dc "$CURIE" | grep -v '^;'; done; } |
	gzip -1 >"$tmp/curie5.swf.gz"
CPLAT=homogeneous:nodes=5832,cores=16

# once OUTFILE CMD...: wall seconds and peak KB of one run, appended to OUTFILE.
once() {
	out=$1
	shift
	/usr/bin/time -f '%e %M' -o "$tmp/t" "$@" >/dev/null 2>&1
	cat "$tmp/t" >>"$out"
}

median() {
	sort -n "$1" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# bench LABEL TRACE PLATFORM: RUNS interleaved runs of the baseline and of
# hs-gen swf; prints medians, the ratio, and hs-gen's peak memory.
bench() {
	label=$1 trace=$2 plat=$3
	: >"$tmp/base"
	: >"$tmp/gen"
	i=0
	while [ $i -lt "$RUNS" ]; do
		once "$tmp/base" sh -c "gzip -dcf '$trace' | wc -l"
		once "$tmp/gen" "$BIN/hs-gen" swf -q --platform "$plat" "$trace"
		i=$((i + 1))
	done
	cut -d' ' -f1 "$tmp/base" >"$tmp/bt"
	cut -d' ' -f1 "$tmp/gen" >"$tmp/gt"
	cut -d' ' -f2 "$tmp/gen" >"$tmp/gm"
	jobs=$(gzip -dcf "$trace" | awk '!/^;/ && NF == 18' | wc -l)
	b=$(median "$tmp/bt") g=$(median "$tmp/gt") m=$(median "$tmp/gm")
	awk -v l="$label" -v j="$jobs" -v b="$b" -v g="$g" -v m="$m" 'BEGIN {
		printf "%-10s %8d jobs  hs-gen swf %6.2f s  (%5.2f us/job)  decompress only %5.2f s  ratio %5.1f  peak %6.1f MB\n",
			l, j, g, (j ? g / j * 1e6 : 0), b, (b > 0 ? g / b : 0), m / 1024 }'
	echo "$g $m" >"$tmp/last-$label"
}

echo "hs-gen swf, whole process, median of $RUNS (interleaved with the decompress-only baseline);"
echo "target: the whole Curie log in a few seconds, memory independent of the trace's length"
echo "($(getconf _NPROCESSORS_ONLN) CPUs; load $(cut -d' ' -f1-3 /proc/loadavg): shared machines are noisy, compare ratios)"
bench HPC2N "$HPC2N" homogeneous:nodes=30,cores=8
bench Curie "$CURIE" $CPLAT
bench Curie-x5 "$tmp/curie5.swf.gz" $CPLAT
read -r t1 m1 <"$tmp/last-Curie"
read -r t5 m5 <"$tmp/last-Curie-x5"
awk -v t1="$t1" -v t5="$t5" -v m1="$m1" -v m5="$m5" 'BEGIN {
	printf "Curie x5 / Curie: time %.2f (5 for linear), peak memory %.2f (1 for constant)\n",
		(t1 > 0 ? t5 / t1 : 0), (m1 > 0 ? m5 / m1 : 0) }'
