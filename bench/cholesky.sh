#!/bin/sh
# bench/cholesky.sh - task graphs at the size of RSCHED's largest
# application (app_11: 76800 / 120 tiles, 295 240 tasks, 863 940 edges):
#   1. hs-gen cholesky --config 11, whole process, against hs-gen sleep
#      with as many tasks (the same writer, no graph): tasks per second;
#   2. hs-sim --model replay of its plan (ect), against the same plan with
#      the deps= keys removed (what the graph costs the loader, the
#      validator and the simulator's plan graph): microseconds per task.
# Each pair runs interleaved ROUNDS times (default 5), cold processes; the
# medians and their ratio are printed.  Wall time grows when other work
# shares the machine, CPU time (user + system) much less: both are shown.
#   HS_BIN=DIR   tools to use (default: bin of this tree)
#   ROUNDS=N     rounds (default 5)
set -e
cd "$(dirname "$0")/.."
BIN=${HS_BIN:-bin}
ROUNDS=${ROUNDS:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }
cpu_secs() { awk 'NR == 2 { s = 0; for (i = 1; i <= 2; i++) { split($i, a, "m"); s += a[1] * 60 + a[2] } printf "%.6f\n", s }' "$1"; }
sub() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f\n", a - b }'; }
median() { sort -g | awk '{ v[NR] = $1 } END { printf "%.3f\n", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# time_run LABEL CMD...: run CMD (stdout to $tmp/out), append "wall cpu" to $tmp/LABEL
time_run() {
	label=$1
	shift
	times >"$tmp/c0"
	t0=$(now)
	"$@" >"$tmp/out"
	t1=$(now)
	times >"$tmp/c1"
	echo "$(sub "$t1" "$t0") $(sub "$(cpu_secs "$tmp/c1")" "$(cpu_secs "$tmp/c0")")" >>"$tmp/$label"
}

col() { awk -v c="$2" '{ print $c }' "$tmp/$1" | median; }

# table WHAT UNIT LABEL NAME BASELABEL BASENAME: medians of both, the rate
# (UNIT tasks/s_wall: tasks per second; us/task_wall: microseconds per task)
# and the ratio of the first to the baseline.
table() {
	printf '%-34s %8s %8s %12s\n' "$1" wall_s cpu_s "$2"
	for l in "$3:$4" "$5:$6"; do
		w=$(col "${l%%:*}" 1) c=$(col "${l%%:*}" 2)
		printf '%-34s %8s %8s %12s\n' "${l#*:}" "$w" "$c" "$(awk -v w="$w" -v n=$N -v u="$2" \
			'BEGIN { if (u == "tasks/s_wall") printf "%.0f", n / w; else printf "%.2f", w / n * 1e6 }')"
	done
	echo "ratio: wall $(awk -v a="$(col "$3" 1)" -v b="$(col "$5" 1)" 'BEGIN { printf "%.2f", a / b }')," \
		"cpu $(awk -v a="$(col "$3" 2)" -v b="$(col "$5" 2)" 'BEGIN { printf "%.2f", a / b }')"
}

N=295240
"$BIN/hs-gen" cholesky --config 11 >"$tmp/g.hs"
edges=$(awk '$1 == "task" { for (i = 3; i <= NF; i++) if ($i ~ /^deps=/) n += split($i, a, ",") } END { print n }' "$tmp/g.hs")
echo "app_11: $(grep -c '^task ' "$tmp/g.hs") tasks, $edges edges, $(wc -c <"$tmp/g.hs") bytes; $ROUNDS rounds, medians"

r=0
while [ $r -lt "$ROUNDS" ]; do
	time_run gen "$BIN/hs-gen" cholesky --config 11
	time_run sleep "$BIN/hs-gen" sleep -n $N -x 1 --platform a100
	r=$((r + 1))
done
table generator tasks/s_wall gen "hs-gen cholesky --config 11" sleep "hs-gen sleep -n $N (baseline)"

"$BIN/hs-plan" -a ect "$tmp/g.hs" >"$tmp/p.hs"
sed 's/ deps=[^ ]*//' "$tmp/p.hs" >"$tmp/nodeps.hs"
"$BIN/hs-sim" --model replay "$tmp/p.hs" | awk '$1 == "run" { for (i = 3; i <= NF; i++) if ($i ~ /^end=/) { v = substr($i, 5) + 0; if (v > m) m = v } } END { printf "replayed makespan (ect plan): %.6g s\n", m }'
r=0
while [ $r -lt "$ROUNDS" ]; do
	time_run replay "$BIN/hs-sim" --model replay "$tmp/p.hs"
	time_run replay0 "$BIN/hs-sim" --model replay "$tmp/nodeps.hs"
	r=$((r + 1))
done
table simulation us/task_wall replay "hs-sim --model replay" replay0 "the same, deps= removed (baseline)"
