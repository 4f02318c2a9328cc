#!/bin/sh
# case.sh - one instance of the Dutot study on one platform, every variant:
# one row per variant, appended to nothing (written whole to OUT.tmp, then
# moved), so make -j and interrupted runs stay correct.
#   case.sh OUT INSTANCE PLATFORM EXP SEED FCOMM "VARIANTS" COMPAT HS-SIM
# Row: exp seed fcomm variant makespan killed wall_s links_peak
#      shared_peak shared_saturated_s, where
#   wall_s             the whole hs-sim process (seconds, GNU date);
#   links_peak         the largest utilisation (flow / bandwidth) any link
#                      reached (hs-sim --link-stats);
#   shared_peak        the same over the links that several jobs can share:
#                      the cluster switches and the backbone (host links
#                      are never shared here: one core per host);
#   shared_saturated_s the longest time any of them was saturated.
set -e
out=$1 inst=$2 plat=$3 exp=$4 seed=$5 fcomm=$6 variants=$7 compat=$8 sim=$9
tmp=$out.tmp
: >"$tmp"
for v in $variants; do
	t0=$(date +%s.%N)
	"$sim" --no-progress --platform "$plat" -a conservative -o "variant=$v,compat=$compat" \
		--link-stats "$out.links" "$inst" 2>/dev/null >"$out.run"
	t1=$(date +%s.%N)
	awk -F'\t' -v ex="$exp" -v seed="$seed" -v f="$fcomm" -v v="$v" -v t0="$t0" -v t1="$t1" '
		FNR == 1 { file++ }
		file == 1 && /^prov sim / {
			n = split($0, w, " ")
			for (i = 1; i <= n; i++) if (w[i] ~ /^makespan=/) { sub(/^makespan=/, "", w[i]); mk = w[i] }
		}
		file == 1 && /^run / && / state=killed/ { killed++ }
		file == 2 && FNR > 1 {
			# link bw peak saturated_s bytes
			if ($3 > peak) peak = $3
			if ($1 !~ /_UP$|_DOWN$|_link$/) {
				if ($3 > speak) speak = $3
				if ($4 > ssat) ssat = $4
			}
		}
		END {
			if (mk == "") { print "case.sh: no makespan in the run of " v > "/dev/stderr"; exit 1 }
			printf "%s\t%s\t%s\t%s\t%s\t%d\t%.3f\t%.4g\t%.4g\t%.4g\n", ex, seed, f, v, mk, killed,
				t1 - t0, peak, speak, ssat
		}' "$out.run" "$out.links" >>"$tmp"
done
rm -f "$out.run" "$out.links"
mv "$tmp" "$out"
