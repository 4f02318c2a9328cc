#!/bin/sh
# bench/rsched.sh - the rsched plugin (hs-rsched(7)) on RSCHED's twelve
# Cholesky applications at once on the a100 node (hs-gen cholesky --apps 12:
# every configuration, 497 535 tasks):
#   1. the distribution's own computing time of each strategy (the paper's
#      Fig. 11; rsched.dist_s, which the plugin measures around its
#      distribution calls: the only figure taken inside a process, each run
#      a new one);
#   2. the whole simulation, end to end (hs-sim -a rsched, a cold process
#      writing its stream to a file): wall seconds and microseconds per
#      task, and the ratio to conc (one shared context, no distribution to
#      speak of) measured in the same rounds.
#   3. the data model's cost (hs-sim(1) DATA: the node's GPUs have PCIe
#      links and memory): conc and dsr-gd with --transfers off and on, in
#      the same rounds: wall seconds, microseconds per task, on / off.
# Every strategy and conc run interleaved, ROUNDS rounds (default 5);
# medians.  Targets: every distribution under 1 s, every simulation within
# 1.5x of conc's, the 12 applications with transfers under 30 s (issue
# 27).  The machine may be shared: rely on the ratios.
#   HS_BIN=DIR   tools to use (default: bin of this tree)
#   ROUNDS=N     rounds (default 5)
set -e
cd "$(dirname "$0")/.."
BIN=${HS_BIN:-bin}
ROUNDS=${ROUNDS:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
STRATEGIES="conc seq lpsolve minmaxwl dsr-clus dsr-gd"

"$BIN/hs-gen" cholesky --apps 12 --node a100 --seed 1 >"$tmp/g.hs"
N=$(grep -c '^task ' "$tmp/g.hs")
echo "12 applications on a100: $N tasks, $(wc -c <"$tmp/g.hs") bytes; $ROUNDS rounds, medians"

now() { date +%s.%N; }
median() { sort -g | awk '{ v[NR] = $1 } END { printf "%.6f\n", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

r=0
while [ $r -lt "$ROUNDS" ]; do
	for s in $STRATEGIES; do
		t0=$(now)
		"$BIN/hs-sim" -a rsched -o strategy=$s "$tmp/g.hs" >"$tmp/out.hs"
		t1=$(now)
		awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f\n", b - a }' >>"$tmp/wall.$s"
		sed -n 's/^prov sim .* rsched\.dist_s=\([^ ]*\).*/\1/p' "$tmp/out.hs" >>"$tmp/dist.$s"
		[ $r -gt 0 ] || sed -n 's/^prov sim .* makespan=\([^ ]*\).*/\1/p' "$tmp/out.hs" >"$tmp/ms.$s"
	done
	r=$((r + 1))
done

base=$(median <"$tmp/wall.conc")
missed=
printf '%-10s %12s %10s %10s %10s %12s\n' strategy dist_ms wall_s us/task vs_conc makespan_s
for s in $STRATEGIES; do
	d=$(median <"$tmp/dist.$s") w=$(median <"$tmp/wall.$s")
	awk -v s="$s" -v d="$d" -v w="$w" -v b="$base" -v n="$N" -v m="$(cat "$tmp/ms.$s")" \
		'BEGIN { printf "%-10s %12.3f %10.3f %10.2f %10.2f %12.6g\n", s, d * 1e3, w, w / n * 1e6, w / b, m }'
	awk -v d="$d" 'BEGIN { exit !(d < 1) }' || missed="$missed $s:distribution"
	awk -v w="$w" -v b="$base" 'BEGIN { exit !(w <= 1.5 * b) }' || missed="$missed $s:simulation"
done
# 3. transfers off and on
r=0
while [ $r -lt "$ROUNDS" ]; do
	for s in conc dsr-gd; do
		for t in off on; do
			t0=$(now)
			"$BIN/hs-sim" --transfers $t -a rsched -o strategy=$s "$tmp/g.hs" >"$tmp/out.hs"
			t1=$(now)
			awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f\n", b - a }' >>"$tmp/xfer.$s.$t"
		done
	done
	r=$((r + 1))
done
printf '%-10s %12s %12s %10s %10s %8s\n' strategy off_s on_s off_us/task on_us/task on/off
for s in conc dsr-gd; do
	a=$(median <"$tmp/xfer.$s.off") b=$(median <"$tmp/xfer.$s.on")
	awk -v s="$s" -v a="$a" -v b="$b" -v n="$N" \
		'BEGIN { printf "%-10s %12.3f %12.3f %10.2f %10.2f %8.2f\n", s, a, b, a / n * 1e6, b / n * 1e6, b / a }'
	awk -v b="$b" 'BEGIN { exit !(b < 30) }' || missed="$missed $s:transfers"
done
if [ -n "$missed" ]; then
	echo "rsched: targets missed:$missed"
	exit 1
fi
echo "rsched: every distribution under 1 s, every simulation within 1.5x of conc, with transfers under 30 s"
