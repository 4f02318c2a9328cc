#!/bin/sh
# bench/backfill.sh - the backfill plugin (hs-backfill(7)) on a whole real
# trace: the CEA Curie log's jobs of 1 hour to 1 day on at most 16
# processors (Dutot et al.'s filter, ~16 000 jobs), release = submit time,
# walltime = requested time, on Dutot's 128 one-core hosts (dutot-homo),
# under the runtime model (hs-sim --model replay).
#
# 1. Whole processes, cold, RUNS rounds (default 5) interleaved: fcfs,
#    easy, conservative in each variant and in compat=lucarelli; the median
#    wall and CPU (user+sys) seconds of each, its ratio to easy's median in
#    the same run, and to its target (easy < 1 s, conservative < 3 s).
# 2. The cost per decision as the queue grows (bench_backfill: the plugin's
#    core replayed without hs-sim, each batch timed and filed under the
#    queue length it saw).
#
# Environment: HS_BIN, HS_BUILD (default bin, build), RUNS, TRACE (an SWF
# file, plain or .gz; default ../shared/data/traces/CEA-Curie-2011-2.1-cln.swf.gz).
set -e
cd "$(dirname "$0")/.."
BIN=${HS_BIN:-bin}
BUILD=${HS_BUILD:-build}
RUNS=${RUNS:-5}
TRACE=${TRACE:-../shared/data/traces/CEA-Curie-2011-2.1-cln.swf.gz}
if [ ! -f "$TRACE" ]; then
	echo "backfill: skipped: no trace $TRACE"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The jobs: "release size run walltime", release from the earliest submit.
case $TRACE in
*.gz) cat_trace="gzip -dc" ;;
*) cat_trace=cat ;;
esac
$cat_trace "$TRACE" | awk '
	/^;/ || NF < 9 { next }
	$4 >= 3600 && $4 <= 86400 && $5 >= 1 && $5 <= 16 {
		n++; sub_[n] = $2; rest[n] = $5 " " $4 " " ($9 > 0 ? $9 : $4)
		if (n == 1 || $2 < t0) t0 = $2
	}
	END { for (i = 1; i <= n; i++) print sub_[i] - t0, rest[i] }' >"$tmp/jobs.txt"
{
	"$BIN/hs-gen" platform dutot-homo
	awk '{ printf "task j%d model=rigid size=%d time=%s walltime=%s release=%s scope=any\n", NR, $2, $3, $4, $1 }' \
		"$tmp/jobs.txt"
} >"$tmp/trace.hs"
njobs=$(wc -l <"$tmp/jobs.txt")
echo "backfill: $njobs jobs of $(basename "$TRACE") (1 h to 1 day, <= 16 processors) on dutot-homo (8 x 16 hosts); load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?') on $(nproc 2>/dev/null || echo '?') cores: compare ratios, not seconds"

# 1. Whole processes.
configs="fcfs:basic:none easy:basic:none conservative:basic:none conservative:be-contiguous:none
conservative:be-local:none conservative:contiguous:none conservative:local:none
conservative:basic:lucarelli conservative:local:lucarelli"
round=0
while [ $round -lt "$RUNS" ]; do
	for c in $configs; do
		algo=${c%%:*}
		rest=${c#*:}
		v=${rest%%:*}
		compat=${rest#*:}
		# wall, user and sys seconds of one cold process
		bash -c 'TIMEFORMAT="%R %U %S"; time "$@" >/dev/null 2>&1' _ \
			"$BIN/hs-sim" --model replay -a "$algo" -o "variant=$v,compat=$compat" "$tmp/trace.hs" \
			2>>"$tmp/t.$algo.$v.$compat"
	done
	round=$((round + 1))
done
median() { # FILE COLUMN-EXPRESSION
	awk "{ print $2 }" "$1" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
easy_wall=$(median "$tmp/t.easy.basic.none" '$1')
easy_cpu=$(median "$tmp/t.easy.basic.none" '$2 + $3')
for c in $configs; do
	algo=${c%%:*}
	rest=${c#*:}
	v=${rest%%:*}
	compat=${rest#*:}
	f="$tmp/t.$algo.$v.$compat"
	wall=$(median "$f" '$1')
	cpu=$(median "$f" '$2 + $3')
	target=
	[ "$algo" = easy ] && target=1
	[ "$algo" = conservative ] && target=3
	awk -v a="$algo" -v v="$v" -v c="$compat" -v w="$wall" -v u="$cpu" -v ew="$easy_wall" -v eu="$easy_cpu" \
		-v t="$target" -v r="$RUNS" 'BEGIN {
		printf "backfill: %-12s %-13s compat=%-9s median of %d: %6.3f s wall, %6.3f s cpu; /easy %5.2f wall, %5.2f cpu", \
			a, v, c, r, w, u, (ew > 0 ? w / ew : 0), (eu > 0 ? u / eu : 0)
		if (t != "") printf "; /target %d s: %.2f wall, %.2f cpu", t, w / t, u / t
		printf "\n"
	}'
done

# 2. Cost per decision as the queue grows.
make -s "$BUILD/bench/bench_backfill" >/dev/null
for algo in easy conservative; do
	echo "backfill: $algo, basic: cost per batch of events and per decision (profile search), by queue length"
	"$BUILD/bench/bench_backfill" "$algo" basic 0 8 16 <"$tmp/jobs.txt" | sed 's/^/  /'
done
