#!/usr/bin/env bats
# share/studies/dutot on a tiny grid: every table and figure is made, with
# one row per run and per variant, sane values (makespans grow with F_comm,
# no shared link of dutot-homo-literal beyond what its host links can send,
# nothing killed on dutot-homo's Griffon links), and the same numbers twice.

load helper

setup() {
	tmp=$(mktemp -d)
	if [ ! -f "$SHARED/data/traces/CEA-Curie-2011-2.1-cln.swf.gz" ]; then
		skip "no CEA Curie trace in $SHARED/data"
	fi
	study() {
		make -s -C "$TOP/share/studies/dutot" BIN="$HS_BIN" DATA="$SHARED/data" OUT="$1" \
			SEEDS=0 FCOMM='0 100000000' HSEEDS=0 HFCOMM='0 100000000' ORDERS='o1 o2' SETS=high
	}
}

teardown() {
	rm -rf "$tmp"
}

@test "study-dutot: the quick target on a tiny grid" {
	run study "$tmp/out"
	[ "$status" -eq 0 ]
	# the time per run is printed, for each experiment
	[[ "$output" == *"dutot: $tmp/out/runs-homo.tsv: 10 runs, "*" s per run (whole process)"* ]]
	[[ "$output" == *"dutot: $tmp/out/runs-homolit.tsv: 10 runs, "* ]]
	[[ "$output" == *"dutot: $tmp/out/runs-hetero.tsv: 20 runs, "* ]]
	[[ "$output" == *"dutot: $tmp/out/runs-xml.tsv: 10 runs, "* ]]
	o=$tmp/out
	for f in runs-homo.tsv summary-homo.tsv byf-homo.tsv fig1-homo.svg runs-homolit.tsv summary-homolit.tsv \
		fig1-homolit.svg runs-homofast.tsv fig1-homofast.svg \
		runs-xml.tsv summary-xml.tsv fig1-xml.svg runs-xmlcab.tsv summary-xmlcab.tsv fig1-xmlcab.svg \
		runs-hetero.tsv summary-hetero.tsv orders-hetero.tsv fig3-hetero.svg; do
		[ -s "$o/$f" ]
	done
	# runs: a header and seeds x F_comm x variants rows, makespans > 0
	[ "$(wc -l <"$o/runs-homo.tsv")" -eq 11 ]
	[ "$(wc -l <"$o/runs-hetero.tsv")" -eq 21 ]
	awk -F'\t' 'NR > 1 && !($5 > 0) { bad++ } END { exit bad > 0 }' "$o/runs-homo.tsv"
	# every variant, at F_comm = 1e8, takes longer than without communication
	awk -F'\t' 'NR > 1 { m[$3, $4] = $5; v[$4] = 1 }
		END { for (x in v) if (!(m[100000000, x] > m[0, x])) bad++; exit bad > 0 }' "$o/runs-homo.tsv"
	# nothing crosses a link without communication; on dutot-homo-literal
	# the backbone carries at most the 128 host links of 1.25e6 B/s (12.8%
	# of its 1.25e9 B/s), a switch 32: no shared link is ever full
	awk -F'\t' 'NR > 1 && $3 == 0 && $8 != 0 { bad++ } END { exit bad > 0 }' "$o/runs-homo.tsv"
	awk -F'\t' 'NR > 1 && ($9 > 0.128 + 1e-9 || $10 != 0) { bad++ } END { exit bad > 0 }' "$o/runs-homolit.tsv"
	# on Griffon's links (dutot-homo) no job is killed at its walltime
	awk -F'\t' 'NR > 1 && $6 != 0 { bad++ } END { exit bad > 0 }' "$o/runs-homo.tsv"
	# summaries: the five variants, basic compared with itself
	[ "$(cut -f1 "$o/summary-homo.tsv" | tr '\n' ' ')" = "variant basic be-contiguous be-local contiguous local " ]
	awk -F'\t' '$1 == "basic" && ($8 != "1.0000" || $9 != 0 || $10 != 0) { bad++ } END { exit bad > 0 }' \
		"$o/summary-homo.tsv"
	[ "$(cut -f1 "$o/orders-hetero.tsv" | tr '\n' ' ')" = "exp hetero-high-o1 hetero-high-o2 " ]
	# Batsim's xml: every route crosses the zone's one backbone, which
	# communication fills: with F_comm > 0 placement cannot matter, and
	# every variant has the same makespan, with one cluster or eight
	for e in xml xmlcab; do
		awk -F'\t' 'NR > 1 && $3 > 0 { if (!($2 in m)) m[$2] = $5; d = $5 / m[$2] - 1; if (d > 1e-6 || d < -1e-6) bad++; if ($10 <= 0) bad++ }
			END { exit bad > 0 }' "$o/runs-$e.tsv"
	done
	# figures: one point per run, one trend line per variant
	[ "$(grep -c '<circle' "$o/fig1-homo.svg")" -eq 10 ]
	[ "$(grep -c 'stroke-width="1.5"' "$o/fig1-homo.svg")" -eq 5 ]
	[ "$(tail -n 1 "$o/fig3-hetero.svg")" = "</svg>" ]
	# determinism: the same grid again gives the same numbers (times aside)
	run study "$tmp/again"
	[ "$status" -eq 0 ]
	diff <(cut -f1-6,8- "$o/runs-homo.tsv") <(cut -f1-6,8- "$tmp/again/runs-homo.tsv")
	diff <(cut -f1-6,8- "$o/runs-hetero.tsv") <(cut -f1-6,8- "$tmp/again/runs-hetero.tsv")
}
