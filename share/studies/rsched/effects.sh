#!/bin/sh
# effects.sh DIR NAME...: one row per (effect, applications) from
# DIR/NAME/summary.tsv and the cases' streams: the shared context (conc)
# and the best strategy against DMDA_SEQ, the best strategy against conc,
# the mean RUE (speedup against seq over the workers used) of the best
# strategy, and the bytes moved per application under seq and conc.
set -e
dir=$1
shift
printf 'effect\tapps\tconc_vs_seq\tbest_vs_seq\tbest\tbest_vs_conc\tbest_rue_seq\tseq_app_GB\tconc_app_GB\n'
for e in "$@"; do
	runs=$(ls "$dir/$e"/run/*-one/*.hs.gz)
	bytes=$(hs-report -f tsv --by rsched.apps,rsched.strategy -m mean_app_bytes $runs 2>/dev/null |
		tail -n +2 | cut -f1,2,4)
	rue=$(hs-report -f tsv --by rsched.apps,rsched.strategy --relative-to rsched.strategy=seq \
		-m rue_seq $runs | tail -n +2 | cut -f1,2,4)
	awk -F'\t' -v e="$e" -v bytes="$bytes" -v rue="$rue" '
		BEGIN {
			n = split(bytes, b, "\n")
			for (i = 1; i <= n; i++) { split(b[i], f, "\t"); by[f[1] FS f[2]] = f[3] }
			n = split(rue, r, "\n")
			for (i = 1; i <= n; i++) { split(r[i], f, "\t"); ru[f[1] FS f[2]] = f[3] }
		}
		function gb(v) { return v == "" || v == "-" ? "0" : sprintf("%.3g", v / 1e9) }
		NR > 1 { vs_seq[$1 FS $2] = $3; vs_conc[$1 FS $2] = $4; apps[$1] = 1; strat[$2] = 1 }
		END {
			for (a in apps) {
				best = ""
				for (s in strat)
					if (s != "seq" && s != "conc" && (best == "" || vs_seq[a FS s] > vs_seq[a FS best]))
						best = s
				gb_s = gb(by[a FS "seq"])
				gb_c = gb(by[a FS "conc"])
				line = sprintf("%s\t%s\t%.3g\t%.3g\t%s\t%.3g\t%.3g\t%s\t%s", e, a, vs_seq[a FS "conc"],
					       vs_seq[a FS best], best, vs_conc[a FS best], ru[a FS best], gb_s, gb_c)
				print line | "sort -t \"\t\" -k2,2n"
			}
		}' "$dir/$e/summary.tsv"
done
