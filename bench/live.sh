#!/bin/sh
# bench/live.sh - hs-exec -a: an online algorithm deciding while the jobs
# run for real on this machine (local back end).
#  1. decision latency: N short jobs (default 200, `sleep 0.02`) of one
#     core each, all submitted at 0, on this machine's cores, by FCFS: each
#     start after the first ones follows an end.  From hs-exec's records:
#     from a process's end (when hs-exec reaped it) to the next job's start
#     (when hs-exec forked it): the median and the 99th percentile of REPS
#     runs pooled; target: median < 5 ms.  From the jobs' own clocks
#     (`date` at the end of one, at the start of the next, which adds
#     /bin/sh's and date's start-up): the same, for comparison.
#  2. real against simulated: TRACE_N jobs (default 100) of the HPC2N trace
#     on this machine, scaled so that the simulated makespan lasts about
#     SECONDS_ (default 30), submitted at their dates, then all at 0:
#     hs-sim -a easy, then hs-exec -a easy, compared by hs-report
#     --relative-to: the median start error, the makespan error, the jobs
#     killed at their walltime in each.
# Prints each measurement and its ratio to the target; exits 1 when the
# latency target is missed.
#   HS_BIN=DIR  tools to use (default: bin of this tree)
#   N=200  REPS=5  TRACE_N=100  SECONDS_=30
set -e
cd "$(dirname "$0")/.."
BIN=${HS_BIN:-bin}
N=${N:-200}
REPS=${REPS:-5}
TRACE_N=${TRACE_N:-100}
SECONDS_=${SECONDS_:-30}
TRACE=../shared/data/traces/HPC2N-2002-2.2-cln.first3171.swf
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cores=$(nproc)
fail=0

pctl() { # FILE P: the P-th percentile (nearest rank) of a column of numbers
	sort -g "$1" | awk -v p="$2" '{ v[NR] = $1 } END { if (!NR) { print "nan"; exit }
		k = int(p / 100 * NR + 0.999999); if (k < 1) k = 1; if (k > NR) k = NR; printf "%.3f\n", v[k] }'
}

# ---- 1. decision latency ----
{
	printf 'hs 1\nplatform local\ncluster local\nnode local cluster=local cores=%s\n' "$cores"
	i=0
	while [ $i -lt "$N" ]; do
		i=$((i + 1))
		echo "task t$i model=rigid size=1 time=0.02 cmd='echo s \$(date +%s.%N) >>$tmp/stamps.\$HS_CORES; sleep 0.02; echo e \$(date +%s.%N) >>$tmp/stamps.\$HS_CORES'"
	done
} >"$tmp/jobs.hs"
: >"$tmp/lat"
: >"$tmp/lat_jobs"
r=0
while [ $r -lt "$REPS" ]; do
	r=$((r + 1))
	rm -f "$tmp"/stamps.*
	"$BIN/hs-exec" -a fcfs --no-progress -L "$tmp/logs" "$tmp/jobs.hs" >"$tmp/out.hs"
	done_=$(grep -c '^run .*state=done' "$tmp/out.hs" || true)
	[ "$done_" -eq "$N" ] || { echo "live: only $done_ of $N jobs done" >&2; exit 1; }
	# records: a start after the first round, less the latest end before it
	awk '$1 == "run" { s = e = ""; for (i = 3; i <= NF; i++) { split($i, kv, "=");
		if (kv[1] == "start") s = kv[2]; if (kv[1] == "end") e = kv[2] } print s, e }' "$tmp/out.hs" |
		awk '{ s[NR] = $1; e[NR] = $2 } END {
			for (i = 1; i <= NR; i++) { last = -1
				for (j = 1; j <= NR; j++) if (e[j] <= s[i] && e[j] > last) last = e[j]
				if (last >= 0) printf "%.6f\n", (s[i] - last) * 1000 } }' >>"$tmp/lat"
	# the jobs' clocks, per core: a start stamp after the previous end stamp
	for f in "$tmp"/stamps.*; do
		awk '$1 == "e" { last = $2 } $1 == "s" && last != "" { printf "%.6f\n", ($2 - last) * 1000 }' "$f"
	done >>"$tmp/lat_jobs"
