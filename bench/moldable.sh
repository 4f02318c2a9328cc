#!/bin/sh
# bench/moldable.sh - hs-plan on the largest instances of Bleuse et al.
# (n=1000, m=512, k=16 and 32; ten seeds each) with approx32, approx2 and
# heft: median and max of the wall and CPU time of one hs-plan run
# (reading, planning, validating, writing) and of the algorithm alone (prov
# algo_time), the ratio of approx32's to its targets (median 0.1 s, max 1 s;
# the paper needed under 5 s for k=16 in Julia + Gurobi), and how often
# approx32's makespan beats all six HEFT-like heuristics.
#   HS_BIN=DIR   tools to use (default: bin of this tree)
#   SEEDS="1 2"  seeds (default 1..10)
set -e
cd "$(dirname "$0")/.."
BIN=${HS_BIN:-bin}
SEEDS=${SEEDS:-"1 2 3 4 5 6 7 8 9 10"}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }
# user+system seconds of all children so far (the shell's `times`): unlike
# the wall time it does not grow when other work shares the machine
# (`times` must run in this shell, not in a $(...) subshell)
cpu_secs() { awk 'NR == 2 { s = 0; for (i = 1; i <= 2; i++) { split($i, a, "m"); s += a[1] * 60 + a[2] } printf "%.6f\n", s }' "$1"; }
# makespan of the plan records on stdin
makespan() {
	awk '$1 == "plan" { for (i = 3; i <= NF; i++) if ($i ~ /^end=/) { v = substr($i, 5) + 0; if (v > m) m = v } }
	     END { printf "%.10g\n", m }'
}
prov() {
	awk -v k="$1" '$1 == "prov" && $2 == "plan" { for (i = 3; i <= NF; i++) if (index($i, k "=") == 1) print substr($i, length(k) + 2) }'
}
# median and max of the numbers on stdin
stats() {
	sort -g | awk '{ v[NR] = $1 } END { if (!NR) { print "- -"; exit }
		med = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.4f %.4f\n", med, v[NR] }'
}

printf '%-9s %3s %9s %9s %9s %9s %9s %9s %6s\n' algo k wall_med wall_max cpu_med cpu_max algo_med algo_max steps
for k in 16 32; do
	for s in $SEEDS; do
		"$BIN/hs-gen" moldable -n 1000 -m 512 -k "$k" --seed "$s" >"$tmp/i-$k-$s.hs"
	done
	for a in approx32 approx2 heft; do
		: >"$tmp/wall-$a-$k"
		: >"$tmp/cpu-$a-$k"
		: >"$tmp/algo-$a-$k"
		: >"$tmp/steps-$a-$k"
		for s in $SEEDS; do
			times >"$tmp/c0"
			t0=$(now)
			"$BIN/hs-plan" -a "$a" "$tmp/i-$k-$s.hs" >"$tmp/p-$a-$k-$s.hs"
			t1=$(now)
			times >"$tmp/c1"
			echo "$t1 - $t0" | bc -l >>"$tmp/wall-$a-$k"
			echo "$(cpu_secs "$tmp/c1") - $(cpu_secs "$tmp/c0")" | bc -l >>"$tmp/cpu-$a-$k"
			prov algo_time <"$tmp/p-$a-$k-$s.hs" >>"$tmp/algo-$a-$k"
			prov steps <"$tmp/p-$a-$k-$s.hs" >>"$tmp/steps-$a-$k"
		done
		w=$(stats <"$tmp/wall-$a-$k")
		c=$(stats <"$tmp/cpu-$a-$k")
		g=$(stats <"$tmp/algo-$a-$k")
		st=$(awk '{ s += $1; n++ } END { if (n) printf "%.1f", s / n; else print "-" }' "$tmp/steps-$a-$k")
		printf '%-9s %3s %9s %9s %9s %9s %9s %9s %6s\n' "$a" "$k" ${w% *} ${w#* } ${c% *} ${c#* } ${g% *} ${g#* } "$st"
		if [ "$a" = approx32 ]; then
			echo "$w" >"$tmp/a32-$k"
			echo "$c" >"$tmp/a32c-$k"
		fi
	done
	# quality: approx32 against the six HEFT-like heuristics
	win=0
	n=0
	for s in $SEEDS; do
		m32=$(makespan <"$tmp/p-approx32-$k-$s.hs")
		best=""
		for h in heft-lpt-seq heft-spt-seq heft-ratio-seq heft-lpt-par heft-spt-par heft-ratio-par; do
			mh=$("$BIN/hs-plan" -a "$h" "$tmp/i-$k-$s.hs" | makespan)
			best=$(printf '%s\n%s\n' "$best" "$mh" | awk 'NF { if (b == "" || $1 < b) b = $1 } END { print b }')
		done
		n=$((n + 1))
		if awk -v a="$m32" -v b="$best" 'BEGIN { exit !(a < b) }'; then win=$((win + 1)); fi
		echo "$best / $m32" | bc -l >>"$tmp/rel-$k"
	done
	rel=$(stats <"$tmp/rel-$k")
	echo "k=$k: approx32 shorter than every HEFT-like heuristic on $win of $n instances; best HEFT / approx32: median ${rel% *}, max ${rel#* }"
done
for k in 16 32; do
	for what in wall cpu; do
		[ $what = wall ] && w=$(cat "$tmp/a32-$k") || w=$(cat "$tmp/a32c-$k")
		awk -v k="$k" -v what="$what" -v med="${w% *}" -v max="${w#* }" 'BEGIN {
			printf "approx32 k=%s %s time: median %.4f s = %.2f x target 0.1 s; max %.4f s = %.2f x target 1 s\n", k, what, med, med / 0.1, max, max / 1 }'
	done
done
echo "(wall: one hs-plan run from start to exit; cpu: its user+system time; algo: prov algo_time)"
