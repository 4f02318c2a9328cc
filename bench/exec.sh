#!/bin/sh
# bench/exec.sh - hs-exec on this machine (local back end):
#  1. overhead: N trivial tasks (`true`, default 1000) in one chain on one
#     core, so each starts when the previous ended: wall time per task
#     (reading, starting, reaping, writing the record), and the same less
#     the bare cost of starting `/bin/sh -c true`; target < 2 ms per task.
#  2. a scaled sleep study (Dietze, x = 0.95, 50 s base x 0.02): hs-gen
#     sleep | hs-plan -a taskp-ef | hs-exec, each task `exec sleep
#     $HS_TIME`; planned vs observed makespan; target within 2 %.
# Prints each measurement and its ratio to the target.
#   HS_BIN=DIR   tools to use (default: bin of this tree)
#   N=1000       tasks of the overhead run;  REPS=5  rounds (medians count)
#   SLEEP_N=12   tasks of the study
set -e
cd "$(dirname "$0")/.."
BIN=${HS_BIN:-bin}
N=${N:-1000}
SLEEP_N=${SLEEP_N:-12}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
fail=0

# ---- 1. overhead per task ----
awk -v n="$N" 'BEGIN {
	print "hs 1"; print "cluster local"; print "node local cluster=local cores=1"
	for (i = 1; i <= n; i++) printf "task t%d model=rigid size=1 time=0.001 cmd=true\n", i
	for (i = 1; i <= n; i++)
		printf "plan t%d node=local cores=0 start=%g end=%g%s\n", i, (i - 1) / 1000, i / 1000,
			(i > 1 ? " after=t" (i - 1) : "")
}' >"$tmp/chain.hs"
# Medians of REPS rounds (the machine may be shared), each round running
# hs-exec on the chain and, right after, the bare cost of what each task
# is: fork + exec of /bin/sh -c true from a shell loop.
REPS=${REPS:-5}
: >"$tmp/runs"
: >"$tmp/bares"
: >"$tmp/cpus"
r=0
while [ $r -lt "$REPS" ]; do
	r=$((r + 1))
	t0=$(now)
	"$BIN/hs-exec" --no-progress -L "$tmp/logs" "$tmp/chain.hs" >"$tmp/chain.out"
	t1=$(now)
	runs=$(grep -c '^run .*state=done' "$tmp/chain.out" || true)
	[ "$runs" -eq "$N" ] || { echo "exec: only $runs of $N tasks done" >&2; exit 1; }
	# hs-exec's own CPU time, from its summary line ("hs-exec used S s CPU").
	c=$(sed -n 's/.*hs-exec used \([0-9.]*\) s CPU.*/\1/p' "$tmp/chain.out")
	t2=$(now)
	i=0
	while [ $i -lt "$N" ]; do
		/bin/sh -c true
		i=$((i + 1))
	done
	t3=$(now)
	awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }' >>"$tmp/runs"
	awk -v a="$t2" -v b="$t3" 'BEGIN { print b - a }' >>"$tmp/bares"
	echo "$c" >>"$tmp/cpus"
done
median() {
	sort -g "$1" | awk '{ v[NR] = $1 } END { printf "%.6f\n", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
best=$(median "$tmp/runs")
bare=$(median "$tmp/bares")
cpu=$(median "$tmp/cpus")
awk -v run="$best" -v bare="$bare" -v n="$N" -v cpu="$cpu" -v reps="$REPS" 'BEGIN {
	per = run / n * 1000; b = bare / n * 1000; over = per - b
	printf "exec: %d chained `true` tasks (median of %d): %.3f s, %.3f ms per task; bare sh -c true %.3f ms; hs-exec overhead %.3f ms (its own CPU %.3f ms per task)\n", n, reps, run, per, b, over, cpu / n * 1000
	printf "exec: overhead per task %.2fx the target of 2 ms (%s); with the task itself %.2fx\n", over / 2, over < 2 ? "ok" : "ABOVE TARGET", per / 2
	exit (over < 2 ? 0 : 1)
}' || fail=1

# ---- 2. sleep study: planned vs observed makespan ----
# `hs-gen platform local` describes this machine; older trees lack it.
if "$BIN/hs-gen" platform local >"$tmp/local.hs" 2>/dev/null; then
	platform=local
else
	printf 'hs 1\ncluster local\nnode local cluster=local cores=%s\n' "$(nproc)" >"$tmp/local.hs"
	platform=$tmp/local.hs
fi
"$BIN/hs-gen" sleep -n "$SLEEP_N" -x 0.95 --scale 0.02 --platform "$platform" --cmd 'exec sleep $HS_TIME' |
	"$BIN/hs-plan" -a taskp-ef >"$tmp/plan.hs"
"$BIN/hs-exec" --no-progress -L "$tmp/logs2" "$tmp/plan.hs" >"$tmp/obs.hs"
awk -v n="$SLEEP_N" '
	function val(key,   i, kv) { for (i = 3; i <= NF; i++) { split($i, kv, "="); if (kv[1] == key) return kv[2] } return "" }
	$1 == "plan" { e = val("end") + 0; if (e > planned) planned = e; pdur[$2] = e - val("start"); after[$2] = val("after") }
	$1 == "run"  { e = val("end") + 0; if (e > observed) observed = e; runs++; s[$2] = val("start"); en[$2] = e }
	END {
		if (runs != n || planned <= 0) { printf "exec: sleep study: %d of %d tasks ran\n", runs, n; exit 1 }
		# Where the difference comes from: hs-exec (from the end of the
		# last predecessor to the start) or the task (longer than planned).
		for (t in s) {
			over += en[t] - s[t] - pdur[t]
			if (after[t] == "") continue
			k = split(after[t], a, ","); last = 0
			for (i = 1; i <= k; i++) if (en[a[i]] > last) last = en[a[i]]
			gap += s[t] - last; ngap++
		}
		r = observed / planned; d = r - 1; if (d < 0) d = -d
		printf "exec: sleep study (%d tasks, taskp-ef): planned makespan %.3f s, observed %.3f s, ratio %.4f\n", n, planned, observed, r
		printf "exec: per task: hs-exec start latency %.3f ms (after its predecessors end), the task itself %.3f ms longer than planned\n", (ngap ? gap / ngap : 0) * 1000, over / n * 1000
		printf "exec: deviation %.2f%%, %.2fx the 2%% target (%s)\n", d * 100, d / 0.02, d <= 0.02 ? "ok" : "ABOVE TARGET"
		exit (d <= 0.02 ? 0 : 1)
	}' "$tmp/obs.hs" || fail=1
exit $fail
