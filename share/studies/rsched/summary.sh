#!/bin/sh
# summary.sh FILE...: the README's numbers from the cases' streams, one row
# per (applications, strategy): the mean speedup against DMDA_SEQ and
# against DMDA_CONC on the same instances, and in how many instances the
# strategy (or conc) has the shortest makespan (ties count for each).
set -e
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for base in seq conc; do
	hs-report -f tsv --by rsched.apps,rsched.strategy --relative-to rsched.strategy=$base \
		-m speedup "$@" | tail -n +2 | cut -f1,2,4 > "$tmp/$base"
done
# one row per case: the file (its name is the instance's, the same for
# every strategy), the strategy, the makespan
hs-report -f tsv --by file,rsched.strategy -m makespan "$@" | tail -n +2 | cut -f1,2,4 > "$tmp/cases"
awk -F'\t' '
	FILENAME == ARGV[1] { vs_seq[$1 FS $2] = $3; next }
	FILENAME == ARGV[2] { vs_conc[$1 FS $2] = $3; next }
	{ k = split($1, p, "/"); inst = p[k]; a = inst; sub(/^n/, "", a); sub(/-.*/, "", a)
	  ms[inst, $2] = $3; apps[inst] = a; strat[$2] = 1 }
	END {
		for (i in apps) {
			best = ""
			for (s in strat)
				if (s != "seq" && ((i, s) in ms) && (best == "" || ms[i, s] < best)) best = ms[i, s]
			total[apps[i]]++
			for (s in strat) if (((i, s) in ms) && ms[i, s] == best) win[apps[i], s]++
		}
		print "apps\tstrategy\tspeedup_vs_seq\tspeedup_vs_conc\tbest_in"
		for (a in total) for (s in strat)
			print a "\t" s "\t" vs_seq[a FS s] "\t" vs_conc[a FS s] "\t" (win[a, s] + 0) "/" total[a] | \
				"sort -t \"\t\" -k1,1n -k2,2"
	}' "$tmp/seq" "$tmp/conc" "$tmp/cases"