done
med=$(pctl "$tmp/lat" 50) p99=$(pctl "$tmp/lat" 99)
jmed=$(pctl "$tmp/lat_jobs" 50) jp99=$(pctl "$tmp/lat_jobs" 99)
n=$(wc -l <"$tmp/lat")
echo "live: decision latency, $N jobs on $cores cores by fcfs, $REPS runs ($n decisions after an end):"
echo "live:   hs-exec's records (end reaped -> next start forked): median $med ms, p99 $p99 ms"
echo "live:   the jobs' clocks (date at one's end -> date at the next's start): median $jmed ms, p99 $jp99 ms"
awk -v m="$med" 'BEGIN { printf "live: median latency %.2fx the target of 5 ms (%s)\n", m / 5, m < 5 ? "ok" : "ABOVE TARGET"; exit !(m < 5) }' || fail=1

# ---- 2. real against simulated ----
# Twice: the jobs submitted at their trace dates (45 days squeezed into
# SECONDS_: a millisecond here is a minute of the stream), and all
# submitted at 0 (the same jobs as one batch: a gentler scale).
compare() { # RELEASE: shift or zero
	"$BIN/hs-gen" swf -q --platform local -n "$TRACE_N" --max-size "$cores" --walltime max \
		--release "$1" --cmd 'exec sleep $HS_TIME' "$TRACE" >"$tmp/trace.hs"
	"$BIN/hs-sim" -a easy "$tmp/trace.hs" >"$tmp/sim.hs"
	span=$("$BIN/hs-report" -f tsv -m makespan "$tmp/sim.hs" | awk -F'\t' '$1 == "makespan" { print $2 }')
	scale=$(awk -v m="$span" -v s="$SECONDS_" 'BEGIN { printf "%.6g\n", m / s }')
	t0=$(date +%s.%N)
	"$BIN/hs-exec" -a easy --time-scale "$scale" --no-progress -L "$tmp/logs.$1" "$tmp/trace.hs" \
		>"$tmp/real.hs" 2>"$tmp/real.err" || true
	t1=$(date +%s.%N)
	"$BIN/hs-report" -f tsv --relative-to "$tmp/sim.hs" "$tmp/real.hs" >"$tmp/cmp.tsv"
	ks=$(grep -c '^run .*state=killed' "$tmp/sim.hs" || true)
	kr=$(grep -c '^run .*state=killed' "$tmp/real.hs" || true)
	awk -F'\t' -v sc="$scale" -v a="$t0" -v b="$t1" -v rel="$1" -v n="$TRACE_N" -v ks="$ks" -v kr="$kr" \
		'{ v[$1] = $2 } END {
		printf "live: %d HPC2N jobs, easy, released %s: --time-scale %.4g (1 ms here = %.1f s of the stream), ran %.1f s\n", n, rel == "zero" ? "all at 0" : "at their trace dates", sc, sc / 1000, b - a
		printf "live:   start error: median %.1f s (%.2f ms here), p95 |error| %.1f s, max %.1f s (%s); jobs on other resources %d of %d, pairs started in the other order %d\n", v["start_diff.median"], v["start_diff.median"] / sc * 1000, v["start_diff.p95_abs"], v["start_diff.max_abs"], v["start_diff.max_job"], v["other_resources"], v["jobs"], v["inverted_pairs"]
		printf "live:   makespan: simulated %.0f s, real %.0f s, relative error %+.4f; killed at their walltime: %d simulated, %d real\n", v["makespan_baseline"], v["makespan"], v["makespan_rel_error"], ks, kr }' "$tmp/cmp.tsv"
}
if [ -r "$TRACE" ]; then
	compare shift
	compare zero
else
	echo "live: $TRACE not found: real against simulated skipped"
fi
exit $fail
