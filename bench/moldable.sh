#!/bin/sh
# bench/moldable.sh - hs-plan -a approx32 on the largest instances of Bleuse
# et al. (n=1000, m=512, k=16 and 32, the paper's law: hs-gen moldable's
# default), ten seeds each.  Per instance: the median over R rounds of one
# whole hs-plan process (reading, planning, validating, writing), wall and
# CPU (user + system) time, interleaved with heft-lpt-seq (the same process
# with a trivial algorithm: the I/O floor) and, with HS_BASE_BIN, another
# build's approx32; the LPs and ILPs the search solved.  Then the median and
# max over the instances against the targets (median 0.1 s, max 1 s; the
# paper needed under 5 s for k=16 with Julia + Gurobi), the paper preset's
# time (one run), and the makespans against approx2 and the six HEFT-like
# heuristics.  The machine is shared: wall time grows with the load, CPU
# time much less; ratios are taken within each round.
#   HS_BIN=DIR       tools to use (default: bin of this tree)
#   HS_BASE_BIN=DIR  also time approx32 of another build (e.g. main's)
#   SEEDS="1 2"      seeds (default 1..10)
#   R=5              rounds per instance (default 5)
set -e
cd "$(dirname "$0")/.."
BIN=${HS_BIN:-bin}
BASE=${HS_BASE_BIN:-}
SEEDS=${SEEDS:-"1 2 3 4 5 6 7 8 9 10"}
R=${R:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }
# user+system seconds of all children so far (the shell's `times`, which
# must run in this shell, not in a $(...) subshell)
cpu_secs() { awk 'NR == 2 { s = 0; for (i = 1; i <= 2; i++) { split($i, a, "m"); s += a[1] * 60 + a[2] } printf "%.6f\n", s }' "$1"; }
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
med() { stats | cut -d' ' -f1; }

# one timed run: run NAME BIN ALGO-ARGS... (instance in $inst); appends
# wall and cpu seconds to $tmp/NAME.wall and .cpu, the plan to $tmp/NAME.hs
run() {
	name=$1 bin=$2
	shift 2
	times >"$tmp/c0"
	t0=$(now)
	"$bin/hs-plan" "$@" "$inst" >"$tmp/$name.hs"
	t1=$(now)
	times >"$tmp/c1"
	echo "$t1 - $t0" | bc -l >>"$tmp/$name.wall"
	echo "$(cpu_secs "$tmp/c1") - $(cpu_secs "$tmp/c0")" | bc -l >>"$tmp/$name.cpu"
}

echo "approx32 on n=1000, m=512, the paper's law; $R rounds per instance, interleaved with heft-lpt-seq${BASE:+ and $BASE/hs-plan -a approx32}"
printf '%3s %4s %8s %8s %8s %8s %6s %4s %4s %5s %8s %8s %5s %5s%s\n' k seed wall_s cpu_s heft_s a32/heft steps lps ilps best makespan paper_s p_lps p_ilps \
	"${BASE:+ base_s new/base}"
: >"$tmp/all.wall"
: >"$tmp/all.cpu"
: >"$tmp/all.ratio"
: >"$tmp/all.bratio"
: >"$tmp/all.paper"
for k in 16 32; do
	for s in $SEEDS; do
		inst=$tmp/i-$k-$s.hs
		"$BIN/hs-gen" moldable -n 1000 -m 512 -k "$k" --seed "$s" >"$inst"
		rm -f "$tmp"/a32.* "$tmp"/heft.* "$tmp"/base.* "$tmp/ratio" "$tmp/bratio"
		r=0
		while [ $r -lt "$R" ]; do
			# alternate the order between rounds
			if [ $((r % 2)) -eq 0 ]; then
				run heft "$BIN" -a heft-lpt-seq
				run a32 "$BIN" -a approx32
				[ -z "$BASE" ] || run base "$BASE" -a approx32
			else
				[ -z "$BASE" ] || run base "$BASE" -a approx32
				run a32 "$BIN" -a approx32
				run heft "$BIN" -a heft-lpt-seq
			fi
			echo "$(tail -n 1 "$tmp/a32.wall") / $(tail -n 1 "$tmp/heft.wall")" | bc -l >>"$tmp/ratio"
			[ -z "$BASE" ] || echo "$(tail -n 1 "$tmp/a32.wall") / $(tail -n 1 "$tmp/base.wall")" | bc -l >>"$tmp/bratio"
			r=$((r + 1))
		done
		w=$(med <"$tmp/a32.wall")
		c=$(med <"$tmp/a32.cpu")
		h=$(med <"$tmp/heft.wall")
		q=$(med <"$tmp/ratio")
		echo "$w" >>"$tmp/all.wall"
		echo "$c" >>"$tmp/all.cpu"
		echo "$q" >>"$tmp/all.ratio"
		extra=""
		if [ -n "$BASE" ]; then
			bq=$(med <"$tmp/bratio")
			echo "$bq" >>"$tmp/all.bratio"
			extra=$(printf ' %8s %8s' "$(med <"$tmp/base.wall")" "$bq")
		fi
		# the paper preset, once
		t0=$(now)
		"$BIN/hs-plan" -a approx32 -o paper "$inst" >"$tmp/paper-$k-$s.hs" 2>/dev/null
		t1=$(now)
		pw=$(echo "$t1 - $t0" | bc -l)
		echo "$pw" >>"$tmp/all.paper"
		cp "$tmp/a32.hs" "$tmp/a32-$k-$s.hs"
		printf '%3s %4s %8s %8s %8s %8s %6s %4s %4s %5s %8s %8.3f %5s %5s%s\n' "$k" "$s" "$w" "$c" "$h" "$q" \
			"$(prov steps <"$tmp/a32.hs")" "$(prov lps <"$tmp/a32.hs")" "$(prov ilps <"$tmp/a32.hs")" \
			"$(prov best <"$tmp/a32.hs" | cut -c1-5)" "$(makespan <"$tmp/a32.hs")" "$pw" \
			"$(prov lps <"$tmp/paper-$k-$s.hs")" "$(prov ilps <"$tmp/paper-$k-$s.hs")" "$extra"
	done
