#!/bin/sh
# collect.sh RUN.hs... - one row per run: its idle time T (off: no
# shutdown), energy (J, per core, Hamano's model as hs-report counts it),
# the saving against the first run, mean wait, mean bounded slowdown,
# makespan, node-hours asleep, switches.
set -e
: "${HS_REPORT:=hs-report}"
printf 'T\tenergy_J\tsaved\tmean_wait_s\tmean_bsld\tmakespan_s\tasleep_node_h\tswitches\n'
for f in "$@"; do
	t=$(basename "$f" .hs | sed 's/^T//')
	"$HS_REPORT" -f tsv -m energy,mean_waiting,mean_bounded_slowdown,makespan,asleep_time,switches "$f" |
		awk -F'\t' -v t="$t" 'NR > 1 { v[$1] = $2 }
		END { printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", t, v["energy"], v["mean_waiting"],
			v["mean_bounded_slowdown"], v["makespan"], v["asleep_time"], v["switches"] }'
done | awk -F'\t' 'BEGIN { OFS = "\t" }
	NR == 1 { base = $2 }
	{ asleep = $6 == "-" || $6 == "" ? 0 : $6 / 3600; sw = $7 == "-" || $7 == "" ? 0 : $7
	  printf "%s\t%.6g\t%.1f%%\t%.4g\t%.4g\t%.8g\t%.6g\t%s\n", $1, $2, 100 * (base - $2) / base, $3, $4, $5, asleep, sw }'
