#!/bin/sh
# collect.sh figures|table3 OUT - the study's tables (TSV) from its cases.
# A case file OUT/case/NAME.tsv holds hs-report's metrics and the plan's
# provenance, one "key<TAB>value" a line.  EDP = energy * makespan (eq. 4).
set -e
mode=$1
out=$2
algos="ect threshold edp edp-dyn"

# get CASE KEY: the value of KEY in case CASE.
get() {
	awk -F'\t' -v k="$2" '$1 == k { v = $2 } END { if (v == "") exit 1; print v }' "$out/case/$1.tsv" ||
		{ echo "collect.sh: $out/case/$1.tsv: no $2" >&2; exit 1; }
}
edp() { awk -v e="$(get "$1" energy)" -v t="$(get "$1" makespan)" 'BEGIN { printf "%.10g\n", e * t }'; }
div() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f\n", a / b }'; }
pct() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f\n", 100 * (1 - a / b) }'; }

# table FILE PLATFORM METRIC [NORM]: one row per task set, one column per
# algorithm; divided by algorithm NORM's value when given.
table() {
	file=$1 g=$2 metric=$3 norm=$4
	{
		printf 'set'
		for a in $algos; do printf '\t%s' "$a"; done
		printf '\n'
		for s in 1 2 3 4; do
			printf 'task_set%s' "$s"
			for a in $algos; do
				if [ "$metric" = edp ]; then v=$(edp "s$s-g$g-$a"); else v=$(get "s$s-g$g-$a" "$metric"); fi
				if [ -n "$norm" ]; then
					if [ "$metric" = edp ]; then n=$(edp "s$s-g$g-$norm"); else n=$(get "s$s-g$g-$norm" "$metric"); fi
					v=$(div "$v" "$n")
				fi
				printf '\t%s' "$v"
			done
			printf '\n'
		done
	} >"$out/$file.tmp"
	mv "$out/$file.tmp" "$out/$file"
}

case $mode in
figures)
	table fig2_makespan.tsv 50 makespan
	table fig3_energy.tsv 50 energy
	table fig4_edp_g50.tsv 50 edp threshold
	table fig5_edp_g10.tsv 10 edp threshold
	{
		printf 'algo\trandom_order\tsorted_by_alpha\tslowdown_pct\n'
		for a in $algos; do
			r=$(get "s2-g50-$a" makespan)
			s=$(get "s2sorted-g50-$a" makespan)
			printf '%s\t%s\t%s\t%s\n' "$a" "$r" "$s" "$(awk -v r="$r" -v s="$s" 'BEGIN { printf "%.1f", 100 * (s / r - 1) }')"
		done
	} >"$out/ect_sorted.tsv.tmp"
	mv "$out/ect_sorted.tsv.tmp" "$out/ect_sorted.tsv"
	# Improvements of edp and edp-dyn in percent (positive: better).
	{
		printf 'gpus\tset\tscheme\tmakespan_vs_ect\tmakespan_vs_threshold\tenergy_vs_ect\tenergy_vs_threshold\tedp_vs_ect\tedp_vs_threshold\n'
		for g in 50 10; do
			for s in 1 2 3 4; do
				for a in edp edp-dyn; do
					c=s$s-g$g
					printf '%s\ttask_set%s\t%s' "$g" "$s" "$a"
					for m in makespan energy; do
						printf '\t%s\t%s' "$(pct "$(get "$c-$a" $m)" "$(get "$c-ect" $m)")" \
							"$(pct "$(get "$c-$a" $m)" "$(get "$c-threshold" $m)")"
					done
					printf '\t%s\t%s\n' "$(pct "$(edp "$c-$a")" "$(edp "$c-ect")")" \
						"$(pct "$(edp "$c-$a")" "$(edp "$c-threshold")")"
				done
			done
		done
	} >"$out/improvements.tsv.tmp"
	mv "$out/improvements.tsv.tmp" "$out/improvements.tsv"
	;;
table3)
	# The oracles: status, best value found, lower bound, gap.
	{
		printf 'set\toracle\tstatus\tvalue\tbound\tgap\n'
		for s in 1 2 3 4; do
			for o in opt-makespan opt-energy; do
				c=t3-s$s-$o
				printf 'task_set%s\t%s\t%s\t%s\t%s\t%s\n' "$s" "$o" "$(get "$c" status)" \
					"$(get "$c" value)" "$(get "$c" bound)" "$(get "$c" gap)"
			done
		done
	} >"$out/table3_oracles.tsv.tmp"
	mv "$out/table3_oracles.tsv.tmp" "$out/table3_oracles.tsv"
	# Table 3: makespan / the makespan oracle's, energy / the energy oracle's;
	# against the best schedule found (table3.tsv) and against the proven
	# lower bound (table3_bound.tsv, an upper bound on the true ratio).
	for what in value bound; do
		f=table3.tsv
		[ "$what" = bound ] && f=table3_bound.tsv
		{
			printf 'scheme\tmetric\ttask_set1\ttask_set2\ttask_set3\ttask_set4\n'
			for a in edp edp-dyn ect threshold; do
				for m in makespan energy; do
					printf '%s\t%s' "$a" "$m"
					for s in 1 2 3 4; do
						printf '\t%s' "$(div "$(get "t3-s$s-$a" $m)" "$(get "t3-s$s-opt-$m" $what)")"
					done
					printf '\n'
				done
			done
		} >"$out/$f.tmp"
		mv "$out/$f.tmp" "$out/$f"
	done
	;;
*)
	echo "usage: collect.sh figures|table3 OUT" >&2
	exit 2
	;;
esac