done
w=$(stats <"$tmp/all.wall")
c=$(stats <"$tmp/all.cpu")
q=$(stats <"$tmp/all.ratio")
p=$(stats <"$tmp/all.paper")
echo
awk -v w="$w" -v c="$c" -v q="$q" -v p="$p" 'BEGIN {
	split(w, W, " "); split(c, C, " "); split(q, Q, " "); split(p, P, " ")
	printf "approx32, whole process, wall: median %.4f s = %.2f x target 0.1 s; max %.4f s = %.2f x target 1 s\n", W[1], W[1] / 0.1, W[2], W[2] / 1
	printf "approx32, whole process, cpu:  median %.4f s = %.2f x target 0.1 s; max %.4f s = %.2f x target 1 s\n", C[1], C[1] / 0.1, C[2], C[2] / 1
	printf "approx32 / heft-lpt-seq (same round, wall): median %.2f, max %.2f\n", Q[1], Q[2]
	printf "approx32 -o paper, whole process, wall (one run each): median %.3f s, max %.3f s\n", P[1], P[2]
}'
if [ -n "$BASE" ]; then
	b=$(stats <"$tmp/all.bratio")
	echo "approx32 this build / $BASE (same round, wall): median ${b% *}, max ${b#* }"
fi
# quality: approx32 against approx2, the paper preset and the six HEFT-like heuristics
for k in 16 32; do
	win=0 n=0
	: >"$tmp/rel-$k"
	: >"$tmp/rel2-$k"
	: >"$tmp/relp-$k"
	for s in $SEEDS; do
		inst=$tmp/i-$k-$s.hs
		m32=$(makespan <"$tmp/a32-$k-$s.hs")
		best=""
		for h in heft-lpt-seq heft-spt-seq heft-ratio-seq heft-lpt-par heft-spt-par heft-ratio-par; do
			mh=$("$BIN/hs-plan" -a "$h" "$inst" | makespan)
			best=$(printf '%s\n%s\n' "$best" "$mh" | awk 'NF { if (b == "" || $1 < b) b = $1 } END { print b }')
		done
		m2=$("$BIN/hs-plan" -a approx2 "$inst" | makespan)
		mp=$(makespan <"$tmp/paper-$k-$s.hs")
		n=$((n + 1))
		if awk -v a="$m32" -v b="$best" 'BEGIN { exit !(a < b) }'; then win=$((win + 1)); fi
		echo "$best / $m32" | bc -l >>"$tmp/rel-$k"
		echo "$m2 / $m32" | bc -l >>"$tmp/rel2-$k"
		echo "$mp / $m32" | bc -l >>"$tmp/relp-$k"
	done
	rel=$(stats <"$tmp/rel-$k")
	r2=$(stats <"$tmp/rel2-$k")
	rp=$(stats <"$tmp/relp-$k")
	echo "k=$k: approx32 shorter than every HEFT-like heuristic on $win of $n; best HEFT / approx32 median ${rel% *}; approx2 / approx32 median ${r2% *}; paper preset / approx32 median ${rp% *}"
done
echo "(wall, cpu: one hs-plan process, median of $R rounds; steps, lps, ilps: guesses, LPs and ILPs of approx32's search;"
echo " p_lps, p_ilps: those of approx32 -o paper; a run with none shows 0)"
