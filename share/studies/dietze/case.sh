#!/bin/sh
# case.sh ALGO N INSTANCE STREAM ROW: plan INSTANCE with ALGO, replay it,
# keep the simulated STREAM and write ROW: "N<TAB>ALGO<TAB>makespan".  The
# stream ends with "prov study case=ALGO", the name the plots group by
# (waterl-rt is algo=waterl with an option).
set -e
algo=$1 n=$2 inst=$3 stream=$4 row=$5
case $algo in
waterl-rt) set -- -a waterl -o estimate=runtime ;;
*) set -- -a "$algo" ;;
esac
hs-plan "$@" "$inst" > "$stream.plan"
hs-sim --check-durations "$stream.plan" > "$stream.tmp"
printf 'prov study tool=case.sh case=%s\n' "$algo" >> "$stream.tmp"
rm -f "$stream.plan"
mv "$stream.tmp" "$stream"
ms=$(hs-report -f tsv "$stream" | awk -F'\t' '$1 == "makespan" { print $2 }')
[ -n "$ms" ]
printf '%s\t%s\t%s\n' "$n" "$algo" "$ms" > "$row.tmp"
mv "$row.tmp" "$row"
