#!/bin/sh
# collect.sh - tables of the Bleuse study (see Makefile).
#   collect.sh results OUT "ALGOS" "INSTS"   one line per plan:
#       n m k seed algo makespan algo_time steps lambda lb algo_cpu
#   collect.sh fig5 results.tsv   makespan / approx32's on the same instance
#   collect.sh fig5p results.tsv  makespan / approx32-paper's (the paper's Fig. 5)
#   collect.sh fig6 results.tsv   algorithm run time (prov algo_cpu, CPU s; else algo_time)
#   collect.sh fig8 results.tsv   guesses tested by the dual approximations
# The figure tables have one line per (case, algorithm):
#   case series count min q1 median q3 max mean
# case is "n=N m=M k=K" (fig8: "n=N").
set -e
what=$1
shift

# distribution of column $2 per key $1 (input: key TAB value, sorted)
summary() {
	sort -t '	' -k1,1 -k2,2g | awk -F '\t' '
		function flush() {
			if (!c) return
			q = c - 1
			printf "%s\t%d\t%.6g\t%.6g\t%.6g\t%.6g\t%.6g\t%.6g\n", key, c, v[1], pick(0.25), pick(0.5), pick(0.75), v[c], s / c
		}
		function pick(p,   x, i, f) { x = 1 + p * (c - 1); i = int(x); f = x - i; return i < c ? v[i] + f * (v[i + 1] - v[i]) : v[c] }
		$1 != key { flush(); key = $1; c = 0; s = 0 }
		{ v[++c] = $2; s += $2 }
		END { flush() }'
}

case $what in
results)
	out=$1 algos=$2 insts=$3
	printf 'n\tm\tk\tseed\talgo\tmakespan\talgo_time\tsteps\tlambda\tlb\talgo_cpu\n'
	for a in $algos; do
		for i in $insts; do
			printf '%s %s\n' "$a" "$out/plan/$a/$i.hs"
		done
	done | while read -r a f; do
		awk -v algo="$a" -v file="$f" '
			$1 == "plan" { for (i = 3; i <= NF; i++) if ($i ~ /^end=/) { e = substr($i, 5) + 0; if (e > ms) ms = e } }
			$1 == "prov" && $2 == "plan" { for (i = 3; i <= NF; i++) { split($i, kv, "="); p[kv[1]] = kv[2] } }
			$1 == "prov" && $2 == "gen" { for (i = 3; i <= NF; i++) { split($i, kv, "="); g[kv[1]] = kv[2] } }
			END {
				printf "%s\t%s\t%s\t%s\t%s\t%.10g\t%s\t%s\t%s\t%s\t%s\n", g["n"], g["m"], g["k"], g["seed"], algo, ms,
					p["algo_time"], ("steps" in p) ? p["steps"] : "-", ("lambda" in p) ? p["lambda"] : "-", ("lb" in p) ? p["lb"] : "-",
					("algo_cpu" in p) ? p["algo_cpu"] : "-"
			}' "$f"
	done
	;;
fig5 | fig5p)
	ref=approx32
	[ "$what" = fig5p ] && ref=approx32-paper
	awk -F '\t' -v ref="$ref" 'NR > 1 { id = $1 " " $2 " " $3 " " $4; ms[id, $5] = $6; algo[$5]; inst[id] = "n=" $1 " m=" $2 " k=" $3 }
		END { for (i in inst) for (a in algo) if ((i, a) in ms && ms[i, ref] > 0)
			printf "%s|%s\t%.10g\n", inst[i], a, ms[i, a] / ms[i, ref] }' "$1" | summary
	;;
fig6)
	awk -F '\t' 'NR > 1 { t = $11 != "" && $11 != "-" ? $11 : $7; if (t != "") printf "n=%s m=%s k=%s|%s\t%s\n", $1, $2, $3, $5, t }' "$1" | summary
	;;
fig8)
	awk -F '\t' 'NR > 1 && $8 != "-" { printf "n=%s|%s\t%s\n", $1, $5, $8 }' "$1" | summary
	;;
*)
	echo "collect.sh: unknown table '$what'" >&2
	exit 2
	;;
esac | if [ "$what" = results ]; then cat; else
	# case|series -> case TAB series, cases in (n, m, k) order
	printf 'case\tseries\tcount\tmin\tq1\tmedian\tq3\tmax\tmean\n'
	sed 's/|/\t/' | sort -t '	' -k1,1V -k2,2
fi
