#!/bin/sh
# effects.sh DIR NAME...: one row per (effect, applications) from the
# table DIR/NAME/cases.tsv (hs-report --by file,rsched.strategy: makespan,
# rue, speedup, mean_app_bytes per case): the means over the instances of
# the speedup against DMDA_SEQ of the shared context (conc) and of the
# best strategy (the one of the highest mean), that strategy's speedup
# against conc and its RUE with the speedup against seq (hs-report's
# rue_seq: rue / speedup x makespan_seq / makespan), and the bytes moved
# per application under seq, conc and that strategy (GB; 0: none moved),
# and the largest speedup against seq of any strategy or conc on any
# instance (the paper's "up to 40x").
set -e
dir=$1
shift
printf 'effect\tapps\tconc_vs_seq\tbest\tbest_vs_seq\tbest_vs_conc\tbest_rue_seq\tseq_app_GB\tconc_app_GB\tbest_app_GB\tmax_vs_seq\n'
for e in "$@"; do
	awk -F'\t' -v e="$e" '
		function gb(v) { return v == "" || v == "-" ? 0 : v / 1e9 }
		NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
		{
			k = split($1, p, "/"); inst = p[k]; a = inst; sub(/^n/, "", a); sub(/-.*/, "", a)
			s = $2; apps[inst] = a; strat[s] = 1
			ms[inst, s] = $col["makespan"]; rue[inst, s] = $col["rue"]
			sp[inst, s] = $col["speedup"]
			by[inst, s] = "mean_app_bytes" in col ? gb($col["mean_app_bytes"]) : 0
		}
		END {
			for (i in apps) {
				a = apps[i]; n[a]++
				for (s in strat) {
					vs[a, s] += ms[i, "seq"] / ms[i, s]
					if (s != "seq" && ms[i, "seq"] / ms[i, s] > mx[a])
						mx[a] = ms[i, "seq"] / ms[i, s]
					vc[a, s] += ms[i, "conc"] / ms[i, s]
					rs[a, s] += rue[i, s] / sp[i, s] * ms[i, "seq"] / ms[i, s]
					b[a, s] += by[i, s]
				}
			}
			for (a in n) {
				best = ""
				for (s in strat)
					if (s != "seq" && s != "conc" && (best == "" || vs[a, s] > vs[a, best]))
						best = s
				m = n[a]
				line = sprintf("%s\t%s\t%.3g\t%s\t%.3g\t%.3g\t%.3g\t%.3g\t%.3g\t%.3g\t%.3g", e, a,
					       vs[a, "conc"] / m, best, vs[a, best] / m, vc[a, best] / m, rs[a, best] / m,
					       b[a, "seq"] / m, b[a, "conc"] / m, b[a, best] / m, mx[a])
				print line | "sort -t \"\t\" -k2,2n"
			}
		}' "$dir/$e/cases.tsv"
done
