#!/bin/sh
# bench/waterl.sh - hs-plan -a waterl on 10 000 tasks and a platform of
# 1 000 nodes of 64 cores (64 000 cores), against its target of 1 s for the
# whole run (reading, planning, validating, writing) on a 2-core machine,
# with taskp-ef as the baseline and estimate=runtime for comparison.
# Two instances: Dietze's sleep tasks (x = 0.95: the core loop stops at 4)
# and Amdahl tasks with random t1 and beta (no early stop: up to 64 cores per
# node are tried).  Wall time grows when other work shares the machine, CPU
# time (user + system of hs-plan) does not: the ratio is taken on both.
#   HS_BIN=DIR   tools to use (default: bin of this tree)
set -e
cd "$(dirname "$0")/.."
BIN=${HS_BIN:-bin}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }
# user+system seconds of all children so far, from the shell's `times`
# (which must run in this shell, not in a $(...) subshell)
cpu_secs() { awk 'NR == 2 { s = 0; for (i = 1; i <= 2; i++) { split($i, a, "m"); s += a[1] * 60 + a[2] } printf "%.6f\n", s }' "$1"; }
sub() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f\n", a - b }'; }
prov_time() { awk '$1 == "prov" && $2 == "plan" { for (i = 3; i <= NF; i++) if ($i ~ /^time=/) printf "%.3f\n", substr($i, 6) }' "$1"; }
makespan() {
	awk '$1 == "plan" { for (i = 3; i <= NF; i++) if ($i ~ /^end=/) { v = substr($i, 5) + 0; if (v > m) m = v } }
	     END { printf "%.6g\n", m }' "$1"
}

"$BIN/hs-gen" platform homogeneous:nodes=1000,cores=64 >"$tmp/plat.hs"
"$BIN/hs-gen" sleep -n 10000 -x 0.95 --platform "$tmp/plat.hs" >"$tmp/sleep.hs"
"$BIN/hs-gen" amdahl -n 10000 --t1 50:150 --beta 0.05:0.3 --seed 1 --platform "$tmp/plat.hs" >"$tmp/amdahl.hs"

echo "10000 tasks, 1000 nodes x 64 cores; target: hs-plan -a waterl within 1 s"
printf '%-8s %-15s %8s %8s %8s %10s %10s %10s\n' tasks algo wall_s cpu_s plan_s makespan wall/1s cpu/1s
for inst in sleep amdahl; do
	for a in waterl taskp-ef waterl-rt; do
		case $a in
		waterl-rt) set -- -a waterl -o estimate=runtime ;;
		*) set -- -a "$a" ;;
		esac
		times >"$tmp/c0"
		t0=$(now)
		"$BIN/hs-plan" "$@" "$tmp/$inst.hs" >"$tmp/p.hs"
		t1=$(now)
		times >"$tmp/c1"
		wall=$(sub "$t1" "$t0")
		cpu=$(sub "$(cpu_secs "$tmp/c1")" "$(cpu_secs "$tmp/c0")")
		printf '%-8s %-15s %8s %8s %8s %10s %10s %10s\n' "$inst" "$a" "$wall" "$cpu" \
			"$(prov_time "$tmp/p.hs")" "$(makespan "$tmp/p.hs")" \
			"$(awk -v w="$wall" 'BEGIN { printf "%.2f", w }')" \
			"$(awk -v c="$cpu" 'BEGIN { printf "%.2f", c }')"
	done
done
